//! Seega's parameters as data: what `tabula list` shows and a spec
//! string (`seega(size=7)`) gives its commands.

use crate::{Rules, Side};

/// Seega's parameters as `tabula list` shows them and spec strings
/// give them (`seega(size=7)`): the options `--size` and `--stalemate`
/// of its commands. (Who places first is a record's parameter too, but
/// each command says it its own way.)
#[derive(Clone, Copy, Debug, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
#[serde(deny_unknown_fields)]
pub struct BoardParameters {
    /// Board side.
    pub size: usize,
    /// Moves without a capture that end the game.
    pub stalemate: u32,
}

impl tabula_core::params::Parameters for BoardParameters {
    const FIELDS: &'static [tabula_core::params::Param] = &[
        tabula_core::params::Param::int(
            "size",
            "board side, odd",
            "5",
            crate::board::MIN_SIZE as i64,
            crate::board::MAX_SIZE as i64,
        ),
        tabula_core::params::Param::int(
            "stalemate",
            "moves without a capture that end the game (more pieces wins)",
            "30",
            1,
            u32::MAX as i64,
        ),
    ];

    fn check(&self) -> Result<(), String> {
        Rules::new(self.size, self.stalemate, Side::Black)
            .map(|_| ())
            .map_err(|e| e.to_string())
    }
}
