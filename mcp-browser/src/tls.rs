//! TLS for this crate's HTTP clients (and the agent's model client): reqwest 0.13 with rustls,
//! built without a crypto provider of its own.
//!
//! Contract: [`ensure_provider`] makes ring rustls' process-wide provider, once (a provider
//! another part of the program installed first is kept). [`client_builder`] trusts the system's
//! certificate authorities — or, on a system that has none, the Mozilla roots bundled with
//! `webpki-roots` — plus the extra ones a caller gives. It never depends on the system having
//! certificates at all, so plain-HTTP clients work everywhere.

use std::path::Path;
use std::sync::{Arc, Once, OnceLock};

use rustls::RootCertStore;
use rustls::pki_types::CertificateDer;
use rustls::pki_types::pem::PemObject;

/// Installs ring as rustls' default crypto provider, once.
pub fn ensure_provider() {
    static INSTALL: Once = Once::new();
    INSTALL.call_once(|| {
        // Err only when a provider is already installed, which is as good.
        let _ = rustls::crypto::ring::default_provider().install_default();
    });
}

/// A reqwest builder with this module's TLS settings; `extra_roots` is a PEM file of more
/// certificate authorities to trust (e.g. a private CA).
pub fn client_builder(extra_roots: Option<&Path>) -> Result<reqwest::ClientBuilder, String> {
    ensure_provider();
    let mut roots = base_roots().clone();
    if let Some(path) = extra_roots {
        let pem = std::fs::read(path)
            .map_err(|e| format!("cannot read the CA file {}: {e}", path.display()))?;
        let certs = CertificateDer::pem_slice_iter(&pem)
            .collect::<Result<Vec<_>, _>>()
            .map_err(|e| format!("the CA file {} is not PEM: {e}", path.display()))?;
        if certs.is_empty() {
            return Err(format!(
                "the CA file {} holds no certificate",
                path.display()
            ));
        }
        for cert in certs {
            roots
                .add(cert)
                .map_err(|e| format!("the CA file {}: {e}", path.display()))?;
        }
    }
    let provider = Arc::new(rustls::crypto::ring::default_provider());
    let config = rustls::ClientConfig::builder_with_provider(provider)
        .with_safe_default_protocol_versions()
        .map_err(|e| format!("cannot set up TLS: {e}"))?
        .with_root_certificates(roots)
        .with_no_client_auth();
    Ok(reqwest::Client::builder().tls_backend_preconfigured(config))
}

/// A client from [`client_builder`] with reqwest's other defaults.
pub fn http_client(extra_roots: Option<&Path>) -> Result<reqwest::Client, String> {
    client_builder(extra_roots)?
        .build()
        .map_err(|e| format!("cannot set up the HTTP client: {e}"))
}

/// The system's authorities (read once), or the bundled Mozilla roots when there are none.
fn base_roots() -> &'static RootCertStore {
    static ROOTS: OnceLock<RootCertStore> = OnceLock::new();
    ROOTS.get_or_init(|| system_or_bundled(rustls_native_certs::load_native_certs().certs))
}

fn system_or_bundled(system: Vec<CertificateDer<'static>>) -> RootCertStore {
    let mut roots = RootCertStore::empty();
    let (added, _unparsable) = roots.add_parsable_certificates(system);
    if added == 0 {
        tracing::info!("no system certificate authorities; using the bundled Mozilla roots");
        roots.extend(webpki_roots::TLS_SERVER_ROOTS.iter().cloned());
    }
    roots
}

#[cfg(test)]
mod tests {
    use super::*;

    fn fixture(name: &str) -> std::path::PathBuf {
        Path::new(env!("CARGO_MANIFEST_DIR"))
            .join("../tests/fixtures/tls")
            .join(name)
    }

    #[test]
    fn a_system_without_authorities_falls_back_to_the_bundled_roots() {
        let roots = system_or_bundled(Vec::new());
        assert_eq!(roots.len(), webpki_roots::TLS_SERVER_ROOTS.len());
        let ca = CertificateDer::from_pem_file(fixture("ca.pem")).unwrap();
        assert_eq!(system_or_bundled(vec![ca]).len(), 1);
    }

    #[test]
    fn extra_authorities_come_from_a_pem_file_or_a_clear_error() {
        assert!(http_client(Some(&fixture("ca.pem"))).is_ok());
        let missing = http_client(Some(Path::new("/nonexistent/ca.pem"))).unwrap_err();
        assert!(missing.contains("cannot read the CA file"), "{missing}");
        // A private key is PEM, but no certificate.
        let no_cert = http_client(Some(&fixture("server.key"))).unwrap_err();
        assert!(no_cert.contains("holds no certificate"), "{no_cert}");
    }
}
