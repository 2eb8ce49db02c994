//! Uses a rule set from another crate by name: links the plugin crate,
//! then runs the usual report with `--rules three-sixes` (unless other
//! rules are asked for).
//!
//! ```text
//! cargo run --release --example three_sixes
//! cargo run --release --example three_sixes -- --board teaching --trace
//! ```
use clap::Parser;
use tabula_cli::snakes::SnakesArgs;

// Linking the crate is what registers its rule set.
use tabula_example_three_sixes as _;

/// The seed-000 report under the example plugin rule set "three-sixes".
#[derive(Parser)]
#[command(name = "three_sixes")]
struct Opts {
    #[command(flatten)]
    args: SnakesArgs,
}

fn main() -> std::process::ExitCode {
    match Opts::try_parse() {
        Ok(mut opts) => {
            opts.args
                .setup
                .rules
                .get_or_insert_with(|| "three-sixes".to_string());
            tabula_cli::finish(tabula_cli::snakes::simulate(
                &opts.args,
                &mut std::io::stdout().lock(),
            ))
        }
        Err(e) => tabula_cli::exit_for_clap(e),
    }
}
