//! The framework's staged solver on Chance-it reproduces the game's
//! hand-written solvers to 1e-12: win-optimal's self-play chances and
//! policy, every exact pairing, and every strategy's turn distribution.

use tabula_chance_it::stages::{self, WinOptimalStaged};
use tabula_chance_it::{ChanceIt, Config, State, Strategy, Values, WinOptimal, strategy, win};
use tabula_core::Dice;

fn configs() -> Vec<Config> {
    [(2, 6, 10), (1, 6, 12), (2, 4, 8)]
        .into_iter()
        .map(|(count, faces, rounds)| {
            Config::seed()
                .with(Dice::new(count, faces).ok(), Some(rounds), None)
                .expect("a config")
        })
        .collect()
}

fn close(a: [f64; 3], b: [f64; 3], what: &str) {
    for k in 0..3 {
        assert!((a[k] - b[k]).abs() < 1e-12, "{what}: {a:?} against {b:?}");
    }
}

#[test]
fn win_optimal_self_play_and_policy_match_the_hand_solver() {
    for config in configs() {
        let hand = WinOptimal::new(&config).expect("hand solve");
        let generic = WinOptimalStaged::new(&config).expect("generic solve");
        close(
            generic.self_play(),
            hand.self_play(),
            &format!("{config:?}"),
        );
        // The two policies differ at most where both moves are worth the
        // same up to rounding (which of two equal moves a tie rule takes
        // then depends on the last bit): each, played against the other,
        // gives the same chances as either against itself.
        let policy_vs_hand = generic.against(0, &hand).expect("solves");
        close(
            policy_vs_hand,
            hand.self_play(),
            "generic first, hand second",
        );
        let hand_vs_policy = generic.against(1, &hand).expect("solves");
        close(
            hand_vs_policy,
            hand.self_play(),
            "hand first, generic second",
        );
        // And where a decision is not a tie they agree: the first seat's
        // opening turn, roll by roll.
        let game = ChanceIt::new(config);
        for first in config.dice().min()..=config.dice().max() {
            let start = State::at_turn(0, 0, &[0, 0]);
            let state = State::in_turn(&start, 1u128 << first, first, false);
            let g = generic.best_move(&state).expect("a solved state");
            let h = strategy::with_view(&game, &state, |v| hand.reroll_probability(v));
            assert_eq!(g, h as usize, "{config:?} after a first roll of {first}");
        }
    }
}

#[test]
fn every_pairing_matches_the_hand_solver() {
    for config in configs() {
        let hand_w = WinOptimal::new(&config).expect("hand solve");
        let generic_w = WinOptimalStaged::new(&config).expect("generic solve");
        let names = ["until-ten", "tapering", "threshold-7", "optimal"];
        let built: Vec<_> = names
            .iter()
            .map(|n| strategy::build(n, &config).expect("registered"))
            .collect();
        for (i, a) in built.iter().enumerate() {
            for (j, b) in built.iter().enumerate() {
                let hand = win::exact_outcome(&config, &**a, &**b).expect("exact");
                let generic = stages::exact_outcome(&config, &**a, &**b)
                    .expect("solves")
                    .expect("exact");
                close(generic, hand, &format!("{} v {}", names[i], names[j]));
            }
            let hand = win::exact_outcome(&config, &hand_w, &**a).expect("exact");
            close(generic_w.against(0, &**a).expect("solves"), hand, names[i]);
            let hand = win::exact_outcome(&config, &**a, &hand_w).expect("exact");
            close(generic_w.against(1, &**a).expect("solves"), hand, names[i]);
        }
    }
}

#[test]
fn every_strategys_turn_matches_the_forward_pass() {
    for config in configs() {
        let values = Values::new(config.dice());
        for entry in strategy::all().expect("registry") {
            if entry.parameter.is_some() || entry.name == win::NAME {
                continue;
            }
            let s = strategy::build(entry.name, &config).expect("builds");
            for (round, seat, totals) in [(0, 0, [0, 0]), (3, 1, [20, 31])] {
                let hand = values.strategy_distribution(&config, &*s, round, seat, &totals);
                let generic =
                    stages::turn_distribution(&config, &*s, round, seat, &totals).expect("solves");
                assert_eq!(hand.len(), generic.len());
                for (a, b) in hand.iter().zip(&generic) {
                    assert!(
                        (a - b).abs() < 1e-12,
                        "{}: {hand:?} against {generic:?}",
                        entry.name
                    );
                }
            }
        }
    }
}

/// The (turn, difference) starts are exactly those the turns can reach.
#[test]
fn the_seed_game_is_solved_once_per_turn_and_difference() {
    let w = WinOptimalStaged::new(&Config::seed()).expect("solves");
    let reach = |turns: u32| -> std::collections::BTreeSet<i64> {
        let mut totals = std::collections::BTreeSet::from([0i64]);
        for _ in 0..turns {
            totals = totals
                .iter()
                .flat_map(|t| [0].into_iter().chain(2..=12).map(move |s| t + s))
                .collect();
        }
        totals
    };
    let starts: usize = (0..20u32)
        .map(|t| {
            let (a, b) = (reach(t.div_ceil(2)), reach(t / 2));
            a.iter()
                .flat_map(|x| b.iter().map(move |y| x - y))
                .collect::<std::collections::BTreeSet<_>>()
                .len()
        })
        .sum();
    assert_eq!(w.turn_starts(), starts);
    // A start read at its difference: 30 to 20 is 10 to 0.
    let at = |totals: &[u32]| w.chances_at(4, 1, totals).expect("reached");
    assert_eq!(at(&[30, 20]), at(&[10, 0]));
    let _ = State::at_turn(0, 0, &[]);
}
