//! A game parameter named like one of a verb's own options (`games`
//! beside `simulate`'s `--games`) is refused, naming both, before any
//! command runs: never a panic when a command reads its arguments.

use tabula_core::params::Param;
use tabula_registry::{Command, Error, GameEntry, Io, Report, Typed};

tabula_registry::arguments! {
    #[derive(Debug)]
    struct Clash {
        /// The verb's own option.
        #[arg(long)]
        games: Option<u64>,
        /// The game's parameter of the same name.
        #[arg(long = "games")]
        parameter: Option<u64>,
    }
}

fn run(_: Clash, _: &mut Io<'_>) -> Result<Box<dyn Report>, Error> {
    Err("never run".into())
}

static COMMANDS: &[&dyn Command] = &[&Typed::report("simulate", "clashes", run)];
static PARAMETERS: &[Param] = &[Param::int(
    "games",
    "a parameter named like an option",
    "1",
    1,
    9,
)];

tabula_registry::inventory::submit! {
    GameEntry { name: "clash", summary: "a parameter named games", plugins: || Ok(Vec::new()), commands: COMMANDS, parameters: PARAMETERS }
}

#[test]
fn a_parameter_named_like_a_verb_option_is_refused_naming_both() {
    let e = tabula_cli::command().expect_err("refused").to_string();
    assert_eq!(
        e,
        "game \"clash\": its parameter `games` is named like the `simulate` command's own option --games; rename the parameter"
    );
    let mut out = Vec::new();
    let e = tabula_cli::run_args(["tabula", "list"], &mut out).expect_err("refused");
    assert!(e.to_string().contains("parameter `games`"), "{e}");
}
