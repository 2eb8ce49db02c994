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
//! command line, the generic verbs and Snakes, so a fresh clone's first
//! command compiles no other game.

// Linked for their registrations, which the command line finds by name:
// the game, and the verbs (its `simulate` is the generic one).
use tabula_snakes as _;
use tabula_verbs as _;

fn main() -> std::process::ExitCode {
    tabula_cli::main_single("snakes", "simulate", "snakes", &[])
}
