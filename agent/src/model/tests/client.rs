use std::time::{Duration, Instant, SystemTime};

use reqwest::header::{HeaderMap, HeaderValue};
use serde_json::json;
use wiremock::matchers::{body_partial_json, header, method, path};
use wiremock::{Mock, MockServer, ResponseTemplate};

use super::{completion, config_for};
use crate::model::retry::{backoff, retry_after};
use crate::model::{
    ChatMessage, ChatRequest, ModelClient, ModelError, Price, RequestMeta, Role, SecretString,
    Tier, TierModels,
};

fn request() -> ChatRequest {
    ChatRequest::new(vec![ChatMessage::text(Role::User, "hello")])
}

fn meta() -> RequestMeta<'static> {
    RequestMeta {
        session_id: Some("s1"),
        run_id: Some("r1"),
        stage: "test",
        mode: "agent",
        reasoning: false,
        actions: 3,
    }
}

fn error_body(message: &str) -> serde_json::Value {
    json!({ "error": { "message": message, "type": "invalid_request_error" } })
}

#[tokio::test]
async fn retries_server_errors_then_succeeds() {
    let server = MockServer::start().await;
    Mock::given(method("POST"))
        .and(path("/v1/chat/completions"))
        .respond_with(ResponseTemplate::new(503).set_body_json(error_body("overloaded")))
        .up_to_n_times(2)
        .mount(&server)
        .await;
    Mock::given(method("POST"))
        .and(path("/v1/chat/completions"))
        .respond_with(ResponseTemplate::new(200).set_body_json(completion("hi")))
        .mount(&server)
        .await;
    let client = ModelClient::new(config_for(&server)).unwrap();
    let response = client
        .complete(Tier::Standard, &request(), &meta())
        .await
        .unwrap();
    assert_eq!(response.content, "hi");
    assert_eq!(response.attempts, 3);
    assert_eq!(server.received_requests().await.unwrap().len(), 3);
}

#[tokio::test]
async fn honours_retry_after() {
    let server = MockServer::start().await;
    Mock::given(method("POST"))
        .respond_with(
            ResponseTemplate::new(429)
                .insert_header("retry-after-ms", "150")
                .set_body_json(error_body("slow down")),
        )
        .up_to_n_times(1)
        .mount(&server)
        .await;
    Mock::given(method("POST"))
        .respond_with(ResponseTemplate::new(200).set_body_json(completion("ok")))
        .mount(&server)
        .await;
    let client = ModelClient::new(config_for(&server)).unwrap();
    let started = Instant::now();
    let response = client
        .complete(Tier::Standard, &request(), &meta())
        .await
        .unwrap();
    assert_eq!(response.attempts, 2);
    assert!(started.elapsed() >= Duration::from_millis(150));
}

#[tokio::test]
async fn a_retry_after_longer_than_allowed_ends_the_retries() {
    let server = MockServer::start().await;
    Mock::given(method("POST"))
        .respond_with(ResponseTemplate::new(429).insert_header("retry-after", "3600"))
        .mount(&server)
        .await;
    let client = ModelClient::new(config_for(&server)).unwrap();
    let error = client
        .complete(Tier::Standard, &request(), &meta())
        .await
        .unwrap_err();
    assert!(error.to_string().contains("asks to wait 3600 s"), "{error}");
    assert_eq!(server.received_requests().await.unwrap().len(), 1);
}

#[test]
fn reads_retry_after_in_all_forms() {
    let now = SystemTime::now();
    let mut headers = HeaderMap::new();
    headers.insert("retry-after", HeaderValue::from_static("2"));
    assert_eq!(retry_after(&headers, now), Some(Duration::from_secs(2)));
    let later = httpdate::fmt_http_date(now + Duration::from_secs(30));
    headers.insert("retry-after", HeaderValue::from_str(&later).unwrap());
    let wait = retry_after(&headers, now).unwrap();
    assert!(wait > Duration::from_secs(28) && wait <= Duration::from_secs(30));
    headers.insert("retry-after-ms", HeaderValue::from_static("250"));
    assert_eq!(retry_after(&headers, now), Some(Duration::from_millis(250)));
    assert_eq!(retry_after(&HeaderMap::new(), now), None);
}

#[test]
fn backoff_doubles_with_jitter_and_a_cap() {
    let base = Duration::from_millis(100);
    let max = Duration::from_millis(1_000);
    assert_eq!(backoff(0, base, max, 1.0), Duration::from_millis(100));
    assert_eq!(backoff(0, base, max, 0.0), Duration::from_millis(50));
    assert_eq!(backoff(2, base, max, 1.0), Duration::from_millis(400));
    assert_eq!(backoff(10, base, max, 1.0), max);
}

#[tokio::test]
async fn does_not_retry_a_bad_request() {
    let server = MockServer::start().await;
    Mock::given(method("POST"))
        .respond_with(ResponseTemplate::new(400).set_body_json(error_body("messages is too long")))
        .mount(&server)
        .await;
    let client = ModelClient::new(config_for(&server)).unwrap();
    let error = client
        .complete(Tier::Standard, &request(), &meta())
        .await
        .unwrap_err();
    let ModelError::TierFailed { errors, .. } = &error else {
        panic!("{error:?}");
    };
    assert!(
        matches!(&errors[..], [ModelError::Rejected { status: 400, message, .. }] if message == "messages is too long")
    );
    assert_eq!(server.received_requests().await.unwrap().len(), 1);
}

#[tokio::test]
async fn a_timeout_is_retried_then_reported() {
    let server = MockServer::start().await;
    Mock::given(method("POST"))
        .respond_with(
            ResponseTemplate::new(200)
                .set_body_json(completion("late"))
                .set_delay(Duration::from_millis(800)),
        )
        .mount(&server)
        .await;
    let mut config = config_for(&server);
    config.timeout_ms = 100;
    config.max_retries = 1;
    let client = ModelClient::new(config).unwrap();
    let error = client
        .complete(Tier::Standard, &request(), &meta())
        .await
        .unwrap_err();
    assert!(error.to_string().contains("timed out"), "{error}");
    assert!(error.to_string().contains("2 attempt"), "{error}");
}

#[tokio::test]
async fn falls_back_to_the_secondary_model() {
    let server = MockServer::start().await;
    Mock::given(method("POST"))
        .and(body_partial_json(json!({ "model": "primary" })))
        .respond_with(ResponseTemplate::new(404).set_body_json(error_body("model not found")))
        .mount(&server)
        .await;
    Mock::given(method("POST"))
        .and(body_partial_json(json!({ "model": "secondary" })))
        .respond_with(ResponseTemplate::new(200).set_body_json(completion("from fallback")))
        .mount(&server)
        .await;
    let mut config = config_for(&server);
    config.powerful = Some(TierModels::new("primary").with_fallback("secondary"));
    let client = ModelClient::new(config).unwrap();
    let response = client
        .complete(Tier::Powerful, &request(), &meta())
        .await
        .unwrap();
    assert_eq!(response.model, "secondary");
    assert_eq!(response.content, "from fallback");
}

#[tokio::test]
async fn a_tier_whose_models_all_fail_names_each_failure() {
    let server = MockServer::start().await;
    Mock::given(method("POST"))
        .respond_with(ResponseTemplate::new(500).set_body_json(error_body("boom")))
        .mount(&server)
        .await;
    let mut config = config_for(&server);
    config.max_retries = 1;
    config.standard = Some(TierModels::new("a").with_fallback("b"));
    let client = ModelClient::new(config).unwrap();
    let error = client
        .complete(Tier::Standard, &request(), &meta())
        .await
        .unwrap_err()
        .to_string();
    assert!(error.starts_with("the standard tier failed"), "{error}");
    assert!(
        error.contains("a is unavailable after 2 attempt(s): HTTP 500: boom"),
        "{error}"
    );
    assert!(error.contains("then b is unavailable"), "{error}");
    assert_eq!(server.received_requests().await.unwrap().len(), 4);
}

#[tokio::test]
async fn counts_tokens_and_cost() {
    let server = MockServer::start().await;
    Mock::given(method("POST"))
        .and(body_partial_json(json!({ "model": "standard-model" })))
        .respond_with(ResponseTemplate::new(200).set_body_json(completion("x")))
        .mount(&server)
        .await;
    Mock::given(method("POST"))
        .and(body_partial_json(json!({ "model": "no-usage" })))
        .respond_with(ResponseTemplate::new(200).set_body_json(json!({
            "choices": [{ "message": { "content": "12345678" } }]
        })))
        .mount(&server)
        .await;
    let mut config = config_for(&server);
    config.prices.insert(
        "standard-model".to_owned(),
        Price {
            input_per_1k: 0.01,
            output_per_1k: 0.03,
        },
    );
    config.fast = Some(TierModels::new("no-usage"));
    let client = ModelClient::new(config).unwrap();
    let priced = client
        .complete(Tier::Standard, &request(), &meta())
        .await
        .unwrap();
    assert_eq!(priced.usage.prompt_tokens, 1000);
    assert_eq!(priced.usage.completion_tokens, 500);
    assert!((priced.usage.cost - 0.025).abs() < 1e-9);
    assert!(!priced.usage.estimated);
    let record = priced.usage_record("plan");
    assert_eq!(
        (record.tier, record.stage.as_str()),
        (Tier::Standard, "plan")
    );

    let estimated = client
        .complete(Tier::Fast, &request(), &meta())
        .await
        .unwrap();
    assert!(estimated.usage.estimated);
    assert_eq!(estimated.usage.completion_tokens, 2);
    assert!(estimated.usage.prompt_tokens > 0);
    assert_eq!(estimated.usage.cost, 0.0);
}

#[tokio::test]
async fn sends_the_key_and_headers_but_never_shows_them() {
    let server = MockServer::start().await;
    Mock::given(method("POST"))
        .and(header("authorization", "Bearer sk-very-secret"))
        .and(header("x-gateway", "gw-secret"))
        .respond_with(ResponseTemplate::new(200).set_body_json(completion("ok")))
        .mount(&server)
        .await;
    let mut config = config_for(&server);
    config.api_key = Some(SecretString::new("sk-very-secret"));
    config
        .headers
        .insert("x-gateway".to_owned(), SecretString::new("gw-secret"));
    let client = ModelClient::new(config.clone()).unwrap();
    client
        .complete(Tier::Standard, &request(), &meta())
        .await
        .unwrap();
    for shown in [format!("{config:?}"), format!("{client:?}")] {
        assert!(!shown.contains("sk-very-secret"), "{shown}");
        assert!(!shown.contains("gw-secret"), "{shown}");
        assert!(shown.contains("***"), "{shown}");
    }
}
