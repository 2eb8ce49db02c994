//! The root package's integration tests, one test binary: each file below
//! is a module here, so the framework's generic code is compiled and
//! linked once for all of them rather than once per file. The tests that
//! check what linking a plugin crate registers (`plugin.rs`, with
//! `strategy_plugin.rs` a module of it) and the command-line tests
//! (`cli/`) are a test binary each (see `Cargo.toml`).

mod common;

#[path = "board_errors.rs"]
mod board_errors;
#[path = "book.rs"]
mod book;
#[path = "chance_it.rs"]
mod chance_it;
#[path = "commands.rs"]
mod commands;
#[path = "cruising.rs"]
mod cruising;
#[path = "dyn_state.rs"]
mod dyn_state;
#[path = "exact.rs"]
mod exact;
#[path = "examples.rs"]
mod examples;
#[path = "forms.rs"]
mod forms;
#[path = "fuzz.rs"]
mod fuzz;
#[path = "hostile_fuzz.rs"]
mod hostile_fuzz;
#[path = "layers.rs"]
mod layers;
#[path = "noline.rs"]
mod noline;
#[path = "pictures.rs"]
mod pictures;
#[path = "rules.rs"]
mod rules;
#[path = "snakes_records.rs"]
mod snakes_records;
#[path = "stability.rs"]
mod stability;
#[path = "statistics.rs"]
mod statistics;
#[path = "ties.rs"]
mod ties;
