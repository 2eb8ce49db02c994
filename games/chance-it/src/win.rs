//! Whole games, exactly: the strategy that maximizes the probability of
//! winning, and the exact winning chances of any two strategies against
//! each other, both solved by the framework's staged solver
//! ([`tabula_exact::Staged`]) over Chance-it's turns ([`Turns`]): no
//! solver is written for the game.
//!
//! With two players the game between turns is the turn index (round and
//! seat to move) and the difference `D` between the first seat's total
//! and the second's, so the solve folds every pair of totals into its
//! difference ([`Turns::by_difference`]). From the end (`D > 0`: the first
//! seat wins; `D < 0`: the second; `D = 0`: a tie) back to the start, each
//! `(turn, D)` is solved as one turn whose mover maximises their own
//! chance of winning outright (a tie is a win for neither).
//!
//! The book's Chance-it chapter has measured times; the independent
//! backward induction the game first had is kept as the test oracle
//! (`tests/oracle.rs`), which these reproduce to 1e-12.

use std::sync::{Arc, OnceLock};

use tabula_exact::{Limits, Play, Progress, Staged, WinChances};

use crate::ChanceItError;
use crate::config::Config;
use crate::game::{ChanceIt, State};
use crate::stages::{self, Turns};
use crate::strategy::{Depends, Strategy, TurnView};

/// The registered name of the win-optimal strategy.
pub const NAME: &str = "win-optimal";

pub use crate::strategy::PairChances;

/// The most rounds for which win-optimal is solved, with two six-sided
/// dice. The `(turn, D)` pairs to solve grow with the square of the rounds
/// (about 24 · rounds² for two dice): 100 rounds take about five to ten
/// seconds on two cores, 1000 would take hours and gigabytes. The book's Chance-it
/// chapter has measured times. Dice with more possible sums allow fewer rounds: see
/// [`max_rounds`].
pub const MAX_ROUNDS: u16 = 100;

/// The work of solving a game: `(turn, D)` pairs times the sets of values
/// each one's turn is solved over ([`max_rounds`] keeps it within 100
/// rounds of two six-sided dice).
pub fn work(dice: tabula_core::Dice, rounds: u16) -> u64 {
    let maxv = u64::from(dice.max());
    let turns = 2 * u64::from(rounds);
    let pairs = maxv * turns * turns.saturating_sub(1) / 2 + turns;
    let sums = u32::from(dice.max() - dice.min() + 1);
    pairs.saturating_mul(1u64.checked_shl(sums).unwrap_or(u64::MAX))
}

/// The most rounds for which win-optimal is solved with `dice`: at most
/// [`MAX_ROUNDS`], and no more work than 100 rounds of two six-sided dice
/// (so 3d6, with 16 possible sums, allows 14 rounds).
///
/// ```
/// use tabula_chance_it::win::{MAX_ROUNDS, max_rounds, work};
/// use tabula_core::Dice;
///
/// let dice = |c, f| Dice::new(c, f).unwrap_or(Dice::D6);
/// assert_eq!(max_rounds(dice(2, 6)), MAX_ROUNDS);
/// assert_eq!(max_rounds(dice(1, 6)), MAX_ROUNDS);
/// assert_eq!(max_rounds(dice(3, 6)), 14);
/// // The most rounds within the budget, for any dice.
/// let budget = work(dice(2, 6), MAX_ROUNDS);
/// for (c, f) in [(3, 6), (2, 8), (1, 16), (4, 4)] {
///     let r = max_rounds(dice(c, f));
///     assert!(work(dice(c, f), r) <= budget);
///     assert!(r == MAX_ROUNDS || work(dice(c, f), r + 1) > budget);
/// }
/// ```
pub fn max_rounds(dice: tabula_core::Dice) -> u16 {
    let budget = work(tabula_core::Dice::new(2, 6).unwrap_or(dice), MAX_ROUNDS);
    (1..=MAX_ROUNDS)
        .take_while(|&r| work(dice, r) <= budget)
        .last()
        .unwrap_or(1)
}

static PROGRESS: OnceLock<Progress> = OnceLock::new();

/// Sets, once per process, where [`WinOptimal::new`] reports how far its
/// solve has come (a front end's progress display, such as
/// the `tabula` command line's spinner); `false` if one was already set.
pub fn set_progress(progress: Progress) -> bool {
    PROGRESS.set(progress).is_ok()
}

/// The strategy that maximizes its probability of winning a two-player
/// game (a tie is not a win), assuming its opponent does the same; solved
/// when it is built. Where stopping and rolling are worth exactly the same
/// it stops (the framework's tie rule with a tolerance of 0: the first
/// legal move, and stop comes first).
pub struct WinOptimal {
    config: Config,
    game: ChanceIt,
    solved: Staged<'static, ChanceIt, Turns>,
}

impl std::fmt::Debug for WinOptimal {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("WinOptimal")
            .field("config", &self.config)
            .field("solved", &self.solved)
            .finish()
    }
}

impl WinOptimal {
    /// Solves the game, telling the progress set by [`set_progress`] (if
    /// any) how far it has come. Two players, at most [`max_rounds`]
    /// rounds.
    pub fn new(config: &Config) -> Result<WinOptimal, ChanceItError> {
        WinOptimal::within(config, None)
    }

    /// [`new`](Self::new) within `max_time` (`None`: no limit): past it
    /// the solve stops with [`ExactError::OutOfTime`](tabula_exact::ExactError::OutOfTime).
    pub fn within(
        config: &Config,
        max_time: Option<std::time::Duration>,
    ) -> Result<WinOptimal, ChanceItError> {
        let limits = Limits {
            progress: PROGRESS.get().cloned(),
            max_time,
            ..stages::limits()
        };
        WinOptimal::with_limits(config, &limits)
    }

    /// Solves the game within `limits` (time, states, progress). Two
    /// players, at most [`max_rounds`] rounds.
    pub fn with_limits(config: &Config, limits: &Limits) -> Result<WinOptimal, ChanceItError> {
        if config.players() != 2 {
            return Err(ChanceItError::WinOptimalPlayers(config.players()));
        }
        let most = max_rounds(config.dice());
        if config.rounds() > most {
            return Err(ChanceItError::WinOptimalRounds {
                most,
                dice: config.dice(),
                rounds: config.rounds(),
                all: crate::config::MAX_ROUNDS,
            });
        }
        let game = ChanceIt::new(*config);
        let plays = vec![Play::Maximise(0), Play::Maximise(1)];
        // Exact ties only: a tolerance would let rounding decide between
        // moves that differ by less, and the published tables were made
        // with exact ties.
        let solved = Staged::solve_with_tie(
            &game,
            Turns::by_difference(),
            &WinChances,
            plays,
            0.0,
            limits,
        )?;
        Ok(WinOptimal {
            config: *config,
            game,
            solved,
        })
    }

    /// Chances when both seats play win-optimal: first seat wins, second
    /// wins, tie.
    pub fn self_play(&self) -> PairChances {
        outcome(self.solved.value())
    }

    /// Chances from the start of a turn (round, seat to move, totals),
    /// or `None` where the solve did not reach it.
    pub fn chances_at(&self, round: u16, seat: usize, totals: &[u32]) -> Option<PairChances> {
        let start = State::at_turn(round, seat, totals);
        self.solved.value_of(&self.game, &start).map(outcome)
    }

    /// The (turn, difference) starts solved.
    pub fn turn_starts(&self) -> usize {
        self.solved.starts()
    }

    /// The states of the turns' graphs (one per seat), in all.
    pub fn turn_states(&self) -> usize {
        self.solved.template_states()
    }

    /// Its move at a state: the index of stop (0) or roll (1) in the
    /// legal moves, or `None` where the solve did not reach the state's
    /// turn.
    pub fn best_move(&self, state: &State) -> Option<usize> {
        self.solved.best_move(&self.game, state)
    }

    /// The chances (first seat wins, second, tie) when it plays seat
    /// `seat` and `other` the other seat; `other` must look at no more
    /// than the score difference ([`Depends::ScoreDifference`]), or the
    /// answer is `None`. Plays the solve's own moves: nothing is solved
    /// again for win-optimal's turns.
    pub fn against(
        &self,
        seat: usize,
        other: &Strategy,
    ) -> Result<Option<PairChances>, ChanceItError> {
        if other.depends() == Depends::Anything {
            return Ok(None);
        }
        let plays = if seat == 0 {
            [Play::Maximise(0), stages::play(other)]
        } else {
            [stages::play(other), Play::Maximise(1)]
        };
        Ok(Some(outcome(&self.solved.against(&self.game, &plays)?)))
    }

    /// The game it was solved for.
    pub fn config(&self) -> &Config {
        &self.config
    }

    /// Its probability of chancing it at the turn seen: 1 where its
    /// solve rolls, 0 where it stops (and past its rounds, or with other
    /// than two players). As a [`Strategy`]: `Strategy::from(Arc::new(win_optimal))`.
    pub fn reroll_probability(&self, view: &TurnView<'_>) -> f64 {
        if view.totals.len() != 2 || view.round >= self.config.rounds() {
            return 0.0;
        }
        let start = State::at_turn(view.round, view.seat, view.totals);
        let rolled = view.rolled.iter().fold(0u128, |m, &v| m | 1 << (v & 127));
        let state = State::in_turn(&start, rolled, view.last, false);
        // Legal moves are stop, roll.
        match self.best_move(&state) {
            Some(1) => 1.0,
            _ => 0.0,
        }
    }
}

fn outcome(v: &[f64]) -> PairChances {
    [
        v.first().copied().unwrap_or(0.0),
        v.get(1).copied().unwrap_or(0.0),
        v.get(2).copied().unwrap_or(0.0),
    ]
}

crate::register_strategy! {
    name: NAME,
    parameter: None,
    summary: "maximizes the probability of winning the two-player game from the round, the score difference and who moves (backward induction)",
    rank: 100,
    build: |config, _| Ok(Strategy::from(shared(config)?)),
}

/// Win-optimal for `config`, solved once per process and shared: asked
/// of the game's registration ([`tabula_registry::solved_play`]: the
/// staged solver Chance-it registers makes it, and the framework keeps it
/// in its one cache of solved play, keyed by the game, its parameters,
/// `win-optimal` and the seats). Without the registration (the feature
/// `commands` off) it is solved here, into the same cache under the same
/// key.
pub fn shared(config: &Config) -> Result<Arc<WinOptimal>, ChanceItError> {
    shared_within(config, None)
}

/// [`shared`], solved within `max_time` (`None`: no limit) where it is
/// not kept yet: what `analyze chance-it --max-seconds` asks, so that an
/// analysis and the `win-optimal` agent in one process share one solve.
/// A solve past the limit fails ([`ExactError::OutOfTime`](tabula_exact::ExactError::OutOfTime))
/// and is not kept.
pub fn shared_within(
    config: &Config,
    max_time: Option<std::time::Duration>,
) -> Result<Arc<WinOptimal>, ChanceItError> {
    #[cfg(feature = "commands")]
    {
        let options = tabula_registry::args::Values::new();
        let budget = tabula_registry::exact::Budget {
            // Whole seconds, as --max-seconds gives them (0: no limit).
            max_seconds: max_time.map_or(0, |t| t.as_secs().max(1)),
            ..tabula_registry::exact::Budget::default()
        };
        let within = tabula_registry::solve::Within::new(
            tabula_registry::exact::OPTIMAL_MAX_STATES as u64,
            budget,
            &options,
        );
        tabula_registry::solved_play_within::<ChanceIt, WinOptimal>(
            &ChanceIt::new(*config),
            NAME,
            &within,
        )
        .map_err(|e| match e.downcast::<ChanceItError>() {
            Ok(e) => *e,
            Err(e) => ChanceItError::Plugin(e.to_string()),
        })
    }
    #[cfg(not(feature = "commands"))]
    {
        let game = <ChanceIt as tabula_play::record::Recordable>::NAME;
        let key = tabula_exact::SolvedKey::new(
            game,
            &tabula_core::params::spec(game, config),
            NAME,
            usize::from(config.players()),
        );
        tabula_exact::solved(key, || WinOptimal::within(config, max_time))
    }
}

/// The exact chances of a two-player game with `first` in the first seat
/// and `second` in the second: first seat wins, second wins, tie. `None`
/// if the game does not have two players, a strategy depends on more
/// than the score difference, or the solve fails (see
/// [`try_exact_outcome`] for why).
pub fn exact_outcome(config: &Config, first: &Strategy, second: &Strategy) -> Option<PairChances> {
    try_exact_outcome(config, first, second).ok().flatten()
}

/// As [`exact_outcome`], with the solver's error where it fails. A
/// strategy solved for the same game ([`Strategy::whole_game`], such as
/// win-optimal) plays its own solve; other strategies are folded into
/// the game by the framework ([`stages::exact_outcome`]).
pub fn try_exact_outcome(
    config: &Config,
    first: &Strategy,
    second: &Strategy,
) -> Result<Option<PairChances>, ChanceItError> {
    if config.players() != 2
        || first.depends() == Depends::Anything
        || second.depends() == Depends::Anything
    {
        return Ok(None);
    }
    fn solved<'a>(s: &'a Strategy, config: &Config) -> Option<&'a WinOptimal> {
        s.whole_game().filter(|w| w.config() == config)
    }
    match (solved(first, config), solved(second, config)) {
        // One strategy in both seats.
        (Some(a), Some(b)) if std::ptr::eq(a, b) => Ok(Some(a.self_play())),
        (Some(w), _) => w.against(0, second),
        (None, Some(w)) => w.against(1, first),
        (None, None) => Ok(stages::exact_outcome(config, first, second)?),
    }
}
