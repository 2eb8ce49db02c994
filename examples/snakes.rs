//! The front door: the seed-000 report for a board.
//!
//! ```text
//! cargo run --release --example snakes                      # the classic board
//! cargo run --release --example snakes -- my_board.ron      # your board
//! cargo run --release --example snakes -- --help            # every option
//! ```
//!
//! It is `tabula simulate snakes` as a program of its own.

fn main() -> std::process::ExitCode {
    tabula::cli::main_single("snakes", "simulate", "snakes", &[])
}
