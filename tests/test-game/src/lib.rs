//! A test game defined inside tabula's test suite, not among the
//! workspace's games: **coin race**. Each player has one token on square
//! 0; in turn they flip a fair coin and move the token two squares on
//! heads, one on tails; the first token to reach square `N` (or pass it)
//! wins. Chance decides everything, so [`tabula::exact`] solves it, and
//! the answer has a closed form to check against.
//!
//! With **choices** ([`CoinRace::with_choices`]) a player decides before
//! each flip: [`Choice::Flip`] as above, or [`Choice::Dash`]: three
//! squares on heads, none on tails. That gives agents something to decide
//! (dash when the finish is exactly three squares away), so the race is
//! also a test game for play: it has two registered agents
//! ([`agents`]), records ([`Recordable`](tabula::play::record::Recordable))
//! and move text ([`Notation`](tabula::play::terminal::Notation)).
//!
//! The crate registers the game like any other ([`GameEntry`] with
//! `simulate` (with pictures), `analyze`, `tournament`, `play` and
//! `replay` commands, and its plugins), and its binary
//! `tabula-with-test-game` is the whole `tabula` command with this game
//! linked in beside the shipped four. The process tests in `tests/` drive
//! that binary.
//!
//! ```
//! use tabula_test_game::{CoinRace, solve};
//!
//! // One token, two squares: heads (1/2) finishes in one flip, tails
//! // needs a second: 1.5 flips on average.
//! let exact = solve(&CoinRace::new(2, 1)?)?;
//! assert!((exact.mean_flips - 1.5).abs() < 1e-12);
//! assert_eq!(exact.win_probability, [1.0]);
//! # Ok::<_, Box<dyn std::error::Error>>(())
//! ```
#![deny(missing_docs)]

pub mod agents;
pub mod commands;
pub mod dice_race;

use tabula::app::{GameEntry, PluginInfo};
use tabula::core::{BoardGame, Chance, GameResult, Status};
use tabula::exact::{Chain, ExactError, Limits};

/// The name the game registers under: `tabula simulate coin-race`.
pub const NAME: &str = "coin-race";

/// The largest finishing square: the exact chain has about `2 N²` states.
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

/// The rules: the finishing square, the number of players, and whether
/// they choose before each flip.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct CoinRace {
    squares: u32,
    players: usize,
    choices: bool,
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
    /// tokens (1 to [`MAX_PLAYERS`]).
    pub fn new(squares: u32, players: usize) -> Result<CoinRace, CoinRaceError> {
        if !(1..=MAX_SQUARES).contains(&squares) {
            return Err(CoinRaceError::Squares(squares));
        }
        if !(1..=MAX_PLAYERS).contains(&players) {
            return Err(CoinRaceError::Players(players));
        }
        Ok(CoinRace {
            squares,
            players,
            choices: false,
        })
    }

    /// The same race, with or without a choice before each flip.
    pub fn with_choices(self, choices: bool) -> CoinRace {
        CoinRace { choices, ..self }
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

/// What a record keeps of a race: enough to rebuild it.
#[derive(Clone, Copy, Debug, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub struct Parameters {
    /// The finishing square.
    pub squares: u32,
    /// Players.
    pub players: usize,
    /// Whether players choose before each flip.
    pub choices: bool,
}

impl tabula::play::record::Recordable for CoinRace {
    const NAME: &'static str = NAME;
    type Parameters = Parameters;

    fn parameters(&self) -> Parameters {
        Parameters {
            squares: self.squares,
            players: self.players,
            choices: self.choices,
        }
    }

    fn from_parameters(p: &Parameters) -> Result<CoinRace, String> {
        CoinRace::new(p.squares, p.players)
            .map(|g| g.with_choices(p.choices))
            .map_err(|e| e.to_string())
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

    fn parse_move(&self, _: &State, text: &str) -> Result<Choice, String> {
        match text.to_ascii_lowercase().as_str() {
            "flip" | "f" => Ok(Choice::Flip),
            "dash" | "d" => Ok(Choice::Dash),
            _ => Err(format!(
                "\"{}\" is not a choice: type flip or dash",
                tabula::core::input::excerpt(text)
            )),
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

/// The exact answers for a coin race, from its Markov chain.
#[derive(Clone, Debug, PartialEq, serde::Serialize)]
pub struct Exact {
    /// The finishing square.
    pub squares: u32,
    /// Players.
    pub players: usize,
    /// Each player's probability of winning.
    pub win_probability: Vec<f64>,
    /// Expected flips per game, all players' flips counted.
    pub mean_flips: f64,
    /// Variance of the flips per game.
    pub variance_flips: f64,
    /// Fewest flips a game can take.
    pub min_flips: u32,
    /// Most likely number of flips.
    pub mode_flips: u32,
    /// Median number of flips.
    pub median_flips: u32,
    /// `pmf[n]`: probability of a game of exactly `n` flips.
    pub pmf: Vec<f64>,
    /// States of the chain.
    pub states: usize,
    /// Transitions of the chain.
    pub transitions: usize,
}

/// Solves the race exactly with [`tabula::exact`]: builds the chain of
/// every reachable position and walks it.
pub fn solve(game: &CoinRace) -> Result<Exact, ExactError> {
    let limits = Limits::default();
    let chain = Chain::build(game, &limits, |_: &(), _: &mut Vec<()>| {})?;
    let s = chain.solve(&limits)?;
    let mut win_probability = vec![0.0; game.players];
    for (result, p) in &s.results {
        if let GameResult::Win(seat) = result
            && let Some(w) = win_probability.get_mut(*seat)
        {
            *w += p;
        }
    }
    Ok(Exact {
        squares: game.squares,
        players: game.players,
        win_probability,
        mean_flips: s.mean,
        variance_flips: s.variance,
        min_flips: s.min,
        mode_flips: s.mode,
        median_flips: s.median,
        pmf: s.pmf,
        states: chain.len(),
        transitions: chain.transition_count(),
    })
}

fn plugins() -> Result<Vec<PluginInfo>, tabula::core::CoreError> {
    let mut plugins = tabula::play::agents::plugins::<CoinRace>()?;
    plugins.push(PluginInfo {
        kind: "coin",
        name: "fair",
        summary: "a fair coin: heads moves two squares, tails one",
    });
    Ok(plugins)
}

tabula::app::inventory::submit! {
    GameEntry {
        name: NAME,
        summary: "coin race, the test suite's own game: flip a coin, move one or two squares, first to the end wins",
        plugins,
        commands: commands::COMMANDS,
        parameters: &[],
    }
}
