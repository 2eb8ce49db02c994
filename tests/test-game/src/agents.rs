//! Coin race's agents, registered with the framework's agent registry
//! ([`tabula::play::agents`]): `flip` always flips; `finisher` dashes
//! when the finish is exactly three squares away (a dash finishes on
//! heads, a flip cannot), and flips otherwise. The registration
//! ([`register_game!`](tabula::registry::register_game)) adds `optimal` (two
//! players), solved exactly by the framework to win as often as
//! possible. All three are fixed policies, so `tabula analyze coin-race
//! --agents a,b` solves any pair of them exactly.

use tabula::core::{Deterministic, PolicyAgent, Seat};
use tabula::play::agents::{AgentEntry, BuildFn};

use crate::{Choice, CoinRace, State};

/// The index of `choice` among the legal `moves` (the first move if it is
/// not there).
fn index_of(moves: &[Choice], choice: Choice) -> usize {
    moves.iter().position(|m| *m == choice).unwrap_or(0)
}

/// Always flips: the race without choices.
#[derive(Clone, Copy, Debug, Default)]
pub struct Flip;

impl Deterministic<CoinRace> for Flip {
    fn pick(&self, _: &CoinRace, _: &State, _: Seat, moves: &[Choice]) -> usize {
        index_of(moves, Choice::Flip)
    }
}

/// Dashes when the finish is exactly three squares away.
#[derive(Clone, Copy, Debug, Default)]
pub struct Finisher;

impl Deterministic<CoinRace> for Finisher {
    fn pick(&self, game: &CoinRace, s: &State, seat: Seat, moves: &[Choice]) -> usize {
        let at = s.positions.get(seat).copied().unwrap_or(0);
        if game.squares().saturating_sub(at) == 3 {
            index_of(moves, Choice::Dash)
        } else {
            index_of(moves, Choice::Flip)
        }
    }
}

tabula::play::inventory::submit! {
    AgentEntry {
        name: "flip",
        parameter: None,
        summary: "always flips",
        build: &BuildFn::<CoinRace>(|_, _| Ok(Box::new(PolicyAgent(Flip)))),
    }
}

tabula::play::inventory::submit! {
    AgentEntry {
        name: "finisher",
        parameter: None,
        summary: "dashes when the finish is exactly three squares away, flips otherwise",
        build: &BuildFn::<CoinRace>(|_, _| Ok(Box::new(PolicyAgent(Finisher)))),
    }
}
