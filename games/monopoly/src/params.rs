//! Monopoly's parameters as data: what `tabula list` shows and a spec
//! string (`monopoly(jail=pay)`) gives its commands.

use crate::jail;

/// Monopoly's parameters as `tabula list` shows them and spec strings
/// give them (`monopoly(jail=doubles)`): the options `--jail`, `--board`
/// and `--cards` of its commands.
#[derive(Clone, Debug, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
#[serde(deny_unknown_fields)]
pub struct SetupParameters {
    /// The jail rule's name.
    pub jail: String,
    /// A RON board file; empty for the standard US board.
    pub board: String,
    /// A RON card file; empty for the standard US decks.
    pub cards: String,
}

impl tabula_core::params::Parameters for SetupParameters {
    const FIELDS: &'static [tabula_core::params::Param] = &[
        tabula_core::params::Param::text(
            "jail",
            "the jail rule (see the jail rules below)",
            jail::DEFAULT,
        ),
        tabula_core::params::Param::text(
            "board",
            "a RON board file; empty for the standard US board",
            "",
        ),
        tabula_core::params::Param::text(
            "cards",
            "a RON card file; empty for the standard US decks",
            "",
        ),
    ];
}
