//! The whole `tabula` command, with the race linked in.
use race as _; // link the crate: its registration joins the list

fn main() -> std::process::ExitCode {
    tabula::main()
}
