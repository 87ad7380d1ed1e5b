//! What the gate is asked about: one action the agent is about to take, described in the policy's
//! own terms so this crate never learns about models or browsers.
//!
//! In: the agent maps its planned action onto an [`ActionRequest`]. Out: the request itself, and
//! [`ActionRequest::canonical_key`], the stable text that "approved for this session" is keyed on.

use crate::kind::ActionKind;

/// One action the agent is about to take. Build it with [`ActionRequest::new`] (or a shortcut
/// such as [`ActionRequest::navigate`]) and the `with_*` methods; every field is optional except
/// the kind.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ActionRequest {
    /// What kind of action this is.
    pub kind: ActionKind,
    /// The URL the action goes to: the address for `navigate`, a link's `href` for `click`.
    pub target_url: Option<String>,
    /// The element's ARIA role (`button`, `link`, `textbox`, ...).
    pub element_role: Option<String>,
    /// The element's accessible name ("Buy now", "Card number").
    pub element_name: Option<String>,
    /// The `type` attribute of an input (`password`, `email`, `submit`, ...).
    pub input_type: Option<String>,
    /// The `autocomplete` attribute of an input (`cc-number`, `one-time-code`, ...).
    pub autocomplete: Option<String>,
    /// The text the action types; `Some` means text is typed. Only used for the canonical key.
    pub typed_text: Option<String>,
    /// Whether the typed text is a secret (a password or code the user gave).
    pub text_is_secret: bool,
    /// The key pressed by `press_key` (`Enter`, `Tab`, `a`).
    pub key: Option<String>,
    /// The option chosen by `select_option`.
    pub option: Option<String>,
    /// The label of the submit control of the form around the element, if any.
    pub form_submit_label: Option<String>,
    /// The MCP tool's name, for `tool`.
    pub tool_name: Option<String>,
    /// Whether the tool changes anything (files, remote state), for `tool`.
    pub tool_mutates: bool,
    /// Whether the current observation shows a CAPTCHA anywhere on the page.
    pub captcha_visible: bool,
    /// Which of several alike elements this is: its row's first cell, its fieldset's legend.
    /// Only used for the canonical key, so "Delete" in one row is not "Delete" in another.
    pub element_context: Option<String>,
    /// The values the element's form holds (secret ones hidden), as one text. Only used for the
    /// canonical key, so submitting a form with other values is another action.
    pub form_values: Option<String>,
}

/// `with_*` setters of optional text fields: `with_x => x;` sets `x` to `Some` of the text.
macro_rules! text_setters {
    ($($(#[$doc:meta])* $setter:ident => $field:ident;)*) => {
        $(
            $(#[$doc])*
            pub fn $setter(mut self, text: impl Into<String>) -> ActionRequest {
                self.$field = Some(text.into());
                self
            }
        )*
    };
}

impl ActionRequest {
    /// A request of the given kind with every other field empty.
    pub fn new(kind: ActionKind) -> ActionRequest {
        ActionRequest {
            kind,
            target_url: None,
            element_role: None,
            element_name: None,
            input_type: None,
            autocomplete: None,
            typed_text: None,
            text_is_secret: false,
            key: None,
            option: None,
            form_submit_label: None,
            tool_name: None,
            tool_mutates: false,
            captcha_visible: false,
            element_context: None,
            form_values: None,
        }
    }

    /// `navigate` to `url`.
    pub fn navigate(url: impl Into<String>) -> ActionRequest {
        ActionRequest::new(ActionKind::Navigate).with_target_url(url)
    }

    /// `click` on an element with this role and accessible name.
    pub fn click(role: impl Into<String>, name: impl Into<String>) -> ActionRequest {
        ActionRequest::new(ActionKind::Click).with_element(role, name)
    }

    /// `type` this text into an element with this role and accessible name.
    pub fn type_text(
        role: impl Into<String>,
        name: impl Into<String>,
        text: impl Into<String>,
    ) -> ActionRequest {
        ActionRequest::new(ActionKind::Type)
            .with_element(role, name)
            .with_typed_text(text)
    }

    /// `press_key` with this key.
    pub fn press_key(key: impl Into<String>) -> ActionRequest {
        ActionRequest::new(ActionKind::PressKey).with_key(key)
    }

    /// `tool` call of this MCP tool.
    pub fn tool(name: impl Into<String>, mutates: bool) -> ActionRequest {
        let mut request = ActionRequest::new(ActionKind::Tool);
        request.tool_name = Some(name.into());
        request.tool_mutates = mutates;
        request
    }

    text_setters! {
        /// Sets the target URL.
        with_target_url => target_url;
        /// Sets the input's `type` attribute.
        with_input_type => input_type;
        /// Sets the input's `autocomplete` attribute.
        with_autocomplete => autocomplete;
        /// Sets the text that is typed.
        with_typed_text => typed_text;
        /// Sets the key pressed.
        with_key => key;
        /// Sets the option chosen.
        with_option => option;
        /// Sets the label of the surrounding form's submit control.
        with_form_submit_label => form_submit_label;
        /// Sets the text that tells the element apart from alike ones (its row, its group).
        with_element_context => element_context;
        /// Sets the values of the element's form, as one text.
        with_form_values => form_values;
    }

    /// Sets the element's role and accessible name.
    pub fn with_element(mut self, role: impl Into<String>, name: impl Into<String>) -> Self {
        self.element_role = Some(role.into());
        self.element_name = Some(name.into());
        self
    }

    /// Marks the typed text as a secret.
    pub fn with_secret_text(mut self) -> ActionRequest {
        self.text_is_secret = true;
        self
    }

    /// Marks the page as showing a CAPTCHA.
    pub fn with_captcha_visible(mut self) -> ActionRequest {
        self.captcha_visible = true;
        self
    }

    /// Whether this action types text: every `type`, and anything carrying typed text.
    pub fn types_text(&self) -> bool {
        self.kind == ActionKind::Type || self.typed_text.is_some()
    }

    /// The clicks a key press amounts to, which the gate judges as well as the key press itself
    /// (keeping the strictest decision): Enter or Space on an element activates it, and Enter
    /// inside a form activates the form's submit control. Empty for any other action or key.
    pub fn key_press_as_clicks(&self) -> Vec<ActionRequest> {
        let mut clicks = Vec::new();
        if self.kind != ActionKind::PressKey {
            return clicks;
        }
        let Some(key) = self.key.as_deref().map(str::trim) else {
            return clicks;
        };
        let is_named = |names: &[&str]| names.iter().any(|name| key.eq_ignore_ascii_case(name));
        let is_enter = is_named(&["enter", "return", "numpadenter"]);
        let is_space = self.key.as_deref() == Some(" ") || is_named(&["space", "spacebar"]);
        if !is_enter && !is_space {
            return clicks;
        }
        if self.element_name.is_some() {
            let mut on_element = self.clone();
            on_element.kind = ActionKind::Click;
            on_element.key = None;
            clicks.push(on_element);
        }
        if let (true, Some(label)) = (is_enter, self.form_submit_label.as_deref()) {
            let mut on_submit = ActionRequest::click("button", label).with_input_type("submit");
            on_submit.target_url = self.target_url.clone();
            on_submit.form_submit_label = self.form_submit_label.clone();
            on_submit.form_values = self.form_values.clone();
            on_submit.captcha_visible = self.captcha_visible;
            clicks.push(on_submit);
        }
        clicks
    }

    /// The stable text of this exact action on this page, which "approved for this session" is
    /// keyed on. Every field takes part, plus the page URL without its fragment, so the same
    /// button on another page, in another row, with other text typed or with other values in
    /// its form is another action. Secret text never appears in the key.
    pub fn canonical_key(&self, current_url: Option<&str>) -> String {
        let page = current_url.map(|url| url.split('#').next().unwrap_or(url));
        let typed = if self.text_is_secret {
            self.typed_text.as_ref().map(|_| "(secret)")
        } else {
            self.typed_text.as_deref()
        };
        let fields = [
            ("kind", Some(self.kind.name())),
            ("page", page),
            ("url", self.target_url.as_deref()),
            ("role", self.element_role.as_deref()),
            ("name", self.element_name.as_deref()),
            ("input_type", self.input_type.as_deref()),
            ("autocomplete", self.autocomplete.as_deref()),
            ("text", typed),
            ("key", self.key.as_deref()),
            ("option", self.option.as_deref()),
            ("form", self.form_submit_label.as_deref()),
            ("tool", self.tool_name.as_deref()),
            ("context", self.element_context.as_deref()),
            ("form_values", self.form_values.as_deref()),
        ];
        let flags = [
            ("secret", self.text_is_secret),
            ("mutates", self.tool_mutates),
            ("captcha", self.captcha_visible),
        ];
        let mut key = String::with_capacity(128);
        for (field, value) in fields {
            push_field(&mut key, field, value);
        }
        for (field, value) in flags {
            push_flag(&mut key, field, value);
        }
        key
    }
}

/// Appends ` field="value"` with `\` and `"` escaped, so no value can imitate another field.
fn push_field(key: &mut String, field: &str, value: Option<&str>) {
    let Some(value) = value else { return };
    if !key.is_empty() {
        key.push(' ');
    }
    key.push_str(field);
    key.push_str("=\"");
    for character in value.chars() {
        if character == '\\' || character == '"' {
            key.push('\\');
        }
        key.push(character);
    }
    key.push('"');
}

fn push_flag(key: &mut String, field: &str, value: bool) {
    if value {
        key.push(' ');
        key.push_str(field);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn canonical_key_separates_fields_that_differ_only_by_quoting() {
        let tricky = ActionRequest::click("button", "a\" role=\"link");
        let plain = ActionRequest::click("link", "a");
        assert_ne!(tricky.canonical_key(None), plain.canonical_key(None));
    }

    #[test]
    fn canonical_key_hides_secrets_and_ignores_fragments() {
        let request = ActionRequest::type_text("textbox", "PIN", "1234").with_secret_text();
        let key = request.canonical_key(Some("https://a.example/x#top"));
        assert!(!key.contains("1234"));
        assert_eq!(key, request.canonical_key(Some("https://a.example/x")));
    }

    fn click_names(request: &ActionRequest) -> Vec<String> {
        request
            .key_press_as_clicks()
            .into_iter()
            .filter_map(|click| click.element_name)
            .collect()
    }

    #[test]
    fn enter_and_space_are_seen_as_clicks() {
        let enter = ActionRequest::press_key("Enter")
            .with_element("textbox", "Coupon")
            .with_form_submit_label("Place order");
        assert_eq!(click_names(&enter), ["Coupon", "Place order"]);
        let space = ActionRequest::press_key(" ")
            .with_element("button", "Delete")
            .with_form_submit_label("Save");
        assert_eq!(click_names(&space), ["Delete"]);
        let tab = ActionRequest::press_key("Tab").with_form_submit_label("Place order");
        assert!(tab.key_press_as_clicks().is_empty());
        assert!(
            ActionRequest::press_key("Enter")
                .key_press_as_clicks()
                .is_empty()
        );
    }
}
