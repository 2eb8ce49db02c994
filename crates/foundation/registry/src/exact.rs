//! Exact analysis of any game with its seats played by registered agents
//! that are fixed policies (`tabula analyze GAME --agents a,b`), and
//! optimal play as an agent (see [`optimal_agent`]).
//!
//! [`analyze_agents`] builds each named agent from the registry
//! ([`tabula_play::agents`]), folds each, a rule that gives its
//! probabilities ([`tabula_core::Agent::probabilities`]), into
//! the game ([`Chain::build_with`]) and solves the chain: the exact length
//! distribution and each seat's chances of winning and tying, expected
//! score and rank. It works for any game whose states can be hashed, plugin
//! games and plugin agents included, as long as the chain fits under
//! `--max-states`; past it, it refuses with what it reached and how to go
//! further.

use std::fmt::Debug;
use std::fmt::Write as _;
use std::hash::Hash;

use serde::Serialize;
use tabula_core::{Agent, BoardGame, GameResult};
use tabula_exact::{Chain, ExactError, Limits, Objective, Optimal};
use tabula_play::agents;
use tabula_play::tournament::Chances;

use crate::{Error, Report};

/// The default of `--max-states` for an analysis with agents.
pub const DEFAULT_MAX_STATES: u64 = 2_000_000;

/// The default of `--max-seconds`: the time of each phase of a solve.
pub const DEFAULT_MAX_SECONDS: u64 = 60;

/// The default of `--max-steps`: the steps of a game the walk of its
/// length distribution follows.
pub const DEFAULT_MAX_STEPS: u32 = 1_000_000;

/// What an exact solve may spend beyond its states: seconds a phase
/// (`--max-seconds`, 0 for no limit) and steps of a game walked
/// (`--max-steps`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Budget {
    /// Seconds for each phase; 0: no limit.
    pub max_seconds: u64,
    /// Steps of a game the distribution is walked to.
    pub max_steps: u32,
}

impl Default for Budget {
    fn default() -> Budget {
        Budget {
            max_seconds: DEFAULT_MAX_SECONDS,
            max_steps: DEFAULT_MAX_STEPS,
        }
    }
}

crate::arguments! {
    /// Options of an exact analysis with agents in the seats; a game's
    /// `analyze` command flattens them into its own options.
    #[derive(Clone, Debug)]
    pub struct PolicyArgs {
        /// Solve the game exactly with these agents in the seats, in seat
        /// order (one per seat). Each must be a fixed policy (a strategy, not a
        /// search); see `tabula list` for the agents.
        #[arg(long, value_delimiter = ',', value_name = "A,B")]
        pub agents: Vec<String>,
        /// The most states the exact analysis may build; past it the analysis
        /// stops and says how far it got.
        #[arg(long, default_value_t = DEFAULT_MAX_STATES,
              range = 1..=1_000_000_000)]
        pub max_states: u64,
    }
}

/// Why an analysis with agents failed.
#[derive(Debug, thiserror::Error)]
#[non_exhaustive]
pub enum PolicyError {
    /// The number of agents is not the number of seats.
    #[error("{game} has {}: give one agent per seat (--agents {}), not {given}", tabula_core::text::count(*seats, "seat"), (1..=*seats).map(|s| format!("A{s}")).collect::<Vec<_>>().join(","))]
    Seats {
        /// The game.
        game: String,
        /// Its seats.
        seats: usize,
        /// Agents given.
        given: usize,
    },
    /// The agent is not a fixed policy.
    #[error(
        "agent \"{0}\" is not a fixed policy (it searches or remembers), so it cannot be solved exactly; a tournament samples it instead"
    )]
    NotAPolicy(String),
    /// The chain outgrew `--max-states`.
    #[error(
        "too large to solve exactly: the chain reached the limit of {limit} {what} (--max-states {limit}); raise it with --max-states N (each state takes memory: about 100 bytes plus the state itself), or simulate instead"
    )]
    TooLarge {
        /// States, transitions.
        what: &'static str,
        /// The limit.
        limit: usize,
    },
    /// A phase of the solve ran out of `--max-seconds`.
    #[error(
        "exact solve gave up after its time limit of {limit_s} s (--max-seconds) while {stage}; raise it with --max-seconds N (0 for no limit), or simulate instead"
    )]
    OutOfTime {
        /// The limit, in seconds.
        limit_s: f64,
        /// What it was doing.
        stage: String,
    },
    /// The walk of the length distribution reached `--max-steps`.
    #[error(
        "the game is still running with probability {remaining:e} after {steps} steps (--max-steps {steps}); raise it with --max-steps N, or simulate instead"
    )]
    TooLong {
        /// Steps walked.
        steps: u32,
        /// Probability still running.
        remaining: f64,
    },
    /// An iteration did not settle within `--max-steps` sweeps.
    #[error(
        "did not settle: residual {residual:e} after {iterations} iterations (--max-steps {iterations}); raise it with --max-steps N"
    )]
    NotSettled {
        /// Iterations made.
        iterations: u32,
        /// The residual reached.
        residual: f64,
    },
    /// Any other failure of the solve.
    #[error(transparent)]
    Exact(ExactError),
    /// An agent is unknown or could not be made.
    #[error(transparent)]
    Agent(#[from] tabula_play::agents::AgentError),
}

impl From<ExactError> for PolicyError {
    fn from(e: ExactError) -> Self {
        match e {
            ExactError::TooLarge { what, limit } => PolicyError::TooLarge { what, limit },
            ExactError::OutOfTime { limit_s, stage } => PolicyError::OutOfTime { limit_s, stage },
            ExactError::NotConverged { steps, remaining } => {
                PolicyError::TooLong { steps, remaining }
            }
            ExactError::NotSettled {
                iterations,
                residual,
            } => PolicyError::NotSettled {
                iterations,
                residual,
            },
            other => PolicyError::Exact(other),
        }
    }
}

/// One seat's exact results with its agent.
#[derive(Clone, Debug, Serialize, PartialEq)]
pub struct SeatReport {
    /// The agent, as named.
    pub agent: String,
    /// Probability of ranking first alone.
    pub win: f64,
    /// Probability of sharing first place.
    pub tie: f64,
    /// Expected score.
    pub score: f64,
    /// Expected rank (1 is first).
    pub rank: f64,
    /// The objective the seat's agent optimises, where it is an
    /// `optimal*` agent (`win`, `score`, `goal`, `fewest`).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub objective: Option<&'static str>,
    /// The score the seat's agent plays to reach, where its objective is
    /// `goal` (`optimal-goal-N`).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub goal: Option<i64>,
    /// The probability that the seat's final score reaches at least the
    /// run's goal ([`PolicyReport::goal`]), won or lost: the value of the
    /// objective `goal` for this seat's play, where the run has a goal
    /// ([`PolicyReport::reach`]).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub goal_chance: Option<f64>,
}

/// The exact answers for a game played by fixed policies.
#[derive(Clone, Debug, Serialize, PartialEq)]
pub struct PolicyReport {
    /// The game's name (left out of the JSON when empty, as when a
    /// report of its own names the game).
    #[serde(skip_serializing_if = "String::is_empty")]
    pub game: String,
    /// States of the chain.
    pub states: usize,
    /// Transitions (chance outcomes and moves with positive probability).
    pub transitions: usize,
    /// Expected steps per game (chance steps and moves).
    pub mean_steps: f64,
    /// Variance of the steps per game.
    pub variance_steps: f64,
    /// Fewest steps.
    pub min_steps: u32,
    /// Most likely number of steps.
    pub mode_steps: u32,
    /// Median number of steps.
    pub median_steps: u32,
    /// `steps_pmf[n]`: probability of a game of exactly `n` steps.
    pub steps_pmf: Vec<f64>,
    /// Probability of a draw (every seat shares first place).
    pub draw: f64,
    /// The objective of the optimal play in the seats, where an
    /// `optimal*` agent plays (the first one's, seat by seat in `seats`).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub objective: Option<&'static str>,
    /// The run's goal, where it has one: the score that optimal play
    /// reaches for (`--objective goal --goal N`, `--goal N`, or the
    /// agent `optimal-goal-N`), and the score each seat's
    /// [`goal_chance`](SeatReport::goal_chance) is the chance of reaching.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub goal: Option<i64>,
    /// Each seat's results, in seat order.
    pub seats: Vec<SeatReport>,
    /// Each way the game ends, with its probability: what
    /// [`reach`](Self::reach) reads a goal's chances from (not in the
    /// JSON).
    #[serde(skip)]
    pub ends: Vec<(tabula_core::Results, f64)>,
}

/// Solves `game` exactly with the registered agents `args.agents` in its
/// seats (see the [module docs](self)).
pub fn analyze_agents<G>(
    game: &G,
    name: &str,
    args: &PolicyArgs,
) -> Result<PolicyReport, PolicyError>
where
    G: BoardGame + 'static,
    G::State: Hash + Eq + Debug,
{
    analyze_agents_within(game, name, args, &Budget::default())
}

/// [`analyze_agents`] within `budget`'s seconds and steps.
pub fn analyze_agents_within<G>(
    game: &G,
    name: &str,
    args: &PolicyArgs,
    budget: &Budget,
) -> Result<PolicyReport, PolicyError>
where
    G: BoardGame + 'static,
    G::State: Hash + Eq + Debug,
{
    let seats = game.seats();
    // No agents at all: a game decided by chance alone (a decision, if
    // the game has one, is refused by the solve, naming the seat).
    if !args.agents.is_empty() && args.agents.len() != seats {
        return Err(PolicyError::Seats {
            game: name.to_string(),
            seats,
            given: args.agents.len(),
        });
    }
    let names: Vec<&str> = args.agents.iter().map(String::as_str).collect();
    let max_states = usize::try_from(args.max_states).unwrap_or(usize::MAX);
    let (chain, solution) = solve_policies(game, &names, max_states, budget, "exact analysis")?;
    let draw = solution
        .results
        .iter()
        .filter(|(r, _)| *r == GameResult::Draw)
        .map(|(_, p)| p)
        .sum::<f64>()
        + 0.0; // an empty sum is -0.0
    Ok(PolicyReport {
        game: name.to_string(),
        states: chain.len(),
        transitions: chain.transition_count(),
        mean_steps: solution.mean,
        variance_steps: solution.variance,
        min_steps: solution.min,
        mode_steps: solution.mode,
        median_steps: solution.median,
        steps_pmf: solution.pmf.clone(),
        draw,
        seats: solution
            .seats
            .iter()
            .enumerate()
            .map(|(seat, s)| SeatReport {
                agent: args.agents.get(seat).cloned().unwrap_or_default(),
                win: s.win,
                tie: s.tie,
                score: s.score,
                rank: s.rank,
                objective: None,
                goal: None,
                goal_chance: None,
            })
            .collect(),
        objective: None,
        goal: None,
        ends: chain
            .ends()
            .iter()
            .map(|e| e.results.clone())
            .zip(solution.ends.iter().copied())
            .collect(),
    })
}

/// Each seat's exact [`Chances`] with the registered agents `names` in
/// the seats, in seat order: the solver a tournament's `--exact` puts
/// beside its sampled results ([`Standings::set_exact`]). An error when
/// an agent is unknown or not a fixed policy, or the chain outgrows
/// `max_states`.
///
/// [`Standings::set_exact`]: tabula_play::tournament::Standings::set_exact
pub fn chances<G>(game: &G, names: &[&str], max_states: usize) -> Result<Vec<Chances>, PolicyError>
where
    G: BoardGame + 'static,
    G::State: Hash + Eq + Debug,
{
    let (_, solution) =
        solve_policies(game, names, max_states, &Budget::default(), "exact chances")?;
    Ok(solution
        .seats
        .iter()
        .map(|s| Chances {
            win: s.win,
            shared_first: s.tie,
            score: Some(s.score),
        })
        .collect())
}

/// Builds the registered agents `names`, folds their policies into the
/// game and solves the chain, with progress on the installed display
/// ([`progress::installed`](crate::progress::installed)).
fn solve_policies<G>(
    game: &G,
    names: &[&str],
    max_states: usize,
    budget: &Budget,
    what: &str,
) -> Result<(Chain<G, ()>, tabula_exact::Solution), PolicyError>
where
    G: BoardGame + 'static,
    G::State: Hash + Eq + Debug,
{
    let built = names
        .iter()
        .map(|a| agents::build(game, a))
        .collect::<Result<Vec<Box<dyn Agent<G>>>, _>>()?;
    let policies: Vec<&dyn Agent<G>> = built.iter().map(|a| &**a).collect();
    let solving = crate::progress::installed().start_solve(what);
    let limits = Limits {
        max_states,
        max_transitions: max_states.saturating_mul(10),
        max_time: (budget.max_seconds > 0)
            .then(|| std::time::Duration::from_secs(budget.max_seconds)),
        max_steps: budget.max_steps,
        progress: solving.sink(),
        ..Limits::default()
    };
    let chain =
        Chain::<G, ()>::build_with(game, &policies, &limits, |_, _| {}).map_err(|e| match e {
            ExactError::NotARule { seat, .. } => {
                PolicyError::NotAPolicy(names.get(seat).map_or_else(String::new, |n| n.to_string()))
            }
            other => other.into(),
        })?;
    let solution = chain.solve(&limits)?;
    Ok((chain, solution))
}

impl PolicyReport {
    /// Sets the run's goal to `goal`, and each seat's
    /// [`goal_chance`](SeatReport::goal_chance): the exact probability
    /// that its final score reaches at least `goal`, won or lost, summed
    /// over the ends of the solve ([`tabula_exact::goal_chances`]).
    pub fn reach(&mut self, goal: i64) {
        let (results, probabilities): (Vec<tabula_core::Results>, Vec<f64>) =
            self.ends.iter().cloned().unzip();
        let chances = tabula_exact::goal_chances(&results, &probabilities, goal as f64);
        for (seat, s) in self.seats.iter_mut().enumerate() {
            // A seat no end scores (a game over before it starts) has 0.
            s.goal_chance = Some(chances.get(seat).copied().unwrap_or(0.0) + 0.0);
        }
        self.goal = Some(goal);
    }

    /// Who plays: the agents in the seats, or chance alone.
    fn who(&self) -> String {
        if self.seats.iter().all(|s| s.agent.is_empty()) {
            "chance deciding every step".into()
        } else {
            let agents: Vec<&str> = self.seats.iter().map(|s| s.agent.as_str()).collect();
            format!("{} in the seats", agents.join(", "))
        }
    }
}

impl Report for PolicyReport {
    fn title(&self) -> String {
        format!("{}: {}, exactly", self.game, self.who())
    }

    fn text(&self) -> String {
        let mut out = String::new();
        let _ = writeln!(
            out,
            "{} with {}, solved exactly ({} states, {} transitions):",
            self.game,
            self.who(),
            self.states,
            self.transitions
        );
        let _ = writeln!(
            out,
            "  steps per game (chance outcomes and moves): mean {:.6}, sd {:.6}, min {}, mode {}, median {}",
            self.mean_steps,
            self.variance_steps.sqrt(),
            self.min_steps,
            self.mode_steps,
            self.median_steps
        );
        // The goal's column, where the run has one.
        let goal = self
            .goal
            .filter(|_| self.seats.iter().any(|s| s.goal_chance.is_some()));
        let goal_head =
            goal.map_or_else(String::new, |n| format!(" {:>12}", format!("score >= {n}")));
        let _ = writeln!(
            out,
            "  {:<6} {:<20} {:>10} {:>10} {:>12} {:>8}{goal_head}",
            "seat", "agent", "wins", "ties", "mean score", "rank"
        );
        for (seat, s) in self.seats.iter().enumerate() {
            let reached = match (goal, s.goal_chance) {
                (Some(_), Some(p)) => format!(" {p:>12.6}"),
                (Some(_), None) => format!(" {:>12}", "-"),
                _ => String::new(),
            };
            let _ = writeln!(
                out,
                "  {:<6} {:<20} {:>10.6} {:>10.6} {:>12.6} {:>8.4}{reached}",
                seat + 1,
                if s.agent.is_empty() { "-" } else { &s.agent },
                s.win,
                s.tie,
                s.score,
                s.rank
            );
        }
        if self.seats.len() > 1 {
            let _ = writeln!(out, "  draws (every seat shares first): {:.6}", self.draw);
        }
        out
    }

    fn json(&self) -> Result<String, Error> {
        crate::pretty(self)
    }
}

/// Optimal play under `objective` as an agent, for a game's agent
/// registry: solves the whole game ([`Optimal::solve`], within
/// `max_states` states): the solved policy is an agent, a rule, so it
/// plays, and is analysed exactly, like any other rule.
///
/// ```ignore
/// tabula_play::inventory::submit! {
///     AgentEntry {
///         name: "optimal",
///         parameter: None,
///         summary: "wins as often as possible (solved exactly)",
///         build: &BuildFn::<MyGame>(|g, _| tabula_registry::exact::optimal_agent(g, &WinZeroSum, 1_000_000)),
///     }
/// }
/// ```
pub fn optimal_agent<G, O>(
    game: &G,
    objective: &O,
    max_states: usize,
) -> Result<Box<dyn Agent<G>>, agents::BuildError>
where
    G: BoardGame + 'static,
    G::State: Hash + Eq + Debug + Sync,
    O: Objective<G>,
{
    let solving = crate::progress::installed().start_solve("optimal play");
    let limits = Limits {
        max_states,
        max_transitions: max_states.saturating_mul(10),
        progress: solving.sink(),
        ..Limits::default()
    };
    let optimal = Optimal::solve(game, objective, &limits).map_err(PolicyError::from)?;
    Ok(Box::new(optimal))
}

/// The most states the shared optimal solve ([`shared_optimal`](crate::shared_optimal)) may
/// build.
pub const OPTIMAL_MAX_STATES: usize = 10_000_000;

/// How a game's optimal play is solved for an objective: over its whole
/// state graph ([`Optimal`]), or over the dense numbering of its states
/// where it gives one ([`DenseOptimal`](tabula_exact::DenseOptimal), far
/// smaller and faster). [`register_game!`](crate::register_game) picks
/// one for the game at compile time.
pub type SolveOptimal<G> =
    fn(&G, tabula_exact::Aim, &Limits) -> Result<SharedStrategy<G>, ExactError>;

/// A solved strategy, shared by every agent that plays it
/// ([`Rule::shared`](tabula_core::Rule::shared)).
pub type SharedStrategy<G> = std::sync::Arc<tabula_core::Pick<G>>;

/// The objective an `optimal*` agent's name asks for: `optimal` (no
/// suffix) wins, `optimal-score` scores, `optimal-goal-N` reaches N
/// ([`Aim`](tabula_exact::Aim)).
pub fn aim_of(suffix: Option<&str>) -> Result<tabula_exact::Aim, agents::BuildError> {
    match suffix {
        None => Ok(tabula_exact::Aim::Win),
        Some(name) => Ok(tabula_exact::Aim::parse(name)?),
    }
}

/// The optimal agent's solve over the whole state graph.
pub fn optimal_by_graph<G>(
    game: &G,
    aim: tabula_exact::Aim,
    limits: &Limits,
) -> Result<SharedStrategy<G>, ExactError>
where
    G: BoardGame + 'static,
    G::State: Hash + Eq + Debug + Send + Sync,
{
    if game.seats() > 2 {
        // Each seat for itself, by backward induction over vectors.
        let solved = match aim {
            tabula_exact::Aim::Score => {
                tabula_exact::EachOwn::solve(game, &tabula_exact::Scores, limits)?
            }
            tabula_exact::Aim::Win => {
                tabula_exact::EachOwn::solve(game, &tabula_exact::WinChances, limits)?
            }
            // Refused, saying why (one seat only).
            other => {
                return Err(ExactError::Unsupported(
                    other
                        .objective(game.seats())
                        .err()
                        .unwrap_or_else(|| format!("{} is not solved here", other.name())),
                ));
            }
        };
        return Ok(std::sync::Arc::new(
            move |game: &G, state: &G::State, seat, moves: &[G::Move]| {
                solved.pick(game, state, seat, moves)
            },
        ));
    }
    let objective = Goal::watch(aim, game.seats())?;
    let solved = Optimal::solve(game, &objective, limits)?;
    objective.reached()?;
    Ok(std::sync::Arc::new(
        move |game: &G, state: &G::State, seat, moves: &[G::Move]| {
            solved.pick(game, state, seat, moves)
        },
    ))
}

/// The optimal agent's solve over the game's dense numbering of its
/// states.
pub fn optimal_by_numbering<G>(
    game: &G,
    aim: tabula_exact::Aim,
    limits: &Limits,
) -> Result<SharedStrategy<G>, ExactError>
where
    G: tabula_exact::Dense + 'static,
    G::State: Debug + Send + Sync,
{
    let objective = Goal::watch(aim, game.seats())?;
    if aim == tabula_exact::Aim::Fewest {
        // Steps counted over the numbering: the framework's Fewest.
        let fewest = tabula_exact::Fewest::solve(game, false)?;
        return Ok(std::sync::Arc::new(
            move |game: &G, state: &G::State, _, _: &[G::Move]| {
                fewest.best_move(game, state).unwrap_or(0)
            },
        ));
    }
    let solved = tabula_exact::DenseOptimal::solve(game, &objective, limits)?;
    objective.reached()?;
    Ok(std::sync::Arc::new(
        move |game: &G, state: &G::State, seat, moves: &[G::Move]| {
            solved.pick(game, state, seat, moves)
        },
    ))
}

/// An objective of one number ([`Aimed`](tabula_exact::Aimed)) that
/// watches the scores of the finished games it values, so that a goal
/// no finished game reaches (a game that only wins or loses, scoring 1
/// or 0, asked for a goal of 5) is refused, naming the scores there are,
/// rather than solved as a policy that cannot matter.
struct Goal {
    aimed: tabula_exact::Aimed,
    goal: Option<i64>,
    /// The most any finished game scored (seat 0); `None` until one is
    /// seen.
    most: std::sync::Mutex<Option<f64>>,
}

impl Goal {
    fn watch(aim: tabula_exact::Aim, seats: usize) -> Result<Goal, ExactError> {
        Ok(Goal {
            aimed: aim.objective(seats).map_err(ExactError::Unsupported)?,
            goal: aim.goal(),
            most: std::sync::Mutex::new(None),
        })
    }

    /// Fails where the goal is one no finished game reached.
    fn reached(&self) -> Result<(), ExactError> {
        let Some(goal) = self.goal else {
            return Ok(());
        };
        let most = *self
            .most
            .lock()
            .unwrap_or_else(std::sync::PoisonError::into_inner);
        match most {
            Some(most) if most >= goal as f64 => Ok(()),
            _ => Err(ExactError::Unsupported(format!(
                "no finished game scores {goal} or more (the most is {}), so no play ever reaches the goal; a game that only wins or loses scores 1 for a win and 0 for a loss: name a goal a game can reach (--goal N, at most the game's best score), or play to win (--objective win) or to score (--objective score)",
                most.map_or_else(|| "none".to_string(), |m| m.to_string()),
            ))),
        }
    }
}

impl<G: BoardGame> Objective<G> for Goal {
    fn terminal(&self, game: &G, state: &G::State, result: GameResult) -> f64 {
        if self.goal.is_some() {
            let score = game
                .results(state)
                .unwrap_or_else(|| tabula_core::Results::of(result, game.seats()))
                .score(0);
            let mut most = self
                .most
                .lock()
                .unwrap_or_else(std::sync::PoisonError::into_inner);
            if most.is_none_or(|m| score > m) {
                *most = Some(score);
            }
        }
        self.aimed.terminal(game, state, result)
    }

    fn maximises(&self, seat: tabula_core::Seat) -> bool {
        <tabula_exact::Aimed as Objective<G>>::maximises(&self.aimed, seat)
    }

    fn chance_step(&self) -> f64 {
        <tabula_exact::Aimed as Objective<G>>::chance_step(&self.aimed)
    }
}
