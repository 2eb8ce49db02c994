//! The whole `tabula` command, with your plugins linked in.

// Linking your crate is what registers its agent.
use tabula_example_cautious as _;

fn main() -> std::process::ExitCode {
    tabula::main()
}
