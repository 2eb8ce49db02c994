//! A game whose command gives a range to an option that is not a whole
//! number (the range would go unchecked) is refused with a message naming
//! it.

use tabula_registry::{Command, Error, GameEntry, Io, Report, Typed};

tabula_registry::arguments! {
    #[derive(Debug)]
    struct Share {
        /// A share that the range cannot bound: it is not a whole number.
        #[arg(long, default_value_t = 0.5, range = 1..)]
        share: f64,
    }
}

fn run(_: Share, _: &mut Io<'_>) -> Result<Box<dyn Report>, Error> {
    Err("never run".into())
}

static COMMANDS: &[&dyn Command] = &[&Typed::report("simulate", "bounds a share", run)];

tabula_registry::inventory::submit! {
    GameEntry { name: "unbounded", summary: "a range on a share", plugins: || Ok(Vec::new()), commands: COMMANDS, parameters: &[] }
}

#[test]
fn a_range_on_a_value_that_is_not_whole_is_refused_with_the_game_named() {
    let e = tabula_cli::command().expect_err("refused").to_string();
    assert_eq!(
        e,
        "game \"unbounded\": its `simulate` command gives --share a range, but only whole-number options (u8 to u64) take one"
    );
}
