//! "Open the thread by Marguerite": in a list whose rows show a title with a byline under it
//! ("by <a>NAME</a>"), the item is the title above the name, not the name's own link (that
//! opens the person's profile).
//!
//! In: the shown name of a described item ([`super::items`]) and the snapshot. Out: the title
//! link to click, when exactly one link named like the name sits on a byline: a link on the
//! line just above it, starting at or left of it (a row's title). A name that is also shown
//! elsewhere (a "Last post by NAME" column) has no title above it there. No such title (an
//! inbox row named by its sender): `None`, and the item is clicked as its name shows it.

use tandem_mcp_browser::snapshot::{Element, Snapshot};

use super::explore::names;
use super::step::Target;

/// Most vertical room (CSS px) between a title and the byline under it.
const LINE_GAP: f64 = 10.0;

fn is_link(el: &Element) -> bool {
    el.role == "link" && !el.disabled
}

/// The title a byline showing `shown` sits under (see the module docs).
pub(super) fn title_above<'s>(shown: &Target, snap: &'s Snapshot) -> Option<&'s Element> {
    let mut titles = snap
        .elements
        .iter()
        .filter(|el| is_link(el) && names(&shown.full, &el.name))
        .filter_map(|name| {
            let top = name.rect.y;
            snap.elements.iter().find(|t| {
                let bottom = t.rect.y + t.rect.h;
                is_link(t)
                    && t.eid != name.eid
                    && !names(&shown.full, &t.name)
                    && t.rect.h > 0.0
                    && bottom <= top + 2.0
                    && top - bottom <= LINE_GAP
                    && t.rect.x <= name.rect.x
                    && t.rect.x + t.rect.w >= name.rect.x
            })
        });
    let first = titles.next()?;
    titles.next().is_none().then_some(first)
}

#[cfg(test)]
mod tests {
    use tandem_mcp_browser::snapshot::{Eid, Element, Rect, Snapshot};

    use super::title_above;
    use crate::planner::instruction::step::Target;

    fn link(eid: &str, name: &str, (x, y, w): (f64, f64, f64)) -> Element {
        Element {
            eid: Eid(eid.to_owned()),
            role: "link".to_owned(),
            name: name.to_owned(),
            tag: "a".to_owned(),
            rect: Rect { x, y, w, h: 16.0 },
            in_viewport: true,
            ..Element::default()
        }
    }

    fn forum() -> Snapshot {
        Snapshot {
            elements: vec![
                link("t1", "Export my contacts", (20.0, 100.0, 200.0)),
                link("a1", "Dev Patel", (40.0, 120.0, 60.0)),
                link("l1", "Marguerite Okafor", (600.0, 100.0, 120.0)),
                link("g1", "Go to last post", (730.0, 100.0, 12.0)),
                link("t2", "Sync stuck at 99%", (20.0, 150.0, 200.0)),
                link("a2", "Marguerite Okafor", (40.0, 170.0, 120.0)),
                link("l2", "Dev Patel", (600.0, 150.0, 60.0)),
            ],
            ..Snapshot::default()
        }
    }

    #[test]
    fn the_item_by_a_name_is_the_title_above_its_byline() {
        let snap = forum();
        let title = title_above(&Target::parse("Marguerite Okafor"), &snap);
        assert_eq!(title.map(|t| t.name.as_str()), Some("Sync stuck at 99%"));
        let title = title_above(&Target::parse("Dev Patel"), &snap);
        assert_eq!(title.map(|t| t.name.as_str()), Some("Export my contacts"));
    }

    #[test]
    fn a_name_with_no_title_above_it_is_left_to_the_click() {
        let snap = Snapshot {
            elements: vec![
                link("r1", "Audrey Weekly report", (0.0, 100.0, 900.0)),
                link("r2", "Cora Invoice", (0.0, 140.0, 900.0)),
            ],
            ..Snapshot::default()
        };
        assert!(title_above(&Target::parse("Cora"), &snap).is_none());
        assert!(title_above(&Target::parse("Nobody"), &forum()).is_none());
    }
}
