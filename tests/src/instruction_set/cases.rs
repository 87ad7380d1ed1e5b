//! The cases of the instruction set: 100+ instructions over the pages in
//! `fixtures/instructions/`, worded as different people would, one class of understanding each.

use super::Case;
use super::Ending::{Asks, Done, Fails, Stops};

macro_rules! case {
    ($class:literal, $page:literal, $say:literal, [$($token:literal),* $(,)?]) => {
        case!($class, $page, $say, [$($token),*], Done)
    };
    ($class:literal, $page:literal, $say:literal, [$($token:literal),* $(,)?], $ending:expr) => {
        Case {
            class: $class,
            page: $page,
            say: $say,
            expect: &[$($token),*],
            ending: $ending,
        }
    };
}

/// Every case, grouped by class.
#[rustfmt::skip]
pub static CASES: &[Case] = &[
    // Multi-sentence goals and prefixes.
    case!("prefix", "contact.html", "Go to {url}, then: type Ada into the name field and hit Send", ["|name=Ada|", "|sent=yes|"]),
    case!("prefix", "contact.html", "Please write hello there in the message box. Then press the Send button.", ["|message=hello there|", "|sent=yes|"]),
    case!("prefix", "contact.html", "Type ada@example.org into the E-mail field, then submit", ["|email=ada@example.org|", "|sent=yes|"]),
    case!("prefix", "counts.html", "Enter 3 for Adults and 2 for Children, then press Continue.", ["|adults=3|", "|children=2|", "|continued=yes|"]),
    case!("prefix", "links.html", "Go to {url}, then: click Zebra.", ["clicked=zebra|"]),
    case!("prefix", "buttons.html", "First click Alpha. After that, press Beta.", ["clicked=alpha,beta|"]),
    case!("prefix", "values.html", "Please set Volume to 75 and then set Amount to 12", ["|volume=75|", "|amount=12|"]),
    case!("prefix", "contact.html", "Open {url}. Enter Bo as your name; send.", ["|name=Bo|", "|sent=yes|"]),
    // Ordinals and positions.
    case!("ordinal", "fields.html", "Type 7 into the fourth text field", ["|a=|b=|c=|d=7|e=|"]),
    case!("ordinal", "fields.html", "put hello in the second input", ["|a=|b=hello|c=|"]),
    case!("ordinal", "fields.html", "Type z in the last text box", ["|d=|e=z|"]),
    case!("ordinal", "fields.html", "Write abc into the 1st field and xyz into the 3rd field", ["|a=abc|b=|c=xyz|"]),
    case!("ordinal", "links.html", "click the second link", ["clicked=bee|"]),
    case!("ordinal", "links.html", "Click on the last link", ["clicked=zebra|"]),
    case!("ordinal", "links.html", "follow the third link", ["clicked=cat|"]),
    case!("ordinal", "buttons.html", "press the last button", ["clicked=delta|"]),
    case!("ordinal", "buttons.html", "click the second button", ["clicked=beta|"]),
    case!("ordinal", "buttons.html", "Click the 3rd button", ["clicked=gamma|"]),
    case!("ordinal", "account.html", "click the second Edit button", ["clicked=edit-phone|"]),
    case!("ordinal", "account.html", "click the last Edit button", ["clicked=edit-address|"]),
    // Element-type references.
    case!("element type", "kinds.html", "tick the check box", ["|agree=on|"]),
    case!("element type", "kinds.html", "choose Beta from the drop-down", ["|pick=b|"]),
    case!("element type", "kinds.html", "type abc into the input", ["|word=abc|", "|notes=|"]),
    case!("element type", "kinds.html", "write notes here in the multi-line field", ["|notes=notes here|", "|word=|"]),
    case!("element type", "kinds.html", "pick Alpha in the select box", ["|pick=a|"]),
    case!("element type", "kinds.html", "fill the text box with hi", ["|word=hi|"]),
    case!("element type", "banner.html", "Click the \"link\" element", ["clicked=home|"]),
    // An input whose type the browser does not know ("input") is a text field.
    case!("element type", "oddtype.html", "Click on a \"text\" widget.", ["|focus=code|", "|keep=off|"]),
    case!("element type", "kinds.html", "On this page, tick the checkbox and choose Alpha from the dropdown", ["|agree=on|", "|pick=a|"]),
    // Focus.
    case!("focus", "focus.html", "put the cursor in the search box", ["|focus=q|"]),
    case!("focus", "focus.html", "Focus on the Comment field", ["|focus=comment|"]),
    case!("focus", "focus.html", "click into the email address field", ["|focus=mail|"]),
    case!("focus", "focus.html", "Place the cursor inside Comment", ["|focus=comment|"]),
    // Quoted values.
    case!("quoted", "codes.html", "type the code \"42\"", ["|code=42|", "|notes=|"]),
    case!("quoted", "codes.html", "Enter \"A-7\" as the voucher code", ["|code=A-7|"]),
    case!("quoted", "codes.html", "type \"x, y\" into Notes", ["|notes=x, y|"]),
    case!("quoted", "codes.html", "Put 'hello world' in the Notes box", ["|notes=hello world|"]),
    case!("quoted", "codes.html", "write “99” into the voucher code field", ["|code=99|"]),
    // Values normalised to the control.
    case!("values", "values.html", "Set the date to 12/31/2019", ["|day=2019-12-31|", "|start=|"]),
    case!("values", "values.html", "enter March 3rd, 2021 as the start date", ["|start=2021-03-03|"]),
    case!("values", "values.html", "set Arrival time to 7:45 PM", ["|at=19:45|"]),
    case!("values", "values.html", "type 1,500 into Amount", ["|amount=1500|"]),
    case!("values", "values.html", "set the favourite colour to red", ["|colour=#ff0000|"]),
    case!("values", "values.html", "Set Volume to 30", ["|volume=30|"]),
    case!("values", "values.html", "Enter seven for Guests", ["|guests=7|"]),
    case!("values", "values.html", "Set the date to the 1st of May 2020", ["|day=2020-05-01|"]),
    case!("values", "cities.html", "select new york from City", ["|city=ny|"]),
    case!("values", "cities.html", "pick san francisco in the City list", ["|city=sf|"]),
    case!("values", "cities.html", "Set Size to medium", ["|size=MEDIUM|"]),
    case!("values", "cities.html", "choose los angeles", ["|city=la|"]),
    // Compound fills.
    case!("compound", "login.html", "Fill in \"kim\" as the user name and \"pw7\" as the password, then sign in", ["|user=kim|", "|pass=7wp|", "|signed=kim|"]),
    // Several options of a list that takes several, in one selection.
    case!("lists of names", "guests.html", "Select Gus, Catherine from the scroll list and click Submit.", ["|guests=cat,gus|", "clicked=sent|"]),
    case!("lists of names", "guests.html", "choose Bo, Ada and Eli in the list", ["|guests=ada,bo,eli|"]),
    // "login" names what the form does; its only button reads "OK" (no <form> around it).
    case!("compound", "okonly.html", "Type the username \"ines\" and the password \"zq4\" into the fields, then press login", ["|username=ines|", "|password=4qz|", "|signed=ines|"]),
    // A notice that locks the form on the first focus is closed with its own Close, then the step is typed again.
    case!("pop-up", "interrupt.html", "Enter ana@example.org as the e-mail and Lyon as the city, then press Join", ["|mail=ana@example.org|", "|city=Lyon|", "|joined=yes|"]),
    case!("compound", "twins.html", "write hi in both boxes", ["|left=hi|right=hi|"]),
    case!("compound", "twins.html", "Type same in both fields", ["|left=same|right=same|"]),
    case!("compound", "flights.html", "Fill From with Oslo and To with Rome, then click Find flights", ["|from=Oslo|to=Rome|", "|result=searched|"]),
    case!("compound", "flights.html", "enter 2 as passengers and choose Business as the cabin", ["|pax=2|", "|cabin=Business|"]),
    case!("compound", "counts.html", "Enter 4 for Adults, 1 for Children", ["|adults=4|", "|children=1|"]),
    // Several boxes.
    case!("multi-select", "colours.html", "Tick Red, Blue and Green, then submit", ["|red=on|blue=on|green=on|yellow=on|", "|done=yes|"]),
    case!("multi-select", "colours.html", "Leave every box unticked and submit", ["|red=off|blue=off|green=off|yellow=off|", "|done=yes|"]),
    case!("multi-select", "colours.html", "untick all the boxes", ["|red=off|blue=off|green=off|yellow=off|"]),
    case!("multi-select", "colours.html", "check Red and Green", ["|red=on|blue=on|green=on|"]),
    case!("multi-select", "colours.html", "uncheck Blue and Yellow", ["|red=off|blue=off|green=off|yellow=off|"]),
    case!("multi-select", "terms.html", "tick Terms and Conditions", ["|terms=on|news=off|offers=off|"]),
    case!("multi-select", "terms.html", "Check Newsletter & Offers", ["|terms=off|news=on|offers=on|"]),
    // Icon-only controls.
    case!("icon", "popup.html", "Dismiss the popup with its close icon", ["|popup=closed|"]),
    case!("icon", "popup.html", "close the popup", ["|popup=closed|"]),
    case!("icon", "banner.html", "dismiss the cookie banner", ["|banner=gone|"]),
    case!("icon", "banner.html", "click the settings icon", ["clicked=settings|"]),
    case!("icon", "banner.html", "press the search icon", ["clicked=search|"]),
    case!("icon", "banner.html", "tap the Home link", ["clicked=home|"]),
    // Custom dropdowns and menus.
    case!("custom dropdown", "dropdown.html", "Select Large from the Size dropdown", ["|size=Large|"]),
    case!("custom dropdown", "dropdown.html", "choose Slim in the Fit menu", ["|fit=Slim|"]),
    case!("custom dropdown", "dropdown.html", "pick XX-Large as the size", ["|size=XX-Large|"]),
    case!("custom dropdown", "dropdown.html", "Select Medium from the Size list, then type hi into Note", ["|size=Medium|", "|note=hi|"]),
    case!("custom dropdown", "toppings.html", "choose Stuffed from the Crust list, then type Ana into Name on the order", ["|crust=stuffed|", "|list=closed|", "|who=Ana|"]),
    // Symbols and non-Latin scripts.
    case!("symbols", "symbols.html", "click ★★", ["clicked=two|"]),
    case!("symbols", "symbols.html", "press the ★★★ button", ["clicked=three|"]),
    case!("symbols", "symbols.html", "click Näher", ["clicked=naher|"]),
    case!("symbols", "symbols.html", "click 日本", ["clicked=japan|"]),
    case!("symbols", "symbols.html", "click the \"Россия\" link", ["clicked=russia|"]),
    case!("symbols", "symbols.html", "click →", ["clicked=arrow|"]),
    case!("symbols", "switches.html", "set Language to 日本語", ["|lang=ja|"]),
    // Short common-word labels.
    case!("short labels", "ok.html", "click the \"ok\" button", ["clicked=ok|"]),
    case!("short labels", "ok.html", "click OK", ["clicked=ok|"]),
    case!("short labels", "ok.html", "press ok", ["clicked=ok|"]),
    case!("short labels", "twoks.html", "click the second OK button", ["clicked=ok2|"]),
    case!("short labels", "ok.html", "click No", ["clicked=no|"]),
    // Values in prose matched to labelled fields.
    case!("prose", "albums.html", "Find jazz albums released by Monk in 1957", ["|year=1957|genre=jazz|artist=Monk|", "|result=searched|"]),
    case!("prose", "albums.html", "Search for blues records from 1960 by Muddy Waters", [ "|year=1960|genre=blues|artist=Muddy Waters|", "|result=searched|" ]),
    // Labels in a div before the field's own wrapper, or in a caption after it; no form.
    case!("prose", "films.html", "Search for crime movies directed by Curry from year 1995.", ["|year=1995|director=Curry|genre=crime|", "|result=searched|"]),
    case!("prose", "flights.html", "I need a flight from Oslo to Rome in Business for 2 people", [ "|from=Oslo|to=Rome|pax=2|cabin=Business|", "|result=searched|" ]),
    // Bounded exploration.
    case!("find", "sections.html", "open the sections until you find the link Refunds", ["clicked=refunds|"]),
    case!("find", "sections.html", "find the Cards we accept link", ["clicked=cards|"]),
    case!("find", "sections.html", "expand the sections until you see Return labels", ["clicked=labels|"]),
    case!("find", "tabs.html", "Look through the tabs for a link called User manual", ["clicked=manual|"]),
    case!("find", "tabs.html", "find Data sheet", ["clicked=sheet|"]),
    case!("find", "tree.html", "look through the folders for a file called budget.xlsx", ["clicked=budget|"]),
    case!("find", "results.html", "find the result Mike and click it", ["clicked=mike|"]),
    case!("find", "results.html", "go through the pages until you find Oscar", ["clicked=oscar|"]),
    // The nth result counted across the pages of a paged list (its page numbers, else its next control).
    case!("paged results", "finder.html", "Enter lamps in the search terms field, press \"Find\", then find and click the 7th search result", ["|q=lamps|", "clicked=hit7|"]),
    case!("paged results", "finder.html", "type lamp in the search terms, hit Find and open the 5th result", ["clicked=hit5|"]),
    case!("paged results", "results.html", "click the 8th result", ["clicked=hotel|"]),
    // A slider without ARIA: focused, then moved by arrow keys while its shown value is watched.
    case!("slider", "dimmer.html", "Select 7 with the slider, tick Night mode, then press Save", ["|night=on|", "|saved=7|"]),
    case!("slider", "dimmer.html", "set the slider to 1 and click Save", ["|saved=1|"]),
    // Autocomplete.
    case!("autocomplete", "autocomplete.html", "type Par into Destination, then choose Paris, France", ["|dest=Paris, France|"]),
    case!("autocomplete", "autocomplete.html", "Type Pra in the destination box and pick Prague, Czechia", ["|dest=Prague, Czechia|"]),
    case!("autocomplete", "autocomplete.html", "enter Par as destination then select Paris, Texas", ["|dest=Paris, Texas|"]),
    case!("autocomplete", "autocomplete.html", "type Par into Destination, then pick the one in Texas", ["|dest=Paris, Texas|"]),
    case!("autocomplete", "autocomplete.html", "Enter Po as the destination and choose the suggestion that mentions Portugal", ["|dest=Porto, Portugal|"]),
    // Switches, radios and rich text.
    case!("widgets", "switches.html", "turn on Dark mode", ["|dark=true|"]),
    case!("widgets", "switches.html", "disable notifications", ["|notify=off|"]),
    case!("widgets", "switches.html", "Switch off Notifications and turn on dark mode", ["|dark=true|", "|notify=off|"]),
    case!("widgets", "account.html", "choose Express delivery", ["|ship=exp|"]),
    case!("widgets", "account.html", "type Hello there into Bio", ["|bio=Hello there|"]),
    case!("widgets", "counts.html", "select Afternoon", ["|when=pm|"]),
    // Other markup for the same classes (labels by id, placeholders only, ARIA menus and
    // accordions, radio cards, icon buttons drawn in SVG).
    case!("compound", "signup.html", "Fill the first name with Lee and the last name with Park", ["|first=Lee|last=Park|"]),
    case!("values", "signup.html", "type 555 1234 into Phone", ["|phone=555 1234|"]),
    case!("prefix", "signup.html", "Set Country to united states and tick I agree to the terms, then click Create account", ["|country=us|tos=on|", "|created=yes|"]),
    case!("values", "signup.html", "choose Mexico", ["|country=mx|"]),
    case!("custom dropdown", "menu.html", "choose Archive from the Actions menu", ["|did=Archive|"]),
    case!("custom dropdown", "menu.html", "open the Actions menu and pick Duplicate", ["|did=Duplicate|"]),
    case!("hover menus", "flyout.html", "Select Shape>Rotate>Half turn", ["|picked=Half turn|"]),
    case!("hover menus", "flyout.html", "choose Shape > Fill > Hatched", ["|picked=Hatched|"]),
    case!("hover menus", "flyout.html", "Click the \"Tools\" button, then click on the item labeled \"Send backward\".", ["|picked=Send backward|"]),
    // Things named by the icon that marks them (icon fonts, Material ligatures, SVG titles).
    case!("icons", "icons.html", "click the gear icon", ["clicked=settings|"]),
    case!("icons", "icons.html", "Press the button with the star icon.", ["clicked=favourite|"]),
    case!("icons", "icons.html", "tap the download icon", ["clicked=download|"]),
    case!("icons", "icons.html", "hit the share symbol", ["clicked=share|"]),
    case!("icons", "icons.html", "click the bell icon", ["clicked=alerts|"]),
    case!("icons", "icons.html", "click the pencil icon in the row for notes.txt", ["clicked=edit-notes|"]),
    case!("icons", "icons.html", "Click the bin icon on the row for photo.jpg", ["clicked=delete-photo|"]),
    case!("icons", "icons.html", "delete report.pdf", ["clicked=delete-report|"]),
    case!("icons", "icons.html", "choose the entry marked with the envelope icon", ["clicked=mail|"]),
    case!("icons", "icons.html", "Click on the item with the \"locked\" icon.", ["clicked=protect|"]),
    case!("icons", "icons.html", "open Trash", ["clicked=trash-folder|"]),
    case!("find", "accordion.html", "find the Privacy policy link", ["clicked=privacy|"]),
    case!("find", "accordion.html", "open the sections until you find Imprint", ["clicked=imprint|"]),
    case!("find", "accordion.html", "expand Company and click Our team", ["clicked=team|"]),
    case!("widgets", "plans.html", "Pick the Premium plan", ["|plan=premium|"]),
    case!("widgets", "plans.html", "choose Team and set Seats to 5", ["|plan=team|seats=5|"]),
    case!("values", "plans.html", "select Yearly billing", ["|billing=Yearly|"]),
    case!("compound", "schedule.html", "set the appointment date to 4 July 2025 and the time to 9:30 am", ["|date=2025-07-04|time=09:30|"]),
    case!("values", "schedule.html", "Set Week of to March 2025", ["|month=2025-03|"]),
    case!("values", "schedule.html", "set the reminder to 15", ["|remind=15|"]),
    case!("values", "schedule.html", "Set Time to 18:05", ["|time=18:05|"]),
    case!("ordinal", "products.html", "click the third Add to cart button", ["clicked=copper|"]),
    case!("prefix", "products.html", "search for red kettle", ["|searched=red kettle|"]),
    case!("icon", "newsletter.html", "close the newsletter popup", ["|dialog=closed|"]),
    case!("icon", "newsletter.html", "Dismiss the dialog, then click Read more", ["|dialog=closed|", "clicked=more|"]),
    case!("element type", "newsletter.html", "type me@example.org into the email field", ["|nl=me@example.org|"]),
    // A third batch, written after the planner work: more markup and wording.
    case!("widgets", "todo.html", "mark Buy milk as done", ["|milk=on|call=off|tax=off|"]),
    case!("ordinal", "todo.html", "tick the second checkbox", ["|milk=off|call=on|tax=off|"]),
    case!("compound", "todo.html", "type Water plants in the New task box and press Add", ["|newtask=Water plants|", "clicked=add|"]),
    case!("multi-select", "todo.html", "check off Call Sam and File taxes", ["|milk=off|call=on|tax=on|"]),
    case!("widgets", "rating.html", "choose 4 stars", ["|stars=4|"]),
    case!("quoted", "rating.html", "write 'Lovely view, noisy street' in the comments, then tick Post anonymously", ["|comments=Lovely view, noisy street|", "|anon=on|"]),
    case!("prefix", "wizard.html", "Enter Zoe as the name and click Next. Then tick Newsletter and press Next again.", ["|name=Zoe|", "|news=on|sms=off|", "|finished=yes|"]),
    case!("ordinal", "catalog.html", "search for lamps, then open the second result", ["|q=lamps|", "clicked=floor|"]),
    case!("find", "catalog.html", "search for lamps and click Wall lamp", ["clicked=wall|"]),
    case!("compound", "address.html", "Fill in 1 Elm Street as the street, 90210 as the postcode and Beverly Hills as the town", ["|street=1 Elm Street|zip=90210|town=Beverly Hills|"]),
    case!("values", "address.html", "set State to california, untick Use as default address and save the address", ["|state=CA|", "|default=off|", "|saved=yes|"]),
    case!("element type", "address.html", "type 10001 into the postcode field then pick New York from the state dropdown", ["|zip=10001|", "|state=NY|"]),
    case!("element type", "address.html", "type 2 Oak Lane in the field labelled Street and number", ["|street=2 Oak Lane|"]),
    case!("element type", "terms.html", "tick the checkbox next to Offers", ["|terms=off|news=off|offers=on|"]),
    case!("short labels", "contact.html", "type Ida into Your name and click on the 'Send' button at the bottom", ["|name=Ida|", "|sent=yes|"]),
    case!("element type", "signup.html", "click the button that says Create account", ["|created=yes|"]),
    // Date pickers: a read-only field with a calendar.
    case!("date picker", "datepicker.html", "set Check-in to April 2nd, 2025", ["|checkin=04/02/2025|"]),
    case!("date picker", "datepicker.html", "choose March 28, 2025 as the check-in date", ["|checkin=03/28/2025|"]),
    case!("date picker", "datepicker.html", "Set the check-in date to 1 February 2025", ["|checkin=02/01/2025|"]),
    // jQuery UI's markup: plain text before a read-only input, a calendar that fades in.
    case!("date picker", "jqcalendar.html", "pick 04/17/2025 as the arrival date and press Continue", ["|arrival=04/17/2025|", "clicked=continue|"]),
    case!("date picker", "jqcalendar.html", "Set Arrival to August 3, 2025", ["|arrival=08/03/2025|"]),
    // Classes a public benchmark showed (fourth batch): lists of names, values with words
    // around them, fields with no label, a name in the same case, a close control drawn in CSS.
    case!("name lists", "pantry.html", "Select Rice, Lentils and click Save list.", ["|rice=on|oats=on|lentils=on|Oats2=off|", "clicked=save|"]),
    case!("name lists", "pantry.html", "please select nothing, then hit Save list", ["|rice=off|oats=off|lentils=off|Oats2=off|", "clicked=save|"]),
    case!("name lists", "pantry.html", "tick Oats", ["|rice=off|oats=on|lentils=off|Oats2=on|"]),
    case!("described values", "pantry.html", "enter the amount \"16\" into the 2nd textbox", ["|note=|amount=16|"]),
    case!("described values", "pantry.html", "Type \"dried figs\" in all upper case letters in the first text field", ["|note=DRIED FIGS|"]),
    case!("icon", "pantry.html", "Close the box by clicking the \"x\"", ["|box=closed|"]),
    case!("unlabelled fields", "members.html", "Enter the member id \"ola\" and the PIN \"7731\" into the fields and press Go", ["|member=ola|pin=1377|", "|sent=sent|"]),
    case!("unlabelled fields", "repeat.html", "Enter the PIN \"4096\" into both text fields and press Save PIN", ["|first=6904|again=6904|", "clicked=save|"]),
    // Disclosure state read from the page (aria-expanded, <details open>, the region named by
    // aria-controls): the one collapsed section is opened, an open one is left open.
    case!("disclosure", "disclosure.html", "Expand the section below and click Send order.", ["|sent=open|", "clicked=header|"]),
    case!("disclosure", "details.html", "open the section, then tick Weekly digest and press Apply", ["|weekly=on|", "|applied=open|", "clicked=|"]),
    // An item of a list named by the text it shows, opened; icon-only controls named by their
    // class words.
    case!("list items", "inbox.html", "Find the email by Tom Reyes and click the trash icon to delete it.", ["|opened=Tom Reyes|deleted=Tom Reyes|starred=|"]),
    case!("list items", "inbox.html", "open the message from Ines Berg, then click the star", ["|opened=Ines Berg|deleted=|starred=Ines Berg|"]),
    // Replying and forwarding in a webmail: the item opened, the verb's control (a label of a
    // strip clickable as one), the message or the recipient typed, sent by an icon named only
    // by its id.
    case!("reply and forward", "webmail.html", "Find the email by Omar Haddad and reply to them with the text \"See you at nine.\".", ["|sent=reply:Omar Haddad:See you at nine.|"]),
    case!("reply and forward", "webmail.html", "forward the message from Ken Ito to Rosa Lind", ["|sent=forward:Rosa Lind:Notes from Ken Ito|"]),
    case!("reply and forward", "webmail.html", "Forward to Omar the email from Rosa Lind.", ["|sent=forward:Omar:Notes from Rosa Lind|"]),
    // A feed: "For the user @x, …" scopes the clicks to that post; icons whose pointer shows
    // only on hover are controls; an action in the post's "more" menu is reached through it.
    case!("feed posts", "feed.html", "For the user @bo, click on the \"Like\" button.", ["|liked=@bo|reposted=|muted=|"]),
    case!("feed posts", "feed.html", "for the user @ada, click Mute", ["|liked=|reposted=|muted=@ada|"]),
    // One control on every item (or a number of items) by someone: each press is its own
    // click, in a scrolling column too; a control outside those items is never pressed.
    case!("every item by", "timeline.html", "Click the \"Boost\" button on all posts by @rui and then click Done.", ["|boosted=@rui#1,@rui#3,@rui#6|saved=|finished=yes|"]),
    case!("every item by", "timeline.html", "press the Save button on 2 posts from @lia", ["|boosted=|saved=@lia#2,@lia#5|"]),
    case!("every item by", "timeline.html", "Save every post by Lia Moss", ["|boosted=|saved=@lia#2,@lia#5,@lia#7|"]),
    case!("every item by", "timeline.html", "Click the Boost button on all posts by @zed", ["|boosted=|saved=|"], Fails),
    case!("every item by", "mailbag.html", "Delete all messages from Nadia Kerr.", ["|deleted=Nadia Kerr#1,Nadia Kerr#4|"]),
    case!("every item by", "mailbag.html", "Please delete Nadia's emails.", ["|deleted=Nadia Kerr#1,Nadia Kerr#4|"]),
    // An email named by its sender in other words; the passive; "send it to Y" forwards it.
    case!("items by sender", "mailbag.html", "Tomas's email should be deleted from the inbox.", ["|deleted=Tomas Brun#2|"]),
    case!("items by sender", "mailbag.html", "Find Pia's email and send it to Omar.", ["|forwarded=Pia Lund>Omar|"]),
    case!("items by sender", "mailbag.html", "Pia Lund wrote an email in this app that needs to be forwarded to Omar.", ["|forwarded=Pia Lund>Omar|"]),
    case!("items by sender", "mailbag.html", "Send Omar the information Pia sent to you.", ["|forwarded=Pia Lund>Omar|"]),
    // Menus drawn in SVG: the parts the page made clickable are elements, a label over a
    // shape is that shape, and what the opener spreads out is waited for, never clicked as an
    // opener.
    case!("drawn menu", "wheel.html", "Open the menu and click Rename", ["|picked=Rename|"]),
    case!("drawn menu", "wheel.html", "open the menu, then click on Print", ["|picked=Print|"]),
    case!("drawn menu", "wheel.html", "Expand the menu and click on the item labeled \"Share\"", ["|picked=Share|"]),
    case!("drawn menu", "wheel.html", "Open the menu and pick Delete", ["|picked=|"], Asks),
    // Buttons the person could not tell apart either (same name, same place): the first.
    case!("identical controls", "same.html", "press Continue", ["clicked=first|"]),
    // Items chosen by likeness of meaning, read from a real thesaurus (Moby, WordNet).
    case!("likeness", "moods.html", "Tick the words that mean peaceful", ["|tranquil=on|weary=off|hectic=off|joyful=off|gloomy=off|swift=off|"]),
    case!("likeness", "moods.html", "Select words similar to tired, busy and click Save check-in", ["|tranquil=off|weary=on|hectic=on|joyful=off|gloomy=off|swift=off|", "clicked=save|"]),
    case!("likeness", "moods.html", "choose the synonyms of glad", ["|tranquil=off|weary=off|hectic=off|joyful=on|gloomy=off|"]),
    case!("likeness", "moods.html", "select the words similar to purple", ["|tranquil=off|weary=off|hectic=off|joyful=off|gloomy=off|swift=off|"], Asks),
    // A value described by its spelling: the start typed, the suggestion that fits chosen.
    case!("spelling", "autocomplete.html", "Enter a destination that starts with \"Pa\" and ends with \"Texas\"", ["|dest=Paris, Texas|"]),
    case!("spelling", "autocomplete.html", "type a place beginning with Po into Destination", ["|dest=Porto, Portugal|"]),
    case!("spelling", "autocomplete.html", "enter a destination that starts with Par", ["|dest=Par|"], Asks),
    // A grid of cards: the control of the card whose column holds the named text.
    case!("card grid", "shelves.html", "For the Linen Throw, click Add to basket", ["clicked=throw|"]),
    case!("card grid", "shelves.html", "for the Wool Rug, click on \"Add to basket\"", ["clicked=rug|"]),
    // A superlative choice: the search's fields, the search sent, then the best item's control.
    case!("superlative", "trains.html", "book the earliest train from Leeds to York on 3/14/2025", ["|from=Leeds (LDS)|to=York (YRK)|date=2025-03-14|", "results=shown|", "clicked=b|"]),
    case!("superlative", "trains.html", "Pick the cheapest train from: Leeds to: York on 14 March 2025", ["results=shown|", "clicked=c|"]),
    case!("superlative", "trains.html", "choose the quickest train from Leeds to York on 3/14/2025", ["clicked=b|"]),
    case!("superlative", "trains.html", "please book the latest train from Leeds to York on 3/14/2025", ["clicked=d|"]),
    case!("superlative", "trains.html", "book the cheapest train from Leeds to Yorkshire on 3/14/2025", ["results=none|", "clicked=|"], Stops),
    case!("superlative", "rooms.html", "pick the cheapest room for 2 nights", ["clicked=single|"]),
    case!("superlative", "rooms.html", "Reserve the most expensive room", ["clicked=suite|"]),
    // The thing whose page this is, described by its options, put in a place; a pop-up that
    // arrives after load waited for and closed.
    case!("variant", "trainers.html", "close the popup, then put a small one in slate in my basket", ["basket=S/Slate|", "signup=closed|"]),
    case!("variant", "trainers.html", "close the newsletter pop-up and add the medium one in forest green to the basket", ["|size=M|colour=Forest green|", "basket=M/Forest green|"]),
    case!("variant", "trainers.html", "Close the popup. Add the extra large one in rust to my basket", ["basket=XL/Rust|"]),
    case!("variant", "trainers.html", "get rid of the sign-up pop-up (no thanks), then add a large one in slate to my basket", ["basket=L/Slate|", "signup=declined|"]),
    // Never guessing silently.
    case!("never guess", "contact.html", "click the purple elephant", [], Asks),
    case!("never guess", "contact.html", "frobnicate the widget", [], Fails),
    case!("never guess", "cities.html", "select Boston from City", ["|city=|"], Asks),
    case!("never guess", "twoks.html", "click OK", ["clicked=|"], Asks),
    case!("never guess", "fields.html", "type 5 into the field", ["|a=|b=|c=|d=|e=|"], Asks),
    case!("never guess", "albums.html", "Find jazz albums by Monk with Coltrane from 1957", ["|year=|genre=|artist=|"], Asks),
];
