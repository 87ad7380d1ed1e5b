//! The scripted person: does a takeover's steps in the session's own browser context, through
//! the same MCP tools the agent uses, and reads the page for the final checks.
//!
//! Elements are found by accessible name: exact (case-insensitive), then by placeholder, then a
//! name that contains the text. Several equally good matches take the first in page order.

use std::sync::Arc;

use anyhow::{Context, bail};
use tandem_mcp_browser::browser::WaitCondition;
use tandem_mcp_browser::server::BrowserServer;
use tandem_mcp_browser::server::params::{
    ClickParams, KeyParams, ListTabsParams, NavigateParams, ObserveParams, SelectParams,
    TypeParams, WaitParams,
};
use tandem_mcp_browser::snapshot::{Element, Snapshot};
use tandem_mcp_browser::{BrowserSession, BrowserTool, McpBrowserClient, ObservedPage};
use tokio::sync::Mutex;

use super::format::HumanStep;

/// How long the person waits for a text to show.
pub const TEXT_WAIT_MS: u64 = 5_000;

/// A person at the session's browser.
pub struct Human {
    client: McpBrowserClient,
}

impl Human {
    /// Connects to the session's browser context.
    pub async fn attach(browser: Arc<Mutex<BrowserSession>>) -> anyhow::Result<Self> {
        let client = McpBrowserClient::in_process(BrowserServer::with_session(browser))
            .await
            .context("connecting the scripted person to the browser")?;
        Ok(Self { client })
    }

    /// Opens `url` (the person types it into the address bar: no policy involved).
    pub async fn open(&self, url: &str) -> anyhow::Result<()> {
        let navigate = NavigateParams {
            url: url.to_string(),
        };
        self.act(&navigate, || format!("opening {url}")).await
    }

    /// Does one step.
    pub async fn perform(&self, step: &HumanStep) -> anyhow::Result<()> {
        match step {
            HumanStep::Type { field, text } => {
                let typing = TypeParams {
                    eid: self.find(field).await?,
                    text: text.clone(),
                    clear: true,
                    submit: false,
                };
                self.act(&typing, || format!("typing into {field:?}")).await
            }
            HumanStep::Click { name } => {
                let eid = self.find(name).await?;
                self.act(&ClickParams { eid }, || format!("clicking {name:?}"))
                    .await
            }
            HumanStep::Select { field, option } => {
                let choosing = SelectParams {
                    eid: self.find(field).await?,
                    option: option.clone(),
                };
                let doing = || format!("selecting {option:?} in {field:?}");
                self.act(&choosing, doing).await
            }
            HumanStep::Press { key } => {
                let press = KeyParams { key: key.clone() };
                self.act(&press, || format!("pressing {key}")).await
            }
            HumanStep::Navigate { url } => self.open(url).await,
            HumanStep::WaitFor { text } => self.wait_for_text(text).await,
        }
    }

    /// Runs one browser tool; a failure says what the person was `doing`.
    async fn act<T, D>(&self, params: &T, doing: impl FnOnce() -> D) -> anyhow::Result<()>
    where
        T: BrowserTool,
        D: std::fmt::Display + Send + Sync + 'static,
    {
        self.client.invoke(params).await.with_context(doing)?;
        Ok(())
    }

    /// Waits (in the browser) until the page shows `text`.
    pub async fn wait_for_text(&self, text: &str) -> anyhow::Result<()> {
        let condition = WaitCondition::Text {
            text: text.to_owned(),
        };
        self.client
            .invoke(&WaitParams {
                condition: condition.clone(),
                timeout_ms: Some(TEXT_WAIT_MS),
            })
            .await
            .with_context(|| format!("the page never showed {text:?}"))?;
        Ok(())
    }

    /// The page now, with a screenshot.
    pub async fn observe(&self) -> anyhow::Result<ObservedPage> {
        Ok(self.client.invoke(&ObserveParams::compact(None)).await?)
    }

    /// The active tab's URL and the number of tabs.
    pub async fn tabs(&self) -> anyhow::Result<(String, usize)> {
        let tabs = self.client.invoke(&ListTabsParams {}).await?.tabs;
        let active = tabs
            .iter()
            .find(|t| t.active)
            .map(|t| t.url.clone())
            .context("no active tab")?;
        Ok((active, tabs.len()))
    }

    /// Ends the person's connection (the browser context stays with the session).
    pub async fn close(&self) {
        self.client.close().await;
    }

    async fn find(&self, name: &str) -> anyhow::Result<String> {
        let page = self.observe().await?;
        match find_element(&page.observation.snapshot, name) {
            Some(element) => Ok(element.eid.as_str().to_owned()),
            None => bail!(
                "no element named {name:?} on {} ({})",
                page.observation.snapshot.title,
                page.observation.snapshot.url
            ),
        }
    }
}

/// The element named `name`: exact name, then placeholder, then a name containing it.
pub fn find_element<'a>(snapshot: &'a Snapshot, name: &str) -> Option<&'a Element> {
    let wanted = name.trim().to_lowercase();
    let named = |e: &&Element| e.name.trim().to_lowercase() == wanted;
    let placeholder = |e: &&Element| {
        e.placeholder
            .as_deref()
            .is_some_and(|p| p.trim().to_lowercase() == wanted)
    };
    let contains = |e: &&Element| e.name.to_lowercase().contains(&wanted);
    let elements = &snapshot.elements;
    elements
        .iter()
        .find(named)
        .or_else(|| elements.iter().find(placeholder))
        .or_else(|| elements.iter().find(contains))
}

/// Every text the page shows, one per line and each once (a row's context is shared by its
/// elements): text blocks, element names and contexts, and field values.
pub fn page_text(snapshot: &Snapshot) -> String {
    let values = snapshot.elements.iter().filter_map(|e| e.value.as_deref());
    let mut seen = std::collections::HashSet::new();
    let mut text = String::new();
    for shown in snapshot.shown_texts().chain(values) {
        if seen.insert(shown) {
            text.push_str(shown);
            text.push('\n');
        }
    }
    text
}

#[cfg(test)]
mod tests {
    use tandem_mcp_browser::snapshot::Element;

    use super::*;

    #[test]
    fn the_page_text_says_a_shared_context_once() {
        let field = |name: &str| Element {
            name: name.into(),
            context: Some("Create your account".into()),
            ..Element::default()
        };
        let snapshot = Snapshot {
            elements: vec![field("Full name"), field("Email")],
            ..Snapshot::default()
        };
        assert_eq!(
            page_text(&snapshot),
            "Full name\nCreate your account\nEmail\n"
        );
    }
}
