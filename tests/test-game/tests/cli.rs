//! Coin race driven through the generic verbs of a real `tabula` process:
//! the binary `tabula-with-test-game` is the whole `tabula` command with
//! the test games linked in beside the shipped ones. Every test runs it
//! as a child process and reads its exit status, standard output and
//! standard error. Without choices (`--choices false`) the race has a
//! closed form, checked against `analyze` exactly and against `simulate`
//! within the standard errors; with choices its agents are checked
//! against a value iteration written here.

use std::path::{Path, PathBuf};

use serde_json::Value;
use tabula::play::record::{self, Format, Recordable};

use crate::common::*;

/// The games that ship with tabula.
const SHIPPED: [&str; 5] = ["chance-it", "monopoly", "noline", "seega", "snakes"];

/// The default race's spec, as every report names it.
const RACE: &str = "coin-race(squares=10, players=2, choices=true)";

/// One agent per seat, each flipping: for the race without choices,
/// where nobody decides, any agents would do.
fn flippers(players: u32) -> &'static str {
    if players == 1 { "flip" } else { "flip,flip" }
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
fn list_shows_the_test_game_with_its_parameters_and_agents_beside_the_shipped_games() {
    let text = ok(&w("list"));
    let at = text
        .find("  coin-race    coin race, the test suite's own game")
        .unwrap_or_else(|| panic!("coin-race is not listed:\n{text}"));
    assert!(
        text[at..].starts_with(
            "  coin-race    coin race, the test suite's own game: flip a coin, move one or two squares, first to the end wins\n\
             \x20   commands: simulate, analyze, tournament, play, replay, playthrough\n\
             \x20   parameters\n\
             \x20     squares=10 (from 1 to 200): the finishing square: a token that reaches it (or passes it) wins\n\
             \x20     players=2 (from 1 to 2): players, one token each, flipping in turn\n\
             \x20     choices=true (true or false): whether players choose before each flip: flip (heads two squares, tails one) or dash (heads three, tails none)\n\
             \x20   agents\n\
             \x20     finisher       dashes when the finish is exactly three squares away, flips otherwise\n\
             \x20     flip           always flips\n\
             \x20     optimal        two players: wins as often as possible against best play, solved exactly by the framework\n"
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
fn list_json_has_the_test_game_with_its_parameters_and_agents_beside_the_shipped_games() {
    let v = json(&w("list --format json"));
    let games = v["games"].as_array().expect("games");
    let names: Vec<&str> = games.iter().filter_map(|g| g["name"].as_str()).collect();
    assert_eq!(
        names,
        [
            "backgammon",
            "chance-it",
            "coin-race",
            "cruising",
            "dice-race",
            "hold-out",
            "monopoly",
            "noline",
            "pig",
            "seega",
            "snakes"
        ]
    );
    let coin = &games[2];
    assert_eq!(
        coin["commands"],
        serde_json::json!([
            "simulate",
            "analyze",
            "tournament",
            "play",
            "replay",
            "playthrough"
        ])
    );
    let parameters: Vec<(&str, &str, &str)> = coin["parameters"]
        .as_array()
        .expect("parameters")
        .iter()
        .map(|p| {
            let s = |k: &str| p[k].as_str().expect("a string");
            (s("name"), s("default"), s("allowed"))
        })
        .collect();
    assert_eq!(
        parameters,
        [
            ("squares", "10", "from 1 to 200"),
            ("players", "2", "from 1 to 2"),
            ("choices", "true", "true or false")
        ]
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
            }
        ])
    );
}

#[test]
fn every_listed_command_reaches_the_command_line() {
    let v = json(&w("list --format json"));
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
    // Today: chance-it 3, coin-race 5, dice-race 4, monopoly 2, noline 2,
    // seega 3, snakes 2.
    assert!(checked >= 21, "only {checked} commands listed");
}

/// The generic `simulate` samples the race without choices exactly as the
/// hand-written command it replaced did (6,637 wins for player 1, mean
/// 12.1841 flips), and the numbers do not depend on the threads.
#[test]
fn simulate_text_is_pinned_for_a_fixed_seed_whatever_the_threads() {
    let args = w("simulate coin-race --choices false --games 10000 --seed 7");
    let text = ok(&args);
    assert_eq!(
        text,
        "coin-race(squares=10, players=2, choices=false): 10,000 games of flip against finisher, seed 7\n\
         \x20 seat  agent                        wins     ties           mean score          mean rank  exact win\n\
         \x20 1     flip              0.6637 ± 0.0047        0      0.6637 ± 0.0047    1.3363 ± 0.0047     0.6605\n\
         \x20 2     finisher          0.3363 ± 0.0047        0      0.3363 ± 0.0047    1.6637 ± 0.0047     0.3395\n\
         \x20 steps per game: min 9, mean 12.184 ± 0.014, median 12, mode 11, max 17\n\
         \x20 chance outcomes per game: min 9, mean 12.184 ± 0.014, median 12, mode 11, max 17\n\
         \x20 exact mean steps per game: 12.182919\n"
    );
    for threads in ["1", "3"] {
        assert_eq!(ok(&[&args[..], &["--threads", threads]].concat()), text);
    }
    // With choices, the agents decide: pinned too, on any threads.
    let args = w("simulate coin-race --games 10000 --seed 7");
    let text = ok(&args);
    assert_eq!(
        text,
        format!(
            "{RACE}: 10,000 games of flip against finisher, seed 7\n\
             \x20 seat  agent                        wins     ties           mean score          mean rank  exact win\n\
             \x20 1     flip              0.5624 ± 0.0050        0      0.5624 ± 0.0050    1.4376 ± 0.0050     0.5531\n\
             \x20 2     finisher          0.4376 ± 0.0050        0      0.4376 ± 0.0050    1.5624 ± 0.0050     0.4469\n\
             \x20 steps per game: min 18, mean 23.693 ± 0.029, median 24, mode 22, max 36\n\
             \x20 chance outcomes per game: min 9, mean 11.846 ± 0.014, median 12, mode 11, max 18\n\
             \x20 moves per game: min 9, mean 11.846 ± 0.014, median 12, mode 11, max 18\n\
             \x20 exact mean steps per game: 23.679451\n"
        )
    );
    assert_eq!(ok(&[&args[..], &["--threads", "1"]].concat()), text);
}

#[test]
#[ignore = "slow: simulates enough games for a tight tolerance; .ci/run runs it"]
fn simulate_json_is_within_four_standard_errors_of_the_exact_values() {
    for (squares, players) in [(10, 2), (7, 1), (25, 2)] {
        let (s, p) = (squares, players);
        let v = json(&w(&format!(
            "simulate coin-race --squares {s} --players {p} --choices false --agents {} --games 100000 --seed 11 --format json",
            flippers(players)
        )));
        assert_eq!(v["game"], "coin-race");
        assert_eq!(
            v["spec"],
            format!("coin-race(squares={s}, players={p}, choices=false)")
        );
        assert_eq!(v["parameters"]["squares"], squares);
        assert_eq!(v["games"], 100_000);
        assert_eq!(v["seed"], 11);
        assert_eq!(
            (v["finished"].as_u64(), v["capped"].as_u64()),
            (Some(100_000), Some(0))
        );
        let (wins, mean) = closed_form(squares, players);
        // Without choices every step is a flip.
        let steps = &v["steps"];
        assert_eq!(steps, &v["chance_steps"]);
        assert!(v["moves"].is_null(), "{}", v["moves"]);
        let sampled = num(&steps["mean"]);
        let se = num(&steps["std_error"]);
        assert!(se > 0.0);
        assert!(
            (sampled - mean).abs() < 4.0 * se,
            "square {squares}, {players} player(s): sampled {sampled} ± {se}, exact {mean}"
        );
        let games = 100_000.0;
        let seats = v["seats"].as_array().expect("seats");
        assert_eq!(seats.len(), wins.len());
        for (seat, p) in seats.iter().zip(&wins) {
            let share = num(&seat["wins"]) / games;
            assert_eq!(share, num(&seat["win_share"]));
            let se = (p * (1.0 - p) / games).sqrt();
            assert!((share - p).abs() <= 4.0 * se, "share {share}, exact {p}");
            // The report's own exact figures are the closed form too.
            assert!((num(&seat["exact_win"]) - p).abs() < 1e-12);
        }
        assert!((num(&v["exact_mean_steps"]) - mean).abs() < 1e-12);
        // The histogram counts every game.
        let counted: u64 = steps["histogram"]
            .as_object()
            .expect("histogram")
            .values()
            .map(|n| n.as_u64().expect("count"))
            .sum();
        assert_eq!(counted, 100_000);
    }
    // With choices and flipping agents: one choice before each flip, and
    // the flips and wins of the race without choices.
    let v = json(&w(
        "simulate coin-race --agents flip,flip --games 100000 --seed 11 --format json",
    ));
    let (wins, mean) = closed_form(10, 2);
    assert_eq!(v["moves"], v["chance_steps"]);
    let flips = &v["chance_steps"];
    let (sampled, se) = (num(&flips["mean"]), num(&flips["std_error"]));
    assert!(
        (sampled - mean).abs() < 4.0 * se,
        "{sampled} ± {se}, exact {mean}"
    );
    assert!((num(&v["exact_mean_steps"]) - 2.0 * mean).abs() < 1e-12);
    for (seat, p) in v["seats"].as_array().expect("seats").iter().zip(&wins) {
        assert!((num(&seat["exact_win"]) - p).abs() < 1e-12);
        let se = num(&seat["win_share_std_error"]);
        assert!((num(&seat["win_share"]) - p).abs() < 4.0 * se);
    }
}

#[test]
fn analyze_equals_the_closed_form() {
    for squares in [1u32, 2, 3, 10, 25, 60] {
        for players in [1u32, 2] {
            let v = json(&w(&format!(
                "analyze coin-race --squares {squares} --players {players} --choices false --agents {} --format json",
                flippers(players)
            )));
            assert_eq!(v["game"], "coin-race");
            assert_eq!(v["parameters"]["players"], players);
            let (wins, mean) = closed_form(squares, players);
            let got = num(&v["mean_steps"]);
            assert!(
                (got - mean).abs() < 1e-12,
                "square {squares}, {players} player(s): {got} against {mean}"
            );
            let exact: Vec<f64> = v["seats"]
                .as_array()
                .expect("seats")
                .iter()
                .map(|s| num(&s["win"]))
                .collect();
            assert_eq!(exact.len(), wins.len());
            for (a, b) in exact.iter().zip(&wins) {
                assert!((a - b).abs() < 1e-12, "{a} against {b}");
            }
            let pmf: f64 = v["steps_pmf"]
                .as_array()
                .expect("steps_pmf")
                .iter()
                .map(num)
                .sum();
            assert!((pmf - 1.0).abs() < 1e-12);
        }
    }
}

#[test]
fn analyze_text_is_pinned() {
    assert_eq!(
        ok(&w("analyze coin-race --choices false")),
        "coin-race(squares=10, players=2, choices=false) with flip, finisher in the seats, solved exactly (119 states, 198 transitions):\n\
         \x20 steps per game (chance outcomes and moves): mean 12.182919, sd 1.368453, min 9, mode 11, median 12\n\
         \x20 seat   agent                      wins       ties   mean score     rank\n\
         \x20 1      flip                   0.660503   0.000000     0.660503   1.3395\n\
         \x20 2      finisher               0.339497   0.000000     0.339497   1.6605\n\
         \x20 draws (every seat shares first): 0.000000\n"
    );
}

#[test]
fn plot_writes_svg_pictures() {
    let dir = scratch("plot").join("new");
    let out = tabula(&[
        "simulate",
        "coin-race",
        "--games",
        "2000",
        "--plot",
        path_str(&dir),
    ]);
    assert!(out.status.success(), "{}", stderr(&out));
    assert!(
        stdout(&out).starts_with(&format!("{RACE}: 2,000 games of flip against finisher")),
        "{}",
        stdout(&out)
    );
    for name in ["steps.svg", "wins.svg"] {
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
    ok(&[
        "simulate",
        "coin-race",
        "--games",
        "2000",
        "--report",
        path_str(&file),
    ]);
    let html = std::fs::read_to_string(&file).expect("the report is written");
    assert!(html.contains(&format!("{RACE}: 2,000 games")), "{html}");
    assert!(html.contains(&format!(
        "{RACE}: 2,000 games of flip against finisher, seed 2002"
    )));
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
        path_str(&pictures),
        "--report",
        path_str(&file),
    ]);
    assert_eq!(v["games"], 500);
    assert!(pictures.join("steps.svg").is_file());
    assert!(file.is_file());
}

#[test]
fn analyze_has_json_but_no_pictures() {
    let v = json(&w("analyze coin-race --squares 4 --format json"));
    assert_eq!(v["parameters"]["squares"], 4);
    // The spec string says the same.
    assert_eq!(json(&w("analyze coin-race(squares=4) --format json")), v);
    // It draws (issue 53): the exact distribution and each seat's chance.
    let dir = crate::common::scratch("analyze-plot");
    let plot = dir.join("pictures").display().to_string();
    ok(&["analyze", "coin-race", "--plot", &plot]);
    for picture in ["steps.svg", "wins.svg"] {
        assert!(dir.join("pictures").join(picture).exists(), "{picture}");
    }
}

#[test]
fn an_unknown_game_is_a_usage_error() {
    let (out, err) = fails(&w("simulate nosuchgame"), 2);
    assert!(out.is_empty());
    assert!(
        err.starts_with(
            "error: unknown game \"nosuchgame\"; the games with `simulate`: backgammon, chance-it, coin-race, cruising, dice-race, hold-out, monopoly, noline, pig, seega, snakes"
        ),
        "{err}"
    );
    assert!(
        err.contains("Usage: tabula-with-test-game simulate"),
        "{err}"
    );
    // A near miss is answered with the game's name.
    let (_, err) = fails(&w("simulate coin-rac"), 2);
    assert!(
        err.lines()
            .any(|l| l.trim_start().starts_with("tip: ") && l.contains("'coin-race'")),
        "{err}"
    );
    // A game without that command is unknown to the verb (Monopoly has no
    // records to replay; Seega, which this used, now has every verb).
    let (_, err) = fails(&w("replay monopoly x"), 2);
    assert!(
        err.contains(
            "game \"monopoly\" has no `replay` command; the games with `replay`: backgammon, chance-it, coin-race, cruising, dice-race, hold-out, noline, pig, seega, snakes"
        ),
        "{err}"
    );
}

/// An unknown game is answered with every game that offers the verb, and
/// the usage line says `<GAME>` where a game is expected.
#[test]
fn an_unknown_game_is_answered_with_the_valid_games() {
    let (_, err) = fails(&w("simulate nosuchgame"), 2);
    for game in ["coin-race", "snakes"] {
        assert!(err.contains(game), "{game} is not named:\n{err}");
    }
    assert!(err.contains("simulate <GAME>"), "{err}");
}

#[test]
fn an_unknown_command_is_a_usage_error() {
    let (out, err) = fails(&w("nosuchverb"), 2);
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
        // A generic verb is listed with what it does, the same for every game.
        assert!(err.contains("\n  coin-race  "), "{err}");
        assert!(err.contains("\n  snakes     "), "{err}");
    }
}

/// A bad option of the verb is a usage error (exit 2); a game parameter
/// out of its range is refused by the parameters (exit 1), naming it and
/// what it takes, given as an option or in the spec string alike.
#[test]
fn a_bad_flag_value_is_refused_naming_it() {
    let (out, err) = fails(&w("simulate coin-race --games many"), 2);
    assert!(out.is_empty());
    assert!(
        err.starts_with("error: invalid value 'many' for '--games <"),
        "{err}"
    );
    for (flag, value, allowed) in [
        ("squares", "0", "from 1 to 200"),
        ("squares", "201", "from 1 to 200"),
        ("players", "3", "from 1 to 2"),
        ("choices", "maybe", "true or false"),
    ] {
        let expected = format!("error: parameter {flag}: {value} is not allowed: {allowed}\n");
        let (out, err) = fails(&["simulate", "coin-race", &format!("--{flag}"), value], 1);
        assert!(out.is_empty());
        assert_eq!(err, expected);
        let spec = format!("coin-race({flag}={value})");
        assert_eq!(fails(&["analyze", &spec], 1).1, expected);
    }
}

#[test]
fn plot_into_a_file_fails_before_the_run_with_a_clear_message() {
    let file = scratch("plot-file").join("taken");
    std::fs::write(&file, "not a directory").expect("write");
    let path = path_str(&file);
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

/// A simulation and a tournament split with `--shard K/3` merge back into
/// the whole run.
#[test]
fn shards_merge_into_the_whole_run() {
    let run = w("simulate coin-race --games 3000 --seed 2 --format json");
    let (whole, merged) = whole_and_merged("shards-simulate", &run);
    for key in [
        "spec", "agents", "games", "finished", "seats", "steps", "moves",
    ] {
        assert_eq!(merged[key], whole[key], "{key}");
    }
    let run =
        w("tournament coin-race --agents flip,finisher,optimal --games 300 --seed 2 --format json");
    let (whole, merged) = whole_and_merged("shards-tournament", &run);
    for key in ["pairs", "games"] {
        assert_eq!(merged[key], whole[key], "{key}");
    }
    assert_eq!(
        merged["standings"]["pairings"],
        whole["standings"]["pairings"]
    );
    // The entrants' standings, but for wall-clock times.
    let untimed = |v: &Value| -> Vec<Value> {
        let mut entrants = v["standings"]["entrants"]
            .as_array()
            .expect("entrants")
            .clone();
        for e in entrants.iter_mut().filter_map(Value::as_object_mut) {
            e.retain(|k, _| !matches!(k.as_str(), "time_s" | "longest_call_ms"));
        }
        entrants
    };
    assert_eq!(untimed(&merged), untimed(&whole));
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
    assert_eq!(v["games"], 40);
    assert_eq!(v["standings"]["games_per_pairing"], 40);
    assert_eq!(v["standings"]["seatings"], 2);
    let entrants = v["standings"]["entrants"].as_array().expect("entrants");
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
        files[0].ends_with("coin-race-flip-vs-finisher-seed3-0000.ron"),
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
            name.starts_with("coin-race-flip-vs-finisher-seed") && name.ends_with("-0001.json")
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
fn a_record_of_another_game_or_race_is_refused() {
    let (dir, mut record) = json_record("other-game");
    // A race the rules do not allow: its parameters go through the game's
    // own check, not only the options' ranges.
    let mut three = record.clone();
    three["parameters"]["players"] = Value::from(3);
    let path = dir.join("three.json");
    std::fs::write(&path, serde_json::to_string_pretty(&three).expect("JSON")).expect("writes");
    let (_, err) = fails(&["replay", "coin-race", path_str(&path)], 1);
    assert!(
        err.contains("a coin race has 1 to 2 players, not 3"),
        "{err}"
    );
    assert!(!err.contains("panicked"), "{err}");
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
        text.starts_with(&format!(
            "{RACE}: player 1 is you, player 2 is finisher. Seed 5 plays this game again; type help for the moves.\n\
             player 1: square 0 of 10\nplayer 2: square 0 of 10\nplayer 1, your move: "
        )),
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
        // You in the second seat.
        let out = tabula_with_input(&["play", "coin-race", "--agents", "finisher,you"], input);
        let text = stdout(&out);
        assert!(out.status.success(), "{input:?}: {text}{}", stderr(&out));
        assert!(
            text.contains("player 1 is finisher, player 2 is you."),
            "{text}"
        );
        assert!(text.ends_with("Game stopped.\n"), "{input:?}: {text}");
        assert!(stderr(&out).is_empty(), "{input:?}: {}", stderr(&out));
    }
    // An unknown agent: exit 1 before the game, naming the known ones.
    for args in [["--against", "nosuch"], ["--agents", "you,nosuch"]] {
        let out = tabula_with_input(&[&["play", "coin-race"], &args[..]].concat(), "");
        assert_eq!(out.status.code(), Some(1));
        assert_eq!(stdout(&out), "");
        assert_eq!(
            stderr(&out),
            "error: unknown agent \"nosuch\"; known: finisher, flip, optimal[-OBJECTIVE]\n"
        );
    }
}

#[test]
fn tournament_text_and_bad_entrants() {
    let text = ok(&w(
        "tournament coin-race --agents flip,finisher --games 10 --seed 3",
    ));
    assert!(
        text.starts_with(&format!(
            "{RACE}: 10 games per pairing, seats shared evenly, seed 3\n  flip 5 - 5 finisher: flip wins 0.5000 ± 0.1581\n\n\
             Tournament: 2 entrants, 1 pairing(s) of 10 games (2 seatings), seed 3, ranked by points\n  rank  entrant "
        )),
        "{text}"
    );
    assert!(
        text.contains("\nPairings:\n  flip vs finisher: 10 games, 0 draws, 0 capped, "),
        "{text}"
    );
    let (_, err) = fails(&w("tournament coin-race --agents flip,nosuch"), 1);
    assert_eq!(
        err,
        "error: unknown agent \"nosuch\"; known: finisher, flip, optimal[-OBJECTIVE]\n"
    );
    let (_, err) = fails(&w("tournament coin-race --agents flip"), 1);
    assert_eq!(
        err,
        "error: a tournament of a 2-seat game needs at least 2 entrants, got 1\n"
    );
    let (_, err) = fails(&w("tournament coin-race --agents flip,flip"), 1);
    assert_eq!(err, "error: the entrant \"flip\" is named twice\n");
    // One player: every entrant races alone.
    let v = json(&w(
        "tournament coin-race --players 1 --agents flip,finisher --games 5 --format json",
    ));
    assert_eq!(v["standings"]["pairings"].as_array().map(Vec::len), Some(2));
    assert_eq!(v["pairs"], serde_json::json!([]));
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
    let win = |agents: &str| {
        let v = json(&w(&format!(
            "analyze coin-race --agents {agents} --format json"
        )));
        num(&v["seats"][0]["win"])
    };
    // Always flipping is the race without choices.
    let (plain, _) = closed_form(10, 2);
    assert!((win("flip,flip") - plain[0]).abs() < 1e-12);
    // finisher (dash at exactly three to go) against flip.
    let expect = race_with_choices(10, |s, left, _| usize::from(s == 0 && left == 3));
    let got = win("finisher,flip");
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
    let got = win("optimal,optimal");
    assert!((got - expect).abs() < 1e-12, "{got} against {expect}");
}

#[test]
fn analyze_with_agents_refuses_clearly() {
    let (_, err) = fails(&w("analyze coin-race --agents flip"), 1);
    assert!(
        err.contains(&format!("{RACE} has 2 seats: give one agent per seat")),
        "{err}"
    );
    let (_, err) = fails(&w("analyze coin-race --agents flip,nosuch"), 1);
    assert!(err.contains("unknown agent \"nosuch\""), "{err}");
    let (_, err) = fails(
        &w("analyze coin-race --agents flip,flip --max-states 50"),
        1,
    );
    assert!(
        err.contains(
            "reached the limit of 50 states (--max-states 50); raise it with --max-states"
        ),
        "{err}"
    );
    // Optimal play of one seat is solved too (issue 53): a one-player
    // coin race always ends, won.
    let one = json(&w(
        "analyze coin-race --players 1 --agents optimal --format json",
    ));
    assert_eq!(one["objective"], "win");
    assert_eq!(one["seats"][0]["win"], 1.0);
}

/// `--exact` puts, beside each pair's sampled results, the chances the
/// framework solves from the agents' policies: each seating weighted by
/// its games, so they are the mean of `analyze --agents a,b` and
/// `--agents b,a`; the sampled shares lie within four standard errors.
/// The seatings of one deal share their dice, so the standard error is
/// the tournament's own, from the spread of the deals.
#[test]
fn exact_chances_go_beside_a_tournaments_sampled_results() {
    let games = 20_000u64;
    let t = json(&w(
        "tournament coin-race --agents flip,finisher,optimal --games 20000 --seed 5 --exact --format json",
    ));
    let pairings = t["standings"]["pairings"].as_array().expect("pairings");
    assert_eq!(pairings.len(), 3);
    for (p, pair) in pairings.iter().zip(t["pairs"].as_array().expect("pairs")) {
        let a = p["entrants"][0]["name"].as_str().expect("a");
        let b = p["entrants"][1]["name"].as_str().expect("b");
        assert_eq!((pair["a"].as_str(), pair["b"].as_str()), (Some(a), Some(b)));
        let seat = |x: &str, y: &str| {
            let r = json(&w(&format!(
                "analyze coin-race --agents {x},{y} --format json"
            )));
            (num(&r["seats"][0]["win"]), num(&r["seats"][1]["win"]))
        };
        let (ab_a, ab_b) = seat(a, b);
        let (ba_b, ba_a) = seat(b, a);
        for (e, want) in [
            (&p["entrants"][0], (ab_a + ba_a) / 2.0),
            (&p["entrants"][1], (ab_b + ba_b) / 2.0),
        ] {
            let exact = num(&e["exact"]["win"]);
            assert!(
                (exact - want).abs() < 1e-12,
                "{a} vs {b}: {exact} != {want}"
            );
            let sampled = e["wins"].as_u64().expect("wins") as f64 / games as f64;
            // A win scores 1 and there are no draws, so the share is the
            // mean score, whose standard error the tournament gives from
            // its deals (the seatings of a deal share their dice); it is
            // below the binomial one.
            let se = num(&e["score_std_error"]);
            assert!(0.0 < se && se < (exact * (1.0 - exact) / games as f64).sqrt());
            assert_eq!(num(&e["mean_score"]), sampled);
            assert!(
                (sampled - exact).abs() < 4.0 * se + 1e-12,
                "{a} vs {b}: sampled {sampled}, exact {exact} (se {se})"
            );
        }
        assert!((num(&pair["a_win_probability_exact"]) - (ab_a + ba_a) / 2.0).abs() < 1e-12);
    }
    // The text shows them; without --exact there are none.
    let text = ok(&w(
        "tournament coin-race --agents flip,finisher --games 100 --exact",
    ));
    assert!(text.contains("exact: wins 0."), "{text}");
    assert!(text.contains(", exact 0."), "{text}");
    let plain = json(&w(
        "tournament coin-race --agents flip,finisher --games 100 --format json",
    ));
    assert!(
        plain["standings"]["pairings"][0]["entrants"][0]
            .get("exact")
            .is_none(),
        "{plain}"
    );
    assert!(
        plain["pairs"][0]["a_win_probability_exact"].is_null(),
        "{plain}"
    );
}

/// `--exact` with an agent that is not a fixed policy: the pairing says
/// why it has no exact chances, in the text and the JSON.
#[test]
fn a_pairing_that_cannot_be_solved_says_why() {
    let v = json(&w(
        "tournament noline --agents random,type1 --games 4 --exact --format json",
    ));
    let why = v["standings"]["pairings"][0]["exact_unavailable"]
        .as_str()
        .expect("a reason");
    assert!(why.contains("\"type1\" is not a fixed policy"), "{why}");
    let text = ok(&w(
        "tournament noline --agents random,type1 --games 4 --exact",
    ));
    assert!(
        text.contains("    no exact chances: agent \"type1\" is not a fixed policy"),
        "{text}"
    );
}

/// The tests of `tabula_test_game` in process, through the same exact
/// analysis the `analyze` verb runs.
mod exact {
    use std::collections::HashMap;

    use tabula::registry::exact::{PolicyArgs, PolicyReport, analyze_agents};
    use tabula_test_game::*;

    /// The race to `n` for `players`, without choices, solved exactly.
    fn solve(n: u32, players: usize) -> PolicyReport {
        let race = CoinRace::new(n, players, false).unwrap();
        let none = PolicyArgs {
            agents: vec![],
            max_states: 1_000_000,
        };
        analyze_agents(&race, NAME, &none).unwrap()
    }

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
            let exact = solve(n, 2);
            let (win, flips) = recurse(i64::from(n), i64::from(n), &mut HashMap::new());
            assert!((exact.seats[0].win - win).abs() < 1e-12, "n = {n}");
            assert!((exact.seats[1].win - (1.0 - win)).abs() < 1e-12);
            assert!((exact.mean_steps - flips).abs() < 1e-12, "n = {n}");
        }
    }

    #[test]
    fn one_token_takes_the_closed_form_number_of_flips() {
        // e(d) = 1 + (e(d-1) + e(d-2)) / 2, e(0) = e(-1) = 0, solved:
        // e(d) = 2d/3 + 2/9 - (2/9)(-1/2)^d.
        for n in 1..=40u32 {
            let exact = solve(n, 1);
            let d = f64::from(n);
            let closed = 2.0 * d / 3.0 + 2.0 / 9.0 - 2.0 / 9.0 * (-0.5f64).powi(n as i32);
            assert!((exact.mean_steps - closed).abs() < 1e-12, "n = {n}");
        }
    }

    #[test]
    fn bad_setups_say_what_is_wrong() {
        assert_eq!(
            CoinRace::new(0, 2, false).unwrap_err().to_string(),
            "the finishing square must be 1 to 200, not 0"
        );
        assert_eq!(
            CoinRace::new(5, 3, true).unwrap_err().to_string(),
            "a coin race has 1 to 2 players, not 3"
        );
    }
}

/// The fewest expected flips to finish a one-player race from `left`
/// squares, by recursion (independent of the solver): a flip leaves
/// `left-2` or `left-1`; a dash `left-3` or `left`, so dashing until
/// heads costs two flips on average.
fn fewest_flips(left: i64, memo: &mut std::collections::HashMap<i64, f64>) -> f64 {
    if left <= 0 {
        return 0.0;
    }
    if let Some(&v) = memo.get(&left) {
        return v;
    }
    let flip = 1.0 + 0.5 * fewest_flips(left - 2, memo) + 0.5 * fewest_flips(left - 1, memo);
    let v = flip.min(2.0 + fewest_flips(left - 3, memo));
    memo.insert(left, v);
    v
}

/// `optimal-fewest` (issue 53's objectives as data): optimal play of one
/// seat for the fewest chance steps, named in the agent or by
/// `--objective fewest`, reported in the JSON; each flip follows one
/// choice, so the game's steps are twice the flips the recursion gives.
/// Two seats are refused, saying the objective is for one.
#[test]
fn optimal_fewest_finishes_a_one_player_race_in_the_fewest_flips() {
    let mut memo = std::collections::HashMap::new();
    for squares in [1, 4, 10, 25] {
        let flips = fewest_flips(squares, &mut memo);
        for line in [
            format!(
                "analyze coin-race --players 1 --squares {squares} --agents optimal-fewest --format json"
            ),
            format!(
                "analyze coin-race --players 1 --squares {squares} --agents optimal --objective fewest --format json"
            ),
        ] {
            let r = json(&w(&line));
            assert_eq!(r["objective"], "fewest", "{line}");
            assert_eq!(r["seats"][0]["objective"], "fewest", "{line}");
            let steps = num(&r["mean_steps"]);
            assert!(
                (steps - 2.0 * flips).abs() < 1e-9,
                "{line}: {steps} steps against 2 x {flips} flips"
            );
        }
    }
    let (_, err) = fails(
        &w("analyze coin-race --agents optimal-fewest,flip --format json"),
        1,
    );
    assert!(err.contains("is solved for one seat, not 2"), "{err}");
}

#[path = "../../cli/common/generic_record.rs"]
mod generic_record;
use generic_record::generic_text;

/// Every record written by `tabula ARGS --record DIR --record-format F`,
/// in both formats, is byte for byte the whole record serialized, and
/// reads back as a record of `G`; how many.
fn records_as_serialized<G: Recordable>(dir: &Path, args: &[&str]) -> usize {
    let mut checked = 0;
    for format in [Format::Ron, Format::Json] {
        let records = dir.join(format.extension());
        let mut all = args.to_vec();
        all.extend([
            "--record",
            path_str(&records),
            "--record-format",
            format.extension(),
        ]);
        ok(&all);
        for entry in std::fs::read_dir(&records).expect("the records") {
            let file = entry.expect("an entry").path();
            let bytes = std::fs::read_to_string(&file).expect("written");
            let rec = record::read::<G>(&file).unwrap_or_else(|e| panic!("{e}"));
            assert_eq!(generic_text::<G>(&rec, format), bytes, "{}", file.display());
            assert_eq!(rec.to_text(format).expect("text"), bytes);
            checked += 1;
        }
    }
    checked
}

#[test]
fn records_are_written_byte_for_byte_as_the_whole_record_serializes() {
    let dir = scratch("record-bytes");
    let coin = records_as_serialized::<tabula_test_game::CoinRace>(
        &dir.join("coin-race"),
        &[
            "tournament",
            "coin-race",
            "--agents",
            "flip,finisher",
            "--games",
            "6",
            "--seed",
            "9",
        ],
    );
    let dice = records_as_serialized::<tabula_test_game::dice_race::DiceRace>(
        &dir.join("dice-race"),
        &["play", "dice-race", "--seed", "9"],
    );
    let hold = records_as_serialized::<tabula_test_game::hold_out::HoldOut>(
        &dir.join("hold-out"),
        &["play", "hold-out", "--agents", "optimal", "--seed", "9"],
    );
    assert_eq!((coin, dice, hold), (12, 2, 2));
}
