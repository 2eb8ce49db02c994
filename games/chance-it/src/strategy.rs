//! Strategies: what the computer does after each roll. A strategy is a
//! plugin: a [`Strategy`] made from one function of the turn seen (the
//! shape of specification 003's strategies), registered once with
//! [`register_strategy!`](crate::register_strategy) in the framework's
//! agent registry; every tool then finds it by name, and
//! `tabula_play::agents::build::<ChanceIt>(&game, "tapering")` builds any
//! strategy as an [`Agent`] (a strategy is one), for tournaments,
//! terminal play and any tool that plays games of any kind.

use std::sync::Arc;

use tabula_core::rand::RngExt;
use tabula_core::registry::{self, Named};
use tabula_core::{Agent, CoreError, GameRng, Seat};
use tabula_play::agents::AgentEntry;

use crate::ChanceItError;
use crate::config::Config;
use crate::game::{ChanceIt, Move, State};

/// What a strategy sees when it decides: the turn so far and the game.
#[derive(Clone, Copy, Debug)]
pub struct TurnView<'a> {
    /// The game's parameters.
    pub config: &'a Config,
    /// The round, from 0.
    pub round: u16,
    /// The deciding seat.
    pub seat: Seat,
    /// The values rolled so far this turn, in increasing order (the last
    /// roll among them).
    pub rolled: &'a [u16],
    /// The last roll: the turn's score if it stops now.
    pub last: u16,
    /// Every seat's total before this turn.
    pub totals: &'a [u32],
}

impl TurnView<'_> {
    /// The deciding seat's total before this turn.
    pub fn my_total(&self) -> u32 {
        self.totals.get(self.seat).copied().unwrap_or(0)
    }

    /// The highest total among the other seats.
    pub fn best_opponent_total(&self) -> u32 {
        self.totals
            .iter()
            .enumerate()
            .filter(|(s, _)| *s != self.seat)
            .map(|(_, t)| *t)
            .max()
            .unwrap_or(0)
    }

    /// Whether `value` was already rolled this turn (rolling it again
    /// scores 0).
    pub fn has_rolled(&self, value: u16) -> bool {
        self.rolled.binary_search(&value).is_ok()
    }
}

/// What a strategy's decisions depend on, beyond the rolls of the turn.
/// Exact analysis uses it to know which states it must tell apart.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Depends {
    /// Only the values rolled this turn and the last roll.
    Turn,
    /// Also the round, the seat and (two players) the difference between
    /// its total and the opponent's.
    ScoreDifference,
    /// Anything else: exact win probabilities are then not computed.
    Anything,
}

/// A shared function of the turn seen.
type OfTurn<T> = Arc<dyn Fn(&TurnView<'_>) -> T + Send + Sync>;

/// How a strategy says its chance of rolling again, and so how it draws.
#[derive(Clone)]
enum Reroll {
    /// A probability; where it lies strictly between 0 and 1, a uniform
    /// number in `[0, 1)` is drawn against it.
    Probability(OfTurn<f64>),
    /// Whole percent, as specification 003 draws: `rand() % 100 <
    /// percent`, at every decision.
    Percent(OfTurn<u32>),
}

/// A strategy for Chance-it, in the shape of specification 003's: after
/// each roll, the probability of chancing it (rolling again), given the
/// turn so far ([`TurnView`]): 0 stops, 1 rolls, anything between
/// randomizes (or, as the specification's computer strategy 2 says it,
/// the percent, [`Strategy::in_percent`]). Built from that one function
/// ([`Strategy::new`]), it is an
/// [`Agent`] of [`ChanceIt`], and a rule: exact analysis folds it into
/// the game decision by decision. What its decisions depend on
/// ([`Depends`], data, not a method) tells exact analysis which states it
/// must tell apart, and a strategy solved over whole games carries its
/// solve ([`Strategy::whole_game`]: win-optimal), which exact analysis
/// asks for its chances instead.
///
/// ```
/// use tabula_chance_it::{Config, Strategy, TurnView};
///
/// /// Stops on 8 or more.
/// fn eight(view: &TurnView) -> f64 {
///     if view.last >= 8 { 0.0 } else { 1.0 }
/// }
/// let strategy = Strategy::new(eight);
/// let config = Config::specification();
/// let view = TurnView { config: &config, round: 0, seat: 0, rolled: &[9], last: 9, totals: &[0, 0] };
/// assert_eq!(strategy.reroll_probability(&view), 0.0);
/// ```
#[derive(Clone)]
pub struct Strategy {
    reroll: Reroll,
    depends: Depends,
    whole_game: Option<Arc<crate::WinOptimal>>,
}

impl std::fmt::Debug for Strategy {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Strategy")
            .field("depends", &self.depends)
            .field("in_percent", &matches!(self.reroll, Reroll::Percent(_)))
            .field("whole_game", &self.whole_game.is_some())
            .finish()
    }
}

impl Strategy {
    /// The strategy that chances it with probability `reroll(view)`,
    /// deciding on the turn alone ([`Depends::Turn`]; see
    /// [`depending_on`](Self::depending_on)), drawing a uniform number
    /// where it randomizes.
    pub fn new(reroll: impl Fn(&TurnView<'_>) -> f64 + Send + Sync + 'static) -> Strategy {
        Strategy {
            reroll: Reroll::Probability(Arc::new(reroll)),
            depends: Depends::Turn,
            whole_game: None,
        }
    }

    /// The strategy that chances it with `percent(view)` percent, drawing
    /// as specification 003 draws: at every decision, `rand() % 100 <
    /// percent` (its computer strategy 2, "reroll with a 40%
    /// probability"), deciding on the turn alone.
    pub fn in_percent(percent: impl Fn(&TurnView<'_>) -> u32 + Send + Sync + 'static) -> Strategy {
        Strategy {
            reroll: Reroll::Percent(Arc::new(percent)),
            depends: Depends::Turn,
            whole_game: None,
        }
    }

    /// The same strategy, saying what its decisions depend on beyond the
    /// turn's rolls (the round, the seat, the totals).
    pub fn depending_on(mut self, depends: Depends) -> Strategy {
        self.depends = depends;
        self
    }

    /// The probability of chancing it (rolling again) now: 0 stops, 1
    /// rolls, anything between randomizes.
    pub fn reroll_probability(&self, view: &TurnView<'_>) -> f64 {
        match &self.reroll {
            Reroll::Probability(p) => p(view),
            Reroll::Percent(percent) => f64::from(percent(view)) / 100.0,
        }
    }

    /// What the decisions depend on.
    pub fn depends(&self) -> Depends {
        self.depends
    }

    /// The solve of a strategy solved over whole games (win-optimal),
    /// which knows its exact chances against other strategies; `None` for
    /// a strategy that decides roll by roll.
    pub fn whole_game(&self) -> Option<&crate::WinOptimal> {
        self.whole_game.as_deref()
    }

    /// Decides, drawing from `rng` (the agent's own stream) when the
    /// strategy randomizes: rolls again with
    /// [`reroll_probability`](Self::reroll_probability).
    #[inline]
    pub fn decide(&self, view: &TurnView<'_>, rng: &mut GameRng) -> Move {
        let roll = match &self.reroll {
            Reroll::Percent(percent) => rng.random_range(0..100u32) < percent(view),
            Reroll::Probability(p) => match p(view) {
                p if p >= 1.0 => true,
                p if p <= 0.0 => false,
                p => rng.random::<f64>() < p,
            },
        };
        if roll { Move::Roll } else { Move::Stop }
    }
}

impl From<Arc<crate::WinOptimal>> for Strategy {
    /// Win-optimal as a strategy: its moves, decided on the score
    /// difference, and its solve for exact analysis.
    fn from(solved: Arc<crate::WinOptimal>) -> Strategy {
        let moves = solved.clone();
        Strategy {
            reroll: Reroll::Probability(Arc::new(move |view| moves.reroll_probability(view))),
            depends: Depends::ScoreDifference,
            whole_game: Some(solved),
        }
    }
}

/// A strategy playing a seat: the [`Agent`] the harness and the referee
/// drive. Its random choices draw from the stream the caller gives for
/// its seat (the agent's own stream, separate from the dice).
impl Agent<ChanceIt> for Strategy {
    #[inline]
    fn choose(&mut self, game: &ChanceIt, state: &State, _: Seat, rng: &mut GameRng) -> Move {
        with_view(game, state, |view| self.decide(view, rng))
    }

    /// [`choose`](Agent::choose): a strategy lists no moves.
    #[inline]
    fn choose_with(
        &mut self,
        game: &ChanceIt,
        state: &State,
        _: Seat,
        rng: &mut GameRng,
        _: &mut Vec<Move>,
    ) -> Move {
        with_view(game, state, |view| self.decide(view, rng))
    }

    /// Every strategy is a rule: its decision is a function of the state
    /// (the turn's rolls, the round, the totals) with the probability
    /// [`Strategy::reroll_probability`] of rolling again.
    fn probabilities(
        &self,
        game: &ChanceIt,
        state: &State,
        _: Seat,
        moves: &[Move],
        out: &mut Vec<f64>,
    ) -> bool {
        let p = with_view(game, state, |view| self.reroll_probability(view)).clamp(0.0, 1.0);
        out.extend(moves.iter().map(|m| match m {
            Move::Roll => p,
            Move::Stop => 1.0 - p,
        }));
        true
    }
}

/// Probabilities that the first seat wins, the second wins, or they tie.
pub type PairChances = [f64; 3];

/// Builds a strategy for a game: `parameter` is the `N` of a name like
/// `threshold-N` (`None` for a strategy without a parameter).
pub type BuildStrategy = fn(&Config, Option<&str>) -> Result<Strategy, ChanceItError>;

/// A registered strategy, as the framework's agent registry holds it:
/// the builder of an [`AgentEntry`] of [`ChanceIt`], which
/// [`register_strategy!`](crate::register_strategy) submits, with what
/// Chance-it's menus and exact analysis read besides (its menu rank, how
/// it builds the [`Strategy`] itself). Not a registry of its own: the
/// strategies are the agent entries whose builder is one of these.
pub struct StrategyEntry {
    /// Unique name; with a `parameter`, the prefix of `NAME-VALUE`.
    pub name: &'static str,
    /// The parameter's placeholder (`"N"` for `threshold-N`), if any.
    pub parameter: Option<&'static str>,
    /// One line saying what it does.
    pub summary: &'static str,
    /// Its place in menus: the specification's strategies 1 and 2 first, then
    /// the rest by name (rank 100).
    pub rank: u8,
    /// Makes the strategy.
    pub build: BuildStrategy,
}

impl std::fmt::Debug for StrategyEntry {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("StrategyEntry")
            .field("name", &self.name)
            .finish()
    }
}

impl Named for StrategyEntry {
    fn name(&self) -> &'static str {
        self.name
    }
}

impl StrategyEntry {
    /// The name as a user types it: `threshold-N` for a parameter.
    pub fn display_name(&self) -> String {
        match self.parameter {
            Some(p) => format!("{}-{p}", self.name),
            None => self.name.to_string(),
        }
    }
}

/// Registers a strategy once, for every tool: an [`AgentEntry`] of
/// [`ChanceIt`] in the framework's one agent registry (tournaments,
/// terminal play, any generic tool build it by name), whose builder, a
/// [`StrategyEntry`], gives Chance-it's menus their order and exact
/// analysis the [`Strategy`] itself.
///
/// ```
/// use tabula_chance_it::{ChanceIt, Config, Strategy, TurnView};
///
/// /// Stops on 9 or more.
/// fn nine(view: &TurnView) -> f64 {
///     if view.last >= 9 { 0.0 } else { 1.0 }
/// }
/// tabula_chance_it::register_strategy! {
///     name: "nine",
///     parameter: None,
///     summary: "stop on 9 or more",
///     rank: 100,
///     build: |_, _| Ok(Strategy::new(nine)),
/// }
///
/// let game = ChanceIt::new(Config::specification());
/// assert!(tabula_play::agents::build(&game, "nine").is_ok());
/// assert!(tabula_chance_it::strategy::build("nine", game.config()).is_ok());
/// ```
#[macro_export]
macro_rules! register_strategy {
    (
        name: $name:expr,
        parameter: $parameter:expr,
        summary: $summary:expr,
        rank: $rank:expr,
        build: $build:expr $(,)?
    ) => {
        $crate::inventory::submit! {
            $crate::tabula_play::agents::AgentEntry {
                name: $name,
                parameter: $parameter,
                summary: $summary,
                build: &$crate::strategy::StrategyEntry {
                    name: $name,
                    parameter: $parameter,
                    summary: $summary,
                    rank: $rank,
                    build: $build,
                },
            }
        }
    };
}

/// A registered strategy builds as an agent of [`ChanceIt`]: the
/// [`Strategy`], built once per game and shared.
impl tabula_play::agents::Builder for StrategyEntry {
    fn game(&self) -> std::any::TypeId {
        std::any::TypeId::of::<ChanceIt>()
    }

    fn as_any(&self) -> &dyn std::any::Any {
        self
    }

    fn build_any(
        &self,
        game: &dyn std::any::Any,
        parameter: Option<&str>,
    ) -> Result<Box<dyn std::any::Any>, tabula_play::agents::BuildError> {
        let game = game
            .downcast_ref::<ChanceIt>()
            .ok_or("a Chance-it strategy was asked to play another game")?;
        let strategy = shared(self.name, parameter, game.config(), self.build)?;
        let agent: Box<dyn Agent<ChanceIt>> = Box::new(strategy);
        Ok(Box::new(agent))
    }
}

/// Builds the strategy a user names as an agent of the framework's
/// registry (`tabula_play::agents::build`), with the strategy registry's
/// messages: an unknown name lists the strategies.
pub fn agent(name: &str, game: &ChanceIt) -> Result<Box<dyn Agent<ChanceIt>>, ChanceItError> {
    use tabula_play::agents::AgentError;
    tabula_play::agents::build(game, name).map_err(|e| match e {
        AgentError::Unknown { .. } => build(name, game.config())
            .err()
            .unwrap_or_else(|| ChanceItError::NoStrategy(name.to_string())),
        AgentError::Build { error, .. } => ChanceItError::Plugin(error.to_string()),
        AgentError::Registry(e) => ChanceItError::Registry(e),
        other => ChanceItError::Plugin(other.to_string()),
    })
}

/// All registered strategies, sorted by name, names unique: the agents
/// of [`ChanceIt`] registered by
/// [`register_strategy!`](crate::register_strategy).
pub fn all() -> Result<Vec<&'static StrategyEntry>, CoreError> {
    let agents = tabula_play::agents::entries::<ChanceIt>()?;
    registry::sorted_unique(
        "strategy",
        agents
            .iter()
            .filter_map(|e: &&'static AgentEntry| e.build.as_any().downcast_ref::<StrategyEntry>()),
    )
}

/// All registered strategies in menu order: the specification's two first.
pub fn menu() -> Result<Vec<&'static StrategyEntry>, CoreError> {
    let mut all = all()?;
    all.sort_by_key(|e| (e.rank, e.name));
    Ok(all)
}

/// Finds and builds the strategy a user names: `until-ten`, `threshold-8`.
pub fn build(name: &str, config: &Config) -> Result<Strategy, ChanceItError> {
    let entries = all()?;
    for e in &entries {
        if e.parameter.is_none() && e.name == name {
            return shared(e.name, None, config, e.build);
        }
    }
    for e in &entries {
        if e.parameter.is_some()
            && let Some(arg) = name
                .strip_prefix(e.name)
                .and_then(|rest| rest.strip_prefix('-'))
        {
            return shared(e.name, Some(arg), config, e.build);
        }
    }
    Err(ChanceItError::UnknownStrategy {
        name: name.to_string(),
        known: entries.iter().map(|e| e.display_name()).collect(),
    })
}

/// The strategy `name` (with `parameter`, for a family) for `config`.
/// A strategy is immutable (its random choices draw from the caller's
/// stream) and cheap to build; what is costly to solve, win-optimal's
/// staged solve, is kept in the framework's one cache of solved play
/// ([`win::shared`](crate::win::shared)), so every agent, tournament
/// seating and exact solve that names it shares one solve.
fn shared(
    _name: &'static str,
    parameter: Option<&str>,
    config: &Config,
    build: BuildStrategy,
) -> Result<Strategy, ChanceItError> {
    build(config, parameter)
}

/// The view of the seat to move at `state`.
#[inline]
pub fn with_view<T>(game: &ChanceIt, state: &State, f: impl FnOnce(&TurnView<'_>) -> T) -> T {
    let mut buf = [0; 128];
    let rolled = crate::game::rolled_into(state.rolled_bits(), &mut buf);
    let players = usize::from(game.config().players());
    f(&TurnView {
        config: game.config(),
        round: state.round(),
        seat: state.seat(),
        rolled,
        last: state.last(),
        totals: &state.totals()[..players],
    })
}

/// The specification's strategy 1: keep rolling until a 10, 11 or 12.
pub fn until_ten(view: &TurnView<'_>) -> f64 {
    if view.last >= 10 { 0.0 } else { 1.0 }
}

/// The specification's strategy 2, in percent as it says it: reroll
/// always on 5 or less, with probability 40% on 6 or 7, 20% on 8 or 9,
/// 10% on 10, never on 11 or 12 (drawn as the specification draws it,
/// [`Strategy::in_percent`]).
pub fn tapering(view: &TurnView<'_>) -> u32 {
    match view.last {
        0..=5 => 100,
        6..=7 => 40,
        8..=9 => 20,
        10 => 10,
        _ => 0,
    }
}

/// Stop on `n` or more.
pub fn threshold(n: u16) -> impl Fn(&TurnView<'_>) -> f64 + Send + Sync + Copy + 'static {
    move |view| if view.last >= n { 0.0 } else { 1.0 }
}

crate::register_strategy! {
        name: "until-ten",
        parameter: None,
        summary: "keep rolling until a 10, 11 or 12 (specification 003's computer strategy 1)",
        rank: 1,
        build: |_, _| Ok(Strategy::new(until_ten)),
}
crate::register_strategy! {
        name: "tapering",
        parameter: None,
        summary: "reroll on 5 or less, with 40% on 6-7, 20% on 8-9, 10% on 10, never on 11-12 (specification 003's computer strategy 2)",
        rank: 2,
        build: |_, _| Ok(Strategy::in_percent(tapering)),
}
crate::register_strategy! {
        name: "threshold",
        parameter: Some("N"),
        summary: "stop on N or more (as threshold-N, e.g. threshold-8)",
        rank: 100,
        build: |config, arg| {
            let n: u16 = arg
                .and_then(|a| a.parse().ok())
                .ok_or_else(|| ChanceItError::ThresholdNotANumber(arg.unwrap_or("").to_string()))?;
            let dice = config.dice();
            if n < dice.min() || n > dice.max() + 1 {
                return Err(ChanceItError::ThresholdRange {
                    n,
                    min: dice.min(),
                    max: dice.max() + 1,
                });
            }
            Ok(Strategy::new(threshold(n)))
        },
}
