//! The hostile cases of issue 37 against the newest features (merge,
//! shards, replay, Monopoly files, tournaments, terminal play), and those
//! of issue 51 on the command line (a backgammon record's turns, game
//! parameters in files and spec strings, Caribbean Cruising's courses and
//! records): each ends with a clear message and status 1 (or quietly
//! where nothing is wrong), never a panic (101), an abort (134), a hang
//! or a silent acceptance.

use std::io::{BufRead, BufReader, Write};
use std::process::{Child, Command, ExitStatus, Stdio};
use std::time::{Duration, Instant};

use crate::common::{self, stderr, stdout, tabula};

const TABULA: &str = env!("CARGO_BIN_EXE_tabula");

/// Runs `tabula args` with its standard error on `/dev/full`, where
/// every write fails.
fn stderr_full(args: &[&str]) -> std::process::Output {
    let full = std::fs::OpenOptions::new()
        .write(true)
        .open("/dev/full")
        .expect("/dev/full");
    Command::new(TABULA)
        .args(args)
        .stdin(Stdio::null())
        .stdout(Stdio::piped())
        .stderr(full)
        .output()
        .expect("tabula runs")
}

/// Waits up to `limit` for `child` to end.
fn wait_for(child: &mut Child, limit: Duration) -> Option<ExitStatus> {
    let start = Instant::now();
    while start.elapsed() < limit {
        if let Some(status) = child.try_wait().expect("wait") {
            return Some(status);
        }
        std::thread::sleep(Duration::from_millis(20));
    }
    None
}

#[test]
fn a_failing_standard_error_is_no_panic() {
    let dir = common::temp_dir("hostile-stderr");
    let bad = dir.join("bad.ron");
    std::fs::write(&bad, "(").unwrap();
    let out = stderr_full(&["simulate", "snakes", &bad.to_string_lossy()]);
    assert_eq!(out.status.code(), Some(1), "a bad board");
    let record = dir.join("records").to_string_lossy().into_owned();
    let out = stderr_full(&["simulate", "snakes", "--games", "10", "--record", &record]);
    assert_eq!(out.status.code(), Some(0), "--record");
    assert!(stdout(&out).contains("games"));
    let plot = dir.join("plots").to_string_lossy().into_owned();
    let out = stderr_full(&["simulate", "snakes", "--games", "10", "--plot", &plot]);
    assert_eq!(out.status.code(), Some(0), "--plot");
}

/// Progress lines written to a full stderr: every 50 ms
/// (`TABULA_PROGRESS_EVERY`; the standard ten seconds would make the test
/// wait that long), so a few of them fail to be written.
#[test]
fn a_failing_standard_error_is_no_panic_for_a_progress_line() {
    let full = std::fs::OpenOptions::new()
        .write(true)
        .open("/dev/full")
        .expect("/dev/full");
    let out = Command::new(TABULA)
        .args([
            "simulate",
            "snakes",
            "--games",
            "3000000",
            "--threads",
            "1",
            "--format",
            "json",
        ])
        .env("TABULA_PROGRESS_EVERY", "0.05")
        .stdin(Stdio::null())
        .stdout(Stdio::piped())
        .stderr(full)
        .output()
        .expect("tabula runs");
    assert_eq!(out.status.code(), Some(0));
    let report: serde_json::Value = serde_json::from_slice(&out.stdout).expect("the JSON report");
    assert_eq!(report["games"], 3_000_000, "{report}");
}

/// `TABULA_PROGRESS_EVERY` that is not a positive number of seconds (at
/// most a day) is refused before any work, with the value and what it
/// must be; unset or empty is the standard display.
#[test]
fn a_progress_interval_that_is_not_seconds_is_refused() {
    for bad in ["often", "0", "-1", "NaN", "inf", "86401", "1e9"] {
        let out = Command::new(TABULA)
            .args(["simulate", "snakes", "--games", "10"])
            .env("TABULA_PROGRESS_EVERY", bad)
            .stdin(Stdio::null())
            .output()
            .expect("tabula runs");
        assert_eq!(out.status.code(), Some(1), "{bad}: {}", stderr(&out));
        assert!(out.stdout.is_empty(), "{bad}");
        assert!(
            stderr(&out).contains(&format!(
                "TABULA_PROGRESS_EVERY={bad}: not a number of seconds between progress lines"
            )),
            "{}",
            stderr(&out)
        );
    }
    for fine in ["", "60", "0.5", " 2 "] {
        let out = Command::new(TABULA)
            .args(["simulate", "snakes", "--games", "10"])
            .env("TABULA_PROGRESS_EVERY", fine)
            .stdin(Stdio::null())
            .output()
            .expect("tabula runs");
        assert_eq!(out.status.code(), Some(0), "{fine:?}: {}", stderr(&out));
    }
    let help = Command::new(TABULA)
        .arg("--help")
        .output()
        .expect("tabula runs");
    assert!(
        stdout(&help).contains("TABULA_PROGRESS_EVERY=SECONDS"),
        "{}",
        stdout(&help)
    );
}

#[test]
fn help_that_cannot_be_written_is_an_error() {
    let full = std::fs::OpenOptions::new()
        .write(true)
        .open("/dev/full")
        .expect("/dev/full");
    let out = Command::new(TABULA)
        .arg("--help")
        .stdout(full)
        .output()
        .expect("tabula runs");
    assert_eq!(out.status.code(), Some(1));
    assert!(
        stderr(&out).contains("cannot write the help"),
        "{}",
        stderr(&out)
    );
}

/// Starts `tabula args` with at most 400 MB of address space.
fn limited(args: &[&str]) -> Child {
    Command::new("sh")
        .arg("-c")
        .arg("ulimit -v 400000; exec \"$0\" \"$@\"")
        .arg(TABULA)
        .args(args)
        .stdin(Stdio::null())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("sh starts")
}

#[test]
fn a_huge_number_of_tournament_games_takes_no_memory_up_front() {
    let started = [
        &[
            "tournament",
            "noline",
            "--agents",
            "type1,random",
            "--games",
            "18446744073709551615",
        ][..],
        &[
            "tournament",
            "chance-it",
            "--agents",
            "until-ten,tapering",
            "--games",
            "1000000000000",
        ],
        &[
            "tournament",
            "seega",
            "--agents",
            "greedy,random",
            "--games",
            "1000000000000",
        ],
    ]
    // The three at once, each given the same second and a half.
    .map(|args| (args, limited(args)));
    std::thread::sleep(Duration::from_millis(1500));
    for (args, mut child) in started {
        // Still playing after a second and a half: it did not abort.
        let status = child.try_wait().expect("wait");
        let _ = child.kill();
        let out = child.wait_with_output().expect("ends");
        assert!(status.is_none(), "{args:?}: {status:?}: {}", stderr(&out));
    }
    // More games in all than a count holds: refused at once.
    let out = tabula(&[
        "tournament",
        "noline",
        "--agents",
        "type1,random,greedy",
        "--games",
        "18446744073709551615",
    ]);
    assert_eq!(out.status.code(), Some(1));
    assert!(
        stderr(&out).contains("more games than a tournament can count"),
        "{}",
        stderr(&out)
    );
}

/// The first progress line comes after ten seconds, the standard display's
/// interval when stderr is not a terminal, checked once here as a user
/// meets it: slow, so ignored (`.ci/run` runs it); the other progress
/// tests set `TABULA_PROGRESS_EVERY`.
#[test]
#[ignore = "slow: waits ten seconds for the standard display's first progress line; .ci/run runs it"]
fn a_huge_simulation_shows_its_progress() {
    let mut child = Command::new(TABULA)
        .args([
            "simulate",
            "snakes",
            "--games",
            "18446744073709551615",
            "--threads",
            "1",
        ])
        .stdin(Stdio::null())
        .stdout(Stdio::null())
        .stderr(Stdio::piped())
        .spawn()
        .expect("tabula starts");
    let mut err = BufReader::new(child.stderr.take().expect("stderr"));
    let (tx, rx) = std::sync::mpsc::channel();
    std::thread::spawn(move || {
        let mut line = String::new();
        let _ = err.read_line(&mut line);
        let _ = tx.send(line);
    });
    let line = rx.recv_timeout(Duration::from_secs(30));
    let _ = child.kill();
    let _ = child.wait();
    let line = line.expect("a progress line within 30 s");
    assert!(line.starts_with("simulation: "), "{line}");
}

#[test]
fn play_seega_ends_when_its_output_closes_under_endless_input() {
    let mut child = Command::new(TABULA)
        .args(["play", "seega", "--seed", "3"])
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("tabula starts");
    let mut input = child.stdin.take().expect("stdin");
    // `yes zz`: wrong answers until the program stops reading.
    std::thread::spawn(move || while input.write_all(b"zz\n").is_ok() {});
    let mut out = BufReader::new(child.stdout.take().expect("stdout"));
    let mut first = String::new();
    out.read_line(&mut first).expect("a first line");
    drop(out);
    let status = wait_for(&mut child, Duration::from_secs(10));
    let _ = child.kill();
    let _ = child.wait();
    assert_eq!(status.and_then(|s| s.code()), Some(0), "still running");
}

/// Runs part `k` of 2 of a small run `args` into `dir/NAME-K.json`.
fn part_file(dir: &std::path::Path, name: &str, args: &[&str], k: u64) -> String {
    let shard = format!("{k}/2");
    let mut all = args.to_vec();
    all.extend(["--shard", &shard, "--format", "json"]);
    let o = tabula(&all);
    assert!(o.status.success(), "{}", stderr(&o));
    let path = dir.join(format!("{name}-{k}.json"));
    std::fs::write(&path, &o.stdout).expect("write a part");
    path.display().to_string()
}

/// Reads the JSON file `path`, changes it with `edit` and writes it back.
fn edit_json(path: &str, edit: impl FnOnce(&mut serde_json::Value)) {
    let mut v: serde_json::Value = serde_json::from_slice(&std::fs::read(path).unwrap()).unwrap();
    edit(&mut v);
    std::fs::write(path, v.to_string()).unwrap();
}

#[test]
fn merge_refuses_parts_whose_counts_contradict_themselves() {
    let dir = common::temp_dir("hostile-merge-edited");
    let run = [
        "simulate",
        "snakes",
        "--games",
        "400",
        "--seed",
        "7",
        "--players",
        "2",
    ];
    type Edit = fn(&mut serde_json::Value);
    let edits: [(&str, Edit, &str); 3] = [
        (
            "wins",
            |v| v["shard"]["state"]["collector"][2]["wins"] = serde_json::json!([999999999, 0]),
            "`wins` [999999999, 0]",
        ),
        (
            "games",
            |v| v["shard"]["state"]["collector"][0]["games"] = serde_json::json!(1),
            "`games` is 1",
        ),
        (
            "sum",
            |v| v["shard"]["state"]["collector"][0]["sum"] = serde_json::json!(u64::MAX),
            "`sum` is 18446744073709551615",
        ),
    ];
    for (name, edit, says) in edits {
        let one = part_file(&dir, name, &run, 1);
        let two = part_file(&dir, name, &run, 2);
        edit_json(&one, edit);
        let out = tabula(&["merge", &one, &two]);
        let err = stderr(&out);
        assert_eq!(out.status.code(), Some(1), "{name}: {err}");
        assert!(err.contains(&one) && err.contains(says), "{name}: {err}");
    }
    // A tournament's part: an entrant's wins raised by hand.
    let run = [
        "tournament",
        "noline",
        "--agents",
        "type1,random",
        "--games",
        "20",
        "--seed",
        "7",
    ];
    let one = part_file(&dir, "tournament", &run, 1);
    let two = part_file(&dir, "tournament", &run, 2);
    edit_json(&one, |v| {
        v["shard"]["state"]["jobs"][0]["tallies"][0]["wins"] = serde_json::json!(999999999)
    });
    let out = tabula(&["merge", &one, &two]);
    let err = stderr(&out);
    assert_eq!(out.status.code(), Some(1), "{err}");
    assert!(err.contains(&one) && err.contains("tallies[0]"), "{err}");
}

#[test]
fn merge_reads_no_more_than_16_mib_and_hints_at_the_json_format() {
    let dir = common::temp_dir("hostile-merge-read");
    let big = dir.join("big.json");
    let f = std::fs::File::create(&big).unwrap();
    f.set_len((16 << 20) + 1).unwrap();
    let out = tabula(&["merge", &big.to_string_lossy()]);
    assert_eq!(out.status.code(), Some(1));
    assert!(
        stderr(&out).contains("more than 16777216 bytes"),
        "{}",
        stderr(&out)
    );
    let text = tabula(&["simulate", "snakes", "--games", "100", "--shard", "1/2"]);
    let path = dir.join("part.txt");
    std::fs::write(&path, &text.stdout).unwrap();
    let out = tabula(&["merge", &path.to_string_lossy()]);
    assert_eq!(out.status.code(), Some(1));
    assert!(stderr(&out).contains("--format json"), "{}", stderr(&out));
}

#[test]
fn merge_names_the_option_or_file_that_differs() {
    let dir = common::temp_dir("hostile-merge-setup");
    let one = part_file(
        &dir,
        "p2",
        &["simulate", "snakes", "--games", "100", "--players", "2"],
        1,
    );
    let two = part_file(
        &dir,
        "p3",
        &["simulate", "snakes", "--games", "100", "--players", "3"],
        2,
    );
    let out = tabula(&["merge", &one, &two]);
    let err = stderr(&out);
    assert_eq!(out.status.code(), Some(1));
    assert!(
        err.contains("its --players is 3") && err.contains("is 2"),
        "{err}"
    );
    assert!(!err.contains("\"args\""), "raw JSON: {err}");
    // A board of the same size with other contents.
    let board = dir.join("b.ron");
    let text = "Board(name: \"b\", size: 20, columns: 5, dice: Dice(count: 1, faces: 6), rules: \"exact\", ladders: [(3, 11)], chutes: [(14, 4)])";
    std::fs::write(&board, text).unwrap();
    let b = board.to_string_lossy().into_owned();
    let run = ["simulate", "snakes", b.as_str(), "--games", "100"];
    let one = part_file(&dir, "b", &run, 1);
    let two = part_file(&dir, "b", &run, 2);
    std::fs::write(&board, text.replace("(3, 11)", "(3, 12)")).unwrap();
    let out = tabula(&["merge", &one, &two]);
    let err = stderr(&out);
    assert_eq!(out.status.code(), Some(1));
    assert!(err.contains("same size but other contents"), "{err}");
}

/// The Monopoly card file shipped with tabula.
fn monopoly_cards() -> String {
    std::fs::read_to_string(concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/games/monopoly/data/cards.ron"
    ))
    .unwrap()
}

#[test]
fn unknown_fields_in_card_files_and_records_are_refused_at_their_place() {
    let dir = common::temp_dir("hostile-unknown-fields");
    let cards = dir.join("cards.ron");
    std::fs::write(
        &cards,
        monopoly_cards().replacen("action: Stay),", "action: Stay, probability: 0.7),", 1),
    )
    .unwrap();
    let c = cards.to_string_lossy().into_owned();
    let out = tabula(&["analyze", "monopoly", "--cards", &c]);
    let err = stderr(&out);
    assert_eq!(out.status.code(), Some(1), "{err}");
    assert!(
        err.contains(&format!("{c}:")) && err.contains("probability"),
        "{err}"
    );
    // A record with a field of its own.
    let records = dir.join("records");
    let r = records.to_string_lossy().into_owned();
    let o = tabula(&[
        "tournament",
        "noline",
        "--agents",
        "type1,random",
        "--games",
        "2",
        "--seed",
        "5",
        "--record",
        &r,
    ]);
    assert!(o.status.success(), "{}", stderr(&o));
    let record = records.join("noline-type1-vs-random-seed5-0000.ron");
    let text = std::fs::read_to_string(&record).unwrap();
    let evil = dir.join("evil.ron");
    std::fs::write(
        &evil,
        text.replace("    end:", "    evil: \"x\",\n    end:"),
    )
    .unwrap();
    let out = tabula(&["replay", "noline", &evil.to_string_lossy()]);
    let err = stderr(&out);
    assert_eq!(out.status.code(), Some(1), "{err}");
    assert!(err.contains("evil.ron:") && err.contains("evil"), "{err}");
    // A chance step in a game without chance says so.
    let chance = dir.join("chance.ron");
    std::fs::write(
        &chance,
        text.replacen("Move(seat: 1, mv: (row: 1, col: 2)),", "Chance(3),", 1),
    )
    .unwrap();
    let out = tabula(&["replay", "noline", &chance.to_string_lossy()]);
    let err = stderr(&out);
    assert_eq!(out.status.code(), Some(1), "{err}");
    assert!(err.contains("noline has no chance steps"), "{err}");
    // Control characters in a player's name are escaped.
    let ctrl = dir.join("ctrl.ron");
    std::fs::write(
        &ctrl,
        text.replace("\"type1\"", "\"ty\\u{1b}[31mpe\\u{0}x\\u{7}\""),
    )
    .unwrap();
    let out = tabula(&["replay", "noline", &ctrl.to_string_lossy()]);
    assert_eq!(out.status.code(), Some(0), "{}", stderr(&out));
    let shown = stdout(&out);
    assert!(
        !shown.contains('\u{1b}') && !shown.contains('\0') && !shown.contains('\u{7}'),
        "{shown:?}"
    );
    assert!(shown.contains("ty\\u{1b}[31mpe\\0x\\u{7}"), "{shown}");
}

#[test]
fn records_of_other_games_are_not_overwritten() {
    let dir = common::temp_dir("hostile-record-clash");
    let d = dir.to_string_lossy().into_owned();
    let run = |game: &str| {
        tabula(&[
            "tournament",
            game,
            "--agents",
            "greedy,random",
            "--games",
            "2",
            "--seed",
            "5",
            "--record",
            &d,
        ])
    };
    let seega = run("seega");
    assert!(seega.status.success(), "{}", stderr(&seega));
    let file = dir.join("seega-greedy-vs-random-seed5-0000.ron");
    let before = std::fs::read_to_string(&file).unwrap();
    assert!(before.contains("\"seega\""));
    // The same run again writes the same records: no harm.
    let again = run("seega");
    assert!(again.status.success(), "{}", stderr(&again));
    // Another game's records carry its name: both are kept.
    let noline = run("noline");
    assert!(noline.status.success(), "{}", stderr(&noline));
    let other = dir.join("noline-greedy-vs-random-seed5-0000.ron");
    assert!(
        std::fs::read_to_string(&other)
            .unwrap()
            .contains("\"noline\"")
    );
    assert_eq!(std::fs::read_to_string(&file).unwrap(), before);
    // A file of that name that this run would change is refused.
    std::fs::write(&file, "a record of something else").unwrap();
    let clash = run("seega");
    let err = stderr(&clash);
    assert_eq!(clash.status.code(), Some(1), "{err}");
    assert!(err.contains("already holds another record"), "{err}");
    assert_eq!(
        std::fs::read_to_string(&file).unwrap(),
        "a record of something else"
    );
}

#[test]
fn monopoly_says_what_it_counts_and_names_cards_and_boards_at_fault() {
    let out = tabula(&["simulate", "monopoly", "--turns", "101", "--seed", "1"]);
    assert!(out.status.success(), "{}", stderr(&out));
    let text = stdout(&out);
    assert!(
        text.contains("--turns 101") && text.contains("200 turns are counted"),
        "{text}"
    );
    let dir = common::temp_dir("hostile-monopoly");
    // Cards that send the token from card square to card square.
    let cycle = dir.join("cycle.ron");
    std::fs::write(
        &cycle,
        "Cards(edition: \"loop\", chance: [Card(text: \"to chest\", action: AdvanceTo(\"Community Chest 2\"))], \
         community_chest: [Card(text: \"to chance\", action: AdvanceTo(\"Chance 2\"))])",
    )
    .unwrap();
    let c = cycle.to_string_lossy().into_owned();
    let out = tabula(&["analyze", "monopoly", "--cards", &c]);
    let err = stderr(&out);
    assert_eq!(out.status.code(), Some(1), "{err}");
    assert!(
        err.contains(&format!("{c}:1:"))
            && err.contains("\"to chest\"")
            && err.contains("\"Chance 2\"")
            && !err.contains("State {"),
        "{err}"
    );
    // A board without Boardwalk and no --cards.
    let board = dir.join("board.ron");
    let text = std::fs::read_to_string(concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/games/monopoly/data/board.ron"
    ))
    .unwrap();
    std::fs::write(&board, text.replace("\"Boardwalk\"", "\"Dockwalk\"")).unwrap();
    let out = tabula(&["analyze", "monopoly", "--board", &board.to_string_lossy()]);
    let err = stderr(&out);
    assert_eq!(out.status.code(), Some(1), "{err}");
    assert!(
        err.contains("default (US) card decks") && err.contains("--cards"),
        "{err}"
    );
}

#[test]
fn a_board_behind_a_symlink_loop_says_what_the_system_said() {
    let dir = common::temp_dir("hostile-symlink");
    let a = dir.join("a.ron");
    let b = dir.join("b.ron");
    std::os::unix::fs::symlink(&b, &a).unwrap();
    std::os::unix::fs::symlink(&a, &b).unwrap();
    let out = tabula(&["simulate", "snakes", &a.to_string_lossy(), "--games", "10"]);
    let err = stderr(&out);
    assert_eq!(out.status.code(), Some(1), "{err}");
    assert!(!err.contains("no such board file"), "{err}");
    assert!(err.to_lowercase().contains("symbolic links"), "{err}");
}

/// Words that count the games, in the README and the book, against
/// `tabula list`; and the README's layout names every framework crate.
#[test]
fn counting_words_and_the_readme_layout_match_the_program() {
    let root = std::path::Path::new(env!("CARGO_MANIFEST_DIR"));
    let list = common::json(&tabula(&["list", "--format", "json"]));
    let games = list["games"].as_array().expect("games").len();
    const WORDS: [&str; 11] = [
        "zero", "one", "two", "three", "four", "five", "six", "seven", "eight", "nine", "ten",
    ];
    for file in [
        "book/src/introduction.md",
        "book/src/concepts.md",
        "book/src/tutorial/write-a-game.md",
    ] {
        let text = std::fs::read_to_string(root.join(file)).unwrap();
        let text: Vec<&str> = text.split_whitespace().collect();
        let text = text.join(" ");
        let mut checked = 0;
        for lead in ["carries ", "beside the ", "links the "] {
            for (at, _) in text.match_indices(lead) {
                let word = text[at + lead.len()..]
                    .split(|c: char| !c.is_alphabetic())
                    .next()
                    .unwrap_or("");
                if let Some(n) = WORDS.iter().position(|w| *w == word) {
                    assert_eq!(
                        n, games,
                        "{file}: \"{lead}{word}\", but tabula list shows {games} games"
                    );
                    checked += 1;
                }
            }
        }
        assert!(checked > 0, "{file}: no count of the games found");
    }
    let readme = std::fs::read_to_string(root.join("README.md")).unwrap();
    for layer in ["crates/foundation", "crates/front-ends"] {
        for entry in std::fs::read_dir(root.join(layer)).unwrap() {
            let name = entry.unwrap().file_name().to_string_lossy().into_owned();
            let path = format!("{layer}/{name} ");
            assert!(readme.contains(&path), "README's layout leaves out {path}");
        }
    }
}

/// The share of landings report.md quotes for square 1 of the classic
/// board is what the exact analysis gives.
#[test]
fn the_square_one_figure_in_report_md_is_what_analyze_gives() {
    let v = common::json(&tabula(&["analyze", "snakes", "--format", "json"]));
    let landings = v["squares"]["landings"][1].as_f64().expect("landings");
    let all = v["squares"]["landings_before_last"].as_f64().expect("all");
    let sentence = format!(
        "shows about {:.4}: 1/6 of a landing per game, out of {all:.1} landings a game",
        landings / all
    );
    assert!((landings - 1.0 / 6.0).abs() < 1e-12, "{landings}");
    let text = std::fs::read_to_string(concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/book/src/reference/report.md"
    ))
    .unwrap();
    let flat = text.split_whitespace().collect::<Vec<_>>().join(" ");
    assert!(flat.contains(&sentence), "report.md should say: {sentence}");
}

#[test]
fn seega_names_the_centre_before_a_taken_square() {
    let out = common::run_with_stdin(
        TABULA,
        &["play", "seega", "--seed", "3", "--first", "you"],
        "a1 a2\na1 c3\nquit\n",
    );
    let text = stdout(&out);
    assert!(
        text.contains("nothing may be placed on the centre square c3"),
        "{text}"
    );
}

#[test]
fn replay_snakes_shows_the_squares_and_jumps_as_trace_does() {
    let dir = common::temp_dir("hostile-replay-snakes");
    let d = dir.to_string_lossy().into_owned();
    let out = tabula(&[
        "simulate", "snakes", "teaching", "--games", "5", "--seed", "2002", "--trace", "--record",
        &d,
    ]);
    assert!(out.status.success(), "{}", stderr(&out));
    let trace = stdout(&out);
    let record = dir.join("snakes-2002-0.ron");
    let out = tabula(&["replay", "snakes", &record.to_string_lossy()]);
    assert!(out.status.success(), "{}", stderr(&out));
    let replay = stdout(&out);
    // Every throw's line of the trace (after "rolled N, ") is in the
    // replay's line for that throw.
    let mut throws = 0;
    for line in trace
        .lines()
        .filter(|l| l.trim_start().starts_with("throw "))
    {
        let (_, what) = line.split_once("rolled").expect("a throw line");
        let (roll, did) = what
            .trim_start()
            .split_once(", ")
            .expect("roll, what it did");
        let shown = format!("chance: {roll}: {did}");
        assert!(replay.contains(&shown), "replay lacks {shown:?}:\n{replay}");
        throws += 1;
    }
    assert!(throws > 0, "{trace}");
}

#[test]
fn merged_reports_say_their_time_is_the_parts_total() {
    let dir = common::temp_dir("hostile-merge-time");
    let run = ["simulate", "snakes", "--games", "200", "--seed", "3"];
    let one = part_file(&dir, "t", &run, 1);
    let two = part_file(&dir, "t", &run, 2);
    let out = tabula(&["merge", &one, &two]);
    assert!(out.status.success(), "{}", stderr(&out));
    let text = stdout(&out);
    assert!(
        text.contains("Merged from 2 parts: the times above are the parts' total"),
        "{text}"
    );
}

/// The first progress line after a fifth of a second
/// (`TABULA_PROGRESS_EVERY`; the standard ten would make the test wait).
#[test]
fn tournament_progress_gives_no_estimate_it_cannot_make() {
    let mut child = Command::new(TABULA)
        .args([
            "tournament",
            "seega",
            "--agents",
            "greedy,random,alphabeta",
            "--games",
            "100000",
            "--threads",
            "1",
        ])
        .env("TABULA_PROGRESS_EVERY", "0.2")
        .stdin(Stdio::null())
        .stdout(Stdio::null())
        .stderr(Stdio::piped())
        .spawn()
        .expect("tabula starts");
    let mut err = BufReader::new(child.stderr.take().expect("stderr"));
    let (tx, rx) = std::sync::mpsc::channel();
    std::thread::spawn(move || {
        let mut line = String::new();
        let _ = err.read_line(&mut line);
        let _ = tx.send(line);
    });
    let line = rx.recv_timeout(Duration::from_secs(30));
    let _ = child.kill();
    let _ = child.wait();
    let line = line.expect("a progress line within 30 s");
    assert!(
        line.starts_with("tournament: ") && line.contains("no estimate of the time left"),
        "{line}"
    );
}

#[test]
fn merge_refuses_edited_tournament_collectors_and_monopoly_counts() {
    let dir = common::temp_dir("hostile-merge-collectors");
    let cases: [(&[&str], &str, &str); 3] = [
        (
            &[
                "tournament",
                "seega",
                "--agents",
                "greedy,random",
                "--games",
                "4",
                "--seed",
                "2",
            ],
            "/shard/state/jobs/0/collectors/0/games",
            "moves: `games`",
        ),
        (
            &[
                "tournament",
                "chance-it",
                "--agents",
                "until-ten,tapering",
                "--games",
                "20",
            ],
            "/shard/state/jobs/0/collectors/0/by_seat/0/7",
            "turn counts",
        ),
        (
            &["simulate", "monopoly", "--turns", "20000"],
            "/shard/state/collector/ends_sq/9",
            "`ends_sq[9]`",
        ),
    ];
    for (i, (run, pointer, says)) in cases.into_iter().enumerate() {
        let name = format!("c{i}");
        let one = part_file(&dir, &name, run, 1);
        let two = part_file(&dir, &name, run, 2);
        edit_json(&one, |v| {
            let n = v.pointer_mut(pointer).expect("the count");
            *n = serde_json::json!(n.as_u64().expect("a count") * 1000 + 1000);
        });
        let out = tabula(&["merge", &one, &two]);
        let err = stderr(&out);
        assert_eq!(out.status.code(), Some(1), "{run:?}: {err}");
        assert!(err.contains(&one) && err.contains(says), "{run:?}: {err}");
    }
}

#[test]
fn play_numbers_its_record_on_rather_than_overwrite_another() {
    let dir = common::temp_dir("hostile-play-record");
    let d = dir.to_string_lossy().into_owned();
    let args = [
        "play", "seega", "--seed", "3", "--first", "you", "--record", &d,
    ];
    let first = common::run_with_stdin(TABULA, &args, "a1 a2\nquit\n");
    assert!(first.status.success(), "{}", stderr(&first));
    let kept = std::fs::read_to_string(dir.join("seega-3.ron")).unwrap();
    // Another game with the same seed: numbered on, and said so.
    let second = common::run_with_stdin(TABULA, &args, "a1 b1\nquit\n");
    assert!(second.status.success(), "{}", stderr(&second));
    assert!(
        stdout(&second).contains("seega-3-2.ron"),
        "{}",
        stdout(&second)
    );
    assert_eq!(
        std::fs::read_to_string(dir.join("seega-3.ron")).unwrap(),
        kept
    );
    // The same game again writes the same record where it was.
    let again = common::run_with_stdin(TABULA, &args, "a1 a2\nquit\n");
    assert!(stdout(&again).contains("seega-3.ron"), "{}", stdout(&again));
}

#[test]
fn replay_snakes_names_a_throw_the_dice_cannot_make_without_playing_it() {
    let dir = common::temp_dir("hostile-replay-snakes-roll");
    let d = dir.to_string_lossy().into_owned();
    let out = tabula(&[
        "simulate", "snakes", "teaching", "--games", "3", "--seed", "5", "--record", &d,
    ]);
    assert!(out.status.success(), "{}", stderr(&out));
    let text = std::fs::read_to_string(dir.join("snakes-5-0.ron")).unwrap();
    let bad = dir.join("bad.ron");
    std::fs::write(&bad, text.replacen("Chance(3)", "Chance(65535)", 1)).unwrap();
    let out = tabula(&["replay", "snakes", &bad.to_string_lossy()]);
    let err = stderr(&out);
    assert_eq!(out.status.code(), Some(1), "{err}");
    assert!(
        err.contains("chance outcome 65535 cannot happen here"),
        "{err}"
    );
}

#[test]
fn chance_it_keeps_an_answer_typed_at_the_pause_for_the_next_question() {
    // One answer a round, no empty lines for "Hit enter to continue":
    // the answers do not drift, and all ten rounds are played.
    let out = common::run_with_stdin(
        TABULA,
        &["play", "chance-it", "--seed", "3", "--strategy", "1"],
        "n\n".repeat(10),
    );
    let text = stdout(&out);
    assert_eq!(out.status.code(), Some(0), "{}", stderr(&out));
    assert!(
        text.contains("10 rounds are completed"),
        "the answers drifted:\n{text}"
    );
}

#[test]
fn merge_refuses_parts_shaped_unlike_the_run() {
    // A part whose collectors add up on their own but have another shape
    // (seats, squares, what is measured) than the run being merged: each
    // is an error naming the file and the field, where merging it once
    // failed inside the command.
    let dir = common::temp_dir("hostile-merge-shape");
    let snakes: &[&str] = &["simulate", "snakes", "--games", "200", "--players", "2"];
    let noline: &[&str] = &["simulate", "noline", "--games", "40", "--seed", "3"];
    type Edit = fn(&mut serde_json::Value);
    let cases: [(&[&str], Edit, &str); 4] = [
        (
            noline,
            |v| {
                let seats = &mut v["shard"]["state"]["collector"][0]["seats"];
                let one = seats[0].clone();
                *seats = serde_json::json!([one]);
            },
            "standing: `seats` lists 1, but this run has 2 seats",
        ),
        (
            noline,
            |v| v["shard"]["state"]["collector"][0]["seats"][1]["rank"] = serde_json::json!(5),
            "standing: seat 1's sums",
        ),
        (
            noline,
            |v| v["shard"]["state"]["collector"][1]["of"] = serde_json::json!("Decisions"),
            "lengths: `of` is Decisions",
        ),
        (
            snakes,
            |v| {
                let counts = &mut v["shard"]["state"]["collector"][1]["counts"];
                let mut longer = counts.as_array().expect("counts").clone();
                longer.push(serde_json::json!(7));
                *counts = serde_json::Value::Array(longer);
            },
            "occupancy: `counts` lists 102, but this run counts 101 squares",
        ),
    ];
    for (i, (run, edit, says)) in cases.into_iter().enumerate() {
        let name = format!("s{i}");
        let one = part_file(&dir, &name, run, 1);
        let two = part_file(&dir, &name, run, 2);
        edit_json(&one, edit);
        let out = tabula(&["merge", &one, &two]);
        let err = stderr(&out);
        assert_eq!(out.status.code(), Some(1), "{run:?}: {err}");
        assert!(err.contains(&one) && err.contains(says), "{run:?}: {err}");
    }
}

#[test]
fn merge_refuses_tournament_parts_seated_unlike_the_run() {
    // A tournament part whose counts add up but whose seatings are not
    // the run's: a tally's seating naming an entrant out of range, a
    // forfeit in a seat the game lacks, by an entrant who did not sit
    // there, in another pairing or outside the job's games. Each is an
    // error naming the file and the field, not a merged report.
    let dir = common::temp_dir("hostile-merge-seatings");
    let chance_it: &[&str] = &[
        "tournament",
        "chance-it",
        "--agents",
        "until-ten,tapering",
        "--games",
        "20",
    ];
    // Every answer is slower than 0 ms: every game is forfeited.
    let noline: &[&str] = &[
        "tournament",
        "noline",
        "--agents",
        "type1,random",
        "--games",
        "8",
        "--move-time-limit",
        "0",
    ];
    type Edit = fn(&mut serde_json::Value);
    let cases: [(&[&str], Edit, &str); 5] = [
        (
            chance_it,
            |v| {
                v["shard"]["state"]["jobs"][0]["collectors"][0]["seating"] =
                    serde_json::json!([99, 0])
            },
            "`seating` is [99, 0], but this seating of the tournament is [0, 1]",
        ),
        (
            noline,
            |v| v["shard"]["state"]["jobs"][0]["faults"][0]["seat"] = serde_json::json!(99),
            "`faults[0].seat` is 99, but the game has 2 seats",
        ),
        (
            noline,
            |v| {
                v["shard"]["state"]["jobs"][0]["faults"][0]["entrant"] = serde_json::json!("random")
            },
            "`faults[0].entrant` is random, but type1 sat in seat 0 of game 0",
        ),
        (
            noline,
            |v| {
                v["shard"]["state"]["jobs"][0]["faults"][0]["pairing"] =
                    serde_json::json!(["random", "type1"])
            },
            "`faults[0].pairing` is [\"random\", \"type1\"]",
        ),
        (
            noline,
            |v| v["shard"]["state"]["jobs"][0]["faults"][0]["game"] = serde_json::json!(7),
            "`faults[0].game` is 7, not a game of the job",
        ),
    ];
    for (i, (run, edit, says)) in cases.into_iter().enumerate() {
        let name = format!("t{i}");
        let one = part_file(&dir, &name, run, 1);
        let two = part_file(&dir, &name, run, 2);
        // Untouched, the parts merge.
        let out = tabula(&["merge", &one, &two]);
        assert!(out.status.success(), "{run:?}: {}", stderr(&out));
        edit_json(&one, edit);
        let out = tabula(&["merge", &one, &two]);
        let err = stderr(&out);
        assert_eq!(out.status.code(), Some(1), "{run:?}: {err}");
        assert!(err.contains(&one) && err.contains(says), "{run:?}: {err}");
    }
}

/// A backgammon tournament's record of one game (random against
/// pipcount, seed 1), written into `dir`: its path.
fn backgammon_record(dir: &std::path::Path) -> std::path::PathBuf {
    let d = dir.to_string_lossy().into_owned();
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
        &d,
    ]);
    assert!(out.status.success(), "{}", stderr(&out));
    dir.join("backgammon-random-vs-pipcount-seed1-0000.ron")
}

#[test]
fn replay_backgammon_refuses_a_turn_of_more_than_four_steps_without_a_panic() {
    let dir = common::temp_dir("hostile-backgammon-len");
    let record = backgammon_record(&dir);
    let text = std::fs::read_to_string(&record).unwrap();
    let bad = dir.join("bad.ron");
    for (edited, message) in [
        (
            text.replacen("len: 2)", "len: 9)", 1),
            "a turn plays 0 to 4 steps (its len), not 9",
        ),
        (
            text.replacen("len: 2)", "len: 255)", 1),
            "a turn plays 0 to 4 steps (its len), not 255",
        ),
        (
            text.replacen("(from: 24, to: 18)", "(from: 99, to: 18)", 1),
            "a step goes from a point (1 to 24, or 25 for the bar) to a lower one (0: borne off), not from 99 to 18",
        ),
        (
            text.replacen("(from: 24, to: 18)", "(from: 18, to: 24)", 1),
            "not from 18 to 24",
        ),
    ] {
        assert_ne!(edited, text);
        std::fs::write(&bad, &edited).unwrap();
        for format in ["text", "json"] {
            let out = tabula(&[
                "replay",
                "backgammon",
                "--format",
                format,
                &bad.to_string_lossy(),
            ]);
            assert_eq!(out.status.code(), Some(1), "{format}: {}", stderr(&out));
            assert!(stderr(&out).contains(message), "{format}: {}", stderr(&out));
            assert!(!stderr(&out).contains("panicked"), "{}", stderr(&out));
        }
    }
}

#[test]
fn replay_backgammon_judges_a_turn_by_the_turn_it_makes_not_its_hops_order() {
    let dir = common::temp_dir("hostile-backgammon-order");
    let record = backgammon_record(&dir);
    let text = std::fs::read_to_string(&record).unwrap();
    let original = tabula(&["replay", "backgammon", &record.to_string_lossy()]);
    assert!(original.status.success(), "{}", stderr(&original));
    // The opening 6-3, written 13/10 then 24/18; a 4-4 entering from the
    // bar, its hops backwards (the bar's last: legal only in another
    // order, as a set of hops).
    let swapped = text
        .replacen(
            "(from: 24, to: 18), (from: 13, to: 10)",
            "(from: 13, to: 10), (from: 24, to: 18)",
            1,
        )
        .replacen(
            "(from: 25, to: 21), (from: 10, to: 6), (from: 6, to: 2), (from: 6, to: 2)",
            "(from: 6, to: 2), (from: 6, to: 2), (from: 10, to: 6), (from: 25, to: 21)",
            1,
        );
    assert_eq!(
        swapped
            .matches("(from: 6, to: 2), (from: 6, to: 2), (from: 10, to: 6)")
            .count(),
        1,
        "the record has the turns this test reorders"
    );
    let file = dir.join("reordered.ron");
    std::fs::write(&file, &swapped).unwrap();
    let out = tabula(&["replay", "backgammon", &file.to_string_lossy()]);
    assert!(out.status.success(), "{}", stderr(&out));
    // Shown as the game writes those turns: the same account, line for
    // line, but the file's name.
    assert_eq!(
        stdout(&out).replace("reordered.ron", "NAME"),
        stdout(&original).replace(
            &record.file_name().unwrap().to_string_lossy().into_owned(),
            "NAME"
        )
    );
    assert!(
        stdout(&out).contains("   1. X: 24/18 13/10\n"),
        "{}",
        stdout(&out)
    );
    // Hops no order of the dice plays are still refused.
    let wrong = text.replacen(
        "(from: 24, to: 18), (from: 13, to: 10)",
        "(from: 13, to: 10), (from: 24, to: 20)",
        1,
    );
    std::fs::write(&file, &wrong).unwrap();
    let out = tabula(&["replay", "backgammon", &file.to_string_lossy()]);
    assert_eq!(out.status.code(), Some(1), "{}", stdout(&out));
    assert!(
        stderr(&out).contains("step 1: X moves 24/20 13/10, which is not a legal move here"),
        "{}",
        stderr(&out)
    );
}

#[test]
fn a_params_file_says_what_is_wrong_in_words_a_user_has() {
    let dir = common::temp_dir("hostile-params-file");
    let run = |name: &str, text: &str| {
        let file = dir.join(name);
        std::fs::write(&file, text).unwrap();
        tabula(&[
            "simulate",
            "chance-it",
            "--games",
            "2",
            "--params",
            &file.to_string_lossy(),
        ])
    };
    for (name, text, message) in [
        (
            "nan.ron",
            "(rounds: NaN)",
            "nan.ron:1:10: parameter rounds: NaN is not allowed: from 1 to 1000",
        ),
        (
            "inf.ron",
            "(rounds: inf)",
            "inf.ron:1:10: parameter rounds: inf is not allowed: from 1 to 1000",
        ),
        (
            "minus.ron",
            "(players: -inf)",
            "minus.ron:1:11: parameter players: -inf is not allowed: from 2 to 6",
        ),
        (
            "twice.ron",
            "(rounds: 5,\n rounds: 6)",
            "twice.ron:2:2: parameter rounds is given twice; give each parameter once",
        ),
    ] {
        let out = run(name, text);
        assert_eq!(out.status.code(), Some(1), "{name}: {}", stdout(&out));
        assert_eq!(
            stderr(&out),
            format!("error: {}/{message}\n", dir.display()),
            "{name}"
        );
    }
    let deep = format!("(rounds: {}{})", "[".repeat(300), "]".repeat(300));
    let out = run("deep.ron", &deep);
    assert_eq!(out.status.code(), Some(1));
    let err = stderr(&out);
    assert!(err.contains("deep.ron:1:"), "{err}");
    assert!(err.contains("nested too deeply"), "{err}");
    assert!(
        !err.contains("recursion_limit") && !err.contains("serde_stacker"),
        "{err}"
    );
    // `()` is the defaults, as the spec string `chance-it()` is.
    let out = run("empty.ron", "()");
    assert!(out.status.success(), "{}", stderr(&out));
    let spec = tabula(&["simulate", "chance-it()", "--games", "2"]);
    assert_eq!(stdout(&out), stdout(&spec));
}

#[test]
fn a_spec_string_and_the_options_beside_it_give_each_parameter_once() {
    let out = tabula(&["simulate", "chance-it(rounds=5,rounds=6)", "--games", "2"]);
    assert_eq!(out.status.code(), Some(2), "{}", stdout(&out));
    assert!(
        stderr(&out).starts_with(
            "error: chance-it(rounds=5,rounds=6): parameter rounds is given twice (rounds=5 and rounds=6); give each parameter once"
        ),
        "{}",
        stderr(&out)
    );
    for typed in [&["--rounds", "7"][..], &["--rounds=7"]] {
        let mut args = vec!["simulate", "chance-it(rounds=5)", "--games", "2"];
        args.extend_from_slice(typed);
        let out = tabula(&args);
        assert_eq!(out.status.code(), Some(2), "{typed:?}");
        assert!(
            stderr(&out).starts_with(
                "error: parameter rounds is given twice: rounds=5 in the game's spec string chance-it(rounds=5) and --rounds 7 beside it; give it once, in the spec string or as the option"
            ),
            "{}",
            stderr(&out)
        );
        assert!(!stderr(&out).contains("cannot be used multiple times"));
    }
    // Another parameter beside it is taken.
    let out = tabula(&[
        "simulate",
        "chance-it(rounds=5)",
        "--dice",
        "3d6",
        "--games",
        "2",
        // No exact values beside (a solve of 3d6 takes seconds).
        "--max-states",
        "0",
    ]);
    assert!(out.status.success(), "{}", stderr(&out));
    assert!(
        stdout(&out).starts_with("chance-it(dice=3d6, rounds=5, players=2)"),
        "{}",
        stdout(&out)
    );
}

#[test]
fn a_board_file_with_a_byte_order_mark_is_read() {
    let dir = common::temp_dir("hostile-bom");
    let teaching = concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/games/snakes/boards/teaching.ron"
    );
    let mut text = "\u{feff}".to_string();
    text.push_str(&std::fs::read_to_string(teaching).unwrap());
    let file = dir.join("bom.ron");
    std::fs::write(&file, text).unwrap();
    let out = tabula(&["analyze", "snakes", &file.to_string_lossy()]);
    assert!(out.status.success(), "{}", stderr(&out));
    assert_eq!(
        stdout(&out).replace(&file.to_string_lossy().into_owned(), "FILE"),
        stdout(&tabula(&["analyze", "snakes", teaching])).replace(teaching, "FILE")
    );
}

/// The book's triangle course, with `edit` applied: its path in `dir`.
fn course(dir: &std::path::Path, name: &str, edit: impl Fn(&str) -> String) -> String {
    let text = std::fs::read_to_string(concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/book/src/cruising-triangle.ron"
    ))
    .unwrap();
    let edited = edit(&text);
    assert_ne!(edited, text, "{name}: the edit applies");
    let file = dir.join(name);
    std::fs::write(&file, edited).unwrap();
    file.to_string_lossy().into_owned()
}

#[test]
fn a_course_with_a_control_character_or_an_absurd_number_is_refused() {
    let dir = common::temp_dir("hostile-course");
    for (name, from, to, message) in [
        (
            "esc.ron",
            "name: \"triangle\"",
            "name: \"tri\\u{1b}[31mangle\"",
            "esc.ron:5:11: the course name contains a control character (\\u{1b}, character 4 of the name); names are printed and drawn, so use printable characters only",
        ),
        (
            "wind.ron",
            "from: 0.0, shift",
            "from: 1e300, shift",
            "wind.ron:15:31: the wind's direction must be -360 to 360 degrees, not 1e300",
        ),
        (
            "mark.ron",
            "(x: 1200.0, y: 700.0)",
            "(x: 1e300, y: 700.0)",
            "mark.ron:9:9: a mark must be within 1000000 m of the origin along each axis (x and y from -1000000 to 1000000), not (1e300, 700)",
        ),
        (
            "start.ron",
            "start: (x: 0.0, y: 0.0)",
            "start: (x: 0.0, y: -2e6)",
            "the start must be within 1000000 m",
        ),
        (
            "tolerance.ron",
            "tolerance: 50.0",
            "tolerance: 1e300",
            "tolerance.ron:12:16: the tolerance must be at most 1000000 m, not 1e300",
        ),
        (
            "period.ron",
            "period: 300.0",
            "period: 1e300",
            "the wind's period must be at most 86400 seconds (a day), not 1e300",
        ),
        (
            "turn.ron",
            "turn_rate: 20.0",
            "turn_rate: 1e300",
            "the turn rate must be at most 360 degrees a second, not 1e300",
        ),
        (
            "inertia.ron",
            "inertia: 8.0",
            "inertia: 1e300",
            "the inertia must be at most 3600 seconds, not 1e300",
        ),
        (
            "trim.ron",
            "trim_width: 40.0",
            "trim_width: 1e300",
            "the trim width must be at most 180 degrees, not 1e300",
        ),
    ] {
        let file = course(&dir, name, |t| t.replace(from, to));
        let out = tabula(&[
            "race",
            "cruising",
            "--untimed",
            "--agents",
            "cooper",
            "--course",
            &file,
        ]);
        assert_eq!(out.status.code(), Some(1), "{name}: {}", stdout(&out));
        assert!(stderr(&out).contains(message), "{name}: {}", stderr(&out));
        assert!(!stdout(&out).contains('\u{1b}'), "{name}");
    }
}

#[test]
fn a_scenario_beside_a_course_file_is_refused() {
    let dir = common::temp_dir("hostile-scenario-course");
    let file = course(&dir, "c.ron", |t| {
        t.replace("time_limit: 3000.0", "time_limit: 600.0")
    });
    let message = "cruising: scenario 3 and a course file both name the race: give one (a course file's race is its own; leave the scenario out with it)";
    let out = tabula(&[
        "simulate",
        "cruising",
        "--scenario",
        "3",
        "--course",
        &file,
        "--games",
        "1",
    ]);
    assert_eq!(out.status.code(), Some(1), "{}", stdout(&out));
    assert!(stderr(&out).contains(message), "{}", stderr(&out));
    // A record of a race on a course, its scenario edited: refused.
    let records = dir.join("records");
    let out = tabula(&[
        "play",
        "cruising",
        "--course",
        &file,
        "--agents",
        "cooper",
        "--record",
        &records.to_string_lossy(),
    ]);
    assert!(out.status.success(), "{}", stderr(&out));
    let record = records.join("cruising-2002.ron");
    let text = std::fs::read_to_string(&record).unwrap();
    assert!(
        tabula(&["replay", "cruising", &record.to_string_lossy()])
            .status
            .success()
    );
    let edited = text.replacen("scenario: 1,", "scenario: 99,", 1);
    assert_ne!(edited, text);
    std::fs::write(&record, edited).unwrap();
    let out = tabula(&["replay", "cruising", &record.to_string_lossy()]);
    assert_eq!(out.status.code(), Some(1), "{}", stdout(&out));
    assert!(
        stderr(&out).contains("scenario 99 and a course file both name the race"),
        "{}",
        stderr(&out)
    );
}
