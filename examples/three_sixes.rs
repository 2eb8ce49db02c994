//! Uses a rule set from another crate by name: links the plugin crate,
//! then runs the usual report with `--rules three-sixes` (unless other
//! rules are asked for).
//!
//! ```text
//! cargo run --release --example three_sixes
//! cargo run --release --example three_sixes -- --board teaching --trace
//! ```

// Link the plugin crate: its registration joins the game's plugins.
use tabula_example_three_sixes as _;

fn main() -> std::process::ExitCode {
    tabula::cli::main_single(
        "three_sixes",
        "simulate",
        "snakes",
        &[("--rules", "three-sixes")],
    )
}
