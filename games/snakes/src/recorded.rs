//! Records of Snakes and Ladders games: [`Recorded`] is the game as
//! `simulate` plays it (a board, a rule set chosen by name, the players),
//! owning its board so a record can rebuild it: the game's one
//! `BoardGame`, [`Snakes`], under a [`RuleSet`]. A record's steps are the
//! throws; [`Recorded::trace`] shows one throw by throw.
//!
//! ```
//! use tabula_snakes::recorded::Recorded;
//! use tabula_snakes::{Board, rules};
//!
//! let game = Recorded::new(Board::classic(), rules::find("exact")?, 1);
//! let record = game.record(7, 0, 10_000)?;
//! let trace = game.trace(&record);
//! assert_eq!(trace.rolls().len(), record.steps.len());
//! # Ok::<_, Box<dyn std::error::Error>>(())
//! ```

use serde::de::{self, MapAccess, Visitor};
use serde::{Deserialize, Deserializer, Serialize};
use tabula_core::spec::Source;
use tabula_core::{BoardGame, Seat};
use tabula_play::record::{End, Record, RecordOf, Recordable, Step};
use tabula_play::terminal::Notation;
use tabula_sim::SimError;

use crate::board::{Board, BoardSpec};
use crate::dispatch::{WithRules, with_rules};
use crate::error::SnakesError;
use crate::game::{Event, MAX_SEATS, Snakes, State};
use crate::plugin::Rules;
use crate::registry::{self, RuleSet};
use crate::trace::Trace;

pub use crate::game::NoMove;

/// What fixes a game: the board, the rule set's name and the players.
/// Options and spec strings name the board (a built-in board or a file)
/// and may leave the rules empty for the board's own; a record keeps the
/// whole board and the rule set's name, so that it stands alone.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Parameters {
    /// The board: its name or file, or the whole board.
    pub board: BoardParam,
    /// The rule set's registered name; empty for the board's own.
    pub rules: String,
    /// Players taking turns.
    pub players: u8,
}

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

/// Snakes and Ladders on an owned board under a rule set chosen by name:
/// the game records are of, and the one the command line, replay and
/// terminal play know. It is [`Snakes`] itself (the game's one
/// [`BoardGame`]) under a [`RuleSet`]; the throws of game `index` of a
/// seeded run are those [`record`](Snakes::record) takes from the
/// simulation's own replay, run under the rule set's own type
/// ([`with_rules`]). Every way of playing it throws the simulation's
/// dice, several to a word (its [`Sampling`](tabula_sim::Sampling):
/// [`run_chance`](tabula_sim::Sampling::run_chance), or
/// [`run_chance_observed`](tabula_sim::Sampling::run_chance_observed)
/// when each throw is watched, as the referee does): one game for a seed,
/// whoever watches. [`sample_chance`](tabula_sim::Sampling::sample_chance)
/// rolls one random number a die, for a caller that throws one alone.
pub type Recorded = Snakes<'static, RuleSet>;

/// A record of a Snakes and Ladders game.
pub type SnakesRecord = RecordOf<Recorded>;

/// The throws of game `index` of the run with `seed`, as
/// [`tabula_sim::replay`] replays it.
struct Throws<'b> {
    board: &'b Board,
    players: u8,
    seed: u64,
    index: u64,
    max_throws: u32,
}

impl WithRules for Throws<'_> {
    type Output = Result<Vec<u16>, SimError>;
    fn with<R: Rules>(self, rules: &'static R) -> Self::Output {
        let game = Snakes::new(self.board, rules, self.players);
        let mut throws = Vec::new();
        tabula_sim::replay(
            tabula_sim::Sampled,
            &game,
            self.seed,
            self.index,
            self.max_throws,
            |e| match *e {
                Event::Moved { roll, .. }
                | Event::Forfeited { roll, .. }
                | Event::SentTo { roll, .. } => throws.push(roll),
                _ => {}
            },
        )?;
        Ok(throws)
    }
}

/// A record's throws played one by one, every event traced.
struct TraceOf<'b> {
    board: &'b Board,
    players: u8,
    record: &'b SnakesRecord,
}

impl WithRules for TraceOf<'_> {
    type Output = Trace;
    fn with<R: Rules>(self, rules: &'static R) -> Trace {
        let game = Snakes::new(self.board, rules, self.players);
        let mut trace = Trace::new(self.record.seed, self.record.index);
        let mut state = game.initial_state();
        for step in &self.record.steps {
            match step {
                Step::Chance(roll) => {
                    if state.winner().is_none() {
                        game.apply_chance(&mut state, *roll, &mut |e| trace.record(&e));
                    }
                }
                Step::Move { mv, .. } => match *mv {},
            }
        }
        trace
    }
}

impl Recorded {
    /// The record of game `index` of the run with `seed`: its throws as
    /// [`tabula_sim::replay`] replays that game, at most `max_throws`.
    pub fn record(&self, seed: u64, index: u64, max_throws: u32) -> Result<SnakesRecord, SimError> {
        let throws = with_rules(
            self.rules(),
            Throws {
                board: self.board(),
                players: self.players(),
                seed,
                index,
                max_throws,
            },
        )?;
        let mut state = self.initial_state();
        for &roll in &throws {
            if state.winner().is_none() {
                self.apply_chance(&mut state, roll, &mut |_| {});
            }
        }
        Ok(Record {
            game: Self::NAME.to_string(),
            parameters: self.parameters(),
            seed,
            index,
            players: (0..self.seats()).map(|s| self.seat_name(s)).collect(),
            steps: throws.into_iter().map(Step::Chance).collect(),
            end: match self.results(&state) {
                Some(results) => End::Finished(results),
                None => End::Capped,
            },
        })
    }

    /// A record of this game, throw by throw: its view as `--trace`
    /// prints it. Replay checks a record read from a file; this one shows
    /// the throws as they are.
    pub fn trace(&self, record: &SnakesRecord) -> Trace {
        crate::with_rule_set(
            self.rules(),
            TraceOf {
                board: self.board(),
                players: self.players(),
                record,
            },
        )
    }
}

impl Recordable for Recorded {
    const NAME: &'static str = "snakes";
    type Parameters = Parameters;

    fn parameters(&self) -> Parameters {
        Parameters {
            board: BoardParam::Spec(self.board().spec()),
            rules: self.rules().name.to_string(),
            players: self.players(),
        }
    }

    fn from_parameters(p: &Parameters) -> Result<Recorded, tabula_play::record::ParametersError> {
        let spec = match &p.board {
            BoardParam::Spec(spec) => spec,
            BoardParam::Named(name) => {
                let board = crate::load::load_board(name)?;
                let (board, rules, players) =
                    checked(board, &p.rules, usize::from(p.players)).map_err(|e| e.to_string())?;
                return Ok(Recorded::new(board, rules, players));
            }
        };
        let source = Source::embedded("<the record's board>", "");
        let board = Board::from_spec(spec.clone(), &source).map_err(|e| e.to_string())?;
        let rules = registry::find(&p.rules).map_err(|e| e.to_string())?;
        if rules.name != board.rules_name() {
            rules
                .check_playable(&board)
                .map_err(|why| format!("under rules {:?}: {why}", rules.name))?;
        }
        if !(1..=MAX_SEATS).contains(&usize::from(p.players)) {
            return Err(
                format!("players must be from 1 to {MAX_SEATS}, found {}", p.players).into(),
            );
        }
        Ok(Recorded::new(board, rules, p.players))
    }
}

/// A board, the rule set named (the board's own for an empty name) and
/// the players, checked: the players from 1 to [`MAX_SEATS`], the rule
/// set registered, and every game on the board able to finish under it.
/// What [`Setup::new`](crate::Setup::new) and a game named on the
/// command line check.
pub(crate) fn checked(
    board: Board,
    rules: &str,
    players: usize,
) -> Result<(Board, &'static RuleSet, u8), SnakesError> {
    let Some(players) = u8::try_from(players)
        .ok()
        .filter(|&p| (1..=MAX_SEATS).contains(&usize::from(p)))
    else {
        return Err(SnakesError::Players(players));
    };
    let rules = registry::find(if rules.is_empty() {
        board.rules_name()
    } else {
        rules
    })?;
    // The board was checked under its own rule set when it was loaded.
    if rules.name != board.rules_name() {
        rules
            .check_playable(&board)
            .map_err(|why| SnakesError::Unplayable {
                board: board.source().to_string(),
                rules: rules.name,
                message: why.to_string(),
            })?;
    }
    Ok((board, rules, players))
}

/// Snakes has no moves to type; a chance outcome is the throw, and the
/// position is every token's square.
impl<R: Rules> Notation for Snakes<'_, R> {
    fn format_move(&self, _: &State<R::Extra>, mv: &NoMove) -> String {
        match *mv {}
    }

    fn parse_move(
        &self,
        _: &State<R::Extra>,
        _: &str,
    ) -> Result<NoMove, tabula_play::notation::MoveError> {
        Err("Snakes and Ladders has no moves to make: the dice decide every step".into())
    }

    fn render(&self, state: &State<R::Extra>) -> String {
        let squares: Vec<u16> = (0..self.seats()).map(|seat| state.square(seat)).collect();
        let at = |s: u16| {
            if s == 0 {
                "at the start".to_string()
            } else {
                format!("on square {s}")
            }
        };
        let mut text = String::new();
        for (seat, &s) in squares.iter().enumerate() {
            if squares.len() > 1 {
                text.push_str(&format!("{} ", self.seat_name(seat)));
            }
            text.push_str(&at(s));
            text.push('\n');
        }
        text
    }

    /// The throw, and who threw it when several play.
    /// With what it did, as `--trace` shows it: `5: 3 -> 8, ladder 8 -> 31`.
    fn format_outcome(&self, state: &State<R::Extra>, roll: &u16) -> String {
        let thrown = if self.players() > 1 {
            let seat = state.turn();
            format!("{roll} ({})", self.seat_name(seat))
        } else {
            roll.to_string()
        };
        // A throw the dice cannot make is only named (the replay says it
        // cannot happen), never played.
        if !self.board().dice().chances().any(|c| c.outcome == *roll) {
            return thrown;
        }
        let mut after = *state;
        let mut events = Vec::new();
        if after.winner().is_none() {
            self.apply_chance(&mut after, *roll, &mut |e| events.push(e));
        }
        let trace = crate::trace::Trace::of_events(&events);
        match trace.throws().first() {
            Some(t) => format!("{thrown}: {}", t.describe(self.board())),
            None => thrown,
        }
    }

    fn seat_name(&self, seat: Seat) -> String {
        format!("player {}", seat + 1)
    }
}
