//! Game records: the rules, who placed first, every placement and move in
//! order and the result, in RON or JSON; and replaying one, checking every
//! turn.
//!
//! A record in RON:
//!
//! ```ron
//! (
//!     game: "seega",
//!     size: 5,
//!     stalemate: 30,
//!     first: Black,
//!     players: Some((black: "greedy", white: "random")),
//!     turns: [
//!         Place(side: Black, at: ((0, 0), (0, 1))),
//!         // ...
//!         Move(side: White, from: (1, 2), to: (2, 2)),
//!         Blocked(side: Black),
//!     ],
//!     result: Some((winner: Some(White), reason: AllCaptured)),
//! )
//! ```
//!
//! Squares are `(row, col)` from 0, row 0 at the top (`[row, col]` in
//! JSON); replays print them as `c3`.

use std::path::Path;

use serde::{Deserialize, Serialize};
use tabula_core::spec::{Location, PathItem, Source, SpecError};

use crate::board::{Side, Square, Step};
use crate::rules::{Action, Illegal, Outcome, Position, Reason, Rules};

/// The agents (or people) who played.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Players {
    /// Who played Black.
    pub black: String,
    /// Who played White.
    pub white: String,
}

/// One turn of a record.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub enum Turn {
    /// Two pieces placed.
    Place {
        /// Whose.
        side: Side,
        /// Where.
        at: [Square; 2],
    },
    /// A piece moved one step.
    Move {
        /// Whose.
        side: Side,
        /// From.
        from: Square,
        /// To.
        to: Square,
    },
    /// The side said it could not move.
    Blocked {
        /// Who.
        side: Side,
    },
    /// The side's agent gave no answer (it panicked) and lost.
    Forfeit {
        /// Who.
        side: Side,
        /// What happened.
        reason: String,
    },
}

impl Turn {
    /// The turn recording `action` by `side`.
    pub fn of(side: Side, action: Action) -> Turn {
        match action {
            Action::Place(at) => Turn::Place { side, at },
            Action::Move(s) => Turn::Move {
                side,
                from: s.from,
                to: s.to,
            },
            Action::Blocked => Turn::Blocked { side },
        }
    }

    /// Who played it.
    pub fn side(&self) -> Side {
        match self {
            Turn::Place { side, .. }
            | Turn::Move { side, .. }
            | Turn::Blocked { side }
            | Turn::Forfeit { side, .. } => *side,
        }
    }

    /// The action, unless it is a forfeit.
    pub fn action(&self) -> Option<Action> {
        match *self {
            Turn::Place { at, .. } => Some(Action::Place(at)),
            Turn::Move { from, to, .. } => Some(Action::Move(Step { from, to })),
            Turn::Blocked { .. } => Some(Action::Blocked),
            Turn::Forfeit { .. } => None,
        }
    }
}

impl std::fmt::Display for Turn {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self.action() {
            Some(a) => write!(f, "{} {a}", self.side()),
            None => match self {
                Turn::Forfeit { side, reason } => write!(f, "{side} forfeits ({reason})"),
                _ => Ok(()),
            },
        }
    }
}

fn seega() -> String {
    "seega".into()
}

/// A whole game. Unknown fields are refused, as in board files.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Record {
    /// Always `"seega"`.
    #[serde(default = "seega")]
    pub game: String,
    /// Board side.
    pub size: usize,
    /// Moves without a capture that end the game.
    pub stalemate: u32,
    /// Who placed first.
    pub first: Side,
    /// Who played, if known.
    #[serde(default)]
    pub players: Option<Players>,
    /// Every turn, in order.
    pub turns: Vec<Turn>,
    /// How it ended, if it did.
    #[serde(default)]
    pub result: Option<Outcome>,
}

/// The file formats of records.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum RecordFormat {
    /// RON (`.ron`).
    #[default]
    Ron,
    /// JSON (`.json`).
    Json,
}

impl RecordFormat {
    /// The file extension.
    pub fn extension(self) -> &'static str {
        match self {
            RecordFormat::Ron => "ron",
            RecordFormat::Json => "json",
        }
    }
}

impl Record {
    /// An empty record for a game under `rules`.
    pub fn new(rules: &Rules, players: Option<Players>) -> Record {
        Record {
            game: seega(),
            size: rules.size(),
            stalemate: rules.stalemate(),
            first: rules.first(),
            players,
            turns: Vec::new(),
            result: None,
        }
    }

    /// The record as text in `format`.
    pub fn to_text(&self, format: RecordFormat) -> String {
        match format {
            RecordFormat::Json => serde_json::to_string_pretty(self).unwrap_or_default() + "\n",
            RecordFormat::Ron => {
                let config = ron::ser::PrettyConfig::new()
                    .depth_limit(2)
                    .separate_tuple_members(false);
                ron::ser::to_string_pretty(self, config).unwrap_or_default() + "\n"
            }
        }
    }

    /// Writes the record to `path`.
    pub fn write(&self, path: &Path, format: RecordFormat) -> std::io::Result<()> {
        std::fs::write(path, self.to_text(format))
    }

    /// Reads a record: JSON if the name ends in `.json`, RON otherwise.
    /// Errors carry file:line:column.
    pub fn read(path: &Path) -> Result<Record, SpecError> {
        let source = Source::read(path)?;
        let json = path
            .extension()
            .is_some_and(|e| e.eq_ignore_ascii_case("json"));
        Record::parse(
            &source,
            if json {
                RecordFormat::Json
            } else {
                RecordFormat::Ron
            },
        )
    }

    /// Parses and validates a record's text.
    pub fn parse(source: &Source, format: RecordFormat) -> Result<Record, SpecError> {
        let record: Record = match format {
            RecordFormat::Ron => source.parse()?,
            RecordFormat::Json => {
                serde_json::from_str(source.text()).map_err(|e| SpecError::Parse {
                    location: Location {
                        file: source.name().to_string(),
                        line: e.line().max(1),
                        column: e.column().max(1),
                    },
                    message: e.to_string(),
                })?
            }
        };
        if record.game != "seega" {
            return Err(source.invalid(
                &[PathItem::Field("game")],
                format!("this is a record of {:?}, not of seega", record.game),
            ));
        }
        record
            .rules()
            .map_err(|e| source.invalid(&[PathItem::Field("size")], e.to_string()))?;
        Ok(record)
    }

    /// The rules the record was played under.
    pub fn rules(&self) -> Result<Rules, crate::SeegaError> {
        Rules::new(self.size, self.stalemate, self.first)
    }
}

/// One replayed turn.
#[derive(Clone, Debug)]
pub struct Replayed {
    /// Its number, from 1.
    pub number: usize,
    /// The turn.
    pub turn: Turn,
    /// The pieces it captured.
    pub captured: Vec<Square>,
    /// The position after it.
    pub position: Position,
}

/// The first illegal turn of a record.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct IllegalTurn {
    /// Its number, from 1.
    pub number: usize,
    /// The turn.
    pub turn: Turn,
    /// Why it is illegal.
    pub error: Illegal,
}

/// What replaying a record found.
#[derive(Clone, Debug)]
pub struct Replay {
    /// The rules.
    pub rules: Rules,
    /// Every legal turn, in order, with the position after it.
    pub turns: Vec<Replayed>,
    /// The first illegal turn, which ends the game (its side loses).
    pub illegal: Option<IllegalTurn>,
    /// Turns recorded after the game had ended (ignored).
    pub after_end: usize,
    /// How the game ended, if the record takes it to the end.
    pub outcome: Option<Outcome>,
}

impl Replay {
    /// Replays `record` from the empty board, checking every turn against
    /// the rules (including whose turn it is).
    pub fn run(record: &Record) -> Result<Replay, crate::SeegaError> {
        let rules = record.rules()?;
        let mut position = Position::new(rules);
        let mut turns = Vec::new();
        let mut illegal = None;
        let mut after_end = 0;
        for (i, turn) in record.turns.iter().enumerate() {
            if position.outcome().is_some() {
                after_end += 1;
                continue;
            }
            let side = turn.side();
            let result = if side != position.to_move() {
                Err(Illegal::OutOfTurn(position.to_move()))
            } else {
                match turn.action() {
                    Some(action) => position.play(&action),
                    None => {
                        position.forfeit(side, Reason::Forfeit);
                        Ok(Default::default())
                    }
                }
            };
            match result {
                Ok(captures) => turns.push(Replayed {
                    number: i + 1,
                    turn: turn.clone(),
                    captured: captures.squares().to_vec(),
                    position: position.clone(),
                }),
                Err(error) => {
                    position.forfeit(side, Reason::Illegal);
                    illegal = Some(IllegalTurn {
                        number: i + 1,
                        turn: turn.clone(),
                        error,
                    });
                }
            }
        }
        Ok(Replay {
            rules,
            turns,
            illegal,
            after_end,
            outcome: position.outcome(),
        })
    }
}
