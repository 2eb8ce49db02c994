//! Uses a strategy from another crate by name: links the plugin crate,
//! then runs a tournament of `catch-up` against the built-in strategies
//! (unless other agents are asked for).
//!
//! ```text
//! cargo run --release --example catch_up
//! cargo run --release --example catch_up -- --agents catch-up,optimal --games 100000
//! ```
use clap::Parser;
use tabula_cli::chance_it::TournamentArgs;

// Linking the crate is what registers its strategy.
use tabula_example_catch_up as _;

/// A Chance-it tournament including the example plugin strategy "catch-up".
#[derive(Parser)]
#[command(name = "catch_up")]
struct Opts {
    #[command(flatten)]
    args: TournamentArgs,
}

fn main() -> std::process::ExitCode {
    let mut argv: Vec<String> = std::env::args().collect();
    if !argv
        .iter()
        .any(|a| a == "--agents" || a.starts_with("--agents="))
    {
        argv.extend([
            "--agents".into(),
            "catch-up,tapering,optimal,win-optimal".into(),
        ]);
    }
    match Opts::try_parse_from(argv) {
        Ok(opts) => tabula_cli::finish(tabula_cli::chance_it::tournament(
            &opts.args,
            &mut std::io::stdout().lock(),
        )),
        Err(e) => tabula_cli::exit_for_clap(e),
    }
}
