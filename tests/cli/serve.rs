//! `tabula serve` as a user runs it: the address on its first line, the
//! index of the games `tabula list` lists, the Snakes board designer's
//! analysis equal to `tabula analyze snakes`, a warning for an address
//! other machines reach, the commands' forms giving what the command line
//! prints, the designer and a form in a real browser, and the book's
//! screenshots of them.

use std::io::{BufRead, BufReader, Read, Write};
use std::net::TcpStream;
use std::process::{Child, ChildStderr, Command, Stdio};
use std::time::Duration;

use crate::common::{chromium_or_skip, json, stderr, stdout, tabula};

/// A running `tabula serve`, stopped when dropped.
pub(crate) struct Served {
    pub(crate) child: Child,
    /// `http://ADDR/`.
    pub(crate) url: String,
    pub(crate) stderr: Option<ChildStderr>,
}

impl Drop for Served {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

fn serve(addr: &str) -> Served {
    serve_with(&["--addr", addr])
}

/// `tabula serve ARGS`.
pub(crate) fn serve_with(args: &[&str]) -> Served {
    serve_in(None, args)
}

/// `tabula serve ARGS`, run in `dir` if given (else where the tests run).
pub(crate) fn serve_in(dir: Option<&std::path::Path>, args: &[&str]) -> Served {
    let mut command = Command::new(env!("CARGO_BIN_EXE_tabula"));
    if let Some(dir) = dir {
        command.current_dir(dir);
    }
    let mut child = command
        .arg("serve")
        .args(args)
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

/// One HTTP request over a plain socket, as a script sends it (to
/// `localhost`, declared JSON): status and body.
pub(crate) fn http(url: &str, method: &str, path: &str, body: &str) -> (u16, String) {
    let addr = url
        .trim_start_matches("http://")
        .trim_end_matches('/')
        .replace("0.0.0.0", "127.0.0.1");
    let mut s = TcpStream::connect(&addr).expect("connects");
    s.set_read_timeout(Some(Duration::from_secs(60)))
        .expect("a timeout");
    write!(
        s,
        "{method} {path} HTTP/1.1\r\nHost: localhost\r\nContent-Type: application/json\r\nContent-Length: {}\r\nConnection: close\r\n\r\n{body}",
        body.len()
    )
    .expect("sends");
    // The head, then as many bytes as it announces (a server may keep the
    // connection open), or up to the close.
    let mut head = Vec::new();
    while !head.ends_with(b"\r\n\r\n") {
        let mut b = [0];
        // A signal meant for another test of this process (an ended child)
        // may interrupt the read: read again (`read_exact` and
        // `read_to_end`, below, do so themselves).
        match s.read(&mut b) {
            Ok(0) => break,
            Ok(_) => head.push(b[0]),
            Err(e) if e.kind() == std::io::ErrorKind::Interrupted => {}
            Err(e) => panic!("reads: {e}"),
        }
    }
    let head = String::from_utf8_lossy(&head).into_owned();
    let status = head
        .split_whitespace()
        .nth(1)
        .and_then(|s| s.parse().ok())
        .unwrap_or(0);
    let length = head.lines().find_map(|l| {
        let (name, value) = l.split_once(':')?;
        name.eq_ignore_ascii_case("content-length")
            .then(|| value.trim().parse::<usize>().ok())
            .flatten()
    });
    let mut body = Vec::new();
    match length {
        Some(n) => {
            body.resize(n, 0);
            s.read_exact(&mut body).expect("reads the body");
        }
        None => {
            s.read_to_end(&mut body).expect("reads");
        }
    }
    (status, String::from_utf8_lossy(&body).into_owned())
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
    // The page walks until 1e-12 is left, the command line until 1e-18:
    // the same numbers to far more digits than the page prints.
    close_json(&answer["analysis"]["throws"], &cli["throws"], "throws");
    assert_eq!(answer["analysis"]["shortest"], cli["shortest"]);
    close_json(&answer["analysis"]["squares"], &cli["squares"], "squares");

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

/// The designer's aim from an edit to the new shading on the classic
/// board, in the browser: 100 ms (the server's part is a few ms; the
/// tests print what they measured).
const TARGET_MS: f64 = 100.0;

/// What the browser tests assert: ten times the aim, since the test
/// suite runs them beside a hundred other tests, on a shared machine,
/// where one slow moment says nothing about the page.
const LATENCY_BOUND_MS: f64 = 10.0 * TARGET_MS;

#[test]
fn the_designer_shows_the_exact_mean_in_headless_chromium() {
    let Some(browser) = chromium_or_skip("the_designer_shows_the_exact_mean_in_headless_chromium")
    else {
        return;
    };
    let served = serve("127.0.0.1:0");
    let cli = json(&tabula(&["analyze", "snakes", "--format", "json"]));
    let mean = format!("{:.4}", cli["throws"]["mean"].as_f64().expect("a mean"));
    let page = format!("{}game/snakes/designer", served.url);
    // The page measures edit to drawn picture itself; the best of three
    // loads.
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
            .split("data-drawn=\"")
            .nth(1)
            .and_then(|s| s.split('"').next())
            .and_then(|s| s.parse().ok())
            .unwrap_or_else(|| panic!("the page measured its latency:\n{dom}"));
        latencies.push(latency);
        if latency < TARGET_MS {
            break;
        }
    }
    let _ = writeln!(
        std::io::stderr(),
        "designer latency, edit to the new board loaded (a page dump draws no frames) (ms): {latencies:?}"
    );
    assert!(
        latencies.iter().any(|&l| l < LATENCY_BOUND_MS),
        "edit to shading took {latencies:?} ms"
    );
}

/// A page in headless Chromium, driven over the DevTools protocol (a
/// WebSocket, spoken here over a plain socket).
pub(crate) struct Browser {
    child: Child,
    socket: TcpStream,
    next_id: u64,
}

impl Drop for Browser {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

impl Browser {
    pub(crate) fn start(browser: &std::path::Path) -> Browser {
        let mut child = Command::new(browser)
            .args([
                "--headless=new",
                "--no-sandbox",
                "--disable-gpu",
                "--remote-debugging-port=0",
                "--window-size=1400,1200",
                "about:blank",
            ])
            .stdin(Stdio::null())
            .stdout(Stdio::null())
            .stderr(Stdio::piped())
            .spawn()
            .expect("chromium starts");
        let stderr = BufReader::new(child.stderr.take().expect("stderr"));
        let mut port = None;
        for line in stderr.lines() {
            let line = line.expect("a line");
            if let Some(rest) = line.split("ws://127.0.0.1:").nth(1) {
                port = rest.split('/').next().map(str::to_string);
                break;
            }
        }
        let port = port.expect("chromium says where DevTools listens");
        let (_, list) = http(
            &format!("http://127.0.0.1:{port}/"),
            "GET",
            "/json/list",
            "",
        );
        let list: serde_json::Value = serde_json::from_str(&list).expect("the targets");
        let ws = list
            .as_array()
            .and_then(|l| l.iter().find(|t| t["type"] == "page"))
            .and_then(|t| t["webSocketDebuggerUrl"].as_str())
            .expect("a page")
            .to_string();
        let path = ws
            .find("/devtools/")
            .map(|i| ws[i..].to_string())
            .unwrap_or_else(|| panic!("a path in {ws}"));
        let mut socket = TcpStream::connect(format!("127.0.0.1:{port}")).expect("connects");
        socket
            .set_read_timeout(Some(Duration::from_secs(30)))
            .expect("a timeout");
        write!(
            socket,
            "GET {path} HTTP/1.1\r\nHost: 127.0.0.1:{port}\r\nUpgrade: websocket\r\nConnection: Upgrade\r\n\
             Sec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==\r\nSec-WebSocket-Version: 13\r\n\r\n"
        )
        .expect("asks to upgrade");
        // The answer's head, byte by byte (nothing follows it unasked).
        let mut head = Vec::new();
        while !head.ends_with(b"\r\n\r\n") {
            let mut b = [0];
            socket.read_exact(&mut b).expect("the upgrade");
            head.push(b[0]);
        }
        assert!(
            head.starts_with(b"HTTP/1.1 101"),
            "{}",
            String::from_utf8_lossy(&head)
        );
        Browser {
            child,
            socket,
            next_id: 0,
        }
    }

    fn send(&mut self, text: &str) {
        let data = text.as_bytes();
        let mut frame = vec![0x81];
        match data.len() {
            n if n < 126 => frame.push(0x80 | n as u8),
            n if n < 65536 => {
                frame.push(0x80 | 126);
                frame.extend_from_slice(&(n as u16).to_be_bytes());
            }
            n => {
                frame.push(0x80 | 127);
                frame.extend_from_slice(&(n as u64).to_be_bytes());
            }
        }
        let mask = [0x5a, 0x17, 0xc3, 0x88];
        frame.extend_from_slice(&mask);
        frame.extend(data.iter().enumerate().map(|(i, b)| b ^ mask[i % 4]));
        self.socket.write_all(&frame).expect("sends a frame");
    }

    fn receive(&mut self) -> serde_json::Value {
        loop {
            let mut h = [0; 2];
            self.socket.read_exact(&mut h).expect("a frame");
            let n = match h[1] & 0x7f {
                126 => {
                    let mut b = [0; 2];
                    self.socket.read_exact(&mut b).expect("a length");
                    u64::from(u16::from_be_bytes(b))
                }
                127 => {
                    let mut b = [0; 8];
                    self.socket.read_exact(&mut b).expect("a length");
                    u64::from_be_bytes(b)
                }
                n => u64::from(n),
            };
            let mut data = vec![0; usize::try_from(n).expect("a size")];
            self.socket.read_exact(&mut data).expect("a payload");
            if h[0] & 0x0f == 1 {
                return serde_json::from_slice(&data).expect("JSON");
            }
        }
    }

    pub(crate) fn call(&mut self, method: &str, params: serde_json::Value) -> serde_json::Value {
        self.next_id += 1;
        let id = self.next_id;
        self.send(&serde_json::json!({ "id": id, "method": method, "params": params }).to_string());
        loop {
            let m = self.receive();
            if m["id"] == id {
                return m;
            }
        }
    }

    pub(crate) fn eval(&mut self, expression: &str) -> serde_json::Value {
        let r = self.call(
            "Runtime.evaluate",
            serde_json::json!({ "expression": expression, "returnByValue": true }),
        );
        r["result"]["result"]["value"].clone()
    }

    /// Sets the page's size, as a phone (`width` under 500) or a desktop.
    pub(crate) fn resize(&mut self, width: u32, height: u32) {
        self.call(
            "Emulation.setDeviceMetricsOverride",
            serde_json::json!({ "width": width, "height": height, "deviceScaleFactor": 1, "mobile": width < 500 }),
        );
    }

    /// Opens `url`.
    pub(crate) fn open(&mut self, url: &str) {
        self.call("Page.navigate", serde_json::json!({ "url": url }));
    }

    /// Whether nothing on the page scrolls sideways.
    pub(crate) fn fits(&mut self) -> bool {
        self.eval("document.documentElement.scrollWidth <= window.innerWidth")
            == serde_json::Value::Bool(true)
    }

    /// Whether every element `selectors` names shows without scrolling.
    pub(crate) fn above_the_fold(&mut self, selectors: &[&str]) -> bool {
        let list = serde_json::to_string(selectors).expect("strings");
        self.eval(&format!(
            "{list}.every(s => {{ const e = document.querySelector(s); \
             return !!e && e.getBoundingClientRect().bottom <= window.innerHeight; }})"
        )) == serde_json::Value::Bool(true)
    }

    /// Waits until `expression` is true (at most 20 s).
    pub(crate) fn wait_for(&mut self, expression: &str) {
        let start = std::time::Instant::now();
        while self.eval(expression) != serde_json::Value::Bool(true) {
            assert!(
                start.elapsed() < Duration::from_secs(20),
                "waited for {expression}"
            );
            std::thread::sleep(Duration::from_millis(20));
        }
    }

    fn mouse(&mut self, kind: &str, (x, y): (f64, f64)) {
        self.call(
            "Input.dispatchMouseEvent",
            serde_json::json!({ "type": kind, "x": x, "y": y, "button": "left", "clickCount": 1 }),
        );
    }
}

#[test]
fn the_designer_edits_by_clicks_and_drags_in_headless_chromium() {
    let Some(browser) =
        chromium_or_skip("the_designer_edits_by_clicks_and_drags_in_headless_chromium")
    else {
        return;
    };
    let served = serve("127.0.0.1:0");
    let mut b = Browser::start(&browser);
    b.call(
        "Page.navigate",
        serde_json::json!({ "url": format!("{}game/snakes/designer", served.url) }),
    );
    b.wait_for("document.body.dataset.latency !== undefined");
    // Where a square is on the screen: the server's layout, scaled to the
    // picture as drawn.
    let body = serde_json::json!({ "board": classic() }).to_string();
    let (_, answer) = http(
        &served.url,
        "POST",
        "/game/snakes/designer/api/analyze",
        &body,
    );
    let answer: serde_json::Value = serde_json::from_str(&answer).expect("JSON");
    let cells = answer["layout"]["cells"].clone();
    let frame = b.eval(
        "(() => { const i = document.getElementById('board'); const r = i.getBoundingClientRect(); \
         return [r.left, r.top, r.width / i.viewBox.baseVal.width]; })()",
    );
    let f = |i: usize| frame[i].as_f64().expect("a number");
    let at = |square: usize| {
        let c = |i: usize| cells[square][i].as_f64().expect("a cell");
        (
            f(0) + (c(0) + c(2)) / 2.0 * f(2),
            f(1) + (c(1) + c(3)) / 2.0 * f(2),
        )
    };
    let mut latencies = Vec::new();
    let mut answered = Vec::new();
    let mut latency = |b: &mut Browser| {
        b.wait_for("document.body.dataset.latency !== undefined");
        let l = b.eval(
            "[Number(document.body.dataset.latency), Number(document.body.dataset.answered)]",
        );
        latencies.push(l[0].as_f64().expect("a latency"));
        answered.push(l[1].as_f64().expect("a time"));
    };
    let text = "document.getElementById('ron').value";
    let click = |b: &mut Browser, square: usize| {
        b.mouse("mousePressed", at(square));
        b.mouse("mouseReleased", at(square));
    };
    // Square 2, then 5: a ladder.
    b.eval("delete document.body.dataset.latency");
    click(&mut b, 2);
    click(&mut b, 5);
    b.wait_for(&format!("{text}.includes('(2, 5)')"));
    latency(&mut b);
    b.wait_for("document.getElementById('jumps').textContent.includes('ladder 2 → 5')");
    // The new ladder is shaded into the drawn board, not drawn afresh; the
    // drawn board is shapes only.
    assert_eq!(
        b.eval("document.getElementById('board').dataset.drawn"),
        "in place"
    );
    assert_eq!(
        b.eval(
            "document.getElementById('board').querySelectorAll('script, a, foreignObject').length"
        ),
        0
    );
    // Drag the foot of the ladder 1 -> 38 to square 3.
    b.eval("delete document.body.dataset.latency");
    b.mouse("mousePressed", at(1));
    b.mouse("mouseMoved", at(3));
    b.mouse("mouseReleased", at(3));
    b.wait_for(&format!(
        "{text}.includes('(3, 38)') && !{text}.includes('(1, 38)')"
    ));
    latency(&mut b);
    // The mean shown is the server's for the edited board.
    let edited = b.eval(text);
    let body = serde_json::json!({ "board": edited }).to_string();
    let (_, answer) = http(
        &served.url,
        "POST",
        "/game/snakes/designer/api/analyze",
        &body,
    );
    let answer: serde_json::Value = serde_json::from_str(&answer).expect("JSON");
    let mean = format!(
        "{:.4}",
        answer["analysis"]["throws"]["mean"]
            .as_f64()
            .expect("a mean")
    );
    b.wait_for(&format!(
        "document.getElementById('mean').textContent === '{mean}'"
    ));
    // Copy command: what it puts on the clipboard, run on the page's text
    // saved as the file it names, gives the mean the page shows.
    // Headless Chromium grants a page no clipboard to read back, so the
    // test stands in for the clipboard's writeText and keeps what the
    // button writes.
    b.eval(
        "navigator.clipboard.writeText = (t) => { window.copied = t; return Promise.resolve(); }",
    );
    b.eval("document.getElementById('copy').click()");
    b.wait_for("document.getElementById('status').textContent.startsWith('Copied: ')");
    let copied = b.eval("window.copied");
    let copied = copied.as_str().expect("a text").to_string();
    assert_eq!(
        copied,
        b.eval("document.getElementById('command').textContent"),
        "the command copied is the one shown"
    );
    let words: Vec<&str> = copied.split_whitespace().collect();
    assert_eq!(words.first(), Some(&"tabula"), "{copied}");
    assert!(words.contains(&"board.ron"), "{copied}");
    let dir = crate::common::temp_dir("serve-copy");
    std::fs::write(dir.join("board.ron"), edited.as_str().expect("a text")).expect("saves");
    let run = Command::new(env!("CARGO_BIN_EXE_tabula"))
        .args(&words[1..])
        .args(["--format", "json"])
        .current_dir(&dir)
        .stdin(Stdio::null())
        .output()
        .expect("tabula runs");
    let run = json(&run);
    assert_eq!(
        format!("{:.4}", run["throws"]["mean"].as_f64().expect("a mean")),
        mean,
        "the copied command gives the page's mean"
    );
    assert_eq!(run["shortest"], answer["analysis"]["shortest"]);
    // A broken text: the located error beside it, the last analysis kept.
    b.eval(
        "(() => { const t = document.getElementById('ron'); t.value = 'Board(name: \"x\", size: ten)'; \
         t.dispatchEvent(new Event('input')); })()",
    );
    b.wait_for("document.getElementById('error').textContent.startsWith('line 1, column 24: ')");
    assert_eq!(
        b.eval("document.getElementById('mean').textContent"),
        mean.as_str()
    );
    let _ = writeln!(
        std::io::stderr(),
        "designer latency of edits, edit to drawn shading (ms): {latencies:?}; of which edit to answer: {answered:?}"
    );
    assert!(
        latencies.iter().any(|&l| l < LATENCY_BOUND_MS),
        "edit to shading took {latencies:?} ms"
    );
}

#[test]
fn serve_runs_a_command_through_its_form_as_the_command_line_does() {
    let served = serve("127.0.0.1:0");
    let (status, index) = http(&served.url, "GET", "/", "");
    assert_eq!(status, 200);
    assert!(index.contains("href=\"/run/analyze/snakes\""), "{index}");
    // The form is the command's own arguments, with their help and
    // defaults.
    let (status, form) = http(&served.url, "GET", "/run/analyze/snakes", "");
    assert_eq!(status, 200);
    for part in [
        "<code>--players</code>",
        "<code>--max-states</code>",
        "name=\"max_states\" value=\"2000000\"",
        "<option value=\"chute\">chute: At least one chute</option>",
        "name=\"shortest\"",
    ] {
        assert!(form.contains(part), "{part} not in the form");
    }
    let body = serde_json::json!({
        "board": "teaching", "rules": "bounce", "players": "2", "shortest": "true",
    })
    .to_string();
    let (status, answer) = http(&served.url, "POST", "/api/run/analyze/snakes", &body);
    assert_eq!(status, 200, "{answer}");
    let answer: serde_json::Value = serde_json::from_str(&answer).expect("JSON");
    let args = [
        "analyze",
        "snakes",
        "--board=teaching",
        "--rules=bounce",
        "--players=2",
        "--shortest",
    ];
    assert_eq!(answer["command"], format!("tabula {}", args.join(" ")));
    assert_eq!(answer["text"], stdout(&tabula(&args)));
    let mut with_json = args.to_vec();
    with_json.extend(["--format", "json"]);
    assert_eq!(
        format!("{}\n", answer["json"].as_str().expect("JSON text")),
        stdout(&tabula(&with_json))
    );
    // The pictures are those --plot draws.
    let dir = crate::common::temp_dir("serve-form-plot");
    let mut with_plot = args.to_vec();
    let plot = format!("--plot={}", dir.display());
    with_plot.push(&plot);
    assert!(tabula(&with_plot).status.success());
    for p in answer["pictures"].as_array().expect("pictures") {
        let name = p["name"].as_str().expect("a name");
        let drawn = std::fs::read_to_string(dir.join(format!("{name}.svg"))).expect("drawn too");
        assert_eq!(p["svg"], drawn.as_str(), "{name}");
    }
    assert!(!answer["pictures"].as_array().expect("pictures").is_empty());
    // The command line's refusals, as the terminal words them.
    let (status, answer) = http(
        &served.url,
        "POST",
        "/api/run/analyze/snakes",
        r#"{"players": "9"}"#,
    );
    assert_eq!(status, 422);
    let answer: serde_json::Value = serde_json::from_str(&answer).expect("JSON");
    let cli = tabula(&["analyze", "snakes", "--players=9"]);
    assert_eq!(cli.status.code(), Some(2));
    assert!(
        stderr(&cli).starts_with(
            answer["error"]
                .as_str()
                .expect("an error")
                .lines()
                .next()
                .expect("a line")
        ),
        "{answer} vs {}",
        stderr(&cli)
    );
    // The server reads no file it is not sent.
    let ron = format!(
        "{}/games/snakes/boards/classic.ron",
        env!("CARGO_MANIFEST_DIR")
    );
    let body = serde_json::json!({ "board": ron }).to_string();
    let (status, answer) = http(&served.url, "POST", "/api/run/analyze/snakes", &body);
    assert_eq!(status, 400, "{answer}");
    // Interactive commands have no form.
    assert_eq!(http(&served.url, "GET", "/run/play/chance-it", "").0, 404);
}

/// The run directories (`tabula-serve-run-PID-*`) the server `pid` has
/// left in the temporary directory, with any that an earlier process of
/// that id left there (killed outright, a server leaves its run's
/// folder), so a test takes them before its server runs anything.
pub(crate) fn run_dirs_left(pid: u32) -> Vec<String> {
    let prefix = format!("tabula-serve-run-{pid}-");
    std::fs::read_dir(std::env::temp_dir())
        .map(|d| {
            d.filter_map(Result::ok)
                .map(|e| e.file_name().to_string_lossy().into_owned())
                .filter(|n| n.starts_with(&prefix))
                .collect()
        })
        .unwrap_or_default()
}

#[test]
fn a_form_takes_an_uploaded_board_and_an_uploaded_record() {
    let served = serve("127.0.0.1:0");
    let pid = served.child.id();
    // Left by an earlier server that had this process id and was killed.
    let stale = run_dirs_left(pid);
    // The form offers an upload for the board and for --params-like files.
    let (status, form) = http(&served.url, "GET", "/run/analyze/snakes", "");
    assert_eq!(status, 200);
    assert!(
        form.contains("type=\"file\" id=\"f-board_file-file\" data-for=\"board_file\""),
        "{form}"
    );
    // A board uploaded: the report the command line gives on that file.
    let teaching = format!(
        "{}/games/snakes/boards/teaching.ron",
        env!("CARGO_MANIFEST_DIR")
    );
    let text = std::fs::read_to_string(&teaching).expect("the teaching board");
    let edited = text.replacen("ladders: [", "ladders: [(2, 9), ", 1);
    assert_ne!(edited, text, "the board has ladders to add to");
    let dir = crate::common::temp_dir("serve-upload");
    let board = dir.join("mine.ron");
    std::fs::write(&board, &edited).expect("writes");
    let body = serde_json::json!({
        "board_file": { "name": "mine.ron", "text": edited },
        "players": "2",
        "shortest": "true",
    })
    .to_string();
    let (status, answer) = http(&served.url, "POST", "/api/run/analyze/snakes", &body);
    assert_eq!(status, 200, "{answer}");
    let answer: serde_json::Value = serde_json::from_str(&answer).expect("JSON");
    assert_eq!(
        answer["command"],
        "tabula analyze snakes --players=2 --shortest mine.ron"
    );
    let cli = tabula(&[
        "analyze",
        "snakes",
        "--players=2",
        "--shortest",
        &board.display().to_string(),
    ]);
    assert!(cli.status.success(), "{}", stderr(&cli));
    assert_eq!(answer["text"], stdout(&cli));
    // The same file under --board, with a name that tries to climb out.
    let body = serde_json::json!({
        "board": { "name": "../../etc/passwd", "text": edited },
    })
    .to_string();
    let (status, answer) = http(&served.url, "POST", "/api/run/analyze/snakes", &body);
    assert_eq!(status, 200, "{answer}");
    let answer: serde_json::Value = serde_json::from_str(&answer).expect("JSON");
    assert_eq!(answer["command"], "tabula analyze snakes --board=passwd");
    let shown: serde_json::Value =
        serde_json::from_str(answer["json"].as_str().expect("JSON text")).expect("JSON");
    let cli = json(&tabula(&[
        "analyze",
        "snakes",
        "--format=json",
        &board.display().to_string(),
    ]));
    assert_eq!(shown["throws"], cli["throws"]);
    // A file for a field that takes none, and a malformed file: 400.
    for body in [
        r#"{"players": {"name": "a", "text": "2"}}"#,
        r#"{"board": {"name": "a"}}"#,
        r#"{"board": {"name": "a", "text": "x", "more": 1}}"#,
    ] {
        let (status, answer) = http(&served.url, "POST", "/api/run/analyze/snakes", body);
        assert_eq!(status, 400, "{body}: {answer}");
    }
    // A file past the limit is refused.
    let big = serde_json::json!({
        "board": { "name": "big.ron", "text": "x".repeat(600 * 1024) },
    })
    .to_string();
    let (status, _) = http(&served.url, "POST", "/api/run/analyze/snakes", &big);
    assert_eq!(status, 400);
    // A record uploaded to replay: it replays as on the command line.
    let records = crate::common::temp_dir("serve-upload-record");
    let made = tabula(&[
        "simulate",
        "snakes",
        "--games=1",
        "--seed=3",
        &format!("--record={}", records.display()),
    ]);
    assert!(made.status.success(), "{}", stderr(&made));
    let record = records.join("snakes-3-0.ron");
    let text = std::fs::read_to_string(&record).expect("the record");
    let (status, _) = http(&served.url, "GET", "/run/replay/snakes", "");
    assert_eq!(status, 200, "replay has a form");
    let body =
        serde_json::json!({ "file": { "name": "snakes-3-0.ron", "text": text } }).to_string();
    let (status, answer) = http(&served.url, "POST", "/api/run/replay/snakes", &body);
    assert_eq!(status, 200, "{answer}");
    let answer: serde_json::Value = serde_json::from_str(&answer).expect("JSON");
    let cli = Command::new(env!("CARGO_BIN_EXE_tabula"))
        .args(["replay", "snakes", "snakes-3-0.ron"])
        .current_dir(&records)
        .stdin(Stdio::null())
        .output()
        .expect("tabula runs");
    assert!(cli.status.success(), "{}", stderr(&cli));
    assert_eq!(answer["text"], stdout(&cli));
    assert_eq!(answer["command"], "tabula replay snakes snakes-3-0.ron");
    // A broken record: replay's own error.
    let body = serde_json::json!({ "file": { "name": "r.ron", "text": "Record(" } }).to_string();
    let (status, answer) = http(&served.url, "POST", "/api/run/replay/snakes", &body);
    assert_eq!(status, 422, "{answer}");
    // Each run's directory is gone once it has answered.
    assert_eq!(run_dirs_left(pid), stale);
}

/// The report a form shows once its run is done: `[text, pictures drawn]`.
fn run_form(b: &mut Browser) -> serde_json::Value {
    b.eval("document.getElementById('run').click()");
    b.wait_for("document.getElementById('run-form').dataset.state === 'done'");
    b.wait_for(
        "[...document.querySelectorAll('#pictures img')].every((i) => i.complete && i.naturalWidth > 0)",
    );
    b.eval(
        "[document.getElementById('text').textContent, document.getElementById('error').textContent, \
         document.querySelectorAll('#pictures img').length]",
    )
}

#[test]
fn a_second_games_command_runs_through_its_form_in_headless_chromium() {
    let Some(browser) =
        chromium_or_skip("a_second_games_command_runs_through_its_form_in_headless_chromium")
    else {
        return;
    };
    let served = serve("127.0.0.1:0");
    let mut b = Browser::start(&browser);
    // From the index, the link to Chance-it's simulate form.
    b.call(
        "Page.navigate",
        serde_json::json!({ "url": served.url.clone() }),
    );
    b.wait_for("document.querySelector('a[href=\"/run/simulate/chance-it\"]') !== null");
    b.eval("document.querySelector('a[href=\"/run/simulate/chance-it\"]').click()");
    // Its script has run (a click before would submit the plain form).
    b.wait_for("document.getElementById('run-form')?.dataset.state === 'ready'");
    b.eval(
        "(() => { const f = document.getElementById('f-games'); f.value = '500'; \
         document.getElementById('f-seed').value = '7'; })()",
    );
    let shown = run_form(&mut b);
    let cli = tabula(&["simulate", "chance-it", "--games", "500", "--seed", "7"]);
    assert!(cli.status.success(), "{}", stderr(&cli));
    assert_eq!(shown[1], "", "no error");
    assert_eq!(shown[0], stdout(&cli).as_str());
    assert!(shown[2].as_u64().expect("a count") > 0, "pictures drawn");
    assert_eq!(
        b.eval("document.getElementById('command').textContent"),
        "tabula simulate chance-it --seed=7 --games=500"
    );
    // A value the command refuses: the terminal's message on the page.
    b.eval("document.getElementById('f-games').value = 'many'");
    let shown = run_form(&mut b);
    assert!(
        shown[1]
            .as_str()
            .expect("an error")
            .contains("invalid value 'many'"),
        "{shown}"
    );
    // A board file chosen in Snakes' analyze form: the report the
    // command line gives on that file.
    b.call(
        "Page.navigate",
        serde_json::json!({ "url": format!("{}run/analyze/snakes", served.url) }),
    );
    b.wait_for("document.getElementById('run-form')?.dataset.state === 'ready'");
    let teaching = format!(
        "{}/games/snakes/boards/teaching.ron",
        env!("CARGO_MANIFEST_DIR")
    );
    // The file is chosen once the input holds it: a node looked up while
    // the page was still settling can miss, so look it up again until
    // the choice has taken.
    let chosen = "document.getElementById('f-board_file-file').files.length === 1";
    let start = std::time::Instant::now();
    while b.eval(chosen) != serde_json::Value::Bool(true) {
        assert!(
            start.elapsed() < Duration::from_secs(20),
            "the board file was never chosen"
        );
        let document = b.call("DOM.getDocument", serde_json::json!({}));
        let input = b.call(
            "DOM.querySelector",
            serde_json::json!({
                "nodeId": document["result"]["root"]["nodeId"], "selector": "#f-board_file-file",
            }),
        );
        b.call(
            "DOM.setFileInputFiles",
            serde_json::json!({ "files": [teaching], "nodeId": input["result"]["nodeId"] }),
        );
        std::thread::sleep(Duration::from_millis(20));
    }
    let shown = run_form(&mut b);
    assert_eq!(shown[1], "", "no error");
    let cli = tabula(&["analyze", "snakes", &teaching]);
    assert!(cli.status.success(), "{}", stderr(&cli));
    assert_eq!(shown[0], stdout(&cli).as_str());
    assert_eq!(
        b.eval("document.getElementById('command').textContent"),
        "tabula analyze snakes teaching.ron"
    );
}

/// A long form run in the browser: its progress bar shows at once (no
/// value yet), takes the count of the run's progress lines and advances
/// with them, several times within a few seconds (the run writes a line
/// four times a second), and Stop still ends the run and hides the bar.
#[test]
#[ignore = "slow: drives a browser through a long run; .ci/run runs it"]
fn a_long_form_runs_progress_bar_advances_and_stop_ends_it_in_headless_chromium() {
    let Some(browser) = chromium_or_skip(
        "a_long_form_runs_progress_bar_advances_and_stop_ends_it_in_headless_chromium",
    ) else {
        return;
    };
    let served = serve_with(&["--addr", "127.0.0.1:0", "--workers", "1"]);
    let mut b = Browser::start(&browser);
    b.call(
        "Page.navigate",
        serde_json::json!({ "url": format!("{}run/simulate/snakes", served.url) }),
    );
    b.wait_for("document.getElementById('run-form')?.dataset.state === 'ready'");
    assert_eq!(b.eval("document.getElementById('progress').hidden"), true);
    b.eval("document.getElementById('f-games').value = '1000000000'");
    b.eval("document.getElementById('run').click()");
    b.wait_for("document.getElementById('run-form').dataset.state === 'running'");
    assert_eq!(
        b.eval(
            "(() => { const p = document.getElementById('progress'); \
             return !p.hidden && !p.hasAttribute('value'); })()"
        ),
        true,
        "the bar shows, without a value, while no progress line has come"
    );
    let value = |b: &mut Browser| {
        let start = std::time::Instant::now();
        loop {
            let v = b.eval(
                "(() => { const p = document.getElementById('progress'); \
                 return p.hasAttribute('value') ? [p.value, p.max] : null; })()",
            );
            if let Some(v) = v.as_array() {
                return (
                    v[0].as_f64().expect("a value"),
                    v[1].as_f64().expect("a max"),
                );
            }
            assert!(start.elapsed() < Duration::from_secs(40), "no progress");
            std::thread::sleep(Duration::from_millis(250));
        }
    };
    let (first, max) = value(&mut b);
    assert_eq!(max, 1e9);
    assert!(first > 0.0, "{first}");
    let start = std::time::Instant::now();
    // Each value the bar takes, with when it was seen.
    let mut seen = vec![(first, Duration::ZERO)];
    while seen.len() < 4 {
        let (now, _) = value(&mut b);
        if let Some(&(last, _)) = seen.last()
            && now != last
        {
            assert!(now > last, "the bar went back: {seen:?}, then {now}");
            seen.push((now, start.elapsed()));
        }
        assert!(
            start.elapsed() < Duration::from_secs(5),
            "the bar advanced too seldom: {seen:?}"
        );
        std::thread::sleep(Duration::from_millis(100));
    }
    let _ = writeln!(
        std::io::stderr(),
        "the progress bar's values, with when they were seen after the first: {seen:?}"
    );
    b.eval("document.getElementById('stop').click()");
    b.wait_for("document.getElementById('run-form').dataset.state === 'done'");
    assert_eq!(
        b.eval("document.getElementById('status').textContent"),
        "stopped"
    );
    assert_eq!(b.eval("document.getElementById('progress').hidden"), true);
    // The one worker is free again: a short run answers.
    b.eval("document.getElementById('f-games').value = '100'");
    let shown = run_form(&mut b);
    assert_eq!(shown[1], "", "no error: {shown}");
}

/// The designer's numbers after the players and rule set controls
/// change, the RON it downloads, and the time from an edit to the new
/// shading over 50 edits.
#[test]
#[ignore = "slow: 50 timed edits in headless Chromium; .ci/run runs it"]
fn the_designers_controls_and_download_follow_the_command_line_in_headless_chromium() {
    let Some(browser) = chromium_or_skip(
        "the_designers_controls_and_download_follow_the_command_line_in_headless_chromium",
    ) else {
        return;
    };
    let served = serve("127.0.0.1:0");
    let mut b = Browser::start(&browser);
    let downloads = crate::common::temp_dir("serve-download");
    b.call(
        "Page.setDownloadBehavior",
        serde_json::json!({ "behavior": "allow", "downloadPath": downloads.display().to_string() }),
    );
    b.call(
        "Page.navigate",
        serde_json::json!({ "url": format!("{}game/snakes/designer", served.url) }),
    );
    b.wait_for("document.body.dataset.latency !== undefined");
    // Rule set `exact`, two players: the numbers `tabula analyze snakes`
    // gives for them.
    b.eval("delete document.body.dataset.latency");
    b.eval(
        "(() => { const r = document.getElementById('rules'); r.value = 'exact'; \
         r.dispatchEvent(new Event('change')); })()",
    );
    b.wait_for("document.body.dataset.latency !== undefined");
    b.eval("delete document.body.dataset.latency");
    b.eval(
        "(() => { const p = document.getElementById('players'); p.value = '2'; \
         p.dispatchEvent(new Event('change')); })()",
    );
    b.wait_for("document.body.dataset.latency !== undefined");
    let cli = json(&tabula(&[
        "analyze",
        "snakes",
        "classic",
        "--rules",
        "exact",
        "--players",
        "2",
        "--format",
        "json",
    ]));
    let mean = format!("{:.4}", cli["throws"]["mean"].as_f64().expect("a mean"));
    let forfeits = format!(
        "{:.4}",
        cli["forfeited_throws_mean"].as_f64().expect("forfeits")
    );
    assert_eq!(
        b.eval("document.getElementById('mean').textContent"),
        mean.as_str()
    );
    assert_eq!(
        b.eval("document.getElementById('forfeits').textContent"),
        forfeits.as_str()
    );
    let command = b.eval("document.getElementById('command').textContent");
    assert_eq!(
        command,
        "tabula analyze snakes board.ron --shortest --players 2"
    );
    // Download RON: the file is the text, and the command shown gives the
    // page's numbers for it.
    b.eval("document.getElementById('download').click()");
    let file = downloads.join("board.ron");
    let start = std::time::Instant::now();
    while !file.is_file() {
        assert!(start.elapsed() < Duration::from_secs(20), "no download");
        std::thread::sleep(Duration::from_millis(50));
    }
    std::thread::sleep(Duration::from_millis(200));
    let saved = std::fs::read_to_string(&file).expect("the download");
    assert_eq!(
        b.eval("document.getElementById('ron').value"),
        saved.as_str()
    );
    assert!(saved.contains("rules: \"exact\""), "{saved}");
    let path = file.display().to_string();
    let from_file = json(&tabula(&[
        "analyze",
        "snakes",
        &path,
        "--shortest",
        "--players",
        "2",
        "--format",
        "json",
    ]));
    assert_eq!(from_file["throws"], cli["throws"]);
    // 50 edits, each a click on two squares (a ladder 2 -> 5, then
    // removed): the time from each to its shading drawn.
    let frame = b.eval(
        "(() => { const i = document.getElementById('board'); const r = i.getBoundingClientRect(); \
         return [r.left, r.top, r.width / i.viewBox.baseVal.width]; })()",
    );
    let body = serde_json::json!({ "board": classic() }).to_string();
    let (_, answer) = http(
        &served.url,
        "POST",
        "/game/snakes/designer/api/analyze",
        &body,
    );
    let answer: serde_json::Value = serde_json::from_str(&answer).expect("JSON");
    let cells = answer["layout"]["cells"].clone();
    let f = |i: usize| frame[i].as_f64().expect("a number");
    let at = |square: usize| {
        let c = |i: usize| cells[square][i].as_f64().expect("a cell");
        (
            f(0) + (c(0) + c(2)) / 2.0 * f(2),
            f(1) + (c(1) + c(3)) / 2.0 * f(2),
        )
    };
    let mut latencies = Vec::new();
    let mut answered = Vec::new();
    let mut drawn = Vec::new();
    for i in 0..50 {
        b.eval("delete document.body.dataset.latency");
        let second = if i % 2 == 0 { 5 } else { 2 };
        for square in [2, second] {
            b.mouse("mousePressed", at(square));
            b.mouse("mouseReleased", at(square));
        }
        let has = if i % 2 == 0 { "" } else { "!" };
        b.wait_for(&format!(
            "{has}document.getElementById('ron').value.includes('(2, 5)') && document.body.dataset.latency !== undefined"
        ));
        let l = b.eval(
            "[Number(document.body.dataset.latency), Number(document.body.dataset.answered), \
             Number(document.body.dataset.drawn)]",
        );
        latencies.push(l[0].as_f64().expect("a latency"));
        answered.push(l[1].as_f64().expect("a time"));
        drawn.push(l[2].as_f64().expect("a time"));
    }
    // Where the slowest edits' time went: the answer's arrival, the
    // board drawn in the page, the frame painted.
    let mut slowest: Vec<usize> = (0..latencies.len()).collect();
    slowest.sort_by(|&a, &b| latencies[b].total_cmp(&latencies[a]));
    let _ = writeln!(
        std::io::stderr(),
        "designer, the 5 slowest edits (ms: answer arrived, board drawn, painted): {:?}",
        slowest
            .iter()
            .take(5)
            .map(|&i| (answered[i], drawn[i], latencies[i]))
            .collect::<Vec<_>>()
    );
    let median = |v: &[f64]| {
        let mut v = v.to_vec();
        v.sort_by(f64::total_cmp);
        (v[v.len() / 2 - 1] + v[v.len() / 2]) / 2.0
    };
    let worst = |v: &[f64]| v.iter().copied().fold(0.0, f64::max);
    let _ = writeln!(
        std::io::stderr(),
        "designer, 50 edits on the classic board: edit to drawn shading median {:.1} ms, worst {:.1} ms; \
         edit to answer median {:.1} ms, worst {:.1} ms (aim: {TARGET_MS} ms)",
        median(&latencies),
        worst(&latencies),
        median(&answered),
        worst(&answered),
    );
    assert!(
        median(&latencies) < LATENCY_BOUND_MS,
        "edit to shading took {latencies:?} ms"
    );
    // Upload a board file: its text in the editor, its numbers shown.
    let teaching = format!(
        "{}/games/snakes/boards/teaching.ron",
        env!("CARGO_MANIFEST_DIR")
    );
    let document = b.call("DOM.getDocument", serde_json::json!({}));
    let input = b.call(
        "DOM.querySelector",
        serde_json::json!({ "nodeId": document["result"]["root"]["nodeId"], "selector": "#upload" }),
    );
    b.call(
        "DOM.setFileInputFiles",
        serde_json::json!({ "files": [teaching], "nodeId": input["result"]["nodeId"] }),
    );
    let cli = json(&tabula(&[
        "analyze",
        "snakes",
        &teaching,
        "--players",
        "2",
        "--format",
        "json",
    ]));
    let mean = format!("{:.4}", cli["throws"]["mean"].as_f64().expect("a mean"));
    b.wait_for(&format!(
        "document.getElementById('mean').textContent === '{mean}'"
    ));
    let uploaded = std::fs::read_to_string(&teaching).expect("the teaching board");
    assert_eq!(
        b.eval("document.getElementById('ron').value"),
        uploaded.as_str()
    );
}

/// The book's preprocessor with `book` on stdin and `env` set (`PATH`
/// replaced): its exit status, the book back and its stderr.
fn preprocess(book: &serde_json::Value, env: &[(&str, &str)]) -> (bool, serde_json::Value, String) {
    let mut command = Command::new(env!("CARGO_BIN_EXE_mdbook-tabula"));
    command
        .env_remove("TABULA_CHROMIUM")
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped());
    for (k, v) in env {
        command.env(k, v);
    }
    let mut child = command.spawn().expect("the preprocessor starts");
    child
        .stdin
        .take()
        .expect("stdin")
        .write_all(book.to_string().as_bytes())
        .expect("the book");
    let out = child.wait_with_output().expect("it runs");
    let back = serde_json::from_slice(&out.stdout).unwrap_or(serde_json::Value::Null);
    (out.status.success(), back, stderr(&out))
}

#[test]
fn the_book_preprocessor_takes_screenshots_of_served_pages_or_says_it_cannot() {
    let chapter = |content: &str| {
        serde_json::json!([
            { "root": std::env::temp_dir(), "renderer": "html" },
            { "items": [{ "Chapter": { "name": "S", "sub_items": [], "content": content } }] }
        ])
    };
    let book = chapter("a\n<!-- screenshot: /run/analyze/snakes?players=2#run 800x600 -->\nb\n");
    let content = |back: &serde_json::Value| {
        back["items"][0]["Chapter"]["content"]
            .as_str()
            .unwrap_or_default()
            .to_string()
    };
    // No browser: a note where the picture would be, and a warning.
    let (ok, back, err) = preprocess(&book, &[("PATH", "")]);
    assert!(ok, "{err}");
    let text = content(&back);
    assert!(
        text.starts_with("a\n<p class=\"tabula-screenshot-missing\"><strong>No screenshot here:"),
        "{text}"
    );
    assert!(!text.contains("<img"), "{text}");
    assert!(err.contains("warning: no chromium"), "{err}");
    // A malformed line fails the build, naming the chapter.
    let (ok, _, err) = preprocess(&chapter("<!-- screenshot: designer 10x10 -->\n"), &[]);
    assert!(!ok);
    assert!(
        err.contains("chapter \"S\"") && err.contains("PATH starting with /"),
        "{err}"
    );
    // With a browser: the page as it looks, inline.
    let Some(browser) = chromium_or_skip(
        "the_book_preprocessor_takes_screenshots_of_served_pages_or_says_it_cannot (with a browser)",
    ) else {
        return;
    };
    let browser = browser.display().to_string();
    let (ok, back, err) = preprocess(&book, &[("TABULA_CHROMIUM", &browser)]);
    assert!(ok, "{err}");
    let text = content(&back);
    // A PNG's signature and header, 800 x 600, in base64.
    assert!(
        text.starts_with("a\n<div class=\"tabula-screenshot\"><img src=\"data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAyAAAAJY"),
        "{}",
        &text[..text.len().min(200)]
    );
    assert!(text.len() > 10_000 && text.ends_with("</div>\nb\n"));
}

#[test]
fn a_hundred_form_runs_at_once_are_answered_or_told_to_retry() {
    let served = serve("127.0.0.1:0");
    let started = std::time::Instant::now();
    let runs: Vec<_> = (0..100)
        .map(|i| {
            let url = served.url.clone();
            std::thread::spawn(move || {
                let t = std::time::Instant::now();
                let body = format!(r#"{{"players": "{}"}}"#, 1 + i % 4);
                let (status, answer) = http(&url, "POST", "/api/run/analyze/snakes", &body);
                (status, answer, t.elapsed())
            })
        })
        .collect();
    let (mut answered, mut refused, mut slowest) = (0, 0, Duration::ZERO);
    for r in runs {
        let (status, answer, took) = r.join().expect("a client");
        match status {
            200 => answered += 1,
            503 => refused += 1,
            s => panic!("status {s}: {answer}"),
        }
        slowest = slowest.max(took);
    }
    let _ = writeln!(
        std::io::stderr(),
        "100 runs of `analyze snakes` through its form at once: {answered} answered, {refused} told 503, \
         all in {:?} (the slowest answer {slowest:?})",
        started.elapsed()
    );
    assert!(answered > 0);
    assert_eq!(http(&served.url, "GET", "/", "").0, 200);
}

/// A long form's run, in a process of its own, writes its count four
/// times a second: the server's progress API counts up within a second
/// or two of the run's start, several times a second.
#[test]
fn a_long_form_runs_progress_counts_up_within_a_second_or_two() {
    counts_up(
        "simulate/snakes",
        r#"{"games": "1000000000"}"#,
        Some(1_000_000_000),
    );
}

/// A tournament's form run counts up as often as a simulation's.
#[test]
fn a_long_tournaments_progress_counts_up_within_a_second_or_two() {
    counts_up(
        "tournament/chance-it",
        r#"{"agents": "until-ten,tapering", "games": "100000000"}"#,
        None,
    );
}

/// Starts the form run `verb_game` with `body` on a one-worker server and
/// checks that its progress counts up (to `total`, if given) within a
/// second or two, several times a second.
fn counts_up(verb_game: &str, body: &str, total: Option<u64>) {
    let served = serve_with(&["--addr", "127.0.0.1:0", "--workers", "1"]);
    let addr = served
        .url
        .trim_start_matches("http://")
        .trim_end_matches('/')
        .to_string();
    let mut s = TcpStream::connect(&addr).expect("connects");
    write!(
        s,
        "POST /api/run/{verb_game} HTTP/1.1\r\nHost: localhost\r\nContent-Type: application/json\r\nTabula-Run: counting\r\n\
         Content-Length: {}\r\n\r\n{body}",
        body.len()
    )
    .expect("sends");
    let started = std::time::Instant::now();
    // Each new count the API reports, with when it came.
    let mut counts: Vec<(u64, Duration)> = Vec::new();
    while counts.len() < 4 {
        let (status, p) = http(&served.url, "GET", "/api/progress/counting", "");
        assert_eq!(status, 200);
        let p: serde_json::Value = serde_json::from_str(&p).expect("JSON");
        if let Some(done) = p["done"].as_u64() {
            if let Some(total) = total {
                assert_eq!(p["total"], total, "{p}");
            }
            if counts.last().is_none_or(|&(last, _)| last != done) {
                counts.push((done, started.elapsed()));
            }
        }
        assert!(
            started.elapsed() < Duration::from_secs(10),
            "{verb_game}: counts so far: {counts:?}"
        );
        std::thread::sleep(Duration::from_millis(50));
    }
    let _ = writeln!(
        std::io::stderr(),
        "a long form run's counts ({verb_game}), with when the API reported them: {counts:?}"
    );
    assert!(
        counts.windows(2).all(|w| w[0].0 < w[1].0),
        "the count only grows: {counts:?}"
    );
    // The first count within a second or two (a busy machine's margin),
    // and counts come often, not ten seconds apart.
    assert!(counts[0].1 < Duration::from_secs(3), "{counts:?}");
    assert!(
        counts[3].1 - counts[0].1 < Duration::from_secs(3),
        "{counts:?}"
    );
    drop(s);
}

#[test]
fn a_form_run_whose_client_leaves_is_stopped_and_frees_its_worker() {
    // One worker: a run waits for the one before it.
    let served = serve_with(&["--addr", "127.0.0.1:0", "--workers", "1"]);
    let addr = served
        .url
        .trim_start_matches("http://")
        .trim_end_matches('/')
        .to_string();
    // A run of a billion games (hours), whose client goes away.
    let body = r#"{"games": "1000000000"}"#;
    let mut s = TcpStream::connect(&addr).expect("connects");
    write!(
        s,
        "POST /api/run/simulate/snakes HTTP/1.1\r\nHost: localhost\r\nContent-Type: application/json\r\nTabula-Run: long-run\r\n\
         Content-Length: {}\r\n\r\n{body}",
        body.len()
    )
    .expect("sends");
    // Its progress: the line the command writes on stderr now and then.
    let started = std::time::Instant::now();
    let line = loop {
        let (status, p) = http(&served.url, "GET", "/api/progress/long-run", "");
        assert_eq!(status, 200);
        let p: serde_json::Value = serde_json::from_str(&p).expect("JSON");
        if let Some(line) = p["line"].as_str() {
            // The count in the line, for the form's progress bar.
            assert_eq!(p["total"], 1_000_000_000_u64, "{p}");
            let done = p["done"].as_u64().expect("a count");
            assert!(line.contains(&format!(" {done}/1000000000 games")), "{p}");
            break line.to_string();
        }
        assert!(
            started.elapsed() < Duration::from_secs(60),
            "no progress line"
        );
        std::thread::sleep(Duration::from_millis(250));
    };
    assert!(
        line.starts_with("simulation: ") && line.contains("/1000000000 games"),
        "{line}"
    );
    drop(s);
    // The next run gets the worker at once: the long one was stopped.
    let started = std::time::Instant::now();
    let (status, answer) = http(&served.url, "POST", "/api/run/analyze/snakes", "{}");
    assert_eq!(status, 200, "{answer}");
    let _ = writeln!(
        std::io::stderr(),
        "a form run after a stopped one (one worker): answered in {:?}",
        started.elapsed()
    );
    assert!(started.elapsed() < Duration::from_secs(30));
    // A run that has ended has no progress.
    let (_, p) = http(&served.url, "GET", "/api/progress/long-run", "");
    assert_eq!(p, r#"{"done":null,"line":null,"total":null}"#);
}

/// A form is built from the verb's options as data: labels in words with
/// the flag beside them, a menu for a game parameter's choices, the
/// game's agents as a pick list with their summaries and the list filled
/// with its usual agents (so that the form runs as it comes), the game's
/// parameters together, the options that matter only with `--record DIR`
/// shown apart and off, and one field for `BOARD` and `--board`.
#[test]
fn a_form_is_built_from_the_verbs_option_data() {
    let served = serve("127.0.0.1:0");
    let (status, form) = http(&served.url, "GET", "/run/tournament/backgammon", "");
    assert_eq!(status, 200, "{form}");
    for part in [
        "Games per pairing <code>--games</code></label>",
        "<select id=\"f-points\" name=\"points\"><option value=\"full\" selected>full</option>",
        "name=\"agents\" value=\"pipcount,random\"",
        "data-add-to=\"f-agents\"",
        "<option value=\"random\" title=\"a legal move at random\">",
        "<fieldset data-group=\"Game parameters\"><legend>Game parameters</legend>",
        "<fieldset disabled data-group=\"Record\">",
    ] {
        assert!(form.contains(part), "{part} not in {form}");
    }
    assert!(!form.contains("name=\"record\""), "{form}");
    assert!(!form.contains("name=\"shard\""), "{form}");
    // As the form comes (its fields as filled), it runs.
    let (status, answer) = http(
        &served.url,
        "POST",
        "/api/run/tournament/backgammon",
        r#"{"agents": "pipcount,random", "games": "4", "points": "full"}"#,
    );
    assert_eq!(status, 200, "{answer}");
    let v: serde_json::Value = serde_json::from_str(&answer).expect("JSON");
    assert_eq!(
        v["command"],
        "tabula tournament backgammon --games=4 --agents=pipcount,random"
    );
    // One field for the board: the positional, which `--board` is
    // another way to give (both are taken, as on the command line).
    let (_, form) = http(&served.url, "GET", "/run/analyze/snakes", "");
    assert!(form.contains("name=\"board_file\""), "{form}");
    assert!(!form.contains("name=\"board\""), "{form}");
    // A fixed choice is a menu, also where the game checks the value.
    let (_, form) = http(&served.url, "GET", "/run/simulate/seega", "");
    assert!(
        form.contains("<select id=\"f-first\" name=\"first\">"),
        "{form}"
    );
}

/// `page` is `cli` but for rounding: the same keys, the same whole
/// numbers and lists, every other number within 1e-9 (relative, or
/// absolute below one).
fn close_json(page: &serde_json::Value, cli: &serde_json::Value, at: &str) {
    use serde_json::Value;
    match (page, cli) {
        (Value::Object(a), Value::Object(b)) => {
            let keys = |m: &serde_json::Map<String, Value>| m.keys().cloned().collect::<Vec<_>>();
            assert_eq!(keys(a), keys(b), "{at}");
            for (k, v) in a {
                close_json(v, &b[k], &format!("{at}.{k}"));
            }
        }
        (Value::Array(a), Value::Array(b)) => {
            assert_eq!(a.len(), b.len(), "{at}: lengths");
            for (i, (x, y)) in a.iter().zip(b).enumerate() {
                close_json(x, y, &format!("{at}[{i}]"));
            }
        }
        (Value::Number(x), Value::Number(y)) if x.is_f64() || y.is_f64() => {
            let (x, y) = (
                x.as_f64().unwrap_or(f64::NAN),
                y.as_f64().unwrap_or(f64::NAN),
            );
            assert!(
                (x - y).abs() <= 1e-9 * y.abs().max(1.0),
                "{at}: page {x}, command line {y}"
            );
        }
        _ => assert_eq!(page, cli, "{at}"),
    }
}

/// Issue 55, item 7: with `TABULA_REQUIRE_CHROMIUM=1` (as `.ci/run`
/// sets) a browser test without a browser fails instead of saying
/// SKIPPED; plain `cargo test` still skips.
#[test]
fn a_required_browser_that_is_missing_fails_the_browser_tests() {
    let run = |require: Option<&str>| {
        let mut c = std::process::Command::new(std::env::current_exe().expect("this test"));
        c.args([
            "--exact",
            "play_serve::the_play_page_plays_by_keyboard_and_fits_at_390_and_1280_in_headless_chromium",
            "--test-threads=1",
        ])
        .env_remove("TABULA_CHROMIUM")
        .env("PATH", "/nonexistent")
        .env_remove("TABULA_REQUIRE_CHROMIUM");
        if let Some(v) = require {
            c.env("TABULA_REQUIRE_CHROMIUM", v);
        }
        c.output().expect("runs the test binary")
    };
    let required = run(Some("1"));
    assert!(
        !required.status.success(),
        "{}",
        String::from_utf8_lossy(&required.stdout)
    );
    let plain = run(None);
    assert!(
        plain.status.success(),
        "{}",
        String::from_utf8_lossy(&plain.stdout)
    );
    assert!(String::from_utf8_lossy(&plain.stderr).contains("SKIPPED"));
}
