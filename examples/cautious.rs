//! Uses a Seega agent from another crate by name: links the plugin crate,
//! then runs a tournament of `cautious` against the built-in agents
//! (unless other agents are asked for).
//!
//! ```text
//! cargo run --release --example cautious
//! cargo run --release --example cautious -- --agents cautious,alphabeta --games 40
//! ```

// Link the plugin crate: its registration joins the game's plugins.
use my_agent as _;

fn main() -> std::process::ExitCode {
    tabula::cli::main_single(
        "cautious",
        "tournament",
        "seega",
        &[("--agents", "cautious,random,greedy,alphabeta")],
    )
}
