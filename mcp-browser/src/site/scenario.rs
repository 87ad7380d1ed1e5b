//! The site's main task as a scenario (docs/scenarios.md) that Tandem's own agent runs on the
//! generated site: open the form page, fill every field with sample values through the
//! instruction planner, approve the policy's confirmation of the send (the person's part),
//! send, and expect the page's thank-you line.
//!
//! Written beside the site as `scenario.toml` when a page with the main form is generated. Run
//! it with the sites folder served as `{{site}}`:
//! `tandem scenario {sites}/{session}/scenario.toml --site {sites}`.

use super::brief::{FieldSpec, InputKind, TaskKind, TaskPlan};

/// The name the scenario's person gives; the page thanks them by it.
pub const SAMPLE_NAME: &str = "Alex Morgan";

/// The scenario for the form of `task` on page `slug` of `session`.
pub fn scenario(session: &str, slug: &str, task: &TaskPlan) -> Option<String> {
    let (what, button) = match task.kind {
        TaskKind::Booking => ("booking", "Send booking request"),
        TaskKind::Quote => ("quote", "Ask for a quote"),
        TaskKind::Contact => ("contact", "Send message"),
        TaskKind::None => return None,
    };
    let mut lines: Vec<String> = task.fields.iter().filter_map(step).collect();
    lines.push(format!("click {button}"));
    Some(format!(
        "name = \"{session}-{what}\"\n\
         description = \"The site's main task: send the {what} form as a visitor would.\"\n\
         start_url = \"{{{{site}}}}/{session}/pages/{slug}.html\"\n\
         max_actions = {max}\n\
         timeout_secs = 90\n\n\
         [[message]]\ntext = \"\"\"\n{steps}\n\"\"\"\noutcome = \"done\"\n\n\
         {confirm}\
         [assert]\noutcome = \"done\"\ntext_present = [\"Thank you, {SAMPLE_NAME}!\"]\n",
        max = lines.len() + 5,
        // The default policy confirms a "Send …" click (confirm-send); the person approves.
        confirm = if button.starts_with("Send") {
            "[[expect]]\nkind = \"confirm\"\nrule = \"confirm-send\"\nanswer = \"approve\"\n\n"
        } else {
            ""
        },
        steps = lines.join("\n"),
    ))
}

/// The instruction that fills one field with a sample value.
fn step(field: &FieldSpec) -> Option<String> {
    let label = &field.label;
    let value = match (field.input, field.name.as_str()) {
        (InputKind::Checkbox, _) => return Some(format!("check {label}")),
        (InputKind::Select, _) => {
            let option = field
                .options
                .first()
                .map_or("[Your services]".to_owned(), |o| {
                    crate::site::brief::vocab::sentence_case(o)
                });
            return Some(format!("select \"{option}\" from {label}"));
        }
        (_, "name") => SAMPLE_NAME.to_owned(),
        (InputKind::Email, _) => "alex.morgan@example.com".to_owned(),
        (InputKind::Tel, _) => "07700 900123".to_owned(),
        (InputKind::Date, "check_out") => "2026-12-03".to_owned(),
        (InputKind::Date, _) => "2026-12-01".to_owned(),
        (InputKind::Time, _) => "10:30".to_owned(),
        (InputKind::Number, _) => "2".to_owned(),
        (_, "postcode") => "BS1 4DJ".to_owned(),
        (_, "reg") => "AB12 CDE".to_owned(),
        (InputKind::Textarea, _) => "Hello, I would like to know more, please.".to_owned(),
        (InputKind::Text, _) => "Not sure yet".to_owned(),
    };
    Some(format!("type \"{value}\" into {label}"))
}
