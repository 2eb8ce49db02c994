//! `Greedy`: the best evaluation one move ahead.

use rand::RngExt;
use tabula_core::{Agent, Chance, GameRng, Seat, Status};

use crate::heuristic::{Heuristic, moves, static_value};

/// How many chance points in a row greedy averages over after its move
/// before it evaluates.
pub const CHANCE_DEPTH: u32 = 4;

/// Plays the move whose result evaluates best for its seat: a finished
/// game by its points, chance points that follow by the expectation over
/// their outcomes (up to [`CHANCE_DEPTH`] in a row), anything else by
/// [`Heuristic::evaluate`]. Ties are broken at random.
///
/// # Panics
///
/// [`choose`](Agent::choose) panics at a state with no legal move.
#[derive(Clone, Copy, Debug, Default)]
pub struct Greedy;

impl Greedy {
    /// The value for `seat` of `state`: points when over, the expectation
    /// over chance outcomes (`left` more chance points), else the
    /// evaluation.
    pub fn value<G: Heuristic>(game: &G, state: &G::State, seat: Seat, left: u32) -> f64 {
        if left > 0 && game.status(state) == Status::Chance {
            let mut outcomes: Vec<Chance<G::Outcome>> = Vec::new();
            game.chance_outcomes(state, &mut outcomes);
            if !outcomes.is_empty() {
                return outcomes
                    .iter()
                    .map(|c| {
                        let mut child = state.clone();
                        game.apply_chance(&mut child, c.outcome, &mut |_| {});
                        c.probability * Greedy::value(game, &child, seat, left - 1)
                    })
                    .sum();
            }
        }
        static_value(game, state, seat)
    }

    /// The move greedy plays, or `None` when there is no legal move.
    pub fn best_move<G: Heuristic>(
        game: &G,
        state: &G::State,
        seat: Seat,
        rng: &mut GameRng,
    ) -> Option<G::Move> {
        let mut list = Vec::new();
        moves(game, state, &mut list);
        if list.len() <= 1 {
            return list.pop();
        }
        let mut best = f64::NEG_INFINITY;
        let mut ties: Vec<usize> = Vec::new();
        for (i, mv) in list.iter().enumerate() {
            let mut child = state.clone();
            game.apply_move(&mut child, mv.clone(), &mut |_| {});
            let v = Greedy::value(game, &child, seat, CHANCE_DEPTH);
            if v > best {
                best = v;
                ties.clear();
            }
            if v == best {
                ties.push(i);
            }
        }
        let pick = match ties.len() {
            0 => 0,
            n => ties[rng.random_range(0..n)],
        };
        Some(list.swap_remove(pick))
    }
}

impl<G: Heuristic> Agent<G> for Greedy {
    fn choose(&mut self, game: &G, state: &G::State, seat: Seat, rng: &mut GameRng) -> G::Move {
        Greedy::best_move(game, state, seat, rng).expect("a decision state has a legal move")
    }
}
