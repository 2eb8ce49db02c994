//! `noline`: seed 002's program, to the letter.
//!
//! `noline dim [playerXtype [playerOtype [Oin Oout Xin Xout]]]`

use std::process::ExitCode;

fn main() -> ExitCode {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let stdin = std::io::stdin();
    let stdout = std::io::stdout();
    let code = tabula_noline::program::run(
        &args,
        &mut stdin.lock(),
        &mut stdout.lock(),
        &mut std::io::stderr(),
    );
    ExitCode::from(u8::try_from(code).unwrap_or(1))
}
