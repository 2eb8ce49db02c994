//! The test game's integration tests: one test binary, each file below a
//! module of it, so `tabula-with-test-game`'s test side is compiled and
//! linked once (see `Cargo.toml`).

mod common;

#[path = "cli.rs"]
mod cli;
#[path = "dice_race.rs"]
mod dice_race;
#[path = "goal.rs"]
mod goal;
#[path = "playthrough.rs"]
mod playthrough;
#[path = "solvers.rs"]
mod solvers;
