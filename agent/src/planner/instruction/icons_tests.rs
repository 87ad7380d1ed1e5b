use super::*;

#[test]
fn an_icon_is_named_by_its_own_words_or_its_everyday_words() {
    assert_eq!(quality("bin", "trash-can"), EXACT);
    assert_eq!(quality("trash can", "trash-can"), EXACT);
    assert_eq!(quality("trash", "trash-can"), EXACT);
    assert_eq!(quality("gear", "settings"), EXACT);
    assert_eq!(quality("pencil", "pen"), EXACT);
    assert_eq!(quality("envelope", "mail-closed"), EXACT);
    assert_eq!(quality("zoom in", "zoomin"), EXACT);
    assert_eq!(quality("seek start", "seek-start"), EXACT);
    assert_eq!(quality("floppy disk", "disk"), EXACT);
    assert_eq!(quality("start", "seek-start"), WORDS);
    assert_eq!(quality("gear", "star"), NONE);
    assert_eq!(quality("bin", "seek-end"), NONE);
}

#[test]
fn a_thing_marked_with_an_icon_splits_at_its_join() {
    assert_eq!(
        marked_with("the item with the \"seek-start\" icon"),
        Some(("the item", "the \"seek-start\" icon"))
    );
    assert_eq!(
        marked_with("the second button marked with a gear symbol"),
        Some(("the second button", "a gear symbol"))
    );
    assert_eq!(marked_with("the row with invoice 1042"), None);
    assert_eq!(marked_with("the one with the icon"), None);
}
