//! The house rules' semantics on hand-built positions: a six throws again,
//! the third six of a turn goes home, `bump` sends the other token home
//! (and does nothing with one player).

use tabula_core::BoardGame;
use tabula_sim::{LengthOf, Lengths, Simulation};
use tabula_snakes::{
    AnalysisOptions, Board, Bump, Effect, Event, Overshoot, Rules, Setup, SixAgain, SixesHome,
    Snakes, State, Turn,
};

/// Applies one throw, returning its events.
fn throw<R: Rules>(game: &Snakes<'_, R>, state: &mut State<R::Extra>, roll: u16) -> Vec<Event> {
    let mut events = Vec::new();
    game.apply_chance(state, roll, &mut |e| events.push(e));
    events
}

#[test]
fn a_six_throws_again() {
    let board = Board::classic();
    let game = Snakes::new(&board, &SixAgain, 2);
    let mut s = game.initial_state();
    let events = throw(&game, &mut s, 6);
    assert_eq!(s.turn(), 0, "a six: the same seat throws again");
    assert!(s.again());
    assert_eq!(s.square(0), 6);
    assert_eq!(events.last(), Some(&Event::Again { seat: 0 }));
    // Another six, and again.
    throw(&game, &mut s, 6);
    assert_eq!((s.turn(), s.square(0)), (0, 12));
    // A three ends the turn: seat 1 throws next, from the start.
    let events = throw(&game, &mut s, 3);
    assert!(!events.contains(&Event::Again { seat: 0 }));
    assert_eq!(
        (s.turn(), s.again(), s.square(0), s.square(1)),
        (1, false, 15, 0)
    );
    // The rule itself: only the dice's highest throw gives another.
    let turn = Turn::new(&board, 0, 10, true, &[10, 0]);
    assert!(SixAgain.throws_again(&turn, &(), 6, Effect::Advance(16)));
    assert!(!SixAgain.throws_again(&turn, &(), 5, Effect::Advance(15)));
    // Overshoot never throws again, and costs nothing to ask.
    const { assert!(!Overshoot::THROWS_AGAIN && !Overshoot::INTERACTS) };
}

#[test]
fn a_six_that_finishes_ends_the_game() {
    let board = Board::classic();
    let game = Snakes::new(&board, &SixAgain, 2);
    let mut s = game.initial_state();
    s.set(0, 97, ());
    let events = throw(&game, &mut s, 6);
    assert_eq!(s.winner(), Some(0));
    assert!(!events.contains(&Event::Again { seat: 0 }));
}

#[test]
fn the_third_six_of_a_turn_goes_home_and_ends_the_turn() {
    let board = Board::classic();
    let game = Snakes::new(&board, &SixesHome, 2);
    let mut s = game.initial_state();
    s.set(0, 10, 0);
    throw(&game, &mut s, 6); // 16: a chute to 6
    assert_eq!((s.turn(), s.square(0), s.extra(0)), (0, 6, 1));
    throw(&game, &mut s, 6); // 12
    assert_eq!((s.turn(), s.square(0), s.extra(0)), (0, 12, 2));
    let events = throw(&game, &mut s, 6); // the third six: home
    assert_eq!(
        events,
        vec![Event::SentTo {
            seat: 0,
            roll: 6,
            from: 12,
            to: 0
        }]
    );
    assert_eq!(
        (s.turn(), s.again(), s.square(0), s.extra(0)),
        (1, false, 0, 0)
    );
    // Sixes of different turns never add up.
    let mut s = game.initial_state();
    s.set(0, 20, 0);
    throw(&game, &mut s, 6); // seat 0: 26, again
    throw(&game, &mut s, 6); // 32, again
    throw(&game, &mut s, 2); // 34, turn over
    throw(&game, &mut s, 2); // seat 1: 2
    throw(&game, &mut s, 6); // seat 0: 40, again: the first six of this turn
    assert_eq!((s.turn(), s.square(0), s.extra(0)), (0, 40, 1));
    throw(&game, &mut s, 6); // 46
    assert_eq!((s.turn(), s.square(0), s.extra(0)), (0, 46, 2));
    // With one player the third six in a row within a turn goes home too.
    let solo = Snakes::new(&board, &SixesHome, 1);
    let mut s = solo.initial_state();
    s.set(0, 30, 2);
    s.set_again(true);
    throw(&solo, &mut s, 6);
    assert_eq!((s.square(0), s.again()), (0, false));
    // A third six that is the first of its turn counts as the first.
    let mut s = solo.initial_state();
    s.set(0, 30, 2);
    throw(&solo, &mut s, 6);
    assert_eq!((s.square(0), s.again(), s.extra(0)), (44, true, 1)); // 36 ladder to 44
}

#[test]
fn bump_sends_the_other_token_home() {
    let board = Board::classic();
    let game = Snakes::new(&board, &Bump, 3);
    let mut s = game.initial_state();
    s.set(1, 10, ());
    s.set(2, 31, ());
    s.set(0, 7, ());
    let events = throw(&game, &mut s, 3);
    assert!(events.contains(&Event::Bumped {
        seat: 1,
        by: 0,
        from: 10,
        to: 0
    }));
    assert_eq!((s.square(0), s.square(1), s.square(2)), (10, 0, 31));
    assert_eq!(s.turn(), 1);
    // Coming to rest by a ladder counts: seat 1 from 5 throws 4, climbs 9 -> 31.
    s.set(1, 5, ());
    let events = throw(&game, &mut s, 4);
    assert!(events.contains(&Event::Bumped {
        seat: 2,
        by: 1,
        from: 31,
        to: 0
    }));
    assert_eq!((s.square(0), s.square(1), s.square(2)), (10, 31, 0));
    // Passing over a token, or a token on the start, is no bump.
    let mut s = game.initial_state();
    s.set(1, 12, ());
    let events = throw(&game, &mut s, 5);
    assert!(!events.iter().any(|e| matches!(e, Event::Bumped { .. })));
    assert_eq!((s.square(0), s.square(1), s.square(2)), (5, 12, 0));
    // A finishing throw sends no one back.
    let mut s = game.initial_state();
    s.set(1, 99, ());
    s.set(0, 94, ());
    let events = throw(&game, &mut s, 6);
    assert_eq!(s.winner(), Some(0));
    assert!(!events.iter().any(|e| matches!(e, Event::Bumped { .. })));
}

#[test]
fn bump_with_one_player_does_nothing() {
    let board = Board::classic();
    // Hand-built: a one-player game has no other token to send.
    let game = Snakes::new(&board, &Bump, 1);
    let mut s = game.initial_state();
    s.set(0, 7, ());
    let events = throw(&game, &mut s, 3);
    assert!(!events.iter().any(|e| matches!(e, Event::Bumped { .. })));
    // The whole one-player game is overshoot's: same throws for a seed...
    let run = |players| {
        let bump = Snakes::new(&board, &Bump, players);
        let over = Snakes::new(&board, &Overshoot, players);
        let sim = Simulation::new(2_000).with_seed(5);
        let a = sim
            .run_sampled(&bump, Lengths::new(LengthOf::ChanceSteps))
            .unwrap();
        let b = sim
            .run_sampled(&over, Lengths::new(LengthOf::ChanceSteps))
            .unwrap();
        (a.collector.mean(), b.collector.mean())
    };
    let (a, b) = run(1);
    assert_eq!(a, b);
    // ... which two players' bumps change.
    let (a, b) = run(2);
    assert_ne!(a, b);
    // ... and the same exact values.
    let exact = |name| {
        Setup::new(board.clone(), Some(name), 1)
            .unwrap()
            .analyze(&AnalysisOptions::default())
            .unwrap()
    };
    assert_eq!(exact("bump").throws.mean, exact("overshoot").throws.mean);
}

#[test]
fn house_rules_are_registered_and_playable() {
    let board = Board::classic();
    for name in ["six-again", "sixes-home", "bump"] {
        let setup = Setup::new(board.clone(), Some(name), 2).unwrap();
        assert_eq!(setup.rules.name, name);
    }
    for r in tabula_snakes::rules::all().unwrap() {
        r.rules.check_playable(&board).unwrap();
    }
}

#[test]
fn a_report_too_large_to_solve_says_why() {
    let setup = Setup::new(Board::classic(), Some("bump"), 3).unwrap();
    let sim = Simulation::new(200).with_seed(3);
    let report = setup
        .simulate(
            &sim,
            &tabula_snakes::ReportOptions { dice_rolls: 0 },
            &|_| {},
        )
        .unwrap();
    assert!(report.exact.is_none());
    let why = report.exact_unavailable.unwrap();
    assert!(why.contains("3 tokens are solved together"), "{why}");
    assert!(why.contains("past what the report solves"), "{why}");
}

/// Rules that throw again but never move other tokens are a race of
/// independent tokens taking whole turns (`Chain::turns`): its numbers
/// are the joint chain's, which solves all tokens together, for every
/// quantity the analysis reports.
#[test]
fn a_race_of_whole_turns_is_the_joint_chain() {
    use tabula_exact::{Chain, Limits};
    use tabula_snakes::analysis::{Mark, marks};
    fn check<R: Rules>(board: &Board, rules: &R, players: u8) {
        let name = format!("{} with {players} players", board.name());
        let limits = Limits::default();
        let one = Chain::build(&Snakes::new(board, rules, 1), &limits, marks).unwrap();
        let turns = one.turns(&limits, |s| !s.again()).unwrap();
        let race = turns.race(usize::from(players));
        let all = Chain::build(&Snakes::new(board, rules, players), &limits, marks).unwrap();
        let whole = all.solve(&limits).unwrap();
        let close = |a: f64, b: f64, what: &str| {
            assert!(
                (a - b).abs() <= 1e-12 * b.abs().max(1.0),
                "{name}: {what} {a} against the joint chain's {b}"
            );
        };
        let mut wins = vec![0.0; usize::from(players)];
        for &(r, p) in &whole.results {
            if let tabula_core::GameResult::Win(s) = r {
                wins[s] += p;
            }
        }
        for (seat, (a, b)) in race.win_probability.iter().zip(&wins).enumerate() {
            close(*a, *b, &format!("seat {seat}'s win"));
        }
        // Only turns: the same chances.
        let counts = one.turn_counts(&limits, |s| !s.again()).unwrap();
        for (a, b) in counts
            .win_probability(usize::from(players))
            .iter()
            .zip(&wins)
        {
            close(*a, *b, "a win counted in turns only");
        }
        close(race.total_mean, whole.mean, "total throws' mean");
        close(
            race.total_variance,
            whole.variance,
            "total throws' variance",
        );
        assert_eq!(
            (race.total_mode, race.total_median, race.total_min),
            (whole.mode, whole.median, whole.min),
            "{name}"
        );
        assert_eq!(race.total_pmf.len(), whole.pmf.len(), "{name}");
        for (a, b) in race.total_pmf.iter().zip(&whole.pmf) {
            assert!((a - b).abs() < 1e-15, "{name}: pmf {a} against {b}");
        }
        // Every mark: landings on each square, ladders, chutes, forfeits.
        let expected = |chain: &Chain<Snakes<'_, R>, Mark>, values: &[f64], m: &Mark| {
            chain
                .mark_keys()
                .iter()
                .position(|k| k == m)
                .map_or(0.0, |i| values[i])
        };
        for m in all.mark_keys() {
            close(
                expected(&one, &race.marks, m),
                expected(&all, &whole.marks, m),
                &format!("{m:?}"),
            );
        }
    }
    let classic = Board::classic();
    let teaching = Board::built_in("teaching").unwrap().unwrap();
    // A thread each: the chains are built in this test crate, unoptimized.
    let teaching = &teaching;
    std::thread::scope(|threads| {
        threads.spawn(|| check(&classic, &SixAgain, 2));
        for players in [2, 3] {
            threads.spawn(move || check(teaching, &SixAgain, players));
            threads.spawn(move || check(teaching, &SixesHome, players));
        }
    });
    // The analysis takes that race, and says so.
    let a = Setup::new(classic, Some("six-again"), 4)
        .unwrap()
        .analyze(&AnalysisOptions::default())
        .unwrap();
    assert_eq!((a.chain.tokens, a.chain.by_turns), (1, true));
    let total: f64 = a.seats.win_probability.iter().sum();
    assert!((total - 1.0).abs() < 1e-12, "{total}");
}

/// Two tokens that bump each other, solved as a duel over the pairs of
/// one-token states (`Chain::duel`): every number the joint chain gives.
#[test]
fn a_duel_of_two_bumping_tokens_is_the_joint_chain() {
    use tabula_exact::{Chain, Limits};
    use tabula_snakes::analysis::{Mark, marks};
    let limits = Limits::default();
    for name in ["teaching", "classic"] {
        let board = Board::built_in(name).unwrap().unwrap();
        let all = Chain::build(&Snakes::new(&board, &Bump, 2), &limits, marks).unwrap();
        let whole = all.solve(&limits).unwrap();
        let a = tabula_snakes::analysis::Solver::new(&board, &Bump, &limits)
            .unwrap()
            .analyze(2, None)
            .unwrap();
        let close = |x: f64, y: f64, what: &str| {
            assert!(
                (x - y).abs() <= 1e-12 * y.abs().max(1.0),
                "{name}: {what} {x} against the joint chain's {y}"
            );
        };
        let mut wins = [0.0; 2];
        for &(r, p) in &whole.results {
            if let tabula_core::GameResult::Win(s) = r {
                wins[s] += p;
            }
        }
        close(a.seats.win_probability[0], wins[0], "seat 1's win");
        close(a.seats.win_probability[1], wins[1], "seat 2's win");
        close(a.seats.total_throws_mean, whole.mean, "mean");
        close(a.seats.total_throws_variance, whole.variance, "variance");
        assert_eq!(
            (
                a.seats.total_throws_mode,
                a.seats.total_throws_median,
                a.seats.total_throws_min
            ),
            (whole.mode, whole.median, whole.min),
            "{name}"
        );
        assert_eq!(a.seats.total_throws_pmf.len(), whole.pmf.len(), "{name}");
        for (x, y) in a.seats.total_throws_pmf.iter().zip(&whole.pmf) {
            assert!((x - y).abs() < 1e-15, "{name}: pmf {x} against {y}");
        }
        for (square, &x) in a.squares.landings.iter().enumerate() {
            let y = all
                .mark_keys()
                .iter()
                .position(|k| *k == Mark::Land(square as u16))
                .map_or(0.0, |i| whole.marks[i]);
            close(x, y, &format!("landings on {square}"));
        }
        assert_eq!(a.chain.tokens, 2);
    }
}
