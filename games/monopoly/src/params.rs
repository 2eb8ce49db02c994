//! Monopoly's parameters as data: the game's
//! [`Recordable::Parameters`](tabula_play::record::Recordable), what
//! `tabula list` shows and a spec string (`monopoly(jail=pay)`) gives its
//! commands, and what builds the game ([`SetupParameters::game`]).

use crate::{Board, Cards, Monopoly, MonopolyError, jail};

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

impl SetupParameters {
    /// The game these parameters make: the jail rule found, the board and
    /// card files read (the standard US board and decks where a file is
    /// not named; the standard decks must fit a board of one's own).
    pub fn game(&self) -> Result<Monopoly, MonopolyError> {
        let rule = jail::find(&self.jail)?;
        let board = match self.board.as_str() {
            "" => Board::standard(),
            path => Board::load(path)?,
        };
        let cards = match (self.cards.as_str(), self.board.as_str()) {
            ("", "") => Cards::standard(),
            ("", board_file) => {
                let source = tabula_core::spec::Source::embedded(
                    "<built-in cards>",
                    crate::board::STANDARD_CARDS,
                );
                Cards::from_source(&source, &board).map_err(|error| {
                    MonopolyError::DefaultCards {
                        board: board_file.to_string(),
                        error,
                    }
                })?
            }
            (path, _) => Cards::load(path, &board)?,
        };
        Ok(Monopoly::new(board, cards, rule).with_setup(self.clone()))
    }
}
