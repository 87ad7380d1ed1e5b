//! Secrets the person writes in their own message ("enter the password \"yA\" into both
//! fields"): the message is kept as written only in the run's memory, for the planner and the
//! policy gate; everything recorded or shown (the run's record and history, the chat, the
//! timeline, the session's memory and so later model prompts) holds it masked, the way the
//! confirmation card shows the value.
//!
//! A secret is the value right after a secret word (password, passcode, passphrase, PIN, card
//! number, CVV/CVC, security or one-time code), within a few linking words ("the password is
//! X", "PIN: X", "password \"X\""): the quoted text, else the next word.

/// What a masked value reads as, whatever its length (as on the confirmation card).
pub const MASK: &str = tandem_protocol::words::SECRET_MASK;

/// Secret words; two-word ones are matched as written here.
const SECRET_WORDS: &[&str] = &[
    "password",
    "passwords",
    "passcode",
    "passphrase",
    "pin",
    "cvv",
    "cvc",
    "card number",
    "security code",
    "one-time code",
    "verification code",
];

/// Words that may stand between a secret word and its value.
const LINKING: &[&str] = &["is", "was", "of", "to", "as", "=", ":", "be", "should"];

/// `text` with every secret value the person gave replaced by [`MASK`]; unchanged when it
/// holds none.
pub fn mask_message_secrets(text: &str) -> String {
    let tokens = tokens(text);
    let mut out = String::with_capacity(text.len());
    let mut copied = 0;
    let mut i = 0;
    while i < tokens.len() {
        let Some(after_word) = secret_word_at(&tokens, i) else {
            i += 1;
            continue;
        };
        let mut j = after_word;
        while j < tokens.len() && j - after_word < 3 && LINKING.contains(&tokens[j].lower.as_str())
        {
            j += 1;
        }
        let Some(value) = tokens.get(j) else {
            break;
        };
        // Right after the secret word, a plain word ("field", "into") is not its value;
        // after "is" / ":" it is.
        if value.quoted || j > after_word || !value.is_plain_word() {
            let (start, end) = value.inner;
            if start < end {
                out.push_str(&text[copied..start]);
                out.push_str(MASK);
                copied = end;
            }
        }
        i = j + 1;
    }
    out.push_str(&text[copied..]);
    out
}

/// One word of the message, or one quoted span.
struct Token {
    lower: String,
    /// The value as written (without quotes or trailing punctuation).
    raw: String,
    /// Byte range of the value (inside the quotes for a quoted span).
    inner: (usize, usize),
    quoted: bool,
}

impl Token {
    /// A word of plain lower-case letters ("field", "into"): text around a secret, not one.
    fn is_plain_word(&self) -> bool {
        self.raw.chars().all(|c| c.is_ascii_lowercase())
    }
}

fn tokens(text: &str) -> Vec<Token> {
    let mut tokens = Vec::new();
    let mut chars = text.char_indices().peekable();
    while let Some(&(start, c)) = chars.peek() {
        if c.is_whitespace() {
            chars.next();
            continue;
        }
        let closer = match c {
            '"' => Some('"'),
            '“' => Some('”'),
            '\'' => Some('\''),
            '‘' => Some('’'),
            _ => None,
        };
        if let Some(closer) = closer
            && let Some(close) = text[start + c.len_utf8()..].find(closer)
        {
            let inner_start = start + c.len_utf8();
            let inner_end = inner_start + close;
            tokens.push(Token {
                lower: text[inner_start..inner_end].to_lowercase(),
                raw: text[inner_start..inner_end].to_owned(),
                inner: (inner_start, inner_end),
                quoted: true,
            });
            while chars
                .peek()
                .is_some_and(|&(at, _)| at < inner_end + closer.len_utf8())
            {
                chars.next();
            }
            continue;
        }
        let mut end = start;
        while let Some(&(at, ch)) = chars.peek() {
            if ch.is_whitespace() {
                break;
            }
            end = at + ch.len_utf8();
            chars.next();
        }
        // "PIN:" is the word "pin" and the linking ":"; trailing punctuation ends a word.
        let word = &text[start..end];
        let trimmed = word.trim_end_matches([':', ',', '.', ';', '!', '?']);
        let inner_end = start + trimmed.len();
        tokens.push(Token {
            lower: word.to_lowercase(),
            raw: trimmed.to_owned(),
            inner: (start, inner_end),
            quoted: false,
        });
    }
    tokens
}

/// When a secret word starts at token `i`, the index just after it.
fn secret_word_at(tokens: &[Token], i: usize) -> Option<usize> {
    let clean = |t: &Token| {
        t.lower
            .trim_end_matches([':', ',', '.', ';'])
            .trim_start_matches(['(', '['])
            .to_owned()
    };
    let one = clean(&tokens[i]);
    if tokens[i].quoted {
        return None;
    }
    if SECRET_WORDS.contains(&one.as_str()) {
        return Some(i + 1);
    }
    let two = format!("{one} {}", tokens.get(i + 1).map(clean)?);
    SECRET_WORDS.contains(&two.as_str()).then_some(i + 2)
}

#[cfg(test)]
mod tests {
    use super::mask_message_secrets as mask;

    #[test]
    fn quoted_and_plain_values_after_a_secret_word_are_masked() {
        assert_eq!(
            mask("Enter the password \"yA\" into both text fields and press submit."),
            "Enter the password \"••••••\" into both text fields and press submit."
        );
        assert_eq!(
            mask("log in as kim, password is hunter2, then open Billing"),
            "log in as kim, password is ••••••, then open Billing"
        );
        assert_eq!(mask("my PIN: 7731."), "my PIN: ••••••.");
        assert_eq!(
            mask("the username “karrie” and the password “AU”"),
            "the username “karrie” and the password “••••••”"
        );
        assert_eq!(mask("card number 4111111111111111"), "card number ••••••");
        assert_eq!(mask("the PIN is fourty"), "the PIN is ••••••");
    }

    #[test]
    fn words_about_a_secret_field_are_not_masked() {
        for text in [
            "type your password into Password",
            "click Forgot password",
            "leave the password field empty",
            "Enter the password into both fields",
            "open example.com",
        ] {
            assert_eq!(mask(text), text);
        }
    }
}
