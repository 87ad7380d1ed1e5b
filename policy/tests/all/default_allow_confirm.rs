//! Every default allow and confirm rule, table-driven (takeover and deny rules are in
//! `default_takeover_deny.rs`).

use crate::common;

use common::{agent_on, default_gate, expect};
use tandem_policy::{ActionKind, ActionRequest, Effect};

const SHOP: Option<&str> = Some("https://shop.example/checkout");

fn new(kind: ActionKind) -> ActionRequest {
    ActionRequest::new(kind)
}

fn click(name: &str) -> ActionRequest {
    ActionRequest::click("button", name)
}

fn typing(name: &str) -> ActionRequest {
    ActionRequest::type_text("textbox", name, "hello")
}

#[test]
fn read_only_and_ordinary_actions_are_allowed() {
    let gate = default_gate();
    let cases = [
        ("observe", new(ActionKind::Observe), "allow-read-only"),
        ("scroll", new(ActionKind::Scroll), "allow-read-only"),
        ("hover", new(ActionKind::Hover), "allow-read-only"),
        ("wait", new(ActionKind::Wait), "allow-read-only"),
        ("ask_user", new(ActionKind::AskUser), "allow-read-only"),
        ("need_user", new(ActionKind::NeedUser), "allow-read-only"),
        ("stop", new(ActionKind::Stop), "allow-read-only"),
        ("back", new(ActionKind::Back), "allow-navigation"),
        (
            "https",
            ActionRequest::navigate("https://example.com/"),
            "allow-navigation",
        ),
        (
            "http",
            ActionRequest::navigate("http://example.com/a?b=c"),
            "allow-navigation",
        ),
        (
            "about:blank",
            ActionRequest::navigate("about:blank"),
            "allow-navigation",
        ),
        (
            "relative",
            ActionRequest::navigate("/cart?step=2"),
            "allow-navigation",
        ),
        ("add to cart", click("Add to cart"), "allow-page-actions"),
        ("PayPal", click("PayPal"), "allow-page-actions"),
        ("Sender", click("Sender settings"), "allow-page-actions"),
        (
            "Order history",
            ActionRequest::click("link", "Order history"),
            "allow-page-actions",
        ),
        (
            "posts",
            ActionRequest::click("link", "Blog posts"),
            "allow-page-actions",
        ),
        ("search box", typing("Search"), "allow-page-actions"),
        (
            "other field on a CAPTCHA page",
            typing("Email").with_captcha_visible(),
            "allow-page-actions",
        ),
        (
            "select",
            new(ActionKind::SelectOption)
                .with_element("combobox", "Size")
                .with_option("M"),
            "allow-page-actions",
        ),
        (
            "check",
            new(ActionKind::Check).with_element("checkbox", "Gift wrap"),
            "allow-page-actions",
        ),
        (
            "uncheck",
            new(ActionKind::Uncheck).with_element("checkbox", "Newsletter"),
            "allow-page-actions",
        ),
        (
            "tab key",
            ActionRequest::press_key("Tab").with_element("textbox", "Send to"),
            "allow-page-actions",
        ),
        (
            "enter in search",
            ActionRequest::press_key("Enter")
                .with_element("searchbox", "Search")
                .with_form_submit_label("Search"),
            "allow-page-actions",
        ),
        (
            "site tool",
            ActionRequest::tool("generate_page", true),
            "allow-known-tools",
        ),
        (
            "read tool",
            ActionRequest::tool("read_page", false),
            "allow-known-tools",
        ),
    ];
    for (case, request, rule) in cases {
        expect(case, &gate, &request, &agent_on(SHOP), Effect::Allow, rule);
    }
}

#[test]
fn risky_clicks_ask_for_confirmation() {
    let gate = default_gate();
    let cases = [
        ("Buy now", click("Buy now"), "confirm-purchase"),
        ("Place order", click("Place order"), "confirm-purchase"),
        ("Pay", click("Pay"), "confirm-purchase"),
        (
            "Pay with PayPal",
            click("Pay with PayPal"),
            "confirm-purchase",
        ),
        (
            "German",
            click("Zahlungspflichtig bestellen"),
            "confirm-purchase",
        ),
        ("German 2", click("Jetzt kaufen"), "confirm-purchase"),
        ("French", click("Passer la commande"), "confirm-purchase"),
        ("Spanish", click("Comprar ahora"), "confirm-purchase"),
        ("Send", click("Send"), "confirm-send"),
        ("Post comment", click("Post comment"), "confirm-send"),
        ("Submit", click("SUBMIT"), "confirm-send"),
        ("Envoyer", click("Envoyer le message"), "confirm-send"),
        ("Delete account", click("Delete account"), "confirm-delete"),
        ("Remove", click("Remove item"), "confirm-delete"),
        ("Löschen", click("Löschen"), "confirm-delete"),
        ("Eliminar", click("Eliminar"), "confirm-delete"),
        (
            "Unsubscribe",
            ActionRequest::click("link", "Unsubscribe"),
            "confirm-unsubscribe",
        ),
        (
            "Se désabonner",
            ActionRequest::click("link", "Se désabonner"),
            "confirm-unsubscribe",
        ),
        (
            "Accept terms",
            new(ActionKind::Check).with_element("checkbox", "I agree to the Terms of Service"),
            "confirm-accept-terms",
        ),
        (
            "Accept cookies",
            click("Accept all cookies"),
            "confirm-accept-terms",
        ),
        ("J'accepte", click("J’accepte"), "confirm-accept-terms"),
        ("Sign up", click("Sign up"), "confirm-sign-up"),
        ("Registrieren", click("Registrieren"), "confirm-sign-up"),
        (
            "Download",
            ActionRequest::click("link", "Download PDF"),
            "confirm-download",
        ),
        (
            "installer link",
            ActionRequest::click("link", "Get it").with_target_url("https://dl.example/setup.EXE"),
            "confirm-download-file",
        ),
        (
            "archive navigation",
            ActionRequest::navigate("https://dl.example/files/data.zip"),
            "confirm-download-file",
        ),
        (
            "Enter in a checkout form",
            ActionRequest::press_key("Enter")
                .with_element("textbox", "Coupon code")
                .with_form_submit_label("Place order"),
            "confirm-purchase",
        ),
        (
            "Enter on a delete button",
            ActionRequest::press_key("Enter").with_element("button", "Delete"),
            "confirm-delete",
        ),
        (
            "Space on a buy button",
            ActionRequest::press_key("Space").with_element("button", "Buy"),
            "confirm-purchase",
        ),
    ];
    for (case, request, rule) in cases {
        expect(
            case,
            &gate,
            &request,
            &agent_on(SHOP),
            Effect::Confirm,
            rule,
        );
    }
}
