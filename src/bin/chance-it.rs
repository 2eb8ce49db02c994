//! `chance-it`: specification 003's program. The same as `tabula play chance-it`:
//! Chance-it's registered generic `play` as a program of its own.
fn main() -> std::process::ExitCode {
    let play = tabula::registry::find_game("chance-it")
        .ok()
        .and_then(|game| game.command("play"));
    let Some(play) = play else {
        tabula::cli::exit::note("error: the chance-it program lost its game's `play`");
        return std::process::ExitCode::FAILURE;
    };
    tabula::cli::exit::command_program(
        "chance-it",
        env!("CARGO_PKG_VERSION"),
        "Chance-it at the terminal: you against the computer (specification 003)",
        play,
    )
}
