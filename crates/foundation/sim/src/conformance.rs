//! A conformance check every game should pass: random playouts in which
//! every chance point lists outcomes with probabilities that sum to one,
//! sampling only ever gives a listed outcome, applying anything to a clone
//! leaves the original untouched, and every playout ends.
//!
//! ```
//! use tabula_sim::conformance::check_chance_game;
//! # use tabula_core::{BoardGame, Chance, GameResult, Status};
//! # struct Coin;
//! # impl BoardGame for Coin {
//! #     type State = bool; type Move = std::convert::Infallible; type Outcome = bool; type Event = ();
//! #     fn seats(&self) -> usize { 1 }
//! #     fn initial_state(&self) -> bool { false }
//! #     fn status(&self, s: &bool) -> Status { if *s { Status::Over(GameResult::Win(0)) } else { Status::Chance } }
//! #     fn chance_outcomes(&self, _: &bool, out: &mut Vec<Chance<bool>>) {
//! #         out.push(Chance { outcome: true, probability: 0.5 });
//! #         out.push(Chance { outcome: false, probability: 0.5 });
//! #     }
//! #     fn apply_chance<E: FnMut(())>(&self, s: &mut bool, o: bool, _: &mut E) { *s = o }
//! #     fn apply_move<E: FnMut(())>(&self, _: &mut bool, m: Self::Move, _: &mut E) { match m {} }
//! # }
//! check_chance_game(&Coin, 100, 1, 10_000)?;
//! # Ok::<_, tabula_sim::SimError>(())
//! ```

use tabula_core::{BoardGame, Status, game_rng};

use crate::SimError;

/// Plays `playouts` random games of a game decided by chance alone (no
/// agents), checking every chance point. Returns what went wrong first.
pub fn check_chance_game<G>(
    game: &G,
    playouts: u64,
    seed: u64,
    max_steps: u32,
) -> Result<(), SimError>
where
    G: BoardGame,
    G::State: PartialEq + std::fmt::Debug,
    G::Outcome: PartialEq,
{
    let mut outcomes = Vec::new();
    for index in 0..playouts {
        let mut rng = game_rng(seed, index);
        let mut state = game.initial_state();
        let mut steps = 0;
        loop {
            match game.status(&state) {
                Status::Over(_) => break,
                Status::Decision(seat) => {
                    return Err(SimError::Conformance(format!(
                        "game {index}: seat {seat} must decide in a chance-only game"
                    )));
                }
                Status::Chance => {}
            }
            if steps >= max_steps {
                return Err(SimError::Conformance(format!(
                    "game {index}: still running after {max_steps} steps"
                )));
            }
            outcomes.clear();
            game.chance_outcomes(&state, &mut outcomes);
            if outcomes.is_empty() {
                return Err(SimError::Conformance(format!(
                    "game {index}: a chance point lists no outcomes"
                )));
            }
            let total: f64 = outcomes.iter().map(|c| c.probability).sum();
            if (total - 1.0).abs() > 1e-9
                || outcomes
                    .iter()
                    .any(|c| c.probability.is_nan() || c.probability <= 0.0)
            {
                return Err(SimError::Conformance(format!(
                    "game {index}: outcome probabilities sum to {total}"
                )));
            }
            let Some(outcome) = game.sample_chance(&state, &mut rng, &mut Vec::new()) else {
                return Err(SimError::Conformance(format!(
                    "game {index}: sampling gave no outcome"
                )));
            };
            if !outcomes.iter().any(|c| c.outcome == outcome) {
                return Err(SimError::Conformance(format!(
                    "game {index}: sampled {outcome:?}, which is not listed"
                )));
            }
            let before = state.clone();
            let mut copy = state.clone();
            game.apply_chance(&mut copy, outcome, &mut |_| {});
            if state != before {
                return Err(SimError::Conformance(format!(
                    "game {index}: applying to a clone changed the original"
                )));
            }
            state = copy;
            steps += 1;
        }
    }
    Ok(())
}
