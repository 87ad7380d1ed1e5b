//! [`SiteError`]: everything the site tools can refuse or fail with.
//!
//! Like the browser's errors, two families told apart by [`SiteError::is_tool_error`]: mistakes in
//! the caller's input or the session's files come back as `isError` tool results with
//! `{error, message}` (the caller reads them and tries again); the browser failing underneath
//! (`validate_html`, `extract_style current_page`) keeps the browser error's own family.

use crate::error::BrowserError;

/// A site tool's failure.
#[derive(Debug, thiserror::Error)]
pub enum SiteError {
    /// A slug outside `[a-z0-9-]{1,64}`. Tool error; nothing was written.
    #[error("invalid slug `{0}`: use 1 to 64 characters of a-z, 0-9 and `-`")]
    InvalidSlug(String),
    /// No page with this slug in the session. Tool error: list the pages.
    #[error("no page `{0}` in this session: call list_pages to see the pages")]
    NoSuchPage(String),
    /// Content over a size bound. Tool error; nothing was written.
    #[error("{what} is {bytes} bytes, more than the {limit} allowed")]
    TooLarge {
        what: String,
        bytes: usize,
        limit: usize,
    },
    /// The session already holds as many pages as allowed. Tool error.
    #[error("the session already has {0} pages, the most allowed")]
    TooManyPages(usize),
    /// An argument that cannot be acted on; the message names it. Tool error.
    #[error("invalid argument: {0}")]
    InvalidArgument(String),
    /// A search/replace hunk that does not match the page exactly once. Tool error; the page is
    /// unchanged.
    #[error("edit refused, the page is unchanged: {0}")]
    HunkMismatch(String),
    /// The edit cannot be done without a model and the client offers none. Tool error.
    #[error(
        "this edit needs a model, and the client offers no sampling: without one, edit_page can \
         replace quoted text (replace \"old\" with \"new\"), change a design token (set \
         --color-primary to #0055aa) or remove a named section (remove the \"menu\" section)"
    )]
    NeedsModel,
    /// The client's model answered something unusable. Tool error; nothing was written.
    #[error("the model's answer could not be used: {0}")]
    ModelAnswer(String),
    /// The image could not be read or decoded. Tool error.
    #[error("could not read the image: {0}")]
    Image(String),
    /// Reading or writing the session's folder failed. Not the caller's fault: a server error.
    #[error("site storage: {0}")]
    Storage(String),
    /// The browser failed underneath; keeps the browser error's family and code.
    #[error(transparent)]
    Browser(#[from] BrowserError),
}

impl SiteError {
    /// True for errors the caller can act on (returned as `isError` results).
    pub fn is_tool_error(&self) -> bool {
        match self {
            Self::InvalidSlug(_)
            | Self::NoSuchPage(_)
            | Self::TooLarge { .. }
            | Self::TooManyPages(_)
            | Self::InvalidArgument(_)
            | Self::HunkMismatch(_)
            | Self::NeedsModel
            | Self::ModelAnswer(_)
            | Self::Image(_) => true,
            Self::Storage(_) => false,
            Self::Browser(error) => error.is_tool_error(),
        }
    }

    /// A short machine-readable code.
    pub fn code(&self) -> &'static str {
        match self {
            Self::InvalidSlug(_) => "invalid_slug",
            Self::NoSuchPage(_) => "no_such_page",
            Self::TooLarge { .. } => "too_large",
            Self::TooManyPages(_) => "too_many_pages",
            Self::InvalidArgument(_) => "invalid_argument",
            Self::HunkMismatch(_) => "hunk_mismatch",
            Self::NeedsModel => "needs_model",
            Self::ModelAnswer(_) => "model_answer",
            Self::Image(_) => "image",
            Self::Storage(_) => "storage",
            Self::Browser(error) => error.code(),
        }
    }
}

impl From<std::io::Error> for SiteError {
    fn from(error: std::io::Error) -> Self {
        Self::Storage(error.to_string())
    }
}
