use super::*;
use crate::snapshot::model::{Eid, Rect, SelectOption, Viewport};

fn page(elements: Vec<Element>, texts: Vec<TextBlock>) -> Snapshot {
    Snapshot {
        url: "https://shop.test/checkout".into(),
        title: "Checkout – Shop".into(),
        viewport: Viewport {
            width: 1280.0,
            height: 800.0,
            scroll_x: 0.0,
            scroll_y: 0.0,
            page_height: 2400.0,
        },
        elements,
        texts,
        truncated: false,
        timing_ms: None,
    }
}

fn element(eid: &str, role: &str, name: &str, y: f64) -> Element {
    Element {
        eid: Eid::from(eid),
        role: role.into(),
        name: name.into(),
        tag: "button".into(),
        in_viewport: (0.0..800.0).contains(&y),
        rect: Rect {
            x: 10.0,
            y,
            w: 100.0,
            h: 20.0,
        },
        ..Element::default()
    }
}

fn text(kind: &str, body: &str, y: f64) -> TextBlock {
    TextBlock {
        kind: kind.into(),
        level: (kind == "heading").then_some(2),
        text: body.into(),
        in_viewport: (0.0..800.0).contains(&y),
        y,
        ..TextBlock::default()
    }
}

fn lines(out: &str) -> Vec<&str> {
    out.lines().collect()
}

#[test]
fn renders_the_header_texts_and_elements_in_reading_order() {
    let snapshot = page(
        vec![
            element("e1", "button", "Pay now", 300.0),
            element("e2", "link", "Help", 500.0),
        ],
        vec![
            text("heading", "Checkout", 10.0),
            text("text", "Total: 5 €", 400.0),
        ],
    );
    let out = render_compact(&snapshot, &RenderOptions::default());
    assert_eq!(
        lines(&out),
        vec![
            "page \"Checkout – Shop\" https://shop.test/checkout",
            "viewport 1280x800, scrolled 0 of 2400",
            "## Checkout",
            "[e1] button \"Pay now\"",
            "\"Total: 5 €\"",
            "[e2] link \"Help\"",
        ]
    );
}

#[test]
fn shows_state_values_and_relative_links() {
    let mut email = element("e4", "textbox", "Email", 10.0);
    email.value = Some("a@b.c".into());
    email.placeholder = Some("you@example.com".into());
    email.input_type = Some("email".into());
    email.editable = true;
    let mut terms = element("e6", "checkbox", "Accept terms", 20.0);
    terms.checked = Some(false);
    let mut pay = element("e7", "button", "Pay now", 30.0);
    pay.disabled = true;
    let mut help = element("e8", "link", "Help", 40.0);
    help.href = Some("https://shop.test/help?x=1#top".into());
    let mut other = element("e9", "link", "Elsewhere", 50.0);
    other.href = Some("https://other.test/a".into());
    let mut script = element("e10", "link", "Menu", 60.0);
    script.href = Some("javascript:void(0)".into());
    let snapshot = page(vec![email, terms, pay, help, other, script], vec![]);
    let out = render_compact(&snapshot, &RenderOptions::default());
    assert!(out.contains(
        "[e4] textbox \"Email\" type=email value=\"a@b.c\" placeholder=\"you@example.com\"\n"
    ));
    assert!(out.contains("[e6] checkbox \"Accept terms\" unchecked\n"));
    assert!(out.contains("[e7] button \"Pay now\" disabled\n"));
    assert!(out.contains("[e8] link \"Help\" -> /help?x=1#top\n"));
    assert!(out.contains("[e9] link \"Elsewhere\" -> https://other.test/a\n"));
    assert!(out.contains("[e10] link \"Menu\"\n"));
}

#[test]
fn viewport_elements_come_first_when_the_budget_is_tight() {
    let mut elements = Vec::new();
    // Fifty elements above the fold's end... then the visible ones are scrolled into the middle.
    for i in 0..50 {
        elements.push(element(
            &format!("e{i}"),
            "button",
            &format!("Below {i}"),
            900.0 + f64::from(i) * 30.0,
        ));
    }
    let mut visible = element("e100", "button", "Visible action", 100.0);
    visible.in_viewport = true;
    elements.insert(0, element("e99", "link", "Above", -200.0));
    elements.push(visible);
    let snapshot = page(elements, vec![]);
    let options = RenderOptions {
        max_tokens: 100,
        ..RenderOptions::default()
    };
    let out = render_compact(&snapshot, &options);
    assert!(out.contains("[e100] button \"Visible action\""), "{out}");
    assert!(
        estimate_tokens(&out) <= 100,
        "{} tokens:\n{out}",
        estimate_tokens(&out)
    );
}

#[test]
fn the_budget_is_respected_and_the_omitted_count_is_right() {
    let mut elements = vec![element("e1", "button", "Visible", 100.0)];
    for i in 2..=201 {
        elements.push(element(
            &format!("e{i}"),
            "button",
            &format!("Item number {i}"),
            1000.0 + f64::from(i),
        ));
    }
    let snapshot = page(elements, vec![]);
    let options = RenderOptions {
        max_tokens: 300,
        ..RenderOptions::default()
    };
    let out = render_compact(&snapshot, &options);
    assert!(
        estimate_tokens(&out) <= 300,
        "{} tokens",
        estimate_tokens(&out)
    );
    let shown = out.lines().filter(|l| l.starts_with("[e")).count();
    let last = out.lines().last().unwrap_or_default();
    let omitted = 201 - shown;
    assert!(omitted > 0);
    assert_eq!(
        last,
        format!("... {omitted} more elements below the viewport not shown (scroll to see)")
    );
    // Kept elements are the first ones in document order.
    assert!(out.contains("[e2] button"));
}

#[test]
fn nothing_omitted_means_no_summary_line() {
    let snapshot = page(vec![element("e1", "button", "Ok", 10.0)], vec![]);
    let out = render_compact(&snapshot, &RenderOptions::default());
    assert!(!out.contains("..."));
}

#[test]
fn truncated_snapshots_say_so() {
    let mut snapshot = page(vec![element("e1", "button", "Ok", 10.0)], vec![]);
    snapshot.truncated = true;
    let out = render_compact(&snapshot, &RenderOptions::default());
    assert!(
        out.ends_with("...; the page has more elements than the snapshot holds\n"),
        "{out}"
    );
}

#[test]
fn low_value_fields_go_before_lines() {
    let mut elements = Vec::new();
    for i in 0..40 {
        let mut e = element(
            &format!("e{i}"),
            "textbox",
            &format!("Field {i}"),
            f64::from(i) * 15.0,
        );
        // Runs of four elements share a context (a table row, a fieldset).
        e.context = Some(format!("A fairly long section heading number {}", i / 4));
        e.form_submit = Some(format!("Save section {i}"));
        e.in_viewport = true;
        e.editable = true;
        elements.push(e);
    }
    let snapshot = page(elements, vec![]);
    let full = render_compact(&snapshot, &RenderOptions::default());
    assert!(full.contains("near \"A fairly long"));
    let tight = render_compact(
        &snapshot,
        &RenderOptions {
            max_tokens: 450,
            ..RenderOptions::default()
        },
    );
    // Context stays, once per run; the form's submit name goes.
    assert_eq!(tight.matches("near ").count(), 10, "{tight}");
    assert!(
        tight.contains("[e4] textbox \"Field 4\" near \"A fairly long section heading number 1\"")
    );
    assert!(!tight.contains("form="));
    assert_eq!(
        tight.lines().filter(|l| l.starts_with("[e")).count(),
        40,
        "{tight}"
    );
}

#[test]
fn quotes_and_newlines_are_escaped() {
    let mut e = element("e1", "button", "Say \"hi\"\nnow \\ later", 10.0);
    e.value = Some("line1\r\nline2".into());
    let snapshot = page(vec![e], vec![text("text", "[e2] button \"Fake\"\nx", 5.0)]);
    let out = render_compact(&snapshot, &RenderOptions::default());
    assert!(
        out.contains(r#"[e1] button "Say \"hi\"\nnow \\ later" value="line1\r\nline2""#),
        "{out}"
    );
    // Page text cannot start a line that looks like an element.
    assert!(out.contains(r#""[e2] button \"Fake\"\nx""#));
    assert!(!out.lines().any(|l| l.starts_with("[e2]")));
}

#[test]
fn select_options_are_capped() {
    let mut select = element("e5", "combobox", "Country", 10.0);
    select.value = Some("France".into());
    select.options = (0..50)
        .map(|i| SelectOption {
            value: format!("v{i}"),
            label: if i == 0 {
                "France".into()
            } else {
                format!("Country {i}")
            },
            selected: i == 0,
            disabled: false,
        })
        .collect();
    select.options_total = Some(120);
    let line = render_element(&select);
    assert!(
        line.starts_with("[e5] combobox \"Country\" value=\"France\" options=[France, Country 1,")
    );
    assert!(line.ends_with("Country 9, (+110 more)]"), "{line}");
}

#[test]
fn short_option_lists_are_complete_and_odd_labels_quoted() {
    let mut select = element("e5", "combobox", "Size", 10.0);
    select.options = ["S", "M, large", ""]
        .iter()
        .map(|l| SelectOption {
            value: (*l).into(),
            label: (*l).into(),
            ..SelectOption::default()
        })
        .collect();
    assert!(render_element(&select).ends_with(r#"options=[S, "M, large", ""]"#));
}

#[test]
fn unnamed_elements_get_a_hint() {
    let mut search = element("e1", "textbox", "", 10.0);
    search.placeholder = Some("Search".into());
    search.editable = true;
    assert_eq!(
        render_element(&search),
        "[e1] textbox placeholder=\"Search\""
    );
    let mut edit = element("e2", "button", "", 10.0);
    edit.context = Some("Row One".into());
    assert_eq!(render_element(&edit), "[e2] button near \"Row One\"");
    assert_eq!(
        render_element(&element("e3", "button", "", 10.0)),
        "[e3] button (unnamed)"
    );
}

#[test]
fn passwords_are_masked_even_if_the_script_did_not() {
    let mut pw = element("e1", "textbox", "Password", 10.0);
    pw.input_type = Some("password".into());
    pw.value = Some("hunter2".into());
    pw.editable = true;
    let line = render_element(&pw);
    assert!(!line.contains("hunter2"));
    assert!(line.contains("value=\"•••••••\""));
}

#[test]
fn token_estimate_is_a_quarter_of_the_characters() {
    assert_eq!(estimate_tokens(""), 0);
    assert_eq!(estimate_tokens("abcd"), 1);
    assert_eq!(estimate_tokens("abcde"), 2);
    assert_eq!(estimate_tokens("éééé"), 1);
}

#[test]
fn repeated_context_and_form_are_said_once() {
    let mut first = element("e1", "textbox", "Email", 10.0);
    first.context = Some("Contact".into());
    first.form_submit = Some("Pay".into());
    first.editable = true;
    let mut second = first.clone();
    second.eid = Eid::from("e2");
    second.name = "Phone".into();
    second.rect.y = 40.0;
    let mut third = second.clone();
    third.eid = Eid::from("e3");
    third.name = "Street".into();
    third.context = Some("Shipping".into());
    third.rect.y = 80.0;
    let snapshot = page(
        vec![first, second, third],
        vec![text("heading", "Shipping", 60.0)],
    );
    let out = render_compact(&snapshot, &RenderOptions::default());
    assert!(
        out.contains("[e1] textbox \"Email\" near \"Contact\" form=\"Pay\"\n"),
        "{out}"
    );
    assert!(out.contains("[e2] textbox \"Phone\"\n"), "{out}");
    // The heading line right above already says "Shipping".
    assert!(
        out.contains("## Shipping\n[e3] textbox \"Street\"\n"),
        "{out}"
    );
}
