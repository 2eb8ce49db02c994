//! The test game driven through a real `tabula` process: the binary
//! `tabula-with-test-game` is the whole `tabula` command with coin race
//! linked in beside the four shipped games. Every test runs it as a child
//! process and reads its exit status, standard output and standard error.

use std::path::PathBuf;
use std::process::{Command, Output};

use serde_json::Value;

const TABULA: &str = env!("CARGO_BIN_EXE_tabula-with-test-game");

/// The games that ship with tabula.
const SHIPPED: [&str; 5] = ["chance-it", "monopoly", "noline", "seega", "snakes"];

fn tabula(args: &[&str]) -> Output {
    Command::new(TABULA)
        .args(args)
        .output()
        .expect("tabula-with-test-game runs")
}

fn stdout(out: &Output) -> String {
    String::from_utf8_lossy(&out.stdout).into_owned()
}

fn stderr(out: &Output) -> String {
    String::from_utf8_lossy(&out.stderr).into_owned()
}

/// Runs a command that must succeed and returns its standard output.
fn ok(args: &[&str]) -> String {
    let out = tabula(args);
    assert!(
        out.status.success(),
        "tabula {args:?} failed ({:?}): {}",
        out.status.code(),
        stderr(&out)
    );
    stdout(&out)
}

fn json(args: &[&str]) -> Value {
    let text = ok(args);
    serde_json::from_str(&text).unwrap_or_else(|e| panic!("tabula {args:?}: {e}\n{text}"))
}

/// Runs a command that must fail with `code`; returns (stdout, stderr).
fn fails(args: &[&str], code: i32) -> (String, String) {
    let out = tabula(args);
    assert_eq!(
        out.status.code(),
        Some(code),
        "tabula {args:?}: stdout {}\nstderr {}",
        stdout(&out),
        stderr(&out)
    );
    (stdout(&out), stderr(&out))
}

/// A fresh scratch directory for one test.
fn scratch(test: &str) -> PathBuf {
    let dir = PathBuf::from(env!("CARGO_TARGET_TMPDIR")).join(format!("test-game-{test}"));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).expect("scratch directory");
    dir
}

fn f64_of(v: &Value) -> f64 {
    v.as_f64().unwrap_or_else(|| panic!("not a number: {v}"))
}

/// The closed form, independent of the game's code: one token needs `T`
/// flips, and after `k` flips with `h` heads it stands on `k + h`, so
/// `P(T <= k) = P(k + Binomial(k, 1/2) >= n)`. With two independent tokens
/// flipping in turn, player 1 wins on its `k`-th flip if `T1 = k` and
/// `T2 >= k` (game of `2k - 1` flips), player 2 if `T2 = k` and `T1 > k`
/// (`2k` flips). Returns (each player's win probability, mean flips).
fn closed_form(n: u32, players: u32) -> (Vec<f64>, f64) {
    let n = n as usize;
    // cdf[k] = P(T <= k); row[h] = P(h heads in k flips), built by Pascal's
    // rule (exact in f64: dyadic fractions).
    let mut cdf = vec![0.0];
    let mut row = vec![1.0];
    for k in 1..=n {
        let mut next = vec![0.0; k + 1];
        for (h, &p) in row.iter().enumerate() {
            next[h] += p / 2.0;
            next[h + 1] += p / 2.0;
        }
        row = next;
        cdf.push(row.iter().skip(n.saturating_sub(k)).sum());
    }
    let pmf = |k: usize| cdf[k] - cdf[k - 1];
    let survive = |k: usize| 1.0 - cdf[k];
    match players {
        1 => (vec![1.0], (1..=n).map(|k| k as f64 * pmf(k)).sum()),
        _ => {
            let first: f64 = (1..=n).map(|k| pmf(k) * survive(k - 1)).sum();
            let mean = (1..=n)
                .map(|k| {
                    let k2 = k as f64 * 2.0;
                    pmf(k) * (survive(k - 1) * (k2 - 1.0) + survive(k) * k2)
                })
                .sum();
            (vec![first, 1.0 - first], mean)
        }
    }
}

#[test]
fn the_closed_form_matches_fractions_worked_out_by_hand() {
    // Square 2, two players: player 1 wins at once on heads (1/2); on
    // tails player 2 wins on heads (1/4), else player 1 finishes (1/4).
    let (wins, mean) = closed_form(2, 2);
    assert_eq!(wins, [0.75, 0.25]);
    assert_eq!(mean, 0.5 * 1.0 + 0.25 * 2.0 + 0.25 * 3.0);
    // Square 10: 173147/262144 and 3193679/262144 (Python's fractions).
    let (wins, mean) = closed_form(10, 2);
    assert_eq!(wins[0], 173_147.0 / 262_144.0);
    assert_eq!(mean, 3_193_679.0 / 262_144.0);
}

#[test]
fn list_shows_the_test_game_with_its_commands_and_plugin_beside_the_shipped_games() {
    let text = ok(&["list"]);
    let at = text
        .find("  coin-race    coin race, the test suite's own game")
        .unwrap_or_else(|| panic!("coin-race is not listed:\n{text}"));
    assert!(
        text[at..].starts_with(
            "  coin-race    coin race, the test suite's own game: flip a coin, move one or two squares, first to the end wins\n\
             \x20   commands: simulate, analyze, tournament, play, replay\n\
             \x20   agents\n\
             \x20     finisher       dashes when the finish is exactly three squares away, flips otherwise\n\
             \x20     flip           always flips\n\
             \x20     optimal        two players: wins as often as possible against best play, solved exactly by the framework\n\
             \x20   coins\n\
             \x20     fair           a fair coin: heads moves two squares, tails one\n"
        ),
        "{text}"
    );
    for game in SHIPPED {
        assert!(
            text.contains(&format!("\n  {game:<12} ")),
            "{game}:\n{text}"
        );
    }
}

#[test]
fn list_json_has_the_test_game_with_its_commands_and_plugin_beside_the_shipped_games() {
    let v = json(&["list", "--format", "json"]);
    let games = v["games"].as_array().expect("games");
    let names: Vec<&str> = games.iter().filter_map(|g| g["name"].as_str()).collect();
    assert_eq!(
        names,
        [
            "chance-it",
            "coin-race",
            "dice-race",
            "monopoly",
            "noline",
            "seega",
            "snakes"
        ]
    );
    let coin = &games[1];
    assert_eq!(
        coin["commands"],
        serde_json::json!(["simulate", "analyze", "tournament", "play", "replay"])
    );
    assert_eq!(
        coin["plugins"],
        serde_json::json!([
            {
                "kind": "agent",
                "name": "finisher",
                "summary": "dashes when the finish is exactly three squares away, flips otherwise",
            },
            {
                "kind": "agent",
                "name": "flip",
                "summary": "always flips",
            },
            {
                "kind": "agent",
                "name": "optimal",
                "summary": "two players: wins as often as possible against best play, solved exactly by the framework",
            },
            {
                "kind": "coin",
                "name": "fair",
                "summary": "a fair coin: heads moves two squares, tails one",
            }
        ])
    );
}

#[test]
fn every_listed_command_reaches_the_command_line() {
    let v = json(&["list", "--format", "json"]);
    let mut checked = 0;
    for game in v["games"].as_array().expect("games") {
        let name = game["name"].as_str().expect("name");
        for verb in game["commands"].as_array().expect("commands") {
            let verb = verb.as_str().expect("verb");
            let help = ok(&[verb, name, "--help"]);
            assert!(
                help.contains(&format!("Usage: tabula-with-test-game {verb} {name}")),
                "{verb} {name}:\n{help}"
            );
            checked += 1;
        }
    }
    // Today: chance-it 3, coin-race 5, noline 2, seega 3, snakes 2.
    assert!(checked >= 15, "only {checked} commands listed");
}

#[test]
fn simulate_text_is_pinned_for_a_fixed_seed_whatever_the_threads() {
    let args = ["simulate", "coin-race", "--games", "10000", "--seed", "7"];
    let text = ok(&args);
    assert_eq!(
        text,
        "Coin race to square 10, 2 player(s): 10,000 games, seed 7\n\
         \x20 flips per game: mean 12.1841 (standard error 0.0136; exact 12.1829), min 9, max 17, mode 11, median 12\n\
         \x20 player 1: 6,637 wins (66.37%; exact 66.05%)\n\
         \x20 player 2: 3,363 wins (33.63%; exact 33.95%)\n"
    );
    for threads in ["1", "3"] {
        assert_eq!(ok(&[&args[..], &["--threads", threads]].concat()), text);
    }
}

#[test]
fn simulate_json_is_within_four_standard_errors_of_the_exact_values() {
    for (squares, players) in [("10", "2"), ("7", "1"), ("25", "2")] {
        let v = json(&[
            "simulate",
            "coin-race",
            "--squares",
            squares,
            "--players",
            players,
            "--games",
            "100000",
            "--seed",
            "11",
            "--format",
            "json",
        ]);
        assert_eq!(v["game"], "coin-race");
        assert_eq!(v["games"], 100_000);
        assert_eq!(v["seed"], 11);
        let (wins, mean) = closed_form(squares.parse().unwrap(), players.parse().unwrap());
        let sampled = f64_of(&v["mean_flips"]);
        let se = f64_of(&v["std_error"]);
        assert!(se > 0.0);
        assert!(
            (sampled - mean).abs() < 4.0 * se,
            "square {squares}, {players} player(s): sampled {sampled} ± {se}, exact {mean}"
        );
        let games = 100_000.0;
        let won = v["wins"].as_array().expect("wins");
        assert_eq!(won.len(), wins.len());
        for (w, p) in won.iter().zip(&wins) {
            let share = f64_of(w) / games;
            let se = (p * (1.0 - p) / games).sqrt();
            assert!((share - p).abs() <= 4.0 * se, "share {share}, exact {p}");
        }
        // The report's own exact figure is the closed form too.
        assert!((f64_of(&v["exact"]["mean_flips"]) - mean).abs() < 1e-12);
        // The histogram counts every game.
        let counted: u64 = v["histogram"]
            .as_array()
            .expect("histogram")
            .iter()
            .map(|pair| pair[1].as_u64().expect("count"))
            .sum();
        assert_eq!(counted, 100_000);
    }
}

#[test]
fn analyze_equals_the_closed_form() {
    for squares in [1u32, 2, 3, 10, 25, 60] {
        for players in [1u32, 2] {
            let v = json(&[
                "analyze",
                "coin-race",
                "--squares",
                &squares.to_string(),
                "--players",
                &players.to_string(),
                "--format",
                "json",
            ]);
            assert_eq!(v["game"], "coin-race");
            let (wins, mean) = closed_form(squares, players);
            let got = f64_of(&v["mean_flips"]);
            assert!(
                (got - mean).abs() < 1e-12,
                "square {squares}, {players} player(s): {got} against {mean}"
            );
            let exact: Vec<f64> = v["win_probability"]
                .as_array()
                .expect("win_probability")
                .iter()
                .map(f64_of)
                .collect();
            assert_eq!(exact.len(), wins.len());
            for (a, b) in exact.iter().zip(&wins) {
                assert!((a - b).abs() < 1e-12, "{a} against {b}");
            }
            let pmf: f64 = v["pmf"].as_array().expect("pmf").iter().map(f64_of).sum();
            assert!((pmf - 1.0).abs() < 1e-12);
        }
    }
}

#[test]
fn analyze_text_is_pinned() {
    assert_eq!(
        ok(&["analyze", "coin-race"]),
        "Coin race to square 10, 2 player(s), solved exactly (119 states, 198 transitions):\n\
         \x20 player 1 wins with probability 0.660503387451\n\
         \x20 player 2 wins with probability 0.339496612549\n\
         \x20 flips per game: mean 12.182918548584, variance 1.872664919574, min 9, mode 11, median 12\n"
    );
}

#[test]
fn plot_writes_svg_pictures() {
    let dir = scratch("plot").join("new");
    let dir_arg = dir.to_str().expect("utf-8 path");
    let out = tabula(&[
        "simulate",
        "coin-race",
        "--games",
        "2000",
        "--plot",
        dir_arg,
    ]);
    assert!(out.status.success(), "{}", stderr(&out));
    assert!(stdout(&out).starts_with("Coin race to square 10, 2 player(s): 2,000 games"));
    for name in ["flips.svg", "wins.svg"] {
        let svg = std::fs::read_to_string(dir.join(name)).unwrap_or_else(|e| panic!("{name}: {e}"));
        assert!(
            svg.starts_with("<svg"),
            "{name}: {}",
            &svg[..svg.len().min(80)]
        );
        assert!(svg.trim_end().ends_with("</svg>"), "{name}");
    }
    assert!(stderr(&out).starts_with("pictures: "), "{}", stderr(&out));
}

#[test]
fn report_writes_an_html_page_with_the_title_and_pictures() {
    let file = scratch("report").join("coin.html");
    let file_arg = file.to_str().expect("utf-8 path");
    ok(&[
        "simulate",
        "coin-race",
        "--games",
        "2000",
        "--report",
        file_arg,
    ]);
    let html = std::fs::read_to_string(&file).expect("the report is written");
    assert!(
        html.contains("coin race to square 10: 2,000 games"),
        "{html}"
    );
    assert!(html.contains("Coin race to square 10, 2 player(s): 2,000 games, seed 2002"));
    assert_eq!(html.matches("<svg").count(), 2);
}

#[test]
fn json_goes_with_plot_and_report() {
    let dir = scratch("json-plot");
    let file = dir.join("page.html");
    let pictures = dir.join("pictures");
    let v = json(&[
        "simulate",
        "coin-race",
        "--games",
        "500",
        "--format",
        "json",
        "--plot",
        pictures.to_str().expect("utf-8 path"),
        "--report",
        file.to_str().expect("utf-8 path"),
    ]);
    assert_eq!(v["games"], 500);
    assert!(pictures.join("flips.svg").is_file());
    assert!(file.is_file());
}

#[test]
fn analyze_has_json_but_no_pictures() {
    let v = json(&["analyze", "coin-race", "--squares", "4", "--format", "json"]);
    assert_eq!(v["squares"], 4);
    let (_, err) = fails(&["analyze", "coin-race", "--plot", "x"], 2);
    assert!(err.contains("unexpected argument '--plot'"), "{err}");
}

#[test]
fn an_unknown_game_is_a_usage_error() {
    let (out, err) = fails(&["simulate", "nosuchgame"], 2);
    assert!(out.is_empty());
    assert!(
        err.starts_with(
            "error: unknown game \"nosuchgame\"; the games with `simulate`: coin-race, dice-race, monopoly, snakes"
        ),
        "{err}"
    );
    assert!(
        err.contains("Usage: tabula-with-test-game simulate"),
        "{err}"
    );
    // A near miss is answered with the game's name.
    let (_, err) = fails(&["simulate", "coin-rac"], 2);
    assert!(
        err.lines()
            .any(|l| l.trim_start().starts_with("tip: ") && l.contains("'coin-race'")),
        "{err}"
    );
    // A game without that command is unknown to the verb.
    let (_, err) = fails(&["simulate", "seega"], 2);
    assert!(
        err.contains(
            "game \"seega\" has no `simulate` command; the games with `simulate`: coin-race, dice-race, monopoly, snakes"
        ),
        "{err}"
    );
}

/// An unknown game is answered with every game that offers the verb, and
/// the usage line says `<GAME>` where a game is expected.
#[test]
fn an_unknown_game_is_answered_with_the_valid_games() {
    let (_, err) = fails(&["simulate", "nosuchgame"], 2);
    for game in ["coin-race", "snakes"] {
        assert!(err.contains(game), "{game} is not named:\n{err}");
    }
    assert!(err.contains("simulate <GAME>"), "{err}");
}

#[test]
fn an_unknown_command_is_a_usage_error() {
    let (out, err) = fails(&["nosuchverb"], 2);
    assert!(out.is_empty());
    assert!(
        err.starts_with("error: unknown command \"nosuchverb\"; the commands are: list, simulate,"),
        "{err}"
    );
}

#[test]
fn a_verb_without_a_game_shows_the_usage_and_the_games() {
    for verb in ["analyze", "simulate"] {
        let (out, err) = fails(&[verb], 2);
        assert!(out.is_empty());
        assert!(
            err.contains(&format!("Usage: tabula-with-test-game {verb} <GAME>")),
            "{err}"
        );
        assert!(err.contains("\n  coin-race  coin race: "), "{err}");
        assert!(err.contains("\n  snakes     "), "{err}");
    }
}

#[test]
fn a_bad_flag_value_is_a_usage_error() {
    for (flag, value) in [
        ("--squares", "0"),
        ("--squares", "201"),
        ("--players", "3"),
        ("--games", "many"),
    ] {
        let (out, err) = fails(&["simulate", "coin-race", flag, value], 2);
        assert!(out.is_empty());
        assert!(
            err.starts_with(&format!("error: invalid value '{value}' for '{flag} <")),
            "{err}"
        );
    }
}

#[test]
fn plot_into_a_file_fails_before_the_run_with_a_clear_message() {
    let file = scratch("plot-file").join("taken");
    std::fs::write(&file, "not a directory").expect("write");
    let path = file.to_str().expect("utf-8 path");
    let (out, err) = fails(&["simulate", "coin-race", "--plot", path], 1);
    assert_eq!(out, "", "nothing on stdout");
    assert_eq!(
        err,
        format!("error: --plot {path}: {path} is a file, not a directory\n")
    );
    assert_eq!(
        std::fs::read_to_string(&file).expect("read"),
        "not a directory"
    );
}

/// Runs a command with `input` on its standard input.
fn tabula_with_input(args: &[&str], input: &str) -> Output {
    use std::io::Write;
    let mut child = Command::new(TABULA)
        .args(args)
        .stdin(std::process::Stdio::piped())
        .stdout(std::process::Stdio::piped())
        .stderr(std::process::Stdio::piped())
        .spawn()
        .expect("tabula-with-test-game runs");
    if let Some(mut stdin) = child.stdin.take() {
        // A game may end before it reads everything: a closed pipe is fine.
        let _ = stdin.write_all(input.as_bytes());
    }
    child.wait_with_output().expect("it ends")
}

fn path_str(p: &std::path::Path) -> &str {
    p.to_str().expect("a UTF-8 path")
}

#[test]
fn a_recorded_tournament_replays() {
    let dir = scratch("tournament");
    let records = dir.join("records");
    let v = json(&[
        "tournament",
        "coin-race",
        "--agents",
        "flip,finisher",
        "--games",
        "40",
        "--seed",
        "3",
        "--record",
        path_str(&records),
        "--format",
        "json",
    ]);
    assert_eq!(v["games_per_pairing"], 40);
    assert_eq!(v["seatings"], 2);
    let entrants = v["entrants"].as_array().expect("entrants");
    let games: Vec<u64> = entrants
        .iter()
        .map(|e| e["games"].as_u64().expect("games"))
        .collect();
    assert_eq!(games, [40, 40]);
    let wins: u64 = entrants
        .iter()
        .map(|e| e["wins"].as_u64().expect("wins"))
        .sum();
    assert_eq!(wins, 40, "a coin race has no draws");
    let mut files: Vec<PathBuf> = std::fs::read_dir(&records)
        .expect("the records exist")
        .map(|e| e.expect("an entry").path())
        .collect();
    files.sort();
    assert_eq!(files.len(), 40);
    assert!(
        files[0].ends_with("flip-vs-finisher-seed3-0000.ron"),
        "{files:?}"
    );
    for file in [&files[0], &files[39]] {
        let text = ok(&["replay", "coin-race", path_str(file)]);
        assert!(text.contains("   0. player 1: "), "{text}");
        assert!(text.contains(" wins.\nEvery step is legal.\n"), "{text}");
    }
    // The same tournament, on one thread, gives the same games.
    let again = dir.join("again");
    ok(&[
        "tournament",
        "coin-race",
        "--agents",
        "flip,finisher",
        "--games",
        "40",
        "--seed",
        "3",
        "--threads",
        "1",
        "--record",
        path_str(&again),
    ]);
    for file in &files {
        let name = file.file_name().expect("a name");
        assert_eq!(
            std::fs::read_to_string(file).expect("written"),
            std::fs::read_to_string(again.join(name)).expect("written"),
            "{name:?}"
        );
    }
}

/// A JSON record of one recorded tournament game, with its path.
fn json_record(test: &str) -> (PathBuf, Value) {
    let dir = scratch(test);
    let records = dir.join("records");
    ok(&[
        "tournament",
        "coin-race",
        "--agents",
        "flip,finisher",
        "--games",
        "2",
        "--record",
        path_str(&records),
        "--record-format",
        "json",
    ]);
    // Named after the pairing, the (default) seed and the game.
    let path = std::fs::read_dir(&records)
        .expect("the records")
        .map(|e| e.expect("an entry").path())
        .find(|p| {
            let name = p.file_name().and_then(|n| n.to_str()).unwrap_or("");
            name.starts_with("flip-vs-finisher-seed") && name.ends_with("-0001.json")
        })
        .expect("game 1's record");
    let text = std::fs::read_to_string(&path).expect("written");
    (dir, serde_json::from_str(&text).expect("JSON"))
}

#[test]
fn a_tampered_record_fails_at_the_step_it_names() {
    let (dir, mut record) = json_record("tampered");
    let steps = record["steps"].as_array_mut().expect("steps");
    // Give the third move to the wrong player.
    let (index, step) = steps
        .iter_mut()
        .enumerate()
        .filter(|(_, s)| s.get("Move").is_some())
        .nth(2)
        .expect("three moves");
    let seat = step["Move"]["seat"].as_u64().expect("a seat");
    step["Move"]["seat"] = Value::from(1 - seat);
    let path = dir.join("tampered.json");
    std::fs::write(&path, serde_json::to_string_pretty(&record).expect("JSON")).expect("writes");
    let (out, err) = fails(&["replay", "coin-race", path_str(&path)], 1);
    assert_eq!(
        err,
        format!(
            "error: {}: step {index}: player {} moves, but it is player {}'s turn\n",
            path.display(),
            2 - seat,
            seat + 1
        )
    );
    // The steps before it were shown, and the bad one.
    assert!(
        out.contains(&format!("{index:>4}. player {}: ", 2 - seat)),
        "{out}"
    );
    assert!(!out.contains(&format!("{:>4}. ", index + 1)), "{out}");
}

#[test]
fn a_truncated_record_names_the_file_position() {
    let (dir, record) = json_record("truncated");
    let text = serde_json::to_string_pretty(&record).expect("JSON");
    let path = dir.join("cut.json");
    std::fs::write(&path, &text[..text.len() / 2]).expect("writes");
    let (_, err) = fails(&["replay", "coin-race", path_str(&path)], 1);
    let rest = err
        .strip_prefix(&format!("error: {}:", path.display()))
        .unwrap_or_else(|| panic!("no file name: {err}"));
    let mut position = rest.split(':').take(2).map(|n| n.parse::<u32>());
    assert!(
        matches!(
            (position.next(), position.next()),
            (Some(Ok(_)), Some(Ok(_)))
        ),
        "no line:column: {err}"
    );
    assert!(!err.contains("panicked"), "{err}");
    // In RON too.
    let ron = dir.join("cut.ron");
    std::fs::write(
        &ron,
        "(\n    game: \"coin-race\",\n    parameters: (squares: 10,",
    )
    .expect("writes");
    let (_, err) = fails(&["replay", "coin-race", path_str(&ron)], 1);
    assert!(
        err.starts_with(&format!("error: {}:3:", ron.display())),
        "{err}"
    );
}

#[test]
fn a_record_of_another_game_is_refused() {
    let (dir, mut record) = json_record("other-game");
    record["game"] = Value::from("seega");
    let path = dir.join("seega.json");
    std::fs::write(&path, serde_json::to_string_pretty(&record).expect("JSON")).expect("writes");
    let (_, err) = fails(&["replay", "coin-race", path_str(&path)], 1);
    assert!(
        err.starts_with(&format!("error: {}:", path.display())),
        "{err}"
    );
    assert!(
        err.contains("this is a record of \"seega\", not of \"coin-race\""),
        "{err}"
    );
    // A missing file says so.
    let (_, err) = fails(&["replay", "coin-race", path_str(&dir.join("none.ron"))], 1);
    assert!(err.contains("cannot read"), "{err}");
}

#[test]
fn play_a_whole_game_from_piped_input_and_replay_its_record() {
    let dir = scratch("play");
    let input = "flip\n".repeat(20);
    let out = tabula_with_input(
        &[
            "play",
            "coin-race",
            "--seed",
            "5",
            "--record",
            path_str(&dir),
        ],
        &input,
    );
    let text = stdout(&out);
    assert!(out.status.success(), "{text}{}", stderr(&out));
    assert!(
        text.starts_with(
            "player 1: square 0 of 10\nplayer 2: square 0 of 10\nplayer 1, your move: "
        ),
        "{text}"
    );
    assert!(text.contains("player 2 (finisher) plays "), "{text}");
    assert!(text.contains(" wins.\nRecord written to "), "{text}");
    let record = dir.join("coin-race-5.ron");
    let replayed = ok(&["replay", "coin-race", path_str(&record)]);
    assert!(replayed.contains(": you against finisher;"), "{replayed}");
    assert!(replayed.ends_with("Every step is legal.\n"), "{replayed}");
    // The same seed and moves play the same game.
    let again = tabula_with_input(&["play", "coin-race", "--seed", "5"], &input);
    let again = stdout(&again);
    assert_eq!(again, text[..text.find("Record written").expect("written")]);
}

#[test]
fn play_asks_again_after_garbage() {
    let input = format!("jump\n\nhelp\ndash\n{}", "flip\n".repeat(20));
    let out = tabula_with_input(&["play", "coin-race", "--seed", "5"], &input);
    let text = stdout(&out);
    assert!(out.status.success(), "{text}{}", stderr(&out));
    assert!(
        text.contains("player 1, your move: \"jump\" is not a choice: type flip or dash (type help for the legal moves)\nplayer 1, your move: "),
        "{text}"
    );
    assert!(text.contains("Legal moves (2): flip, dash\n"), "{text}");
    assert!(text.contains(" wins.\n"), "{text}");
}

#[test]
fn play_stops_cleanly_at_the_end_of_input() {
    for input in ["", "flip\n", "quit\n"] {
        let out = tabula_with_input(&["play", "coin-race", "--seat", "2"], input);
        let text = stdout(&out);
        assert!(out.status.success(), "{input:?}: {text}{}", stderr(&out));
        assert!(text.ends_with("Game stopped.\n"), "{input:?}: {text}");
        assert!(stderr(&out).is_empty(), "{input:?}: {}", stderr(&out));
    }
    // An unknown agent: exit 1 before the game, naming the known ones.
    let out = tabula_with_input(&["play", "coin-race", "--agent", "nosuch"], "");
    assert_eq!(out.status.code(), Some(1));
    assert_eq!(
        stderr(&out),
        "error: unknown agent \"nosuch\"; known: finisher, flip, optimal\n"
    );
}

#[test]
fn tournament_text_and_bad_entrants() {
    let text = ok(&[
        "tournament",
        "coin-race",
        "--agents",
        "flip,finisher",
        "--games",
        "10",
        "--seed",
        "3",
    ]);
    assert!(
        text.starts_with(
            "Tournament: 2 entrants, 1 pairing(s) of 10 games (2 seatings), seed 3, ranked by points\n  rank  entrant "
        ),
        "{text}"
    );
    assert!(
        text.contains("\nPairings:\n  flip vs finisher: 10 games, 0 draws, 0 capped, "),
        "{text}"
    );
    let (_, err) = fails(&["tournament", "coin-race", "--agents", "flip,nosuch"], 1);
    assert_eq!(
        err,
        "error: unknown agent \"nosuch\"; known: finisher, flip, optimal\n"
    );
    let (_, err) = fails(&["tournament", "coin-race", "--agents", "flip"], 1);
    assert_eq!(
        err,
        "error: a tournament of a 2-seat game needs at least 2 entrants, got 1\n"
    );
    let (_, err) = fails(&["tournament", "coin-race", "--agents", "flip,flip"], 1);
    assert_eq!(err, "error: the entrant \"flip\" is named twice\n");
    // One player: every entrant races alone.
    let v = json(&[
        "tournament",
        "coin-race",
        "--players",
        "1",
        "--agents",
        "flip,finisher",
        "--games",
        "5",
        "--format",
        "json",
    ]);
    assert_eq!(v["pairings"].as_array().map(Vec::len), Some(2));
}

/// Seat 0's probability of winning the race to `n` with choices, by
/// value iteration over (square of seat 0, square of seat 1, seat to
/// flip), written here without the framework: `choose(seat, at, other, v)`
/// picks a seat's choice given the values `v` of (flip, dash).
fn race_with_choices(n: u32, choose: impl Fn(usize, u32, &[f64; 2]) -> usize) -> f64 {
    let n = n as usize;
    // value[a][b][turn]: seat 0 wins from here; a, b < n.
    let mut value = vec![[[0.0f64; 2]; 64]; 64];
    let get = |value: &Vec<[[f64; 2]; 64]>, a: usize, b: usize, turn: usize| -> f64 {
        if a >= n {
            1.0
        } else if b >= n {
            0.0
        } else {
            value[a][b][turn]
        }
    };
    for _ in 0..100_000 {
        let mut change = 0.0f64;
        for a in (0..n).rev() {
            for b in (0..n).rev() {
                for turn in 0..2 {
                    let mv = |d: usize| {
                        let (a2, b2) = if turn == 0 { (a + d, b) } else { (a, b + d) };
                        let finished = if turn == 0 { a2 >= n } else { b2 >= n };
                        get(&value, a2, b2, if finished { turn } else { 1 - turn })
                    };
                    let flip = 0.5 * mv(1) + 0.5 * mv(2);
                    let dash = 0.5 * mv(0) + 0.5 * mv(3);
                    let at = if turn == 0 { a } else { b };
                    let v = [flip, dash][choose(turn, (n - at) as u32, &[flip, dash])];
                    change = change.max((v - value[a][b][turn]).abs());
                    value[a][b][turn] = v;
                }
            }
        }
        if change < 1e-15 {
            break;
        }
    }
    value[0][0][0]
}

#[test]
fn analyze_with_agents_matches_an_independent_value_iteration() {
    let win = |args: &[&str]| f64_of(&json(args)["seats"][0]["win"]);
    // Always flipping is the race without choices.
    let plain = json(&["analyze", "coin-race", "--format", "json"]);
    let flips = win(&[
        "analyze",
        "coin-race",
        "--agents",
        "flip,flip",
        "--format",
        "json",
    ]);
    assert!((flips - f64_of(&plain["win_probability"][0])).abs() < 1e-12);
    // finisher (dash at exactly three to go) against flip, both ways.
    let finisher = |_: usize, left: u32, _: &[f64; 2]| usize::from(left == 3);
    let flip = |_: usize, _: u32, _: &[f64; 2]| 0;
    let expect = race_with_choices(10, |s, l, v| {
        if s == 0 {
            finisher(s, l, v)
        } else {
            flip(s, l, v)
        }
    });
    let got = win(&[
        "analyze",
        "coin-race",
        "--agents",
        "finisher,flip",
        "--format",
        "json",
    ]);
    assert!((got - expect).abs() < 1e-12, "{got} against {expect}");
    // Optimal against optimal: seat 0 maximises, seat 1 minimises.
    let best = |s: usize, _: u32, v: &[f64; 2]| {
        let dash = if s == 0 {
            v[1] > v[0] + 1e-12
        } else {
            v[1] < v[0] - 1e-12
        };
        usize::from(dash)
    };
    let expect = race_with_choices(10, best);
    let got = win(&[
        "analyze",
        "coin-race",
        "--agents",
        "optimal,optimal",
        "--format",
        "json",
    ]);
    assert!((got - expect).abs() < 1e-12, "{got} against {expect}");
}

#[test]
fn analyze_with_agents_refuses_clearly() {
    let (_, err) = fails(&["analyze", "coin-race", "--agents", "flip"], 1);
    assert!(
        err.contains("coin-race has 2 seats: give one agent per seat"),
        "{err}"
    );
    let (_, err) = fails(&["analyze", "coin-race", "--agents", "flip,nosuch"], 1);
    assert!(err.contains("unknown agent \"nosuch\""), "{err}");
    let (_, err) = fails(
        &[
            "analyze",
            "coin-race",
            "--agents",
            "flip,flip",
            "--max-states",
            "50",
        ],
        1,
    );
    assert!(
        err.contains(
            "reached the limit of 50 states (--max-states 50); raise it with --max-states"
        ),
        "{err}"
    );
}

/// `--exact` puts, beside each pair's sampled results, the chances the
/// framework solves from the agents' policies: each seating weighted by
/// its games, so they are the mean of `analyze --agents a,b` and
/// `--agents b,a`; the sampled shares lie within four standard errors.
#[test]
fn exact_chances_go_beside_a_tournaments_sampled_results() {
    let games = 20_000u64;
    let t = json(&[
        "tournament",
        "coin-race",
        "--agents",
        "flip,finisher,optimal",
        "--games",
        "20000",
        "--seed",
        "5",
        "--exact",
        "--format",
        "json",
    ]);
    let pairings = t["pairings"].as_array().expect("pairings");
    assert_eq!(pairings.len(), 3);
    for p in pairings {
        let a = p["entrants"][0]["name"].as_str().expect("a");
        let b = p["entrants"][1]["name"].as_str().expect("b");
        let seat = |x: &str, y: &str| {
            let r = json(&[
                "analyze",
                "coin-race",
                "--agents",
                &format!("{x},{y}"),
                "--format",
                "json",
            ]);
            (f64_of(&r["seats"][0]["win"]), f64_of(&r["seats"][1]["win"]))
        };
        let (ab_a, ab_b) = seat(a, b);
        let (ba_b, ba_a) = seat(b, a);
        for (e, want) in [
            (&p["entrants"][0], (ab_a + ba_a) / 2.0),
            (&p["entrants"][1], (ab_b + ba_b) / 2.0),
        ] {
            let exact = f64_of(&e["exact"]["win"]);
            assert!(
                (exact - want).abs() < 1e-12,
                "{a} vs {b}: {exact} != {want}"
            );
            let sampled = e["wins"].as_u64().expect("wins") as f64 / games as f64;
            let se = (exact * (1.0 - exact) / games as f64).sqrt();
            assert!(
                (sampled - exact).abs() < 4.0 * se + 1e-12,
                "{a} vs {b}: sampled {sampled}, exact {exact} (se {se})"
            );
        }
    }
    // The text shows them; without --exact there are none.
    let text = ok(&[
        "tournament",
        "coin-race",
        "--agents",
        "flip,finisher",
        "--games",
        "100",
        "--exact",
    ]);
    assert!(text.contains("exact: wins 0."), "{text}");
    let plain = json(&[
        "tournament",
        "coin-race",
        "--agents",
        "flip,finisher",
        "--games",
        "100",
        "--format",
        "json",
    ]);
    assert!(
        plain["pairings"][0]["entrants"][0].get("exact").is_none(),
        "{plain}"
    );
}

/// `--exact` with an agent that is not a fixed policy: the pairing says
/// why it has no exact chances, in the text and the JSON.
#[test]
fn a_pairing_that_cannot_be_solved_says_why() {
    let v = json(&[
        "tournament",
        "noline",
        "--agents",
        "random,type1",
        "--games",
        "4",
        "--exact",
        "--format",
        "json",
    ]);
    let why = v["standings"]["pairings"][0]["exact_unavailable"]
        .as_str()
        .expect("a reason");
    assert!(why.contains("\"type1\" is not a fixed policy"), "{why}");
    let text = ok(&[
        "tournament",
        "noline",
        "--agents",
        "random,type1",
        "--games",
        "4",
        "--exact",
    ]);
    assert!(
        text.contains("    no exact chances: agent \"type1\" is not a fixed policy"),
        "{text}"
    );
}

/// The tests of `tabula_test_game`.
mod exact {
    use std::collections::HashMap;

    use tabula_test_game::*;

    /// Win probability of player 0 and expected remaining flips from
    /// (distance left for the player to move, for the other), by a plain
    /// memoized recursion on the rules.
    fn recurse(a: i64, b: i64, memo: &mut HashMap<(i64, i64), (f64, f64)>) -> (f64, f64) {
        if let Some(&v) = memo.get(&(a, b)) {
            return v;
        }
        let mut win = 0.0;
        let mut flips = 1.0;
        for step in [1, 2] {
            let left = a - step;
            if left <= 0 {
                win += 0.5;
            } else {
                let (w, f) = recurse(b, left, memo);
                win += 0.5 * (1.0 - w);
                flips += 0.5 * f;
            }
        }
        memo.insert((a, b), (win, flips));
        (win, flips)
    }

    #[test]
    fn the_chain_agrees_with_a_recursion_on_the_rules() {
        for n in [1u32, 2, 3, 7, 10, 25] {
            let exact = solve(&CoinRace::new(n, 2).unwrap()).unwrap();
            let (win, flips) = recurse(i64::from(n), i64::from(n), &mut HashMap::new());
            assert!((exact.win_probability[0] - win).abs() < 1e-12, "n = {n}");
            assert!((exact.win_probability[1] - (1.0 - win)).abs() < 1e-12);
            assert!((exact.mean_flips - flips).abs() < 1e-12, "n = {n}");
        }
    }

    #[test]
    fn one_token_takes_the_closed_form_number_of_flips() {
        // e(d) = 1 + (e(d-1) + e(d-2)) / 2, e(0) = e(-1) = 0, solved:
        // e(d) = 2d/3 + 2/9 - (2/9)(-1/2)^d.
        for n in 1..=40u32 {
            let exact = solve(&CoinRace::new(n, 1).unwrap()).unwrap();
            let d = f64::from(n);
            let closed = 2.0 * d / 3.0 + 2.0 / 9.0 - 2.0 / 9.0 * (-0.5f64).powi(n as i32);
            assert!((exact.mean_flips - closed).abs() < 1e-12, "n = {n}");
        }
    }

    #[test]
    fn bad_setups_say_what_is_wrong() {
        assert_eq!(
            CoinRace::new(0, 2).unwrap_err().to_string(),
            "the finishing square must be 1 to 200, not 0"
        );
        assert_eq!(
            CoinRace::new(5, 3).unwrap_err().to_string(),
            "a coin race has 1 to 2 players, not 3"
        );
    }
}
