//! The board designer's answers ([`tabula_snakes::designer`]): the same
//! analysis as `tabula analyze snakes`, located errors, no panic on any
//! text.

use tabula_snakes::designer::{analyze_answer, analyze_answer_unless, api, boards_json};
use tabula_snakes::{AnalysisOptions, Board, Require, Setup};

const CLASSIC: &str = include_str!("../boards/classic.ron");

/// An answer as it can be compared: its JSON and its pictures' data as
/// JSON (a square left out of a board's shading is NaN, never equal to
/// itself).
fn same(answer: tabula_registry::page::PageAnswer) -> (serde_json::Value, serde_json::Value) {
    let pictures = serde_json::to_value(&answer.pictures).expect("pictures as JSON");
    (answer.json, pictures)
}

/// Under every rule set, for one and two players, the page's numbers are
/// the command line's to far more digits than it prints (it walks until
/// 1e-12 is left, the command line until 1e-18), though it solves the two
/// players' chances beside the analysis.
#[test]
fn every_rule_set_gets_the_command_lines_numbers_to_every_printed_digit() {
    for rules in [
        "overshoot",
        "exact",
        "bounce",
        "six-again",
        "sixes-home",
        "bump",
    ] {
        let text = CLASSIC.replace("rules: \"overshoot\"", &format!("rules: {rules:?}"));
        for players in [1u8, 2] {
            let r = analyze_answer(&text, players).json;
            assert_eq!(r["ok"], true, "{rules} {players}: {r}");
            let setup =
                Setup::new(Board::classic(), Some(rules), usize::from(players)).expect("a setup");
            let a = setup
                .analyze(&AnalysisOptions {
                    players,
                    shortest: Some(Require::None),
                    ..Default::default()
                })
                .expect("solved");
            let close = |page: &serde_json::Value, cli: f64, what: &str| {
                let page = page.as_f64().unwrap_or(f64::NAN);
                assert!(
                    (page - cli).abs() <= 1e-9 * cli.abs().max(1.0),
                    "{rules}, {players} players, {what}: page {page}, command line {cli}"
                );
            };
            let t = &r["analysis"]["throws"];
            close(&t["mean"], a.throws.mean, "mean");
            close(&t["std_dev"], a.throws.std_dev, "standard deviation");
            assert_eq!(t["median"], a.throws.median, "{rules} {players}");
            assert_eq!(t["mode"], a.throws.mode, "{rules} {players}");
            let s = &r["analysis"]["seats"];
            close(
                &s["total_throws_mean"],
                a.seats.total_throws_mean,
                "total mean",
            );
            for (i, &w) in a.seats.win_probability.iter().enumerate() {
                close(&s["win_probability"][i], w, "win chance");
            }
            for (i, &l) in a.squares.landings.iter().enumerate() {
                close(&r["analysis"]["squares"]["landings"][i], l, "landings");
            }
            // The two players' chances in the table, whatever the page's
            // players.
            let two = Setup::new(Board::classic(), Some(rules), 2)
                .expect("a setup")
                .analyze(&AnalysisOptions {
                    players: 2,
                    ..Default::default()
                })
                .expect("solved");
            assert_eq!(r["wins"][0]["players"], 2);
            for (i, &w) in two.seats.win_probability.iter().enumerate() {
                close(
                    &r["wins"][0]["win_probability"][i],
                    w,
                    "two players' chance",
                );
            }
        }
    }
}

#[test]
fn the_classic_board_gets_the_library_analysis() {
    let answer = analyze_answer(CLASSIC, 2);
    let r = &answer.json;
    assert_eq!(r["ok"], true, "{r}");
    let setup = Setup::new(Board::classic(), None, 2).expect("a setup");
    let a = setup
        .analyze(&AnalysisOptions {
            shortest: Some(Require::None),
            ..Default::default()
        })
        .expect("solved");
    // The page walks until 1e-12 is left, the command line until 1e-18:
    // every digit the page prints (four decimals) is the same.
    let mean = r["analysis"]["throws"]["mean"].as_f64().expect("a mean");
    assert!(
        (mean - a.throws.mean).abs() < 1e-9,
        "{mean} {}",
        a.throws.mean
    );
    assert_eq!(r["analysis"]["throws"]["median"], a.throws.median);
    assert_eq!(r["analysis"]["throws"]["mode"], a.throws.mode);
    let shortest = a.shortest.as_ref().expect("shortest games");
    assert_eq!(r["analysis"]["shortest"]["throws"], shortest.throws);
    assert_eq!(
        r["analysis"]["squares"]["landings"]
            .as_array()
            .map(Vec::len),
        Some(101)
    );
    for (i, n) in (2..=4).enumerate() {
        assert_eq!(r["wins"][i]["players"], n);
        let w = r["wins"][i]["win_probability"].as_array().expect("chances");
        assert_eq!(w.len(), n);
        let total: f64 = w.iter().filter_map(serde_json::Value::as_f64).sum();
        assert!((total - 1.0).abs() < 1e-9, "{total}");
    }
    assert_eq!(r["spec"]["size"], 100);
    assert_eq!(r["layout"]["cells"].as_array().map(Vec::len), Some(101));
    // The pictures, as data: the front end draws them into the answer.
    assert!(r.get("pictures").is_none(), "{r}");
    let names: Vec<&str> = answer
        .pictures
        .iter()
        .flatten()
        .map(|p| p.name.as_str())
        .collect();
    assert_eq!(names, ["board", "throws", "seats"]);
    assert_eq!(
        r["command"],
        "tabula analyze snakes board.ron --shortest --players 2"
    );
}

#[test]
fn errors_are_located_in_the_text() {
    let r = analyze_answer("Board(\n  name: \"x\",\n  size: ten,\n)", 1).json;
    assert_eq!(r["ok"], false);
    assert_eq!(
        (r["error"]["line"].as_u64(), r["error"]["column"].as_u64()),
        (Some(3), Some(9))
    );
    let r = analyze_answer("Board(name: \"x\", size: 10, ladders: [(2, 12)])", 1).json;
    assert_eq!(r["ok"], false);
    assert_eq!(r["error"]["line"], 1);
    assert!(
        r["error"]["message"]
            .as_str()
            .is_some_and(|m| m.contains("ladder")),
        "{r}"
    );
    // A number of the dice points at itself, also when the dice span
    // several lines (it pointed at their closing parenthesis).
    let dice =
        "Board(\n  name: \"x\",\n  size: 20,\n  dice: Dice(\n    count: 1,\n    faces: 0,\n  ),\n)";
    let r = analyze_answer(dice, 1).json;
    assert_eq!(
        (r["error"]["line"].as_u64(), r["error"]["column"].as_u64()),
        (Some(6), Some(12)),
        "{r}"
    );
    assert!(
        r["error"]["message"]
            .as_str()
            .is_some_and(|m| m.contains("faces")),
        "{r}"
    );
    let r = analyze_answer(&dice.replace("count: 1", "count: 0"), 1).json;
    assert_eq!(r["error"]["line"].as_u64(), Some(5), "{r}");
    let r = analyze_answer(CLASSIC, 9).json;
    assert_eq!(r["ok"], false);
    assert!(r["error"]["line"].is_null());
}

#[test]
fn any_text_gets_an_answer() {
    let mut x: u64 = 0x2545_f491_4f6c_dd1d;
    let alphabet = b"Board(name:\"size,12345)[]ladders chutes dice Dice(count faces rules\n\\";
    for n in 0..300 {
        let text: String = (0..n % 120)
            .map(|_| {
                x ^= x << 13;
                x ^= x >> 7;
                x ^= x << 17;
                alphabet[(x % alphabet.len() as u64) as usize] as char
            })
            .collect();
        let r = analyze_answer(&text, 1).json;
        assert!(r["ok"].is_boolean(), "{text:?}: {r}");
    }
}

#[test]
fn the_page_requests() {
    let boards = boards_json();
    assert_eq!(boards["boards"].as_array().map(Vec::len), Some(3));
    assert!(api("boards", "").is_ok());
    assert!(api("nothing", "").is_err());
    assert!(api("analyze", "not json").is_err());
    assert!(api("analyze", "{\"board\": 5}").is_err());
    let body = serde_json::json!({ "board": CLASSIC, "players": 1 }).to_string();
    let answer = api("analyze", &body).expect("answered").json;
    assert_eq!(answer["ok"], true);
    assert!(tabula_snakes::designer::HTML.contains("\"designer/api/\""));
}

#[test]
fn a_stale_edit_stops_between_its_solves() {
    // Never stale: the whole answer, as analyze_answer gives it.
    assert_eq!(
        same(analyze_answer_unless(CLASSIC, 2, &|| false)),
        same(analyze_answer(CLASSIC, 2))
    );
    // Stale after k checks: it stops before the next phase, and names it.
    let phases: Vec<String> = (0..7)
        .map(|k| {
            let checks = std::cell::Cell::new(0);
            let r = analyze_answer_unless(CLASSIC, 2, &|| {
                checks.set(checks.get() + 1);
                checks.get() > k
            })
            .json;
            if r["ok"] == true {
                return "done".to_string();
            }
            assert_eq!(r["stale"], true, "{r}");
            r["phase"].as_str().expect("a phase").to_string()
        })
        .collect();
    assert_eq!(
        phases,
        [
            "reading the board",
            "solving",
            "solving for 2 players",
            "solving for 3 players",
            "solving for 4 players",
            "drawing",
            "done"
        ]
    );
}

#[test]
fn a_newer_edit_of_the_same_page_makes_the_older_one_stale() {
    let request = |client: &str, seq: u64| {
        let body = serde_json::json!({ "board": CLASSIC, "client": client, "seq": seq });
        api("analyze", &body.to_string()).expect("an answer").json
    };
    assert_eq!(request("stale-test", 2)["ok"], true);
    // An older edit arriving late is not solved.
    let r = request("stale-test", 1);
    assert_eq!(
        (&r["stale"], &r["phase"]),
        (&true.into(), &"reading the board".into())
    );
    // Another page's edits are its own.
    assert_eq!(request("stale-test-2", 1)["ok"], true);
    let bad = serde_json::json!({ "board": CLASSIC, "client": "x".repeat(101), "seq": 1 });
    assert!(api("analyze", &bad.to_string()).is_err());
}

/// House rules with several players: what can be solved is answered; what
/// cannot (bump's joint chain of 3 or 4 tokens, past the page's limit) is
/// said, with the command that samples it, and refused at once rather
/// than after building the chain to its limit.
#[test]
fn house_rules_answer_what_can_be_solved_and_name_the_command_for_the_rest() {
    let with = |rules: &str| CLASSIC.replace("\"overshoot\"", &format!("{rules:?}"));
    let started = std::time::Instant::now();
    let r = analyze_answer(&with("bump"), 3).json;
    assert_eq!(r["ok"], true, "{r}");
    assert_eq!(r["players"], 3);
    assert_eq!(r["analysis"]["players"], 1, "one token's numbers instead");
    assert_eq!(
        r["unsolved"]["command"],
        "tabula simulate snakes board.ron --players 3"
    );
    assert!(
        r["unsolved"]["error"]
            .as_str()
            .is_some_and(|e| e.contains("not solved exactly") && e.contains("bump")),
        "{r}"
    );
    assert_eq!(r["command"], "tabula analyze snakes board.ron --shortest");
    assert!(r["wins"][0]["win_probability"].is_array(), "{r}");
    for (i, n) in [(1, 3), (2, 4)] {
        assert_eq!(r["wins"][i]["players"], n);
        assert_eq!(
            r["wins"][i]["command"],
            format!("tabula simulate snakes board.ron --players {n}")
        );
    }
    // The refusals cost nothing: the joint chains are not built.
    assert!(started.elapsed() < std::time::Duration::from_secs(5));
    // A six thrown again is a race of whole turns: every number of
    // players is solved.
    let r = analyze_answer(&with("six-again"), 4).json;
    assert_eq!(r["ok"], true, "{r}");
    assert!(r["unsolved"].is_null(), "{r}");
    assert_eq!(r["analysis"]["chain"]["by_turns"], true);
    for w in r["wins"].as_array().expect("wins") {
        let total: f64 = w["win_probability"]
            .as_array()
            .expect("chances")
            .iter()
            .filter_map(serde_json::Value::as_f64)
            .sum();
        assert!((total - 1.0).abs() < 1e-9, "{w}");
    }
    assert_eq!(
        r["wins"][2]["win_probability"],
        r["analysis"]["seats"]["win_probability"]
    );
}
