//! `tabula` with the shipped games and the test games (coin race, dice race).
use tabula_test_game as _;
fn main() -> std::process::ExitCode {
    tabula::main()
}
