//! The front door: the specification-000 report for a board.
//!
//! ```text
//! cargo run --release --example snakes                      # the classic board
//! cargo run --release --example snakes -- my_board.ron      # your board
//! cargo run --release --example snakes -- --help            # every option
//! ```
//!
//! It is `tabula simulate snakes` as a program of its own. It lives in a
//! package of its own (`examples/front-door`) that depends only on the
//! command line and Snakes, so a fresh clone's first command compiles no
//! other game.

// Linked for its registration, which the command line finds by name.
use tabula_snakes as _;

fn main() -> std::process::ExitCode {
    tabula_cli::main_single("snakes", "simulate", "snakes", &[])
}
