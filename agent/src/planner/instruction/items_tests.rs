use super::described_item;

fn shown(rest: &str) -> Option<String> {
    described_item(rest).map(|t| t.phrase)
}

#[test]
fn the_item_is_found_by_the_text_it_shows() {
    for (rest, name) in [
        ("the email by Audrey", "Audrey"),
        ("the message from Cora Lee.", "Cora Lee"),
        ("the posts by @kim", "@kim"),
        ("an e-mail sent by \"Ola\"", "Ola"),
        ("the order from Bo's Bakery", "Bo's Bakery"),
    ] {
        assert_eq!(shown(rest).as_deref(), Some(name), "{rest}");
    }
}

#[test]
fn a_purpose_about_the_item_is_not_part_of_the_name() {
    use super::without_purpose;
    for (rest, kept) in [
        ("the trash icon to delete it.", "the trash icon"),
        ("the star icon to mark it as important", "the star icon"),
        ("Go to checkout", "Go to checkout"),
        ("Add to cart", "Add to cart"),
        ("the link to it", "the link to it"),
    ] {
        assert_eq!(without_purpose(rest), kept, "{rest}");
    }
}

#[test]
fn other_words_are_not_an_item() {
    for rest in [
        "the link Refunds",
        "jazz albums by Monk from 1957",
        "the email by Audrey and forward that email to Hedy",
        "flights from Boston to the city of New York tomorrow",
        "the email",
        "the email by",
    ] {
        assert_eq!(shown(rest), None, "{rest}");
    }
}
