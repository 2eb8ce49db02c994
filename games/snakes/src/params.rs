//! Snakes' parameters as data: what `tabula list` shows, what its
//! commands take as options (`--board`, `--rules`, `--players`) and a
//! spec string gives them (`snakes(board=teaching, players=2)`), and what
//! a record keeps: [`SetupParameters`], the game's
//! [`Recordable::Parameters`](tabula_play::record::Recordable::Parameters).

pub use crate::recorded::{BoardParam, Parameters as SetupParameters};

impl tabula_core::params::Parameters for SetupParameters {
    const FIELDS: &'static [tabula_core::params::Param] = &[
        tabula_core::params::Param::text(
            "board",
            "a built-in board (see the boards below) or a RON board file",
            "classic",
        ),
        tabula_core::params::Param::named(
            "rules",
            "a rule set (see the rule sets below); empty for the board's own",
            "",
            tabula_core::params::Registered {
                what: "rule sets",
                list: rule_set_names,
            },
        ),
        tabula_core::params::Param::int(
            "players",
            "players taking single throws in turn; the first to finish wins",
            "1",
            1,
            8,
        ),
    ];
}

/// The rule sets registered now (built-in and plugins'), by name: the
/// values `rules` takes besides empty.
fn rule_set_names() -> Vec<String> {
    crate::registry::all()
        .map(|all| all.iter().map(|r| r.name.to_string()).collect())
        .unwrap_or_default()
}
