//! `chance-it`: seed 003's program. The same as `tabula play chance-it`:
//! [`play_terminal`](tabula::chance_it::commands::play_terminal) as a
//! program of its own.
fn main() -> std::process::ExitCode {
    tabula::cli::program(
        tabula::app::clap::Command::new("chance-it")
            .version(env!("CARGO_PKG_VERSION"))
            .about("Chance-it at the terminal: you against the computer (seed 003)"),
        tabula::chance_it::commands::play_terminal,
    )
}
