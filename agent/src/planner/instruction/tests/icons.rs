//! Controls marked by an icon (`Element::icon`, read from icon fonts, ligatures and SVG titles):
//! "the gear icon", "the button with the star icon", "the item with the "seek-start" icon",
//! "the pencil icon in the row for notes.txt". An icon is named in people's words too (a bin is
//! a trash can, a gear is the settings icon); a name the page writes still wins over an icon
//! when the phrase does not say "icon".

use super::builder::{Page, click, plan, run_all};
use crate::action::Action;
use tandem_mcp_browser::snapshot::Snapshot;

fn icon(name: &str) -> impl FnOnce(&mut tandem_mcp_browser::snapshot::Element) + '_ {
    move |el| el.icon = Some(name.to_owned())
}

/// A toolbar of icon-only buttons (no names), a "Trash" folder link and a table of files whose
/// rows hold an unnamed pen button and an unnamed bin button each.
fn files() -> Snapshot {
    let mut page = Page::new("https://files.test/", "My files")
        .button("")
        .with(icon("settings"))
        .button("")
        .with(icon("star"))
        .link("Trash", "/trash");
    for file in ["report.pdf", "notes.txt", "photo.jpg"] {
        page = page
            .button("")
            .with(icon("pen"))
            .with(|el| el.context = Some(file.to_owned()))
            .button("")
            .with(icon("trash-can"))
            .with(|el| el.context = Some(file.to_owned()));
    }
    page.build()
}

#[test]
fn an_icon_is_named_in_everyday_words() {
    let page = files();
    assert_eq!(
        plan("click the gear icon", Some(&page), &[]).action,
        click("e1")
    );
    assert_eq!(
        plan("Press the button with the star icon.", Some(&page), &[]).action,
        click("e2")
    );
}

#[test]
fn an_icon_in_a_row_is_the_rows_control() {
    let page = files();
    let (actions, _) = run_all("click the pencil icon in the row for notes.txt", &page);
    assert_eq!(actions, vec![click("e6")]);
    let (actions, _) = run_all("Click the bin icon on the row for photo.jpg", &page);
    assert_eq!(actions, vec![click("e9")]);
    // A verb an icon says: the bin deletes.
    let (actions, _) = run_all("delete notes.txt", &page);
    assert_eq!(actions, vec![click("e7")]);
}

#[test]
fn a_written_name_wins_unless_the_phrase_says_icon() {
    let page = files();
    assert_eq!(plan("open Trash", Some(&page), &[]).action, click("e3"));
    // Three bin icons: the person is asked which, never the "Trash" link.
    let asked = plan("click the trash icon", Some(&page), &[]).action;
    assert!(matches!(asked, Action::AskUser { .. }), "{asked}");
}

/// A menu whose items carry an icon beside their label (jQuery UI's markup), opened by a button;
/// its "Playback" item holds a closed submenu (a caret icon), which a target that shows is
/// never looked for in.
fn menu() -> Snapshot {
    Page::new("https://player.test/", "Player")
        .button("Menu")
        .element("menuitem", "Playback")
        .with(icon("caret-1-e"))
        .with(|el| el.expanded = Some(false))
        .element("menuitem", "Save")
        .with(icon("disk"))
        .element("menuitem", "Prev")
        .with(icon("seek-start"))
        .element("menuitem", "Stop")
        .with(icon("stop"))
        .element("menuitem", "Next")
        .with(icon("seek-end"))
        .element("menuitem", "Zoom In")
        .with(icon("zoomin"))
        .build()
}

#[test]
fn the_item_with_a_quoted_icon_is_the_item_that_icon_marks() {
    let page = menu();
    let (actions, _) = run_all(
        "Click the \"Menu\" button, and then find and click on the item with the \"seek-start\" icon.",
        &page,
    );
    assert_eq!(actions, vec![click("e1"), click("e4")]);
    let (actions, _) = run_all(
        "Click the \"Menu\" button, and then find and click on the item with the \"disk\" icon.",
        &page,
    );
    assert_eq!(actions, vec![click("e1"), click("e3")]);
    let (actions, _) = run_all("choose the entry marked with the floppy disk icon", &page);
    assert_eq!(actions, vec![click("e3")]);
    let (actions, _) = run_all("click the item with the zoom in icon", &page);
    assert_eq!(actions, vec![click("e7")]);
}
