//! The front door: the seed-000 report for a board.
//!
//! ```text
//! cargo run --release --example snakes                      # the classic board
//! cargo run --release --example snakes -- my_board.ron      # your board
//! cargo run --release --example snakes -- --help            # every option
//! ```
use clap::Parser;
use tabula_cli::snakes::SnakesArgs;

/// Simulate Snakes and Ladders on a board and print the seed-000 report.
#[derive(Parser)]
#[command(name = "snakes", version)]
struct Opts {
    #[command(flatten)]
    args: SnakesArgs,
}

fn main() -> std::process::ExitCode {
    match Opts::try_parse() {
        Ok(opts) => tabula_cli::finish(tabula_cli::snakes::simulate(
            &opts.args,
            &mut std::io::stdout().lock(),
        )),
        Err(e) => tabula_cli::exit_for_clap(e),
    }
}
