//! Errors of the model client. Messages carry the provider's own message and never the API key
//! or secret values.

use thiserror::Error;

/// The model configuration cannot be used. Handling: the daemon refuses to start with it.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
pub enum ModelConfigError {
    /// A value is malformed or missing.
    #[error("model configuration: {0}")]
    Invalid(String),
    /// A tier that must be set is not.
    #[error(
        "model configuration: no model for the {0} tier (set MODEL_STANDARD or [model].standard)"
    )]
    MissingTier(&'static str),
}

/// Why a chat-completions request failed.
#[derive(Debug, Clone, PartialEq, Error)]
pub enum ModelError {
    /// The provider refused the request with a status retrying cannot fix (400, 401, 403,
    /// 404, 422...). Handling: not retried; the tier's fallback model is tried next.
    #[error("{model} refused the request (HTTP {status}): {message}")]
    Rejected {
        /// The model asked.
        model: String,
        /// HTTP status.
        status: u16,
        /// The provider's message.
        message: String,
    },
    /// Rate limits, server errors, timeouts or connection errors outlasted the retries.
    /// Handling: the tier's fallback model is tried next.
    #[error("{model} is unavailable after {attempts} attempt(s): {message}")]
    Unavailable {
        /// The model asked.
        model: String,
        /// Attempts made.
        attempts: u32,
        /// The last failure, with the provider's message when there was one.
        message: String,
    },
    /// The answer was not a chat completion this client can read. Handling: like
    /// [`ModelError::Unavailable`] (fallback model next).
    #[error("{model} sent an unreadable answer: {message}")]
    Decode {
        /// The model asked.
        model: String,
        /// What was wrong.
        message: String,
    },
    /// No model is configured for the tier. Handling: fatal for the request.
    #[error("no model is configured for the {tier} tier")]
    NoModel {
        /// The tier.
        tier: &'static str,
    },
    /// Every model of the tier failed. Handling: the planner reports the model unavailable and
    /// the run ends in `finalize_failed` with this message.
    #[error("the {tier} tier failed: {}", join(.errors))]
    TierFailed {
        /// The tier.
        tier: &'static str,
        /// One error per model tried, primary first.
        errors: Vec<ModelError>,
    },
    /// The HTTP client could not be built. Handling: fatal.
    #[error("model client: {0}")]
    Client(String),
}

fn join(errors: &[ModelError]) -> String {
    errors
        .iter()
        .map(ToString::to_string)
        .collect::<Vec<_>>()
        .join("; then ")
}

impl ModelError {
    /// Whether the provider refused `response_format` (a server without structured output):
    /// the planner then asks again in JSON mode.
    pub fn refuses_response_format(&self) -> bool {
        match self {
            ModelError::Rejected {
                status, message, ..
            } => {
                let lower = message.to_ascii_lowercase();
                matches!(status, 400 | 422)
                    && (lower.contains("response_format")
                        || lower.contains("response format")
                        || lower.contains("json_schema")
                        || lower.contains("json_object")
                        || lower.contains("structured output"))
            }
            ModelError::TierFailed { errors, .. } => {
                errors.iter().any(ModelError::refuses_response_format)
            }
            ModelError::Unavailable { .. }
            | ModelError::Decode { .. }
            | ModelError::NoModel { .. }
            | ModelError::Client(_) => false,
        }
    }
}
