//! Turns the Moby and WordNet thesauri (crates.io `thesaurus-moby`, `thesaurus-wordnet`) into
//! the compact table the crate embeds.
//!
//! Both packages give lines `head|synonym|synonym…` in lower case. Kept: single words (letters,
//! inner hyphens and apostrophes). WordNet's line joins the word's senses: each listed word is a
//! synonym of the head (two listed words may be of different senses, so they are not paired). Moby lists loose associations one way: a pair is kept only when each word
//! lists the other. Out (in `OUT_DIR`): `lexicon.txt`, one line per word in byte order,
//! `word synonym synonym…` (both ways: a pair shows on both words' lines), and `lexicon.idx`,
//! the byte offset of each line as a little-endian u32.

use std::collections::{BTreeMap, BTreeSet, HashSet};
use std::path::PathBuf;

fn single_word(word: &str) -> bool {
    let inner = |c: char| c.is_ascii_lowercase() || c == '-' || c == '\'';
    word.len() > 1
        && word.chars().all(inner)
        && word.starts_with(|c: char| c.is_ascii_lowercase())
        && word.ends_with(|c: char| c.is_ascii_lowercase())
}

fn lines(text: &str) -> impl Iterator<Item = Vec<&str>> {
    text.lines()
        .map(|line| line.split('|').map(str::trim).collect::<Vec<_>>())
}

fn main() -> Result<(), Box<dyn std::error::Error>> {
    println!("cargo:rerun-if-changed=build.rs");
    let mut table: BTreeMap<String, BTreeSet<String>> = BTreeMap::new();
    let mut link = |a: &str, b: &str| {
        if a != b && single_word(a) && single_word(b) {
            table.entry(a.to_owned()).or_default().insert(b.to_owned());
            table.entry(b.to_owned()).or_default().insert(a.to_owned());
        }
    };

    let wordnet = thesaurus_wordnet::uncompress();
    for words in lines(&wordnet) {
        if let Some((head, rest)) = words.split_first() {
            rest.iter().for_each(|syn| link(head, syn));
        }
    }

    let moby = thesaurus_moby::uncompress();
    let mut listed: HashSet<(&str, &str)> = HashSet::new();
    for words in lines(&moby) {
        if let Some((head, rest)) = words.split_first() {
            listed.extend(rest.iter().map(|syn| (*head, *syn)));
        }
    }
    for (head, syn) in &listed {
        if head < syn && listed.contains(&(*syn, *head)) {
            link(head, syn);
        }
    }

    let mut text = String::new();
    let mut index: Vec<u8> = Vec::new();
    for (word, synonyms) in &table {
        let offset = u32::try_from(text.len())?;
        index.extend_from_slice(&offset.to_le_bytes());
        text.push_str(word);
        for syn in synonyms {
            text.push(' ');
            text.push_str(syn);
        }
        text.push('\n');
    }
    let out = PathBuf::from(std::env::var("OUT_DIR")?);
    std::fs::write(out.join("lexicon.txt"), text)?;
    std::fs::write(out.join("lexicon.idx"), index)?;
    Ok(())
}
