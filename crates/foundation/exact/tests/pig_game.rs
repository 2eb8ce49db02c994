//! Pig, as the book's tutorial writes it (`book/tutorials/pig/src/lib.rs`,
//! anchor `game`): the test kit's game ([`tabula_toys::Pig`], numbered for
//! [`DenseOptimal`](tabula_exact::DenseOptimal) by the kit's feature
//! `exact`), and the tutorial's hand-written value iteration (anchor
//! `exact`) to check and time the framework's solvers against. Shared by
//! the test suite (`tests/pig.rs`) and the `pig_optimal` example.
//!
//! Two players take turns. On your turn you roll a die as often as you
//! like, adding each roll to a turn total; a 1 loses the turn total and
//! ends the turn, and holding banks it. The first to reach the target
//! wins, at once.

#![allow(dead_code)]

pub use tabula_toys::Pig;
pub use tabula_toys::pig::State;

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
