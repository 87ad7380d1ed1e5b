//! [`ModelConfig`]: where the model lives and how it is used.
//!
//! In: a `[model]` TOML table (the daemon's config file embeds this type; unknown keys are
//! refused) and/or the environment ([`ModelConfig::from_env`], [`ModelConfig::apply_env`]).
//! Out: read by [`crate::model::ModelClient`] (endpoint, key, headers, timeouts, retries, tiers,
//! prices) and by [`crate::planner::ModelPlanner`] (vision, secrets, prompts, budgets).
//! `Debug` never shows the API key, header values or secret values.
//!
//! Environment variables (all optional; `TANDEM_MODEL_BASE_URL` or `MODEL_STANDARD` turns the
//! model planner on):
//!
//! | variable | meaning |
//! |---|---|
//! | `TANDEM_MODEL_BASE_URL` | OpenAI-compatible base URL including `/v1` |
//! | `TANDEM_MODEL_API_KEY` | bearer key (optional for local servers) |
//! | `TANDEM_MODEL_HEADERS` | extra headers, `Name=value;Other=value` |
//! | `TANDEM_MODEL_TIMEOUT_MS`, `TANDEM_MODEL_CONNECT_TIMEOUT_MS` | per-request timeouts |
//! | `MODEL_FAST`, `MODEL_STANDARD`, `MODEL_POWERFUL` | tier models, `primary` or `primary,fallback` |
//! | `MODEL_FAST_FALLBACK`, `MODEL_STANDARD_FALLBACK`, `MODEL_POWERFUL_FALLBACK` | fallback models |
//! | `TANDEM_MODEL_VISION` | `true` attaches the screenshot |
//! | `TANDEM_MODEL_MAX_RETRIES`, `TANDEM_MODEL_RETRY_BASE_MS`, `TANDEM_MODEL_RETRY_MAX_MS` | retries |
//! | `TANDEM_MODEL_PROMPTS_DIR` | folder of `*.md` prompt overrides |
//! | `TANDEM_MODEL_COMPACTION_THRESHOLD` | history tokens before compaction |
//! | `TANDEM_MODEL_OBSERVATION_TOKENS` | budget of the page text |
//! | `TANDEM_MODEL_STRUCTURED_OUTPUT` | `json_schema` (default), `json_object` or `prompt` |
//! | `TANDEM_MODEL_PRICE_INPUT_PER_1K`, `TANDEM_MODEL_PRICE_OUTPUT_PER_1K` | default prices |
//! | `TANDEM_SECRET_<NAME>` + `TANDEM_SECRET_<NAME>_HOST` | a secret and the only host it is typed on |

use std::collections::BTreeMap;
use std::path::PathBuf;
use std::time::Duration;

use serde::{Deserialize, Serialize};
use url::Url;

use super::error::ModelConfigError;
use super::secret::SecretString;

/// A model tier: planning runs on STANDARD, compaction on FAST, escalation on POWERFUL.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Tier {
    /// Cheap and quick: history compaction.
    Fast,
    /// Planning.
    Standard,
    /// Planning after repeated invalid output.
    Powerful,
}

impl Tier {
    /// `fast`, `standard` or `powerful`.
    pub fn name(self) -> &'static str {
        match self {
            Tier::Fast => "fast",
            Tier::Standard => "standard",
            Tier::Powerful => "powerful",
        }
    }
}

/// The models of one tier: the primary, and the one used when the primary keeps failing.
#[derive(Debug, Clone, PartialEq, Eq, Deserialize)]
#[serde(from = "TierRepr")]
pub struct TierModels {
    /// Model name sent as `model`.
    pub primary: String,
    /// Model used when the primary fails after its retries.
    pub fallback: Option<String>,
}

impl TierModels {
    /// A tier with one model.
    pub fn new(primary: impl Into<String>) -> Self {
        Self {
            primary: primary.into(),
            fallback: None,
        }
    }

    /// The same tier with a fallback model.
    pub fn with_fallback(mut self, fallback: impl Into<String>) -> Self {
        self.fallback = Some(fallback.into());
        self
    }

    /// Primary, then fallback.
    pub fn in_order(&self) -> impl Iterator<Item = &str> {
        std::iter::once(self.primary.as_str()).chain(self.fallback.as_deref())
    }
}

/// `standard = "gpt-4o"` or `standard = { primary = "gpt-4o", fallback = "gpt-4o-mini" }`.
#[derive(Deserialize)]
#[serde(untagged)]
enum TierRepr {
    Name(String),
    Models(TierTable),
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct TierTable {
    primary: String,
    #[serde(default)]
    fallback: Option<String>,
}

impl From<TierRepr> for TierModels {
    fn from(repr: TierRepr) -> Self {
        match repr {
            TierRepr::Name(name) => TierModels::new(name),
            TierRepr::Models(table) => TierModels {
                primary: table.primary,
                fallback: table.fallback,
            },
        }
    }
}

/// Price of a model in currency units per 1,000 tokens.
#[derive(Debug, Clone, Copy, Default, PartialEq, Deserialize, Serialize)]
#[serde(deny_unknown_fields)]
pub struct Price {
    /// Per 1,000 prompt tokens.
    #[serde(default)]
    pub input_per_1k: f64,
    /// Per 1,000 completion tokens.
    #[serde(default)]
    pub output_per_1k: f64,
}

impl Price {
    /// The cost of a request with these token counts.
    pub fn cost(&self, prompt_tokens: u64, completion_tokens: u64) -> f64 {
        (prompt_tokens as f64 * self.input_per_1k + completion_tokens as f64 * self.output_per_1k)
            / 1_000.0
    }
}

/// A value the model only ever sees as `<secret:name>`; it is typed only on `host`.
#[derive(Debug, Clone, PartialEq, Eq, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct SecretEntry {
    /// The only host (exact, case-insensitive) the value may be typed on.
    pub host: String,
    /// The value.
    pub value: SecretString,
}

/// How the model is asked for structured output.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Deserialize, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum StructuredOutput {
    /// `response_format: {type: json_schema, strict: true}`; falls back to `json_object` for a
    /// model whose endpoint refuses it.
    #[default]
    JsonSchema,
    /// `response_format: {type: json_object}`, the schema in the prompt, validation here; falls
    /// back to `prompt` for an endpoint that refuses it.
    JsonObject,
    /// No `response_format` at all: the schema in the prompt, the JSON taken from the answer's
    /// text (a code fence is fine), validation here. For endpoints that accept neither.
    Prompt,
}

impl StructuredOutput {
    /// The next weaker way to ask, for an endpoint that refused this one.
    pub fn weaker(self) -> Option<Self> {
        match self {
            Self::JsonSchema => Some(Self::JsonObject),
            Self::JsonObject => Some(Self::Prompt),
            Self::Prompt => None,
        }
    }
}

/// Everything about the model endpoint and how the planner uses it.
#[derive(Debug, Clone, PartialEq, Deserialize)]
#[serde(deny_unknown_fields, default)]
pub struct ModelConfig {
    /// OpenAI-compatible base URL including `/v1` (`https://api.openai.com/v1`,
    /// `http://localhost:11434/v1`); `chat/completions` is appended unless already there.
    pub base_url: String,
    /// Bearer key; absent for local servers.
    pub api_key: Option<SecretString>,
    /// Extra headers sent with every request (OpenRouter's `HTTP-Referer`, a gateway key...).
    pub headers: BTreeMap<String, SecretString>,
    /// Whole-request timeout in milliseconds (a timeout is retried).
    pub timeout_ms: u64,
    /// Connection timeout in milliseconds.
    pub connect_timeout_ms: u64,
    /// FAST tier (compaction); defaults to STANDARD.
    pub fast: Option<TierModels>,
    /// STANDARD tier (planning); required.
    pub standard: Option<TierModels>,
    /// POWERFUL tier (escalation after invalid output); defaults to STANDARD.
    pub powerful: Option<TierModels>,
    /// Attach the observation's screenshot (JPEG, at most 1280 px wide: the observe tool's
    /// `max_width`) to planning requests. Off by default: it adds about a thousand prompt tokens
    /// per request (`cargo bench -p tandem-tests --bench vision_tokens`).
    pub vision: bool,
    /// Prices by model name.
    pub prices: BTreeMap<String, Price>,
    /// Price of models not in `prices`.
    pub default_price: Option<Price>,
    /// Retries after the first attempt, per model.
    pub max_retries: u32,
    /// First backoff delay in milliseconds (doubled per retry, with jitter).
    pub retry_base_ms: u64,
    /// Longest backoff delay in milliseconds.
    pub retry_max_ms: u64,
    /// Longest `Retry-After` honoured, in milliseconds; a longer one ends the retries.
    pub max_retry_after_ms: u64,
    /// Secrets by name (`<secret:name>` for the model).
    pub secrets: BTreeMap<String, SecretEntry>,
    /// Folder whose `<prompt>.md` files replace the built-in prompts.
    pub prompts_dir: Option<PathBuf>,
    /// Estimated tokens of step history above which older steps are summarised.
    pub compaction_threshold_tokens: usize,
    /// Token budget of the page observation text.
    pub observation_max_tokens: usize,
    /// How structured output is requested.
    pub structured_output: StructuredOutput,
    /// Sampling temperature, when set.
    pub temperature: Option<f32>,
    /// `max_tokens` of planning answers, when set.
    pub max_output_tokens: Option<u32>,
    /// Invalid outputs in a row after which planning uses the POWERFUL tier.
    pub escalate_after_invalid: u32,
}

impl Default for ModelConfig {
    fn default() -> Self {
        Self {
            base_url: "https://api.openai.com/v1".to_owned(),
            api_key: None,
            headers: BTreeMap::new(),
            timeout_ms: 60_000,
            connect_timeout_ms: 10_000,
            fast: None,
            standard: None,
            powerful: None,
            vision: false,
            prices: BTreeMap::new(),
            default_price: None,
            max_retries: 3,
            retry_base_ms: 500,
            retry_max_ms: 20_000,
            max_retry_after_ms: 60_000,
            secrets: BTreeMap::new(),
            prompts_dir: None,
            compaction_threshold_tokens: 1_200,
            observation_max_tokens: 3_000,
            structured_output: StructuredOutput::JsonSchema,
            temperature: None,
            max_output_tokens: None,
            escalate_after_invalid: 1,
        }
    }
}

impl ModelConfig {
    /// A configuration for `base_url` with `model` on the STANDARD tier, defaults elsewhere.
    pub fn new(base_url: impl Into<String>, model: impl Into<String>) -> Self {
        Self {
            base_url: base_url.into(),
            standard: Some(TierModels::new(model)),
            ..Self::default()
        }
    }

    /// The configuration from the process environment; `None` when no model is configured
    /// (neither `TANDEM_MODEL_BASE_URL` nor `MODEL_STANDARD` is set).
    pub fn from_env() -> Result<Option<Self>, ModelConfigError> {
        Self::from_vars(std::env::vars())
    }

    /// [`ModelConfig::from_env`] over given variables (for tests and embedding).
    pub fn from_vars(
        vars: impl IntoIterator<Item = (String, String)>,
    ) -> Result<Option<Self>, ModelConfigError> {
        let vars: BTreeMap<String, String> = vars.into_iter().collect();
        if !vars.contains_key("TANDEM_MODEL_BASE_URL") && !vars.contains_key("MODEL_STANDARD") {
            return Ok(None);
        }
        let mut config = Self::default();
        config.apply_vars(&vars)?;
        config.validate()?;
        Ok(Some(config))
    }

    /// Parses a `[model]` table's content (the table itself, not the whole file).
    pub fn from_toml_str(text: &str) -> Result<Self, ModelConfigError> {
        let config: Self =
            toml::from_str(text).map_err(|e| ModelConfigError::Invalid(e.to_string()))?;
        config.validate()?;
        Ok(config)
    }

    /// Overrides fields from the process environment (the environment wins over the file).
    pub fn apply_env(&mut self) -> Result<(), ModelConfigError> {
        let vars: BTreeMap<String, String> = std::env::vars().collect();
        self.apply_vars(&vars)?;
        self.validate()
    }

    fn apply_vars(&mut self, vars: &BTreeMap<String, String>) -> Result<(), ModelConfigError> {
        let get = |name: &str| vars.get(name).map(|v| v.trim()).filter(|v| !v.is_empty());
        if let Some(url) = get("TANDEM_MODEL_BASE_URL") {
            self.base_url = url.to_owned();
        }
        if let Some(key) = vars.get("TANDEM_MODEL_API_KEY").filter(|k| !k.is_empty()) {
            self.api_key = Some(SecretString::new(key.clone()));
        }
        if let Some(headers) = get("TANDEM_MODEL_HEADERS") {
            for pair in headers.split(';').filter(|p| !p.trim().is_empty()) {
                let (name, value) = pair
                    .split_once('=')
                    .ok_or_else(|| invalid("TANDEM_MODEL_HEADERS", "expected Name=value"))?;
                self.headers
                    .insert(name.trim().to_owned(), SecretString::new(value.trim()));
            }
        }
        set_number(get, "TANDEM_MODEL_TIMEOUT_MS", &mut self.timeout_ms)?;
        set_number(
            get,
            "TANDEM_MODEL_CONNECT_TIMEOUT_MS",
            &mut self.connect_timeout_ms,
        )?;
        set_number(get, "TANDEM_MODEL_MAX_RETRIES", &mut self.max_retries)?;
        set_number(get, "TANDEM_MODEL_RETRY_BASE_MS", &mut self.retry_base_ms)?;
        set_number(get, "TANDEM_MODEL_RETRY_MAX_MS", &mut self.retry_max_ms)?;
        set_number(
            get,
            "TANDEM_MODEL_COMPACTION_THRESHOLD",
            &mut self.compaction_threshold_tokens,
        )?;
        set_number(
            get,
            "TANDEM_MODEL_OBSERVATION_TOKENS",
            &mut self.observation_max_tokens,
        )?;
        for (tier, slot) in [
            ("FAST", &mut self.fast),
            ("STANDARD", &mut self.standard),
            ("POWERFUL", &mut self.powerful),
        ] {
            if let Some(spec) = get(&format!("MODEL_{tier}")) {
                let mut names = spec.split(',').map(str::trim).filter(|n| !n.is_empty());
                if let Some(primary) = names.next() {
                    let mut models = TierModels::new(primary);
                    models.fallback = names.next().map(str::to_owned);
                    *slot = Some(models);
                }
            }
            if let Some(fallback) = get(&format!("MODEL_{tier}_FALLBACK"))
                && let Some(models) = slot.as_mut()
            {
                models.fallback = Some(fallback.to_owned());
            }
        }
        if let Some(vision) = get("TANDEM_MODEL_VISION") {
            self.vision = parse_bool("TANDEM_MODEL_VISION", vision)?;
        }
        if let Some(dir) = get("TANDEM_MODEL_PROMPTS_DIR") {
            self.prompts_dir = Some(PathBuf::from(dir));
        }
        if let Some(mode) = get("TANDEM_MODEL_STRUCTURED_OUTPUT") {
            self.structured_output = match mode {
                "json_schema" => StructuredOutput::JsonSchema,
                "json_object" => StructuredOutput::JsonObject,
                "prompt" => StructuredOutput::Prompt,
                _ => {
                    return Err(invalid(
                        "TANDEM_MODEL_STRUCTURED_OUTPUT",
                        "expected json_schema, json_object or prompt",
                    ));
                }
            };
        }
        let input = get("TANDEM_MODEL_PRICE_INPUT_PER_1K");
        let output = get("TANDEM_MODEL_PRICE_OUTPUT_PER_1K");
        if input.is_some() || output.is_some() {
            let mut price = self.default_price.unwrap_or_default();
            if let Some(input) = input {
                price.input_per_1k = parse("TANDEM_MODEL_PRICE_INPUT_PER_1K", input)?;
            }
            if let Some(output) = output {
                price.output_per_1k = parse("TANDEM_MODEL_PRICE_OUTPUT_PER_1K", output)?;
            }
            self.default_price = Some(price);
        }
        for (key, value) in vars {
            let Some(name) = key.strip_prefix("TANDEM_SECRET_") else {
                continue;
            };
            if name.ends_with("_HOST") || name.is_empty() {
                continue;
            }
            let host = get(&format!("{key}_HOST"))
                .ok_or_else(|| invalid(key, "a secret needs its host in <name>_HOST"))?;
            self.secrets.insert(
                name.to_ascii_lowercase(),
                SecretEntry {
                    host: host.to_owned(),
                    value: SecretString::new(value.clone()),
                },
            );
        }
        Ok(())
    }

    /// Checks that the configuration can be used.
    pub fn validate(&self) -> Result<(), ModelConfigError> {
        self.endpoint()?;
        if self.standard.is_none() {
            return Err(ModelConfigError::MissingTier(Tier::Standard.name()));
        }
        for (name, secret) in &self.secrets {
            let valid_name = !name.is_empty()
                && name
                    .chars()
                    .all(|c| c.is_ascii_alphanumeric() || c == '_' || c == '-');
            if !valid_name {
                return Err(invalid("secrets", "names use letters, digits, _ and -"));
            }
            if secret.host.trim().is_empty() || secret.value.is_empty() {
                return Err(invalid("secrets", "every secret needs a host and a value"));
            }
        }
        Ok(())
    }

    /// The chat-completions URL.
    pub fn endpoint(&self) -> Result<Url, ModelConfigError> {
        let base = self.base_url.trim().trim_end_matches('/');
        let full = if base.ends_with("/chat/completions") {
            base.to_owned()
        } else {
            format!("{base}/chat/completions")
        };
        let url = Url::parse(&full).map_err(|e| invalid("base_url", &e.to_string()))?;
        match url.scheme() {
            "http" | "https" => Ok(url),
            _ => Err(invalid("base_url", "expected an http or https URL")),
        }
    }

    /// The models of `tier` (FAST and POWERFUL default to STANDARD).
    pub fn models(&self, tier: Tier) -> Option<&TierModels> {
        match tier {
            Tier::Fast => self.fast.as_ref().or(self.standard.as_ref()),
            Tier::Standard => self.standard.as_ref(),
            Tier::Powerful => self.powerful.as_ref().or(self.standard.as_ref()),
        }
    }

    /// The price of `model`, if known.
    pub fn price(&self, model: &str) -> Option<Price> {
        self.prices.get(model).copied().or(self.default_price)
    }

    /// Whole-request timeout.
    pub fn timeout(&self) -> Duration {
        Duration::from_millis(self.timeout_ms.max(1))
    }

    /// Connection timeout.
    pub fn connect_timeout(&self) -> Duration {
        Duration::from_millis(self.connect_timeout_ms.max(1))
    }
}

fn invalid(key: &str, why: &str) -> ModelConfigError {
    ModelConfigError::Invalid(format!("{key}: {why}"))
}

fn parse<T: std::str::FromStr>(key: &str, value: &str) -> Result<T, ModelConfigError> {
    value
        .parse()
        .map_err(|_| invalid(key, &format!("cannot read {value:?}")))
}

fn parse_bool(key: &str, value: &str) -> Result<bool, ModelConfigError> {
    match value.to_ascii_lowercase().as_str() {
        "1" | "true" | "yes" | "on" => Ok(true),
        "0" | "false" | "no" | "off" => Ok(false),
        _ => Err(invalid(key, "expected true or false")),
    }
}

fn set_number<'a, T: std::str::FromStr>(
    get: impl Fn(&str) -> Option<&'a str>,
    key: &str,
    slot: &mut T,
) -> Result<(), ModelConfigError> {
    if let Some(value) = get(key) {
        *slot = parse(key, value)?;
    }
    Ok(())
}
