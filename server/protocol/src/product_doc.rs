//! [`ProductDoc`]: a session's Product Doc as data (sections with who wrote them and when), as
//! the `product_doc_updated` frame carries it and as it is stored on disk. How it is patched,
//! cut into a project card, loaded and saved is the agent's (`tandem_agent::product_doc`).

use serde::{Deserialize, Serialize};

/// Who last wrote a section.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum DocAuthor {
    /// The person (answers, messages).
    Person,
    /// The agent (site tools' results).
    Agent,
}

/// One section of the doc.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct DocSection {
    pub title: String,
    pub content: String,
    /// Unix time in milliseconds.
    pub updated_at: u64,
    pub updated_by: DocAuthor,
}

/// A session's Product Doc.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct ProductDoc {
    pub sections: Vec<DocSection>,
}
