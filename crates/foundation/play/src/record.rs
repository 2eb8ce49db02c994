//! Records: one format for every game, in RON or JSON. A record carries
//! the game's name and parameters, the seed, who played, every chance
//! outcome and move in order, and how the game ended. [`replay`] checks a
//! record step by step and names the first illegal step by its index.
//!
//! A game opts in by implementing [`Recordable`]: its name, its
//! parameters as a serde value, and how to rebuild the game from them.
//! Its moves and chance outcomes must be serde values and comparable.

use std::path::Path;

use serde::de::DeserializeOwned;
use serde::{Deserialize, Serialize};
use std::cell::{Cell, RefCell};
use tabula_core::spec::{Location, PathItem, Source, SpecError};

use tabula_core::{BoardGame, Chance, GameRng, Results, Seat, Status, Streams};
use tabula_sim::game_loop::{ChanceSource, Decider, Ending, Lists, Observer, play_game};

use crate::legality::{CheckPath, Listed};
use crate::notation::Notation;

mod tree;

use tree::Tree;

/// A game whose plays can be recorded and replayed.
pub trait Recordable:
    BoardGame<
        Move: Serialize + DeserializeOwned + PartialEq,
        Outcome: Serialize + DeserializeOwned + PartialEq,
    > + Sized
{
    /// The game's registered name (`tabula list`), written into every
    /// record and checked when one is read.
    const NAME: &'static str;
    /// What fixes the game (board, rules, sizes): enough to rebuild it.
    type Parameters: Serialize + DeserializeOwned + Clone + std::fmt::Debug;
    /// This game's parameters.
    fn parameters(&self) -> Self::Parameters;
    /// The game with these parameters, or why they are not valid.
    fn from_parameters(parameters: &Self::Parameters) -> Result<Self, ParametersError>;
}

/// Parameters that make no game ([`Recordable::from_parameters`]): why,
/// naming the bad value.
///
/// ```
/// use tabula_play::record::ParametersError;
///
/// let e = ParametersError::from(format!("the board side must be 1 to {}, not {}", 9, 12));
/// assert_eq!(e.to_string(), "the board side must be 1 to 9, not 12");
/// ```
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("{message}")]
#[non_exhaustive]
pub struct ParametersError {
    /// What is wrong.
    pub message: String,
}

impl ParametersError {
    /// The error with this message.
    pub fn new(message: impl Into<String>) -> ParametersError {
        ParametersError {
            message: message.into(),
        }
    }
}

impl From<String> for ParametersError {
    fn from(message: String) -> ParametersError {
        ParametersError::new(message)
    }
}

impl From<&str> for ParametersError {
    fn from(message: &str) -> ParametersError {
        ParametersError::new(message)
    }
}

/// One step of a game: a chance outcome or a seat's move.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub enum Step<M, O> {
    /// Chance decided this outcome.
    Chance(O),
    /// `seat` made this move.
    Move {
        /// Who moved.
        seat: Seat,
        /// The move.
        mv: M,
    },
}

/// How a recorded game ended.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub enum End {
    /// It ended by the rules with these results.
    Finished(Results),
    /// A seat forfeited (the referee's [`Forfeit`]).
    Forfeit {
        /// Who, where, why.
        forfeit: Forfeit,
        /// The results the forfeit gave.
        results: Results,
    },
    /// The step cap stopped it.
    Capped,
    /// It was stopped before its end (a player quit, or input ended).
    Stopped,
}

/// A whole game, for a game `G`: `Record<G::Parameters, G::Move,
/// G::Outcome>` (alias [`RecordOf`]).
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Record<P, M, O> {
    /// The game's registered name.
    pub game: String,
    /// Its parameters.
    pub parameters: P,
    /// The seed of the run it came from.
    pub seed: u64,
    /// The game's index in that run.
    pub index: u64,
    /// Who played each seat (agent names, or "you").
    pub players: Vec<String>,
    /// Every step in order.
    pub steps: Vec<Step<M, O>>,
    /// How it ended.
    pub end: End,
}

impl<P, M, O> Record<P, M, O> {
    /// The record of a game of `G` played with `seed` as game `index`,
    /// by `players`, with these `steps` and `end`: what the referee and
    /// terminal play build theirs with.
    pub fn of<G>(
        game: &G,
        seed: u64,
        index: u64,
        players: Vec<String>,
        steps: Vec<Step<M, O>>,
        end: End,
    ) -> RecordOf<G>
    where
        G: Recordable<Parameters = P, Move = M, Outcome = O>,
    {
        Record {
            game: G::NAME.to_string(),
            parameters: game.parameters(),
            seed,
            index,
            players,
            steps,
            end,
        }
    }
}

/// The record type of game `G`.
pub type RecordOf<G> =
    Record<<G as Recordable>::Parameters, <G as BoardGame>::Move, <G as BoardGame>::Outcome>;

/// The text formats of records.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Format {
    /// RON (`.ron`), the default.
    #[default]
    Ron,
    /// JSON (`.json`).
    Json,
}

impl Format {
    /// The file name extension, without the dot.
    pub fn extension(self) -> &'static str {
        match self {
            Format::Ron => "ron",
            Format::Json => "json",
        }
    }

    /// JSON if `path` ends in `.json` (any case), RON otherwise.
    pub fn of_path(path: &Path) -> Format {
        if path
            .extension()
            .is_some_and(|e| e.eq_ignore_ascii_case("json"))
        {
            Format::Json
        } else {
            Format::Ron
        }
    }
}

/// Errors of reading, writing and replaying records.
#[derive(Debug, thiserror::Error)]
#[non_exhaustive]
pub enum RecordError {
    /// The file could not be read or parsed (with file:line:column).
    #[error(transparent)]
    Spec(#[from] SpecError),
    /// A record could not be written.
    #[error("cannot write the record {path}: {error}")]
    Write {
        /// Where.
        path: String,
        /// Why.
        error: std::io::Error,
    },
    /// A record could not be turned into text.
    #[error("cannot write a record as {format:?}: {message}")]
    Serialize {
        /// Which format.
        format: Format,
        /// Why.
        message: String,
    },
    /// A step of the record is not legal where it stands.
    #[error("step {index}: {message}")]
    Illegal {
        /// The step's index, from 0.
        index: usize,
        /// What is wrong.
        message: String,
    },
    /// The steps are legal but the recorded end disagrees with them.
    #[error("the record's end disagrees with its steps: {0}")]
    End(String),
}

impl<P: Serialize, M: Serialize, O: Serialize> Record<P, M, O> {
    /// The record as text.
    pub fn to_text(&self, format: Format) -> Result<String, RecordError> {
        // Only the game's values are serialized by its types (captured);
        // the record around them is printed by `Frame::text`, compiled
        // once for every game.
        let bad = |e: tree::Error| RecordError::Serialize {
            format,
            message: e.to_string(),
        };
        let steps = self
            .steps
            .iter()
            .map(|step| {
                Ok(match step {
                    Step::Chance(o) => Step::Chance(Tree::of(o)?),
                    Step::Move { seat, mv } => Step::Move {
                        seat: *seat,
                        mv: Tree::of(mv)?,
                    },
                })
            })
            .collect::<Result<Vec<_>, tree::Error>>()
            .map_err(bad)?;
        Frame {
            game: &self.game,
            parameters: Tree::of(&self.parameters).map_err(bad)?,
            seed: self.seed,
            index: self.index,
            players: &self.players,
            steps,
            end: &self.end,
        }
        .text(format)
    }

    /// Writes the record to `path`, in the format its name says.
    pub fn write(&self, path: &Path) -> Result<(), RecordError> {
        let text = self.to_text(Format::of_path(path))?;
        write_text(path, text)
    }
}

/// Writes a record's `text` to `path`.
fn write_text(path: &Path, text: String) -> Result<(), RecordError> {
    tabula_core::files::write(path, text).map_err(|error| RecordError::Write {
        path: path.display().to_string(),
        error,
    })
}

/// A record with its game's values captured: serialized as [`Record`]
/// is, by the same calls.
#[derive(Serialize)]
#[serde(rename = "Record")]
struct Frame<'r> {
    game: &'r str,
    parameters: Tree,
    seed: u64,
    index: u64,
    players: &'r [String],
    steps: Vec<Step<Tree, Tree>>,
    end: &'r End,
}

impl Frame<'_> {
    /// The record as text: pretty RON (two levels deep, a step a line)
    /// or pretty JSON, ending in a newline.
    fn text(&self, format: Format) -> Result<String, RecordError> {
        let bad = |message: String| RecordError::Serialize { format, message };
        match format {
            Format::Ron => {
                ron::ser::to_string_pretty(self, ron::ser::PrettyConfig::default().depth_limit(2))
                    .map(|mut s| {
                        s.push('\n');
                        s
                    })
                    .map_err(|e| bad(e.to_string()))
            }
            Format::Json => serde_json::to_string_pretty(self)
                .map(|mut s| {
                    s.push('\n');
                    s
                })
                .map_err(|e| bad(e.to_string())),
        }
    }
}

/// Reads a record of game `G` from `path` (JSON if the name ends in
/// `.json`, RON otherwise). A malformed file, a record of another game,
/// invalid parameters or more or fewer players than the game seats give
/// an error with the file position.
pub fn read<G: Recordable>(path: &Path) -> Result<RecordOf<G>, RecordError> {
    let source = Source::read(path)?;
    parse::<G>(&source, Format::of_path(path))
}

/// Parses a record of game `G` from `source`.
pub fn parse<G: Recordable>(source: &Source, format: Format) -> Result<RecordOf<G>, RecordError> {
    // The record around the game's values is read by code compiled once
    // (`Reader`); only its parameters, moves and outcomes are read by the
    // game's types, each from its own text, errors placed in the file.
    let reader = Reader {
        source,
        format,
        game: G::NAME,
        chance_free: std::mem::size_of::<G::Outcome>() == 0,
    };
    let frame = reader.frame()?;
    let parameters: G::Parameters = reader.value(frame.parameters)?;
    let mut steps = Vec::with_capacity(frame.steps.len());
    for step in frame.steps {
        steps.push(match step {
            Step::Chance(o) => Step::Chance(reader.value(o)?),
            Step::Move { seat, mv } => Step::Move {
                seat,
                mv: reader.value(mv)?,
            },
        });
    }
    let game = match G::from_parameters(&parameters) {
        Ok(game) => game,
        Err(e) => return Err(reader.invalid("parameters", e.message)),
    };
    reader.check_players(frame.players.len(), game.seats())?;
    Ok(Record {
        game: frame.game,
        parameters,
        seed: frame.seed,
        index: frame.index,
        players: frame.players,
        steps,
        end: frame.end,
    })
}

/// A record as read before its game's types: its parameters, moves and
/// outcomes as their text in the file.
type RawRecord<'s> = Record<&'s str, &'s str, &'s str>;

/// What reads a record's file for a game: the parts that are the same for
/// every game.
struct Reader<'s> {
    source: &'s Source,
    format: Format,
    /// The game's name ([`Recordable::NAME`]).
    game: &'static str,
    /// Whether the game's outcomes hold nothing (it has no chance).
    chance_free: bool,
}

impl<'s> Reader<'s> {
    /// What a file that does not parse may be instead: empty, or the
    /// other format (chosen by the file name, not the contents).
    fn hint(&self) -> &'static str {
        match (self.format, self.source.text().trim_start().chars().next()) {
            (_, None) => " (the file is empty)",
            (Format::Ron, Some('{')) => {
                " (this looks like JSON: a record is read as JSON when its file name ends in .json)"
            }
            (Format::Json, Some('(')) => {
                " (this looks like RON: a record is read as JSON only when its file name ends in .json)"
            }
            _ => "",
        }
    }

    /// A game without chance (its outcome holds nothing) fails on a
    /// chance step with "expected unit": say what is wrong instead.
    fn no_chance(&self, line: usize) -> String {
        let at_chance = self
            .source
            .text()
            .lines()
            .nth(line.saturating_sub(1))
            .is_some_and(|l| l.contains("Chance"));
        if self.chance_free && at_chance {
            format!(
                " ({} has no chance steps: its records hold Move steps only)",
                self.game
            )
        } else {
            String::new()
        }
    }

    /// A RON parse error with its hints.
    fn ron(&self, e: SpecError) -> RecordError {
        match e {
            SpecError::Parse { location, message } => SpecError::Parse {
                message: format!("{message}{}{}", self.hint(), self.no_chance(location.line)),
                location,
            },
            other => other,
        }
        .into()
    }

    /// A JSON parse error in `part` (a slice of the text) with its hints,
    /// at its position in the whole text.
    fn json(&self, e: serde_json::Error, part: &str) -> RecordError {
        // serde_json's message ends with the position given in front.
        let message = e.to_string();
        let message = match message.rfind(" at line ") {
            Some(at) => message[..at].to_string(),
            None => message,
        };
        // serde_json counts lines from 1 and columns in bytes from the
        // line's start: where `part` starts, in those terms.
        let text = self.source.text();
        let base = (part.as_ptr() as usize)
            .checked_sub(text.as_ptr() as usize)
            .filter(|b| b + part.len() <= text.len())
            .unwrap_or(0);
        let before = &text[..base];
        let base_line = before.matches('\n').count();
        let base_column = before.len() - before.rfind('\n').map_or(0, |i| i + 1);
        let (line, column) = match e.line() {
            0 => (0, e.column()),
            1 => (base_line + 1, base_column + e.column()),
            l => (base_line + l, e.column()),
        };
        SpecError::Parse {
            location: Location {
                file: self.source.name().to_string(),
                line: line.max(1),
                column: column.max(1),
            },
            message: format!("{message}{}{}", self.hint(), self.no_chance(line)),
        }
        .into()
    }

    /// A validation error at the record's field `field`.
    fn invalid(&self, field: &str, message: String) -> RecordError {
        self.source
            .invalid(&[PathItem::Field(field)], message)
            .into()
    }

    /// The record with its game's values as text, checked to be of this
    /// game.
    fn frame(&self) -> Result<RawRecord<'s>, RecordError> {
        type RonRecord<'s> =
            Record<&'s ron::value::RawValue, &'s ron::value::RawValue, &'s ron::value::RawValue>;
        type JsonRecord<'s> = Record<
            &'s serde_json::value::RawValue,
            &'s serde_json::value::RawValue,
            &'s serde_json::value::RawValue,
        >;
        #[derive(Deserialize)]
        struct Head {
            game: String,
        }
        let text = self.source.text();
        let frame = match self.format {
            Format::Ron => self
                .source
                .parse_part::<RonRecord<'s>>(text)
                .map(|r| raw(r, |v| v.get_ron()))
                .map_err(|e| self.ron(e)),
            Format::Json => serde_json::from_str::<JsonRecord<'s>>(text)
                .map(|r| raw(r, |v| v.get()))
                .map_err(|e| self.json(e, text)),
        };
        // The game's name first, so a record of another game says so
        // rather than failing on its moves.
        let game = match &frame {
            Ok(frame) => Some(frame.game.clone()),
            Err(_) => match self.format {
                Format::Ron => ron::from_str::<Head>(text).ok(),
                Format::Json => serde_json::from_str::<Head>(text).ok(),
            }
            .map(|head| head.game),
        };
        if let Some(game) = game
            && game != self.game
        {
            return Err(self.invalid(
                "game",
                format!(
                    "this is a record of {:?}, not of {:?}",
                    tabula_core::text::excerpt(&game),
                    self.game
                ),
            ));
        }
        frame
    }

    /// A parameters value, move or outcome read from its text.
    fn value<T: DeserializeOwned>(&self, part: &str) -> Result<T, RecordError> {
        match self.format {
            Format::Ron => self.source.parse_part(part).map_err(|e| self.ron(e)),
            Format::Json => serde_json::from_str(part).map_err(|e| self.json(e, part)),
        }
    }

    /// An error if the record names players, but not as many as the
    /// game seats.
    fn check_players(&self, players: usize, seats: usize) -> Result<(), RecordError> {
        if players != 0 && players != seats {
            return Err(self.invalid(
                "players",
                format!("it names {players} players, but the game seats {seats}"),
            ));
        }
        Ok(())
    }
}

/// `record` with its raw values as their text.
fn raw<'s, V: ?Sized>(
    record: Record<&'s V, &'s V, &'s V>,
    text: fn(&'s V) -> &'s str,
) -> RawRecord<'s> {
    Record {
        game: record.game,
        parameters: text(record.parameters),
        seed: record.seed,
        index: record.index,
        players: record.players,
        steps: record
            .steps
            .into_iter()
            .map(|step| match step {
                Step::Chance(o) => Step::Chance(text(o)),
                Step::Move { seat, mv } => Step::Move { seat, mv: text(mv) },
            })
            .collect(),
        end: record.end,
    }
}

/// What a successful replay found.
#[derive(Clone, Debug)]
pub struct Replayed<G: BoardGame> {
    /// The game rebuilt from the record's parameters.
    pub game: G,
    /// The state after the last step.
    pub state: G::State,
    /// The results of the final state, if the game is over there.
    pub results: Option<Results>,
}

/// Replays `record` from the initial state, checking every step: a chance
/// outcome must be one the game lists there, a move must be legal and
/// made by the seat to move. `on_step(index, state_before, step)` sees
/// each step before it is applied (to print it). Finally the recorded end
/// must agree with the final state. Messages name seats, moves and
/// outcomes in the game's [`Notation`].
///
/// The record is played by the framework's one game loop
/// ([`tabula_sim::game_loop`]), with its moves as the decider and its
/// outcomes as the chance. Its moves and outcomes are checked against the
/// game's lists; a game that checks them itself is replayed with its
/// check path, [`replay_on`].
pub fn replay<G: Recordable + Notation>(
    record: &RecordOf<G>,
    on_step: impl FnMut(usize, &G, &G::State, &Step<G::Move, G::Outcome>),
) -> Result<Replayed<G>, RecordError> {
    replay_on(Listed, record, on_step)
}

/// [`replay`], each move and outcome checked by `checks`, the game's
/// check path ([`paths!`](crate::paths) finds it).
pub fn replay_on<G: Recordable + Notation, K: CheckPath<G>>(
    checks: K,
    record: &RecordOf<G>,
    mut on_step: impl FnMut(usize, &G, &G::State, &Step<G::Move, G::Outcome>),
) -> Result<Replayed<G>, RecordError> {
    // Through one `dyn` callback, so each game compiles the game loop for
    // replaying once, not once for every caller's closure.
    replay_dyn(checks, record, &mut on_step)
}

/// The callback [`replay_on`] passes on, of one type for all callers.
type OnStep<'a, G> = &'a mut dyn FnMut(
    usize,
    &G,
    &<G as BoardGame>::State,
    &Step<<G as BoardGame>::Move, <G as BoardGame>::Outcome>,
);

/// [`replay_on`] with its callback as one type.
fn replay_dyn<G: Recordable + Notation, K: CheckPath<G>>(
    checks: K,
    record: &RecordOf<G>,
    on_step: OnStep<'_, G>,
) -> Result<Replayed<G>, RecordError> {
    let game = G::from_parameters(&record.parameters)
        .map_err(|m| RecordError::End(format!("invalid parameters: {m}")))?;
    let reading = Reading {
        checks,
        steps: &record.steps,
        next: Cell::new(0),
        on_step: RefCell::new(on_step),
        legal: RefCell::new(Vec::new()),
    };
    let ended = play_game(
        &game,
        &mut &reading,
        &mut &reading,
        &mut Streams::new(record.seed, record.index),
        u32::MAX,
        &mut (),
        &mut Lists::default(),
    );
    let state = ended.state;
    match ended.ending {
        Ending::Stopped(Unread::Illegal(e)) => return Err(e),
        Ending::Over(_) if reading.next.get() < record.steps.len() => {
            reading.step(&game, &state, None)?;
            return Err(RecordError::Illegal {
                index: reading.next.get(),
                message: "the game is already over".into(),
            });
        }
        _ => {}
    }
    let results = game.results(&state);
    let over = matches!(game.status(&state), Status::Over(_));
    match (&record.end, &results) {
        (End::Finished(r), Some(actual)) if r == actual => {}
        (End::Finished(r), Some(actual)) => {
            return Err(RecordError::End(format!(
                "it records scores {:?} (ranks {:?}), the game gives scores {:?} (ranks {:?})",
                r.scores(),
                r.ranks(),
                actual.scores(),
                actual.ranks()
            )));
        }
        (End::Finished(_), None) => {
            return Err(RecordError::End(
                "it records a finished game, but the game is not over after its last step".into(),
            ));
        }
        (End::Forfeit { forfeit, .. }, _) => {
            if forfeit.step != record.steps.len() || over {
                return Err(RecordError::End(format!(
                    "it records a forfeit at step {}, but has {} steps{}",
                    forfeit.step,
                    record.steps.len(),
                    if over { " and the game is over" } else { "" }
                )));
            }
        }
        (End::Capped | End::Stopped, _) if over => {
            return Err(RecordError::End(
                "it records an unfinished game, but the game is over after its last step".into(),
            ));
        }
        (End::Capped | End::Stopped, _) => {}
    }
    Ok(Replayed {
        game,
        state,
        results,
    })
}

/// A step of a game of type `G`.
type GameStep<G> = Step<<G as BoardGame>::Move, <G as BoardGame>::Outcome>;

/// Why the replay's loop stopped before the game's end.
enum Unread {
    /// The record has no more steps.
    End,
    /// Its next step is illegal.
    Illegal(RecordError),
}

/// A record's steps, read one by one as the loop asks for them: its
/// moves are the replay's decider, its outcomes its chance.
struct Reading<'r, G: BoardGame, F, K> {
    /// How moves and outcomes are checked.
    checks: K,
    steps: &'r [Step<G::Move, G::Outcome>],
    /// The index of the next step.
    next: Cell<usize>,
    on_step: RefCell<F>,
    /// For `is_legal` and `is_possible`.
    legal: RefCell<Vec<G::Move>>,
}

impl<G, F, K> Reading<'_, G, F, K>
where
    G: Recordable + Notation,
    F: FnMut(usize, &G, &G::State, &Step<G::Move, G::Outcome>),
{
    /// The next step, shown to `on_step` (its seat checked first: a
    /// game's names are for its seats), or `shown` in its place (the
    /// legal move a recorded one makes); `None` after the last.
    fn step(
        &self,
        game: &G,
        state: &G::State,
        shown: Option<&GameStep<G>>,
    ) -> Result<Option<&GameStep<G>>, RecordError> {
        let index = self.next.get();
        let Some(step) = self.steps.get(index) else {
            return Ok(None);
        };
        if let Step::Move { seat, .. } = step
            && *seat >= game.seats()
        {
            return Err(illegal(
                index,
                format!(
                    "a move by seat index {seat}, but the game seats {} (indices 0 to {})",
                    game.seats(),
                    game.seats().saturating_sub(1)
                ),
            ));
        }
        (self.on_step.borrow_mut())(index, game, state, shown.unwrap_or(step));
        Ok(Some(step))
    }
}

fn illegal(index: usize, message: String) -> RecordError {
    RecordError::Illegal { index, message }
}

impl<G, F, K> Decider<G> for &Reading<'_, G, F, K>
where
    G: Recordable + Notation,
    F: FnMut(usize, &G, &G::State, &Step<G::Move, G::Outcome>),
    K: CheckPath<G>,
{
    type Stop = Unread;

    fn decide(
        &mut self,
        game: &G,
        state: &G::State,
        to_move: Seat,
        _: u32,
        _: &mut GameRng,
        _: &mut Vec<G::Move>,
    ) -> Result<G::Move, Unread> {
        let index = self.next.get();
        // The legal move the recorded one makes, in the game's own form:
        // shown and played in its place.
        let made = match self.steps.get(index) {
            Some(Step::Move { seat, mv }) if *seat == to_move => {
                let scratch = &mut self.legal.borrow_mut();
                game.recorded_move(state, mv, scratch)
                    .filter(|m| self.checks.is_legal(game, state, m, scratch))
            }
            _ => None,
        };
        let shown = match (self.steps.get(index), &made) {
            (Some(Step::Move { seat, mv }), Some(m)) if m != mv => Some(Step::Move {
                seat: *seat,
                mv: m.clone(),
            }),
            _ => None,
        };
        match self
            .step(game, state, shown.as_ref())
            .map_err(Unread::Illegal)?
        {
            None => Err(Unread::End),
            Some(Step::Chance(o)) => Err(Unread::Illegal(illegal(
                index,
                format!(
                    "chance outcome {}, but a seat must move here",
                    game.format_outcome(state, o)
                ),
            ))),
            Some(Step::Move { seat, .. }) if *seat != to_move => Err(Unread::Illegal(illegal(
                index,
                format!(
                    "{} moves, but it is {}'s turn",
                    game.seat_name(*seat),
                    game.seat_name(to_move)
                ),
            ))),
            // The referee's test (a game with continuous moves lists
            // none and answers `is_legal` directly), through the game's
            // reading of a recorded move.
            Some(Step::Move { seat, mv }) => match made {
                Some(m) => {
                    self.next.set(index + 1);
                    Ok(m)
                }
                None => Err(Unread::Illegal(illegal(
                    index,
                    format!(
                        "{} moves {}, which is not a legal move here",
                        game.seat_name(*seat),
                        described(game, state, mv)
                    ),
                ))),
            },
        }
    }
}

impl<G, F, K> ChanceSource<G, Unread> for &Reading<'_, G, F, K>
where
    G: Recordable + Notation,
    F: FnMut(usize, &G, &G::State, &Step<G::Move, G::Outcome>),
    K: CheckPath<G>,
{
    fn chance<O: Observer<G>>(
        &mut self,
        game: &G,
        state: &mut G::State,
        _: &mut GameRng,
        _: u32,
        observer: &mut O,
        outcomes: &mut Vec<Chance<G::Outcome>>,
    ) -> Result<u32, Unread> {
        let index = self.next.get();
        match self.step(game, state, None).map_err(Unread::Illegal)? {
            None => Err(Unread::End),
            Some(Step::Move { seat, mv }) => Err(Unread::Illegal(illegal(
                index,
                format!(
                    "{} moves {}, but chance decides here",
                    game.seat_name(*seat),
                    described(game, state, mv)
                ),
            ))),
            Some(Step::Chance(o)) if !self.checks.is_possible(game, state, o, outcomes) => {
                Err(Unread::Illegal(illegal(
                    index,
                    format!(
                        "chance outcome {} cannot happen here",
                        game.format_outcome(state, o)
                    ),
                )))
            }
            Some(Step::Chance(o)) => {
                self.next.set(index + 1);
                observer.chance(game, state, o);
                game.apply_chance(state, *o, &mut |e| observer.event(&e));
                Ok(1)
            }
        }
    }
}

/// A move in the game's notation (its `Debug` form if the notation
/// gives no text).
fn described<G: Notation>(game: &G, state: &G::State, mv: &G::Move) -> String {
    let text = game.format_move(state, mv);
    if text.trim().is_empty() {
        format!("{mv:?}")
    } else {
        text
    }
}

/// Why a seat forfeited.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Fault {
    /// It answered a move that is not legal (shown with `{:?}`).
    Illegal(String),
    /// It panicked, with this message.
    Panic(String),
    /// It took longer than the per-move limit (milliseconds taken, limit).
    TooSlow {
        /// Milliseconds the call took.
        took_ms: u64,
        /// The limit in milliseconds.
        limit_ms: u64,
    },
}

impl std::fmt::Display for Fault {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            Fault::Illegal(mv) => write!(f, "illegal move {mv}"),
            Fault::Panic(m) => write!(f, "panicked: {m}"),
            Fault::TooSlow { took_ms, limit_ms } => {
                write!(f, "took {took_ms} ms, over the limit of {limit_ms} ms")
            }
        }
    }
}

/// A forfeit: who, at which step of the record, and why.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Forfeit {
    /// The seat that forfeited.
    pub seat: Seat,
    /// The index of the step it failed to make (steps before it were
    /// played).
    pub step: usize,
    /// Why.
    pub fault: Fault,
}
