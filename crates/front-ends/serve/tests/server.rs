//! A real server on 127.0.0.1:0, spoken to over plain TCP: the index, a
//! page and its requests, the body limit, bounded work, hostile bodies,
//! many clients at once and a client that never sends.
//!
//! The game and page here are this test's own (a front end names no
//! game): `flip`, with a page `counter` whose `echo` action counts bytes
//! and whose `slow` action takes a while.

use std::io::{Read, Write};
use std::net::{SocketAddr, TcpStream};
use std::sync::OnceLock;
use std::time::{Duration, Instant};

use tabula_core::spec::Source;
use tabula_registry::page::{GamePage, PageAnswer, PageError};
use tabula_registry::picture::{Drawing, Picture, chart};
use tabula_registry::{Command, GameEntry};

fn api(action: &str, body: &str) -> Result<PageAnswer, PageError> {
    let empty = || PageAnswer::json(serde_json::json!({}));
    match action {
        "echo" => Ok(PageAnswer::json(
            serde_json::json!({ "length": body.len() }),
        )),
        "slow" => {
            std::thread::sleep(Duration::from_millis(200));
            Ok(empty())
        }
        "bad" => Err(PageError::BadRequest("a bad request".into())),
        "count" => {
            COUNTED.fetch_add(1, std::sync::atomic::Ordering::SeqCst);
            Ok(empty())
        }
        "counted" => Ok(PageAnswer::json(
            COUNTED.load(std::sync::atomic::Ordering::SeqCst).into(),
        )),
        // Pictures as data, drawn by the server into the JSON.
        "draw" => Ok(PageAnswer::with_pictures(
            serde_json::json!({ "ok": true }),
            vec![
                Picture {
                    name: "own".into(),
                    title: "a page's own SVG".into(),
                    drawing: Drawing::Svg("<svg/>".into()),
                },
                chart::bars(
                    "bars",
                    "one bar",
                    "share",
                    vec![chart::Bar {
                        label: "a".into(),
                        value: Some(0.5),
                        std_error: None,
                        exact: None,
                    }],
                ),
            ],
        )),
        "undrawable" => Ok(PageAnswer::with_pictures(
            serde_json::json!({}),
            vec![chart::bars("bars", "no bars", "share", Vec::new())],
        )),
        "panic" => panic!("a page's bug"),
        // Work a test counts, apart from `count`'s.
        "work" => {
            WORKED.fetch_add(1, std::sync::atomic::Ordering::SeqCst);
            Ok(empty())
        }
        // Waits, then says whether a newer request of its client came.
        "stale" => {
            let seq: u64 = body
                .trim()
                .parse()
                .map_err(|_| PageError::BadRequest("a number".into()))?;
            let ticket = tabula_registry::page::CLIENTS.begin("stale-client", seq);
            std::thread::sleep(Duration::from_millis(400));
            Ok(PageAnswer::json(
                serde_json::json!({ "stale": ticket.is_stale() }),
            ))
        }
        _ => Err(PageError::UnknownAction),
    }
}

static COMMANDS: &[&dyn Command] = &[];

/// Calls of the action `count` that ran.
static COUNTED: std::sync::atomic::AtomicUsize = std::sync::atomic::AtomicUsize::new(0);

/// Calls of the action `work` that ran.
static WORKED: std::sync::atomic::AtomicUsize = std::sync::atomic::AtomicUsize::new(0);

tabula_registry::inventory::submit! {
    GameEntry {
        name: "flip",
        summary: "a coin <b>flipped</b> & counted",
        plugins: || Ok(Vec::new()),
        commands: COMMANDS,
        parameters: &[],
    }
}

tabula_registry::inventory::submit! {
    GamePage {
        game: "flip",
        name: "counter",
        title: "Counter",
        summary: "counts bytes",
        html: "<p id=\"counter\">counter</p>",
        api,
    }
}

/// One server for the tests that do not fill its queue.
fn server() -> SocketAddr {
    static ADDR: OnceLock<SocketAddr> = OnceLock::new();
    *ADDR.get_or_init(|| start(4))
}

fn start(workers: u16) -> SocketAddr {
    start_with(workers, 10)
}

fn start_with(workers: u16, idle_seconds: u64) -> SocketAddr {
    let server = tabula_serve::spawn(tabula_serve::Options {
        addr: "127.0.0.1:0".parse().expect("an address"),
        workers: Some(workers),
        idle_seconds,
    })
    .expect("the server starts");
    let addr = server.addr();
    assert!(server.url().starts_with("http://127.0.0.1:"));
    // The server runs on its own thread until the test process ends.
    std::mem::forget(server);
    addr
}

/// A response: status, headers (lower-case names) and body.
#[derive(Debug)]
struct Response {
    status: u16,
    headers: Vec<(String, String)>,
    body: Vec<u8>,
}

impl Response {
    fn header(&self, name: &str) -> Option<&str> {
        self.headers
            .iter()
            .find(|(n, _)| n == name)
            .map(|(_, v)| v.as_str())
    }

    fn text(&self) -> String {
        String::from_utf8_lossy(&self.body).into_owned()
    }
}

/// Sends raw bytes and reads the whole answer (the request asks to
/// close). It writes on a thread of its own while reading, so an answer
/// the server sends before it has read everything (413) is read before
/// the server closes.
fn raw(addr: SocketAddr, request: &[u8]) -> Response {
    let mut s = TcpStream::connect(addr).expect("connects");
    s.set_read_timeout(Some(Duration::from_secs(30)))
        .expect("a timeout");
    let mut w = s.try_clone().expect("a second handle");
    let request = request.to_vec();
    let writer = std::thread::spawn(move || {
        // The server may answer (413) and close before reading it all.
        let _ = w.write_all(&request);
    });
    let mut bytes = Vec::new();
    let mut chunk = [0; 65536];
    loop {
        match s.read(&mut chunk) {
            Ok(0) | Err(_) => break,
            Ok(n) => bytes.extend_from_slice(&chunk[..n]),
        }
    }
    let _ = writer.join();
    parse(&bytes)
}

/// Sends bytes that may not be a whole request, then closes its side.
fn junk(addr: SocketAddr, bytes: &[u8]) {
    let mut s = TcpStream::connect(addr).expect("connects");
    s.set_read_timeout(Some(Duration::from_secs(10)))
        .expect("a timeout");
    let _ = s.write_all(bytes);
    let _ = s.shutdown(std::net::Shutdown::Write);
    let _ = s.read_to_end(&mut Vec::new());
}

fn parse(bytes: &[u8]) -> Response {
    let text = String::from_utf8_lossy(bytes);
    let (head, _) = text.split_once("\r\n\r\n").unwrap_or((&text, ""));
    let body_at = head.len() + 4;
    let mut lines = head.lines();
    let status = lines
        .next()
        .and_then(|l| l.split_whitespace().nth(1))
        .and_then(|s| s.parse().ok())
        .unwrap_or(0);
    let headers = lines
        .filter_map(|l| l.split_once(':'))
        .map(|(n, v)| (n.trim().to_lowercase(), v.trim().to_string()))
        .collect();
    let mut body = bytes.get(body_at..).unwrap_or_default().to_vec();
    let mut r = Response {
        status,
        headers,
        body: Vec::new(),
    };
    // Chunked bodies: join the chunks.
    if r.header("transfer-encoding") == Some("chunked") {
        let mut joined = Vec::new();
        let mut rest = &body[..];
        while let Some(end) = rest.windows(2).position(|w| w == b"\r\n") {
            let size = usize::from_str_radix(String::from_utf8_lossy(&rest[..end]).trim(), 16)
                .unwrap_or(0);
            if size == 0 {
                break;
            }
            let start = end + 2;
            joined.extend_from_slice(&rest[start..(start + size).min(rest.len())]);
            rest = &rest[(start + size + 2).min(rest.len())..];
        }
        body = joined;
    }
    r.body = body;
    r
}

/// `method path` with `body`, as a script sends it: to `localhost`,
/// declared JSON (as the server asks of work).
fn request(addr: SocketAddr, method: &str, path: &str, body: &[u8]) -> Response {
    let mut req = format!(
        "{method} {path} HTTP/1.1\r\nHost: localhost\r\nContent-Type: application/json\r\nContent-Length: {}\r\nConnection: close\r\n\r\n",
        body.len()
    )
    .into_bytes();
    req.extend_from_slice(body);
    raw(addr, &req)
}

fn get(addr: SocketAddr, path: &str) -> Response {
    request(addr, "GET", path, b"")
}

#[test]
fn the_index_lists_the_games_and_their_pages_escaped() {
    let r = get(server(), "/");
    assert_eq!(r.status, 200, "{}", r.text());
    assert!(
        r.header("content-type")
            .is_some_and(|t| t.starts_with("text/html"))
    );
    assert!(r.header("content-security-policy").is_some());
    let page = r.text();
    assert!(page.contains("data-game=\"flip\""), "{page}");
    assert!(
        page.contains("a coin &lt;b&gt;flipped&lt;/b&gt; &amp; counted"),
        "{page}"
    );
    assert!(page.contains("href=\"/game/flip/counter\""), "{page}");
    let css = get(server(), "/style.css");
    assert_eq!(css.status, 200);
    assert!(
        css.header("content-type")
            .is_some_and(|t| t.starts_with("text/css"))
    );
}

#[test]
fn the_registry_as_json_names_each_page() {
    let r = get(server(), "/api/games");
    assert_eq!(r.status, 200);
    let v: serde_json::Value = serde_json::from_slice(&r.body).expect("JSON");
    let flip = v["games"]
        .as_array()
        .expect("games")
        .iter()
        .find(|g| g["name"] == "flip")
        .expect("the test's game");
    assert_eq!(flip["pages"][0]["path"], "/game/flip/counter");
}

#[test]
fn a_page_is_served_in_the_layout_and_answers_its_requests() {
    let r = get(server(), "/game/flip/counter");
    assert_eq!(r.status, 200);
    assert!(r.text().contains("<p id=\"counter\">counter</p>"));
    assert_eq!(get(server(), "/game/flip/nothing").status, 404);
    assert_eq!(get(server(), "/game/none/counter").status, 404);
    assert_eq!(get(server(), "/no/such/path").status, 404);
    let r = request(server(), "POST", "/game/flip/counter/api/echo", b"hello");
    assert_eq!(r.status, 200);
    assert_eq!(r.text(), r#"{"length":5}"#);
    assert_eq!(r.header("content-type"), Some("application/json"));
    let r = request(server(), "POST", "/game/flip/counter/api/nope", b"");
    assert_eq!(r.status, 404);
    // The pictures a page answers with are drawn into its JSON, by name.
    let r = request(server(), "POST", "/game/flip/counter/api/draw", b"");
    assert_eq!(r.status, 200, "{}", r.text());
    let v: serde_json::Value = serde_json::from_str(&r.text()).expect("JSON");
    assert_eq!(v["ok"], true);
    assert_eq!(v["pictures"]["own"], "<svg/>");
    assert!(
        v["pictures"]["bars"]
            .as_str()
            .is_some_and(|s| s.starts_with("<svg") && s.contains("one bar")),
        "{v}"
    );
    let r = request(server(), "POST", "/game/flip/counter/api/undrawable", b"");
    assert_eq!(
        (r.status, r.text().as_str()),
        (500, "cannot draw bars: no bars")
    );
    let r = request(server(), "POST", "/game/flip/counter/api/bad", b"");
    assert_eq!((r.status, r.text().as_str()), (400, "a bad request"));
    let r = request(server(), "POST", "/game/flip/counter/api/echo", b"\xff\xfe");
    assert_eq!(r.status, 400);
    // A page's bug is a 500, and the server goes on.
    let r = request(server(), "POST", "/game/flip/counter/api/panic", b"");
    assert_eq!(r.status, 500);
    assert_eq!(get(server(), "/").status, 200);
}

#[test]
fn a_body_over_one_mib_is_refused_with_413() {
    let big = vec![b'x'; tabula_serve::MAX_BODY + 1];
    let r = request(server(), "POST", "/game/flip/counter/api/echo", &big);
    assert_eq!(r.status, 413, "{}", r.text());
    let just = vec![b'x'; tabula_serve::MAX_BODY];
    let r = request(server(), "POST", "/game/flip/counter/api/echo", &just);
    assert_eq!(r.status, 200);
    // A body announced larger than it is, over the limit: refused at once.
    let r = raw(
        server(),
        b"POST /game/flip/counter/api/echo HTTP/1.1\r\nHost: localhost\r\nContent-Type: application/json\r\nContent-Length: 99999999\r\nConnection: close\r\n\r\nabc",
    );
    assert_eq!(r.status, 413);
    // Chunked, no length given: counted as it comes. (Just over the
    // limit: a server that closes with much of a request unread resets
    // the connection, and the answer may be lost on the way.)
    let mut req = b"POST /game/flip/counter/api/echo HTTP/1.1\r\nHost: localhost\r\nContent-Type: application/json\r\nTransfer-Encoding: chunked\r\nConnection: close\r\n\r\n".to_vec();
    for size in [1 << 19, 1 << 19, 100] {
        req.extend_from_slice(format!("{size:x}\r\n").as_bytes());
        req.extend_from_slice(&vec![b'y'; size]);
        req.extend_from_slice(b"\r\n");
    }
    req.extend_from_slice(b"0\r\n\r\n");
    assert_eq!(raw(server(), &req).status, 413);
}

/// A small random stream (xorshift), the same on every run.
struct Noise(u64);

impl Noise {
    fn next(&mut self) -> u64 {
        self.0 ^= self.0 << 13;
        self.0 ^= self.0 >> 7;
        self.0 ^= self.0 << 17;
        self.0
    }

    fn bytes(&mut self, n: usize) -> Vec<u8> {
        (0..n).map(|_| self.next() as u8).collect()
    }
}

#[test]
fn random_and_malformed_requests_never_stop_the_server() {
    let addr = server();
    let mut noise = Noise(0x9e37_79b9_7f4a_7c15);
    let paths = [
        "/",
        "/style.css",
        "/api/games",
        "/game/flip/counter",
        "/game/flip/counter/api/echo",
        "/game/flip/counter/api/nope",
        "/game/%00/%ff",
        "/game/flip/counter/api/echo?x=%zz",
        "/../../etc/passwd",
        "/run/count/tally",
        "/api/run/count/tally",
        "/api/run/chat/tally",
        "/api/progress/nothing",
    ];
    for (i, path) in paths.iter().cycle().take(90).enumerate() {
        let n = (noise.next() % 5000) as usize;
        let body = noise.bytes(n);
        let method = ["GET", "POST", "PUT", "DELETE", "OPTIONS"][i % 5];
        let r = request(addr, method, path, &body);
        assert!(
            (200..600).contains(&r.status),
            "{method} {path}: {}",
            r.status
        );
        assert_ne!(r.status, 500, "{method} {path}: {}", r.text());
    }
    // Not HTTP at all, or HTTP cut short.
    for _ in 0..30 {
        let n = (noise.next() % 3000) as usize;
        junk(addr, &noise.bytes(n));
    }
    for bytes in [
        &b"GET"[..],
        b"GET / HTTP/1.1\r\n",
        b"GET / HTTP/9.9\r\nHost: x\r\n\r\n",
        b"POST /game/flip/counter/api/echo HTTP/1.1\r\nContent-Length: -5\r\n\r\n",
        b"POST /game/flip/counter/api/echo HTTP/1.1\r\nContent-Length: 10\r\n\r\nab",
        b"\r\n\r\n\r\n",
    ] {
        junk(addr, bytes);
    }
    assert_eq!(get(addr, "/").status, 200);
}

#[test]
fn a_hundred_clients_at_once_are_answered_or_told_to_retry() {
    // Two workers, so a queue of eight: most slow calls are refused.
    let addr = start(2);
    let started = Instant::now();
    let clients: Vec<_> = (0..100)
        .map(|i| {
            std::thread::spawn(move || {
                let t = Instant::now();
                let r = if i % 2 == 0 {
                    request(addr, "POST", "/game/flip/counter/api/slow", b"")
                } else {
                    get(addr, "/")
                };
                (r, t.elapsed())
            })
        })
        .collect();
    let mut answered = 0;
    let mut refused = 0;
    let mut index_worst = Duration::ZERO;
    for (i, c) in clients.into_iter().enumerate() {
        let (r, took) = c.join().expect("a client");
        if i % 2 == 1 {
            index_worst = index_worst.max(took);
        }
        match r.status {
            200 => answered += 1,
            503 => {
                assert_eq!(i % 2, 0, "only the pages' work is refused");
                assert!(r.header("retry-after").is_some(), "{r:?}");
                refused += 1;
            }
            s => panic!("status {s}: {}", r.text()),
        }
    }
    assert_eq!(answered + refused, 100);
    let _ = writeln!(
        std::io::stderr(),
        "100 clients at once (50 index pages, 50 calls of 200 ms, 2 workers): {answered} answered, \
         {refused} told 503, all in {:?}; the slowest index page took {index_worst:?}",
        started.elapsed()
    );
    assert!(answered >= 50 + 2, "{answered} answered");
    assert!(refused > 0, "no call was refused with 2 workers");
    assert_eq!(get(addr, "/").status, 200);
}

#[test]
fn a_client_that_never_sends_blocks_no_one() {
    let addr = server();
    let mut idle: Vec<TcpStream> = (0..20)
        .map(|_| TcpStream::connect(addr).expect("connects"))
        .collect();
    // One more that sends half a request and stops.
    let mut half = TcpStream::connect(addr).expect("connects");
    half.write_all(b"POST /game/flip/counter/api/echo HTTP/1.1\r\nContent-Length: 100\r\n\r\nab")
        .expect("writes");
    idle.push(half);
    let start = Instant::now();
    let r = get(addr, "/");
    assert_eq!(r.status, 200);
    let r = request(addr, "POST", "/game/flip/counter/api/echo", b"abc");
    assert_eq!(r.status, 200);
    assert!(
        start.elapsed() < Duration::from_secs(5),
        "{:?}",
        start.elapsed()
    );
    drop(idle);
}

#[test]
fn the_command_has_help_and_defaults_to_this_machine() {
    // Its options are data, which the command line turns into its parser.
    let declared = tabula_serve::arguments();
    let addr = declared.get("addr").expect("--addr");
    assert_eq!(addr.long.as_deref(), Some("addr"));
    assert!(
        addr.default
            .as_deref()
            .is_some_and(|d| d.contains("127.0.0.1"))
    );
    let help = tabula_cli::args::command("serve", &declared)
        .render_long_help()
        .to_string();
    assert!(help.contains("--addr"), "{help}");
    assert!(help.contains("127.0.0.1"), "{help}");
    let values = declared.parse([]).expect("no arguments needed");
    let options = tabula_serve::Options::from_values(&values).expect("options");
    assert!(options.addr.ip().is_loopback());
    assert!(
        declared
            .parse([("addr", vec!["not an address".to_string()])])
            .is_err()
    );
    assert_eq!(
        tabula_serve::escape("<a href='x'>&\""),
        "&lt;a href=&#39;x&#39;&gt;&amp;&quot;"
    );
}

#[test]
fn a_queued_call_whose_client_left_is_never_run() {
    // One worker, kept busy by a slow call.
    let addr = start(1);
    let busy =
        std::thread::spawn(move || request(addr, "POST", "/game/flip/counter/api/slow", b""));
    std::thread::sleep(Duration::from_millis(50));
    // A call queued behind it, whose client leaves (a stale edit).
    let mut gone = TcpStream::connect(addr).expect("connects");
    gone.write_all(
        b"POST /game/flip/counter/api/count HTTP/1.1\r\nHost: localhost\r\nContent-Type: application/json\r\nContent-Length: 0\r\n\r\n",
    )
    .expect("sends");
    std::thread::sleep(Duration::from_millis(50));
    drop(gone);
    assert_eq!(busy.join().expect("the slow call").status, 200);
    std::thread::sleep(Duration::from_millis(100));
    let r = request(addr, "POST", "/game/flip/counter/api/counted", b"");
    assert_eq!((r.status, r.text().as_str()), (200, "0"));
}

#[test]
fn a_connection_that_never_sends_is_closed() {
    let addr = start_with(1, 1);
    let mut idle = TcpStream::connect(addr).expect("connects");
    idle.set_read_timeout(Some(Duration::from_secs(20)))
        .expect("a timeout");
    let start = Instant::now();
    // The server closes it: the read ends (no bytes, or a reset).
    let n = idle.read(&mut [0; 64]).unwrap_or(0);
    let waited = start.elapsed();
    assert!(
        waited >= Duration::from_millis(900) && waited < Duration::from_secs(10),
        "closed after {waited:?} ({n} bytes)"
    );
    assert_eq!(get(addr, "/").status, 200);
}

// A second test game, `tally`, whose `count` command returns a report
// with a picture: its form is built from its arguments, and a run through
// the form gives what the command line prints for the same arguments.

tabula_registry::arguments! {
    /// Options of `tabula count tally`.
    #[derive(Debug)]
    struct CountArgs {
        /// How many to count.
        #[arg(long, default_value_t = 3)]
        n: u32,
        /// How to count.
        #[arg(long, default_value_t = Mode::Up)]
        mode: Mode,
        /// Shout it.
        #[arg(long)]
        loud: bool,
        /// The words to count with.
        #[arg(long, value_name = "WORD")]
        with: Vec<String>,
        /// What is counted.
        #[arg(default_value = "sheep")]
        what: String,
    }
}

#[derive(Clone, Copy, Debug, PartialEq)]
enum Mode {
    /// One, two, three.
    Up,
    /// Three, two, one.
    Down,
}

tabula_registry::choice!(Mode { Up = "up": "One, two, three", Down = "down": "Three, two, one" });

#[derive(serde::Serialize)]
struct Counted {
    what: String,
    counts: Vec<u32>,
    words: Vec<String>,
}

impl tabula_registry::Report for Counted {
    fn title(&self) -> String {
        format!("counting {}", self.what)
    }
    fn text(&self) -> String {
        let counts: Vec<String> = self.counts.iter().map(|c| c.to_string()).collect();
        format!(
            "{}: {} <{}>\n",
            self.what,
            counts.join(" "),
            self.words.join(",")
        )
    }
    fn json(&self) -> Result<String, tabula_registry::Error> {
        tabula_registry::pretty(self)
    }
    fn pictures(&self) -> Vec<Picture> {
        vec![Picture {
            name: "count".into(),
            title: format!("{} counted", self.what),
            drawing: Drawing::Svg(format!(
                "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"10\" height=\"10\"><title>{}</title></svg>",
                self.counts.len()
            )),
        }]
    }
}

fn count(
    args: CountArgs,
    _: &mut tabula_registry::Io<'_>,
) -> Result<Box<dyn tabula_registry::Report>, tabula_registry::Error> {
    if args.what == "wolves" {
        return Err("no wolves, please".into());
    }
    if args.what == "sleepy" {
        std::thread::sleep(Duration::from_millis(600));
    }
    let mut counts: Vec<u32> = (1..=args.n).collect();
    if matches!(args.mode, Mode::Down) {
        counts.reverse();
    }
    let what = if args.loud {
        args.what.to_uppercase()
    } else {
        args.what
    };
    Ok(Box::new(Counted {
        what,
        counts,
        words: args.with,
    }))
}

tabula_registry::arguments! {
    /// Options of `tabula read tally`.
    #[derive(Debug)]
    struct ReadArgs {
        /// The file to read; a line `then: PATH` in it names another,
        /// read in its place (a path inside a file sent).
        #[arg(value_name = "FILE")]
        file: String,
    }
}

/// Reads a file, and the file it names on a line `then: PATH`, through
/// the one reader of files (`Source::read`): what it holds is the report.
fn read(
    args: ReadArgs,
    _: &mut tabula_registry::Io<'_>,
) -> Result<Box<dyn tabula_registry::Report>, tabula_registry::Error> {
    let mut text = Source::read(&args.file)?.text().to_string();
    if let Some(then) = text.lines().find_map(|l| l.strip_prefix("then: ")) {
        text = Source::read(then.trim())?.text().to_string();
    }
    Ok(Box::new(Counted {
        what: text,
        counts: Vec::new(),
        words: Vec::new(),
    }))
}

static TALLY_COMMANDS: &[&dyn Command] = &[
    &tabula_registry::Typed::report("count", "Count things", count).with_pictures(),
    &tabula_registry::Typed::report("read", "Read a file", read),
    &tabula_registry::Typed::interactive("chat", "Talk", |_: CountArgs, _| Ok(())),
];

tabula_registry::inventory::submit! {
    GameEntry {
        name: "tally",
        summary: "counting",
        plugins: || Ok(Vec::new()),
        commands: TALLY_COMMANDS,
        parameters: &[],
    }
}

/// What `tabula count tally ARGS` prints, run in this process by the
/// command line's own code.
fn cli(args: &[&str]) -> String {
    let mut out = Vec::new();
    let mut all = vec!["tabula", "count", "tally"];
    all.extend_from_slice(args);
    tabula_cli::run_args(all, &mut out).expect("the command runs");
    String::from_utf8(out).expect("UTF-8")
}

#[test]
fn a_form_is_built_from_the_commands_arguments_and_linked_from_the_index() {
    let index = get(server(), "/").text();
    assert!(index.contains("href=\"/run/count/tally\""), "{index}");
    // An interactive command has no form.
    assert!(!index.contains("/run/chat/tally"), "{index}");
    assert_eq!(get(server(), "/run/chat/tally").status, 404);
    assert_eq!(get(server(), "/run/count/nobody").status, 404);
    let r = get(server(), "/run/count/tally");
    assert_eq!(r.status, 200);
    let form = r.text();
    for part in [
        "<code>--n</code>",
        "How many to count",
        "name=\"n\" value=\"3\"",
        "<option value=\"up\" selected>up: One, two, three</option>",
        "<option value=\"down\">down: Three, two, one</option>",
        "type=\"checkbox\" id=\"f-loud\" name=\"loud\"",
        "several values",
        "<code>WHAT</code>",
        "What is counted",
    ] {
        assert!(form.contains(part), "{part} not in {form}");
    }
    // The options every report has are the page's: not fields.
    for gone in [
        "name=\"format\"",
        "name=\"plot\"",
        "name=\"report\"",
        "name=\"help\"",
    ] {
        assert!(!form.contains(gone), "{gone} in {form}");
    }
    let games: serde_json::Value =
        serde_json::from_slice(&get(server(), "/api/games").body).expect("JSON");
    let tally = games["games"]
        .as_array()
        .expect("games")
        .iter()
        .find(|g| g["name"] == "tally")
        .expect("tally");
    assert_eq!(tally["forms"][0]["path"], "/run/count/tally");
}

#[test]
fn a_run_through_the_form_gives_what_the_command_line_prints() {
    let body = serde_json::json!({
        "n": "4", "mode": "down", "loud": "true", "with": "a b", "what": "goats",
    });
    let r = request(
        server(),
        "POST",
        "/api/run/count/tally",
        body.to_string().as_bytes(),
    );
    assert_eq!(r.status, 200, "{}", r.text());
    let v: serde_json::Value = serde_json::from_slice(&r.body).expect("JSON");
    let args = [
        "--n=4",
        "--mode=down",
        "--loud",
        "--with=a",
        "--with=b",
        "goats",
    ];
    assert_eq!(
        v["command"],
        "tabula count tally --n=4 --mode=down --loud --with=a --with=b goats"
    );
    assert_eq!(v["text"], cli(&args));
    let mut json_args = args.to_vec();
    json_args.push("--format=json");
    assert_eq!(
        format!("{}\n", v["json"].as_str().expect("a string")),
        cli(&json_args)
    );
    assert_eq!(v["pictures"][0]["name"], "count");
    assert_eq!(v["pictures"][0]["title"], "GOATS counted");
    assert!(
        v["pictures"][0]["svg"]
            .as_str()
            .expect("SVG")
            .contains("<title>4</title>")
    );
    // Defaults left as they are are not written out.
    let r = request(
        server(),
        "POST",
        "/api/run/count/tally",
        br#"{"n": 3, "mode": "up", "what": "sheep"}"#,
    );
    let v: serde_json::Value = serde_json::from_slice(&r.body).expect("JSON");
    assert_eq!(v["command"], "tabula count tally");
    assert_eq!(v["text"], cli(&[]));
}

#[test]
fn a_refused_form_says_why_and_never_panics() {
    let post = |body: &[u8]| request(server(), "POST", "/api/run/count/tally", body);
    // Malformed bodies: 400.
    for body in [
        &b""[..],
        b"n=4&mode=down",
        b"[1, 2]",
        b"{\"n\": [1]}",
        b"{\"nope\": \"1\"}",
        b"{\"loud\": \"maybe\"}",
        b"\xff\xfe",
        b"{\"what\": \"/etc/passwd\"}",
        b"{\"what\": \"../secret\"}",
    ] {
        let r = post(body);
        assert_eq!(
            r.status,
            400,
            "{:?}: {}",
            String::from_utf8_lossy(body),
            r.text()
        );
    }
    // A value the command refuses, or a run that fails: 422, with the
    // terminal's message and the command line.
    let r = post(br#"{"n": "many"}"#);
    assert_eq!(r.status, 422, "{}", r.text());
    let v: serde_json::Value = serde_json::from_slice(&r.body).expect("JSON");
    assert_eq!(v["command"], "tabula count tally --n=many");
    assert!(
        v["error"]
            .as_str()
            .expect("a message")
            .contains("invalid value 'many'"),
        "{v}"
    );
    let r = post(br#"{"what": "wolves"}"#);
    assert_eq!(r.status, 422);
    let v: serde_json::Value = serde_json::from_slice(&r.body).expect("JSON");
    assert_eq!(v["error"], "error: no wolves, please");
    // A value that starts like an option stays a value.
    let r = post(br#"{"what": "--help"}"#);
    assert_eq!(r.status, 200, "{}", r.text());
    let v: serde_json::Value = serde_json::from_slice(&r.body).expect("JSON");
    assert_eq!(v["text"], "--help: 1 2 3 <>\n");
    assert_eq!(
        request(server(), "POST", "/api/run/chat/tally", b"{}").status,
        404
    );
    assert_eq!(get(server(), "/").status, 200);
}

#[test]
fn a_newer_request_of_a_client_makes_its_running_work_stale_on_arrival() {
    let addr = server();
    let with = move |seq: u64, action: &str| {
        let body = seq.to_string();
        let req = format!(
            "POST /game/flip/counter/api/{action} HTTP/1.1\r\nHost: localhost\r\nContent-Type: application/json\r\nTabula-Client: stale-client\r\n\
             Tabula-Seq: {seq}\r\nContent-Length: {}\r\nConnection: close\r\n\r\n{body}",
            body.len()
        );
        raw(addr, req.as_bytes())
    };
    let older = std::thread::spawn(move || with(1, "stale"));
    std::thread::sleep(Duration::from_millis(100));
    // The newer request (to any action) is recorded as it arrives.
    assert_eq!(with(2, "echo").status, 200);
    let r = older.join().expect("an answer");
    assert_eq!(r.text(), r#"{"stale":true}"#);
    // Alone, a request is not stale.
    assert_eq!(with(3, "stale").text(), r#"{"stale":false}"#);
}

/// Sends `head` (its lines, without the blank line that ends it) and
/// `body`, to the shared server.
fn with_head(addr: SocketAddr, head: &str, body: &[u8]) -> Response {
    let mut req = format!(
        "{head}\r\nContent-Length: {}\r\nConnection: close\r\n\r\n",
        body.len()
    )
    .into_bytes();
    req.extend_from_slice(body);
    raw(addr, &req)
}

#[test]
fn a_request_names_this_server_as_its_host_or_is_refused() {
    let addr = server();
    let port = addr.port();
    let get = |hosts: &[String]| {
        let lines: Vec<String> = hosts.iter().map(|h| format!("Host: {h}")).collect();
        with_head(
            addr,
            format!("GET / HTTP/1.1\r\n{}", lines.join("\r\n")).trim_end(),
            b"",
        )
    };
    for ok in [
        format!("localhost:{port}"),
        format!("127.0.0.1:{port}"),
        "localhost".into(),
        format!("LocalHost:{port}"),
    ] {
        assert_eq!(get(std::slice::from_ref(&ok)).status, 200, "{ok}");
    }
    // A name of another (a page that rebinds its name to 127.0.0.1),
    // another port, another address: 421, saying which address answers.
    for other in [
        format!("evil.example:{port}"),
        "evil.example".into(),
        format!("localhost:{}", port.wrapping_add(1)),
        format!("127.0.0.2:{port}"),
        format!("[::1]:{port}"),
        format!("localhost.evil.example:{port}"),
        format!("127.0.0.1:{port}@evil.example"),
        String::new(),
    ] {
        let r = get(std::slice::from_ref(&other));
        assert_eq!(r.status, 421, "{other:?}: {}", r.text());
        assert!(
            r.text()
                .contains(&format!("its own address (127.0.0.1:{port}")),
            "{}",
            r.text()
        );
    }
    // No Host, or two: 400 (RFC 9112).
    let r = with_head(addr, "GET / HTTP/1.1", b"");
    assert_eq!(
        (r.status, r.text().as_str()),
        (
            400,
            "a request names the host it is for in a Host header (RFC 9112); this one has none"
        )
    );
    let r = get(&[format!("localhost:{port}"), format!("localhost:{port}")]);
    assert_eq!(r.status, 400, "{}", r.text());
    assert!(r.text().contains("two Host headers"), "{}", r.text());
    // An absolute URI names its host too.
    let r = with_head(
        addr,
        &format!("GET http://evil.example/ HTTP/1.1\r\nHost: localhost:{port}"),
        b"",
    );
    assert_eq!(r.status, 421, "{}", r.text());
}

#[test]
fn work_is_started_only_by_this_servers_own_pages() {
    let addr = server();
    let port = addr.port();
    let worked = || WORKED.load(std::sync::atomic::Ordering::SeqCst);
    let before = worked();
    let post = |lines: &str| {
        with_head(
            addr,
            &format!("POST /game/flip/counter/api/work HTTP/1.1\r\nHost: localhost:{port}{lines}"),
            b"{}",
        )
    };
    // Another site's page: a simple cross-site POST (text/plain, a form),
    // a sandboxed or file page (Origin: null), or JSON from another origin.
    for (lines, status) in [
        (
            "\r\nOrigin: http://evil.example\r\nContent-Type: text/plain",
            403,
        ),
        ("\r\nOrigin: null\r\nContent-Type: application/json", 403),
        // Another page of this machine (port 80, or another port).
        (
            "\r\nOrigin: http://localhost\r\nContent-Type: application/json",
            403,
        ),
        (
            "\r\nOrigin: http://evil.example:80\r\nContent-Type: application/json",
            403,
        ),
        (
            &format!("\r\nOrigin: https://127.0.0.1:{port}\r\nContent-Type: application/json"),
            403,
        ),
        (
            &format!(
                "\r\nOrigin: http://127.0.0.1:{}\r\nContent-Type: application/json",
                port.wrapping_add(1)
            ),
            403,
        ),
        ("\r\nContent-Type: text/plain", 415),
        ("\r\nContent-Type: application/x-www-form-urlencoded", 415),
        ("\r\nContent-Type: multipart/form-data; boundary=x", 415),
        ("", 415),
    ] {
        let r = post(lines);
        assert_eq!(r.status, status, "{lines:?}: {}", r.text());
    }
    assert_eq!(worked(), before, "a refused request did no work");
    // Its own pages (Origin its own address or localhost) and scripts
    // (no Origin), sending JSON: answered.
    for lines in [
        format!("\r\nOrigin: http://127.0.0.1:{port}\r\nContent-Type: application/json"),
        format!(
            "\r\nOrigin: http://localhost:{port}\r\nContent-Type: application/json; charset=utf-8"
        ),
        "\r\nContent-Type: Application/JSON".to_string(),
    ] {
        let r = post(&lines);
        assert_eq!(r.status, 200, "{lines:?}: {}", r.text());
    }
    assert_eq!(worked(), before + 3);
    // The forms' runs too.
    let r = with_head(
        addr,
        &format!(
            "POST /api/run/count/tally HTTP/1.1\r\nHost: localhost:{port}\r\nOrigin: http://evil.example\r\nContent-Type: text/plain"
        ),
        b"{}",
    );
    assert_eq!(r.status, 403, "{}", r.text());
}

#[test]
fn transfer_codings_other_than_chunked_are_not_read() {
    let addr = server();
    for coding in [
        "gzip, chunked",
        "gzip",
        "identity, chunked",
        "compress,chunked",
    ] {
        let r = raw(
            addr,
            format!(
                "POST /game/flip/counter/api/echo HTTP/1.1\r\nHost: localhost\r\nContent-Type: application/json\r\n\
                 Transfer-Encoding: {coding}\r\nConnection: close\r\n\r\n2\r\nab\r\n0\r\n\r\n"
            )
            .as_bytes(),
        );
        // hyper refuses some itself (chunked not last: 400).
        assert!(
            r.status == 501 || r.status == 400,
            "{coding}: {} {}",
            r.status,
            r.text()
        );
        assert_ne!(r.text(), r#"{"length":2}"#, "{coding}");
    }
    let r = raw(
        addr,
        b"POST /game/flip/counter/api/echo HTTP/1.1\r\nHost: localhost\r\nContent-Type: application/json\r\n\
          Transfer-Encoding: gzip, chunked\r\nConnection: close\r\n\r\n2\r\nab\r\n0\r\n\r\n",
    );
    assert_eq!(
        (r.status, r.text().as_str()),
        (
            501,
            "Transfer-Encoding \"gzip\" is not one this server reads: send the body as it is (Content-Length) or chunked"
        )
    );
}

#[test]
fn chunk_extensions_and_trailers_say_what_is_wrong() {
    let addr = server();
    let chunked = |extension: &str, trailer: &str| {
        raw(
            addr,
            format!(
                "POST /game/flip/counter/api/echo HTTP/1.1\r\nHost: localhost\r\nContent-Type: application/json\r\n\
                 Transfer-Encoding: chunked\r\nConnection: close\r\n\r\n2{extension}\r\nab\r\n0\r\n{trailer}\r\n"
            )
            .as_bytes(),
        )
    };
    // Within hyper's 16 KiB: read, and set aside.
    let r = chunked(";name=value", "X-Trailer: yes\r\n");
    assert_eq!((r.status, r.text().as_str()), (200, r#"{"length":2}"#));
    let long = "x".repeat(100 * 1024);
    let r = chunked(&format!(";{long}"), "");
    assert_eq!(
        (r.status, r.text().as_str()),
        (
            400,
            "the request body is malformed: chunk extensions over limit"
        )
    );
    let r = chunked("", &format!("X-Trailer: {long}\r\n"));
    assert_eq!(
        (r.status, r.text().as_str()),
        (
            400,
            "the request body is malformed: chunk trailers bytes over limit"
        )
    );
    assert_eq!(get(addr, "/").status, 200);
}

#[test]
fn a_body_that_trickles_is_cut_off() {
    // A body not whole a second after its head: 408, and the connection
    // is closed; the server goes on.
    let addr = start_with(1, 1);
    let mut s = TcpStream::connect(addr).expect("connects");
    s.set_read_timeout(Some(Duration::from_secs(20)))
        .expect("a timeout");
    s.write_all(
        b"POST /game/flip/counter/api/echo HTTP/1.1\r\nHost: localhost\r\nContent-Type: application/json\r\nContent-Length: 20\r\n\r\n",
    )
    .expect("sends the head");
    let start = Instant::now();
    let mut w = s.try_clone().expect("a second handle");
    let trickle = std::thread::spawn(move || {
        for _ in 0..20 {
            if w.write_all(b"x").is_err() {
                break;
            }
            std::thread::sleep(Duration::from_millis(300));
        }
    });
    let mut answer = Vec::new();
    let _ = s.read_to_end(&mut answer);
    let took = start.elapsed();
    let r = parse(&answer);
    assert_eq!(
        (r.status, r.text().as_str()),
        (
            408,
            "the request body did not arrive within 1 s of its head"
        ),
        "after {took:?}"
    );
    assert!(took < Duration::from_secs(4), "{took:?}");
    let _ = trickle.join();
    assert_eq!(get(addr, "/").status, 200);
}

#[test]
fn a_key_twice_in_a_forms_body_is_refused_naming_it() {
    let r = request(
        server(),
        "POST",
        "/api/run/count/tally",
        br#"{"n": "4", "mode": "down", "n": "5"}"#,
    );
    assert_eq!(
        (r.status, r.text().as_str()),
        (
            400,
            "field \"n\" is given twice in the body; give each field once"
        )
    );
}

#[test]
fn two_runs_with_one_run_id_never_share_it() {
    let addr = server();
    let run = move |what: &str| {
        let body = format!(r#"{{"what": "{what}"}}"#);
        with_head(
            addr,
            "POST /api/run/count/tally HTTP/1.1\r\nHost: localhost\r\nContent-Type: application/json\r\nTabula-Run: shared-id",
            body.as_bytes(),
        )
    };
    let first = std::thread::spawn(move || run("sleepy"));
    std::thread::sleep(Duration::from_millis(200));
    let second = run("goats");
    assert_eq!(
        (second.status, second.text().as_str()),
        (
            409,
            "a run with Tabula-Run: shared-id is running; give each run an id of its own"
        )
    );
    assert_eq!(first.join().expect("the first run").status, 200);
    // Once it has ended, the id is free again.
    assert_eq!(run("goats").status, 200);
}

/// The run directories (`tabula-serve-run-PID-*`) this process has left.
fn run_dirs_left() -> Vec<String> {
    let prefix = format!("tabula-serve-run-{}-", std::process::id());
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
fn a_forms_run_reads_only_the_files_sent_with_it() {
    let addr = server();
    let read = |body: serde_json::Value| {
        let r = request(
            addr,
            "POST",
            "/api/run/read/tally",
            body.to_string().as_bytes(),
        );
        let v: serde_json::Value = serde_json::from_slice(&r.body).unwrap_or_default();
        (r.status, v)
    };
    let sent = |text: &str| serde_json::json!({ "file": { "name": "a.txt", "text": text } });
    // The file sent is read, by its own name.
    let (status, v) = read(sent("sent"));
    assert_eq!(status, 200, "{v}");
    assert_eq!(v["text"], "sent:  <>\n");
    assert_eq!(v["command"], "tabula read tally a.txt");
    // A path inside it: refused, in the same words whether or not
    // anything is there (this crate's own Cargo.toml is).
    let outside = tabula_core::files::OUTSIDE;
    let here = std::env::current_dir()
        .expect("a directory")
        .join("Cargo.toml");
    assert!(here.exists());
    let mut answers = Vec::new();
    for path in [
        here.display().to_string(),
        "/no/such/file".to_string(),
        "../Cargo.toml".to_string(),
        "Cargo.toml".to_string(),
        "Nothing.toml".to_string(),
        "0".to_string(),
    ] {
        let (status, v) = read(sent(&format!("then: {path}")));
        assert_eq!(status, 422, "{path}: {v}");
        let error = v["error"]
            .as_str()
            .expect("an error")
            .replace(&path, "PATH");
        assert_eq!(
            error,
            format!("error: PATH: cannot read: {outside}"),
            "{path}"
        );
        answers.push(error);
    }
    // Typed, a relative name is looked for in the run's folder only: the
    // same answer whether or not it exists where the server runs.
    for name in ["Cargo.toml", "Nothing.toml"] {
        let (status, v) = read(serde_json::json!({ "file": name }));
        assert_eq!(status, 422, "{name}: {v}");
        assert_eq!(
            v["error"],
            format!("error: {name}: cannot read: {outside}"),
            "{name}"
        );
    }
    // Each run's folder is gone once it has answered (the other tests'
    // runs, in this process too, end within moments).
    let start = Instant::now();
    while !run_dirs_left().is_empty() {
        assert!(
            start.elapsed() < Duration::from_secs(10),
            "{:?}",
            run_dirs_left()
        );
        std::thread::sleep(Duration::from_millis(50));
    }
}
