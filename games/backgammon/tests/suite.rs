//! Backgammon's integration tests: one test binary, each file below a
//! module of it, so the crate's generic code is compiled and linked once
//! for all of them (see `Cargo.toml`).

#[path = "bearoff.rs"]
mod bearoff;
#[path = "openspiel.rs"]
mod openspiel;
#[path = "rules.rs"]
mod rules;
