//! [`ChanceItError`]: everything that can go wrong in this crate, in one
//! enum.

/// Errors of the Chance-it game: configurations that cannot be used,
/// strategies that cannot be built or cannot play this game, failed runs.
///
/// A strategy plugin whose `build` refuses its parameter or the game
/// returns [`ChanceItError::Plugin`] with its message;
/// `Err(format!(..).into())` and `?` on a `Result<_, String>` make one:
///
/// ```
/// use tabula_chance_it::{ChanceItError, Config, Strategy, strategy::threshold};
///
/// /// `stop-N`: stops on N or more, for N from 2 to 12.
/// fn stop(_: &Config, arg: Option<&str>) -> Result<Strategy, ChanceItError> {
///     let n: u16 = arg.unwrap_or("").parse().map_err(|_| "stop-N needs a whole number N")?;
///     if !(2..=12).contains(&n) {
///         return Err(format!("stop-{n}: N must be from 2 to 12").into());
///     }
///     Ok(Strategy::new(threshold(n)))
/// }
/// let error = stop(&Config::specification(), Some("13")).err().map(|e| e.to_string());
/// assert_eq!(error.as_deref(), Some("stop-13: N must be from 2 to 12"));
/// ```
#[derive(Debug, thiserror::Error)]
#[non_exhaustive]
pub enum ChanceItError {
    /// A configuration file that cannot be used.
    #[error(transparent)]
    Config(#[from] tabula_core::spec::SpecError),
    /// No strategy is registered under this name.
    #[error("unknown strategy {name:?}; known: {}", known.join(", "))]
    UnknownStrategy {
        /// The name asked for.
        name: String,
        /// The registered strategies, as a user names them.
        known: Vec<String>,
    },
    /// A strategy named at the terminal that cannot be played.
    #[error("no strategy {0:?}")]
    NoStrategy(String),
    /// A strategy's menu number that is not on the menu.
    #[error("no strategy number {number}: the menu's numbers are 1 to {last}")]
    NotOnMenu {
        /// The number given.
        number: String,
        /// The menu's last number.
        last: usize,
    },
    /// `threshold-N` with an `N` that is not a whole number.
    #[error("threshold-N needs a whole number N, found {0:?}")]
    ThresholdNotANumber(String),
    /// `threshold-N` with an `N` the dice cannot make meaningful.
    #[error("threshold-{n}: N must be from {min} to {max} for these dice")]
    ThresholdRange {
        /// The `N` given.
        n: u16,
        /// The least `N` allowed (the dice's least sum).
        min: u16,
        /// The greatest `N` allowed (one above the dice's greatest sum).
        max: u16,
    },
    /// Win-optimal asked for a game of other than two players.
    #[error("win-optimal is solved for two players; this game has {0}")]
    WinOptimalPlayers(u8),
    /// Win-optimal asked for more rounds than it solves with these dice.
    #[error(
        "win-optimal is solved for games of at most {most} rounds with {dice}; this game has {rounds} (the other strategies play up to {all})"
    )]
    WinOptimalRounds {
        /// The most rounds it solves with these dice.
        most: u16,
        /// The dice.
        dice: tabula_core::Dice,
        /// The game's rounds.
        rounds: u16,
        /// The most rounds the other strategies play.
        all: u32,
    },
    /// A worker thread of the win-optimal solver failed.
    #[error("win-optimal: a worker thread failed")]
    WorkerFailed,
    /// Play at the terminal of a game of other than two players.
    #[error("play is for two players, you and the computer; the game has {0}")]
    PlayPlayers(u8),
    /// A tournament of a game of other than two players (no longer
    /// returned: such tournaments run, every group in every seating).
    #[error("a tournament plays pairs: two players, not {0}")]
    TournamentPlayers(u8),
    /// A registry problem (duplicate names).
    #[error(transparent)]
    Registry(#[from] tabula_core::CoreError),
    /// The simulation failed.
    #[error(transparent)]
    Sim(#[from] tabula_sim::SimError),
    /// The framework's exact solver failed (a limit reached).
    #[error(transparent)]
    Exact(#[from] tabula_exact::ExactError),
    /// Reading or writing the terminal failed.
    #[error(transparent)]
    Io(#[from] std::io::Error),
    /// Anything else a plugin (a strategy of your own) reports, as its
    /// message: `"...".into()` or `format!(..).into()` make one.
    #[error("{0}")]
    Plugin(String),
}

impl From<String> for ChanceItError {
    fn from(message: String) -> ChanceItError {
        ChanceItError::Plugin(message)
    }
}

impl From<&str> for ChanceItError {
    fn from(message: &str) -> ChanceItError {
        ChanceItError::Plugin(message.to_string())
    }
}
