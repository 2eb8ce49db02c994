//! The whole `tabula` command, with your plugin linked in.
use my_agent as _; // link the crate: its registration joins the list

fn main() -> std::process::ExitCode {
    tabula::main()
}
