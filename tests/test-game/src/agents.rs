//! Coin race's agents, registered with the framework's agent registry
//! ([`tabula::play::agents`]): `flip` always flips; `finisher` dashes
//! when the finish is exactly three squares away (a dash finishes on
//! heads, a flip cannot), and flips otherwise. The registration
//! ([`register_game!`](tabula::registry::register_game)) adds `optimal` (two
//! players), solved exactly by the framework to win as often as
//! possible. All three are fixed policies, so `tabula analyze coin-race
//! --agents a,b` solves any pair of them exactly.

use tabula::core::{Agent, Rule};
use tabula::play::agents::{AgentEntry, BuildFn};

use crate::{Choice, CoinRace};

/// The index of `choice` among the legal `moves` (the first move if it is
/// not there).
fn index_of(moves: &[Choice], choice: Choice) -> usize {
    moves.iter().position(|m| *m == choice).unwrap_or(0)
}

/// Always flips: the race without choices.
pub fn flip() -> impl Agent<CoinRace> {
    Rule::new::<CoinRace>(|_, _, _, moves| index_of(moves, Choice::Flip))
}

/// Dashes when the finish is exactly three squares away.
pub fn finisher() -> impl Agent<CoinRace> {
    Rule::new::<CoinRace>(|game, s, seat, moves| {
        let at = s.positions.get(seat).copied().unwrap_or(0);
        if game.squares().saturating_sub(at) == 3 {
            index_of(moves, Choice::Dash)
        } else {
            index_of(moves, Choice::Flip)
        }
    })
}

tabula::play::inventory::submit! {
    AgentEntry {
        name: "flip",
        parameter: None,
        summary: "always flips",
        build: &BuildFn::<CoinRace>(|_, _| Ok(Box::new(flip()))),
    }
}

tabula::play::inventory::submit! {
    AgentEntry {
        name: "finisher",
        parameter: None,
        summary: "dashes when the finish is exactly three squares away, flips otherwise",
        build: &BuildFn::<CoinRace>(|_, _| Ok(Box::new(finisher()))),
    }
}
