//! The whole `tabula` command, with Pig linked in.
use pig as _; // link the crate: its registration joins the list

fn main() -> std::process::ExitCode {
    tabula::main()
}
