//! Strategies: what the computer does after each roll. A strategy is a
//! plugin: implement [`Strategy`] and register it once with
//! [`register_strategy!`](crate::register_strategy); every tool then finds
//! it by name. The macro fills both the strategy registry (exact analysis,
//! menus) and the framework's agent registry, so
//! `tabula_play::agents::build::<ChanceIt>(&game, "tapering")` builds any
//! strategy as an [`Agent`], for tournaments, terminal play and any tool
//! that plays games of any kind.

use std::sync::Arc;

use tabula_core::rand::RngExt;
use tabula_core::registry::{self, Named};
use tabula_core::{Agent, CoreError, GameRng, Policy, Seat};

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

/// A strategy for Chance-it: after each roll, stop or chance it.
///
/// The one required method gives the probability of chancing it, so every
/// strategy, randomized or not, can be analysed exactly; [`decide`]
/// (provided) draws where it randomizes from the random stream it is
/// given: as an [`Agent`] ([`StrategyAgent`]), the agent's own stream
/// ([`tabula_core::agent_rng`]), never the dice's.
///
/// ```
/// use tabula_chance_it::{Config, Strategy, TurnView};
///
/// /// Stops on 8 or more.
/// struct Eight;
/// impl Strategy for Eight {
///     fn reroll_probability(&self, view: &TurnView) -> f64 {
///         if view.last >= 8 { 0.0 } else { 1.0 }
///     }
/// }
/// let config = Config::specification();
/// let view = TurnView { config: &config, round: 0, seat: 0, rolled: &[9], last: 9, totals: &[0, 0] };
/// assert_eq!(Eight.reroll_probability(&view), 0.0);
/// ```
///
/// [`decide`]: Strategy::decide
pub trait Strategy: Send + Sync {
    /// The probability of chancing it (rolling again) now: 0 stops, 1
    /// rolls, anything between randomizes.
    fn reroll_probability(&self, view: &TurnView<'_>) -> f64;

    /// What the decisions depend on (default: only the turn).
    fn depends(&self) -> Depends {
        Depends::Turn
    }

    /// The strategy as solved over whole games, if it is (the default:
    /// no). Exact analysis then asks it for its chances against another
    /// strategy instead of asking it decision by decision
    /// ([`crate::WinOptimal`] plays its own solve).
    fn whole_game(&self) -> Option<&dyn WholeGame> {
        None
    }

    /// Decides, drawing from `rng` (the agent's own stream) when the
    /// strategy randomizes: rolls
    /// again with [`reroll_probability`](Self::reroll_probability).
    fn decide(&self, view: &TurnView<'_>, rng: &mut GameRng) -> Move {
        let p = self.reroll_probability(view);
        let roll = if p >= 1.0 {
            true
        } else if p <= 0.0 {
            false
        } else {
            rng.random::<f64>() < p
        };
        if roll { Move::Roll } else { Move::Stop }
    }
}

/// Probabilities that the first seat wins, the second wins, or they tie.
pub type PairChances = [f64; 3];

/// A strategy solved over whole two-player games, which knows its exact
/// chances against other strategies ([`Strategy::whole_game`]).
pub trait WholeGame: Send + Sync {
    /// The game it was solved for.
    fn config(&self) -> &Config;

    /// The chances when both seats play it.
    fn self_play(&self) -> PairChances;

    /// The chances when it plays `seat` and `other` the other seat;
    /// `None` where `other` depends on more than the score difference.
    fn against(
        &self,
        seat: Seat,
        other: &dyn Strategy,
    ) -> Result<Option<PairChances>, ChanceItError>;
}

/// Builds a strategy for a game: `parameter` is the `N` of a name like
/// `threshold-N` (`None` for a strategy without a parameter).
pub type BuildStrategy = fn(&Config, Option<&str>) -> Result<Arc<dyn Strategy>, ChanceItError>;

/// A registered strategy. Register one with
/// [`register_strategy!`](crate::register_strategy), which also makes it an
/// agent of the framework's registry; an entry submitted by hand is known
/// to [`build`] but not to `tabula_play::agents`.
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

inventory::collect!(StrategyEntry);

/// Registers a strategy once, for every tool: a [`StrategyEntry`] (exact
/// analysis, the menu of `play chance-it`) and a
/// [`tabula_play::agents::AgentEntry`] of [`ChanceIt`] that builds the
/// same strategy as a [`StrategyAgent`] (tournaments, terminal play, any
/// generic tool).
///
/// ```
/// use std::sync::Arc;
/// use tabula_chance_it::{ChanceIt, Config, Strategy, TurnView};
///
/// /// Stops on 9 or more.
/// struct Nine;
/// impl Strategy for Nine {
///     fn reroll_probability(&self, view: &TurnView) -> f64 {
///         if view.last >= 9 { 0.0 } else { 1.0 }
///     }
/// }
/// tabula_chance_it::register_strategy! {
///     name: "nine",
///     parameter: None,
///     summary: "stop on 9 or more",
///     rank: 100,
///     build: |_, _| Ok(Arc::new(Nine)),
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
            $crate::strategy::StrategyEntry {
                name: $name,
                parameter: $parameter,
                summary: $summary,
                rank: $rank,
                build: $build,
            }
        }
        $crate::inventory::submit! {
            $crate::tabula_play::agents::AgentEntry {
                name: $name,
                parameter: $parameter,
                summary: $summary,
                build: &$crate::strategy::StrategyBuilder($name, $build),
            }
        }
    };
}

/// Builds a registered strategy as an agent of [`ChanceIt`] (the agent
/// registry's side of [`register_strategy!`](crate::register_strategy)):
/// the strategy's name and how it is built.
pub struct StrategyBuilder(pub &'static str, pub BuildStrategy);

impl tabula_play::agents::Builder for StrategyBuilder {
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
        let strategy = shared(self.0, parameter, game.config(), self.1)?;
        let agent: Box<dyn Agent<ChanceIt>> = Box::new(StrategyAgent::new(strategy));
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

/// All registered strategies, sorted by name, names unique.
pub fn all() -> Result<Vec<&'static StrategyEntry>, CoreError> {
    registry::sorted_unique("strategy", inventory::iter::<StrategyEntry>)
}

/// All registered strategies in menu order: the specification's two first.
pub fn menu() -> Result<Vec<&'static StrategyEntry>, CoreError> {
    let mut all = all()?;
    all.sort_by_key(|e| (e.rank, e.name));
    Ok(all)
}

/// Finds and builds the strategy a user names: `until-ten`, `threshold-8`.
pub fn build(name: &str, config: &Config) -> Result<Arc<dyn Strategy>, ChanceItError> {
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

/// The most strategies [`shared`] keeps.
const SHARED: usize = 16;

/// The strategy `name` (with `parameter`, for a family) for `config`,
/// built once and shared: a strategy is immutable (its random choices
/// draw from the caller's stream), and building one may solve the whole
/// game (win-optimal), so every agent, tournament seating and exact solve
/// that names it uses the same one. The last [`SHARED`] are kept.
fn shared(
    name: &'static str,
    parameter: Option<&str>,
    config: &Config,
    build: BuildStrategy,
) -> Result<Arc<dyn Strategy>, ChanceItError> {
    type Key = (&'static str, Option<String>, Config);
    static BUILT: std::sync::Mutex<Vec<(Key, Arc<dyn Strategy>)>> =
        std::sync::Mutex::new(Vec::new());
    let key: Key = (name, parameter.map(str::to_string), *config);
    if let Ok(built) = BUILT.lock()
        && let Some((_, s)) = built.iter().find(|(k, _)| *k == key)
    {
        return Ok(s.clone());
    }
    // Built outside the lock: a solve takes time, and another thread may
    // build another strategy meanwhile (or the same one, kept once).
    let s = build(config, parameter)?;
    if let Ok(mut built) = BUILT.lock()
        && !built.iter().any(|(k, _)| *k == key)
    {
        if built.len() >= SHARED {
            built.remove(0);
        }
        built.push((key, s.clone()));
    }
    Ok(s)
}

/// A strategy playing a seat: the [`Agent`] the harness and the referee
/// drive. Its random choices draw from the stream the caller gives for
/// its seat (the agent's own stream, separate from the dice).
#[derive(Clone)]
pub struct StrategyAgent {
    strategy: Arc<dyn Strategy>,
}

impl StrategyAgent {
    /// An agent playing `strategy`.
    pub fn new(strategy: Arc<dyn Strategy>) -> Self {
        StrategyAgent { strategy }
    }
}

/// The view of the seat to move at `state`.
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

impl Agent<ChanceIt> for StrategyAgent {
    fn choose(&mut self, game: &ChanceIt, state: &State, _: Seat, rng: &mut GameRng) -> Move {
        with_view(game, state, |view| self.strategy.decide(view, rng))
    }

    /// Every strategy is a policy: its decision is a function of the state
    /// (the turn's rolls, the round, the totals) with the probability
    /// [`Strategy::reroll_probability`] of rolling again.
    fn policy(&self) -> Option<&dyn Policy<ChanceIt>> {
        Some(self)
    }
}

impl Policy<ChanceIt> for StrategyAgent {
    fn probabilities(
        &self,
        game: &ChanceIt,
        state: &State,
        seat: Seat,
        moves: &[Move],
        out: &mut Vec<f64>,
    ) {
        AsPolicy(&*self.strategy).probabilities(game, state, seat, moves, out)
    }
}

/// The specification's strategy 1: keep rolling until a 10, 11 or 12.
#[derive(Clone, Copy, Debug, Default)]
pub struct UntilTen;

impl Strategy for UntilTen {
    fn reroll_probability(&self, view: &TurnView<'_>) -> f64 {
        if view.last >= 10 { 0.0 } else { 1.0 }
    }
}

/// The specification's strategy 2: reroll always on 5 or less, with probability 40% on 6
/// or 7, 20% on 8 or 9, 10% on 10, never on 11 or 12.
#[derive(Clone, Copy, Debug, Default)]
pub struct Tapering;

impl Strategy for Tapering {
    fn reroll_probability(&self, view: &TurnView<'_>) -> f64 {
        match view.last {
            0..=5 => 1.0,
            6..=7 => 0.4,
            8..=9 => 0.2,
            10 => 0.1,
            _ => 0.0,
        }
    }

    /// As the specification draws it: `rand() % 100 < percent`.
    fn decide(&self, view: &TurnView<'_>, rng: &mut GameRng) -> Move {
        let percent = (self.reroll_probability(view) * 100.0).round() as u32;
        if rng.random_range(0..100u32) < percent {
            Move::Roll
        } else {
            Move::Stop
        }
    }
}

/// Stop on `N` or more.
#[derive(Clone, Copy, Debug)]
pub struct Threshold(pub u16);

impl Strategy for Threshold {
    fn reroll_probability(&self, view: &TurnView<'_>) -> f64 {
        if view.last >= self.0 { 0.0 } else { 1.0 }
    }
}

crate::register_strategy! {
        name: "until-ten",
        parameter: None,
        summary: "keep rolling until a 10, 11 or 12 (specification 003's computer strategy 1)",
        rank: 1,
        build: |_, _| Ok(Arc::new(UntilTen)),
}
crate::register_strategy! {
        name: "tapering",
        parameter: None,
        summary: "reroll on 5 or less, with 40% on 6-7, 20% on 8-9, 10% on 10, never on 11-12 (specification 003's computer strategy 2)",
        rank: 2,
        build: |_, _| Ok(Arc::new(Tapering)),
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
            Ok(Arc::new(Threshold(n)))
        },
}

/// A strategy as the framework's policy over the game's states.
pub struct AsPolicy<'a>(pub &'a dyn Strategy);

impl Policy<ChanceIt> for AsPolicy<'_> {
    fn probabilities(
        &self,
        game: &ChanceIt,
        state: &State,
        _: Seat,
        moves: &[Move],
        out: &mut Vec<f64>,
    ) {
        let p = with_view(game, state, |view| self.0.reroll_probability(view)).clamp(0.0, 1.0);
        out.extend(moves.iter().map(|m| match m {
            Move::Roll => p,
            Move::Stop => 1.0 - p,
        }));
    }
}
