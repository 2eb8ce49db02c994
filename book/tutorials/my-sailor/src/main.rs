//! The whole `tabula` command, with your sailor linked in.
use my_sailor as _; // link the crate: its registration joins the list

fn main() -> std::process::ExitCode {
    tabula::main()
}
