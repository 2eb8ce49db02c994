//! `Random`: a uniformly random legal move.

use rand::RngExt;
use tabula_core::{Agent, BoardGame, GameRng, Seat};

/// Plays a uniformly random legal move; needs nothing but the rules.
///
/// # Panics
///
/// [`choose`](Agent::choose) panics at a state with no legal move (the
/// harness never asks for one: a decision state has a legal move).
#[derive(Clone, Copy, Debug, Default)]
pub struct Random;

impl Random {
    /// A uniformly random legal move at `state`, or `None` when there is
    /// none.
    pub fn pick<G: BoardGame>(game: &G, state: &G::State, rng: &mut GameRng) -> Option<G::Move> {
        let mut moves = Vec::new();
        game.legal_moves(state, &mut moves);
        if moves.is_empty() {
            return None;
        }
        let i = rng.random_range(0..moves.len());
        Some(moves.swap_remove(i))
    }
}

impl<G: BoardGame> Agent<G> for Random {
    fn choose(&mut self, game: &G, state: &G::State, _: Seat, rng: &mut GameRng) -> G::Move {
        Random::pick(game, state, rng).expect("a decision state has a legal move")
    }

    /// [`choose`](Agent::choose) into the caller's list of moves, so that
    /// a decision allocates nothing: the same draw, the same move.
    fn choose_with(
        &mut self,
        game: &G,
        state: &G::State,
        _: Seat,
        rng: &mut GameRng,
        moves: &mut Vec<G::Move>,
    ) -> G::Move {
        moves.clear();
        game.legal_moves(state, moves);
        assert!(!moves.is_empty(), "a decision state has a legal move");
        let i = rng.random_range(0..moves.len());
        moves.swap_remove(i)
    }

    /// Uniform over the legal moves: a rule exact analysis can fold in.
    fn probabilities(
        &self,
        _: &G,
        _: &G::State,
        _: Seat,
        moves: &[G::Move],
        out: &mut Vec<f64>,
    ) -> bool {
        let p = 1.0 / moves.len().max(1) as f64;
        out.extend(moves.iter().map(|_| p));
        true
    }
}
