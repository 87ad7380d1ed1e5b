use super::*;

#[test]
fn lowering_keeps_every_offset() {
    // "İ" and "ẞ" lower to longer or shorter text, the Kelvin sign to ASCII: kept as written.
    let text = "İSTANBUL ẞ \u{212A}ELVIN ΣΟΦΙΑ then TRASSE";
    let lower = lower_keeping_offsets(text);
    assert_eq!(lower, "İstanbul ẞ \u{212A}elvin σοφια then trasse");
    let at = lower.find("trasse").unwrap_or(0);
    assert_eq!(&text[at..], "TRASSE");
}

#[test]
fn normalize_drops_case_punctuation_and_articles() {
    assert_eq!(normalize("  The Sign-in  BUTTON! "), "sign in button");
    assert_eq!(normalize("Näher 日本"), "näher 日本");
    assert_eq!(normalize(" ★★ "), "★★");
}

#[test]
fn quality_orders_exact_prefix_words_substring_within_then_typos() {
    assert_eq!(quality("sign in", "sign in"), EXACT);
    assert_eq!(quality("email", "e mail"), EXACT);
    assert_eq!(quality("sign in", "sign in with google"), PREFIX);
    assert_eq!(quality("cart add", "add to cart"), WORDS);
    assert_eq!(quality("mail", "email address"), SUBSTRING);
    assert_eq!(quality("blue submit thing", "submit"), WITHIN);
    assert_eq!(quality("pasword", "password"), FUZZY_NEAR);
    assert_eq!(quality("adress line", "address lines"), FUZZY_FAR);
    assert_eq!(quality("login", "logout"), NONE);
    assert_eq!(quality("item 12", "item 13"), NONE);
}
