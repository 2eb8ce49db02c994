//! The whole `tabula` command, with Pig solitaire linked in.
use solitaire as _; // link the crate: its registration joins the list

fn main() -> std::process::ExitCode {
    tabula::main()
}
