use super::*;

fn words(text: &str) -> Vec<(String, bool)> {
    parse(text)
        .unwrap_or_default()
        .into_iter()
        .filter_map(|s| match s {
            Step::Similar { word, on, .. } => Some((word, on)),
            _ => None,
        })
        .collect()
}

#[test]
fn reads_likeness_in_several_phrasings() {
    let two = vec![("mild".to_owned(), true), ("huge".to_owned(), true)];
    assert_eq!(words("Select words similar to mild, huge"), two);
    assert_eq!(words("tick the synonyms of mild and huge."), two);
    assert_eq!(
        words("pick the options that mean \"mild\" and \"huge\""),
        two
    );
    assert_eq!(words("choose all items like mild and huge"), two);
    assert_eq!(
        words("untick the words similar in meaning to fast"),
        vec![("fast".to_owned(), false)]
    );
}

#[test]
fn leaves_other_clauses_alone() {
    assert!(parse("select Like").is_none());
    assert!(parse("click like on the first post").is_none());
    assert!(parse("select Red, Blue and Green").is_none());
    assert!(parse("type similar to mild").is_none());
    assert!(parse("select words similar to a very long phrase here").is_none());
}

#[test]
fn a_label_closer_to_another_named_word_is_that_words() {
    let boxes = [
        Element {
            name: "wicked".to_owned(),
            ..Element::default()
        },
        Element {
            name: "fat".to_owned(),
            ..Element::default()
        },
    ];
    let refs: Vec<&Element> = boxes.iter().collect();
    let others = ["chubby".to_owned()];
    let alone = meant("depraved", &[], &refs);
    let with_others = meant("depraved", &others, &refs);
    assert!(
        alone.is_err(),
        "both share a synonym with depraved: {alone:?}"
    );
    let names: Vec<&str> = with_others
        .unwrap_or_default()
        .iter()
        .map(|el| el.name.as_str())
        .collect();
    assert_eq!(names, ["wicked"]);
}

#[test]
fn measures_likeness_with_the_thesaurus() {
    assert_eq!(likeness("huge", "Huge"), Likeness::Same);
    assert_eq!(likeness("rabbit", "rabbits"), Likeness::Same);
    assert_eq!(likeness("huge", "enormous"), Likeness::Synonym);
    assert_eq!(likeness("begin", "start"), Likeness::Synonym);
    assert_eq!(likeness("huge", "tiny"), Likeness::None);
    assert_eq!(
        likeness("huge", "a very long label of words"),
        Likeness::None
    );
}
