//! Seega's agents are the framework's: an agent is an
//! [`Agent<Seega>`](Agent). The specification's four entry points are its
//! methods:
//!
//! | the specification | [`Agent`] | what it gets |
//! |---|---|---|
//! | `InitGame` | [`new_game`](Agent::new_game) | the seat; [`GameInfo::of`] says the side, the board size, who places first and the stalemate threshold |
//! | `PlacePieces` | [`choose`](Agent::choose) in the [placement phase](crate::Phase::Placement) | the [`Position`](crate::Position); answer [`Action::place`](crate::Action::place) with two empty squares, neither the centre |
//! | `MovePiece` | [`choose`](Agent::choose) in the [movement phase](crate::Phase::Movement) | the [`Position`](crate::Position), whose [`follow_up`](crate::Position::follow_up) is the piece that must capture again; answer [`Action::Move`](crate::Action::Move), or [`Action::Blocked`](crate::Action::Blocked) when no slide is legal |
//! | `TermGame` | [`end_game`](Agent::end_game) | the final [`Position`](crate::Position), whose [`verdict`](crate::Position::verdict) says who won |
//!
//! Agents are registered in the framework's registry
//! ([`tabula_play::agents`]) and built by name with [`build`]. The
//! framework's referee ([`tabula_play::referee`]) checks every answer:
//! an illegal one, or a panic, loses the game.
//!
//! ```
//! use tabula_core::{Agent, GameRng, Seat};
//! use tabula_play::agents::{AgentEntry, BuildFn};
//! use tabula_seega::agents::safe_placement;
//! use tabula_seega::{Action, Phase, Position, Seega};
//!
//! /// Safe placements, then the first legal slide.
//! struct First;
//!
//! impl Agent<Seega> for First {
//!     fn choose(&mut self, _: &Seega, position: &Position, _: Seat, rng: &mut GameRng) -> Action {
//!         match position.phase() {
//!             Phase::Placement => Action::place(safe_placement(position, rng)),
//!             Phase::Movement => position.slides().next().map_or(Action::Blocked, Action::Move),
//!         }
//!     }
//! }
//!
//! tabula_play::inventory::submit! {
//!     AgentEntry {
//!         name: "first",
//!         parameter: None,
//!         summary: "safe placements, then the first legal slide",
//!         build: &BuildFn::<Seega>(|_, _| Ok(Box::new(First))),
//!     }
//! }
//! assert!(tabula_seega::agent::build(&Seega::default(), "first").is_ok());
//! ```

use tabula_core::{Agent, Seat};
use tabula_play::agents::AgentError;

use crate::board::Side;
use crate::game::Seega;

/// What an agent is told before a game (the specification's `InitGame`):
/// [`GameInfo::of`] in [`Agent::new_game`].
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct GameInfo {
    /// The side it plays.
    pub side: Side,
    /// Board side (odd, at least 5).
    pub size: usize,
    /// Whether it places first (and so moves second).
    pub places_first: bool,
    /// Moves without a capture after which the game ends.
    pub stalemate: u32,
}

impl GameInfo {
    /// What the agent in `seat` of `game` is told before the game.
    pub fn of(game: &Seega, seat: Seat) -> GameInfo {
        let side = Side::from_seat(seat);
        let rules = game.rules();
        GameInfo {
            side,
            size: rules.size(),
            places_first: rules.first() == side,
            stalemate: rules.stalemate(),
        }
    }
}

/// Builds the registered agent a user names for `game`
/// ([`tabula_play::agents::build`]): `greedy`, or `NAME-PARAMETER` for one
/// that takes a parameter (`alphabeta-50ms`, `mcts-2000`).
pub fn build(game: &Seega, name: &str) -> Result<Box<dyn Agent<Seega>>, AgentError> {
    tabula_play::agents::build(game, name)
}
