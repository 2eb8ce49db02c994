//! Play and replay in the browser (`/play/GAME`), through a real `tabula
//! serve`: whole games played through the API with agents in the other
//! seats, their records downloaded and replayed (by the page's replay
//! request and by `tabula replay`), a record over the forms' upload cap
//! replayed, bad histories and moves refused with 4xx (never 500), work
//! refused to other sites' pages, and the page itself in headless
//! Chromium at 390 and 1280 pixels wide.

use std::io::{Read, Write};
use std::net::TcpStream;
use std::time::Duration;

use serde_json::{Value, json};

use crate::common::{chromium_or_skip, stdout, tabula, temp_dir};
use crate::serve::{Browser, Served, http, serve_with};

fn server() -> Served {
    serve_with(&["--addr", "127.0.0.1:0", "--workers", "2"])
}

/// `POST PATH` with `body` as JSON: status and the answer (JSON, or the
/// refusal's text as a string).
fn post(served: &Served, path: &str, body: &Value) -> (u16, Value) {
    let (status, text) = http(&served.url, "POST", path, &body.to_string());
    let value = serde_json::from_str(&text).unwrap_or(Value::String(text));
    (status, value)
}

/// A request with these header lines and body: its status.
fn raw_status(served: &Served, method: &str, path: &str, headers: &[&str], body: &[u8]) -> u16 {
    let addr = served
        .url
        .trim_start_matches("http://")
        .trim_end_matches('/');
    let mut s = TcpStream::connect(addr).expect("connects");
    s.set_read_timeout(Some(Duration::from_secs(60)))
        .expect("a timeout");
    let mut head = format!("{method} {path} HTTP/1.1\r\nHost: localhost\r\n");
    for h in headers {
        head.push_str(h);
        head.push_str("\r\n");
    }
    head.push_str(&format!(
        "Content-Length: {}\r\nConnection: close\r\n\r\n",
        body.len()
    ));
    s.write_all(head.as_bytes()).expect("sends");
    // A refused body may be cut off: the status is what counts.
    let _ = s.write_all(body);
    let mut answer = Vec::new();
    let _ = s.read_to_end(&mut answer);
    String::from_utf8_lossy(&answer)
        .split_whitespace()
        .nth(1)
        .and_then(|s| s.parse().ok())
        .unwrap_or(0)
}

/// Plays `game` to its end through the API: you in the first seat (each
/// turn the first legal move, or every other turn the last one typed in
/// the game's notation), the game's usual agents in the others. Returns
/// the last answer.
fn play_out(served: &Served, game: &str, seed: u64) -> Value {
    let path = format!("/api/play/{game}");
    let (status, mut a) = post(served, &path, &json!({ "seed": seed, "advance": 10000 }));
    assert_eq!(status, 200, "{a}");
    let mut turn = 0;
    while a["result"].is_null() {
        turn += 1;
        assert!(turn < 2000, "{game} ends: {a}");
        assert_eq!(a["human"], true, "the agents move until you are to: {a}");
        let moves = a["moves"].as_array().expect("moves");
        assert!(!moves.is_empty(), "{a}");
        let body = if turn % 2 == 0 {
            json!({ "seed": seed, "history": a["history"], "move": moves[moves.len() - 1]["text"], "advance": 10000 })
        } else {
            json!({ "seed": seed, "history": a["history"], "action": moves[0]["action"], "advance": 10000 })
        };
        let (status, next) = post(served, &path, &body);
        assert_eq!(status, 200, "{next}");
        assert!(
            next["log"].as_array().expect("a log").len()
                > a["log"].as_array().expect("a log").len(),
            "a move was made"
        );
        a = next;
    }
    a
}

#[test]
fn whole_games_play_through_the_api_and_their_records_replay() {
    let served = server();
    for game in ["chance-it", "noline"] {
        let end = play_out(&served, game, 7);
        let history = end["history"].clone();
        let seats = end["seats"].as_array().expect("seats").len();
        assert_eq!(end["to_move"], "over", "{end}");
        assert_eq!(end["returns"].as_array().map(Vec::len), Some(seats));
        assert!(
            end["picture"]
                .as_str()
                .is_some_and(|p| p.starts_with("<svg"))
        );
        assert_eq!(end["own_picture"], false, "{game} draws its text");
        // One seed and one history: one game, whoever asks.
        let (_, again) = post(
            &served,
            &format!("/api/play/{game}"),
            &json!({ "seed": 7, "history": history }),
        );
        assert_eq!(again["position"], end["position"]);
        assert_eq!(again["result"], end["result"]);
        for format in ["ron", "json"] {
            let (status, record) = post(
                &served,
                &format!("/api/play/{game}/record"),
                &json!({ "seed": 7, "history": history, "format": format }),
            );
            assert_eq!(status, 200, "{record}");
            let file = record["file"].as_str().expect("a file name");
            assert_eq!(file, format!("{game}-7.{format}"));
            let text = record["text"].as_str().expect("the record");
            // The command line replays it, every step legal.
            let dir = temp_dir(&format!("play-serve-{game}-{format}"));
            let path = dir.join(file);
            std::fs::write(&path, text).expect("writes the record");
            let out = tabula(&["replay", game, &path.display().to_string()]);
            assert!(out.status.success(), "{}", stdout(&out));
            assert!(stdout(&out).contains("Every step is legal."));
            // And so does the page, step by step.
            let (status, view) = post(
                &served,
                &format!("/api/replay/{game}"),
                &json!({ "record": text, "format": format }),
            );
            assert_eq!(status, 200, "{view}");
            assert_eq!(view["legal"], true, "{view}");
            assert_eq!(view["end"], "finished");
            assert_eq!(view["result"], end["result"]);
            assert_eq!(
                view["steps"].as_array().map(Vec::len),
                history.as_array().map(Vec::len)
            );
            assert_eq!(view["position"], end["position"]);
            let (_, first) = post(
                &served,
                &format!("/api/replay/{game}"),
                &json!({ "record": text, "at": 1 }),
            );
            assert_eq!(first["at"], 1, "{first}");
            assert_ne!(first["position"], end["position"]);
        }
    }
}

#[test]
fn agents_in_every_seat_and_chance_alone_play_to_the_end() {
    let served = server();
    // Backgammon with agents in both seats, drawn by its own picture.
    let (status, a) = post(
        &served,
        "/api/play/backgammon",
        &json!({ "seats": ["random", "pipcount"], "seed": 3, "advance": 10000 }),
    );
    assert_eq!(status, 200, "{a}");
    assert_eq!(a["to_move"], "over", "{a}");
    assert_eq!(a["own_picture"], true);
    assert!(a["picture"].as_str().is_some_and(|p| p.contains("<circle")));
    // Snakes: chance alone, one step at a time, then to the end.
    let (status, a) = post(&served, "/api/play/snakes", &json!({ "advance": 1 }));
    assert_eq!(status, 200, "{a}");
    assert_eq!(a["history"].as_array().map(Vec::len), Some(1), "{a}");
    assert_eq!(a["log"][0]["who"], "chance");
    let (_, end) = post(
        &served,
        "/api/play/snakes",
        &json!({ "history": a["history"], "advance": 10000 }),
    );
    assert_eq!(end["to_move"], "over", "{end}");
    // Cruising's helm is continuous, not listed: it is typed in the game's
    // notation (bow and trim in degrees), and its gusts are drawn.
    let (status, c) = post(&served, "/api/play/cruising", &json!({}));
    assert_eq!(status, 200, "{c}");
    assert_eq!(c["listed"], true, "{c}");
    assert_eq!(
        (c["human"].clone(), c["to_move"].clone()),
        (json!(true), json!("seat")),
        "{c}"
    );
    assert_eq!(c["moves"], json!([]), "{c}");
    let (status, c) = post(
        &served,
        "/api/play/cruising",
        &json!({ "history": c["history"], "move": "45 30", "advance": 5 }),
    );
    assert_eq!(status, 200, "{c}");
    let log = c["log"].as_array().expect("a log");
    assert_eq!(log[0]["text"], "45.0 30.0", "{c}");
    assert_eq!(log[1]["who"], "chance", "{c}");
    assert!(
        log[1]["text"]
            .as_str()
            .is_some_and(|t| t.starts_with("wind draws")),
        "{c}"
    );
    assert_eq!(c["human"], true, "{c}");
    let (status, refused) = post(
        &served,
        "/api/play/cruising",
        &json!({ "history": c["history"], "move": "north" }),
    );
    assert_eq!(status, 422, "{refused}");
    assert!(
        refused
            .as_str()
            .is_some_and(|r| r.contains("must be a number of degrees")),
        "{refused}"
    );
    // An agent sails it: Cooper's helm, then the wind, step after step.
    let (status, c) = post(
        &served,
        "/api/play/cruising",
        &json!({ "seats": ["cooper"], "seed": 5, "advance": 40 }),
    );
    assert_eq!(status, 200, "{c}");
    assert_eq!(c["history"].as_array().map(Vec::len), Some(40), "{c}");
    assert_ne!(c["log"][0]["who"], "chance", "{c}");
    let (status, record) = post(
        &served,
        "/api/play/cruising/record",
        &json!({ "seats": ["cooper"], "seed": 5, "history": c["history"], "format": "json" }),
    );
    assert_eq!(status, 200, "{record}");
}

#[test]
fn a_record_over_the_upload_cap_replays() {
    let dir = temp_dir("play-serve-cruising");
    let out = tabula(&[
        "play",
        "cruising",
        "--agents",
        "cooper",
        "--seed",
        "3",
        "--record",
        &dir.display().to_string(),
    ]);
    assert!(out.status.success(), "{}", stdout(&out));
    let text = std::fs::read_to_string(dir.join("cruising-3.ron")).expect("the record");
    assert!(text.len() > 512 * 1024, "{} bytes", text.len());
    let served = server();
    let (status, view) = post(
        &served,
        "/api/replay/cruising",
        &json!({ "record": text, "at": 100 }),
    );
    assert_eq!(status, 200, "{view}");
    assert_eq!(view["legal"], true);
    assert_eq!(view["at"], 100);
    assert!(
        view["position"]
            .as_str()
            .is_some_and(|p| p.contains("knots"))
    );
    // Stepping on, the page asks for the position alone.
    let (status, next) = post(
        &served,
        "/api/replay/cruising",
        &json!({ "record": text, "at": 101, "steps": false }),
    );
    assert_eq!(status, 200, "{next}");
    assert!(next["steps"].is_null());
    assert_eq!(next["count"], view["count"]);
    assert_eq!(
        view["steps"].as_array().map(Vec::len),
        view["count"].as_u64().map(|n| n as usize)
    );
    assert_ne!(next["position"], view["position"]);
    // The replay form takes the same record as an upload, as `tabula
    // replay` does (issue 55, item 5: any record a game writes).
    let (status, ran) = post(
        &served,
        "/api/run/replay/cruising",
        &json!({ "file": { "name": "cruising-3.ron", "text": text }, "brief": "true" }),
    );
    assert_eq!(status, 200, "{ran}");
    assert!(
        ran["text"].as_str().is_some_and(|t| t.contains("knots")),
        "{ran}"
    );
    // A form that takes other files keeps the smaller cap.
    let (status, refused) = post(
        &served,
        "/api/run/analyze/snakes",
        &json!({ "board": { "name": "big.ron", "text": " ".repeat(600 * 1024) } }),
    );
    assert_eq!(status, 400, "{refused}");
    // Past the replay's own cap: refused before it is read.
    let huge = vec![b' '; (4 << 20) + 1];
    let json = "Content-Type: application/json";
    assert_eq!(
        raw_status(&served, "POST", "/api/replay/cruising", &[json], &huge),
        413
    );
    // Under it but over the other requests' cap: only the replay takes it.
    let big = format!("{{\"record\": \"{}\"}}", "x".repeat(2 << 20));
    assert_eq!(
        raw_status(
            &served,
            "POST",
            "/api/replay/cruising",
            &[json],
            big.as_bytes()
        ),
        422
    );
    assert_eq!(
        raw_status(
            &served,
            "POST",
            "/api/play/cruising",
            &[json],
            big.as_bytes()
        ),
        413
    );
}

#[test]
fn bad_histories_moves_and_requests_are_refused_with_4xx_never_500() {
    let served = server();
    for (path, body, status, says) in [
        (
            "/api/play/noline",
            json!({ "history": [99] }),
            422,
            "step 0",
        ),
        (
            "/api/play/noline",
            json!({ "history": [0, 0, 0, 0, 0, 0, 0, 0, 0, 0] }),
            422,
            "step",
        ),
        ("/api/play/noline", json!({ "action": 9 }), 422, "not legal"),
        (
            "/api/play/noline",
            json!({ "move": "9 9" }),
            422,
            "not a legal move",
        ),
        (
            "/api/play/noline",
            json!({ "action": 0, "move": "0 0" }),
            400,
            "not both",
        ),
        (
            "/api/play/noline",
            json!({ "history": "0 1" }),
            400,
            "not a play request",
        ),
        (
            "/api/play/noline",
            json!({ "history": [-1] }),
            400,
            "not a play request",
        ),
        (
            "/api/play/noline",
            json!({ "spec": "noline(dim=4)" }),
            422,
            "odd",
        ),
        (
            "/api/play/noline",
            json!({ "spec": "noline(side=4)" }),
            400,
            "no parameter",
        ),
        (
            "/api/play/noline",
            json!({ "spec": "seega" }),
            400,
            "the spec names",
        ),
        (
            "/api/play/noline",
            json!({ "spec": "noline(dim=" }),
            400,
            "",
        ),
        (
            "/api/play/noline",
            json!({ "seats": ["you"] }),
            400,
            "2 seats",
        ),
        (
            "/api/play/noline",
            json!({ "seats": ["you", "nobody"] }),
            400,
            "agents",
        ),
        (
            "/api/play/noline",
            json!({ "wat": 1 }),
            400,
            "unknown field",
        ),
        (
            "/api/play/noline/record",
            json!({ "history": [42] }),
            422,
            "step 0",
        ),
        (
            "/api/play/noline/record",
            json!({ "format": "xml" }),
            400,
            "ron or json",
        ),
        (
            "/api/play/noline/record",
            json!({ "action": 1 }),
            400,
            "history only",
        ),
        ("/api/play/monopoly", json!({}), 404, "no game"),
        ("/api/play/nothing", json!({}), 404, "no game"),
        ("/api/replay/noline", json!({ "record": "" }), 422, "empty"),
        (
            "/api/replay/noline",
            json!({ "record": "(game: \"seega\")" }),
            422,
            "seega",
        ),
        ("/api/replay/noline", json!({}), 400, "record"),
        (
            "/api/replay/noline",
            json!({ "record": "(game: \"noline\", parameters: 3, seed: 1, index: 0, players: [], steps: [Move(seat: 0, mv: (row: 9, col: 9))], end: Stopped)" }),
            200,
            "step 0",
        ),
        (
            "/api/play/cruising",
            json!({ "spec": "cruising(course=/etc/passwd)" }),
            422,
            "not a file sent",
        ),
    ] {
        let (got, answer) = post(&served, path, &body);
        assert_eq!(got, status, "{path} {body}: {answer}");
        assert!(answer.to_string().contains(says), "{path} {body}: {answer}");
    }
    // A record with an illegal step replays up to it, and says which.
    let (_, view) = post(
        &served,
        "/api/replay/noline",
        &json!({ "record": "(game: \"noline\", parameters: 3, seed: 1, index: 0, players: [], steps: [Move(seat: 0, mv: (row: 1, col: 1)), Move(seat: 1, mv: (row: 1, col: 1))], end: Stopped)" }),
    );
    assert_eq!(view["legal"], false, "{view}");
    assert_eq!(view["steps"].as_array().map(Vec::len), Some(1), "{view}");
    assert!(
        view["error"]
            .as_str()
            .is_some_and(|e| e.starts_with("step 1")),
        "{view}"
    );
}

#[test]
fn the_play_requests_start_work_only_for_this_servers_pages() {
    let served = server();
    let json = "Content-Type: application/json";
    for path in [
        "/api/play/noline",
        "/api/play/noline/record",
        "/api/replay/noline",
    ] {
        let body = if path.contains("replay") {
            &b"{\"record\": \"\"}"[..]
        } else {
            b"{}"
        };
        for origin in ["Origin: http://evil.example", "Origin: null"] {
            assert_eq!(
                raw_status(&served, "POST", path, &[json, origin], body),
                403,
                "{path} {origin}"
            );
        }
        assert_eq!(
            raw_status(&served, "POST", path, &["Content-Type: text/plain"], body),
            415,
            "{path}"
        );
        assert_eq!(raw_status(&served, "POST", path, &[], body), 415, "{path}");
        assert_eq!(raw_status(&served, "GET", path, &[], b""), 405, "{path}");
    }
    let index = http(&served.url, "GET", "/", "").1;
    for game in [
        "backgammon",
        "chance-it",
        "cruising",
        "noline",
        "seega",
        "snakes",
    ] {
        assert!(
            index.contains(&format!("href=\"/play/{game}\"")),
            "{game} in {index}"
        );
        assert_eq!(
            http(&served.url, "GET", &format!("/play/{game}"), "").0,
            200
        );
    }
    assert!(!index.contains("href=\"/play/monopoly\""));
    assert_eq!(http(&served.url, "GET", "/play/monopoly", "").0, 404);
}

#[test]
fn the_play_page_plays_by_keyboard_and_fits_at_390_and_1280_in_headless_chromium() {
    let Some(browser) = chromium_or_skip(
        "the_play_page_plays_by_keyboard_and_fits_at_390_and_1280_in_headless_chromium",
    ) else {
        return;
    };
    let served = server();
    let mut b = Browser::start(&browser);
    for (width, height) in [(390, 844), (1280, 800)] {
        b.resize(width, height);
        b.open(&format!("{}play/noline?seed=5", served.url));
        b.wait_for("document.querySelectorAll('#moves button').length === 9");
        // Every control is labelled: a button by its text, a field by
        // its label.
        assert_eq!(
            b.eval(
                "[...document.querySelectorAll('#play-page button')].filter(x => !x.textContent.trim()).length \
                 + [...document.querySelectorAll('#play-page input, #play-page select')].filter(x => !document.querySelector('label[for=\"' + x.id + '\"]')).length"
            ),
            json!(0)
        );
        // A move by keyboard: focused, then Enter.
        b.eval("document.querySelector('#moves button').focus()");
        for kind in ["keyDown", "keyUp"] {
            b.call(
                "Input.dispatchKeyEvent",
                json!({ "type": kind, "key": "Enter", "code": "Enter", "windowsVirtualKeyCode": 13, "text": if kind == "keyDown" { "\r" } else { "" } }),
            );
        }
        b.wait_for("document.querySelectorAll('#log li').length === 2");
        // The keyboard stays among the moves.
        b.wait_for("document.activeElement === document.querySelector('#moves button')");
        // The move and the answer are announced, and kept in the address.
        b.wait_for("document.getElementById('announce').textContent.includes('player X')");
        assert_eq!(
            b.eval("new URLSearchParams(location.search).get('h').split('.').length"),
            json!(2)
        );
        // Nothing scrolls sideways.
        assert!(b.fits(), "at {width}px");
        if width == 1280 {
            // The board and the moves show without scrolling.
            assert!(b.above_the_fold(&["#board svg", "#moves button"]));
        }
        // Reload restores the game from the address.
        b.call("Page.reload", json!({}));
        b.wait_for("document.querySelectorAll('#log li').length === 2");
        // Replay this game: step back to the start and forward.
        b.eval("document.getElementById('replay-this').click()");
        b.wait_for("document.getElementById('replay-at').textContent === 'step 0 of 2'");
        b.eval("document.getElementById('forward').click()");
        b.wait_for("document.getElementById('replay-at').textContent === 'step 1 of 2'");
        assert_eq!(
            b.eval("!!document.querySelector('#board svg')"),
            json!(true)
        );
        assert!(b.fits(), "replaying at {width}px");
    }
}

/// The forms the index links (`run/VERB/GAME`), in its order.
fn linked_forms(index: &str) -> Vec<&str> {
    index
        .split("href=\"/")
        .skip(1)
        .filter_map(|rest| rest.split('"').next())
        .filter(|href| href.starts_with("run/"))
        .collect()
}

/// Issue 55, items 1 and 7: the designer and every form the index links
/// fit a phone (nothing scrolls sideways at 390 px) and, at 1280×800,
/// show their answer without scrolling: the designer's mean beside the
/// board, a form's Run button.
#[test]
fn the_designer_and_the_forms_fit_at_390_and_1280_in_headless_chromium() {
    let Some(browser) =
        chromium_or_skip("the_designer_and_the_forms_fit_at_390_and_1280_in_headless_chromium")
    else {
        return;
    };
    let served = server();
    let (status, index) = http(&served.url, "GET", "/", "");
    assert_eq!(status, 200);
    let forms = linked_forms(&index);
    assert!(forms.len() >= 20, "{forms:?}");
    let mut b = Browser::start(&browser);
    for (width, height) in [(390, 844), (1280, 800)] {
        b.resize(width, height);
        b.open(&format!("{}game/snakes/designer", served.url));
        b.wait_for("document.getElementById('mean').textContent.length > 0");
        assert!(b.fits(), "the designer at {width}px");
        if width == 1280 {
            assert!(
                b.above_the_fold(&["#mean"]),
                "the designer's mean above the fold"
            );
        }
        for form in &forms {
            b.open(&format!("{}{form}", served.url));
            b.wait_for("document.readyState === 'complete' && !!document.getElementById('run')");
            assert!(b.fits(), "{form} at {width}px");
            if width == 1280 {
                assert!(
                    b.above_the_fold(&["#run"]),
                    "{form}'s Run button above the fold"
                );
            }
        }
    }
}

/// Waits (up to `seconds`) for `expression` to be true in the page.
fn wait_long(b: &mut Browser, expression: &str, seconds: u64) {
    let start = std::time::Instant::now();
    while b.eval(expression) != Value::Bool(true) {
        assert!(
            start.elapsed() < Duration::from_secs(seconds),
            "waited {seconds} s for {expression}"
        );
        std::thread::sleep(Duration::from_millis(50));
    }
}

/// Issue 55, items 4 and 6: Run pressed with its defaults, on every form
/// of every game the index links, gives a report and no error; a form
/// that needs a file only the user has (a record to replay) says so in
/// words before sending anything, names what to choose and links the
/// game's play page, which makes one. Every form announces its result
/// (`role=status`, `aria-live`) and labels every upload in words.
#[test]
#[ignore = "slow: presses Run on all 27 forms in a browser, each a run with its defaults (20 s of the README's test command on 2 cores); .ci/run runs it, with Chromium required"]
fn every_form_the_index_links_runs_with_its_defaults_in_headless_chromium() {
    let Some(browser) =
        chromium_or_skip("every_form_the_index_links_runs_with_its_defaults_in_headless_chromium")
    else {
        return;
    };
    let served = server();
    let (status, index) = http(&served.url, "GET", "/", "");
    assert_eq!(status, 200);
    let forms = linked_forms(&index);
    assert!(forms.len() >= 20, "{forms:?}");
    let mut b = Browser::start(&browser);
    b.resize(1280, 800);
    let mut failed = Vec::new();
    for form in &forms {
        b.open(&format!("{}{form}", served.url));
        b.wait_for("document.getElementById('run-form').dataset.state === 'ready'");
        // Results are announced; every upload has a label of its own.
        assert_eq!(
            b.eval(
                "document.getElementById('status').getAttribute('role') === 'status' \
                 && document.getElementById('status').getAttribute('aria-live') === 'polite' \
                 && document.getElementById('error').getAttribute('role') === 'alert' \
                 && [...document.querySelectorAll('input[type=file]')].every(x => { \
                      const l = document.querySelector('label[for=\"' + x.id + '\"]'); \
                      return l && l.textContent.trim().length > 8; })"
            ),
            Value::Bool(true),
            "{form}: announced, uploads labelled"
        );
        let needs_a_file = b.eval("!!document.querySelector('input[type=file][data-missing]')")
            == Value::Bool(true);
        b.eval("document.getElementById('run').click()");
        if needs_a_file {
            // Nothing is sent; the page says what to choose, and where a
            // record comes from.
            b.wait_for("document.getElementById('error').textContent.length > 0");
            let said = b.eval("document.getElementById('error').textContent");
            let said = said.as_str().unwrap_or_default();
            assert!(
                said.contains("Choose") && said.contains("record"),
                "{form}: {said}"
            );
            assert!(!said.contains("required arguments"), "{form}: {said}");
            assert_eq!(
                b.eval("document.getElementById('run-form').dataset.state"),
                json!("ready"),
                "{form}: nothing sent"
            );
            let game = form.rsplit('/').next().unwrap_or_default();
            assert_eq!(
                b.eval(&format!(
                    "!!document.querySelector('a[href=\"/play/{game}\"]')"
                )),
                Value::Bool(true),
                "{form}: links the play page"
            );
            continue;
        }
        wait_long(
            &mut b,
            "document.getElementById('run-form').dataset.state === 'done'",
            300,
        );
        let error = b.eval("document.getElementById('error').textContent");
        let text = b.eval("document.getElementById('text').textContent.length");
        if error != json!("") || text == json!(0) {
            failed.push(format!("{form}: {error}"));
        }
    }
    assert!(
        failed.is_empty(),
        "forms whose defaults fail:\n{}",
        failed.join("\n")
    );
    // Where no values make a command run, the index says what is solved
    // instead and links that form.
    let (_, games) = http(&served.url, "GET", "/api/games", "");
    let games: Value = serde_json::from_str(&games).expect("JSON");
    let mut instead = 0;
    for form in games["games"]
        .as_array()
        .expect("games")
        .iter()
        .flat_map(|g| g["forms"].as_array().cloned().unwrap_or_default())
    {
        if let Some(other) = form["instead"].as_str() {
            instead += 1;
            let path = form["path"].as_str().unwrap_or_default();
            assert!(!index.contains(&format!("href=\"{path}\"")), "{path}");
            assert!(index.contains(&format!("href=\"{other}\"")), "{other}");
            assert!(form["note"].as_str().is_some_and(|n| !n.is_empty()));
        }
    }
    // Backgammon's whole game is too large for `analyze` (its bear-off
    // is solved instead), and so is Seega's.
    assert!(instead >= 2, "{games}");
}

/// Issue 55, item 4: the page asks for a record before sending, and a
/// client that sends none anyway gets the field named in words, never
/// the command line parser's "required arguments were not provided".
#[test]
fn a_replay_form_without_a_record_names_it_in_words() {
    let served = server();
    let (status, answer) = post(&served, "/api/run/replay/noline", &json!({}));
    assert_eq!(status, 422, "{answer}");
    let error = answer["error"].as_str().unwrap_or_default();
    assert!(error.contains("the record (FILE)"), "{error}");
    assert!(!error.contains("required arguments"), "{error}");
}

/// Issue 55, item 4: choices are menus and agents pick lists, from the
/// verbs' data: snakes' rule sets (the registered list, taken at run
/// time) and `race cruising`'s entrants.
#[test]
fn rule_sets_are_a_menu_and_race_entrants_a_pick_list() {
    let served = server();
    let (_, list) = http(&served.url, "GET", "/run/simulate/snakes", "");
    let menu = list
        .split("<select id=\"f-rules\"")
        .nth(1)
        .and_then(|rest| rest.split("</select>").next())
        .expect("a menu of rule sets");
    for rules in [
        "bounce",
        "bump",
        "exact",
        "overshoot",
        "six-again",
        "sixes-home",
    ] {
        assert!(menu.contains(&format!("value=\"{rules}\"")), "{menu}");
    }
    let (_, race) = http(&served.url, "GET", "/run/race/cruising", "");
    let pick = race
        .split("id=\"f-agents-pick\"")
        .nth(1)
        .and_then(|rest| rest.split("</select>").next())
        .expect("a pick list of entrants");
    assert!(pick.contains("value=\"cooper\""), "{pick}");
}

/// Issue 55, item 5: where a game lists no moves (cruising's helm is
/// continuous), the play page says what to type, from the notation the
/// game registers, and its example is a move the game takes.
#[test]
fn a_game_that_lists_no_moves_says_what_to_type() {
    let served = server();
    let (status, state) = post(&served, "/api/play/cruising", &json!({ "advance": 100 }));
    assert_eq!(status, 200, "{state}");
    assert_eq!(state["human"], true, "{state}");
    assert_eq!(state["moves"], json!([]));
    let example = state["notation"]["example"].as_str().expect("an example");
    assert!(
        state["notation"]["hint"]
            .as_str()
            .is_some_and(|h| h.contains("degrees"))
    );
    let (status, after) = post(
        &served,
        "/api/play/cruising",
        &json!({ "history": state["history"], "move": example, "advance": 0 }),
    );
    assert_eq!(status, 200, "{after}");
    // A game that lists its moves has no hint.
    let (_, noline) = post(&served, "/api/play/noline", &json!({}));
    assert!(noline["notation"].is_null());
    // The page carries it too.
    let (_, page) = http(&served.url, "GET", "/play/cruising", "");
    assert!(
        page.contains("id=\"notation\"") && page.contains(example),
        "{page}"
    );
}

/// Issue 55, item 5: a game with a picture of its own has its play and
/// replay pages draw it: backgammon its board, snakes the designer's
/// board, cruising the race's course (the last two give it as data, and
/// the server draws it as it draws a report's pictures).
#[test]
fn the_play_pages_draw_the_games_own_pictures() {
    let served = server();
    for game in ["backgammon", "snakes", "cruising"] {
        let (status, state) = post(
            &served,
            &format!("/api/play/{game}"),
            &json!({ "advance": 5 }),
        );
        assert_eq!(status, 200, "{state}");
        assert_eq!(state["own_picture"], true, "{game}");
        let picture = state["picture"].as_str().unwrap_or_default();
        assert!(
            picture.starts_with("<svg"),
            "{game}: {}",
            &picture[..picture.len().min(200)]
        );
        assert!(!picture.contains("tabula-picture-data"), "{game}");
        let (status, record) = post(
            &served,
            &format!("/api/play/{game}/record"),
            &json!({ "history": state["history"] }),
        );
        assert_eq!(status, 200, "{record}");
        let (status, view) = post(
            &served,
            &format!("/api/replay/{game}"),
            &json!({ "record": record["text"], "at": 1 }),
        );
        assert_eq!(status, 200, "{view}");
        assert_eq!(view["own_picture"], true, "{game}");
        assert!(
            view["picture"]
                .as_str()
                .is_some_and(|p| p.starts_with("<svg")),
            "{game}"
        );
    }
}
