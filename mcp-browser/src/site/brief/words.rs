//! A brief as words with their byte spans ([`Words`]), and the spans read as a whole before
//! section words are looked up: clauses that name a services section in the person's words ("how sessions work", "what
//! cheeses I sell"), words inside brackets (the items of the section before them), and the
//! usual typos of a section word.

/// A brief split into lowercased words with their byte spans in the original text.
pub struct Words<'a> {
    pub text: &'a str,
    pub spans: Vec<(usize, usize)>,
    pub lower: Vec<String>,
}

impl<'a> Words<'a> {
    pub fn new(text: &'a str) -> Self {
        let mut spans = Vec::new();
        let mut start: Option<usize> = None;
        let is_word =
            |c: char| c.is_alphanumeric() || c == '&' || c == '\'' || c == '’' || c == '-';
        for (at, c) in text.char_indices() {
            match (is_word(c), start) {
                (true, None) => start = Some(at),
                (false, Some(from)) => {
                    spans.push((from, at));
                    start = None;
                }
                _ => {}
            }
        }
        if let Some(from) = start {
            spans.push((from, text.len()));
        }
        // A dash joins words ("call-out", "Tue-Sat") but is not a word of its own.
        let spans: Vec<(usize, usize)> = spans
            .into_iter()
            .filter_map(|(a, b)| {
                let word = &text[a..b];
                let trimmed = word.trim_matches('-');
                let lead = word.len() - word.trim_start_matches('-').len();
                (!trimmed.is_empty()).then(|| (a + lead, a + lead + trimmed.len()))
            })
            .collect();
        let lower = spans
            .iter()
            .map(|(a, b)| text[*a..*b].to_lowercase().replace('’', "'"))
            .collect();
        Self { text, spans, lower }
    }

    /// Index of the first word of `phrase` (several words) at or after `from`. A one-word
    /// phrase of five letters or more also matches the usual typos of it ([`typo_of`]).
    pub fn find(&self, phrase: &str, from: usize) -> Option<usize> {
        let parts: Vec<&str> = phrase.split_whitespace().collect();
        (from..self.lower.len()).find(|at| {
            parts.iter().enumerate().all(|(i, part)| {
                self.lower
                    .get(at + i)
                    .is_some_and(|w| w == part || (parts.len() == 1 && typo_of(w, part)))
            })
        })
    }

    /// True when the gap between words `a` and `a + 1` is only spaces (no punctuation, no line
    /// break: a line is a clause of its own, like an answer folded into the brief).
    pub fn joined(&self, a: usize) -> bool {
        match (self.spans.get(a), self.spans.get(a + 1)) {
            (Some((_, end)), Some((next, _))) => {
                let gap = &self.text[*end..*next];
                gap.trim().is_empty() && !gap.contains('\n')
            }
            _ => false,
        }
    }

    /// The original text of words `from..to`.
    pub fn slice(&self, from: usize, to: usize) -> &'a str {
        match (self.spans.get(from), self.spans.get(to.saturating_sub(1))) {
            (Some((a, _)), Some((_, b))) if to > from => &self.text[*a..*b],
            _ => "",
        }
    }
}

/// "how sessions work", "how a lesson works", "what cheeses I sell", "what we make": what the
/// person offers and how it goes, a services section in their words. The spans of words, in
/// order.
pub fn how_it_works(words: &Words<'_>) -> Vec<(usize, usize)> {
    let mut spans = Vec::new();
    let offer = |w: &str| ["sell", "make", "offer", "stock", "bake", "grow"].contains(&w);
    for (at, word) in words.lower.iter().enumerate() {
        if word != "how" && word != "what" {
            continue;
        }
        let end = (at + 2..=at + 4).find(|end| {
            let last = words.lower.get(end - 1).map_or("", String::as_str);
            let before = words.lower.get(end - 2).map_or("", String::as_str);
            let fits = if word == "how" {
                last == "work" || last == "works"
            } else {
                offer(last) && ["i", "we"].contains(&before)
            };
            (at..*end - 1).all(|i| words.joined(i)) && fits
        });
        if let Some(end) = end {
            spans.push((at, end));
        }
    }
    spans
}

/// The indexes of words inside round brackets.
pub fn asides(words: &Words<'_>) -> std::collections::HashSet<usize> {
    let mut inside = std::collections::HashSet::new();
    let mut depth = 0usize;
    let mut next = 0;
    for (at, c) in words.text.char_indices() {
        while next < words.spans.len() && words.spans[next].0 < at {
            if depth > 0 {
                inside.insert(next);
            }
            next += 1;
        }
        match c {
            '(' => depth += 1,
            ')' => depth = depth.saturating_sub(1),
            _ => {}
        }
    }
    if depth > 0 {
        inside.extend(next..words.spans.len());
    }
    inside
}

/// True when `word` is `of` typed with two neighbouring letters swapped ("qoute") or one
/// letter inside it left out ("revews"), for words of five letters or more. Never a letter
/// changed ("dates" is not "rates") and never the last letter dropped ("event" is not
/// "events").
pub fn typo_of(word: &str, of: &str) -> bool {
    let (w, o): (Vec<char>, Vec<char>) = (word.chars().collect(), of.chars().collect());
    if o.len() < 5 || !w.iter().all(|c| c.is_alphabetic()) {
        return false;
    }
    if w.len() == o.len() {
        let differ: Vec<usize> = (0..o.len()).filter(|i| w[*i] != o[*i]).collect();
        return matches!(differ.as_slice(), [a, b] if *b == a + 1 && w[*a] == o[*b] && w[*b] == o[*a]);
    }
    w.len() + 1 == o.len()
        && o.len() >= 6
        && (1..o.len() - 1).any(|skip| {
            o.iter()
                .enumerate()
                .filter(|(i, _)| *i != skip)
                .map(|(_, c)| c)
                .eq(w.iter())
        })
}
