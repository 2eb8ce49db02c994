//! A game whose command declares one option twice (a game parameter
//! named like one of the verb's own options: `--scoring` beside a
//! tournament's) is refused with a message naming it, never a panic when
//! the command reads its arguments.

use tabula_registry::{Command, Error, GameEntry, Io, Report, Typed};

tabula_registry::arguments! {
    #[derive(Debug)]
    struct Clash {
        /// The verb's own option.
        #[arg(long)]
        scoring: Option<String>,
        /// A game parameter of the same long name.
        #[arg(long = "scoring")]
        parameter: Option<String>,
    }
}

fn run(_: Clash, _: &mut Io<'_>) -> Result<Box<dyn Report>, Error> {
    Err("never run".into())
}

static COMMANDS: &[&dyn Command] = &[&Typed::report("tournament", "clashes", run)];

tabula_registry::inventory::submit! {
    GameEntry { name: "twice", summary: "declares --scoring twice", plugins: || Ok(Vec::new()), commands: COMMANDS, parameters: &[] }
}

#[test]
fn an_option_declared_twice_is_refused_with_the_game_named() {
    let e = tabula_cli::command().expect_err("refused").to_string();
    assert_eq!(
        e,
        "game \"twice\": its `tournament` command declares --scoring twice (a game parameter named like one of the verb's own options?); rename the parameter"
    );
    let mut out = Vec::new();
    let e = tabula_cli::run_args(["tabula", "tournament", "twice"], &mut out).expect_err("refused");
    assert!(e.to_string().contains("--scoring twice"), "{e}");
}
