//! Tests of the fewest-turns solver.

use tabula_core::{BoardGame, Chance, GameResult, Status};
use tabula_exact::fewest::*;
use tabula_exact::*;

/// A coin walk: walk `n` steps to 0; each turn throw a coin, then move one step,
/// or on heads three (where at least three are left, else two, else
/// one). `CoinWalk(n, true)` numbers its states wrongly (early first).
struct CoinWalk(u8, bool);

type S = (u8, Option<bool>);

impl BoardGame for CoinWalk {
    type State = S;
    type Move = u8;
    type Outcome = bool;
    type Event = ();
    fn seats(&self) -> usize {
        1
    }
    fn initial_state(&self) -> S {
        (self.0, None)
    }
    fn status(&self, s: &S) -> Status {
        match s {
            (0, _) => Status::Over(GameResult::Win(0)),
            (_, None) => Status::Chance,
            _ => Status::Decision(0),
        }
    }
    fn chance_outcomes(&self, _: &S, out: &mut Vec<Chance<bool>>) {
        out.extend([true, false].map(|h| Chance {
            outcome: h,
            probability: 0.5,
        }));
    }
    fn apply_chance<E: FnMut(())>(&self, s: &mut S, h: bool, _: &mut E) {
        s.1 = Some(h);
    }
    fn legal_moves(&self, s: &S, out: &mut Vec<u8>) {
        out.push(1);
        if s.1 == Some(true) && s.0 >= 2 {
            out.push(s.0.min(3));
        }
    }
    fn apply_move<E: FnMut(())>(&self, s: &mut S, step: u8, _: &mut E) {
        *s = (s.0 - step, None);
    }
}

impl Dense for CoinWalk {
    fn state_count(&self) -> usize {
        usize::from(self.0) + 1
    }
    fn index(&self, s: &S) -> Option<usize> {
        let i = usize::from(s.0);
        s.1.is_none()
            .then_some(if self.1 { usize::from(self.0) - i } else { i })
    }
    fn states(&self) -> impl Iterator<Item = S> + '_ {
        let n = self.0;
        let wrong = self.1;
        (0..=n).map(move |i| (if wrong { n - i } else { i }, None))
    }
}

/// The expectation by its recursion, written apart: E(0) = 0,
/// E(n) = 1 + ½ min over heads' moves + ½ E(n - 1).
fn by_hand(n: usize) -> Vec<f64> {
    let mut e = vec![0.0f64; n + 1];
    for k in 1..=n {
        let heads = if k >= 2 {
            e[k - 1].min(e[k - k.min(3)])
        } else {
            e[k - 1]
        };
        e[k] = 1.0 + 0.5 * heads + 0.5 * e[k - 1];
    }
    e
}

#[test]
fn expectations_match_the_recursion_and_distributions_their_means() {
    let game = CoinWalk(12, false);
    let fewest = Fewest::solve(&game, true).expect("solves");
    let hand = by_hand(12);
    assert_eq!(hand.len(), 13);
    for (n, &e) in hand.iter().enumerate() {
        assert!((fewest.expected[n] - e).abs() < 1e-12, "{n}");
        let pmf = fewest.distribution(n).expect("kept");
        let total: f64 = pmf.iter().sum();
        let mean: f64 = pmf.iter().enumerate().map(|(k, p)| k as f64 * p).sum();
        assert!((total - 1.0).abs() < 1e-12);
        assert!((mean - e).abs() < 1e-12, "{n}: {mean} vs {e}");
    }
    // Heads at 5: three steps beat one.
    assert_eq!(fewest.best_move(&game, &(5, Some(true))), Some(1));
    assert_eq!(fewest.best_move(&game, &(5, None)), None);
    let lean = Fewest::solve(&game, false).expect("solves");
    assert_eq!(lean.expected, fewest.expected);
    assert_eq!(lean.distribution(3), None);
}

#[test]
fn a_numbering_with_early_states_first_is_refused() {
    let e = Fewest::solve(&CoinWalk(5, true), false)
        .err()
        .expect("refused");
    assert!(e.to_string().contains("not numbered before it"), "{e}");
}
