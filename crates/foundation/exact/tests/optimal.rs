//! Optimal play by value iteration: a game with a cycle where the
//! tolerance matters (against its closed form), a dice game with a known
//! optimal expected score, and a two-seat zero-sum race with chance
//! against an independent recursion.

use std::collections::HashMap;

use tabula_core::{Agent, BoardGame, Chance, GameResult, Results, Status, agent_rng};
use tabula_exact::{Chain, ExactError, Limits, Optimal, Reach, ScoreOf, WinZeroSum};
// One decision, again and again, a one leading back to it: the test kit's.
use tabula_toys::gamble::{Gamble, State as G};
use tabula_toys::{KeepLast, keep};

#[test]
fn a_cycle_settles_to_its_closed_form_within_the_tolerance() {
    let game = Gamble {
        stop: 1.0,
        six: 9.0,
        throw_first: false,
    };
    // V = max(1, 9/5) = 1.8, by throwing: each plain sweep adds a sixth
    // of the remaining gap (about 18 sweeps to the tolerance), but the
    // cycle leads back to one state, so the secant method takes a few.
    let limits = Limits::default();
    let optimal = Optimal::solve(&game, &ScoreOf(0), &limits).unwrap_or_else(|e| panic!("{e}"));
    assert!(optimal.residual <= limits.tolerance);
    // The gap after the last sweep is the residual times (1/6) / (5/6).
    assert!(
        (optimal.value - 1.8).abs() <= optimal.residual / 5.0 + 1e-15,
        "{optimal:?}"
    );
    assert!(optimal.iterations <= 6, "{optimal:?}");
    assert_eq!(optimal.best_move(&G::Deciding), Some(1)); // throw
    assert_eq!(optimal.value_of(&G::Throwing), Some(optimal.values()[2]));

    let loose = Limits {
        tolerance: 1e-3,
        ..Limits::default()
    };
    let rough = Optimal::solve(&game, &ScoreOf(0), &loose).unwrap_or_else(|e| panic!("{e}"));
    assert!(rough.iterations <= optimal.iterations);
    assert!(rough.residual <= 1e-3);
    let gap = (1.8 - rough.value).abs();
    assert!(gap <= rough.residual / 5.0 + 1e-15, "{rough:?}");

    let few = Limits {
        max_steps: 3,
        ..Limits::default()
    };
    let err = Optimal::solve(&game, &ScoreOf(0), &few).expect_err("three sweeps are too few");
    assert!(
        matches!(err, ExactError::NotSettled { iterations: 3, residual } if residual > 1e-3),
        "{err}"
    );
}

#[test]
fn equally_good_moves_go_to_the_first_listed() {
    // Throwing is worth 7.5 / 5 = 1.5, exactly what stopping pays.
    for throw_first in [false, true] {
        let game = Gamble {
            stop: 1.5,
            six: 7.5,
            throw_first,
        };
        let optimal = Optimal::solve(&game, &ScoreOf(0), &Limits::default())
            .unwrap_or_else(|e| panic!("{e}"));
        assert!((optimal.value - 1.5).abs() < 1e-12);
        assert_eq!(optimal.best_move(&G::Deciding), Some(0), "{throw_first}");
    }
}

#[test]
fn keep_the_last_of_up_to_n_rolls_has_its_known_value() {
    // v1 = 7/2, v(n+1) = E[max(X, v(n))]: 7/2, 17/4, 14/3, 89/18, 277/54.
    let mut v = 3.5f64;
    for rolls in 1..=5u8 {
        let optimal = Optimal::solve(&KeepLast::one_turn(rolls), &ScoreOf(0), &Limits::default())
            .unwrap_or_else(|e| panic!("{e}"));
        assert!((optimal.value - v).abs() < 1e-12, "{rolls}: {optimal:?}");
        // No cycles: each state is settled by one sweep of its own.
        assert_eq!((optimal.iterations, optimal.residual), (1, 0.0));
        if rolls == 5 {
            assert!((optimal.value - 277.0 / 54.0).abs() < 1e-12);
        }
        v = (1..=6).map(|x| f64::from(x).max(v)).sum::<f64>() / 6.0;
    }

    // The optimal policy folded into the chain gives the same value, and
    // it is an agent.
    // ANCHOR: optimal
    let game = KeepLast::one_turn(3);
    let optimal =
        Optimal::solve(&game, &ScoreOf(0), &Limits::default()).unwrap_or_else(|e| panic!("{e}"));
    let policies: [&dyn Agent<KeepLast>; 1] = [&optimal];
    let limits = Limits::default();
    let chain = Chain::build_with(&game, &policies, &limits, |_, _: &mut Vec<()>| {})
        .unwrap_or_else(|e| panic!("{e}"));
    let solution = chain.solve(&limits).unwrap_or_else(|e| panic!("{e}"));
    assert!((solution.seats[0].score - 14.0 / 3.0).abs() < 1e-12);
    // ANCHOR_END: optimal
    let mut agent = optimal;
    let four = keep::State {
        turn: 0,
        total: 0,
        rolls: 2,
        face: 4,
    };
    // One roll left is worth 3.5: keep a four.
    assert!(!agent.choose(&game, &four, 0, &mut agent_rng(1, 0, 0)));
    // And the probability of ending on a six, played for.
    let sixes = Optimal::solve(
        &game,
        &Reach(|_: &KeepLast, s: &keep::State| s.total == 6),
        &Limits::default(),
    )
    .unwrap_or_else(|e| panic!("{e}"));
    assert!((sixes.value - (1.0 - (5.0f64 / 6.0).powi(3))).abs() < 1e-12);
}

/// A two-seat race to `goal` with chance: on its turn a seat picks the
/// steady die (1 or 2) or the wild die (1 or 4); the first to reach the
/// goal wins.
struct SteadyOrWild {
    goal: u8,
}

#[derive(Clone, Debug, PartialEq, Eq, Hash)]
struct R {
    at: [u8; 2],
    seat: u8,
    /// The die picked, while it rolls.
    wild: Option<bool>,
}

impl BoardGame for SteadyOrWild {
    type State = R;
    type Move = bool; // wild?
    type Outcome = bool; // the die's high face?
    type Event = ();
    fn seats(&self) -> usize {
        2
    }
    fn initial_state(&self) -> R {
        R {
            at: [0, 0],
            seat: 0,
            wild: None,
        }
    }
    fn status(&self, s: &R) -> Status {
        if let Some(w) = s.at.iter().position(|&a| a >= self.goal) {
            Status::Over(GameResult::Win(w))
        } else if s.wild.is_some() {
            Status::Chance
        } else {
            Status::Decision(usize::from(s.seat))
        }
    }
    fn chance_outcomes(&self, _: &R, out: &mut Vec<Chance<bool>>) {
        out.extend([false, true].map(|high| Chance {
            outcome: high,
            probability: 0.5,
        }));
    }
    fn apply_chance<E: FnMut(())>(&self, s: &mut R, high: bool, _: &mut E) {
        let wild = s.wild.take().unwrap_or(false);
        s.at[usize::from(s.seat)] += match (wild, high) {
            (_, false) => 1,
            (false, true) => 2,
            (true, true) => 4,
        };
        s.seat = 1 - s.seat;
    }
    fn legal_moves(&self, _: &R, out: &mut Vec<bool>) {
        out.extend([false, true]);
    }
    fn apply_move<E: FnMut(())>(&self, s: &mut R, wild: bool, _: &mut E) {
        s.wild = Some(wild);
    }
}

/// Seat 0's probability of winning with both seats playing their best, by
/// an independent recursion: `(a, b)` the mover's and the other's
/// positions, returning the mover's probability of winning.
fn mover_wins(goal: u8, a: u8, b: u8, memo: &mut HashMap<(u8, u8), f64>) -> f64 {
    if let Some(&v) = memo.get(&(a, b)) {
        return v;
    }
    let after = |step: u8, memo: &mut HashMap<(u8, u8), f64>| {
        if a + step >= goal {
            1.0
        } else {
            1.0 - mover_wins(goal, b, a + step, memo)
        }
    };
    let steady = 0.5 * after(1, memo) + 0.5 * after(2, memo);
    let wild = 0.5 * after(1, memo) + 0.5 * after(4, memo);
    let v = steady.max(wild);
    memo.insert((a, b), v);
    v
}

#[test]
fn a_zero_sum_race_matches_the_independent_recursion() {
    let goal = 12;
    let game = SteadyOrWild { goal };
    let optimal =
        Optimal::solve(&game, &WinZeroSum, &Limits::default()).unwrap_or_else(|e| panic!("{e}"));
    let mut memo = HashMap::new();
    let expected = mover_wins(goal, 0, 0, &mut memo);
    assert!(
        (optimal.value - expected).abs() < 1e-12,
        "{optimal:?} vs {expected}"
    );
    // Every decision state agrees, for either seat to move.
    for i in 0..optimal.len() {
        let s = optimal.state(i);
        if s.wild.is_none() && s.at.iter().all(|&a| a < goal) {
            let (me, other) = (s.at[usize::from(s.seat)], s.at[1 - usize::from(s.seat)]);
            let mover = mover_wins(goal, me, other, &mut memo);
            let seat0 = if s.seat == 0 { mover } else { 1.0 - mover };
            assert!((optimal.values()[i] - seat0).abs() < 1e-12, "{s:?}");
        }
    }
    // Folded in for both seats, the optimal strategy wins as often as
    // its value says.
    let policies: [&dyn Agent<SteadyOrWild>; 2] = [&optimal, &optimal];
    let limits = Limits::default();
    let chain = Chain::build_with(&game, &policies, &limits, |_, _: &mut Vec<()>| {})
        .unwrap_or_else(|e| panic!("{e}"));
    let solution = chain.solve(&limits).unwrap_or_else(|e| panic!("{e}"));
    assert!((solution.seats[0].win - expected).abs() < 1e-12);
    // Far behind, seat 0 takes the wild die.
    // Seat 0 needs 8 in the two turns it has at most: only two high
    // throws of the wild die do it.
    let behind = R {
        at: [4, 10],
        seat: 0,
        wild: None,
    };
    let ahead = R {
        at: [3, 10],
        seat: 1,
        wild: None,
    };
    assert_eq!(optimal.pick(&game, &behind, 0, &[false, true]), 1);
    assert!((mover_wins(goal, 4, 10, &mut memo) - 0.125).abs() < 1e-15);
    // Seat 1, two short, wins on either die's high face and is one short
    // otherwise: equally good, so the first listed (steady).
    assert_eq!(optimal.pick(&game, &ahead, 1, &[false, true]), 0);
}

#[test]
fn too_many_states_is_refused() {
    let limits = Limits {
        max_states: 10,
        ..Limits::default()
    };
    let err =
        Optimal::solve(&SteadyOrWild { goal: 12 }, &WinZeroSum, &limits).expect_err("too large");
    assert_eq!(
        err,
        ExactError::TooLarge {
            what: "states",
            limit: 10
        }
    );
}

/// Chance only, three states on cycles that lead back to two of them
/// (the depth-first search meets 0 and 1 again from 2): 0 wins or goes
/// to 1; 1 loses or goes to 2; 2 wins or goes back to 0 or 1, each
/// equally likely. Winning from 0 has probability 2/3 (from 1, 1/3; from
/// 2, 2/3).
struct Cycle3;

impl BoardGame for Cycle3 {
    type State = u8; // 0 to 2; 3 won, 4 lost
    type Move = ();
    type Outcome = u8;
    type Event = ();
    fn seats(&self) -> usize {
        1
    }
    fn initial_state(&self) -> u8 {
        0
    }
    fn status(&self, s: &u8) -> Status {
        if *s >= 3 {
            Status::Over(GameResult::Win(0))
        } else {
            Status::Chance
        }
    }
    fn chance_outcomes(&self, s: &u8, out: &mut Vec<Chance<u8>>) {
        let next: &[u8] = match s {
            0 => &[1, 3],
            1 => &[2, 4],
            _ => &[0, 1, 3],
        };
        let p = 1.0 / next.len() as f64;
        out.extend(next.iter().map(|&n| Chance {
            outcome: n,
            probability: p,
        }));
    }
    fn apply_chance<E: FnMut(())>(&self, s: &mut u8, n: u8, _: &mut E) {
        *s = n;
    }
    fn apply_move<E: FnMut(())>(&self, _: &mut u8, _: (), _: &mut E) {}
    fn results(&self, s: &u8) -> Option<Results> {
        (*s >= 3).then(|| Results::from_scores(vec![f64::from(u8::from(*s == 3))]))
    }
}

/// Numbered as listed: every state leads to a later one but 2, so the
/// block leads back to two states.
impl tabula_exact::Dense for Cycle3 {
    fn state_count(&self) -> usize {
        3
    }
    fn index(&self, s: &u8) -> Option<usize> {
        Some(usize::from(*s))
    }
    fn states(&self) -> impl Iterator<Item = u8> + '_ {
        0..3
    }
}

#[test]
fn cycles_leading_back_to_two_states_settle_by_plain_sweeps() {
    let limits = Limits::default();
    let optimal = Optimal::solve(&Cycle3, &ScoreOf(0), &limits).unwrap_or_else(|e| panic!("{e}"));
    let dense = tabula_exact::DenseOptimal::solve(&Cycle3, &ScoreOf(0), &limits)
        .unwrap_or_else(|e| panic!("{e}"));
    for (i, exact) in [2.0 / 3.0, 1.0 / 3.0, 2.0 / 3.0].into_iter().enumerate() {
        let s = i as u8;
        let a = optimal.value_of(&s).expect("reachable");
        let b = dense.value_of(&Cycle3, &s).expect("numbered");
        assert!((a - exact).abs() < 1e-12, "{s}: {a} {optimal:?}");
        assert!((b - exact).abs() < 1e-12, "{s}: {b} {dense:?}");
    }
    // A third of the way round each sweep: many sweeps, no secant.
    assert!(optimal.iterations > 10, "{optimal:?}");
    assert!(dense.iterations > 10, "{dense:?}");
}

/// A fair random walk from 1 to 0 (lost) or `N` (won): won with
/// probability 1/N. Its states all hash alike, so the solver's index
/// tells them apart by comparing them.
struct CollidingWalk;

#[derive(Clone, Debug, PartialEq, Eq)]
struct AllAlike(u32);

impl std::hash::Hash for AllAlike {
    fn hash<H: std::hash::Hasher>(&self, _: &mut H) {}
}

impl CollidingWalk {
    const N: u32 = 40;
}

impl BoardGame for CollidingWalk {
    type State = AllAlike;
    type Move = ();
    type Outcome = bool; // up?
    type Event = ();
    fn seats(&self) -> usize {
        1
    }
    fn initial_state(&self) -> AllAlike {
        AllAlike(1)
    }
    fn status(&self, s: &AllAlike) -> Status {
        match s.0 {
            0 | CollidingWalk::N => Status::Over(GameResult::Win(0)),
            _ => Status::Chance,
        }
    }
    fn chance_outcomes(&self, _: &AllAlike, out: &mut Vec<Chance<bool>>) {
        out.extend([true, false].map(|up| Chance {
            outcome: up,
            probability: 0.5,
        }));
    }
    fn apply_chance<E: FnMut(())>(&self, s: &mut AllAlike, up: bool, _: &mut E) {
        s.0 = if up { s.0 + 1 } else { s.0 - 1 };
    }
    fn apply_move<E: FnMut(())>(&self, _: &mut AllAlike, _: (), _: &mut E) {}
    fn results(&self, s: &AllAlike) -> Option<Results> {
        let won = s.0 == CollidingWalk::N;
        matches!(self.status(s), Status::Over(_))
            .then(|| Results::from_scores(vec![f64::from(u8::from(won))]))
    }
}

#[test]
fn states_that_hash_alike_are_told_apart() {
    let limits = Limits {
        tolerance: 1e-15,
        ..Limits::default()
    };
    let optimal =
        Optimal::solve(&CollidingWalk, &ScoreOf(0), &limits).unwrap_or_else(|e| panic!("{e}"));
    assert_eq!(optimal.len(), CollidingWalk::N as usize + 1);
    for k in 0..=CollidingWalk::N {
        let v = optimal.value_of(&AllAlike(k)).expect("reachable");
        let exact = f64::from(k) / f64::from(CollidingWalk::N);
        assert!((v - exact).abs() < 1e-9, "{k}: {v}");
    }
    assert_eq!(optimal.value_of(&AllAlike(CollidingWalk::N + 1)), None);
}

/// A walk to square 0, one coin a flip: before each flip choose flip
/// (heads two squares, tails one) or dash (heads three, tails none; a
/// dash can lead back to the same square, a cycle).
struct FlipOrDash(u8);

impl BoardGame for FlipOrDash {
    type State = (u8, Option<bool>); // (squares left, dash chosen)
    type Move = bool; // dash?
    type Outcome = bool; // heads?
    type Event = ();
    fn seats(&self) -> usize {
        1
    }
    fn initial_state(&self) -> (u8, Option<bool>) {
        (self.0, None)
    }
    fn status(&self, s: &(u8, Option<bool>)) -> Status {
        match s {
            (0, _) => Status::Over(GameResult::Win(0)),
            (_, None) => Status::Decision(0),
            _ => Status::Chance,
        }
    }
    fn chance_outcomes(&self, _: &(u8, Option<bool>), out: &mut Vec<Chance<bool>>) {
        out.extend([false, true].map(|outcome| Chance {
            outcome,
            probability: 0.5,
        }));
    }
    fn apply_chance<E: FnMut(())>(&self, s: &mut (u8, Option<bool>), heads: bool, _: &mut E) {
        let step = match (s.1, heads) {
            (Some(true), true) => 3,
            (Some(true), false) => 0,
            (_, true) => 2,
            (_, false) => 1,
        };
        *s = (s.0.saturating_sub(step), None);
    }
    fn legal_moves(&self, _: &(u8, Option<bool>), out: &mut Vec<bool>) {
        out.extend([false, true]);
    }
    fn apply_move<E: FnMut(())>(&self, s: &mut (u8, Option<bool>), dash: bool, _: &mut E) {
        s.1 = Some(dash);
    }
}

/// The fewest expected flips from `n` squares, by the recursion: a flip
/// costs one and leaves `n-2` or `n-1`; a dash leaves `n-3` or `n`, so
/// dashing from `n` until heads costs two flips on average and leaves
/// `n-3`.
fn fewest_flips(n: i32, memo: &mut HashMap<i32, f64>) -> f64 {
    if n <= 0 {
        return 0.0;
    }
    if let Some(&v) = memo.get(&n) {
        return v;
    }
    let flip = 1.0 + 0.5 * fewest_flips(n - 2, memo) + 0.5 * fewest_flips(n - 1, memo);
    let dash = 2.0 + fewest_flips(n - 3, memo);
    let v = flip.min(dash);
    memo.insert(n, v);
    v
}

/// The objective `fewest` (issue 53): optimal play for the fewest
/// chance steps is minus their expected number, as the recursion gives,
/// through a cycle (a dash's tails leads back); it is solved for one
/// seat only.
#[test]
fn the_fewest_steps_match_an_independent_recursion() {
    let objective = tabula_exact::Aim::Fewest
        .objective(1)
        .unwrap_or_else(|e| panic!("{e}"));
    let mut memo = HashMap::new();
    for n in 1..=12u8 {
        let solved = Optimal::solve(&FlipOrDash(n), &objective, &Limits::default())
            .unwrap_or_else(|e| panic!("{e}"));
        let expected = fewest_flips(i32::from(n), &mut memo);
        assert!(
            (solved.value + expected).abs() < 1e-9,
            "{n}: {} against {expected}",
            -solved.value
        );
    }
    // From 3 squares a dash (two flips on average) beats a flip (2.25).
    let solved = Optimal::solve(&FlipOrDash(3), &objective, &Limits::default())
        .unwrap_or_else(|e| panic!("{e}"));
    assert_eq!(solved.best_move(&(3, None)), Some(1));
    let refused = tabula_exact::Aim::Fewest
        .objective(2)
        .expect_err("two seats");
    assert!(refused.contains("solved for one seat"), "{refused}");
}
