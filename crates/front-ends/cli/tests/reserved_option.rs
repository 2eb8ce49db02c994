//! A game whose report command declares an option the front end adds
//! itself (`--report` here) is refused with a message naming it, never a
//! panic when the command runs.

use tabula_registry::{Command, Error, GameEntry, Io, Report, Typed};

tabula_registry::arguments! {
    #[derive(Debug)]
    struct Clash {
        /// A name the front end keeps for the HTML page.
        #[arg(long)]
        report: Option<String>,
    }
}

fn run(_: Clash, _: &mut Io<'_>) -> Result<Box<dyn Report>, Error> {
    Err("never run".into())
}

static COMMANDS: &[&dyn Command] = &[&Typed::report("simulate", "clashes", run).with_pictures()];

tabula_registry::inventory::submit! {
    GameEntry { name: "clash", summary: "declares --report", plugins: || Ok(Vec::new()), commands: COMMANDS, parameters: &[] }
}

#[test]
fn a_reserved_option_is_refused_with_the_game_named() {
    let e = tabula_cli::command().expect_err("refused").to_string();
    assert_eq!(
        e,
        "game \"clash\": its `simulate` command declares --report, which the command line adds to every command that returns a report (reserved: --format, --plot, --report)"
    );
    let mut out = Vec::new();
    let e = tabula_cli::run_args(["tabula", "list"], &mut out).expect_err("refused");
    assert!(e.to_string().contains("--report"), "{e}");
}
