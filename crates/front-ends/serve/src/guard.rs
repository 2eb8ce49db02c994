//! Who the server answers, checked before any route: a request must name
//! this server as its host (no page that rebinds a name of its own to
//! this machine reads an answer), a request that starts work must come
//! from the server's own pages (no page of another site starts a run),
//! and a body must be whole, within its size, in time.
//!
//! - `Host` (and the authority of an absolute URI) names this server:
//!   `localhost`, or the address the client reached it at, with its port
//!   (or none). A request without one, or with two, is 400 (RFC 9112);
//!   one that names another host is 421 (Misdirected Request: this
//!   server does not answer for that name).
//! - A `Transfer-Encoding` other than `chunked` is 501 (RFC 9112: a
//!   coding the server does not know).
//! - A request other than `GET` or `HEAD` starts work: an `Origin` it
//!   carries must be this server's (else 403, `Origin: null` included),
//!   and its body must be declared JSON (`Content-Type:
//!   application/json`, else 415). A page of another site can send
//!   neither without the browser asking this server first (a CORS
//!   preflight), which it never grants; a client that is not a browser
//!   sends no `Origin` and is answered.
//! - A body is read within `--idle-seconds` of its head (else 408), at
//!   most [`MAX_BODY`] bytes (else 413), and whole (a chunk extension or
//!   trailer over hyper's 16 KiB, or a malformed chunk, is 400 saying
//!   so).

use std::net::{IpAddr, SocketAddr};

use axum::body::Body;
use axum::http::{HeaderMap, Method, Request, StatusCode, header};
use axum::response::Response;
use http_body_util::BodyExt;

use crate::{MAX_BODY, text};

/// An IPv4 address mapped into IPv6 (`::ffff:127.0.0.1`), as itself.
fn plain(ip: IpAddr) -> IpAddr {
    match ip {
        IpAddr::V6(v6) => v6.to_ipv4_mapped().map_or(ip, IpAddr::V4),
        v4 => v4,
    }
}

/// Whether `authority` (`host[:port]`) names the server reached at
/// `local`: `localhost` (when reached on a loopback address) or the
/// address itself, with its port, or none if `default` (the port an
/// authority without one means: none for a `Host`, which names the
/// server whatever its port; 80 for an `Origin`, which is another page's
/// when its port is not this server's).
fn names_this_server(authority: &str, local: SocketAddr, default: Option<u16>) -> bool {
    let (host, port) = match authority.rsplit_once(':') {
        // `[::1]:7878`, `127.0.0.1:7878`, `localhost:7878`; not the
        // colons inside a bare IPv6 address, which must be bracketed.
        Some((host, port)) if !host.contains(':') || host.ends_with(']') => {
            (host, port.parse::<u16>().ok().or(Some(0)))
        }
        _ => (authority, default),
    };
    if port.is_some_and(|p| p != local.port()) {
        return false;
    }
    let ip = plain(local.ip());
    let host = host.trim_start_matches('[').trim_end_matches(']');
    if host.eq_ignore_ascii_case("localhost") {
        return ip.is_loopback();
    }
    host.parse::<IpAddr>().is_ok_and(|h| plain(h) == ip)
}

/// The one `Host` a request names, or why it names none.
fn host(headers: &HeaderMap) -> Result<&str, &'static str> {
    let mut hosts = headers.get_all(header::HOST).iter();
    match (hosts.next(), hosts.next()) {
        (None, _) => {
            Err("a request names the host it is for in a Host header (RFC 9112); this one has none")
        }
        (Some(_), Some(_)) => {
            Err("a request names its host once (RFC 9112); this one has two Host headers")
        }
        (Some(h), None) => h.to_str().map_err(|_| "the Host header is not plain text"),
    }
}

/// The answer refusing a request before any route sees it, if it is
/// refused: for its host, its transfer coding, or (work) its origin or
/// content type.
pub(crate) fn refusal<B>(request: &Request<B>, local: SocketAddr) -> Option<Response> {
    let headers = request.headers();
    let misdirected = |named: &str| {
        text(
            StatusCode::MISDIRECTED_REQUEST,
            format!(
                "this server answers only for its own address ({own}, or localhost:{port} on this machine), not for {named:?}: \
                 a page that reached it under another name is refused",
                own = local,
                port = local.port(),
            ),
        )
    };
    let authority = match host(headers) {
        Ok(h) => h,
        Err(why) => return Some(text(StatusCode::BAD_REQUEST, why)),
    };
    if !names_this_server(authority, local, None) {
        return Some(misdirected(authority));
    }
    if let Some(named) = request.uri().authority()
        && !names_this_server(named.as_str(), local, None)
    {
        return Some(misdirected(named.as_str()));
    }
    for coding in headers
        .get_all(header::TRANSFER_ENCODING)
        .iter()
        .flat_map(|v| v.to_str().unwrap_or("?").split(','))
        .map(str::trim)
    {
        if !coding.eq_ignore_ascii_case("chunked") {
            return Some(text(
                StatusCode::NOT_IMPLEMENTED,
                format!(
                    "Transfer-Encoding {:?} is not one this server reads: send the body as it is (Content-Length) or chunked",
                    tabula_core::text::excerpt(coding)
                ),
            ));
        }
    }
    if matches!(*request.method(), Method::GET | Method::HEAD) {
        return None;
    }
    if let Some(origin) = headers.get(header::ORIGIN) {
        let own = origin
            .to_str()
            .ok()
            .and_then(|o| o.strip_prefix("http://"))
            .is_some_and(|o| names_this_server(o, local, Some(80)));
        if !own {
            return Some(text(
                StatusCode::FORBIDDEN,
                format!(
                    "a request that starts work is answered only for this server's own pages, not for a page of {:?}",
                    tabula_core::text::excerpt(&String::from_utf8_lossy(origin.as_bytes()))
                ),
            ));
        }
    }
    let json = headers
        .get(header::CONTENT_TYPE)
        .and_then(|t| t.to_str().ok())
        .and_then(|t| t.split(';').next())
        .is_some_and(|t| t.trim().eq_ignore_ascii_case("application/json"));
    if !json {
        return Some(text(
            StatusCode::UNSUPPORTED_MEDIA_TYPE,
            "a request that starts work is sent as JSON, with Content-Type: application/json \
             (which a page of another site cannot send here)",
        ));
    }
    None
}

/// A request's body as UTF-8 text, or the answer that refuses it: over
/// [`MAX_BODY`] bytes (413; a body announced larger is refused before it
/// is read), not whole within `deadline` of now (408), malformed (400,
/// saying how), or not UTF-8 (400).
pub(crate) async fn read_body(
    headers: &HeaderMap,
    body: Body,
    deadline: std::time::Duration,
) -> Result<String, Response> {
    read_body_up_to(headers, body, deadline, MAX_BODY).await
}

/// [`read_body`] with a cap of `cap` bytes in place of [`MAX_BODY`]:
/// for a route that takes a whole record
/// ([`MAX_RECORD_BODY`](crate::MAX_RECORD_BODY)).
pub(crate) async fn read_body_up_to(
    headers: &HeaderMap,
    mut body: Body,
    deadline: std::time::Duration,
    cap: usize,
) -> Result<String, Response> {
    let too_large = || {
        text(
            StatusCode::PAYLOAD_TOO_LARGE,
            format!("the request body is over {cap} bytes"),
        )
    };
    let announced = headers
        .get(header::CONTENT_LENGTH)
        .and_then(|v| v.to_str().ok())
        .and_then(|v| v.parse::<u64>().ok());
    if announced.is_some_and(|n| n > cap as u64) {
        return Err(too_large());
    }
    let until = tokio::time::Instant::now() + deadline;
    let mut bytes = Vec::new();
    loop {
        let frame = match tokio::time::timeout_at(until, body.frame()).await {
            Err(_) => {
                let mut r = text(
                    StatusCode::REQUEST_TIMEOUT,
                    format!(
                        "the request body did not arrive within {} s of its head",
                        deadline.as_secs()
                    ),
                );
                r.headers_mut().insert(
                    header::CONNECTION,
                    axum::http::HeaderValue::from_static("close"),
                );
                return Err(r);
            }
            Ok(None) => break,
            Ok(Some(Err(e))) => {
                return Err(text(
                    StatusCode::BAD_REQUEST,
                    format!("the request body is malformed: {}", innermost(&e)),
                ));
            }
            Ok(Some(Ok(frame))) => frame,
        };
        // Trailers are read (within hyper's limit) and set aside.
        if let Ok(data) = frame.into_data() {
            if bytes.len() + data.len() > cap {
                return Err(too_large());
            }
            bytes.extend_from_slice(&data);
        }
    }
    String::from_utf8(bytes).map_err(|_| {
        text(
            StatusCode::BAD_REQUEST,
            "the request body is not UTF-8 text",
        )
    })
}

/// The last cause of `error`: what hyper says is wrong with the bytes
/// ("chunk extensions over limit"), not that a body could not be read.
fn innermost(error: &(dyn std::error::Error + 'static)) -> String {
    let mut at = error;
    while let Some(next) = at.source() {
        at = next;
    }
    at.to_string()
}
