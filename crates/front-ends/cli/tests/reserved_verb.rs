//! A game that registers a verb the command line keeps for itself
//! (`list`) is refused with a message naming it.

use tabula_registry::{Command, Error, GameEntry, Io, Typed};

tabula_registry::arguments! {
    #[derive(Debug)]
    struct Nothing {}
}

fn run(_: Nothing, _: &mut Io<'_>) -> Result<(), Error> {
    Ok(())
}

static COMMANDS: &[&dyn Command] = &[&Typed::interactive("list", "takes list", run)];

tabula_registry::inventory::submit! {
    GameEntry { name: "lister", summary: "registers list", plugins: || Ok(Vec::new()), commands: COMMANDS, parameters: &[] }
}

#[test]
fn a_reserved_verb_is_refused_with_the_game_named() {
    let e = tabula_registry::games().expect_err("refused").to_string();
    assert_eq!(
        e,
        "game \"lister\" registers the command \"list\", a name the command line keeps for itself (reserved: list, dice-test, help)"
    );
    assert!(tabula_cli::command().is_err());
}
