//! The `tabula` command, with the games this package links.
fn main() -> std::process::ExitCode {
    tabula::main()
}
