//! The `tabula` command.
fn main() -> std::process::ExitCode {
    tabula_cli::main_from(std::env::args_os())
}
