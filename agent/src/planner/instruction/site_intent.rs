//! Is a message a request for a site of the person's own? Any phrasing counts ("I need a
//! one-page portfolio…", "set up a little website for…", "help me get my bakery online", a
//! bare brief "a yoga studio in Leeds: timetable, prices…"); a browser task that mentions
//! sites, pages, accounts or bookings never does ("create an account on the site", "go to the
//! homepage and make a booking", "make sure the site loads").

use tandem_mcp_browser::site::brief::{extract, vocab, words};

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
    " i need a",
    " we need a",
    " i'd like a",
    " we'd like a",
    " i want a",
    " we want a",
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
    // "when we're open", "is open 9-5": open as a state, not the browser verb.
    let stated = [
        "'re open",
        " are open",
        " is open",
        " be open",
        " we open",
        " i open",
    ]
    .iter()
    .fold(lower.clone(), |text, state| {
        text.replace(state, " open-state")
    });
    if BROWSER_CUES.iter().any(|cue| stated.contains(cue)) {
        return false;
    }
    let noun = SITE_NOUNS.iter().any(|noun| lower.contains(noun)) || misspelt_site_noun(&lower);
    let online = lower.contains(" online") && (lower.contains(" get ") || lower.contains(" put "));
    let owned = OWNERSHIP.iter().any(|cue| lower.contains(cue));
    if noun && owned && (!lower.contains(" online") || online || has_other_site_noun(&lower)) {
        return true;
    }
    bare_brief(goal, &lower)
}

/// "websit", "wesbite", "webiste": "website" with a letter left out or two swapped.
fn misspelt_site_noun(lower: &str) -> bool {
    lower.split_whitespace().any(|word| {
        let word = word.trim_matches(|c: char| !c.is_alphanumeric());
        words::typo_of(word, "website") || (word.len() == 6 && "website".starts_with(word))
    })
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

    /// The briefs of the bench's two stranger sets (tests/benches/site_studio/stranger_*.toml),
    /// written by people who did not write this classifier.
    #[test]
    fn the_stranger_briefs_are_site_requests() {
        let missed: Vec<&str> = [
            r#"can u do me a website?? window cleaning round in Swansea, Dai's Windows. houses from £12, conservatories £25. want people to be able to ask for a quote, need there postcode"#,
            r#"Piano lessons for children and adults in York. I'd like a simple site showing my lesson times, fees (30 mins £18, 1 hour £32), a few words from parents and a way to book a trial lesson. My name is Helen Price."#,
            r#"We're Smokestack BBQ, a food truck that does markets round Norwich. Website needs our menu, where we'll be this week, and photos of the food. Opening times Fri-Sun 12-8. Contact us at hello@smokestackbbq.co.uk"#,
            r#"I am a counsellor working from a quiet room in Exeter. I need a calm landing page: about me, how sessions work, fees, FAQ (is it confidential? how many sessions?) and a contact form so people can get in touch privately."#,
            r#"set up a little website for Kerr Van Hire, Dundee. We rent luton vans and transits by the day. Show the vans with prices (transit £65/day, luton £85/day), opening hours Mon-Sat 8-6 and let customers request a booking with pick up date. Phone 01382 000 111"#,
            r#"emergency locksmith in Derby 24 hours call Mike on 07700 900 123"#,
            r#"So my sister and I have finally taken over the little cafe at the allotments on Mill Lane in Stroud, it's called The Potting Shed, and honestly we have no idea about websites. People keep asking what we sell so I suppose the menu needs to go on there (soup of the day £4.50, cheese scone £2.20, pot of tea £2) and when we're open which is Tuesday to Sunday 9am-4pm, and maybe a few photos because it's really pretty in summer. Also we'd love people to be able to book the back room for parties, it fits about 20. Thanks so much!!"#,
            r#"Personal trainer website
- name: Jade Morris
- based in Cheltenham
- 1-to-1 sessions £40, 10 session block £350
- testimonials
- free consultation booking"#,
            r#"hiya need a websit for my handyman buisness in bolton, odd jobs flatpack shelves etc. want a page with my prices £25 an hour and a form for people to ask for a qoute. also some revews"#,
            r#"Can you make me a landing page for LOCKED IN Escape Rooms in Milton Keynes! Three rooms: The Vault, Pirate's Curse and Asylum. £22 per player. Need a booking form with date, time and number of players, plus an FAQ and how to find us!"#,
            r#"I'm a mobile hairdresser, Kirsty Bell Hair, covering Ayr and Troon. I'd like a site with my price list (cut and blow dry £30, colour from £55), pics of my work and a way to book an appointment. Mobile 07700 900 456"#,
            r#"Please build a website for Riverside Veterinary Surgery, Taunton. Pages: Home, Our Vets, Services, Opening Hours (Mon-Fri 8am-7pm, Sat 9am-12pm), Register Your Pet. Email reception@example.com."#,
            r#"website for my cheese stall "The Curd Nerd" - you'll find me at Bury market Weds and Sat, and Ramsbottom on Sundays. Show what cheeses I sell and where I'll be."#,
        ]
        .into_iter()
        .filter(|goal| !is_site_request(goal))
        .collect();
        assert!(missed.is_empty(), "{missed:#?}");
    }
}
