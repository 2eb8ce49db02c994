//! `tabula serve` as a user runs it: the address on its first line, the
//! index of the games `tabula list` lists, the Snakes board designer's
//! analysis equal to `tabula analyze snakes`, a warning for an address
//! other machines reach, and the designer in a real browser.

use std::io::{BufRead, BufReader, Read, Write};
use std::net::TcpStream;
use std::process::{Child, ChildStderr, Command, Stdio};
use std::time::Duration;

use crate::common::{json, tabula};

/// A running `tabula serve`, stopped when dropped.
struct Served {
    child: Child,
    /// `http://ADDR/`.
    url: String,
    stderr: Option<ChildStderr>,
}

impl Drop for Served {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

fn serve(addr: &str) -> Served {
    let mut child = Command::new(env!("CARGO_BIN_EXE_tabula"))
        .args(["serve", "--addr", addr])
        .stdin(Stdio::null())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("tabula serve starts");
    let mut line = String::new();
    let stdout = child.stdout.take().expect("stdout");
    BufReader::new(stdout)
        .read_line(&mut line)
        .expect("a first line");
    let url = line
        .trim()
        .strip_prefix("tabula serve: ")
        .unwrap_or_else(|| panic!("the first line names the address: {line:?}"))
        .to_string();
    assert!(url.starts_with("http://") && url.ends_with('/'), "{url}");
    let stderr = child.stderr.take();
    Served { child, url, stderr }
}

/// One HTTP request over a plain socket: status and body.
fn http(url: &str, method: &str, path: &str, body: &str) -> (u16, String) {
    let addr = url
        .trim_start_matches("http://")
        .trim_end_matches('/')
        .replace("0.0.0.0", "127.0.0.1");
    let mut s = TcpStream::connect(&addr).expect("connects");
    s.set_read_timeout(Some(Duration::from_secs(60)))
        .expect("a timeout");
    write!(
        s,
        "{method} {path} HTTP/1.1\r\nHost: localhost\r\nContent-Length: {}\r\nConnection: close\r\n\r\n{body}",
        body.len()
    )
    .expect("sends");
    let mut answer = String::new();
    s.read_to_string(&mut answer).expect("reads");
    let (head, body) = answer.split_once("\r\n\r\n").unwrap_or((&answer, ""));
    let status = head
        .split_whitespace()
        .nth(1)
        .and_then(|s| s.parse().ok())
        .unwrap_or(0);
    (status, body.to_string())
}

fn classic() -> String {
    std::fs::read_to_string(
        std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("games/snakes/boards/classic.ron"),
    )
    .expect("the classic board")
}

#[test]
fn serve_lists_the_games_and_the_designer_solves_as_analyze_does() {
    let served = serve("127.0.0.1:0");
    assert!(
        served.url.starts_with("http://127.0.0.1:"),
        "{}",
        served.url
    );
    let (status, index) = http(&served.url, "GET", "/", "");
    assert_eq!(status, 200);
    let listed = json(&tabula(&["list", "--format", "json"]));
    for g in listed["games"].as_array().expect("games") {
        let name = g["name"].as_str().expect("a name");
        assert!(index.contains(&format!("data-game=\"{name}\"")), "{name}");
    }
    assert!(index.contains("href=\"/game/snakes/designer\""));
    let (status, page) = http(&served.url, "GET", "/game/snakes/designer", "");
    assert_eq!(status, 200);
    assert!(page.contains("Board designer"));

    let body = serde_json::json!({ "board": classic(), "players": 1 }).to_string();
    let (status, answer) = http(
        &served.url,
        "POST",
        "/game/snakes/designer/api/analyze",
        &body,
    );
    assert_eq!(status, 200, "{answer}");
    let answer: serde_json::Value = serde_json::from_str(&answer).expect("JSON");
    let cli = json(&tabula(&[
        "analyze",
        "snakes",
        "--shortest",
        "--format",
        "json",
    ]));
    assert_eq!(answer["analysis"]["throws"], cli["throws"]);
    assert_eq!(answer["analysis"]["shortest"], cli["shortest"]);
    assert_eq!(answer["analysis"]["squares"], cli["squares"]);

    let (status, answer) = http(
        &served.url,
        "POST",
        "/game/snakes/designer/api/analyze",
        r#"{"board": "Board(name: \"x\", size: ten)"}"#,
    );
    assert_eq!(status, 200);
    let answer: serde_json::Value = serde_json::from_str(&answer).expect("JSON");
    assert_eq!(answer["error"]["line"], 1);
    assert_eq!(answer["error"]["column"], 24);
}

#[test]
fn serve_warns_when_other_machines_may_reach_it() {
    let mut served = serve("0.0.0.0:0");
    let mut line = String::new();
    BufReader::new(served.stderr.take().expect("stderr"))
        .read_line(&mut line)
        .expect("a warning");
    assert!(line.starts_with("warning: "), "{line}");
    let (status, _) = http(&served.url, "GET", "/", "");
    assert_eq!(status, 200);
}

#[test]
fn serve_refuses_an_address_in_use() {
    let served = serve("127.0.0.1:0");
    let addr = served
        .url
        .trim_start_matches("http://")
        .trim_end_matches('/');
    let out = tabula(&["serve", "--addr", addr]);
    assert_eq!(out.status.code(), Some(1));
    assert!(
        String::from_utf8_lossy(&out.stderr).contains("cannot listen on"),
        "{out:?}"
    );
}

/// The browser: `TABULA_CHROMIUM`, else `chromium` or `chromium-browser`
/// on the path.
fn chromium() -> Option<std::path::PathBuf> {
    if let Some(p) = std::env::var_os("TABULA_CHROMIUM") {
        return Some(p.into());
    }
    let path = std::env::var_os("PATH")?;
    std::env::split_paths(&path)
        .flat_map(|d| ["chromium", "chromium-browser"].map(|n| d.join(n)))
        .find(|p| p.is_file())
}

#[test]
fn the_designer_shows_the_exact_mean_in_headless_chromium() {
    let Some(browser) = chromium() else {
        let _ = writeln!(
            std::io::stderr(),
            "SKIPPED the_designer_shows_the_exact_mean_in_headless_chromium: no chromium on PATH \
             (install Debian's `chromium`, or set TABULA_CHROMIUM)"
        );
        return;
    };
    let served = serve("127.0.0.1:0");
    let cli = json(&tabula(&["analyze", "snakes", "--format", "json"]));
    let mean = format!("{:.4}", cli["throws"]["mean"].as_f64().expect("a mean"));
    let page = format!("{}game/snakes/designer", served.url);
    // The page measures edit to drawn picture itself; the best of three
    // loads, so that a busy machine does not decide.
    let mut latencies = Vec::new();
    for _ in 0..3 {
        let out = Command::new(&browser)
            .args([
                "--headless=new",
                "--no-sandbox",
                "--disable-gpu",
                "--virtual-time-budget=20000",
                "--dump-dom",
                &page,
            ])
            .stdin(Stdio::null())
            .output()
            .expect("chromium runs");
        assert!(
            out.status.success(),
            "chromium failed: {}",
            String::from_utf8_lossy(&out.stderr)
        );
        let dom = String::from_utf8_lossy(&out.stdout);
        assert!(
            dom.contains(&format!("id=\"mean\">{mean}<")),
            "the page shows the mean {mean}:\n{dom}"
        );
        let latency: f64 = dom
            .split("data-latency=\"")
            .nth(1)
            .and_then(|s| s.split('"').next())
            .and_then(|s| s.parse().ok())
            .unwrap_or_else(|| panic!("the page measured its latency:\n{dom}"));
        latencies.push(latency);
        if latency < 100.0 {
            break;
        }
    }
    let _ = writeln!(
        std::io::stderr(),
        "designer latency, edit to drawn shading (ms): {latencies:?}"
    );
    assert!(
        latencies.iter().any(|&l| l < 100.0),
        "edit to shading took {latencies:?} ms"
    );
}
