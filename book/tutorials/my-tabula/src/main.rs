//! The whole `tabula` command, with your plugins linked in.
use std::process::ExitCode;

// Linking your crate is what registers its agent.
use tabula_example_cautious as _;

fn main() -> ExitCode {
    tabula_cli::main_from(std::env::args_os())
}
