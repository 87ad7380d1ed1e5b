//! The main task's form: fields that fit the purpose (a booking has a service, a date and a
//! time; a quote has the job and a postcode), every control labelled, and a note — a
//! placeholder — saying the owner still has to connect the form to where requests should go.
//! The page's script checks the required fields and answers in a `role=status` line.

use super::content::{Content, capitalised, contact_details};
use super::escape;
use super::placeholder::Placeholders;
use crate::site::brief::{FieldSpec, InputKind, SectionKind, TaskKind, TaskPlan};

/// The form section's body for `kind`: the brief's task form when it is of that kind, else
/// a plain message form.
pub fn form_section(kind: SectionKind, content: &Content, marks: &mut Placeholders) -> String {
    let task_kind = match kind {
        SectionKind::Booking => TaskKind::Booking,
        SectionKind::Quote => TaskKind::Quote,
        _ => TaskKind::Contact,
    };
    let plan = if content.task.kind == task_kind && !content.task.fields.is_empty() {
        content.task.clone()
    } else {
        default_plan(task_kind)
    };
    let (button, done) = match task_kind {
        TaskKind::Booking => ("Send booking request", "We have your booking request."),
        TaskKind::Quote => ("Ask for a quote", "We have your quote request."),
        TaskKind::Contact | TaskKind::None => ("Send message", "We have your message."),
    };
    let fields: String = plan.fields.iter().map(|f| field(f, marks)).collect();
    format!(
        "<form class=\"form card\" data-page-form data-task=\"{task}\" data-done=\"{done}\" novalidate>\n{fields}\
         <button class=\"btn btn-primary btn-block\" type=\"submit\">{button}</button>\n\
         <p role=\"status\" data-form-status></p>\n</form>\n<p class=\"muted\">{note}</p>\n{details}",
        task = task_name(task_kind),
        note = marks.span(
            "form-delivery",
            "Where these requests should go: your email or booking system, and how soon you reply"
        ),
        details = contact_details(content, marks),
    )
}

fn task_name(kind: TaskKind) -> &'static str {
    match kind {
        TaskKind::Booking => "booking",
        TaskKind::Quote => "quote",
        TaskKind::Contact => "contact",
        TaskKind::None => "none",
    }
}

fn default_plan(kind: TaskKind) -> TaskPlan {
    let facts = crate::site::brief::Facts::default();
    let section = match kind {
        TaskKind::Booking => SectionKind::Booking,
        TaskKind::Quote => SectionKind::Quote,
        TaskKind::Contact | TaskKind::None => SectionKind::Contact,
    };
    let plan = crate::site::brief::SectionPlan {
        kind: section,
        label: section.default_label().to_owned(),
        items: Vec::new(),
    };
    crate::site::brief::plan::task("", &[plan], &facts)
}

fn field(spec: &FieldSpec, marks: &mut Placeholders) -> String {
    let id = format!("f-{}", escape(&spec.name));
    let name = escape(&spec.name);
    let label = escape(&spec.label);
    let required = if spec.required { " required" } else { "" };
    let autocomplete = spec
        .autocomplete
        .as_deref()
        .map(|a| format!(" autocomplete=\"{}\"", escape(a)))
        .unwrap_or_default();
    let control = match spec.input {
        InputKind::Textarea => {
            format!("<textarea id=\"{id}\" name=\"{name}\" rows=\"4\"{required}></textarea>")
        }
        InputKind::Select => {
            let options: String = if spec.options.is_empty() {
                "<option>[Your services]</option>".to_owned()
            } else {
                spec.options
                    .iter()
                    .map(|o| format!("<option>{}</option>", escape(&capitalised(o))))
                    .collect()
            };
            let hint = if spec.options.is_empty() {
                format!(
                    "<p class=\"muted\">{}</p>",
                    marks.span("services", "The services people can choose")
                )
            } else {
                String::new()
            };
            return format!(
                "<div class=\"field\"><label for=\"{id}\">{label}</label><select id=\"{id}\" name=\"{name}\"{required}><option value=\"\">Choose…</option>{options}</select>{hint}</div>\n"
            );
        }
        InputKind::Checkbox => {
            return format!(
                "<div class=\"field check\"><input id=\"{id}\" name=\"{name}\" type=\"checkbox\"{required}><label for=\"{id}\">{label}</label></div>\n"
            );
        }
        other => {
            let kind = match other {
                InputKind::Email => "email",
                InputKind::Tel => "tel",
                InputKind::Date => "date",
                InputKind::Time => "time",
                InputKind::Number => "number\" min=\"1\" inputmode=\"numeric",
                _ => "text",
            };
            format!("<input id=\"{id}\" name=\"{name}\" type=\"{kind}\"{autocomplete}{required}>")
        }
    };
    format!("<div class=\"field\"><label for=\"{id}\">{label}</label>{control}</div>\n")
}

/// The form pages' script: the year in the footer, and on submit either which required fields
/// are empty or the thank-you line, in the form's status line. Nothing leaves the page.
pub const FORM_SCRIPT: &str = "document.querySelectorAll('[data-year]').forEach(function (node) {\n  \
node.textContent = String(new Date().getFullYear());\n});\n\
document.querySelectorAll('[data-page-form]').forEach(function (form) {\n  \
form.addEventListener('submit', function (event) {\n    event.preventDefault();\n    \
var status = form.querySelector('[data-form-status]');\n    \
var missing = [];\n    \
form.querySelectorAll('[required]').forEach(function (input) {\n      \
var empty = input.type === 'checkbox' ? !input.checked : !String(input.value).trim();\n      \
if (empty || !input.checkValidity()) {\n        \
var label = form.querySelector('label[for=\"' + input.id + '\"]');\n        \
missing.push(label ? label.textContent : input.name);\n        \
input.setAttribute('aria-invalid', 'true');\n      \
} else { input.removeAttribute('aria-invalid'); }\n    });\n    \
if (!status) { return; }\n    \
if (missing.length) { status.textContent = 'Please fill in: ' + missing.join(', ') + '.'; return; }\n    \
var name = form.querySelector('[name=\"name\"]');\n    \
status.textContent = 'Thank you' + (name && name.value ? ', ' + name.value : '') + '! ' + (form.getAttribute('data-done') || '');\n  \
});\n});\n";
