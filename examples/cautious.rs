//! Uses a Seega agent from another crate by name: links the plugin crate,
//! then runs a tournament of `cautious` against the built-in agents
//! (unless other agents are asked for).
//!
//! ```text
//! cargo run --release --example cautious
//! cargo run --release --example cautious -- --agents cautious,alphabeta --games 40
//! ```
use clap::Parser;
use tabula_cli::seega::TournamentArgs;

// Linking the crate is what registers its agent.
use tabula_example_cautious as _;

/// A Seega tournament including the example plugin agent "cautious".
#[derive(Parser)]
#[command(name = "cautious")]
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
        argv.extend(["--agents".into(), "cautious,random,greedy,alphabeta".into()]);
    }
    match Opts::try_parse_from(argv) {
        Ok(opts) => tabula_cli::finish(tabula_cli::seega::tournament(
            &opts.args,
            &mut std::io::stdout().lock(),
        )),
        Err(e) => tabula_cli::exit_for_clap(e),
    }
}
