//! Loading boards: parsing, layout validation (in `board`), then the
//! default rule set, resolved in the registry and checked for playability.
//! Kept apart from `board` so the board type depends on nothing else in
//! the crate.

use tabula_core::spec::{PathItem, Source, SpecError};

use crate::board::{BUILT_IN, Board, BoardSpec};
use crate::registry::{self, RuleSet};

impl Board {
    /// The classic 100-square board of specifications 000 and 001.
    pub fn classic() -> Board {
        Board::built_in("classic")
            .and_then(Result::ok)
            .unwrap_or_else(|| unreachable!("the embedded classic board is valid"))
    }

    /// A board shipped with tabula (`classic`, `teaching`, `two-dice`), or
    /// `None` if there is none of that name.
    pub fn built_in(name: &str) -> Option<Result<Board, SpecError>> {
        BUILT_IN.iter().find(|(n, _)| *n == name).map(|(n, text)| {
            Board::from_source(&Source::embedded(format!("<built-in board {n}>"), *text))
        })
    }

    /// Reads and validates a board file.
    pub fn load(path: impl AsRef<std::path::Path>) -> Result<Board, SpecError> {
        Board::from_source(&Source::read(path)?)
    }

    /// Parses and validates a board.
    pub fn from_source(source: &Source) -> Result<Board, SpecError> {
        let spec: BoardSpec = source.parse()?;
        Board::from_spec(spec, source)
    }

    /// Validates a spec; `source` is where errors point. The default rule
    /// set must be registered, and every game must be able to finish
    /// under it.
    pub fn from_spec(spec: BoardSpec, source: &Source) -> Result<Board, SpecError> {
        use PathItem::Field;
        let rules = match &spec.rules {
            None => {
                registry::find(registry::DEFAULT).map_err(|e| source.invalid(&[], e.to_string()))?
            }
            Some(name) => registry::find(name)
                .map_err(|e| source.invalid(&[Field("rules")], e.to_string()))?,
        };
        let board = Board::from_layout(spec, source, rules.name)?;
        rules.check_playable(&board).map_err(|why| {
            source.invalid(
                &[Field("size")],
                format!("under rules {:?}: {why}", rules.name),
            )
        })?;
        Ok(board)
    }

    /// The board's default rule set (the one named in its file, or
    /// [`DEFAULT`](registry::DEFAULT)).
    pub fn default_rules(&self) -> Result<&'static RuleSet, tabula_core::CoreError> {
        registry::find(self.rules_name())
    }
}

/// Loads the board an argument names: an existing file, else a built-in
/// board of that name; the message says which it looked for.
pub(crate) fn load_board(arg: &str) -> Result<Board, String> {
    // `exists` is false for a path the system cannot follow (a symlink
    // loop, a directory without permission): say what it said.
    match tabula_core::files::metadata(arg) {
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => {
            if let Some(board) = Board::built_in(arg) {
                return board.map_err(|e| e.to_string());
            }
            let names: Vec<&str> = BUILT_IN.iter().map(|(n, _)| *n).collect();
            Err(format!(
                "{arg}: no such board file, and no built-in board of that name (built in: {})",
                names.join(", ")
            ))
        }
        Err(e) => match Board::built_in(arg) {
            Some(board) => board.map_err(|e| e.to_string()),
            None => Err(format!("{arg}: cannot read the board file: {e}")),
        },
        Ok(_) => Board::load(arg).map_err(|e| e.to_string()),
    }
}
