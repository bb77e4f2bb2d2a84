//! Who may ask: a request is answered only when its `Host` names the
//! address the server listens on (or a name given with `--allow-host`), and
//! a `POST` only when its `Origin` is absent or one of those. A web page
//! whose name is made to resolve to 127.0.0.1 (DNS rebinding) sends its own
//! name as `Host` and `Origin`, and is refused.

use axum::extract::{Request, State};
use axum::http::{header, Method, StatusCode};
use axum::middleware::Next;
use axum::response::{IntoResponse, Response};
use axum::Json;
use serde_json::json;
use std::collections::HashSet;
use std::net::SocketAddr;
use std::sync::Arc;

/// The `Host` values answered, lower-case, with their port.
pub struct Hosts(HashSet<String>);

impl Hosts {
    /// The names of `addr` (loopback also as `localhost`, `127.0.0.1` and
    /// `[::1]`), the listening `host` as given, and `extra` names (with or
    /// without the port).
    pub fn new(addr: SocketAddr, host: &str, extra: &[String]) -> Hosts {
        let port = addr.port();
        let mut names: Vec<String> = vec![addr.ip().to_string(), host.to_string()];
        if addr.ip().is_loopback() {
            names.extend(["127.0.0.1", "localhost", "::1"].map(String::from));
        }
        let with_port = |name: &str| match name.parse::<std::net::Ipv6Addr>() {
            Ok(_) => format!("[{name}]:{port}"),
            Err(_) => format!("{name}:{port}"),
        };
        let mut set: HashSet<String> = names.iter().map(|n| with_port(n)).collect();
        for name in extra {
            // As given (a proxy in front may drop the port, or name its own),
            // and with the server's port.
            set.insert(name.clone());
            set.insert(with_port(name));
        }
        Hosts(set.into_iter().map(|n| n.to_ascii_lowercase()).collect())
    }

    fn allows(&self, host: &str) -> bool {
        self.0.contains(&host.to_ascii_lowercase())
    }
}

fn refuse(why: String) -> Response {
    (StatusCode::FORBIDDEN, Json(json!({ "error": why }))).into_response()
}

/// Refuses requests for another host, and cross-origin `POST`s.
pub async fn check(State(hosts): State<Arc<Hosts>>, req: Request, next: Next) -> Response {
    let host = req
        .headers()
        .get(header::HOST)
        .and_then(|h| h.to_str().ok())
        .or_else(|| req.uri().authority().map(|a| a.as_str()))
        .unwrap_or("");
    if !hosts.allows(host) {
        return refuse(format!(
            "this server does not answer for the host `{host}` (start it with `--allow-host NAME` to allow a name)"
        ));
    }
    if req.method() != Method::GET && req.method() != Method::HEAD {
        if let Some(origin) = req.headers().get(header::ORIGIN) {
            let origin = origin.to_str().unwrap_or("");
            let same = ["http://", "https://"]
                .iter()
                .find_map(|s| origin.strip_prefix(s))
                .is_some_and(|h| hosts.allows(h));
            if !same {
                return refuse(format!("requests from the origin `{origin}` are refused"));
            }
        }
    }
    next.run(req).await
}
