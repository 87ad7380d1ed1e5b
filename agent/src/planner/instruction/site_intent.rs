//! Is a message a request for a site of the person's own? Any phrasing counts ("I need a
//! one-page portfolio…", "set up a little website for…", "help me get my bakery online", a
//! bare brief "a yoga studio in Leeds: timetable, prices…"); a browser task that mentions
//! sites, pages, accounts or bookings never does ("create an account on the site", "go to the
//! homepage and make a booking", "make sure the site loads").

use tandem_mcp_browser::site::brief::{extract, vocab};

/// Words that make a message about someone else's site or about driving the browser.
const BROWSER_CUES: &[&str] = &[
    " on the site",
    " on the website",
    " on the page",
    " on the landing page",
    " on their",
    " on this",
    " this site",
    " this page",
    " their site",
    " their website",
    " the site ",
    " the site's",
    " the website ",
    " the homepage",
    " the web page",
    " go to ",
    " goto ",
    " open ",
    " visit ",
    " navigate ",
    " sign up for",
    " sign in",
    " log in",
    " login ",
    " log into",
    " account",
    " screenshot",
    " make sure",
    " loads",
    " check whether",
    " check if",
    " fill in",
    " fill out",
    " http",
    "www.",
    ".com",
    ".org",
    ".net",
    ".co.uk",
    ".io",
    " click",
    " scroll",
    " search for",
    " summary of",
    " summarise",
    " summarize",
    " download",
    " the current page",
    " this tab",
    " new post",
    " post on",
    " a post ",
];

/// Nouns for a site of one's own.
const SITE_NOUNS: &[&str] = &[
    " site",
    "website",
    "web site",
    "webpage",
    "web page",
    "landing page",
    "one-page",
    "one page",
    "one-pager",
    "onepager",
    "homepage",
    "home page",
    "portfolio",
    " online",
];

/// Who the site is for: the person, their business, or a named one.
const OWNERSHIP: &[&str] = &[
    " my ",
    " our ",
    " me ",
    " us ",
    " for a ",
    " for an ",
    " for the ",
    " called ",
    " named ",
    " we're ",
    " i'm ",
    " for ",
];

/// Browser-task verbs that never start a brief.
const TASK_VERBS: &[&str] = &[
    "go", "open", "find", "click", "search", "book", "buy", "order", "check", "log", "sign",
    "fill", "read", "look", "visit", "compare", "download", "scroll", "type", "press", "reply",
    "send", "email", "message", "tell", "show", "get", "take", "close",
];

/// True when `goal` asks for a site of the person's own.
pub fn is_site_request(goal: &str) -> bool {
    // E-mail addresses in a brief are facts, not domains to visit.
    let words: Vec<&str> = goal
        .split_whitespace()
        .filter(|w| !w.contains('@'))
        .collect();
    let lower = format!(" {} ", words.join(" ").to_lowercase().replace('’', "'"));
    if BROWSER_CUES.iter().any(|cue| lower.contains(cue)) {
        return false;
    }
    let noun = SITE_NOUNS.iter().any(|noun| lower.contains(noun));
    let online = lower.contains(" online") && (lower.contains(" get ") || lower.contains(" put "));
    let owned = OWNERSHIP.iter().any(|cue| lower.contains(cue));
    if noun && owned && (!lower.contains(" online") || online || has_other_site_noun(&lower)) {
        return true;
    }
    bare_brief(goal, &lower)
}

fn has_other_site_noun(lower: &str) -> bool {
    SITE_NOUNS
        .iter()
        .filter(|noun| **noun != " online")
        .any(|noun| lower.contains(noun))
}

/// "a yoga studio in Leeds: class timetable, prices…" / "my plumbing business in Bristol, with
/// services…": a business kind near the start and at least one section named.
fn bare_brief(goal: &str, lower: &str) -> bool {
    let first = lower.split_whitespace().next().unwrap_or_default();
    if TASK_VERBS.contains(&first) {
        return false;
    }
    let opening: String = goal
        .split_whitespace()
        .take(8)
        .collect::<Vec<_>>()
        .join(" ");
    let kind = extract::kind(&opening).is_some();
    kind && !vocab::named_sections(goal).is_empty()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn browser_tasks_are_never_site_requests() {
        for goal in [
            "create an account on the site",
            "go to the homepage and make a booking",
            "make sure the site loads",
            "open example.com and build a list of the prices on the page",
            "book a table for two at 7pm on their website",
            "create a new post on the community page",
            "find a plumber in Bristol and open their website",
            "sign up for the newsletter on the landing page",
            "take a screenshot of the web page at phone size",
            "generate a summary of this site's pricing page",
            "fill in the contact form on example.org with my details",
            "check whether the website has a FAQ page",
            "open https://example.com and click Sign in",
            "build the report",
            "book a haircut at the salon near me for Saturday",
        ] {
            assert!(!is_site_request(goal), "{goal}");
        }
    }

    #[test]
    fn any_phrasing_of_a_site_of_ones_own_is() {
        for goal in [
            "I need a one-page portfolio for a wedding photographer with a gallery and contact form",
            "can you make me a landing page for my dog grooming business",
            "set up a little website for my allotment group",
            "my plumbing business in Bristol, with services, emergency call-out prices, reviews and a quote request form",
            "could you put together a simple site for our B&B",
            "i want a webpage for my tutoring",
            "knock up a quick one-pager for the band",
            "Website for my florist shop please, need it by Friday",
            "help me get my bakery online, just a page with the menu and where we are",
            "we need a homepage for the community garden, nothing fancy",
            "a yoga studio in Leeds: class timetable, prices for drop-in and monthly passes, and a page to book a first class",
            "Build a site for Crumb and Co",
            "build a small site for a bakery with a menu and a contact page",
            "Create a website for my band",
        ] {
            assert!(is_site_request(goal), "{goal}");
        }
    }
}
