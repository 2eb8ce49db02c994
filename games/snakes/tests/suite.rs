//! Snakes and Ladders' integration tests: one test binary, each file below
//! a module of it, so the crate's generic code is compiled and linked once
//! for all of them (see `Cargo.toml`).

#[path = "designer.rs"]
mod designer;
#[path = "designer_cancel.rs"]
mod designer_cancel;
#[path = "house_rules.rs"]
mod house_rules;
#[path = "one_game.rs"]
mod one_game;
#[path = "rule_sets_by_name.rs"]
mod rule_sets_by_name;
