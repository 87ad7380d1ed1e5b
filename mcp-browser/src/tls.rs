//! TLS for this crate's HTTP clients: rmcp's streamable HTTP client and chromiumoxide's DevTools
//! discovery both use reqwest 0.13 with rustls, built without a crypto provider of its own.
//!
//! Contract: [`ensure_provider`] runs before any such client is built; it makes ring rustls'
//! process-wide provider (a provider another part of the program installed first is kept).
//! Certificates are checked against the system's roots, plus the extra roots a caller gives.

use std::path::Path;
use std::sync::Once;

/// Installs ring as rustls' default crypto provider, once.
pub fn ensure_provider() {
    static INSTALL: Once = Once::new();
    INSTALL.call_once(|| {
        // Err only when a provider is already installed, which is as good.
        let _ = rustls::crypto::ring::default_provider().install_default();
    });
}

/// An HTTP(S) client trusting the system's certificate authorities and those in `extra_roots`
/// (a PEM file, e.g. a private CA), if given.
pub fn http_client(extra_roots: Option<&Path>) -> Result<reqwest::Client, String> {
    ensure_provider();
    let mut builder = reqwest::Client::builder();
    if let Some(path) = extra_roots {
        let pem = std::fs::read(path)
            .map_err(|e| format!("cannot read the CA file {}: {e}", path.display()))?;
        let certs = reqwest::Certificate::from_pem_bundle(&pem)
            .map_err(|e| format!("the CA file {} is not PEM: {e}", path.display()))?;
        if certs.is_empty() {
            return Err(format!(
                "the CA file {} holds no certificate",
                path.display()
            ));
        }
        builder = builder.tls_certs_merge(certs);
    }
    builder
        .build()
        .map_err(|e| format!("cannot set up the HTTPS client: {e}"))
}
