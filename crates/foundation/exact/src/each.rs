//! Optimal play for any number of seats, each seat for itself: the
//! solution the framework computes where one number cannot say what
//! optimal play is (three or more seats, each with its own goal).
//!
//! [`EachOwn::solve`] values every state reachable from the initial one
//! by a vector, one component per seat, and works backwards from the
//! finished games (backward induction): a finished game is worth its
//! [`Objective::terminal_vector`] (for [`WinChances`](crate::WinChances), 1 for the seat
//! that ranks first alone; for [`Scores`](crate::Scores), each seat's score), a chance
//! state the probability-weighted mean of its outcomes' vectors, and a
//! decision state the vector of the move that is best *for the seat
//! deciding*, its own component largest; of moves within
//! `1e-9 · max(1, |best|)` of the best, the first in
//! [`BoardGame::legal_moves`] order. The result is a subgame-perfect
//! equilibrium: in every state, no seat gains by changing its own move.
//! It is one equilibrium of possibly several (the tie-break chooses
//! among them), and it assumes the game has no cycles (a state that
//! leads back to itself is refused: backward induction needs an end
//! to work back from).
//!
//! It explores and orders the states as [`Optimal`](crate::Optimal)
//! does (one state graph from the one builder, `explore.rs`, within the
//! same [`Limits`], ordered by strongly connected components, each after
//! those it leads to): where optimal play of one number settles each
//! component by sweeps, a game without cycles has components of one
//! state each, valued once.
//!
//! ```
//! use tabula_core::{BoardGame, Chance, GameResult, Results, Status};
//! use tabula_exact::{EachOwn, Limits, WinChances};
//!
//! /// Three seats each say 1 or 2 in turn; the total's remainder by 3
//! /// names the winner.
//! struct Say;
//! impl BoardGame for Say {
//!     type State = Vec<u8>;
//!     type Move = u8;
//!     type Outcome = ();
//!     type Event = ();
//!     fn seats(&self) -> usize { 3 }
//!     fn initial_state(&self) -> Vec<u8> { Vec::new() }
//!     fn status(&self, s: &Vec<u8>) -> Status {
//!         if s.len() == 3 {
//!             let total: u8 = s.iter().sum();
//!             Status::Over(GameResult::Win(usize::from(total % 3)))
//!         } else {
//!             Status::Decision(s.len())
//!         }
//!     }
//!     fn chance_outcomes(&self, _: &Vec<u8>, _: &mut Vec<Chance<()>>) {}
//!     fn apply_chance<E: FnMut(())>(&self, _: &mut Vec<u8>, _: (), _: &mut E) {}
//!     fn legal_moves(&self, _: &Vec<u8>, out: &mut Vec<u8>) { out.extend([1, 2]) }
//!     fn apply_move<E: FnMut(())>(&self, s: &mut Vec<u8>, m: u8, _: &mut E) { s.push(m) }
//! }
//!
//! let solved = EachOwn::solve(&Say, &WinChances, &Limits::default())?;
//! // Seat 1 wins: whatever it says, the seats after it, each playing for
//! // itself, leave the total a multiple of 3 (worked out by hand).
//! assert_eq!(solved.value(), &[1.0, 0.0, 0.0, 0.0]);
//! # Ok::<_, tabula_exact::ExactError>(())
//! ```

use std::collections::HashMap;
use std::fmt::Debug;
use std::hash::Hash;

use tabula_core::{Agent, BoardGame, GameRng, Seat, Status};

use crate::budget::{Clock, Stage};
use crate::{ExactError, Limits, Objective};

/// Optimal play for any number of seats, each seat maximising its own
/// component of a vector objective (see the [module docs](self)).
pub struct EachOwn<G: BoardGame> {
    /// Each state's value vector and best move (its index in the legal
    /// moves; `u32::MAX` where no one decides).
    solved: HashMap<G::State, (Vec<f64>, u32)>,
    /// The initial state's value.
    value: Vec<f64>,
}

impl<G: BoardGame> Debug for EachOwn<G> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("EachOwn")
            .field("states", &self.solved.len())
            .field("value", &self.value)
            .finish()
    }
}

impl<G> EachOwn<G>
where
    G: BoardGame,
    G::State: Hash + Eq + Clone + Debug,
{
    /// Solves `game` under the vector `objective` ([`WinChances`] or
    /// [`Scores`], its first [`Objective::components`] numbers one per
    /// seat), within `limits.max_states` states. An error when the game
    /// has a cycle, outgrows the limit, or a state lists no move.
    ///
    /// [`WinChances`]: crate::WinChances
    /// [`Scores`]: crate::Scores
    pub fn solve(
        game: &G,
        objective: &impl Objective<G>,
        limits: &Limits,
    ) -> Result<EachOwn<G>, ExactError> {
        let width = objective.components(game).max(game.seats());
        // The state graph and its order as optimal play of one number
        // takes them ([`Optimal::solve`](crate::Optimal::solve)): every
        // state after the states it leads to, grouped by strongly
        // connected component. Without cycles each component is one
        // state, valued once from its successors' vectors.
        let graph = crate::optimal::Graph::explore(game, objective, limits)?;
        let (order, ends) = graph.components();
        let n = graph.nodes.len();
        let mut values = vec![0.0; n * width];
        let mut best = vec![u32::MAX; n];
        let mut clock = Clock::start(limits, 1024);
        let mut start = 0;
        for &end in &ends {
            let end = end as usize;
            let s = order[start] as usize;
            let state = &graph.graph.states[s];
            let targets = graph.targets(s);
            if end - start > 1 || targets.contains(&(s as u32)) {
                return Err(ExactError::Unsupported(format!(
                    "optimal play for each seat is solved by backward induction, for games without cycles; state {state:?} leads back to itself. Name fixed policies for the seats instead (--agents A,B,C: the chain solves a game with cycles), or simulate"
                )));
            }
            let (done, rest) = values.split_at_mut(s * width);
            let (v, after) = rest.split_at_mut(width);
            let of = |t: u32| -> &[f64] {
                let t = t as usize;
                // Successors come before, in the order: solved.
                if t < s {
                    &done[t * width..(t + 1) * width]
                } else {
                    &after[(t - s - 1) * width..(t - s) * width]
                }
            };
            match game.status(state) {
                Status::Over(result) => objective.terminal_vector(game, state, result, v),
                Status::Chance => {
                    for (&p, &t) in graph.probabilities(s).iter().zip(targets) {
                        for (x, y) in v.iter_mut().zip(of(t)) {
                            *x += p * y;
                        }
                    }
                }
                Status::Decision(seat) => {
                    let mine = |t: u32| of(t).get(seat).copied().unwrap_or(0.0);
                    let top = targets
                        .iter()
                        .map(|&t| mine(t))
                        .fold(f64::NEG_INFINITY, f64::max);
                    let tolerance = 1e-9 * top.abs().max(1.0);
                    let at = targets
                        .iter()
                        .position(|&t| mine(t) >= top - tolerance)
                        .unwrap_or(0);
                    v.copy_from_slice(of(targets[at]));
                    best[s] = at as u32;
                }
            }
            clock.tick(|| Stage::Blocks {
                solved: end,
                states: n,
            })?;
            start = end;
        }
        let value = values.get(..width).map(<[f64]>::to_vec).unwrap_or_default();
        let solved = graph
            .graph
            .states
            .into_iter()
            .zip(values.chunks(width).map(<[f64]>::to_vec).zip(best))
            .collect();
        Ok(EachOwn { solved, value })
    }

    /// The initial state's value: each seat's component (and, for
    /// [`WinChances`](crate::WinChances), the chance of a tie last).
    pub fn value(&self) -> &[f64] {
        &self.value
    }

    /// The states solved.
    pub fn len(&self) -> usize {
        self.solved.len()
    }

    /// Whether nothing was solved.
    pub fn is_empty(&self) -> bool {
        self.solved.is_empty()
    }

    /// A state's value, if it was reached.
    pub fn value_of(&self, state: &G::State) -> Option<&[f64]> {
        self.solved.get(state).map(|(v, _)| v.as_slice())
    }

    /// The optimal move's index among `moves` (the legal moves of
    /// `state`, in the game's order); the first where `state` was never
    /// reached.
    pub fn pick(&self, _: &G, state: &G::State, _: Seat, moves: &[G::Move]) -> usize {
        match self.solved.get(state) {
            Some((_, best)) if (*best as usize) < moves.len() => *best as usize,
            _ => 0,
        }
    }
}

crate::solved_agent!(
    /// Each seat's optimal play as an agent: a rule, which plays
    /// [`EachOwn::pick`]'s move (and gives it probability 1).
    impl[G] Agent<G> for EachOwn<G>
    where
        G: BoardGame,
        G::State: Hash + Eq + Clone + Debug + Sync,
);

#[cfg(test)]
mod tests {
    use super::*;
    use crate::WinChances;
    use tabula_core::Chance;
    use tabula_core::{GameResult, Results};

    /// Three seats, each in turn rolls a three-sided die as often as it
    /// likes, adding to its total; past 5 it busts (0), and stopping is
    /// for good. The highest total alone wins.
    struct Push;

    #[derive(Clone, Debug, PartialEq, Eq, Hash)]
    struct S {
        totals: [u8; 3],
        seat: usize,
        rolling: bool,
    }

    impl BoardGame for Push {
        type State = S;
        type Move = bool; // roll?
        type Outcome = u8;
        type Event = ();
        fn seats(&self) -> usize {
            3
        }
        fn initial_state(&self) -> S {
            S {
                totals: [0; 3],
                seat: 0,
                rolling: false,
            }
        }
        fn status(&self, s: &S) -> Status {
            if s.seat == 3 {
                let r = self.results(s).unwrap_or_else(|| Results::draw(3));
                Status::Over(r.sole_winner().map_or(GameResult::Draw, GameResult::Win))
            } else if s.rolling {
                Status::Chance
            } else {
                Status::Decision(s.seat)
            }
        }
        fn results(&self, s: &S) -> Option<Results> {
            (s.seat == 3)
                .then(|| Results::from_scores(s.totals.iter().map(|&t| f64::from(t)).collect()))
        }
        fn chance_outcomes(&self, _: &S, out: &mut Vec<Chance<u8>>) {
            out.extend((1..=3).map(|f| Chance {
                outcome: f,
                probability: 1.0 / 3.0,
            }));
        }
        fn apply_chance<E: FnMut(())>(&self, s: &mut S, f: u8, _: &mut E) {
            s.rolling = false;
            s.totals[s.seat] += f;
            if s.totals[s.seat] > 5 {
                s.totals[s.seat] = 0;
                s.seat += 1;
            }
        }
        fn legal_moves(&self, _: &S, out: &mut Vec<bool>) {
            out.extend([true, false]);
        }
        fn apply_move<E: FnMut(())>(&self, s: &mut S, roll: bool, _: &mut E) {
            if roll {
                s.rolling = true;
            } else {
                s.seat += 1;
            }
        }
    }

    /// The same equilibrium by brute force: the whole game tree, no
    /// table, each seat taking the first move best for itself.
    fn brute(totals: [u8; 3], seat: usize) -> [f64; 4] {
        if seat == 3 {
            let best = *totals.iter().max().unwrap_or(&0);
            let firsts: Vec<usize> = (0..3).filter(|&s| totals[s] == best).collect();
            let mut v = [0.0; 4];
            if firsts.len() == 1 {
                v[firsts[0]] = 1.0;
            } else {
                v[3] = 1.0;
            }
            return v;
        }
        let stop = brute(totals, seat + 1);
        let mut roll = [0.0; 4];
        for f in 1..=3u8 {
            let mut t = totals;
            t[seat] += f;
            let v = if t[seat] > 5 {
                t[seat] = 0;
                brute(t, seat + 1)
            } else {
                brute(t, seat)
            };
            for (x, y) in roll.iter_mut().zip(v) {
                *x += y / 3.0;
            }
        }
        // Roll is listed first: it wins ties.
        if roll[seat] >= stop[seat] - 1e-9 {
            roll
        } else {
            stop
        }
    }

    #[test]
    fn each_seat_for_itself_matches_brute_force() {
        let solved = EachOwn::solve(&Push, &WinChances, &Limits::default()).unwrap();
        let expected = brute([0; 3], 0);
        for (got, want) in solved.value().iter().zip(expected) {
            assert!(
                (got - want).abs() < 1e-12,
                "{:?} against {expected:?}",
                solved.value()
            );
        }
        // From every decision state reached, too.
        for (state, (value, _)) in &solved.solved {
            if !state.rolling && state.seat < 3 {
                let want = brute(state.totals, state.seat);
                assert!(
                    value.iter().zip(want).all(|(a, b)| (a - b).abs() < 1e-12),
                    "{state:?}"
                );
            }
        }
        // The chances and the tie sum to one.
        assert!((solved.value().iter().sum::<f64>() - 1.0).abs() < 1e-12);
    }
}
