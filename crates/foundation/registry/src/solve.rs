//! One solver interface: every exact method answers one [`Query`]
//! through one trait, [`Solve`]. A game registers its own methods with
//! [`GameBuilder::solver`](crate::GameBuilder::solver) (several allowed,
//! tried in order, before the framework's generic ones); the verbs ask
//! the one place, [`Variant::ask`](crate::Variant::ask), and render the
//! [`Answered`] value they get back. No game replaces a verb.
//!
//! | method | queries it answers | who registers it |
//! |---|---|---|
//! | chain over hashed states (`ByChain`: [`tabula_exact::Chain`], the agents folded in) | [`Query::Distribution`] | the framework, for every game with a hashable state (asked last) |
//! | optimal play ([`ByOptimal`]: [`tabula_exact::Optimal`] over the state graph, [`tabula_exact::EachOwn`] for 3+ seats, [`tabula_exact::DenseOptimal`] over the game's numbering) | [`Query::Optimal`]: the policy the `optimal*` agents play, solved once in the one cache | the framework, for a game registered with `optimal:` |
//! | long run ([`LongRun`](crate::long_run::LongRun): [`tabula_exact::Chain::explore`], [`tabula_exact::Chain::stationary`]) | [`Query::LongRun`] | the framework, for a game that registers [`GameBuilder::long_run`](crate::GameBuilder::long_run) |
//! | a game's own, through [`GameBuilder::solver`](crate::GameBuilder::solver) | what its [`Solve::answers`] says | the game |
//!
//! The game's own solvers are asked first, in the order registered, then
//! the framework's: the long run, optimal play, the chain. The `optimal*`
//! agents ask the same list ([`optimal_policy`](crate::optimal_policy)): a solver of the game's
//! that answers [`Query::Optimal`] with a policy is what they play.
//!
//! ```
//! use tabula_registry::solve::{Answer, Query, Solve, Within};
//! use tabula_registry::{Error, Rules};
//!
//! /// Answers nothing: a solver says which queries it answers.
//! struct Nothing;
//! impl<G: Rules> Solve<G> for Nothing {
//!     fn name(&self) -> &'static str { "nothing" }
//!     fn answers(&self, _: &G, _: &G::Parameters, _: &Query<'_>) -> bool { false }
//!     fn solve(&self, _: &G, _: &G::Parameters, _: &Query<'_>, _: &Within<'_>)
//!         -> Result<Answer<G>, Error> {
//!         Err("nothing is solved here".into())
//!     }
//! }
//! ```

use tabula_play::tournament::Chances;

pub use crate::query::{
    Answered, ChancesReport, Distribution, Query, SeatChances, Within, unsupported,
};

use crate::Error;
use crate::Report;
use crate::exact::{PolicyArgs, SharedStrategy, SolveOptimal};
use crate::kind::Rules;
use crate::probe::ExactHooks;
use crate::query::LongRunData;

/// The answer to [`Query::Optimal`].
pub struct Optimum<G: Rules> {
    /// The solved policy, an agent's strategy, where the method gives
    /// one.
    pub policy: Option<SharedStrategy<G>>,
    /// The game's own sections (Chance-it's policy table and
    /// win-optimal's chances), rendered by the verb as they are.
    pub report: Option<Box<dyn Report>>,
}

/// A solver's answer, typed by the query.
#[non_exhaustive]
pub enum Answer<G: Rules> {
    /// To [`Query::Distribution`].
    Distribution(Distribution),
    /// To [`Query::Optimal`].
    Optimal(Optimum<G>),
    /// To [`Query::Value`]: the method's report.
    Value(Box<dyn Report>),
    /// To [`Query::LongRun`]: the long run's figures.
    LongRun(LongRunData),
    /// To [`Query::Solved`]: the game's own solved object, which its
    /// agents downcast ([`solved_play`](crate::solved_play)).
    Solved(std::sync::Arc<dyn std::any::Any + Send + Sync>),
}

impl<G: Rules> Answer<G> {
    /// The answer as the verbs get it; `None` for an optimum with no
    /// report.
    pub fn erased(self) -> Option<Answered> {
        match self {
            Answer::Distribution(d) => Some(Answered::Distribution(d)),
            Answer::Optimal(o) => o.report.map(Answered::Report),
            Answer::Value(r) => Some(Answered::Report(r)),
            Answer::LongRun(data) => Some(Answered::LongRun(data)),
            Answer::Solved(_) => None,
        }
    }
}

/// An exact method: says which queries it answers and answers them.
/// Object-safe per game type: a game registers `Box<dyn Solve<G>>`s, the
/// verbs call them through one non-generic path.
pub trait Solve<G: Rules>: Send + Sync + 'static {
    /// The method's name (`chain`, `staged`, `proof search`), for
    /// messages and the book's table.
    fn name(&self) -> &'static str;
    /// Whether it answers `query` for this game: the framework asks the
    /// next solver otherwise.
    fn answers(&self, game: &G, p: &G::Parameters, query: &Query<'_>) -> bool;
    /// The answer to `query`, within `within`.
    fn solve(
        &self,
        game: &G,
        p: &G::Parameters,
        query: &Query<'_>,
        within: &Within<'_>,
    ) -> Result<Answer<G>, Error>;
    /// Whether its answers read the game's own options of the verb
    /// (noline's `--max-nodes`) in place of `--max-seconds` and
    /// `--max-steps`.
    fn own_budget(&self) -> bool {
        false
    }
    /// Whether its reports draw pictures.
    fn pictures(&self) -> bool {
        false
    }
}

/// The framework's chain over hashed states ([`tabula_exact::Chain`]):
/// the agents' policies folded into the game's chain.
pub(crate) struct ByChain<G: Rules>(pub ExactHooks<G>);

impl<G: Rules> Solve<G> for ByChain<G> {
    fn name(&self) -> &'static str {
        "chain"
    }

    fn answers(&self, _: &G, _: &G::Parameters, query: &Query<'_>) -> bool {
        matches!(query, Query::Distribution { .. })
    }

    fn solve(
        &self,
        game: &G,
        p: &G::Parameters,
        query: &Query<'_>,
        within: &Within<'_>,
    ) -> Result<Answer<G>, Error> {
        let Query::Distribution { agents, .. } = query else {
            return Err(unsupported(self.name(), query));
        };
        let args = PolicyArgs {
            agents: agents.to_vec(),
            max_states: within.max_states,
        };
        let spec = tabula_core::params::spec(G::NAME, p);
        let solution = (self.0.analyze)(game, &spec, &args, &within.budget)?;
        Ok(Answer::Distribution(Distribution {
            chances: solution
                .seats
                .iter()
                .map(|s| Chances {
                    win: s.win,
                    shared_first: s.tie,
                    score: Some(s.score),
                })
                .collect(),
            solution: Some(solution),
            report: None,
        }))
    }
}

/// The framework's optimal play: value iteration over the game's whole
/// state graph ([`tabula_exact::Optimal`]; [`tabula_exact::EachOwn`] for
/// three or more seats) or over the numbering of its states where the
/// game gives one ([`tabula_exact::DenseOptimal`]), found when the game
/// registers with `optimal:` ([`register_game!`](crate::register_game)).
/// It answers [`Query::Optimal`] with the solved policy, solved once per
/// game, parameters, objective and seats in the one cache of solved play
/// ([`tabula_exact::solved`]) and shared by every agent that plays it.
pub struct ByOptimal<G: Rules> {
    /// The method's name: `optimal` over the state graph, `numbered
    /// optimal` over the game's numbering.
    pub(crate) name: &'static str,
    pub(crate) solve: SolveOptimal<G>,
}

impl<G: Rules> ByOptimal<G> {
    /// The method `solve`, named `name`; what the registration's probe
    /// finds for a game (not for direct use).
    #[doc(hidden)]
    pub fn new(name: &'static str, solve: SolveOptimal<G>) -> ByOptimal<G> {
        ByOptimal { name, solve }
    }
}

impl<G: Rules> Solve<G> for ByOptimal<G> {
    fn name(&self) -> &'static str {
        self.name
    }

    fn answers(&self, _: &G, _: &G::Parameters, query: &Query<'_>) -> bool {
        matches!(query, Query::Optimal { .. })
    }

    fn solve(
        &self,
        game: &G,
        p: &G::Parameters,
        query: &Query<'_>,
        within: &Within<'_>,
    ) -> Result<Answer<G>, Error> {
        let Query::Optimal { aim } = *query else {
            return Err(unsupported(self.name(), query));
        };
        let key = tabula_exact::SolvedKey::new(
            G::NAME,
            &tabula_core::params::spec(G::NAME, p),
            &aim.to_string(),
            game.seats(),
        );
        let strategy = tabula_exact::solved(key, || {
            let solving = within.start_solve("optimal play");
            let limits = tabula_exact::Limits {
                max_states: crate::exact::OPTIMAL_MAX_STATES,
                max_transitions: crate::exact::OPTIMAL_MAX_STATES.saturating_mul(10),
                progress: solving.sink(),
                ..tabula_exact::Limits::default()
            };
            (self.solve)(game, aim, &limits)
        })
        .map_err(crate::exact::PolicyError::from)?;
        Ok(Answer::Optimal(Optimum {
            policy: Some((*strategy).clone()),
            report: None,
        }))
    }
}
