//! The game's parameters: dice, rounds, players. Written in RON (data
//! first), then validated into a [`Config`], the one parameter type every
//! verb takes (`--dice 3d6 --rounds 20`, `--params FILE`, the spec string
//! `chance-it(dice=3d6, rounds=20)`) and every record keeps.

use serde::{Deserialize, Serialize};
use tabula_core::Dice;
use tabula_core::spec::{PathItem, Source, SpecError};

/// The most distinct roll values the dice may have: a turn's rolled
/// values are kept as a bit set, and exact analysis enumerates its subsets.
pub const MAX_VALUES: u16 = 16;

/// Chance-it's parameters as written in a RON file; every field has the
/// specification's default.
///
/// ```ron
/// ChanceIt(dice: Dice(count: 2, faces: 6), rounds: 10, players: 2)
/// ```
///
/// The dice may also be written as text, as the options and spec strings
/// write them: `(dice: "2d6", rounds: 10)`.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(rename = "ChanceIt", deny_unknown_fields)]
pub struct ConfigSpec {
    /// The dice rolled and summed on each roll (default two six-sided).
    #[serde(default = "default_dice", deserialize_with = "dice_either")]
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

/// Dice written as text, `COUNTdFACES` (`2d6`), checked.
pub(crate) fn parse_dice(s: &str) -> Result<Dice, String> {
    let bad = || format!("--dice {s:?}: write it as COUNTdFACES, like 2d6");
    let (count, faces) = s
        .trim()
        .to_ascii_lowercase()
        .split_once('d')
        .map(|(a, b)| (a.to_string(), b.to_string()))
        .ok_or_else(bad)?;
    let count: u64 = count.parse().map_err(|_| bad())?;
    let faces: u64 = faces.parse().map_err(|_| bad())?;
    Dice::checked(count, faces).map_err(|e| format!("--dice {s:?}: {e}"))
}

/// Reads dice written either way: `Dice(count: 2, faces: 6)` (the
/// configuration files and records written before the dice were a
/// parameter like any other) or `"2d6"`.
fn dice_either<'de, D: serde::Deserializer<'de>>(deserializer: D) -> Result<Dice, D::Error> {
    struct Either;
    impl<'de> serde::de::Visitor<'de> for Either {
        type Value = Dice;

        fn expecting(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
            f.write_str("dice as \"COUNTdFACES\" (\"2d6\") or Dice(count: 2, faces: 6)")
        }

        fn visit_str<E: serde::de::Error>(self, v: &str) -> Result<Dice, E> {
            parse_dice(v).map_err(|e| E::custom(e.strip_prefix("--").unwrap_or(&e).to_string()))
        }

        fn visit_map<A: serde::de::MapAccess<'de>>(self, map: A) -> Result<Dice, A::Error> {
            Dice::deserialize(serde::de::value::MapAccessDeserializer::new(map))
        }
    }
    deserializer.deserialize_any(Either)
}

/// Validated parameters of a game of Chance-it: the game's
/// [`Parameters`](tabula_core::params::Parameters) (`--dice`, `--rounds`,
/// `--players`, `--params FILE`, `chance-it(dice=3d6, rounds=20)`) and
/// its records' parameters. It reads as a [`ConfigSpec`] and is validated
/// as it is read; it writes its dice as text (`dice: "2d6"`), and records
/// written with `Dice(count: 2, faces: 6)` read as before.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(try_from = "ConfigSpec", into = "ConfigText")]
pub struct Config {
    dice: Dice,
    rounds: u16,
    players: u8,
}

/// The most rounds a game may have.
pub const MAX_ROUNDS: u32 = 1000;

impl Config {
    /// Specification 003's game: two six-sided dice, 10 rounds, 2 players.
    pub fn specification() -> Config {
        Config {
            dice: default_dice(),
            rounds: 10,
            players: 2,
        }
    }

    /// [`specification`](Config::specification) under its old name, kept
    /// for code written against it.
    #[deprecated(note = "the source document is a specification: use Config::specification()")]
    pub fn seed() -> Config {
        Config::specification()
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
        Config::checked(spec)
            .map_err(|(field, message)| source.invalid(&[PathItem::Field(field)], message))
    }

    /// Validates a spec; an error names the field it is about.
    fn checked(spec: &ConfigSpec) -> Result<Config, (&'static str, String)> {
        if !(1..=MAX_ROUNDS).contains(&spec.rounds) {
            return Err((
                "rounds",
                format!(
                    "rounds must be from 1 to {MAX_ROUNDS}, found {}",
                    spec.rounds
                ),
            ));
        }
        if !(2..=6).contains(&spec.players) {
            return Err((
                "players",
                format!("players must be from 2 to 6, found {}", spec.players),
            ));
        }
        let values = spec.dice.max() - spec.dice.min() + 1;
        if values > MAX_VALUES || spec.dice.max() > 127 {
            return Err((
                "dice",
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

/// A [`Config`] as it is written: the dice as text.
#[derive(Serialize)]
#[serde(rename = "ChanceIt")]
struct ConfigText {
    dice: String,
    rounds: u32,
    players: u32,
}

impl From<Config> for ConfigText {
    fn from(c: Config) -> ConfigText {
        ConfigText {
            dice: c.dice.to_string(),
            rounds: u32::from(c.rounds),
            players: u32::from(c.players),
        }
    }
}

impl tabula_core::params::Parameters for Config {
    const FIELDS: &'static [tabula_core::params::Param] = &[
        tabula_core::params::Param::form(
            "dice",
            "dice rolled and summed, as COUNTdFACES, of at most 16 possible sums, none above 127 (2d6, 3d6, 1d16)",
            "2d6",
            "COUNTdFACES",
        ),
        tabula_core::params::Param::int("rounds", "rounds per game", "10", 1, MAX_ROUNDS as i64),
        tabula_core::params::Param::int("players", "players", "2", 2, 6),
    ];
}

/// A spec read from a record or from parameters given as options: an
/// error names its parameter (`parameter dice: the dice have ...`).
impl TryFrom<ConfigSpec> for Config {
    type Error = String;

    fn try_from(spec: ConfigSpec) -> Result<Config, String> {
        Config::checked(&spec).map_err(|(field, message)| format!("parameter {field}: {message}"))
    }
}
