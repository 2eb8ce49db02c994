//! Snakes' parameters as data: what `tabula list` shows and a spec
//! string (`snakes(board=teaching, players=2)`) gives its commands.

/// Snakes' parameters as `tabula list` shows them and spec strings give
/// them (`snakes(board=teaching, players=2)`): the options `--board`,
/// `--rules` and `--players` of its commands.
#[derive(Clone, Debug, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
#[serde(deny_unknown_fields)]
pub struct SetupParameters {
    /// A built-in board's name or a RON board file.
    pub board: String,
    /// A rule set's name; empty for the board's own.
    pub rules: String,
    /// Players taking single throws in turn.
    pub players: u8,
}

impl tabula_core::params::Parameters for SetupParameters {
    const FIELDS: &'static [tabula_core::params::Param] = &[
        tabula_core::params::Param::text(
            "board",
            "a built-in board (see the boards below) or a RON board file",
            "classic",
        ),
        tabula_core::params::Param::text(
            "rules",
            "a rule set (see the rule sets below); empty for the board's own",
            "",
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
