//! A question put in a conversation (issue #30): the control that opens the chat (by its own
//! name or the page's word for it), the question typed into the message field, then Send.

use super::super::parse::parse_message;
use super::super::step::Step;
use super::builder::{Page, click, run_all, typed};

fn shop_with_chat() -> Page {
    Page::new("https://shop.test/track", "Track your order")
        .textbox("Order number")
        .button("Track")
        .button("Open messenger")
        .textbox("Write a message…")
        .button("Attach a file")
        .button("Send a message")
}

#[test]
fn the_chat_is_opened_the_question_typed_and_sent() {
    let page = shop_with_chat().build();
    for (said, question) in [
        (
            "open the chat and ask them when order 5521 will arrive",
            "When order 5521 will arrive?",
        ),
        (
            "start a chat with support and ask whether order 5521 has shipped",
            "Order 5521 has shipped?",
        ),
        (
            "Chat with support and ask them why order 5521 is late",
            "Why order 5521 is late?",
        ),
    ] {
        let (actions, answer) = run_all(said, &page);
        assert_eq!(
            actions,
            vec![click("e3"), typed("e4", question), click("e6")],
            "{said}: {answer}"
        );
    }
}

#[test]
fn other_clauses_with_ask_are_not_conversations() {
    let parsed = parse_message("click Save and ask me before sending");
    assert!(
        !matches!(
            parsed.steps.as_slice(),
            [(Step::Click { .. }, _), (Step::Type { .. }, _), ..]
        ),
        "{parsed:?}"
    );
}
