//! Pig, as the book's tutorial writes it (`book/tutorials/pig/src/lib.rs`,
//! anchor `game`; the test kit's copy, `tabula-toys`), numbered for
//! [`DenseOptimal`](tabula_exact::DenseOptimal), and the tutorial's hand-written value iteration (anchor `exact`) to
//! check and time the framework's solvers against. Shared by the test
//! suite (`tests/pig.rs`) and the `pig_optimal` example.
//!
//! Two players take turns. On your turn you roll a die as often as you
//! like, adding each roll to a turn total; a 1 loses the turn total and
//! ends the turn, and holding banks it. The first to reach the target
//! wins, at once.

#![allow(dead_code)]

use tabula_core::{BoardGame, Chance, Status};
use tabula_exact::Dense;
pub use tabula_toys::pig::{Move, State};

/// Pig to a target score: the test kit's game ([`tabula_toys::Pig`]),
/// here a type of this crate so that it can be numbered ([`Dense`] is
/// not the kit's trait).
#[derive(Clone, Copy, Debug)]
pub struct Pig {
    /// The score that wins.
    pub target: u32,
}

impl Pig {
    fn rules(&self) -> tabula_toys::Pig {
        tabula_toys::Pig {
            target: self.target,
        }
    }
}

impl BoardGame for Pig {
    type State = State;
    type Move = Move;
    type Outcome = u16; // the face rolled
    type Event = ();

    fn seats(&self) -> usize {
        2
    }

    fn initial_state(&self) -> State {
        self.rules().initial_state()
    }

    fn status(&self, s: &State) -> Status {
        self.rules().status(s)
    }

    fn chance_outcomes(&self, s: &State, out: &mut Vec<Chance<u16>>) {
        self.rules().chance_outcomes(s, out)
    }

    fn apply_chance<E: FnMut(())>(&self, s: &mut State, face: u16, events: &mut E) {
        self.rules().apply_chance(s, face, events)
    }

    fn apply_move<E: FnMut(())>(&self, s: &mut State, mv: Move, events: &mut E) {
        self.rules().apply_move(s, mv, events)
    }

    fn legal_moves(&self, s: &State, out: &mut Vec<Move>) {
        self.rules().legal_moves(s, out)
    }
}

/// The decision states, numbered by the scores, late ones first: for
/// each pair of scores (the first seat's falling, then the second's), the
/// first seat to move with each turn total it can hold (falling), then
/// the second. The states of one pair of scores are a cycle (a 1 passes
/// the die and changes no score); every other move raises a score or the
/// turn total, to a state numbered lower. The die in the air is left to
/// the solver.
impl Dense for Pig {
    fn state_count(&self) -> usize {
        let t = self.target as usize;
        t * t * (t + 1)
    }

    fn index(&self, s: &State) -> Option<usize> {
        if s.rolling {
            return None;
        }
        let t = self.target as usize;
        // How far each score is from the target, less one: 0 is late.
        let u = t - 1 - s.scores[0] as usize;
        let v = t - 1 - s.scores[1] as usize;
        // The pair (u, v) holds u + 1 and v + 1 turn totals, after every
        // pair (u' < u, any v') and (u, v' < v).
        let before =
            t * (u * (u + 3) / 2) + u * t * (t - 1) / 2 + v * (u + 2) + v * v.saturating_sub(1) / 2;
        let turn = s.turn_total as usize;
        Some(match s.seat {
            0 => before + u - turn,
            _ => before + u + 1 + v - turn,
        })
    }

    fn states(&self) -> impl Iterator<Item = State> + '_ {
        let t = self.target;
        let state = |scores: [u32; 2], seat: usize, turn_total: u32| State {
            scores,
            turn_total,
            seat,
            rolling: false,
        };
        (0..t).rev().flat_map(move |a| {
            (0..t).rev().flat_map(move |b| {
                let first = (0..t - a).rev().map(move |turn| state([a, b], 0, turn));
                let second = (0..t - b).rev().map(move |turn| state([a, b], 1, turn));
                first.chain(second)
            })
        })
    }
}

/// The tutorial's `Optimal::solve` (anchor `optimal`) and the iteration
/// under it (anchor `exact`), unchanged but for the names: the chance of
/// the seat to move, by seat then [`index`] of (mine, theirs, turn total),
/// and whether to roll there.
pub mod hand {
    /// Solves the game to `target` for the best play of both seats: the
    /// chance that the first seat wins, and whether to roll by (mine,
    /// theirs, turn total).
    pub fn solve(target: u32) -> (Vec<f64>, Vec<bool>) {
        let best = |_: usize, roll: f64, hold: f64| roll.max(hold);
        let win = iterate(target, best);
        let mut roll = vec![true; cube(target)];
        for (mine, theirs, turn) in states(target) {
            let (r, h) = values(&win, target, 0, mine, theirs, turn);
            roll[index(target, mine, theirs, turn)] = r >= h;
        }
        (win, roll)
    }

    fn iterate(target: u32, decide: impl Fn(usize, f64, f64) -> f64) -> Vec<f64> {
        let mut win = vec![0.0; 2 * cube(target)];
        for _sweep in 0..100_000 {
            let mut change: f64 = 0.0;
            for seat in 0..2 {
                for (mine, theirs, turn) in states(target) {
                    let (roll, hold) = values(&win, target, seat, mine, theirs, turn);
                    let chance = if turn == 0 {
                        roll // nothing to hold yet
                    } else {
                        decide(seat, roll, hold)
                    };
                    let at = seat * cube(target) + index(target, mine, theirs, turn);
                    change = change.max((chance - win[at]).abs());
                    win[at] = chance;
                }
            }
            if change < 1e-14 {
                break;
            }
        }
        win
    }

    /// The chance of the seat to move if it rolls, and if it holds.
    fn values(
        win: &[f64],
        target: u32,
        seat: usize,
        mine: u32,
        theirs: u32,
        turn: u32,
    ) -> (f64, f64) {
        let other = (1 - seat) * cube(target);
        // The other seat's chance when the die passes to it.
        let passed = |mine: u32| 1.0 - win[other + index(target, theirs, mine, 0)];
        let mut roll = passed(mine) / 6.0; // a 1
        for face in 2..=6 {
            let total = turn + face;
            roll += if mine + total >= target {
                1.0
            } else {
                win[seat * cube(target) + index(target, mine, theirs, total)]
            } / 6.0;
        }
        let hold = if turn > 0 { passed(mine + turn) } else { 0.0 };
        (roll, hold)
    }

    /// Every state of a seat to move that is not over, the late ones first.
    pub fn states(target: u32) -> impl Iterator<Item = (u32, u32, u32)> {
        (0..target).rev().flat_map(move |mine| {
            (0..target).rev().flat_map(move |theirs| {
                (0..target - mine)
                    .rev()
                    .map(move |turn| (mine, theirs, turn))
            })
        })
    }

    /// States of one seat to move, as the iteration lays them out.
    pub fn cube(target: u32) -> usize {
        (target as usize).pow(3)
    }

    /// Where (mine, theirs, turn total) is, for a seat to move.
    pub fn index(target: u32, mine: u32, theirs: u32, turn: u32) -> usize {
        let t = target as usize;
        (mine as usize * t + theirs as usize) * t + turn as usize
    }
}
