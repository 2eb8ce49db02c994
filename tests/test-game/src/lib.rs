//! A test game defined inside tabula's test suite, not among the
//! workspace's games: **coin race**. Each player has one token on square
//! 0; in turn they flip a fair coin and move the token two squares on
//! heads, one on tails; the first token to reach square `N` (or pass it)
//! wins. With `choices` (the default) a player decides before each flip:
//! [`Choice::Flip`] as above, or [`Choice::Dash`]: three squares on heads,
//! none on tails. That gives agents something to decide (dash when the
//! finish is exactly three squares away), so the race has agents
//! ([`agents`]), records and move text; without choices chance decides
//! everything, and the exact answer has a closed form to check against.
//!
//! The crate registers the game with one
//! [`register_game!`](tabula::registry::register_game): its parameters
//! ([`CoinRace`] is its own [`Parameters`]) and every generic verb
//! (`simulate`, `analyze`, `tournament`, `play`, `replay`) come from the
//! framework, with no command or report code here. Its binary
//! `tabula-with-test-game` is the whole `tabula` command with the test
//! games linked in beside the shipped ones; the process tests in `tests/`
//! drive it.
//!
//! ```
//! use tabula_test_game as _; // links the registration in
//!
//! // One token, two squares, no choices: heads (1/2) finishes in one
//! // flip, tails needs a second: 1.5 flips on average.
//! let mut out = Vec::new();
//! let race = "coin-race(squares=2, players=1, choices=false)";
//! let args = ["tabula", "analyze", race, "--agents", "flip", "--format", "json"];
//! tabula::cli::run_args(args, &mut out)?;
//! let exact: serde_json::Value = serde_json::from_slice(&out)?;
//! assert_eq!(exact["mean_steps"], 1.5);
//! assert_eq!(exact["seats"][0]["win"], 1.0);
//! # Ok::<_, tabula::registry::Error>(())
//! ```
#![deny(missing_docs)]

pub mod agents;
pub mod dice_race;
pub mod hold_out;
pub mod playthrough;

use tabula::core::params::{Param, Parameters};
use tabula::core::{BoardGame, Chance, GameResult, Status};
use tabula::play::notation::MoveError;
use tabula::play::record::{ParametersError, Recordable};

/// The name the game registers under: `tabula simulate coin-race`.
pub const NAME: &str = "coin-race";

/// The largest finishing square: the exact chain has about `N²` states
/// (40,399 at 200), some `2.6 N²` with choices and optimal play.
pub const MAX_SQUARES: u32 = 200;

/// The most players (tokens).
pub const MAX_PLAYERS: usize = 2;

/// A flip of the coin.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, serde::Serialize, serde::Deserialize)]
pub enum Coin {
    /// One square.
    Tails,
    /// Two squares.
    Heads,
}

impl Coin {
    /// Squares the token moves on a plain flip.
    pub fn squares(self) -> u32 {
        match self {
            Coin::Tails => 1,
            Coin::Heads => 2,
        }
    }

    /// Squares the token moves after `choice` (a plain flip if none).
    pub fn squares_after(self, choice: Option<Choice>) -> u32 {
        match (choice, self) {
            (Some(Choice::Dash), Coin::Heads) => 3,
            (Some(Choice::Dash), Coin::Tails) => 0,
            _ => self.squares(),
        }
    }
}

/// What a player decides before a flip, in a race with choices.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, serde::Serialize, serde::Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Choice {
    /// The plain flip: two squares on heads, one on tails.
    Flip,
    /// All or nothing: three squares on heads, none on tails.
    Dash,
}

/// Why a coin race cannot be set up.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum CoinRaceError {
    /// The finishing square is out of range.
    #[error("the finishing square must be 1 to {MAX_SQUARES}, not {0}")]
    Squares(u32),
    /// The number of players is out of range.
    #[error("a coin race has 1 to {MAX_PLAYERS} players, not {0}")]
    Players(usize),
}

/// The rules, which are also the game's parameters: the finishing
/// square, the number of players, and whether they choose before each
/// flip. Built by [`CoinRace::new`] (or by the verbs from
/// [`FIELDS`](Parameters::FIELDS)); a record's parameters go through
/// `new` too, so no race is out of range.
#[derive(Clone, Copy, Debug, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
#[serde(deny_unknown_fields)]
pub struct CoinRace {
    squares: u32,
    players: usize,
    choices: bool,
}

impl Parameters for CoinRace {
    const FIELDS: &'static [Param] = &[
        Param::int(
            "squares",
            "the finishing square: a token that reaches it (or passes it) wins",
            "10",
            1,
            MAX_SQUARES as i64,
        ),
        Param::int(
            "players",
            "players, one token each, flipping in turn",
            "2",
            1,
            MAX_PLAYERS as i64,
        ),
        Param::bool(
            "choices",
            "whether players choose before each flip: flip (heads two squares, tails one) or dash (heads three, tails none)",
            "true",
        ),
    ];
}

/// The position: each token's square and whose turn it is.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct State {
    /// Each player's square (unused entries stay 0).
    pub positions: [u32; MAX_PLAYERS],
    /// The player to flip next.
    pub turn: usize,
    /// What that player chose for this flip (races with choices).
    pub choice: Option<Choice>,
}

impl CoinRace {
    /// A race to square `squares` (1 to [`MAX_SQUARES`]) for `players`
    /// tokens (1 to [`MAX_PLAYERS`]), with or without a choice before
    /// each flip.
    pub fn new(squares: u32, players: usize, choices: bool) -> Result<CoinRace, CoinRaceError> {
        if !(1..=MAX_SQUARES).contains(&squares) {
            return Err(CoinRaceError::Squares(squares));
        }
        if !(1..=MAX_PLAYERS).contains(&players) {
            return Err(CoinRaceError::Players(players));
        }
        Ok(CoinRace {
            squares,
            players,
            choices,
        })
    }

    /// Whether players choose before each flip.
    pub fn choices(&self) -> bool {
        self.choices
    }

    /// The finishing square.
    pub fn squares(&self) -> u32 {
        self.squares
    }

    /// The number of players.
    pub fn players(&self) -> usize {
        self.players
    }
}

impl BoardGame for CoinRace {
    type State = State;
    type Move = Choice;
    type Outcome = Coin;
    type Event = ();

    fn seats(&self) -> usize {
        self.players
    }

    fn initial_state(&self) -> State {
        State {
            positions: [0; MAX_PLAYERS],
            turn: 0,
            choice: None,
        }
    }

    fn status(&self, s: &State) -> Status {
        match s.positions[..self.players]
            .iter()
            .position(|&p| p >= self.squares)
        {
            Some(seat) => Status::Over(GameResult::Win(seat)),
            None if self.choices && s.choice.is_none() => Status::Decision(s.turn),
            None => Status::Chance,
        }
    }

    fn chance_outcomes(&self, _: &State, out: &mut Vec<Chance<Coin>>) {
        out.extend([Coin::Tails, Coin::Heads].map(|outcome| Chance {
            outcome,
            probability: 0.5,
        }));
    }

    fn apply_chance<E: FnMut(())>(&self, s: &mut State, coin: Coin, events: &mut E) {
        s.positions[s.turn] += coin.squares_after(s.choice.take());
        if s.positions[s.turn] < self.squares {
            s.turn = (s.turn + 1) % self.players;
        }
        events(());
    }

    fn apply_move<E: FnMut(())>(&self, s: &mut State, choice: Choice, _: &mut E) {
        s.choice = Some(choice);
    }

    fn legal_moves(&self, s: &State, out: &mut Vec<Choice>) {
        if self.choices && s.choice.is_none() {
            out.extend([Choice::Flip, Choice::Dash]);
        }
    }
}

/// The game's name; a record keeps the race itself as its parameters.
impl Recordable for CoinRace {
    const NAME: &'static str = NAME;
    type Parameters = CoinRace;

    fn parameters(&self) -> CoinRace {
        *self
    }

    fn from_parameters(p: &CoinRace) -> Result<CoinRace, ParametersError> {
        CoinRace::new(p.squares, p.players, p.choices).map_err(|e| e.to_string().into())
    }
}

impl tabula::play::terminal::Notation for CoinRace {
    fn format_move(&self, _: &State, choice: &Choice) -> String {
        match choice {
            Choice::Flip => "flip",
            Choice::Dash => "dash",
        }
        .to_string()
    }

    fn parse_move(&self, _: &State, text: &str) -> Result<Choice, MoveError> {
        match text.to_ascii_lowercase().as_str() {
            "flip" | "f" => Ok(Choice::Flip),
            "dash" | "d" => Ok(Choice::Dash),
            _ => Err(format!(
                "\"{}\" is not a choice: type flip or dash",
                tabula::core::text::excerpt(text)
            )
            .into()),
        }
    }

    fn render(&self, s: &State) -> String {
        (0..self.players)
            .map(|p| {
                format!(
                    "{}: square {} of {}\n",
                    self.seat_name(p),
                    s.positions[p],
                    self.squares
                )
            })
            .collect()
    }

    fn format_outcome(&self, _: &State, coin: &Coin) -> String {
        match coin {
            Coin::Heads => "heads",
            Coin::Tails => "tails",
        }
        .to_string()
    }

    fn seat_name(&self, seat: tabula::core::Seat) -> String {
        format!("player {}", seat + 1)
    }

    fn move_help(&self) -> String {
        "flip: heads moves two squares, tails one; dash: heads moves three squares, tails none"
            .into()
    }
}

tabula::registry::register_game! {
    game: CoinRace,
    summary: "coin race, the test suite's own game: flip a coin, move one or two squares, first to the end wins",
    agents: "flip,finisher",
    optimal: "two players: wins as often as possible against best play, solved exactly by the framework",
}
