//! Inboxes and feeds: one control on every item by someone, items named by their sender in
//! several phrasings, requests in the passive.

use super::parsing::steps;

#[test]
fn a_control_on_all_or_some_items_by_someone_is_one_sweep() {
    assert_eq!(
        steps("Click the \"Share\" button on all posts by @annis and then click Submit."),
        ["every [share] on annis xNone", "click submit"]
    );
    assert_eq!(
        steps("Click the \"Reply\" button on 2 posts by @dis and then click Submit."),
        ["every [reply] on dis xSome(2)", "click submit"]
    );
    assert_eq!(
        steps("tap Like on every post from Ada Stone"),
        ["every [like] on ada stone xNone"]
    );
    assert_eq!(
        steps("Delete all messages from Coletta."),
        ["every [delete|trash|remove|bin] on coletta xNone"]
    );
    assert_eq!(
        steps("Please delete Amargo's emails."),
        ["every [delete|trash|remove|bin] on amargo xNone"]
    );
    // One item is no sweep.
    assert_eq!(
        steps("click the Share button on the post by @kim"),
        steps("click the Share button on the post by @kim")
    );
    assert!(
        !steps("click the Share button on the post by @kim")
            .iter()
            .any(|s| s.starts_with("every"))
    );
}

#[test]
fn deleting_one_item_named_by_its_sender_clicks_its_bin() {
    for text in [
        "Bobine's email should be deleted from the inbox.",
        "delete Bobine's email",
        "Please remove the email from Bobine",
    ] {
        let got = steps(text);
        assert_eq!(got.len(), 1, "{text}: {got:?}");
        assert!(
            got[0].starts_with("act [") && got[0].ends_with("on bobine"),
            "{text}: {got:?}"
        );
        assert!(got[0].contains("trash"), "{text}: {got:?}");
    }
}

#[test]
fn an_email_named_by_its_sender_is_forwarded_in_several_phrasings() {
    let expected = [
        "reveal cora",
        "open item cora",
        "click forward",
        "type [Hedy] into to|Editable",
        "click send",
    ];
    for text in [
        "Find Cora's email and send it to Hedy.",
        "Look for the email that Cora wrote in this email app and forward it to Hedy",
        "Cora wrote an email in this app that needs to be forwarded to Hedy.",
        "Send Hedy the information Cora sent to you.",
        "Give Hedy the note Cora sent you",
    ] {
        assert_eq!(steps(text), expected, "{text}");
    }
}
