//! `tabula` with the four shipped games and the test game (coin race).
use tabula_test_game as _;
fn main() -> std::process::ExitCode {
    tabula::main()
}
