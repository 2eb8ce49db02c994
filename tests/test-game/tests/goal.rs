//! The objective `goal` (issue 53): optimal play for the chance that the
//! final score reaches at least N, checked against a recursion of its
//! own on hold out (one seat, won at its target), in the library and as
//! a process.

use tabula::core::{BoardGame, Status};
use tabula::exact::Aim;
use tabula_test_game::hold_out::{Choice, Hold, HoldOut};

use crate::common::{fails, json};

const GAME: HoldOut = HoldOut {
    rolls: 3,
    faces: 4,
    target: 6,
};

/// The best chance of ending with a total of at least `n` from `s`, by a
/// recursion over the rules as written (stop, or roll: a 1 busts).
fn best(g: &HoldOut, rolled: u32, total: u32, n: u32) -> f64 {
    let stop = f64::from(u8::from(total >= n));
    if rolled >= g.rolls {
        return stop;
    }
    let p = 1.0 / f64::from(g.faces);
    let roll: f64 = (1..=g.faces)
        .map(|face| {
            p * if face == 1 {
                f64::from(u8::from(n == 0))
            } else {
                best(g, rolled + 1, total + face, n)
            }
        })
        .sum();
    stop.max(roll)
}

/// The chance of a total of at least `n` when `pick` plays, by the same
/// rules walked through the game itself.
fn under(g: &HoldOut, s: Hold, n: u32, pick: &tabula::core::Pick<HoldOut>) -> f64 {
    match g.status(&s) {
        Status::Over(_) => f64::from(u8::from(s.total >= n)),
        Status::Chance => {
            let mut outs = Vec::new();
            g.chance_outcomes(&s, &mut outs);
            outs.iter()
                .map(|c| {
                    let mut next = s;
                    g.apply_chance(&mut next, c.outcome, &mut |_| {});
                    c.probability * under(g, next, n, pick)
                })
                .sum()
        }
        Status::Decision(seat) => {
            let mut moves = Vec::new();
            g.legal_moves(&s, &mut moves);
            let mut next = s;
            g.apply_move(&mut next, moves[pick(g, &s, seat, &moves)], &mut |_| {});
            under(g, next, n, pick)
        }
    }
}

#[test]
fn goal_play_is_the_recursions_and_differs_from_win() {
    let win = tabula::registry::optimal_policy(&GAME, Aim::Win).expect("win solves");
    let mut differs = 0;
    for n in 1..=12 {
        let exact = best(&GAME, 0, 0, n);
        let goal =
            tabula::registry::optimal_policy(&GAME, Aim::Goal(i64::from(n))).expect("goal solves");
        let played = under(&GAME, GAME.initial_state(), n, &*goal);
        assert!(
            (played - exact).abs() < 1e-12,
            "goal {n}: optimal-goal reaches it with {played}, the recursion's best is {exact}"
        );
        let by_win = under(&GAME, GAME.initial_state(), n, &*win);
        assert!(by_win <= exact + 1e-12, "goal {n}");
        if by_win < exact - 1e-9 {
            differs += 1;
        }
    }
    // At the target, reaching the goal is winning.
    let at_target = under(&GAME, GAME.initial_state(), GAME.target, &*win);
    assert!((at_target - best(&GAME, 0, 0, GAME.target)).abs() < 1e-12);
    // Below it, winning play takes needless risks: it plays on from a
    // total of 3 or 4 for 6, where goal-3 stops.
    assert!(differs > 0, "goal play is win's for every goal");
    // Goal 3 by hand: a first 3 or 4 stops (1/2); a first 2 rolls once
    // more, reaching 3 unless it is a 1 (1/4 · 3/4).
    assert_eq!(best(&GAME, 0, 0, 3), 0.5 + 0.25 * 0.75);
    let stop_at_three = Hold {
        rolled: 1,
        total: 3,
        rolling: false,
        over: false,
    };
    let goal = tabula::registry::optimal_policy(&GAME, Aim::Goal(3)).expect("goal solves");
    let moves = [Choice::Roll, Choice::Stop];
    assert_eq!(moves[goal(&GAME, &stop_at_three, 0, &moves)], Choice::Stop);
    assert_eq!(moves[win(&GAME, &stop_at_three, 0, &moves)], Choice::Roll);
}

#[test]
fn goal_from_the_command_line() {
    let spec = "hold-out(rolls=3, faces=4, target=6)";
    let named = json(&[
        "analyze",
        spec,
        "--agents",
        "optimal-goal-3",
        "--format",
        "json",
    ]);
    assert_eq!(named["objective"], "goal");
    assert_eq!(named["goal"], 3);
    assert_eq!(named["seats"][0]["goal"], 3);
    let by_option = json(&[
        "analyze",
        spec,
        "--agents",
        "optimal",
        "--objective",
        "goal",
        "--goal",
        "3",
        "--format",
        "json",
    ]);
    assert_eq!(by_option["seats"], named["seats"]);
    // Stopping at 3 or more wins only when the total reaches 6: the goal
    // player wins less often than the winning one.
    let win = json(&["analyze", spec, "--agents", "optimal", "--format", "json"]);
    assert_eq!(win["objective"], "win");
    assert!(win.get("goal").is_none());
    let (w, g) = (
        win["seats"][0]["win"].as_f64().expect("a chance"),
        named["seats"][0]["win"].as_f64().expect("a chance"),
    );
    assert!(g < w, "goal-3 wins {g}, win-optimal {w}");

    // The goal's N missing: refused, naming --goal.
    let (_, err) = fails(
        &[
            "analyze",
            spec,
            "--agents",
            "optimal",
            "--objective",
            "goal",
        ],
        1,
    );
    assert!(err.contains("--goal N"), "{err}");
    // A game that only wins or loses (coin race: 1 or 0) has no goal of 5.
    let (_, err) = fails(
        &[
            "analyze",
            "coin-race(squares=3, players=1)",
            "--agents",
            "optimal-goal-5",
        ],
        1,
    );
    assert!(err.contains("no finished game scores 5 or more"), "{err}");
    assert!(err.contains("--objective win"), "{err}");
    // Two seats: refused, naming the objectives that are solved.
    let (_, err) = fails(
        &[
            "analyze",
            "coin-race(squares=3)",
            "--agents",
            "optimal-goal-1,flip",
        ],
        1,
    );
    assert!(err.contains("one seat"), "{err}");
    // A goal that is not a whole number: refused by the command line
    // (exit 2), naming the option, before anything is solved.
    let (_, err) = fails(
        &[
            "analyze",
            spec,
            "--agents",
            "optimal",
            "--objective",
            "goal",
            "--goal",
            "abc",
        ],
        2,
    );
    assert!(err.contains("--goal"), "{err}");
}

/// The goal policy's own value in the report: each seat's `goal_chance`,
/// the chance that its final score reaches the run's goal, is the
/// recursion's best for `optimal-goal-N` and the recursion through win
/// play for `optimal-win`, for every goal 1..12; the text says it too.
#[test]
fn analyze_reports_each_seats_chance_of_reaching_the_goal() {
    let spec = "hold-out(rolls=3, faces=4, target=6)";
    let win = tabula::registry::optimal_policy(&GAME, Aim::Win).expect("win solves");
    let chance = |report: &serde_json::Value| {
        report["seats"][0]["goal_chance"]
            .as_f64()
            .unwrap_or_else(|| panic!("a goal_chance in {report}"))
    };
    for n in 1..=12u32 {
        let goal = n.to_string();
        let by_goal = json(&[
            "analyze", spec, "--agents", "optimal", "--goal", &goal, "--format", "json",
        ]);
        assert_eq!(by_goal["goal"], n, "{by_goal}");
        // --goal N alone is --objective goal: the bare optimal plays it.
        assert_eq!(by_goal["objective"], "goal");
        assert_eq!(by_goal["seats"][0]["agent"], format!("optimal-goal-{n}"));
        let best = best(&GAME, 0, 0, n);
        assert!(
            (chance(&by_goal) - best).abs() < 1e-12,
            "goal {n}: reported {}, the recursion's best {best}",
            chance(&by_goal)
        );
        // Win play, valued under the goal: what the recursion gets by
        // walking the game with win's policy; never more than the best.
        let by_win = json(&[
            "analyze",
            spec,
            "--agents",
            "optimal-win",
            "--objective-goal",
            &goal,
            "--format",
            "json",
        ]);
        assert_eq!(by_win["objective"], "win");
        assert_eq!(by_win["goal"], n);
        let walked = under(&GAME, GAME.initial_state(), n, &*win);
        assert!(
            (chance(&by_win) - walked).abs() < 1e-12,
            "goal {n}: win play reaches it with {}, the recursion says {walked}",
            chance(&by_win)
        );
        assert!(chance(&by_win) <= chance(&by_goal) + 1e-12);
    }
    // Goal 3 by hand (11/16), in the text's own column.
    let text = crate::common::ok(&["analyze", spec, "--agents", "optimal-goal-3"]);
    assert!(text.contains("score >= 3"), "{text}");
    assert!(text.contains("0.687500"), "{text}");
    // No goal in the run: no goal_chance, no column.
    let plain = json(&["analyze", spec, "--agents", "optimal", "--format", "json"]);
    assert!(plain["seats"][0].get("goal_chance").is_none(), "{plain}");
    assert!(plain.get("goal").is_none(), "{plain}");
}

/// `--goal N` with another objective is refused by the command line
/// (exit 2), naming both options and the remedy, on every verb that
/// takes them; `--objective goal --goal N` still works.
#[test]
fn goal_with_another_objective_is_refused() {
    let spec = "hold-out(rolls=3, faces=4, target=6)";
    // A one-seat game has no tournament: the two-seat coin race's.
    for (verb, spec) in [
        ("analyze", spec),
        ("simulate", spec),
        ("play", spec),
        ("tournament", "coin-race(squares=3)"),
    ] {
        for objective in ["win", "score", "fewest"] {
            let mut args = vec![verb, spec, "--objective", objective, "--goal", "3"];
            if verb == "tournament" {
                args.extend(["--agents", "optimal,flip"]);
            }
            let (_, err) = fails(&args, 2);
            assert!(
                err.contains("--goal 3") && err.contains(&format!("--objective {objective}")),
                "{verb} {objective}: {err}"
            );
            assert!(
                err.contains("alone") && err.contains("drop --goal"),
                "{verb} {objective}: names the remedy: {err}"
            );
        }
    }
    let both = json(&[
        "analyze",
        spec,
        "--objective",
        "goal",
        "--goal",
        "3",
        "--format",
        "json",
    ]);
    assert_eq!(both["objective"], "goal");
}
