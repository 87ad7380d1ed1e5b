//! The site tools as MCP tools: their own router ([`router`]) over any server that is a
//! [`SiteHost`], merged by the browser server with its own, so every way the server is served
//! lists both.
//!
//! Each result has one line of text first (what the agent's timeline shows, e.g. the page's
//! address or the validation summary) and a JSON object as structured content. Caller mistakes
//! are `isError` results with `{error, message}`; a storage or browser failure is a JSON-RPC
//! error, as for the browser tools.

use std::sync::Arc;

use base64::Engine;
use rmcp::ErrorData;
use rmcp::handler::server::router::tool::ToolRouter;
use rmcp::handler::server::tool::IntoCallToolResult;
use rmcp::model::{CallToolResponse, CallToolResult, ContentBlock};
use serde::Serialize;
use serde_json::{Value, json};

use super::error::SiteError;
use super::params::{
    AnalyzeBriefParams, DesignSystemParams, EditPageParams, ExtractStyleParams, GeneratePageParams,
    ListPagesParams, ReadPageParams, ValidateHtmlParams,
};
use super::sampling::Sampler;
use super::slug::Slug;
use super::store::SiteStore;
use super::studio::{self, ImageSource};
use super::{SiteHost, preview};
use crate::browser::BrowserHost;
use crate::screenshot::{ScreenshotFormat, ScreenshotOptions};
use crate::tool::route::{failure_answer, route};

/// What every site tool returns.
pub(crate) type SiteAnswer = Result<CallToolResult, SiteFailure>;

/// A failed site tool call.
#[derive(Debug)]
pub(crate) struct SiteFailure(SiteError);

impl<E: Into<SiteError>> From<E> for SiteFailure {
    fn from(error: E) -> Self {
        Self(error.into())
    }
}

impl IntoCallToolResult for SiteFailure {
    fn into_call_tool_result(self) -> Result<CallToolResponse, ErrorData> {
        let error = self.0;
        failure_answer(error.code(), error.to_string(), error.is_tool_error())
    }
}

/// One line of text and `value` (an object) as structured content.
fn answer<T: Serialize>(line: String, value: &T) -> SiteAnswer {
    let mut result = CallToolResult::success(vec![ContentBlock::text(line)]);
    let value = serde_json::to_value(value)
        .map_err(|error| SiteError::Storage(format!("answer not encodable: {error}")))?;
    result.structured_content = Some(value);
    Ok(result)
}

/// The site tools over `S`, each served from its declaration (`super::params`). The tools that
/// can ask the client's model get its [`Sampler`] (none when the client cannot sample).
pub(crate) fn router<S: SiteHost>() -> ToolRouter<S> {
    ToolRouter::new()
        .with_route(route::<S, AnalyzeBriefParams, SiteFailure>(|_, p, c| {
            Box::pin(analyze_brief(p, Sampler::of(&c)))
        }))
        .with_route(route::<S, DesignSystemParams, SiteFailure>(|s, p, _| {
            Box::pin(create_design_system(s, p))
        }))
        .with_route(route::<S, GeneratePageParams, SiteFailure>(|s, p, c| {
            Box::pin(generate_page(s, p, Sampler::of(&c)))
        }))
        .with_route(route::<S, EditPageParams, SiteFailure>(|s, p, c| {
            Box::pin(edit_page(s, p, Sampler::of(&c)))
        }))
        .with_route(route::<S, ReadPageParams, SiteFailure>(|s, p, _| {
            Box::pin(read_page(s, p))
        }))
        .with_route(route::<S, ListPagesParams, SiteFailure>(|s, _, _| {
            Box::pin(list_pages(s))
        }))
        .with_route(route::<S, ValidateHtmlParams, SiteFailure>(|s, p, _| {
            Box::pin(validate_html(s, p))
        }))
        .with_route(route::<S, ExtractStyleParams, SiteFailure>(|s, p, _| {
            Box::pin(extract_style(s, p))
        }))
}

/// The session's browser host, store and the preview server's base address.
async fn site_files<S: SiteHost>(
    server: &S,
) -> Result<(Arc<BrowserHost>, SiteStore, String), SiteError> {
    let host = Arc::clone(server.browser_session().lock().await.host());
    let studio = server.studio();
    let root = studio.root(host.config());
    let store = studio.store(host.config())?;
    let base = preview::base_url(&root).await?;
    Ok((host, store, base))
}

/// A page tool's files: `slug` checked first (a bad name is the caller's mistake, whatever the
/// store's state), then the store and the preview server's base address.
async fn page_files<S: SiteHost>(
    server: &S,
    slug: &str,
) -> Result<(Slug, SiteStore, String), SiteError> {
    let slug = Slug::parse(slug)?;
    let (_, store, base) = site_files(server).await?;
    Ok((slug, store, base))
}

async fn analyze_brief(params: AnalyzeBriefParams, sampler: Option<Sampler>) -> SiteAnswer {
    let (analysis, source) = studio::analyze(
        &params.request,
        params.conversation_summary.as_deref(),
        sampler.as_ref(),
    )
    .await?;
    let pages: Vec<&str> = analysis.pages.iter().map(|p| p.slug.as_str()).collect();
    let line = format!(
        "{} site for {}: pages {}",
        analysis.product_type.as_str(),
        analysis.site_name,
        pages.join(", ")
    );
    let mut value =
        serde_json::to_value(&analysis).map_err(|error| SiteError::Storage(error.to_string()))?;
    if let Value::Object(object) = &mut value {
        object.insert("source".into(), Value::String(source));
    }
    answer(line, &value)
}

async fn create_design_system<S: SiteHost>(server: &S, params: DesignSystemParams) -> SiteAnswer {
    let (_, store, base) = site_files(server).await?;
    let (system, version) = studio::design(&store, &params)?;
    let line = format!(
        "design system v{version} ({} tokens) at {base}/{}/design-system.css",
        system.tokens.len(),
        store.session()
    );
    answer(
        line,
        &json!({ "version": version, "tokens": system.tokens, "pairs": system.pairs }),
    )
}

async fn generate_page<S: SiteHost>(
    server: &S,
    params: GeneratePageParams,
    sampler: Option<Sampler>,
) -> SiteAnswer {
    let (_, store, base) = page_files(server, &params.slug).await?;
    let (page, source) = studio::generate(&store, &base, &params, sampler.as_ref()).await?;
    // The address comes before the placeholders: a reader that shortens the line keeps it.
    let left = if page.placeholders.is_empty() {
        String::new()
    } else {
        format!(", placeholders: {}", page.placeholders.join("; "))
    };
    let line = format!(
        "generated {} v{} at {}{left}",
        page.info.slug, page.info.version, page.url
    );
    answer(line, &json!({ "page": page, "source": source }))
}

async fn edit_page<S: SiteHost>(
    server: &S,
    params: EditPageParams,
    sampler: Option<Sampler>,
) -> SiteAnswer {
    let (_, store, _) = page_files(server, &params.slug).await?;
    let outcome = studio::edit_page(&store, &params, sampler.as_ref()).await?;
    let line = format!(
        "edited {} ({} v{}): {}",
        outcome.slug, outcome.changed, outcome.version, outcome.summary
    );
    answer(line, &outcome)
}

async fn read_page<S: SiteHost>(server: &S, params: ReadPageParams) -> SiteAnswer {
    let (slug, store, base) = page_files(server, &params.slug).await?;
    let html = store.read_page(&slug)?;
    let url = studio::page_url(&base, &store, slug.as_str());
    let mut result = CallToolResult::success(vec![
        ContentBlock::text(format!("{slug} at {url} ({} bytes)", html.len())),
        ContentBlock::text(html.clone()),
    ]);
    result.structured_content = Some(json!({ "slug": slug.as_str(), "url": url, "html": html }));
    Ok(result)
}

async fn list_pages<S: SiteHost>(server: &S) -> SiteAnswer {
    let (_, store, base) = site_files(server).await?;
    let pages: Vec<studio::PageListing> = store
        .list()?
        .into_iter()
        .map(|info| studio::listing(&base, &store, info))
        .collect();
    let mut line = format!("{} page(s)", pages.len());
    for page in &pages {
        line.push_str(&format!(
            "\n{} v{} {} ({} placeholder(s) left)",
            page.info.slug,
            page.info.version,
            page.url,
            page.placeholders.len()
        ));
    }
    answer(line, &studio::pages_value(&pages))
}

async fn validate_html<S: SiteHost>(server: &S, params: ValidateHtmlParams) -> SiteAnswer {
    let (host, store, base) = site_files(server).await?;
    let report = studio::validate(
        &store,
        &base,
        server.studio().validator(),
        &host,
        &params.slug,
    )
    .await?;
    answer(report.summary.clone(), &report)
}

async fn extract_style<S: SiteHost>(server: &S, params: ExtractStyleParams) -> SiteAnswer {
    let (_, store, _) = site_files(server).await?;
    let bytes = match studio::image_source(&store, &params.image)? {
        ImageSource::Bytes(bytes) => bytes,
        ImageSource::CurrentPage => {
            let options = ScreenshotOptions {
                format: ScreenshotFormat::Png,
                quality: 100,
                max_width: Some(400),
            };
            let shot = server
                .browser_session()
                .lock()
                .await
                .screenshot(&options)
                .await?;
            base64::engine::general_purpose::STANDARD
                .decode(shot.data)
                .map_err(|error| SiteError::Image(error.to_string()))?
        }
    };
    let style = studio::extract(&bytes)?;
    let colours: Vec<&str> = style.palette.iter().map(|s| s.hex.as_str()).collect();
    let line = format!(
        "{} palette {}; accent {}",
        style.mode,
        colours.join(" "),
        style.accent
    );
    answer(line, &style)
}
