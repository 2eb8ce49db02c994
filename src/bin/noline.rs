//! `noline`: specification 002's program, to the letter.
//!
//! `noline dim [playerXtype [playerOtype [Oin Oout Xin Xout]]]`
fn main() -> std::process::ExitCode {
    tabula::noline::program::main()
}
