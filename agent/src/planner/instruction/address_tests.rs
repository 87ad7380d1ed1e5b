use super::normalize_url;

#[test]
fn bare_hosts_get_https_and_local_ones_http() {
    for (written, url) in [
        ("example.com", Some("https://example.com")),
        ("localhost:8080/x", Some("http://localhost:8080/x")),
        ("127.0.0.1:3000", Some("http://127.0.0.1:3000")),
        ("http://example.com/a", Some("http://example.com/a")),
        ("the Settings page", None),
        ("Settings", None),
        ("file.txt1", None),
    ] {
        assert_eq!(normalize_url(written).as_deref(), url, "{written}");
    }
}
