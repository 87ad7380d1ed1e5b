use crate::model::{ModelConfig, ModelConfigError, StructuredOutput, Tier};

fn vars(pairs: &[(&str, &str)]) -> Vec<(String, String)> {
    pairs
        .iter()
        .map(|(k, v)| ((*k).to_owned(), (*v).to_owned()))
        .collect()
}

#[test]
fn no_model_in_the_environment_means_none() {
    assert_eq!(
        ModelConfig::from_vars(vars(&[("HOME", "/root")])).unwrap(),
        None
    );
}

#[test]
fn reads_the_environment() {
    let config = ModelConfig::from_vars(vars(&[
        ("TANDEM_MODEL_BASE_URL", "http://localhost:11434/v1/"),
        ("TANDEM_MODEL_API_KEY", "sk-env"),
        (
            "TANDEM_MODEL_HEADERS",
            "HTTP-Referer=https://tandem.local; X-Title=Tandem",
        ),
        ("MODEL_FAST", "small"),
        ("MODEL_STANDARD", "mid,mid-backup"),
        ("MODEL_POWERFUL", "big"),
        ("MODEL_POWERFUL_FALLBACK", "big-backup"),
        ("TANDEM_MODEL_VISION", "true"),
        ("TANDEM_MODEL_MAX_RETRIES", "5"),
        ("TANDEM_MODEL_STRUCTURED_OUTPUT", "json_object"),
        ("TANDEM_MODEL_PRICE_INPUT_PER_1K", "0.5"),
        ("TANDEM_SECRET_GITHUB_PASSWORD", "hunter2"),
        ("TANDEM_SECRET_GITHUB_PASSWORD_HOST", "github.com"),
    ]))
    .unwrap()
    .unwrap();
    assert_eq!(
        config.endpoint().unwrap().as_str(),
        "http://localhost:11434/v1/chat/completions"
    );
    assert_eq!(config.api_key.as_ref().unwrap().expose(), "sk-env");
    assert_eq!(config.headers.len(), 2);
    assert_eq!(config.models(Tier::Fast).unwrap().primary, "small");
    let standard = config.models(Tier::Standard).unwrap();
    assert_eq!(
        standard.in_order().collect::<Vec<_>>(),
        ["mid", "mid-backup"]
    );
    assert_eq!(
        config.models(Tier::Powerful).unwrap().fallback.as_deref(),
        Some("big-backup")
    );
    assert!(config.vision);
    assert_eq!(config.max_retries, 5);
    assert_eq!(config.structured_output, StructuredOutput::JsonObject);
    assert_eq!(config.price("anything").unwrap().input_per_1k, 0.5);
    let secret = &config.secrets["github_password"];
    assert_eq!(
        (secret.host.as_str(), secret.value.expose()),
        ("github.com", "hunter2")
    );
    let shown = format!("{config:?}");
    assert!(
        !shown.contains("hunter2") && !shown.contains("sk-env"),
        "{shown}"
    );
}

#[test]
fn reads_a_toml_table_and_refuses_unknown_keys() {
    let config = ModelConfig::from_toml_str(
        r#"
        base_url = "https://openrouter.ai/api/v1"
        api_key = "sk-file"
        standard = { primary = "openai/gpt-4o", fallback = "openai/gpt-4o-mini" }
        fast = "openai/gpt-4o-mini"
        compaction_threshold_tokens = 800
        [prices."openai/gpt-4o"]
        input_per_1k = 0.0025
        output_per_1k = 0.01
        [secrets.github_password]
        host = "github.com"
        value = "hunter2"
        "#,
    )
    .unwrap();
    assert_eq!(
        config.models(Tier::Powerful).unwrap().primary,
        "openai/gpt-4o"
    );
    assert_eq!(
        config.models(Tier::Fast).unwrap().primary,
        "openai/gpt-4o-mini"
    );
    assert_eq!(config.compaction_threshold_tokens, 800);
    assert!(config.price("openai/gpt-4o").is_some());

    let unknown = ModelConfig::from_toml_str("standard = \"m\"\nbase_urll = \"x\"\n");
    assert!(matches!(unknown, Err(ModelConfigError::Invalid(e)) if e.contains("base_urll")));
    let missing = ModelConfig::from_toml_str("base_url = \"http://localhost/v1\"\n");
    assert!(matches!(
        missing,
        Err(ModelConfigError::MissingTier("standard"))
    ));
    let bad_url = ModelConfig::from_toml_str("standard = \"m\"\nbase_url = \"ftp://x\"\n");
    assert!(bad_url.is_err());
}

#[test]
fn the_structured_output_ladder_reads_from_file_and_environment() {
    let file = ModelConfig::from_toml_str("standard = \"m\"\nstructured_output = \"prompt\"\n");
    assert_eq!(file.unwrap().structured_output, StructuredOutput::Prompt);
    let env = ModelConfig::from_vars(vars(&[
        ("MODEL_STANDARD", "m"),
        ("TANDEM_MODEL_STRUCTURED_OUTPUT", "prompt"),
    ]));
    assert_eq!(
        env.unwrap().unwrap().structured_output,
        StructuredOutput::Prompt
    );
    let bad = ModelConfig::from_vars(vars(&[
        ("MODEL_STANDARD", "m"),
        ("TANDEM_MODEL_STRUCTURED_OUTPUT", "xml"),
    ]));
    assert!(matches!(bad, Err(ModelConfigError::Invalid(e)) if e.contains("prompt")));
    let ladder: Vec<_> =
        std::iter::successors(Some(StructuredOutput::JsonSchema), |f| f.weaker()).collect();
    assert_eq!(
        ladder,
        [
            StructuredOutput::JsonSchema,
            StructuredOutput::JsonObject,
            StructuredOutput::Prompt
        ]
    );
}
