//! Exact analysis: tiny boards worked out by hand, the published classic
//! values, an independent solver, the race against the full K-player
//! chain, shortest games against brute-force enumeration, and the
//! sampler against the exact values.

use crate::common;

use std::collections::{BTreeMap, BTreeSet, HashMap};
use std::convert::Infallible;

use tabula::core::{BoardGame, Chance, GameResult, Status};
use tabula::exact::{Chain, ExactError, Limits};
use tabula::sim::Simulation;
use tabula::snakes::analysis::{self, Mark, marks};
use tabula::snakes::{
    AnalysisOptions, Board, Bounce, Bump, Event, ExactFinish, Overshoot, ReportOptions, Require,
    Rules, Setup, SixAgain, SixesHome, Snakes, SnakesError,
};
use tabula_example_three_sixes::ThreeSixes;

fn analyze<R: Rules>(board: &Board, rules: &R, players: u8) -> tabula::snakes::Analysis {
    let options = AnalysisOptions {
        players,
        ..Default::default()
    };
    analysis::analyze(board, rules, &options).unwrap_or_else(|e| panic!("{e}"))
}

fn close(a: f64, b: f64, tol: f64, what: &str) {
    assert!((a - b).abs() <= tol, "{what}: {a} vs {b}");
}

#[test]
fn two_squares_one_d2_by_hand() {
    // From the start a 1 lands on square 1, a 2 finishes. From square 1
    // any throw finishes (overshoot), or only a 1 does (exact; a 2 is
    // forfeited).
    let board = common::board("Board(name: \"two\", size: 2, dice: Dice(count: 1, faces: 2))");
    let a = analyze(&board, &Overshoot, 1);
    // T = 1 or 2 with probability 1/2 each.
    close(a.throws.mean, 1.5, 1e-15, "mean");
    close(a.throws.variance, 0.25, 1e-15, "variance");
    assert_eq!(a.throws.pmf, vec![0.0, 0.5, 0.5]);
    assert_eq!((a.throws.min, a.throws.mode, a.throws.median), (1, 1, 1));
    close(a.squares.landings[1], 0.5, 1e-15, "square 1");
    close(a.squares.landings[2], 1.0, 1e-15, "square 2");
    assert_eq!(a.forfeited_throws_mean, 0.0);

    let a = analyze(&board, &ExactFinish, 1);
    // From square 1 the finish is geometric with p = 1/2: 2 throws, 1
    // forfeited, on average. So E[T] = 1 + 1/2 * 2 = 2, and
    // E[T^2] = 1/2 * 1 + 1/2 * E[(1 + G)^2] with G geometric(1/2):
    // E[(1+G)^2] = 1 + 2*2 + 6 = 11, so E[T^2] = 6 and Var = 2.
    close(a.throws.mean, 2.0, 1e-14, "mean");
    close(a.throws.variance, 2.0, 1e-12, "variance");
    close(a.forfeited_throws_mean, 0.5, 1e-14, "forfeits");
    // P(T = n) for n >= 2 is 1/2 * (1/2)^(n-1).
    for n in 2..20 {
        close(a.throws.pmf[n], 0.5f64.powi(n as i32), 1e-16, "pmf");
    }
    // The pmf stops where the tail falls below 1e-12: P(T > n) = 2^-n.
    let last = a.throws.pmf.len() - 1;
    assert!(0.5f64.powi(last as i32) < 1e-12 && 0.5f64.powi(last as i32 - 1) >= 1e-12);
}

#[test]
fn a_ladder_board_by_hand() {
    // 4 squares, one d2, ladder 1 -> 3, overshoot.
    // E[3] = 1, E[2] = 1 + 1/2 E[3] = 3/2, E[0] = 1 + 1/2 E[3] + 1/2 E[2] = 9/4.
    let board = common::board(
        "Board(name: \"ladder\", size: 4, dice: Dice(count: 1, faces: 2), ladders: [(1, 3)])",
    );
    let a = analyze(&board, &Overshoot, 1);
    close(a.throws.mean, 2.25, 1e-15, "mean");
    // Landings: square 1 and 3 by the ladder (1/2 each), 2 directly (1/2),
    // 3 from 2 (1/4), 4 always.
    close(a.squares.landings[1], 0.5, 1e-15, "1");
    close(a.squares.landings[2], 0.5, 1e-15, "2");
    close(a.squares.landings[3], 0.75, 1e-15, "3");
    close(a.squares.landings[4], 1.0, 1e-15, "4");
    // Two players: seat 1 wins if it finishes in fewer throws than seat 2,
    // or as many. P(T=1) = 0, P(T=2) = 3/4, P(T=3) = 1/4.
    // Seat 2 wins only if T1 = 3 and T2 = 2: 1/4 * 3/4 = 3/16.
    let a = analyze(&board, &Overshoot, 2);
    close(a.seats.win_probability[1], 3.0 / 16.0, 1e-15, "seat 2");
    close(a.seats.win_probability[0], 13.0 / 16.0, 1e-15, "seat 1");
}

#[test]
fn classic_board_matches_published_values() {
    let board = Board::classic();
    // Althoen, King and Schilling (1993): 39.2251 under exact finish;
    // 35.8349 when overshooting finishes.
    let exact = analyze(&board, &ExactFinish, 1);
    close(exact.throws.mean, 39.2251, 5e-5, "exact");
    let over = analyze(&board, &Overshoot, 1);
    close(over.throws.mean, 35.8349, 5e-5, "overshoot");
    assert_eq!(over.throws.min, 7);
    assert_eq!(exact.throws.min, 7);
    // The pmf sums to one (less a tail below 1e-12) and reproduces the mean.
    for a in [&exact, &over] {
        let total: f64 = a.throws.pmf.iter().sum();
        // (1e-12 plus the rounding of ~700 additions.)
        assert!((1.0 - total) < 1.1e-12 && total <= 1.0 + 1e-12, "{total}");
    }
}

#[test]
fn the_chain_agrees_with_an_independent_solver_on_every_board_and_rule() {
    fn check<R: Rules>(board: &Board, rules: &R) {
        if tabula::snakes::rules::check_playable(rules, board).is_err() {
            // (Exact finish with two dice cannot finish from the square
            // before the last; the chain refuses it as never ending.)
            let err = analysis::analyze(board, rules, &AnalysisOptions::default()).unwrap_err();
            assert!(matches!(err, ExactError::NeverEnds { .. }));
            return;
        }
        let squares = usize::from(board.size()) + 1;
        let reference = common::solve(&Snakes::new(board, rules, 1), squares, 100_000);
        let a = analyze(board, rules, 1);
        let tol = 1e-9 * reference.mean_throws;
        close(a.throws.mean, reference.mean_throws, tol, board.name());
        for (s, (x, y)) in a
            .squares
            .landings
            .iter()
            .zip(&reference.landings)
            .enumerate()
        {
            close(*x, *y, 1e-9, &format!("{} square {s}", board.name()));
        }
    }
    for name in ["classic", "teaching", "two-dice"] {
        let board = Board::built_in(name).unwrap().unwrap();
        check(&board, &Overshoot);
        check(&board, &ExactFinish);
        check(&board, &Bounce);
        check(&board, &ThreeSixes);
        check(&board, &SixAgain);
        check(&board, &SixesHome);
        check(&board, &Bump);
    }
}

/// The house rules with several players (solved as a race of whole turns
/// when a six throws again, as the joint chain of all tokens when they
/// bump each other) against the independent solver run on the same
/// several-player game: mean total throws and expected landings.
#[test]
#[ignore = "slow: solves every joint chain again independently; .ci/run runs it"]
fn house_rules_joint_chains_agree_with_an_independent_solver() {
    fn check<R: Rules>(board: &Board, rules: &R, players: u8) {
        let squares = usize::from(board.size()) + 1;
        let reference = common::solve(&Snakes::new(board, rules, players), squares, 20_000);
        let a = analyze(board, rules, players);
        let tokens = if R::INTERACTS { players } else { 1 };
        assert_eq!((a.chain.tokens, a.chain.by_turns), (tokens, !R::INTERACTS));
        let name = format!("{} with {players} players", board.name());
        let tol = 1e-9 * reference.mean_throws;
        close(a.seats.total_throws_mean, reference.mean_throws, tol, &name);
        for (s, (x, y)) in a
            .squares
            .landings
            .iter()
            .zip(&reference.landings)
            .enumerate()
        {
            close(*x, *y, 1e-9, &format!("{name} square {s}"));
        }
        let total: f64 = a.seats.win_probability.iter().sum();
        close(total, 1.0, 1e-12, &name);
    }
    let teaching = Board::built_in("teaching").unwrap().unwrap();
    check(&teaching, &SixAgain, 2);
    check(&teaching, &SixesHome, 2);
    check(&teaching, &Bump, 2);
}

/// Rules that do not interact keep the race (one token's chain), of whole
/// turns when a six throws again; `bump` with several players solves the
/// joint chain, and with one player the one-token chain.
#[test]
fn house_rules_choose_the_chain_they_need() {
    let classic = Board::classic();
    assert_eq!(analyze(&classic, &Overshoot, 4).chain.tokens, 1);
    assert_eq!(analyze(&classic, &SixAgain, 1).chain.tokens, 1);
    assert_eq!(analyze(&classic, &Bump, 2).chain.tokens, 2);
    let again = analyze(&classic, &SixesHome, 3).chain;
    assert_eq!((again.tokens, again.by_turns), (1, true));
    // With one player a six thrown again is just the next throw: six-again
    // is overshoot, throw for throw; so is bump, with no one to bump.
    let over = analyze(&classic, &Overshoot, 1).throws.mean;
    close(
        analyze(&classic, &SixAgain, 1).throws.mean,
        over,
        1e-9,
        "six-again",
    );
    close(analyze(&classic, &Bump, 1).throws.mean, over, 1e-9, "bump");
}

/// `bump` with four players on the classic board is refused by the state
/// limit, with a message saying which limit was reached and how to raise it.
#[test]
#[ignore = "slow: builds 2,000,000 states before it is refused; .ci/run runs it"]
fn bump_with_four_players_is_refused_clearly() {
    // With the default limit of 2,000,000 states, as `tabula analyze`.
    let setup = Setup::new(Board::classic(), Some("bump"), 4).unwrap();
    let err = setup.analyze(&AnalysisOptions::default()).unwrap_err();
    assert!(
        matches!(
            err,
            SnakesError::JointTooLarge {
                limit: 2_000_000,
                players: 4,
                what: "states",
                ..
            }
        ),
        "{err}"
    );
    let msg = err.to_string();
    for part in [
        "reached the limit of 2000000 states",
        "--max-states",
        "\"bump\"",
        "4 players",
        "81 squares",
    ] {
        assert!(msg.contains(part), "{part}: {msg}");
    }
    // Three players under a smaller limit are refused the same way.
    let setup = Setup::new(Board::classic(), Some("bump"), 3).unwrap();
    let options = AnalysisOptions {
        limits: Limits {
            max_states: 100_000,
            ..Limits::default()
        },
        ..Default::default()
    };
    let err = setup.analyze(&options).unwrap_err();
    assert!(err.to_string().contains("limit of 100000 states"), "{err}");
}

/// Sampled against exact, for each house rule with one and two players on
/// the classic board: mean throws (whole game) and seat 0's chance of
/// winning, within 4 standard errors of the exact value.
#[test]
#[ignore = "slow: samples every house rule against its exact chain; .ci/run runs it"]
fn house_rules_sampled_agree_with_exact() {
    const Z: f64 = 4.0;
    let mut seed = 40;
    for rules in ["six-again", "sixes-home", "bump"] {
        for players in [1usize, 2] {
            seed += 1;
            let setup = Setup::new(Board::classic(), Some(rules), players).unwrap();
            let exact = setup.analyze(&AnalysisOptions::default()).unwrap();
            let sim = Simulation::new(100_000).with_seed(seed);
            let report = setup
                .simulate(&sim, &ReportOptions { dice_rolls: 0 }, &|_| {})
                .unwrap();
            let t = &report.throws;
            let name = format!("{rules} with {players} players");
            assert_eq!(report.capped_games, 0, "{name}");
            assert!(
                (t.mean - exact.seats.total_throws_mean).abs() < Z * t.std_error,
                "{name}: {} +/- {} vs {}",
                t.mean,
                t.std_error,
                exact.seats.total_throws_mean
            );
            let p = exact.seats.win_probability[0];
            let rate = report.seats.win_rate[0];
            let se = (p * (1.0 - p) / report.games as f64).sqrt();
            assert!(
                (rate - p).abs() <= Z * se + 1e-12,
                "{name}: seat 0 wins {rate} vs {p}"
            );
        }
    }
}

/// The house rules' exact figures on the classic board, as the book
/// quotes them: mean throws with one player, seat 0's chance with two.
#[test]
#[ignore = "slow: solves every house rule on the classic board; .ci/run runs it"]
fn house_rule_figures_on_the_classic_board() {
    let classic = Board::classic();
    let figures = |rules: &str| {
        let setup = Setup::new(classic.clone(), Some(rules), 2).unwrap();
        let a = setup.analyze(&AnalysisOptions::default()).unwrap();
        (
            format!("{:.4}", a.throws.mean),
            format!("{:.4}", a.seats.win_probability[0]),
            format!("{:.4}", a.seats.total_throws_mean),
        )
    };
    let show = |(a, b, c): (String, String, String)| [a, b, c];
    assert_eq!(show(figures("overshoot")), ["35.8349", "0.5088", "47.4280"]);
    assert_eq!(show(figures("six-again")), ["35.8349", "0.5103", "47.1524"]);
    assert_eq!(
        show(figures("sixes-home")),
        ["37.5591", "0.5097", "48.9330"]
    );
    assert_eq!(show(figures("bump")), ["35.8349", "0.5062", "50.4211"]);
}

#[test]
fn the_plugin_rule_sets_extra_state_is_part_of_the_chain() {
    let board = Board::classic();
    let plain = analyze(&board, &Overshoot, 1);
    let sixes = analyze(&board, &ThreeSixes, 1);
    // A count of consecutive sixes multiplies the token states.
    assert!(sixes.chain.states > plain.chain.states + 50);
    // Being sent back can only lengthen the game.
    assert!(sixes.throws.mean > plain.throws.mean);
    // And through the registry, by name, like any rule set.
    let setup = Setup::new(board, Some("three-sixes"), 1).unwrap();
    let by_name = setup.analyze(&AnalysisOptions::default()).unwrap();
    assert_eq!(by_name.rules, "three-sixes");
    assert_eq!(by_name.throws.mean, sixes.throws.mean);
}

/// Compares the race composition with the chain of the full K-player game,
/// built from the K-player game itself.
fn check_race<R: Rules>(board: &Board, rules: &R, players: u8) {
    let a = analyze(board, rules, players);
    let game = Snakes::new(board, rules, players);
    let limits = Limits::default();
    let chain = Chain::build(&game, &limits, marks).unwrap();
    let full = chain.solve(&limits).unwrap();
    let name = format!("{} with {players} players", board.name());
    close(full.mean, a.seats.total_throws_mean, 1e-9, &name);
    close(full.variance, a.seats.total_throws_variance, 1e-7, &name);
    assert_eq!(full.mode, a.seats.total_throws_mode, "{name}");
    assert_eq!(full.median, a.seats.total_throws_median, "{name}");
    for (result, p) in &full.results {
        let GameResult::Win(seat) = result else {
            panic!("a draw")
        };
        close(*p, a.seats.win_probability[*seat], 1e-12, &name);
    }
    for (m, e) in chain.mark_keys().iter().zip(&full.marks) {
        if let Mark::Land(s) = m {
            close(*e, a.squares.landings[usize::from(*s)], 1e-9, &name);
        }
        if let Mark::Forfeit = m {
            close(*e, a.forfeited_throws_mean, 1e-9, &name);
        }
    }
}

#[test]
#[ignore = "slow: builds the full multi-player chains; .ci/run runs it"]
fn the_race_matches_the_full_multi_player_chain() {
    let teaching = Board::built_in("teaching").unwrap().unwrap();
    check_race(&teaching, &ExactFinish, 2);
    check_race(&teaching, &ExactFinish, 3);
    check_race(&teaching, &Overshoot, 4);
    check_race(&Board::classic(), &Overshoot, 2);
}

/// Every roll sequence of exactly `n` throws that finishes, by brute force
/// through the game itself: (rolls, jumps used in order, chute taken).
fn finishing_sequences<R: Rules>(
    board: &Board,
    rules: &R,
    n: usize,
) -> Vec<(Vec<u16>, Vec<[u16; 2]>)> {
    let game = Snakes::new(board, rules, 1);
    let faces: Vec<u16> = board.dice().ways().into_iter().map(|(s, _)| s).collect();
    let mut found = Vec::new();
    let mut rolls = vec![0usize; n];
    'all: loop {
        let mut state = game.initial_state();
        let mut jumps = Vec::new();
        let mut finished_at = None;
        for (i, &r) in rolls.iter().enumerate() {
            game.apply_chance(&mut state, faces[r], &mut |e| {
                if let Event::Jumped { from, to, .. } = e {
                    jumps.push([from, to]);
                }
            });
            if game.status(&state) != Status::Chance {
                finished_at = Some(i + 1);
                break;
            }
        }
        if finished_at == Some(n) {
            found.push((rolls.iter().map(|&r| faces[r]).collect(), jumps));
        }
        // Next sequence (odometer).
        for d in (0..n).rev() {
            rolls[d] += 1;
            if rolls[d] < faces.len() {
                continue 'all;
            }
            rolls[d] = 0;
        }
        break;
    }
    found
}

/// Roll sequences per set of jumps used.
type Groups = BTreeMap<BTreeSet<[u16; 2]>, u128>;

/// Brute-force shortest games grouped by the set of jumps used.
fn brute_shortest<R: Rules>(
    board: &Board,
    rules: &R,
    require: Require,
    max: usize,
) -> Option<(usize, usize, Groups)> {
    for n in 1..=max {
        let mut groups = Groups::new();
        let mut count = 0;
        for (_, jumps) in finishing_sequences(board, rules, n) {
            let ok = match require {
                Require::None => true,
                Require::Chute => jumps.iter().any(|[f, t]| t < f),
                Require::Ladder => jumps.iter().any(|[f, t]| t > f),
            };
            if ok {
                count += 1;
                *groups.entry(jumps.into_iter().collect()).or_default() += 1;
            }
        }
        if count > 0 {
            return Some((n, count, groups));
        }
    }
    None
}

fn check_shortest<R: Rules>(board: &Board, rules: &R, require: Require, max: usize) {
    let options = AnalysisOptions {
        players: 1,
        shortest: Some(require),
        ..Default::default()
    };
    let a = analysis::analyze(board, rules, &options).unwrap();
    let found = a.shortest.unwrap();
    let name = format!("{} {require:?}", board.name());
    let Some((n, count, groups)) = brute_shortest(board, rules, require, max) else {
        assert!(found.routes.is_empty(), "{name}");
        return;
    };
    assert_eq!(found.throws as usize, n, "{name}");
    assert_eq!(found.sequences, count as u128, "{name}");
    let mut solver = Groups::new();
    for r in &found.routes {
        solver.insert(r.jumps.iter().copied().collect(), r.sequences);
        // The example really is such a game: replay it.
        let game = Snakes::new(board, rules, 1);
        let mut state = game.initial_state();
        let mut squares = vec![0];
        let mut jumps = Vec::new();
        for &roll in &r.example_rolls {
            game.apply_chance(&mut state, roll, &mut |e| {
                if let Event::Jumped { from, to, .. } = e {
                    jumps.push([from, to]);
                }
            });
            squares.push(state.square(0));
        }
        assert_eq!(squares, r.example_squares, "{name}");
        assert_eq!(state.winner(), Some(0), "{name}");
        let mut firsts = Vec::new();
        for j in jumps {
            if !firsts.contains(&j) {
                firsts.push(j);
            }
        }
        assert_eq!(firsts, r.jumps, "{name}");
    }
    assert_eq!(solver, groups, "{name}");
}

#[test]
fn shortest_games_match_brute_force_enumeration() {
    let teaching = Board::built_in("teaching").unwrap().unwrap();
    for require in [Require::None, Require::Chute, Require::Ladder] {
        check_shortest(&teaching, &ExactFinish, require, 8);
        check_shortest(&teaching, &Overshoot, require, 8);
        check_shortest(&teaching, &Bounce, require, 8);
    }
    let small = common::board(
        "Board(name: \"small\", size: 12, dice: Dice(count: 2, faces: 3), ladders: [(2, 9)], chutes: [(11, 1), (7, 3)])",
    );
    for require in [Require::None, Require::Chute, Require::Ladder] {
        check_shortest(&small, &Bounce, require, 8);
        check_shortest(&small, &ExactFinish, require, 8);
    }
    // A board with no chutes: no game slides down one.
    let ladders_only = common::board(
        "Board(name: \"up\", size: 10, dice: Dice(count: 1, faces: 4), ladders: [(2, 6)])",
    );
    check_shortest(&ladders_only, &ExactFinish, Require::Chute, 6);
}

#[test]
fn specification_001_shortest_games_through_a_chute_on_the_classic_board() {
    let board = Board::classic();
    // Brute force: no game of 6 throws or fewer finishes at all.
    for n in 1..=6 {
        assert!(
            finishing_sequences(&board, &ExactFinish, n).is_empty(),
            "{n}"
        );
    }
    check_shortest(&board, &ExactFinish, Require::Chute, 7);
    check_shortest(&board, &ExactFinish, Require::None, 7);
    let options = AnalysisOptions {
        players: 1,
        shortest: Some(Require::Chute),
        ..Default::default()
    };
    let a = analysis::analyze(&board, &ExactFinish, &options).unwrap();
    let s = a.shortest.unwrap();
    // What is true (the book explains the specification's "6 throws, at least 7 ways").
    assert_eq!((s.throws, s.sequences, s.routes.len()), (7, 67, 4));
}

/// A game whose state grows without bound: a counter that goes up.
struct Counter;
impl BoardGame for Counter {
    type State = u64;
    type Move = Infallible;
    type Outcome = u8;
    type Event = ();
    fn seats(&self) -> usize {
        1
    }
    fn initial_state(&self) -> u64 {
        0
    }
    fn status(&self, s: &u64) -> Status {
        if *s == u64::MAX {
            Status::Over(GameResult::Win(0))
        } else {
            Status::Chance
        }
    }
    fn chance_outcomes(&self, _: &u64, out: &mut Vec<Chance<u8>>) {
        out.push(Chance {
            outcome: 0,
            probability: 0.5,
        });
        out.push(Chance {
            outcome: 1,
            probability: 0.5,
        });
    }
    fn apply_chance<E: FnMut(())>(&self, s: &mut u64, o: u8, _: &mut E) {
        *s = if o == 0 { *s + 1 } else { u64::MAX };
    }
    fn apply_move<E: FnMut(())>(&self, _: &mut u64, m: Infallible, _: &mut E) {
        match m {}
    }
}

#[test]
fn too_large_games_fail_with_a_clear_message() {
    let limits = Limits {
        max_states: 1000,
        ..Limits::default()
    };
    let err = Chain::<Counter, ()>::build(&Counter, &limits, |_, _| {}).unwrap_err();
    assert_eq!(
        err,
        ExactError::TooLarge {
            what: "states",
            limit: 1000
        }
    );
    assert!(err.to_string().contains("too large to solve exactly"));
    // A board too large for a small limit.
    let options = AnalysisOptions {
        players: 1,
        limits: Limits {
            max_states: 50,
            ..Limits::default()
        },
        shortest: None,
    };
    let err = analysis::analyze(&Board::classic(), &Overshoot, &options).unwrap_err();
    assert!(matches!(err, ExactError::TooLarge { .. }), "{err}");
}

/// A game that can loop forever from a reachable state.
struct Trap;
impl BoardGame for Trap {
    type State = u8;
    type Move = Infallible;
    type Outcome = u8;
    type Event = ();
    fn seats(&self) -> usize {
        1
    }
    fn initial_state(&self) -> u8 {
        0
    }
    fn status(&self, s: &u8) -> Status {
        if *s == 2 {
            Status::Over(GameResult::Win(0))
        } else {
            Status::Chance
        }
    }
    fn chance_outcomes(&self, _: &u8, out: &mut Vec<Chance<u8>>) {
        out.push(Chance {
            outcome: 1,
            probability: 0.5,
        });
        out.push(Chance {
            outcome: 2,
            probability: 0.5,
        });
    }
    fn apply_chance<E: FnMut(())>(&self, s: &mut u8, o: u8, _: &mut E) {
        // From 0: to 1 (a trap that only returns to itself) or 2 (the end).
        if *s == 0 {
            *s = o;
        }
    }
    fn apply_move<E: FnMut(())>(&self, _: &mut u8, m: Infallible, _: &mut E) {
        match m {}
    }
}

#[test]
fn games_that_can_run_forever_are_refused() {
    let err = Chain::<Trap, ()>::build(&Trap, &Limits::default(), |_, _| {}).unwrap_err();
    assert!(matches!(err, ExactError::NeverEnds { .. }), "{err}");
    assert!(err.to_string().contains("never ends"));
}

#[test]
fn the_report_shows_exact_values_that_the_sampler_agrees_with() {
    const Z: f64 = 4.5;
    for (name, rules, players, seed) in [
        ("classic", "overshoot", 1u8, 11u64),
        ("classic", "exact", 2, 12),
        ("teaching", "bounce", 3, 13),
        ("two-dice", "bounce", 1, 14),
        ("classic", "three-sixes", 1, 15),
    ] {
        let board = Board::built_in(name).unwrap().unwrap();
        let setup = Setup::new(board, Some(rules), usize::from(players)).unwrap();
        let sim = Simulation::new(100_000).with_seed(seed);
        let report = setup
            .simulate(&sim, &ReportOptions { dice_rolls: 0 }, &|_| {})
            .unwrap();
        let exact = report.exact.as_ref().expect("solvable");
        let t = &report.throws;
        assert!(
            (t.mean - exact.throws.mean).abs() < Z * t.std_error,
            "{name} {rules} {players}: {} +/- {} vs {}",
            t.mean,
            t.std_error,
            exact.throws.mean
        );
        assert!(t.min >= exact.throws.min);
        for (seat, &p) in exact.win_probability.iter().enumerate() {
            let rate = report.seats.win_rate[seat];
            let se = (p * (1.0 - p) / report.games as f64).sqrt();
            assert!(
                (rate - p).abs() <= Z * se + 1e-12,
                "{name} {rules}: seat {seat} {rate} vs {p}"
            );
        }
        assert!(
            report
                .to_text()
                .contains(&format!(", exact {:.4}", exact.throws.mean))
        );
    }
}

#[test]
fn marks_count_what_the_report_counts() {
    // Every landing the report's collector sees is a Land mark, once.
    let board = Board::classic();
    let game = Snakes::new(&board, &ExactFinish, 1);
    let mut state = game.initial_state();
    let mut counted: HashMap<u16, u32> = HashMap::new();
    let mut seen: HashMap<u16, u32> = HashMap::new();
    for roll in [1u16, 6, 6, 2, 5, 6, 6, 6, 6, 6, 3] {
        game.apply_chance(&mut state, roll, &mut |e| {
            let mut m = Vec::new();
            marks(&e, &mut m);
            for x in m {
                if let Mark::Land(s) = x {
                    *counted.entry(s).or_default() += 1;
                }
            }
            tabula::sim::Landings::for_each_landing(&e, |s| {
                *seen.entry(s as u16).or_default() += 1;
            });
        });
    }
    assert_eq!(counted, seen);
}
