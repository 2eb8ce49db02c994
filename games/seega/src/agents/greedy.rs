//! `greedy`: the step that captures the most pieces now.

use tabula_core::GameRng;

use crate::agent::{Reply, SeegaAgent};
use crate::board::Square;
use crate::rules::Position;

/// Random placements; in the movement phase the step that captures most
/// at once, ties broken uniformly at random (so with no capture in sight
/// it moves at random).
#[derive(Clone, Copy, Debug, Default)]
pub struct Greedy;

impl SeegaAgent for Greedy {
    fn place(&mut self, position: &Position, rng: &mut GameRng) -> [Square; 2] {
        super::random_placement(position, rng)
    }

    fn play(&mut self, position: &Position, _: Option<Square>, rng: &mut GameRng) -> Reply {
        let most = position
            .steps()
            .map(|s| position.captures(s).len())
            .max()
            .unwrap_or(0);
        let best = position
            .steps()
            .filter(|&s| position.captures(s).len() == most);
        super::pick(best, rng).map_or(Reply::Blocked, Reply::Move)
    }
}
