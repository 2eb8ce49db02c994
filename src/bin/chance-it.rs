//! `chance-it`: seed 003's program. The same as `tabula play chance-it`.
fn main() -> std::process::ExitCode {
    tabula::chance_it::commands::main()
}
