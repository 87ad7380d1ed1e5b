//! The site tools as MCP tools: their own `#[tool_router]` (`site_router`) on
//! [`BrowserServer`], merged with the browser tools' router, so every way the server is served
//! lists both.
//!
//! Each result has one line of text first (what the agent's timeline shows, e.g. the page's
//! address or the validation summary) and a JSON object as structured content. Caller mistakes
//! are `isError` results with `{error, message}`; a storage or browser failure is a JSON-RPC
//! error, as for the browser tools.

use std::sync::Arc;

use base64::Engine;
use rmcp::ErrorData;
use rmcp::handler::server::tool::IntoCallToolResult;
use rmcp::handler::server::wrapper::Parameters;
use rmcp::model::{CallToolResponse, CallToolResult, ContentBlock};
use rmcp::service::{RequestContext, RoleServer};
use rmcp::{tool, tool_router};
use serde::Serialize;
use serde_json::{Value, json};

use super::error::SiteError;
use super::params::{
    AnalyzeBriefParams, DesignSystemParams, EditPageParams, ExtractStyleParams, GeneratePageParams,
    SlugParams,
};
use super::sampling::Sampler;
use super::slug::Slug;
use super::store::SiteStore;
use super::studio::{self, ImageSource};
use super::{SiteStudio, preview};
use crate::browser::BrowserHost;
use crate::screenshot::{ScreenshotFormat, ScreenshotOptions};
use crate::server::BrowserServer;
use crate::server::arguments::Checked;
use crate::server::params::NoParams;

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
        crate::server::answer::failure_answer(
            error.code(),
            error.to_string(),
            error.is_tool_error(),
        )
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

impl BrowserServer {
    async fn site_host(&self) -> Arc<BrowserHost> {
        Arc::clone(self.session().lock().await.host())
    }

    /// The session's store and the preview server's base address.
    async fn site_files(&self) -> Result<(Arc<BrowserHost>, SiteStore, String), SiteError> {
        let host = self.site_host().await;
        let studio: &SiteStudio = self.site();
        let root = studio.root(host.config());
        let store = studio.store(host.config())?;
        let base = preview::base_url(&root).await?;
        Ok((host, store, base))
    }
}

#[tool_router(router = site_router, vis = "pub(crate)")]
impl BrowserServer {
    #[tool(
        description = "Site studio: analyse a person's request for a small website. Returns the \
        product type, audience, scenario, suggested pages (slug, title, purpose), a default data \
        model and open questions worth asking (essential ones first)."
    )]
    async fn analyze_brief(
        &self,
        Parameters(args): Parameters<Checked<AnalyzeBriefParams>>,
        context: RequestContext<RoleServer>,
    ) -> SiteAnswer {
        let params = args.parsed()?;
        let sampler = Sampler::of(&context);
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
        let mut value = serde_json::to_value(&analysis)
            .map_err(|error| SiteError::Storage(error.to_string()))?;
        if let Value::Object(object) = &mut value {
            object.insert("source".into(), Value::String(source));
        }
        answer(line, &value)
    }

    #[tool(
        description = "Site studio: write the session's design-system.css (colour scales, \
        spacing, type scale, radii, shadows, component classes btn/card/list/form/nav/tab-bar, \
        mobile utilities). Text colours pass WCAG AA. Returns the tokens and contrast pairs."
    )]
    async fn create_design_system(
        &self,
        Parameters(args): Parameters<Checked<DesignSystemParams>>,
    ) -> SiteAnswer {
        let params = args.parsed()?;
        let (_, store, base) = self.site_files().await?;
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

    #[tool(
        description = "Site studio: generate a standalone mobile-first HTML page that links \
        design-system.css, and save it as pages/{slug}.html (a new numbered version when it \
        exists). Returns its address for the browser."
    )]
    async fn generate_page(
        &self,
        Parameters(args): Parameters<Checked<GeneratePageParams>>,
        context: RequestContext<RoleServer>,
    ) -> SiteAnswer {
        let params = args.parsed()?;
        Slug::parse(&params.slug)?;
        let (_, store, base) = self.site_files().await?;
        let sampler = Sampler::of(&context);
        let (page, source) = studio::generate(&store, &base, &params, sampler.as_ref()).await?;
        let line = format!(
            "generated {} v{} at {}",
            page.info.slug, page.info.version, page.url
        );
        answer(line, &json!({ "page": page, "source": source }))
    }

    #[tool(
        description = "Site studio: make a targeted edit to a page and leave the rest \
        byte-identical. Without a model: replace \"old\" with \"new\", set --token to value, \
        remove the \"name\" section; other instructions ask the client's model for exact \
        search/replace hunks. Hunks that do not match exactly once are refused."
    )]
    async fn edit_page(
        &self,
        Parameters(args): Parameters<Checked<EditPageParams>>,
        context: RequestContext<RoleServer>,
    ) -> SiteAnswer {
        let params = args.parsed()?;
        Slug::parse(&params.slug)?;
        let (_, store, _) = self.site_files().await?;
        let sampler = Sampler::of(&context);
        let outcome = studio::edit_page(&store, &params, sampler.as_ref()).await?;
        let line = format!(
            "edited {} ({} v{}): {}",
            outcome.slug, outcome.changed, outcome.version, outcome.summary
        );
        answer(line, &outcome)
    }

    #[tool(description = "Site studio: the HTML of one of the session's pages.")]
    async fn read_page(&self, Parameters(args): Parameters<Checked<SlugParams>>) -> SiteAnswer {
        let params = args.parsed()?;
        let slug = Slug::parse(&params.slug)?;
        let (_, store, base) = self.site_files().await?;
        let html = store.read_page(&slug)?;
        let url = studio::page_url(&base, &store, slug.as_str());
        let mut result = CallToolResult::success(vec![
            ContentBlock::text(format!("{slug} at {url} ({} bytes)", html.len())),
            ContentBlock::text(html.clone()),
        ]);
        result.structured_content =
            Some(json!({ "slug": slug.as_str(), "url": url, "html": html }));
        Ok(result)
    }

    #[tool(
        description = "Site studio: the session's pages (slug, title, bytes, version, modified \
        time, address)."
    )]
    async fn list_pages(&self, Parameters(args): Parameters<Checked<NoParams>>) -> SiteAnswer {
        args.parsed()?;
        let (_, store, base) = self.site_files().await?;
        let pages: Vec<studio::PageListing> = store
            .list()?
            .into_iter()
            .map(|info| studio::listing(&base, &store, info))
            .collect();
        let mut line = format!("{} page(s)", pages.len());
        for page in &pages {
            line.push_str(&format!(
                "\n{} v{} {}",
                page.info.slug, page.info.version, page.url
            ));
        }
        answer(line, &studio::pages_value(&pages))
    }

    #[tool(
        description = "Site studio: open a page in the real browser at a phone viewport \
        (390x844) and check it: viewport meta, horizontal overflow, touch targets under 44x44, \
        text under 12px, images without alt, WCAG AA contrast, console errors, links to missing \
        pages, design system linked. Returns a report and a one-line summary."
    )]
    async fn validate_html(&self, Parameters(args): Parameters<Checked<SlugParams>>) -> SiteAnswer {
        let params = args.parsed()?;
        let (host, store, base) = self.site_files().await?;
        let report =
            studio::validate(&store, &base, self.site().validator(), &host, &params.slug).await?;
        answer(report.summary.clone(), &report)
    }

    #[tool(
        description = "Site studio: a palette from an image by clustering its pixels: colours by \
        share, light/dark, accent, and brand_colors ready for create_design_system. `image` is a \
        path inside the session's site folder, a data:image/…;base64 URL, or current_page."
    )]
    async fn extract_style(
        &self,
        Parameters(args): Parameters<Checked<ExtractStyleParams>>,
    ) -> SiteAnswer {
        let params = args.parsed()?;
        let (_, store, _) = self.site_files().await?;
        let bytes = match studio::image_source(&store, &params.image)? {
            ImageSource::Bytes(bytes) => bytes,
            ImageSource::CurrentPage => {
                let options = ScreenshotOptions {
                    format: ScreenshotFormat::Png,
                    quality: 100,
                    max_width: Some(400),
                };
                let shot = self.session().lock().await.screenshot(&options).await?;
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
}
