//! `tabula serve` reads no file it was not sent (issue 51), as a user's
//! browser or script meets it: every path a form's run is given, typed or
//! written inside a file sent with it (a `--params` file, a record), is a
//! name inside the run's own folder, and anything else gets one answer
//! whatever is on the server's disk; a run never removes a folder it did
//! not make; a record that would have panicked is answered with its
//! error.

use std::path::Path;

use crate::common::{self, stderr, stdout, tabula};
use crate::serve::{http, run_dirs_left, serve_in};

/// What a confined run is told of a file outside its folder.
const OUTSIDE: &str = tabula::core::files::OUTSIDE;

/// The word that marks the files of the server's own folder: an answer
/// that holds it has read one.
const CANARY: &str = "CANARY51";

/// A folder for the server to run in, holding a Snakes board, a course,
/// a Monopoly board and a text file, each named with [`CANARY`] inside,
/// and a stray file named like the built-in board `teaching`.
fn home(name: &str) -> std::path::PathBuf {
    let dir = common::temp_dir(name);
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let read = |rel: &str| std::fs::read_to_string(root.join(rel)).expect("a shipped file");
    let board = read("games/snakes/boards/teaching.ron");
    let named = board.replacen("name: \"", &format!("name: \"{CANARY} "), 1);
    assert_ne!(named, board);
    std::fs::write(dir.join("board.ron"), named).unwrap();
    let course =
        read("book/src/cruising-triangle.ron").replace("\"triangle\"", &format!("\"{CANARY}\""));
    std::fs::write(dir.join("course.ron"), course).unwrap();
    let monopoly = read("games/monopoly/data/board.ron").replace("Standard US board", CANARY);
    std::fs::write(dir.join("monopoly.ron"), monopoly).unwrap();
    std::fs::write(dir.join("secret.txt"), format!("{CANARY}\n")).unwrap();
    std::fs::write(dir.join("teaching"), "not a board").unwrap();
    dir
}

/// `POST /api/run/VERB/GAME` with `body`: status and JSON answer (or the
/// text, as a string).
fn run(url: &str, verb_game: &str, body: &serde_json::Value) -> (u16, serde_json::Value) {
    let (status, text) = http(
        url,
        "POST",
        &format!("/api/run/{verb_game}"),
        &body.to_string(),
    );
    assert!(!text.contains(CANARY), "{verb_game} {body}: {text}");
    let answer = serde_json::from_str(&text).unwrap_or(serde_json::Value::String(text));
    (status, answer)
}

/// A `--params` file sent with a run.
fn params(text: &str) -> serde_json::Value {
    serde_json::json!({ "params": { "name": "p.ron", "text": text } })
}

#[test]
fn a_path_inside_a_file_sent_is_never_opened_on_the_server() {
    let dir = home("confined-params");
    let served = serve_in(Some(&dir), &["--addr", "127.0.0.1:0"]);
    // Left by an earlier server of the same process id, killed outright.
    let stale = run_dirs_left(served.child.id());
    let abs = |name: &str| dir.join(name).display().to_string();
    // Each: the form, the parameter, a file of the server's own folder by
    // its full path, by a name from where the server runs, and climbing,
    // beside paths where nothing is.
    for (verb_game, key, file) in [
        ("analyze/snakes", "board", "board.ron"),
        ("simulate/cruising", "course", "course.ron"),
        ("analyze/monopoly", "board", "monopoly.ron"),
    ] {
        let mut answers = Vec::new();
        for path in [
            abs(file),
            abs("nothing.ron"),
            file.to_string(),
            "nothing.ron".to_string(),
            format!("../{file}"),
            "/etc/passwd".to_string(),
            "/etc/shadow".to_string(),
            "/no/such/file".to_string(),
        ] {
            let (status, answer) = run(
                &served.url,
                verb_game,
                &params(&format!("({key}: {path:?})")),
            );
            assert_eq!(status, 422, "{verb_game} {path}: {answer}");
            let error = answer["error"]
                .as_str()
                .expect("an error")
                .replace(&path, "PATH");
            answers.push((path, error));
        }
        // One answer for every path that is not a plain name; Snakes
        // looks a plain name up as a built-in board when no file has it.
        let refused: Vec<&(String, String)> = answers
            .iter()
            .filter(|(p, _)| p.starts_with('/') || p.starts_with(".."))
            .collect();
        for (path, error) in &refused {
            assert!(error.contains(OUTSIDE), "{verb_game} {path}: {error}");
            assert_eq!(*error, refused[0].1, "{verb_game} {path}");
        }
        let plain: Vec<&(String, String)> = answers
            .iter()
            .filter(|(p, _)| !p.starts_with('/') && !p.starts_with(".."))
            .collect();
        assert_eq!(plain[0].1, plain[1].1, "{verb_game}: {plain:?}");
    }
    // A course named inside a record sent to replay.
    let records = dir.join("records");
    let made = tabula(&[
        "play",
        "cruising",
        "--course",
        &abs("course.ron"),
        "--agents",
        "cooper",
        "--record",
        &records.to_string_lossy(),
    ]);
    assert!(made.status.success(), "{}", stderr(&made));
    let record = std::fs::read_to_string(records.join("cruising-2002.ron")).unwrap();
    assert!(record.contains(&abs("course.ron")));
    let mut answers = Vec::new();
    for path in [abs("course.ron"), abs("nothing.ron")] {
        let text = record.replace(&abs("course.ron"), &path);
        let body = serde_json::json!({ "file": { "name": "r.ron", "text": text } });
        let (status, answer) = run(&served.url, "replay/cruising", &body);
        assert_eq!(status, 422, "{answer}");
        let error = answer["error"]
            .as_str()
            .expect("an error")
            .replace(&path, "PATH");
        assert!(error.contains(OUTSIDE), "{error}");
        answers.push(error);
    }
    assert_eq!(answers[0], answers[1]);
    assert_eq!(run_dirs_left(served.child.id()), stale);
}

#[test]
fn a_typed_name_answers_the_same_whether_or_not_it_is_where_the_server_runs() {
    let dir = home("confined-typed");
    let served = serve_in(Some(&dir), &["--addr", "127.0.0.1:0"]);
    let answer = |name: &str| {
        let (status, answer) = run(
            &served.url,
            "analyze/snakes",
            &serde_json::json!({ "board": name }),
        );
        (
            status,
            answer["error"]
                .as_str()
                .unwrap_or_default()
                .replace(name, "NAME"),
        )
    };
    let there = answer("board.ron");
    assert_eq!(there.0, 422, "{there:?}");
    assert_eq!(there, answer("nothing.ron"));
    assert_eq!(
        there.1,
        "error: NAME: no such board file, and no built-in board of that name (built in: classic, teaching, two-dice)"
    );
    // A course, typed: the same.
    let course = |name: &str| {
        let (status, answer) = run(
            &served.url,
            "simulate/cruising",
            &serde_json::json!({ "course": name }),
        );
        (
            status,
            answer["error"]
                .as_str()
                .unwrap_or_default()
                .replace(name, "NAME"),
        )
    };
    assert_eq!(course("course.ron"), course("nothing.ron"));
    assert!(course("course.ron").1.contains(OUTSIDE));
}

#[test]
fn a_stray_file_named_like_a_built_in_board_does_not_hide_it() {
    let dir = home("confined-stray");
    assert!(dir.join("teaching").exists());
    let served = serve_in(Some(&dir), &["--addr", "127.0.0.1:0"]);
    let (status, answer) = run(
        &served.url,
        "analyze/snakes",
        &serde_json::json!({ "board": "teaching" }),
    );
    assert_eq!(status, 200, "{answer}");
    assert_eq!(answer["command"], "tabula analyze snakes --board=teaching");
    assert_eq!(
        answer["text"],
        stdout(&tabula(&["analyze", "snakes", "--board=teaching"]))
    );
}

#[test]
fn the_run_form_option_never_removes_a_folder_it_did_not_make() {
    let dir = common::temp_dir("confined-run-dir");
    let kept = dir.join("mine");
    std::fs::create_dir(&kept).unwrap();
    std::fs::write(kept.join("keep.txt"), "mine").unwrap();
    let run_form = |run_dir: &Path| {
        common::run_with_stdin(
            env!("CARGO_BIN_EXE_tabula"),
            &[
                "serve",
                "--run-form",
                "analyze",
                "snakes",
                "--run-dir",
                &run_dir.to_string_lossy(),
            ],
            "{}",
        )
    };
    let out = run_form(&kept);
    assert_eq!(out.status.code(), Some(1), "{}", stdout(&out));
    assert!(
        stderr(&out).contains("cannot make it")
            && stderr(&out).contains("leaves one that exists as it is"),
        "{}",
        stderr(&out)
    );
    assert_eq!(
        std::fs::read_to_string(kept.join("keep.txt")).unwrap(),
        "mine"
    );
    // A new one is made, used and removed.
    let fresh = dir.join("fresh");
    let out = run_form(&fresh);
    assert!(out.status.success(), "{}", stderr(&out));
    assert!(stdout(&out).starts_with("200 json\n"), "{}", stdout(&out));
    assert!(!fresh.exists());
}

#[test]
fn a_backgammon_record_that_panicked_is_answered_with_its_error() {
    let dir = common::temp_dir("confined-backgammon");
    let out = tabula(&[
        "tournament",
        "backgammon",
        "--agents",
        "random,pipcount",
        "--games",
        "1",
        "--seed",
        "1",
        "--record",
        &dir.to_string_lossy(),
    ]);
    assert!(out.status.success(), "{}", stderr(&out));
    let text =
        std::fs::read_to_string(dir.join("backgammon-random-vs-pipcount-seed1-0000.ron")).unwrap();
    let bad = text.replacen("len: 2)", "len: 9)", 1);
    let served = serve_in(None, &["--addr", "127.0.0.1:0"]);
    let body = serde_json::json!({ "file": { "name": "bad.ron", "text": bad } });
    let (status, answer) = run(&served.url, "replay/backgammon", &body);
    assert_eq!(status, 422, "{answer}");
    assert!(
        answer["error"]
            .as_str()
            .expect("an error")
            .contains("bad.ron:14:119: a turn plays 0 to 4 steps (its len), not 9"),
        "{answer}"
    );
}

#[test]
fn two_runs_sent_with_one_run_id_never_share_its_progress() {
    let served = serve_in(None, &["--addr", "127.0.0.1:0", "--workers", "2"]);
    let addr = served
        .url
        .trim_start_matches("http://")
        .trim_end_matches('/')
        .to_string();
    let start = |games: &str| {
        let body = format!(r#"{{"games": "{games}"}}"#);
        let mut s = std::net::TcpStream::connect(&addr).expect("connects");
        std::io::Write::write_all(
            &mut s,
            format!(
                "POST /api/run/simulate/snakes HTTP/1.1\r\nHost: localhost\r\nContent-Type: application/json\r\n\
                 Tabula-Run: twice\r\nContent-Length: {}\r\n\r\n{body}",
                body.len()
            )
            .as_bytes(),
        )
        .expect("sends");
        s
    };
    let first = start("1000000000");
    // Its progress comes.
    let started = std::time::Instant::now();
    loop {
        let (_, p) = http(&served.url, "GET", "/api/progress/twice", "");
        if p.contains("/1000000000 games") {
            break;
        }
        assert!(
            started.elapsed() < std::time::Duration::from_secs(20),
            "{p}"
        );
        std::thread::sleep(std::time::Duration::from_millis(100));
    }
    // A second run under the id: refused at once, and the first's
    // progress is still the first's.
    let (status, answer) = http(&served.url, "POST", "/api/run/simulate/snakes", "{}");
    assert_eq!(status, 200, "{answer}");
    let mut second = start("10");
    second
        .set_read_timeout(Some(std::time::Duration::from_secs(10)))
        .expect("a timeout");
    let mut head = [0; 12];
    std::io::Read::read_exact(&mut second, &mut head).expect("an answer");
    assert_eq!(&head, b"HTTP/1.1 409");
    let (_, p) = http(&served.url, "GET", "/api/progress/twice", "");
    assert!(p.contains("/1000000000 games"), "{p}");
    drop(first);
    // Once the first has gone, the id's entry goes with it.
    let started = std::time::Instant::now();
    loop {
        let (_, p) = http(&served.url, "GET", "/api/progress/twice", "");
        if p == r#"{"done":null,"line":null,"total":null}"# {
            break;
        }
        assert!(
            started.elapsed() < std::time::Duration::from_secs(20),
            "{p}"
        );
        std::thread::sleep(std::time::Duration::from_millis(50));
    }
}

/// The processes whose command line holds `needle` (Linux's `/proc`).
fn processes_with(needle: &str) -> Vec<u32> {
    std::fs::read_dir("/proc")
        .map(|d| {
            d.filter_map(Result::ok)
                .filter_map(|e| e.file_name().to_str()?.parse::<u32>().ok())
                .filter(|pid| {
                    std::fs::read(format!("/proc/{pid}/cmdline"))
                        .is_ok_and(|c| String::from_utf8_lossy(&c).contains(needle))
                })
                .collect()
        })
        .unwrap_or_default()
}

#[test]
fn a_run_whose_server_is_killed_stops() {
    if !Path::new("/proc/self/cmdline").exists() {
        return;
    }
    let mut served = serve_in(None, &["--addr", "127.0.0.1:0"]);
    let pid = served.child.id();
    let addr = served
        .url
        .trim_start_matches("http://")
        .trim_end_matches('/')
        .to_string();
    let body = r#"{"games": "1000000000"}"#;
    let mut s = std::net::TcpStream::connect(&addr).expect("connects");
    std::io::Write::write_all(
        &mut s,
        format!(
            "POST /api/run/simulate/snakes HTTP/1.1\r\nHost: localhost\r\nContent-Type: application/json\r\n\
             Content-Length: {}\r\n\r\n{body}",
            body.len()
        )
        .as_bytes(),
    )
    .expect("sends");
    let run = format!("tabula-serve-run-{pid}-");
    let started = std::time::Instant::now();
    let runs = loop {
        let runs = processes_with(&run);
        if !runs.is_empty() {
            break runs;
        }
        assert!(
            started.elapsed() < std::time::Duration::from_secs(20),
            "no run started"
        );
        std::thread::sleep(std::time::Duration::from_millis(20));
    };
    // The server killed outright: its run ends within a second or so.
    let _ = served.child.kill();
    let _ = served.child.wait();
    let killed = std::time::Instant::now();
    while runs.iter().any(|r| {
        Path::new(&format!("/proc/{r}")).exists()
            && !std::fs::read_to_string(format!("/proc/{r}/stat")).is_ok_and(|s| s.contains(") Z "))
    }) {
        assert!(
            killed.elapsed() < std::time::Duration::from_secs(10),
            "the run {runs:?} outlived its server by {:?}",
            killed.elapsed()
        );
        std::thread::sleep(std::time::Duration::from_millis(50));
    }
    drop(s);
}
