//! Uses a strategy from another crate by name: links the plugin crate,
//! then runs a tournament of `catch-up` against the built-in strategies
//! (unless other agents are asked for).
//!
//! ```text
//! cargo run --release --example catch_up
//! cargo run --release --example catch_up -- --agents catch-up,optimal --games 100000
//! ```

// Link the plugin crate: its registration joins the game's plugins.
use my_strategy as _;

fn main() -> std::process::ExitCode {
    tabula::cli::main_single(
        "catch_up",
        "tournament",
        "chance-it",
        &[("--agents", "catch-up,tapering,optimal,win-optimal")],
    )
}
