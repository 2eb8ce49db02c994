//! Your own `tabula`: every command, with your rule set in it.
use my_rules as _; // link the crate: its rule set joins the registry

fn main() -> std::process::ExitCode {
    tabula::main()
}
