//! Play as a framework service, the same for every game, including games
//! written in other crates: the agent registry ([`agents`]), the referee
//! ([`referee`]), records and replay ([`record`]), terminal play
//! ([`terminal`], shown as a game's [`look`] says) and tournaments
//! ([`tournament`]), and reading a person's answers a line at a time ([`input`]).
//!
//! Everything here drives a game only through
//! [`BoardGame`](tabula_core::BoardGame), with agents implementing
//! [`Agent`](tabula_core::Agent). Agents draw from their own random
//! streams ([`tabula_core::agent_rng`]), separate from the dice.
//!
//! ```
//! use tabula_core::{Agent, BoardGame, GameResult, GameRng, Seat, Status, Streams};
//! use tabula_play::referee::Referee;
//!
//! /// Take one or two from a pile of ten; whoever takes the last wins.
//! struct Nim;
//! impl BoardGame for Nim {
//!     type State = (u8, Seat);
//!     type Move = u8;
//!     type Outcome = ();
//!     type Event = ();
//!     fn seats(&self) -> usize { 2 }
//!     fn initial_state(&self) -> (u8, Seat) { (10, 0) }
//!     fn status(&self, &(pile, to_move): &(u8, Seat)) -> Status {
//!         if pile == 0 { Status::Over(GameResult::Win(1 - to_move)) } else { Status::Decision(to_move) }
//!     }
//!     fn apply_chance<E: FnMut(())>(&self, _: &mut (u8, Seat), _: (), _: &mut E) {}
//!     fn apply_move<E: FnMut(())>(&self, s: &mut (u8, Seat), take: u8, _: &mut E) {
//!         s.0 -= take;
//!         s.1 = 1 - s.1;
//!     }
//!     fn legal_moves(&self, s: &(u8, Seat), out: &mut Vec<u8>) { out.extend(1..=s.0.min(2)) }
//! }
//!
//! /// Leaves a multiple of three when it can.
//! struct Perfect;
//! impl Agent<Nim> for Perfect {
//!     fn choose(&mut self, _: &Nim, s: &(u8, Seat), _: Seat, _: &mut GameRng) -> u8 {
//!         if s.0 % 3 == 0 { 1 } else { s.0 % 3 }
//!     }
//! }
//! /// Answers an illegal move.
//! struct Cheat;
//! impl Agent<Nim> for Cheat {
//!     fn choose(&mut self, _: &Nim, _: &(u8, Seat), _: Seat, _: &mut GameRng) -> u8 { 3 }
//! }
//!
//! let mut agents: Vec<Box<dyn Agent<Nim>>> = vec![Box::new(Perfect), Box::new(Perfect)];
//! let played = Referee::new().play(&Nim, &mut agents, &mut Streams::new(1, 0), &mut ());
//! // Ten is not a multiple of three, so the first seat wins.
//! assert_eq!(played.results.as_ref().map(|r| r.ranks().to_vec()), Some(vec![1, 2]));
//!
//! let mut agents: Vec<Box<dyn Agent<Nim>>> = vec![Box::new(Perfect), Box::new(Cheat)];
//! let played = Referee::new().play(&Nim, &mut agents, &mut Streams::new(1, 0), &mut ());
//! let forfeit = played.forfeit.expect("the cheat forfeits");
//! assert_eq!((forfeit.seat, forfeit.step), (1, 1));
//! ```
#![deny(missing_docs)]

pub mod agents;
pub mod input;
pub mod legality;
pub mod look;
pub mod notation;
pub mod record;
pub mod referee;
pub mod terminal;
pub mod tournament;

/// Re-exported so games register agents with the same `inventory`.
pub use inventory;
pub use legality::{Direct, Legality, Paths, PlayPaths};

/// What [`paths!`] expands to needs; not for direct use.
#[doc(hidden)]
pub use tabula_sim as __sim;
