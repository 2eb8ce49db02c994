//! Issue 51's fuzzer: what a page can hand the server, generated.
//!
//! - Files sent with a run (`--params` files, boards, courses, records),
//!   read by the real command line (`tabula_cli::run_args`) on a thread
//!   confined to a run's folder, as a form's run is: never a panic, and
//!   never a word of the files kept beside the run's folder
//!   ([`CANARY`]), however the file names them (by full path, climbing,
//!   through a name that exists where the tests run).
//! - Requests to a real server on loopback (its forms run in its own
//!   process, each confined): random hosts, origins, content types,
//!   bodies of the forms' fields with such files in them: never a 500,
//!   never the word, and the server answers its index after each.
//!
//! A few dozen cases of each run in the quick suite; the ignored tests
//! run thousands (`.ci/run` runs them).

use std::io::{Read, Write};
use std::net::{SocketAddr, TcpStream};
use std::path::{Path, PathBuf};
use std::sync::OnceLock;
use std::time::Duration;

use proptest::prelude::*;

/// The word in every file kept beside the runs' folders.
const CANARY: &str = "CANARY51";

/// Cases of each fuzzer in the quick suite, and in the slow one.
const QUICK: u32 = 24;
const SLOW: u32 = 2000;

/// A folder holding `outside/` (files marked with [`CANARY`]: a Snakes
/// board, a course, a Monopoly board, a parameter file) and `runs/`,
/// where each case's run folder is made.
fn scratch() -> &'static Path {
    static DIR: OnceLock<PathBuf> = OnceLock::new();
    DIR.get_or_init(|| {
        let dir = std::env::temp_dir().join(format!("tabula-fuzz51-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&dir);
        let outside = dir.join("outside");
        std::fs::create_dir_all(&outside).expect("a scratch folder");
        std::fs::create_dir_all(dir.join("runs")).expect("a scratch folder");
        let root = Path::new(env!("CARGO_MANIFEST_DIR"));
        let read = |rel: &str| std::fs::read_to_string(root.join(rel)).expect("a shipped file");
        let write = |name: &str, text: String| {
            assert!(text.contains(CANARY), "{name}");
            std::fs::write(outside.join(name), text).expect("writes");
        };
        write(
            "board.ron",
            read("games/snakes/boards/teaching.ron").replacen(
                "name: \"",
                &format!("name: \"{CANARY} "),
                1,
            ),
        );
        write(
            "course.ron",
            read("book/src/cruising-triangle.ron")
                .replace("\"triangle\"", &format!("\"{CANARY}\"")),
        );
        write(
            "monopoly.ron",
            read("games/monopoly/data/board.ron").replace("Standard US board", CANARY),
        );
        write("params.ron", format!("(rounds: 3) // {CANARY}"));
        dir
    })
}

/// A path a hostile file may hold.
fn path() -> impl Strategy<Value = String> {
    let outside = scratch().join("outside").display().to_string();
    prop_oneof![
        prop::sample::select(vec![
            "board.ron",
            "course.ron",
            "monopoly.ron",
            "params.ron"
        ])
        .prop_map(move |f| format!("{outside}/{f}")),
        prop::sample::select(vec![
            "../../outside/board.ron",
            "../../outside/course.ron",
            "../../outside/monopoly.ron",
            "../outside/params.ron",
            "/etc/passwd",
            "/etc/hostname",
            "/proc/self/environ",
            "/dev/zero",
            "0/p.ron",
            "1/f.ron",
            "0",
            ".",
            "",
            "classic",
            "teaching",
            "Cargo.toml",
            "./0/../0/p.ron",
        ])
        .prop_map(str::to_string),
        "[a-z0-9./~]{0,16}",
    ]
}

/// A RON value a hostile file may hold.
fn value() -> impl Strategy<Value = String> {
    prop_oneof![
        path().prop_map(|p| format!("{p:?}")),
        prop::sample::select(vec![
            "NaN",
            "inf",
            "-inf",
            "1e300",
            "-1e300",
            "-1",
            "0",
            "1",
            "2",
            "3",
            "6",
            "10",
            "12",
            "99",
            "1000",
            "\"2d6\"",
            "\"3d6\"",
            "\"1d16\"",
            "true",
            "()",
            "[]",
            "\"exact\"",
            "\"pay\"",
            "\"full\"",
            "\"\\u{1b}[31m\"",
            "Dice(count: 2, faces: 6)",
        ])
        .prop_map(str::to_string),
        (0usize..200).prop_map(|d| format!("{}1{}", "[".repeat(d), "]".repeat(d))),
        any::<i64>().prop_map(|n| n.to_string()),
        any::<f64>().prop_map(|x| format!("{x:?}")),
    ]
}

/// A hostile `--params` file: fields of every game, some twice, maybe a
/// byte-order mark, maybe not RON at all.
fn params() -> impl Strategy<Value = String> {
    let key = prop::sample::select(vec![
        "board", "course", "cards", "rounds", "dice", "players", "scenario", "jail", "rules",
        "points", "size", "dim", "nope",
    ]);
    prop_oneof![
        (any::<bool>(), prop::collection::vec((key, value()), 0..5)).prop_map(|(bom, fields)| {
            let fields: Vec<String> = fields.iter().map(|(k, v)| format!("{k}: {v}")).collect();
            format!(
                "{}({})",
                if bom { "\u{feff}" } else { "" },
                fields.join(", ")
            )
        }),
        "[ -~]{0,60}",
    ]
}

/// A hostile Snakes board: a name, a size, jumps, maybe nonsense.
fn board() -> impl Strategy<Value = String> {
    (
        "[ -~\u{1b}\u{0}]{0,12}",
        value(),
        prop::collection::vec((0u32..200, 0u32..200), 0..6),
        value(),
    )
        .prop_map(|(name, size, jumps, rules)| {
            let jumps: Vec<String> = jumps.iter().map(|(a, b)| format!("({a}, {b})")).collect();
            format!(
                "Board(name: {name:?}, size: {size}, dice: Dice(count: 1, faces: 6), rules: {rules}, ladders: [{}], chutes: [])",
                jumps.join(", ")
            )
        })
}

/// A hostile course: the book's triangle, some of its numbers replaced.
fn course() -> impl Strategy<Value = String> {
    let text = std::fs::read_to_string(
        Path::new(env!("CARGO_MANIFEST_DIR")).join("book/src/cruising-triangle.ron"),
    )
    .expect("the triangle course");
    let slots = vec![
        "0.0, y: 0.0",
        "1500.0",
        "1200.0",
        "50.0",
        "1.0",
        "3000.0",
        "12.0",
        "from: 0.0",
        "8.0",
        "0.1",
        "300.0",
        "20.0",
        "8.0, tack",
        "0.25",
        "40.0",
        "\"triangle\"",
    ];
    prop::collection::vec((prop::sample::select(slots), value()), 0..4).prop_map(move |edits| {
        edits.iter().fold(text.clone(), |t, (slot, v)| {
            let v = if slot.starts_with("from") {
                format!("from: {v}")
            } else if slot.starts_with("8.0, tack") {
                format!("{v}, tack")
            } else if slot.starts_with("0.0, y") {
                format!("{v}, y: 0.0")
            } else {
                v.clone()
            };
            t.replacen(slot, &v, 1)
        })
    })
}

/// A hostile record: a backgammon turn of any steps and length, or a
/// cruising race naming any course and scenario.
fn record() -> impl Strategy<Value = (&'static str, String)> {
    prop_oneof![
        (prop::collection::vec((0u32..30, 0u32..30), 4), 0u32..300).prop_map(|(steps, len)| {
            let steps: Vec<String> =
                steps.iter().map(|(f, t)| format!("(from: {f}, to: {t})")).collect();
            (
                "backgammon",
                format!(
                    "(game: \"backgammon\", parameters: (points: \"full\"), seed: 1, index: 0, players: [\"a\", \"b\"], \
                     steps: [Chance((6, 3)), Move(seat: 0, mv: (steps: ({}), len: {len}))], end: Stopped)",
                    steps.join(", ")
                ),
            )
        }),
        (value(), path()).prop_map(|(scenario, course)| {
            (
                "cruising",
                format!(
                    "(game: \"cruising\", parameters: (scenario: {scenario}, course: {course:?}), seed: 1, index: 0, \
                     players: [\"cooper\"], steps: [], end: Stopped)"
                ),
            )
        }),
    ]
}

/// Runs `tabula ARGS` on a thread confined to a new run folder holding
/// `files` (name inside it, text), as a form's run: its output and error.
fn confined_run(args: &[&str], files: &[(&str, &str)]) -> String {
    static NEXT: std::sync::atomic::AtomicUsize = std::sync::atomic::AtomicUsize::new(0);
    let n = NEXT.fetch_add(1, std::sync::atomic::Ordering::Relaxed);
    let dir = scratch().join("runs").join(n.to_string());
    std::fs::create_dir_all(&dir).expect("a run folder");
    for (name, text) in files {
        let path = dir.join(name);
        std::fs::create_dir_all(path.parent().expect("a folder")).expect("a folder");
        std::fs::write(path, text).expect("writes");
    }
    let mut out = Vec::new();
    let mut all = vec!["tabula"];
    all.extend_from_slice(args);
    let ran = tabula::core::files::confined(&dir, || tabula::cli::run_args(all, &mut out))
        .expect("the run folder exists");
    let mut text = String::from_utf8_lossy(&out).into_owned();
    if let Err(e) = ran {
        text.push_str(&e.to_string());
    }
    let _ = std::fs::remove_dir_all(&dir);
    text
}

/// The commands a `--params` file is sent to, each cheap to run.
const WITH_PARAMS: &[&[&str]] = &[
    &["analyze", "snakes"],
    &["simulate", "snakes", "--games", "2"],
    &["simulate", "chance-it", "--games", "2"],
    &["simulate", "cruising", "--games", "1"],
    &["analyze", "monopoly"],
    &["simulate", "noline", "--games", "2"],
    &["simulate", "seega", "--games", "1", "--max-steps", "20"],
];

fn a_file_sent_reads_nothing_else(which: usize, params: &str, board: &str, course: &str) {
    let mut args = WITH_PARAMS[which % WITH_PARAMS.len()].to_vec();
    args.extend(["--params", "0/p.ron"]);
    let text = confined_run(&args, &[("0/p.ron", params)]);
    assert!(!text.contains(CANARY), "{args:?} {params:?}: {text}");
    let text = confined_run(&["analyze", "snakes", "1/b.ron"], &[("1/b.ron", board)]);
    assert!(!text.contains(CANARY), "{board:?}: {text}");
    let text = confined_run(
        &[
            "simulate", "cruising", "--games", "1", "--course", "2/c.ron",
        ],
        &[("2/c.ron", course)],
    );
    assert!(!text.contains(CANARY), "{course:?}: {text}");
}

fn a_record_sent_reads_nothing_else(game: &str, record: &str) {
    let text = confined_run(&["replay", game, "0/r.ron"], &[("0/r.ron", record)]);
    assert!(!text.contains(CANARY), "{record}: {text}");
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(QUICK))]

    #[test]
    fn files_sent_with_a_run_never_panic_nor_read_another(
        which in 0usize..WITH_PARAMS.len(), params in params(), board in board(), course in course(),
    ) {
        a_file_sent_reads_nothing_else(which, &params, &board, &course);
    }

    #[test]
    fn records_sent_with_a_run_never_panic_nor_read_another((game, record) in record()) {
        a_record_sent_reads_nothing_else(game, &record);
    }

    #[test]
    fn hostile_requests_never_get_a_500_nor_another_file(request in request()) {
        a_request_gets_its_answer(&request);
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(SLOW))]

    #[test]
    #[ignore = "slow: thousands of confined runs; .ci/run runs it"]
    fn many_files_sent_with_a_run_never_panic_nor_read_another(
        which in 0usize..WITH_PARAMS.len(), params in params(), board in board(), course in course(),
    ) {
        a_file_sent_reads_nothing_else(which, &params, &board, &course);
    }

    #[test]
    #[ignore = "slow: thousands of confined replays; .ci/run runs it"]
    fn many_records_sent_with_a_run_never_panic_nor_read_another((game, record) in record()) {
        a_record_sent_reads_nothing_else(game, &record);
    }

    #[test]
    #[ignore = "slow: thousands of requests to a real server; .ci/run runs it"]
    fn many_hostile_requests_never_get_a_500_nor_another_file(request in request()) {
        a_request_gets_its_answer(&request);
    }
}

/// One server on loopback for the request fuzzers, its forms run in its
/// own process (each confined to a run folder of its own).
fn server() -> SocketAddr {
    static ADDR: OnceLock<SocketAddr> = OnceLock::new();
    *ADDR.get_or_init(|| {
        let server = tabula::serve::spawn(tabula::serve::Options {
            addr: "127.0.0.1:0".parse().expect("an address"),
            workers: Some(2),
            idle_seconds: 2,
        })
        .expect("the server starts");
        let addr = server.addr();
        std::mem::forget(server);
        addr
    })
}

/// A hostile request's bytes.
fn request() -> impl Strategy<Value = Vec<u8>> {
    let target = prop::sample::select(vec![
        (
            "/api/run/analyze/snakes",
            vec![
                "board",
                "board_file",
                "rules",
                "players",
                "params",
                "shortest",
                "max_states",
            ],
        ),
        (
            "/api/run/simulate/chance-it",
            vec!["params", "rounds", "dice", "players", "agents"],
        ),
        (
            "/api/run/simulate/cruising",
            vec!["params", "course", "scenario"],
        ),
        (
            "/api/run/analyze/monopoly",
            vec!["params", "board", "cards", "jail"],
        ),
        ("/api/run/replay/backgammon", vec!["file", "brief"]),
        ("/api/run/replay/cruising", vec!["file"]),
        (
            "/game/snakes/designer/api/analyze",
            vec!["board", "players"],
        ),
    ]);
    // Mostly what passes the server's checks, so that most reach a run.
    let host = prop_oneof![
        6 => Just("Host: localhost"),
        2 => Just("Host: 127.0.0.1"),
        1 => Just("Host: evil.example"),
        1 => Just(""),
        1 => Just("Host: localhost\r\nHost: localhost"),
    ];
    let origin = prop_oneof![
        6 => Just(""),
        1 => Just("Origin: null\r\n"),
        1 => Just("Origin: http://evil.example\r\n"),
        1 => Just("Origin: http://localhost\r\n"),
    ];
    let kind = prop_oneof![
        6 => Just("Content-Type: application/json\r\n"),
        1 => Just("Content-Type: text/plain\r\n"),
        1 => Just(""),
    ];
    let field_value = prop_oneof![
        value().prop_map(serde_json::Value::String),
        path().prop_map(serde_json::Value::String),
        params().prop_map(|text| serde_json::json!({ "name": "f.ron", "text": text })),
        record().prop_map(|(_, text)| serde_json::json!({ "name": "r.ron", "text": text })),
        board().prop_map(|text| serde_json::json!({ "name": "b.ron", "text": text })),
        course().prop_map(|text| serde_json::json!({ "name": "c.ron", "text": text })),
        any::<bool>().prop_map(serde_json::Value::Bool),
    ];
    (
        target,
        prop::collection::vec((0usize..16, field_value), 0..4),
        host,
        origin,
        kind,
        prop::option::of("[ -~]{0,8}"),
    )
        .prop_map(|((path, fields), values, host, origin, kind, run)| {
            // Keys of the form, now and then one it does not have or one
            // given twice.
            let mut body = String::from("{");
            let mut used = Vec::new();
            for (k, v) in &values {
                let key = match k {
                    15 => "nope",
                    14 => used.first().copied().unwrap_or("nope"),
                    k => fields[k % fields.len()],
                };
                if used.contains(&key) && *k != 14 {
                    continue;
                }
                if !used.is_empty() {
                    body.push(',');
                }
                used.push(key);
                body.push_str(&format!("{key:?}: {v}"));
            }
            body.push('}');
            let run = run.map_or(String::new(), |r| format!("Tabula-Run: {r}\r\n"));
            let mut bytes = format!(
                "POST {path} HTTP/1.1\r\n{host}{}{origin}{kind}{run}Content-Length: {}\r\nConnection: close\r\n\r\n",
                if host.is_empty() { "" } else { "\r\n" },
                body.len()
            )
            .into_bytes();
            bytes.extend_from_slice(body.as_bytes());
            bytes
        })
}

/// Counts the answers' statuses, and says them every 500 answers (what
/// the slow fuzzer reached: runs, refusals of each kind).
fn count(status: u16) {
    static SEEN: std::sync::Mutex<std::collections::BTreeMap<u16, usize>> =
        std::sync::Mutex::new(std::collections::BTreeMap::new());
    let Ok(mut seen) = SEEN.lock() else { return };
    *seen.entry(status).or_default() += 1;
    let total: usize = seen.values().sum();
    if total.is_multiple_of(500) {
        let _ = writeln!(
            std::io::stderr(),
            "hostile requests, {total} answers by status: {seen:?}"
        );
    }
}

/// Sends `bytes`; the answer's status and text.
fn send(bytes: &[u8]) -> (u16, String) {
    let mut s = TcpStream::connect(server()).expect("connects");
    s.set_read_timeout(Some(Duration::from_secs(60)))
        .expect("a timeout");
    s.write_all(bytes).expect("sends");
    let mut answer = Vec::new();
    let _ = s.read_to_end(&mut answer);
    let text = String::from_utf8_lossy(&answer).into_owned();
    let status = text
        .split_whitespace()
        .nth(1)
        .and_then(|s| s.parse().ok())
        .unwrap_or(0);
    (status, text)
}

fn a_request_gets_its_answer(request: &[u8]) {
    // Files the forms' runs must not reach exist.
    scratch();
    let shown = String::from_utf8_lossy(request);
    let (status, text) = send(request);
    count(status);
    assert!(
        [200, 400, 403, 404, 409, 415, 421, 422, 503].contains(&status),
        "{status}: {shown}\n{text}"
    );
    assert!(!text.contains(CANARY), "{shown}\n{text}");
    let (status, _) = send(b"GET / HTTP/1.1\r\nHost: localhost\r\nConnection: close\r\n\r\n");
    assert_eq!(status, 200, "after {shown}");
}
