//! Snakes' parameters as data: what `tabula list` shows, what its
//! commands take as options (`--board`, `--rules`, `--players`) and a
//! spec string gives them (`snakes(board=teaching, players=2)`), and what
//! a record keeps: [`SetupParameters`], the game's
//! [`Recordable::Parameters`](tabula_play::record::Recordable::Parameters).

use serde::de::{self, MapAccess, Visitor};
use serde::{Deserialize, Deserializer, Serialize};

use crate::board::BoardSpec;

pub use crate::recorded::Parameters as SetupParameters;

/// The board a game is played on: as typed (a built-in board's name or a
/// RON board file), or the whole board, as a record keeps it so that it
/// stands alone. Either is written as it is (a string, or the board's
/// fields).
#[derive(Clone, Debug, PartialEq, Serialize)]
#[serde(untagged)]
pub enum BoardParam {
    /// A built-in board's name or a board file's path.
    Named(String),
    /// The whole board, as a board file writes it.
    Spec(BoardSpec),
}

impl<'de> Deserialize<'de> for BoardParam {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<BoardParam, D::Error> {
        struct Either;

        impl<'de> Visitor<'de> for Either {
            type Value = BoardParam;

            fn expecting(&self, f: &mut std::fmt::Formatter) -> std::fmt::Result {
                f.write_str("a board's name or file, or a board")
            }

            fn visit_str<E: de::Error>(self, v: &str) -> Result<BoardParam, E> {
                Ok(BoardParam::Named(v.to_string()))
            }

            fn visit_map<A: MapAccess<'de>>(self, map: A) -> Result<BoardParam, A::Error> {
                BoardSpec::deserialize(de::value::MapAccessDeserializer::new(map))
                    .map(BoardParam::Spec)
            }
        }

        d.deserialize_any(Either)
    }
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
