//! Chance-it's parameters as data: what `tabula list` shows and a spec
//! string (`chance-it(dice=3d6, rounds=5)`) gives its commands.

use crate::Config;
use crate::commands::parse_dice;

/// Chance-it's parameters as `tabula list` shows them and spec strings
/// give them (`chance-it(dice=3d6, rounds=5)`): the options `--dice` and
/// `--rounds` of its commands (a whole file of them is `--config`).
#[derive(Clone, Debug, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
#[serde(deny_unknown_fields)]
pub struct DiceParameters {
    /// Dice rolled and summed, as COUNTdFACES.
    pub dice: String,
    /// Rounds per game.
    pub rounds: u32,
}

impl tabula_core::params::Parameters for DiceParameters {
    const FIELDS: &'static [tabula_core::params::Param] = &[
        tabula_core::params::Param::text("dice", "dice rolled and summed, as COUNTdFACES", "2d6"),
        tabula_core::params::Param::int("rounds", "rounds per game", "10", 1, 1000),
    ];

    fn check(&self) -> Result<(), String> {
        let dice = parse_dice(&self.dice).map_err(|e| e.to_string())?;
        Config::seed()
            .with(Some(dice), Some(self.rounds), None)
            .map(|_| ())
            .map_err(|e| e.to_string())
    }
}
