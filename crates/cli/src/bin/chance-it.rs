//! `chance-it`: seed 003's program. The same as `tabula play chance-it`.

use std::process::ExitCode;

use clap::Parser;
use tabula_cli::chance_it::{PlayArgs, play_terminal};

/// Chance-it at the terminal: you against the computer (seed 003).
#[derive(Debug, Parser)]
#[command(name = "chance-it", version)]
struct Cli {
    #[command(flatten)]
    args: PlayArgs,
}

fn main() -> ExitCode {
    match Cli::try_parse() {
        Ok(cli) => tabula_cli::finish(play_terminal(&cli.args, &mut std::io::stdout().lock())),
        Err(e) => tabula_cli::exit_for_clap(e),
    }
}
