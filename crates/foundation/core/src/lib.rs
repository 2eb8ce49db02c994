//! The core of tabula: what a game is, how chance and decisions enter it,
//! dice, reproducible random streams, the plugin registry and RON loading
//! with precise error locations.
//!
//! A game implements [`BoardGame`], its rules. Its state is either at a
//! chance point (the dice decide), at a decision (a seat's [`Agent`]
//! decides) or over. The same definition serves sampling (the listed
//! outcomes, [`draw`]n by their probabilities) and exact analysis
//! ([`BoardGame::chance_outcomes`]).
//!
//! ```
//! use tabula_core::{BoardGame, Chance, GameResult, Status, draw, game_rng};
//! use std::convert::Infallible;
//!
//! /// First to roll a six wins; two seats take turns with one die.
//! struct FirstSix;
//!
//! #[derive(Clone)]
//! struct State { turn: usize, winner: Option<usize> }
//!
//! impl BoardGame for FirstSix {
//!     type State = State;
//!     type Move = Infallible;
//!     type Outcome = u8;
//!     type Event = ();
//!     fn seats(&self) -> usize { 2 }
//!     fn initial_state(&self) -> State { State { turn: 0, winner: None } }
//!     fn status(&self, s: &State) -> Status {
//!         match s.winner {
//!             Some(w) => Status::Over(GameResult::Win(w)),
//!             None => Status::Chance,
//!         }
//!     }
//!     fn chance_outcomes(&self, _: &State, out: &mut Vec<Chance<u8>>) {
//!         out.extend((1..=6).map(|face| Chance { outcome: face, probability: 1.0 / 6.0 }));
//!     }
//!     fn apply_chance<E: FnMut(())>(&self, s: &mut State, face: u8, _: &mut E) {
//!         if face == 6 { s.winner = Some(s.turn) } else { s.turn = 1 - s.turn }
//!     }
//!     fn apply_move<E: FnMut(())>(&self, _: &mut State, m: Infallible, _: &mut E) {
//!         match m {}
//!     }
//! }
//!
//! // One game, reproducible from (seed, game index).
//! let game = FirstSix;
//! let mut rng = game_rng(42, 0);
//! let mut state = game.initial_state();
//! let mut outcomes = Vec::new(); // the outcomes' list, kept from roll to roll
//! while let Status::Chance = game.status(&state) {
//!     outcomes.clear();
//!     game.chance_outcomes(&state, &mut outcomes);
//!     let face = draw(&outcomes, &mut rng).ok_or("no outcomes")?;
//!     game.apply_chance(&mut state, face, &mut |_| {});
//! }
//! assert!(matches!(game.status(&state), Status::Over(GameResult::Win(_))));
//! # Ok::<_, &str>(())
//! ```
#![deny(missing_docs)]

mod agent;
mod dice;
mod error;
pub mod files;
mod game;
pub mod output;
pub mod params;
pub mod registry;
mod results;
mod rng;
pub mod spec;
pub mod text;

pub use agent::{Agent, Pick, Randomized, Rule};
pub use dice::{Chances, Dice, DiceSpec, WordDice};
pub use error::CoreError;
pub use game::{BoardGame, Chance, GameResult, NoMove, Seat, Status, draw};
pub use results::{Outcome, Results};
pub use rng::{GameRng, Stream, Streams, agent_rng, fresh_seed, game_rng, stream_rng};

/// Re-exported so plugin crates use the same `inventory` as the registry.
pub use inventory;
/// Re-exported so plugin crates use the same `rand` traits as the core.
pub use rand;
