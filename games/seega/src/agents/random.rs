//! `random`: random placements, uniformly random legal steps.

use tabula_core::GameRng;

use crate::agent::{Reply, SeegaAgent};
use crate::board::Square;
use crate::rules::Position;

/// Plays uniformly at random among legal answers.
#[derive(Clone, Copy, Debug, Default)]
pub struct Random;

impl SeegaAgent for Random {
    fn place(&mut self, position: &Position, rng: &mut GameRng) -> [Square; 2] {
        super::random_placement(position, rng)
    }

    fn play(&mut self, position: &Position, _: Option<Square>, rng: &mut GameRng) -> Reply {
        super::random_reply(position, rng)
    }
}
