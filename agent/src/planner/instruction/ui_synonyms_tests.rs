use tandem_mcp_browser::snapshot::{Snapshot, TextBlock};

use super::variants;

fn page(texts: &[&str]) -> Snapshot {
    Snapshot {
        texts: texts
            .iter()
            .map(|t| TextBlock {
                text: (*t).to_owned(),
                ..TextBlock::default()
            })
            .collect(),
        ..Snapshot::default()
    }
}

#[test]
fn a_topic_word_is_left_out_only_where_the_page_speaks_of_it() {
    let banner = page(&["We use cookies to improve the site."]);
    let found = variants("cookie options", &banner);
    assert!(found.contains(&"options".to_owned()), "{found:?}");
    assert!(found.contains(&"cookie settings".to_owned()), "{found:?}");
    let plain = page(&["Today's news"]);
    let found = variants("cookie options", &plain);
    assert!(!found.contains(&"options".to_owned()), "{found:?}");
    assert!(!found.contains(&"cookie options".to_owned()), "{found:?}");
    assert_eq!(variants("save", &banner), Vec::<String>::new());
}
