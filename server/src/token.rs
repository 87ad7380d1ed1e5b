//! The launch token: a fresh secret per daemon start (256 bits from the OS RNG), required on every
//! WebSocket and state-changing route. Compared in constant time and never logged.

use subtle::ConstantTimeEq;

/// A per-launch secret. `Debug` is redacted so it cannot leak into logs.
#[derive(Clone)]
pub struct LaunchToken(String);

impl LaunchToken {
    /// A new random token (32 bytes, hex-encoded).
    pub fn generate() -> Self {
        let bytes: [u8; 32] = rand::random();
        Self(hex::encode(bytes))
    }

    /// A fixed token, for tests and for users who set `TANDEM_TOKEN`. Must be at least 32
    /// characters (128 bits of hex).
    pub fn from_secret(secret: &str) -> Option<Self> {
        (secret.len() >= 32 && secret.chars().all(|c| c.is_ascii_graphic()))
            .then(|| Self(secret.to_owned()))
    }

    /// Constant-time comparison with what a client sent.
    pub fn matches(&self, candidate: &str) -> bool {
        self.0.as_bytes().ct_eq(candidate.as_bytes()).into()
    }

    /// The secret itself, for the start-up line that prints the UI address (and nowhere else).
    pub fn reveal(&self) -> &str {
        &self.0
    }
}

impl std::fmt::Debug for LaunchToken {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str("LaunchToken(<redacted>)")
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn tokens_are_long_random_and_redacted() {
        let a = LaunchToken::generate();
        let b = LaunchToken::generate();
        assert_eq!(a.reveal().len(), 64, "256 bits as hex");
        assert_ne!(a.reveal(), b.reveal());
        assert!(!format!("{a:?}").contains(a.reveal()));
    }

    #[test]
    fn matching_is_exact() {
        let token = LaunchToken::generate();
        assert!(token.matches(token.reveal()));
        assert!(!token.matches(""));
        assert!(!token.matches(&token.reveal()[..63]));
        assert!(!token.matches(&format!("{}x", token.reveal())));
    }

    #[test]
    fn short_fixed_secrets_are_refused() {
        assert!(LaunchToken::from_secret("short").is_none());
        assert!(LaunchToken::from_secret(&"a".repeat(32)).is_some());
    }
}
