use super::parse;
use crate::planner::instruction::step::Step;

/// The steps as short words: "open Ada", "click reply", "type 'x' into to".
fn shown(text: &str) -> Vec<String> {
    parse(text)
        .unwrap_or_default()
        .iter()
        .filter_map(|step| match step {
            Step::OpenItem { shown } => Some(format!("open {}", shown.phrase)),
            Step::Click { target } => Some(format!("click {}", target.phrase)),
            Step::Type { text, target } => Some(match target {
                Some(t) => format!("type '{text}' into {}", t.phrase),
                None => format!("type '{text}'"),
            }),
            _ => None,
        })
        .collect()
}

#[test]
fn a_reply_opens_the_item_clicks_reply_types_the_message_and_sends() {
    assert_eq!(
        shown("Find the email by Ada Stone and reply to them with the text \"Lunch. At one.\"."),
        [
            "open Ada Stone",
            "click reply",
            "type 'Lunch. At one.'",
            "click send"
        ]
    );
    assert_eq!(
        shown("reply to the message from Cora saying \"on my way\""),
        ["open Cora", "click reply", "type 'on my way'", "click send"]
    );
    assert_eq!(
        shown("reply to it with \"thanks\""),
        ["click reply", "type 'thanks'", "click send"]
    );
}

#[test]
fn a_forward_opens_the_item_clicks_forward_types_the_recipient_and_sends() {
    let expected = [
        "open Cora",
        "click forward",
        "type 'Hedy' into to",
        "click send",
    ];
    for text in [
        "Find the email by Cora and forward that email to Hedy.",
        "forward the message from Cora to Hedy",
        "Forward to Hedy the email from Cora.",
        "open the email from Cora and send it to Hedy",
        // Items described in other words are found by the name they show.
        "Find Cora's email and send it to Hedy.",
        "Look for the email that Cora wrote in this email app and forward it to Hedy",
        "Give Hedy the message you received from Cora,",
        "Send Hedy the message Cora sent to you.",
    ] {
        assert_eq!(shown(text), expected, "{text}");
    }
}

#[test]
fn other_requests_are_left_to_the_rest_of_the_vocabulary() {
    for text in [
        "reply to Priya: thanks",
        "send the form",
        "send it to the printer",
        "forward",
        "find the email by Ada and click the star",
        "reply to them",
        "forward that email to the whole team of the north office",
        "give Hedy a call",
        "send Hedy the invoice you wrote",
    ] {
        assert_eq!(parse(text), None, "{text}");
    }
}
