//! The game's parameters: dice, rounds, players. Written in RON (data
//! first), then validated into a [`Config`].

use serde::{Deserialize, Serialize};
use tabula_core::Dice;
use tabula_core::spec::{PathItem, Source, SpecError};

/// The most distinct roll values the dice may have: a turn's rolled
/// values are kept as a bit set, and exact analysis enumerates its subsets.
pub const MAX_VALUES: u16 = 16;

/// Chance-it's parameters as written in a RON file; every field has the
/// seed's default.
///
/// ```ron
/// ChanceIt(dice: Dice(count: 2, faces: 6), rounds: 10, players: 2)
/// ```
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(rename = "ChanceIt", deny_unknown_fields)]
pub struct ConfigSpec {
    /// The dice rolled and summed on each roll (default two six-sided).
    #[serde(default = "default_dice")]
    pub dice: Dice,
    /// Rounds per game (default 10).
    #[serde(default = "default_rounds")]
    pub rounds: u32,
    /// Players, 2 to 6 (default 2).
    #[serde(default = "default_players")]
    pub players: u32,
}

fn default_dice() -> Dice {
    Dice::new(2, 6).unwrap_or(Dice::D6)
}
fn default_rounds() -> u32 {
    10
}
fn default_players() -> u32 {
    2
}

impl Default for ConfigSpec {
    fn default() -> Self {
        ConfigSpec {
            dice: default_dice(),
            rounds: default_rounds(),
            players: default_players(),
        }
    }
}

/// Validated parameters of a game of Chance-it. It reads (from a
/// record) as a [`ConfigSpec`] and is validated as it is read.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(try_from = "ConfigSpec")]
pub struct Config {
    dice: Dice,
    rounds: u16,
    players: u8,
}

/// The most rounds a game may have.
pub const MAX_ROUNDS: u32 = 1000;

impl Config {
    /// Seed 003's game: two six-sided dice, 10 rounds, 2 players.
    pub fn seed() -> Config {
        Config {
            dice: default_dice(),
            rounds: 10,
            players: 2,
        }
    }

    /// One turn of one player with `dice`: the game whose optimal play is
    /// the optimal turn. Not a game a user can set up (they play with 2 to
    /// 6 players); exact analysis solves it.
    pub fn one_turn(dice: Dice) -> Config {
        Config {
            dice,
            rounds: 1,
            players: 1,
        }
    }

    /// Validates a spec; `source` locates errors in its file.
    pub fn from_spec(spec: &ConfigSpec, source: &Source) -> Result<Config, SpecError> {
        if !(1..=MAX_ROUNDS).contains(&spec.rounds) {
            return Err(source.invalid(
                &[PathItem::Field("rounds")],
                format!(
                    "rounds must be from 1 to {MAX_ROUNDS}, found {}",
                    spec.rounds
                ),
            ));
        }
        if !(2..=6).contains(&spec.players) {
            return Err(source.invalid(
                &[PathItem::Field("players")],
                format!("players must be from 2 to 6, found {}", spec.players),
            ));
        }
        let values = spec.dice.max() - spec.dice.min() + 1;
        if values > MAX_VALUES || spec.dice.max() > 127 {
            return Err(source.invalid(
                &[PathItem::Field("dice")],
                format!(
                    "the dice have {values} possible sums, from {} to {}; Chance-it supports dice of at most {MAX_VALUES} possible sums, none above 127 (like 1d16 or 3d6)",
                    spec.dice.min(),
                    spec.dice.max()
                ),
            ));
        }
        Ok(Config {
            dice: spec.dice,
            rounds: spec.rounds as u16,
            players: spec.players as u8,
        })
    }

    /// Loads and validates a RON file.
    pub fn load(path: impl AsRef<std::path::Path>) -> Result<Config, SpecError> {
        let source = Source::read(path.as_ref())?;
        let spec: ConfigSpec = source.parse()?;
        Config::from_spec(&spec, &source)
    }

    /// The same game with other values (validated like a file).
    pub fn with(
        self,
        dice: Option<Dice>,
        rounds: Option<u32>,
        players: Option<u32>,
    ) -> Result<Config, SpecError> {
        let spec = ConfigSpec {
            dice: dice.unwrap_or(self.dice),
            rounds: rounds.unwrap_or(u32::from(self.rounds)),
            players: players.unwrap_or(u32::from(self.players)),
        };
        Config::from_spec(&spec, &Source::embedded("command line", ""))
    }

    /// The dice.
    pub fn dice(&self) -> Dice {
        self.dice
    }

    /// Rounds per game.
    pub fn rounds(&self) -> u16 {
        self.rounds
    }

    /// Players.
    pub fn players(&self) -> u8 {
        self.players
    }
}

impl TryFrom<ConfigSpec> for Config {
    type Error = String;

    fn try_from(spec: ConfigSpec) -> Result<Config, String> {
        Config::from_spec(&spec, &Source::embedded("parameters", "")).map_err(|e| match e {
            SpecError::Invalid { message, .. } => message,
            other => other.to_string(),
        })
    }
}
