//! Message → steps: splitting and each verb's phrasings.

use super::super::parse::parse_message;
use super::super::step::{ScrollGoal, Step, Target};
use crate::action::WaitFor;

fn target(t: &Target) -> String {
    let role = t.role.map(|r| format!("|{r:?}")).unwrap_or_default();
    format!("{}{role}", t.name)
}

/// One compact line per understood step.
pub(super) fn steps(message: &str) -> Vec<String> {
    parse_message(message)
        .steps
        .iter()
        .map(|(step, _)| match step {
            Step::Open { url } => format!("open {url}"),
            Step::Reload => "reload".to_owned(),
            Step::Back => "back".to_owned(),
            Step::Click { target: t } => format!("click {}", target(t)),
            Step::Path { levels } => format!(
                "path {}",
                levels.iter().map(target).collect::<Vec<_>>().join(" > ")
            ),
            Step::OpenItem { shown: t } => format!("open item {}", target(t)),
            Step::Type { text, target: t } => match t {
                Some(t) => format!("type [{text}] into {}", target(t)),
                None => format!("type [{text}]"),
            },
            Step::Set { target: t, value } => format!("set {} = [{value}]", target(t)),
            Step::Select { option, target: t } => match t {
                Some(t) => format!("select [{option}] in {}", target(t)),
                None => format!("select [{option}]"),
            },
            Step::Check { target: t, on } => format!("check={on} {}", target(t)),
            Step::CheckPart { target: t, on, .. } => format!("check={on} {}", target(t)),
            Step::CheckAll { on, except } => match except.first() {
                Some(but) => format!("check all={on} but {}", but.name),
                None => format!("check all={on}"),
            },
            Step::Similar { word, on, .. } => format!("similar={on} [{word}]"),
            Step::Affixed {
                starts,
                ends,
                contains,
                ..
            } => format!("spelled [{starts}|{ends}|{contains}]"),
            Step::Suggested { target: t, value } => format!("suggest {} = [{value}]", target(t)),
            Step::Best {
                verb, order, thing, ..
            } => format!("{verb} the {} [{thing}]", order.word),
            Step::Focus { target: t } => format!("focus {}", target(t)),
            Step::Reveal { target: t } => format!("reveal {}", target(t)),
            Step::Expand => "expand".to_owned(),
            Step::Prose { text } => format!("prose [{text}]"),
            Step::PressKey { key } => format!("key {key}"),
            Step::Scroll(ScrollGoal::By(d)) => format!("scroll {}", d.as_str()),
            Step::Scroll(ScrollGoal::Top) => "scroll top".to_owned(),
            Step::Scroll(ScrollGoal::Bottom) => "scroll bottom".to_owned(),
            Step::Scroll(ScrollGoal::To(t)) => format!("scroll to {}", target(t)),
            Step::Scroll(ScrollGoal::Inside { within, bottom }) => {
                format!("scroll box [{within}] bottom={bottom}")
            }
            Step::Wait(WaitFor::Text { text }) => format!("wait [{text}]"),
            Step::Wait(WaitFor::Millis { ms }) => format!("wait {ms}ms"),
            Step::Wait(WaitFor::Navigation) => "wait navigation".to_owned(),
            Step::Search { query } => format!("search [{query}]"),
            Step::Submit => "submit".to_owned(),
            Step::Act { verbs, object, .. } => {
                format!("act [{}] on {}", verbs.join("|"), target(object))
            }
            Step::Every {
                verbs,
                items,
                count,
            } => format!(
                "every [{}] on {} x{count:?}",
                verbs.join("|"),
                target(items)
            ),
            Step::SignIn { user, .. } => format!("sign in [{user}]"),
            Step::Fields { text } => format!("fields [{text}]"),
            Step::Record { object, values } => format!(
                "record {} {values:?}",
                object.as_ref().map_or("new".to_owned(), target)
            ),
            Step::Answer { option, .. } => format!("answer [{option}]"),
            Step::Stop => "stop".to_owned(),
        })
        .collect()
}

#[test]
fn lines_and_numbered_or_bulleted_lists_are_steps() {
    let message = "1. open example.com\n2) click Login\n- type bob into User\n* press Enter";
    assert_eq!(
        steps(message),
        [
            "open https://example.com",
            "click login",
            "type [bob] into user",
            "key Enter"
        ]
    );
}

#[test]
fn then_and_then_and_semicolons_separate_steps() {
    assert_eq!(
        steps("open example.com then click About and then go back; stop"),
        ["open https://example.com", "click about", "back", "stop"]
    );
}

#[test]
fn a_comma_splits_only_when_a_verb_follows() {
    assert_eq!(
        steps("type Paris, France into City, click Search"),
        ["type [Paris, France] into city", "click search"]
    );
}

#[test]
fn separators_inside_quotes_never_split() {
    assert_eq!(
        steps("type \"a, b, and then click x; y\" into Notes, then click Save"),
        ["type [a, b, and then click x; y] into notes", "click save"]
    );
    assert_eq!(steps("type 'a, b' into Notes"), ["type [a, b] into notes"]);
}

#[test]
fn and_splits_clauses_but_not_names() {
    assert_eq!(
        steps("type Tom and Jerry into Name and click Save"),
        ["type [Tom and Jerry] into name", "click save"]
    );
}

#[test]
fn a_piece_that_means_nothing_alone_is_merged_back() {
    let parsed = parse_message("click Search and Select");
    let sources: Vec<&str> = parsed.steps.iter().map(|(_, s)| s.as_str()).collect();
    assert_eq!(sources, ["click Search and Select"]);
}

#[test]
fn sentences_are_steps_when_the_next_starts_with_a_verb() {
    assert_eq!(
        steps("Open example.com. Click More information. Type Mr. Smith into Name."),
        [
            "open https://example.com",
            "click more information",
            "type [Mr. Smith] into name"
        ]
    );
}

#[test]
fn polite_lead_ins_are_ignored() {
    assert_eq!(
        steps("Please open example.com, now click Next, and finally, press enter"),
        ["open https://example.com", "click next", "key Enter"]
    );
}

#[test]
fn every_way_of_opening_a_page_normalizes_the_address() {
    assert_eq!(
        steps(
            "visit localhost:8080/x\ngo to 127.0.0.1/a\nnavigate to http://example.org\nload example.com/p?q=1"
        ),
        [
            "open http://localhost:8080/x",
            "open http://127.0.0.1/a",
            "open http://example.org",
            "open https://example.com/p?q=1"
        ]
    );
}

#[test]
fn going_to_something_that_is_no_address_follows_a_link() {
    assert_eq!(steps("go to the Pricing page"), ["click pricing|Link"]);
}

#[test]
fn press_takes_keys_and_buttons() {
    assert_eq!(
        steps("press Enter\nhit the escape key\npress ctrl+a\npress the Sign in button"),
        [
            "key Enter",
            "key Escape",
            "key Control+A",
            "click sign in|Button"
        ]
    );
}

#[test]
fn typing_phrasings_find_value_and_field() {
    assert_eq!(
        steps(
            "type hello world into the search box\nenter 'bob@x.io' in Email\nwrite I live in Paris in Notes\ninput 42 into the Age field"
        ),
        [
            "type [hello world] into search|Editable",
            "type [bob@x.io] into email",
            "type [I live in Paris] into notes",
            "type [42] into age|Editable"
        ]
    );
}

#[test]
fn typing_alone_has_no_field_and_quotes_protect_in() {
    assert_eq!(
        steps("type hello\ntype \"sign in\""),
        ["type [hello]", "type [sign in]"]
    );
}

#[test]
fn fill_with_and_set_to_name_the_field_first() {
    assert_eq!(
        steps(
            "fill in the Email field with a@b.c\nfill Name with \"Ann, Lee\"\nset Country to France"
        ),
        [
            "set email|Editable = [a@b.c]",
            "set name = [Ann, Lee]",
            "set country = [France]"
        ]
    );
}

#[test]
fn select_choose_and_pick_take_an_optional_list() {
    assert_eq!(
        steps("select Blue from the Color dropdown\nchoose Express\npick 'Large' in Size"),
        [
            "select [Blue] in color|Select",
            "select [Express]",
            "select [Large] in size"
        ]
    );
}

#[test]
fn check_tick_uncheck_untick_and_turn_off() {
    assert_eq!(
        steps(
            "check the terms checkbox\ntick Remember me\nuncheck Newsletter\nuntick 'Ads'\nturn off Dark mode"
        ),
        [
            "check=true terms|Checkbox",
            "check=true remember me",
            "check=false newsletter",
            "check=false ads",
            "check=false dark mode"
        ]
    );
}

#[test]
fn check_that_something_holds_is_not_a_checkbox() {
    let parsed = parse_message("check that the total is 5");
    assert!(parsed.steps.is_empty());
    assert_eq!(parsed.ignored, ["check that the total is 5"]);
}

#[test]
fn scroll_phrasings() {
    assert_eq!(
        steps(
            "scroll down\nscroll up a bit\nscroll to the top\nscroll down to the bottom of the page\nscroll to the Footer"
        ),
        [
            "scroll down",
            "scroll up",
            "scroll top",
            "scroll bottom",
            "scroll to footer"
        ]
    );
}

#[test]
fn wait_phrasings() {
    assert_eq!(
        steps(
            "wait for \"Order placed\"\nwait until Welcome back appears\nwait 2 seconds\nwait 500ms\nwait for the page to load\nwait a moment"
        ),
        [
            "wait [Order placed]",
            "wait [Welcome back]",
            "wait 2000ms",
            "wait 500ms",
            "wait navigation",
            "wait 1000ms"
        ]
    );
}

#[test]
fn back_reload_submit_search_and_stop() {
    assert_eq!(
        steps("go back\nback\nrefresh\nsubmit the form\nsearch for red shoes\ndone"),
        [
            "back",
            "back",
            "reload",
            "submit",
            "search [red shoes]",
            "stop"
        ]
    );
}

#[test]
fn curly_quotes_work_and_apostrophes_are_not_quotes() {
    assert_eq!(
        steps("type “a, b” into Notes, then type don't into Remarks"),
        ["type [a, b] into notes", "type [don't] into remarks"]
    );
}

#[test]
fn role_words_ordinals_and_quoted_names_in_targets() {
    assert_eq!(
        steps("click the second Add button\nclick link Help\nclick the \"Sign in\" button"),
        [
            "click add|Button",
            "click help|Link",
            "click sign in|Button"
        ]
    );
}

#[test]
fn a_url_then_a_search_in_one_sentence() {
    assert_eq!(
        steps("Go to https://example.com/a?b=1 and search for 'rust, async'"),
        ["open https://example.com/a?b=1", "search [rust, async]"]
    );
}

#[test]
fn a_prefix_with_a_colon_and_a_closing_button_verb() {
    assert_eq!(
        steps("Go to example.com, then: type Ada into Name and hit Send"),
        [
            "open https://example.com",
            "type [Ada] into name",
            "click send"
        ]
    );
    assert_eq!(
        steps("Enter Bo as your name; send."),
        ["type [Bo] into your name", "click send"]
    );
}

#[test]
fn compound_fills_give_one_step_per_field() {
    assert_eq!(
        steps("Fill in \"kim\" as the user name and \"pw7\" as the password, then sign in"),
        [
            "type [kim] into user name",
            "type [pw7] into password",
            "click sign in"
        ]
    );
    assert_eq!(
        steps("Enter 3 for Adults, 2 for Children"),
        ["type [3] into adults", "type [2] into children"]
    );
    assert_eq!(
        steps("fill From with Oslo and To with Rome"),
        ["set from = [Oslo]", "set to = [Rome]"]
    );
    assert_eq!(
        steps("write hi in both boxes"),
        ["type [hi] into |Editable", "type [hi] into |Editable"]
    );
    assert_eq!(
        steps("enter March 3rd, 2021 as the start date"),
        ["type [March 3rd, 2021] into start date"]
    );
    assert_eq!(
        steps("type Tom and Jerry into Title"),
        ["type [Tom and Jerry] into title"]
    );
}

#[test]
fn lists_of_boxes_and_every_box() {
    assert_eq!(
        steps("Tick Red, Blue and Green, then submit"),
        [
            "check=true red",
            "check=true blue",
            "check=true green",
            "submit"
        ]
    );
    assert_eq!(
        steps("Leave every box unticked and submit"),
        ["check all=false", "submit"]
    );
    assert_eq!(steps("untick all the boxes"), ["check all=false"]);
}

#[test]
fn focus_quoted_values_with_described_fields_and_icons() {
    assert_eq!(
        steps("put the cursor in the search box\nclick into Email\nFocus on the Comment field"),
        [
            "focus search|Editable",
            "focus email",
            "focus comment|Editable"
        ]
    );
    assert_eq!(steps("type the code \"42\""), ["type [42] into code"]);
    assert_eq!(
        steps("Dismiss the popup with its close icon\nclose the dialog"),
        ["click close", "click close"]
    );
    assert_eq!(steps("click the \"link\" element"), ["click |Link"]);
    assert_eq!(steps("press the ★★ button"), ["click ★★|Button"]);
}

#[test]
fn finding_things_and_describing_values() {
    assert_eq!(
        steps("open the sections until you find the link Refunds"),
        ["reveal refunds|Link", "click refunds|Link"]
    );
    assert_eq!(
        steps("find the result Mike and click it"),
        ["reveal mike|Link", "click mike|Link"]
    );
    assert_eq!(
        steps("look through the folders for a file called budget.xlsx"),
        ["reveal budget xlsx", "click budget xlsx"]
    );
    assert_eq!(
        steps("Find jazz albums released by Monk in 1957"),
        ["prose [jazz albums released by Monk in 1957]"]
    );
    assert_eq!(
        steps("I need a flight from Oslo to Rome for 2 people"),
        ["prose [a flight from Oslo to Rome for 2 people]"]
    );
    assert_eq!(steps("search for shoes"), ["search [shoes]"]);
}

#[test]
fn a_clause_that_names_only_where_to_look_makes_the_next_click_a_find() {
    assert_eq!(
        steps("Open the sections below, in order to find and click the link \"Lorem\"."),
        ["reveal lorem", "click lorem"]
    );
    assert_eq!(
        steps("Browse through the folders. Find and click on the file called \"notes\"."),
        ["reveal notes", "click notes"]
    );
    assert_eq!(
        steps("switch between the tabs and click Refunds"),
        ["reveal refunds", "click refunds"]
    );
    // A named section is a thing to open, not only a place.
    assert_eq!(
        steps("expand Company and click Our team"),
        ["reveal company", "click company", "click our team"]
    );
}

#[test]
fn an_item_named_by_its_sender_is_found_and_opened() {
    assert_eq!(
        steps("Find the email by Audrey and click the trash icon to delete it."),
        ["reveal audrey", "open item audrey", "click trash"]
    );
    assert_eq!(
        steps("open the message from Cora Lee, then click Star"),
        ["reveal cora lee", "open item cora lee", "click star"]
    );
}

#[test]
fn opening_one_unnamed_section_is_a_step_of_its_own() {
    // The target of the next click may show already: the section is opened all the same.
    assert_eq!(
        steps("Expand the section below and click submit."),
        ["expand", "reveal submit", "click submit"]
    );
    assert_eq!(
        steps("open the menu, then click Settings"),
        ["expand", "reveal settings", "click settings"]
    );
    // Several sections: the find opens the one that hides the target.
    assert_eq!(
        steps("Expand the sections below, to find and click on the link \"X\"."),
        ["reveal x", "click x"]
    );
}

#[test]
fn lists_of_names_and_described_values() {
    assert_eq!(
        steps("pick Tea, coffee and click Order"),
        ["check=true tea", "check=true coffee", "click order"]
    );
    assert_eq!(steps("Select nothing"), ["check all=false"]);
    // One option of a named list, and a value with a comma, stay one step.
    assert_eq!(
        steps("select Red, Blue from Colours"),
        ["select [Red, Blue] in colours"]
    );
    assert_eq!(
        steps("Type the code \"7 7\" in all caps into Code"),
        ["type [7 7] into code"]
    );
    assert_eq!(
        steps("Enter the e-mail \"a@b.c\" and the phone \"555\" into the text fields"),
        [
            "type [a@b.c] into e mail|Editable",
            "type [555] into phone|Editable"
        ]
    );
    assert_eq!(
        steps("Click on a \"textarea\" widget"),
        ["click textarea|Editable"]
    );
}

#[test]
fn switching_a_list_to_a_value_sets_it() {
    assert_eq!(
        steps("switch the language to Svenska and save"),
        vec!["set language = [Svenska]", "click save"]
    );
    assert_eq!(
        steps("switch to the Billing tab"),
        vec!["click billing|Tab"]
    );
}

#[test]
fn a_superlative_choice_is_its_search_then_the_best_item() {
    let got = steps("Book the shortest one-way flight from: Cincinnati, OH to: LEX on 10/15/2016.");
    assert_eq!(got.len(), 4, "{got:?}");
    assert!(got[0].starts_with("suggest") && got[0].ends_with("[Cincinnati, OH]"));
    assert!(got[1].ends_with("[LEX]") && got[2].ends_with("[10/15/2016]"));
    assert_eq!(got[3], "book the shortest [one-way flight]");
    let got = steps("Open shop.test, then order the quickest delivery");
    assert_eq!(
        got.last().map(String::as_str),
        Some("order the quickest [delivery]")
    );
}
