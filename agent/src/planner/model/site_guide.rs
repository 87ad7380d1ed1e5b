//! Site-studio guidance for the model planner: `site_studio.md` rendered into the step message
//! when the message asks for a site of the person's own (`new site`) or the session has one and
//! the message changes it (`refinement`), with the site's pages and brand choices.

use super::prompts::{Prompts, render};
use crate::planner::PlanContext;
use crate::planner::instruction::is_site_request;

/// The site tool a server must offer for the guidance to apply.
const STUDIO_TOOL: &str = "analyze_brief";

/// The rendered guidance, or `None` when the message is not about the person's site or the
/// site tools are not offered.
pub(crate) fn guidance(prompts: &Prompts, ctx: &PlanContext<'_>) -> Option<String> {
    let offered = ctx
        .tools
        .iter()
        .any(|tool| tool.name.rsplit("__").next() == Some(STUDIO_TOOL));
    if !offered {
        return None;
    }
    let mode = if is_site_request(ctx.goal) {
        "new site"
    } else if ctx.site_pages.is_some() {
        "refinement"
    } else {
        return None;
    };
    let pages = ctx
        .site_pages
        .map(|pages| {
            pages
                .split("; ")
                .map(|page| format!("- {page}"))
                .collect::<Vec<_>>()
                .join("\n")
        })
        .unwrap_or_else(|| "none yet".to_owned());
    let design = ctx.site_design.unwrap_or("none yet");
    Some(render(
        &prompts.site_studio,
        &[
            ("site_mode", mode),
            ("site_pages", &pages),
            ("design_tokens", design),
        ],
    ))
}

#[cfg(test)]
mod tests {
    #![allow(clippy::unwrap_used)]
    use super::*;
    use crate::tool_info::ToolInfo;

    #[test]
    fn the_guidance_says_new_site_or_refinement_with_the_pages_and_is_overridable() {
        let dir = std::env::temp_dir().join(format!("tandem-site-guide-{}", uuid::Uuid::new_v4()));
        std::fs::create_dir_all(&dir).unwrap();
        std::fs::write(
            dir.join("site_studio.md"),
            "mode={{site_mode}}\npages:\n{{site_pages}}\ndesign={{design_tokens}}",
        )
        .unwrap();
        let prompts = Prompts::load(Some(&dir)).unwrap();
        std::fs::remove_dir_all(&dir).unwrap();
        let tools = [ToolInfo::new(
            "analyze_brief",
            "Site studio",
            serde_json::json!({}),
        )];
        let brief = "a yoga studio in Leeds: class timetable, prices and booking";
        let ctx = PlanContext::new(brief, None, &[]).with_tools(&tools);
        assert_eq!(
            guidance(&prompts, &ctx).unwrap(),
            "mode=new site\npages:\nnone yet\ndesign=none yet"
        );
        let pages = "home \"Yoga\" at http://x/home.html; timetable \"Timetable\" at http://x/timetable.html";
        let ctx = PlanContext::new("make the header green", None, &[])
            .with_tools(&tools)
            .with_site_pages(Some(pages))
            .with_site_design(Some("primary #2563eb, headings same as body"));
        assert_eq!(
            guidance(&prompts, &ctx).unwrap(),
            "mode=refinement\npages:\n- home \"Yoga\" at http://x/home.html\n\
             - timetable \"Timetable\" at http://x/timetable.html\n\
             design=primary #2563eb, headings same as body"
        );
        // Not about a site of their own, or no site tools: no guidance.
        let ctx = PlanContext::new("find the cheapest train to York", None, &[]).with_tools(&tools);
        assert!(guidance(&prompts, &ctx).is_none());
        assert!(guidance(&prompts, &PlanContext::new(brief, None, &[])).is_none());
        // The built-in guidance names the flow and the modes.
        let builtin = Prompts::load(None).unwrap();
        assert!(builtin.site_studio.contains("{{site_mode}}"));
        assert!(builtin.step.contains("{{site}}"));
    }
}
