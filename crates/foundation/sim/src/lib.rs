//! One harness to run any [`BoardGame`](tabula_core::BoardGame) many times:
//! seeded, reproducible, parallel, feeding statistics [`Collector`]s.
//!
//! Game `i` of a run draws from its own stream
//! [`game_rng(seed, i)`](tabula_core::game_rng), and collectors merge with
//! exact integer arithmetic, so a run gives the same numbers whatever the
//! thread count, and any single game can be replayed with [`replay`].
//!
//! ```
//! use tabula_core::{BoardGame, Chance, GameResult, Status};
//! use tabula_sim::{Lengths, LengthOf, Simulation};
//! use std::convert::Infallible;
//!
//! /// Roll a die until a six: how many throws does it take?
//! struct UntilSix;
//! impl BoardGame for UntilSix {
//!     type State = bool;
//!     type Move = Infallible;
//!     type Outcome = u8;
//!     type Event = ();
//!     fn seats(&self) -> usize { 1 }
//!     fn initial_state(&self) -> bool { false }
//!     fn status(&self, done: &bool) -> Status {
//!         if *done { Status::Over(GameResult::Win(0)) } else { Status::Chance }
//!     }
//!     fn chance_outcomes(&self, _: &bool, out: &mut Vec<Chance<u8>>) {
//!         out.extend((1..=6).map(|f| Chance { outcome: f, probability: 1.0 / 6.0 }));
//!     }
//!     fn apply_chance<E: FnMut(())>(&self, done: &mut bool, face: u8, _: &mut E) {
//!         *done = face == 6;
//!     }
//!     fn apply_move<E: FnMut(())>(&self, _: &mut bool, m: Infallible, _: &mut E) { match m {} }
//! }
//!
//! let run = Simulation::new(100_000).with_seed(7).with_threads(2)
//!     .run(&UntilSix, Lengths::new(LengthOf::ChanceSteps))?;
//! let lengths = &run.collector;
//! // The exact mean is 6; allow five standard errors.
//! assert!((lengths.mean() - 6.0).abs() < 5.0 * lengths.std_error());
//! # Ok::<_, tabula_sim::SimError>(())
//! ```
#![deny(missing_docs)]

pub mod chance;
mod collect;
pub mod conformance;
pub mod dice_test;
pub mod game_loop;
mod harness;
pub mod parallel;
mod seating;
mod seats;
pub mod table;
pub mod tally;

pub use chance::{ChanceObserver, ChancePath, Listed, Sampled, Sampling};
pub use collect::{Collector, Landings, LengthOf, LengthSummary, Lengths, Occupancy, Wants, Wins};
pub use harness::{DEFAULT_MAX_STEPS, Playout, Run, Shard, SimError, Simulation, play_one, replay};
pub use seating::{NoAgents, Seating};
pub use seats::{SeatSums, Standing};
pub use tally::{LandingPatterns, LandingTally, Tallied};
