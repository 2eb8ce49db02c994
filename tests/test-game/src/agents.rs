//! Coin race's agents, registered with the framework's agent registry
//! ([`tabula::play::agents`]): `flip` always flips; `finisher` dashes
//! when the finish is exactly three squares away (a dash finishes on
//! heads, a flip cannot), and flips otherwise.

use tabula::core::{Agent, GameRng, Seat};
use tabula::play::agents::{AgentEntry, BuildFn};

use crate::{Choice, CoinRace, State};

/// Always flips: the race without choices.
#[derive(Clone, Copy, Debug, Default)]
pub struct Flip;

impl Agent<CoinRace> for Flip {
    fn choose(&mut self, _: &CoinRace, _: &State, _: Seat, _: &mut GameRng) -> Choice {
        Choice::Flip
    }
}

/// Dashes when the finish is exactly three squares away.
#[derive(Clone, Copy, Debug, Default)]
pub struct Finisher;

impl Agent<CoinRace> for Finisher {
    fn choose(&mut self, game: &CoinRace, s: &State, seat: Seat, _: &mut GameRng) -> Choice {
        let at = s.positions.get(seat).copied().unwrap_or(0);
        if game.squares().saturating_sub(at) == 3 {
            Choice::Dash
        } else {
            Choice::Flip
        }
    }
}

tabula::play::inventory::submit! {
    AgentEntry {
        name: "flip",
        parameter: None,
        summary: "always flips",
        build: &BuildFn::<CoinRace>(|_, _| Ok(Box::new(Flip))),
    }
}

tabula::play::inventory::submit! {
    AgentEntry {
        name: "finisher",
        parameter: None,
        summary: "dashes when the finish is exactly three squares away, flips otherwise",
        build: &BuildFn::<CoinRace>(|_, _| Ok(Box::new(Finisher))),
    }
}
