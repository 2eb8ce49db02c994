//! A registration as the framework holds it: [`Registered`] (a game's
//! [`GameKind`]) and [`Built`] (a variant's [`Variant`]), the mechanisms
//! every verb calls, compiled once per game.

use std::any::Any;
use std::sync::Arc;

use tabula_core::CoreError;
use tabula_core::params::{self, Param, Parameters};
use tabula_core::registry::PluginInfo;
use tabula_core::spec::Source;

use crate::args::{Arguments, Values};
use crate::capability::Caps;
use crate::exact::PolicyReport;
use crate::kind::{
    Capabilities, Defaults, GameKind, LongRunData, LongRunOptions, PlaySetup, PlayTable, Rules,
    SimulationData, SimulationPlan, TournamentRun, Variant, VariantInfo,
};
use crate::play::{RecordArgs, ReplayArgs, TournamentArgs};
use crate::probe::Text;
use crate::state::{DynState, StateError};
use crate::{Error, Io, Report};
use state::GameState;

mod simulate;
mod state;
mod tournament;

/// The generic runs of a game, by its paths (how its chance is played
/// and its moves checked, [`tabula_play::paths!`]).
pub(crate) struct Runs<G: Rules> {
    simulate: fn(&Built<G>, &SimulationPlan, &mut Io<'_>) -> Result<SimulationData, Error>,
    tournament: fn(&Built<G>, TournamentArgs, &mut Io<'_>) -> Result<TournamentRun, Error>,
}

impl<G: Rules> Runs<G> {
    /// The runs by the paths `P`.
    pub(crate) fn by<P: tabula_play::PlayPaths<G> + Default>() -> Runs<G> {
        Runs {
            simulate: simulate::run::<G, P>,
            tournament: tournament::run::<G, P>,
        }
    }
}

/// A game's registration: its capabilities, typed.
pub(crate) struct Registered<G: Rules> {
    caps: Arc<Caps<G>>,
    runs: Arc<Runs<G>>,
    /// The seats of the game its default parameters make, once known.
    seats: std::sync::OnceLock<usize>,
}

impl<G: Rules> Registered<G> {
    pub(crate) fn new(caps: Caps<G>, runs: Runs<G>) -> Registered<G> {
        Registered {
            caps: Arc::new(caps),
            runs: Arc::new(runs),
            seats: std::sync::OnceLock::new(),
        }
    }

    fn build(&self, p: G::Parameters) -> Result<Box<dyn Variant>, Error> {
        let game = match self.caps.source.build {
            Some(build) => build(&p)?,
            None => G::from_parameters(&p).map_err(|e| format!("{}: {e}", G::NAME))?,
        };
        Ok(Box::new(Built {
            runs: self.runs.clone(),
            caps: self.caps.clone(),
            game: Arc::new(game),
            p,
        }))
    }
}

/// The parameters the values give, with `given` (typed otherwise than
/// as their options) over them, checked.
fn parameters_given<P: Parameters>(
    values: &Values,
    mut given: Vec<(String, String)>,
) -> Result<P, Error> {
    let file = values.text("params");
    for p in P::FIELDS {
        let typed = values.given(p.name);
        if let Some(v) = values.text(p.name)
            && (file.is_none() || typed)
            && !given.iter().any(|(name, _)| name == p.name)
        {
            given.push((p.name.to_string(), v.to_string()));
        }
    }
    Ok(match file {
        Some(path) => params::from_file(&Source::read(path)?, &given)?,
        None => params::build(&given)?,
    })
}

/// The parameters the values give, with `decided` in place of theirs
/// (no file is read when they decide every parameter).
fn parameters_deciding<P: Parameters>(
    values: &Values,
    decided: &[(String, String)],
) -> Result<P, Error> {
    let mut given = Vec::new();
    let file = values.text("params").filter(|_| {
        !P::FIELDS
            .iter()
            .all(|p| decided.iter().any(|(n, _)| n == p.name))
    });
    for p in P::FIELDS {
        if decided.iter().any(|(name, _)| name == p.name) {
            continue;
        }
        let typed = values.given(p.name);
        if let Some(v) = values.text(p.name)
            && (file.is_none() || typed)
        {
            given.push((p.name.to_string(), v.to_string()));
        }
    }
    given.extend(decided.iter().cloned());
    Ok(match file {
        Some(path) => params::from_file(&Source::read(path)?, &given)?,
        None => params::build(&given)?,
    })
}

impl<G: Rules> GameKind for Registered<G> {
    fn name(&self) -> &'static str {
        G::NAME
    }

    fn typed(&self) -> Option<&dyn Any> {
        Some(self)
    }

    fn summary(&self) -> &'static str {
        self.caps.summary
    }

    fn about(&self, verb: &str) -> &'static str {
        self.caps
            .abouts
            .iter()
            .find(|(v, _)| *v == verb)
            .map_or(self.caps.summary, |(_, about)| about)
    }

    fn parameters(&self) -> &'static [Param] {
        <G::Parameters as Parameters>::FIELDS
    }

    fn plugins(&self) -> Result<Vec<PluginInfo>, CoreError> {
        let all = tabula_play::agents::plugins::<G>()?;
        Ok(match self.caps.plugins {
            Some(plugins) => with_own_plugins(all, plugins()?),
            None => all,
        })
    }

    fn agents(&self) -> Vec<(&'static str, Option<&'static str>, &'static str)> {
        tabula_play::agents::entries::<G>()
            .unwrap_or_default()
            .iter()
            .map(|e| (e.name, e.parameter, e.summary))
            .collect()
    }

    fn defaults(&self) -> Defaults {
        self.caps.defaults
    }

    fn capabilities(&self) -> Capabilities {
        let c = &self.caps;
        let seats = *self.seats.get_or_init(|| {
            params::defaults::<G::Parameters>()
                .ok()
                .and_then(|p| G::from_parameters(&p).ok())
                .map_or(0, |g| g.seats())
        });
        Capabilities {
            hashable: c.found.exact.is_some(),
            notation: c.found.notation.is_some(),
            decisions: c.defaults.has_agents(),
            seats,
            long_run: c.long_run.is_some(),
            sampler: c.sampler.is_some(),
            own_simulation: c.simulation.is_some(),
            own_analysis: c.solvers.iter().any(|s| s.own_budget()),
            analysis_pictures: c.solvers.iter().any(|s| s.pictures()),
        }
    }

    fn options(&self, verb: &str, arguments: Arguments) -> Arguments {
        let mut arguments = arguments;
        if verb == "simulate"
            && let Some(sampler) = &self.caps.sampler
        {
            arguments = sampler.arguments(arguments);
        }
        self.caps
            .options
            .iter()
            .filter(|(v, _)| *v == verb)
            .fold(arguments, |a, (_, options)| options(a))
    }

    fn variant(&self, values: &Values) -> Result<Box<dyn Variant>, Error> {
        let given = self.caps.source.given.map_or_else(Vec::new, |f| f(values));
        self.build(parameters_given(values, given)?)
    }

    fn play_setup(&self, values: &Values) -> Result<PlaySetup, Error> {
        self.caps
            .play_setup
            .map_or_else(|| Ok(PlaySetup::default()), |setup| setup(values))
    }

    fn variant_deciding(
        &self,
        values: &Values,
        decided: &[(String, String)],
    ) -> Result<Box<dyn Variant>, Error> {
        let p: G::Parameters = parameters_deciding(values, decided)?;
        let game = G::from_parameters(&p).map_err(|e| format!("{}: {e}", G::NAME))?;
        Ok(Box::new(Built {
            runs: self.runs.clone(),
            caps: self.caps.clone(),
            game: Arc::new(game),
            p,
        }))
    }

    fn pages(&self) -> Vec<crate::page::GamePage> {
        self.caps.pages.clone()
    }

    fn replay(&self, args: &ReplayArgs, io: &mut Io<'_>) -> Result<(), Error> {
        match &self.caps.found.notation {
            Some(n) => (n.replay)(args, io),
            None => Err(format!(
                "{} has no notation, so its records are not replayed",
                G::NAME
            )
            .into()),
        }
    }

    fn replay_view(
        &self,
        text: &str,
        json: bool,
        at: Option<usize>,
    ) -> Result<crate::play::ReplayView, Error> {
        match &self.caps.found.notation {
            Some(n) => (n.replay_view)(text, json, at, self.caps.picture),
            None => Err(format!(
                "{} has no notation, so its records are not replayed",
                G::NAME
            )
            .into()),
        }
    }
}

/// One variant: the game built from its parameters.
pub(crate) struct Built<G: Rules> {
    runs: Arc<Runs<G>>,
    pub caps: Arc<Caps<G>>,
    pub game: Arc<G>,
    pub p: G::Parameters,
}

impl<G: Rules> Built<G> {
    pub fn spec(&self) -> String {
        params::spec(G::NAME, &self.p)
    }

    /// The game's first state, erased.
    fn start(&self) -> GameState<G> {
        GameState {
            game: self.game.clone(),
            state: self.game.initial_state(),
            history: Vec::new(),
            text: self.text(),
            picture: self.caps.picture,
            actions: self.caps.actions,
            pending: Vec::new(),
            origin: None,
        }
    }

    /// The state `history` reaches from the start.
    fn reached(&self, history: &[u64]) -> Result<GameState<G>, StateError> {
        let mut state = self.start();
        for &action in history {
            state.apply_action(action)?;
        }
        Ok(state)
    }

    /// The action `agent` takes at `state`, its choices drawn from `seed`.
    fn agent_choice(&self, agent: &str, state: GameState<G>, seed: u64) -> Result<u64, Error> {
        let seat = match self.game.status(&state.state) {
            tabula_core::Status::Decision(seat) => seat,
            tabula_core::Status::Chance => {
                return Err("chance is to move here, not an agent".into());
            }
            tabula_core::Status::Over(_) => return Err(StateError::Over.into()),
        };
        let mut built = tabula_play::agents::build(&*self.game, agent)?;
        built.new_game(&self.game, seat);
        // A move in parts is chosen where it began, so each part's choice
        // is the same move.
        let index = state.move_start() as u64;
        let mut rng = tabula_core::agent_rng(seed, index, seat);
        let mv = built.choose(&self.game, &state.state, seat, &mut rng);
        state.action_of(&mv).ok_or_else(|| {
            format!(
                "the agent {agent} chose {}, which is not one of the listed moves here",
                (self.text().format_move)(&self.game, &state.state, &mv)
            )
            .into()
        })
    }

    fn text(&self) -> Text<G> {
        self.caps
            .found
            .notation
            .as_ref()
            .map_or_else(Text::debug, |n| n.text)
    }
}

/// Why `given` agents do not seat a game of `seats` seats: named by the
/// user, or the registration's usual ones (`defaulted`), which are for
/// another number of seats. `example` is what one seat's name looks like
/// (`A`, or `P` for terminal play).
pub fn seat_count_error(
    spec: &str,
    seats: usize,
    given: usize,
    defaulted: Option<&str>,
    example: &str,
) -> Error {
    let example = (1..=seats)
        .map(|s| format!("{example}{s}"))
        .collect::<Vec<_>>()
        .join(",");
    let seats = tabula_core::text::count(seats, "seat");
    match defaulted {
        Some(usual) => format!(
            "{spec} has {seats}, and its usual agents ({usual}) are for {given}: name one agent per seat with --agents {example}"
        ),
        None => format!(
            "{spec} has {seats}: name one agent per seat with --agents {example}, not {given}"
        ),
    }
    .into()
}

impl<G: Rules> Variant for Built<G> {
    fn info(&self) -> Result<VariantInfo, Error> {
        Ok(VariantInfo {
            game: G::NAME,
            spec: self.spec(),
            parameters: serde_json::Value::Object(params::fields(&self.p)),
        })
    }

    fn seats(&self) -> usize {
        self.game.seats()
    }

    fn seat_name(&self, seat: usize) -> String {
        (self.text().seat_name)(&self.game, seat)
    }

    fn check_agents(&self, names: &[String], defaulted: bool) -> Result<(), Error> {
        if names.len() != self.game.seats() {
            let usual = names.join(",");
            return Err(seat_count_error(
                &self.spec(),
                self.game.seats(),
                names.len(),
                defaulted.then_some(usual.as_str()),
                "A",
            ));
        }
        for name in names {
            tabula_play::agents::build(&*self.game, name)?;
        }
        Ok(())
    }

    fn simulate(&self, plan: &SimulationPlan, io: &mut Io<'_>) -> Result<SimulationData, Error> {
        (self.runs.simulate)(self, plan, io)
    }

    fn simulate_own(
        &self,
        plan: &SimulationPlan,
        values: &Values,
        io: &mut Io<'_>,
    ) -> Option<Result<Box<dyn Report>, Error>> {
        let own = self.caps.simulation.as_ref()?;
        Some(own.run(&self.game, &self.p, plan, values, io))
    }

    fn sample_long_run(
        &self,
        options: &LongRunOptions,
        values: &Values,
        io: &mut Io<'_>,
    ) -> Option<Result<Box<dyn Report>, Error>> {
        let sampler = self.caps.sampler.as_ref()?;
        let marks = self
            .caps
            .long_run
            .as_ref()
            .map_or((|_, _| {}) as fn(&G::Event, &mut Vec<u64>), |l| l.marks());
        Some(sampler.run(&self.game, &self.p, marks, options, values, io))
    }

    fn solve_within(
        &self,
        agents: &[String],
        max_states: u64,
        budget: &crate::exact::Budget,
    ) -> Option<Result<PolicyReport, Error>> {
        // The same list of solvers the verbs ask: the first whose answer
        // carries the whole solution.
        let options = Values::new();
        let within = crate::solve::Within::new(max_states, *budget, &options);
        let query = crate::solve::Query::Distribution {
            agents,
            lengths: true,
        };
        let whole = |a: &crate::solve::Answer<G>| matches!(a, crate::solve::Answer::Distribution(d) if d.solution.is_some());
        match ask(&self.caps, &self.game, &self.p, &query, &within, whole)? {
            Ok(crate::solve::Answer::Distribution(crate::solve::Distribution {
                solution: Some(solution),
                ..
            })) => Some(Ok(solution)),
            Ok(_) => None,
            Err(e) => Some(Err(e)),
        }
    }

    fn ask(
        &self,
        query: &crate::solve::Query<'_>,
        within: &crate::solve::Within<'_>,
    ) -> Option<Result<crate::solve::Answered, Error>> {
        // An optimum with no report (a policy alone, for the agents)
        // leaves the verb's question to the next solver.
        let reported = |a: &crate::solve::Answer<G>| !matches!(a, crate::solve::Answer::Optimal(o) if o.report.is_none());
        let answer = ask(&self.caps, &self.game, &self.p, query, within, reported)?;
        Some(answer.and_then(|a| a.erased().ok_or_else(|| "the solver gave no report".into())))
    }

    fn long_run(
        &self,
        max_states: u64,
        max_time: u64,
        meter: &dyn crate::progress::Meter,
    ) -> Option<Result<LongRunData, Error>> {
        let long_run = self.caps.long_run.as_ref()?;
        let options = Values::new();
        let within = crate::solve::Within::new(
            max_states,
            crate::exact::Budget {
                max_seconds: max_time,
                ..crate::exact::Budget::default()
            },
            &options,
        )
        .meter(meter);
        Some(
            match long_run.as_solve().solve(
                &self.game,
                &self.p,
                &crate::solve::Query::LongRun,
                &within,
            ) {
                Ok(crate::solve::Answer::LongRun(data)) => Ok(data),
                Ok(_) => Err("the long run's solver gave no long run".into()),
                Err(e) => Err(e),
            },
        )
    }

    fn tournament(&self, args: TournamentArgs, io: &mut Io<'_>) -> Result<TournamentRun, Error> {
        (self.runs.tournament)(self, args, io)
    }

    fn play(
        &self,
        table: PlayTable,
        record: &RecordArgs,
        values: &Values,
        io: &mut Io<'_>,
    ) -> Result<(), Error> {
        match &self.caps.found.notation {
            Some(n) => {
                let call = crate::terminal::PlayCall {
                    game: &*self.game,
                    spec: self.spec(),
                    chance_alone: !self.caps.defaults.has_agents(),
                    look: self.caps.look.as_deref(),
                };
                (n.play)(call, table, record, values, io)
            }
            None => Err(format!(
                "{} has no notation, so it is not played at the terminal",
                G::NAME
            )
            .into()),
        }
    }

    fn new_state(&self) -> Box<dyn DynState> {
        Box::new(self.start())
    }

    fn state_from(&self, text: &str) -> Result<Box<dyn DynState>, StateError> {
        Ok(Box::new(self.start().read(text, self.caps.positions)?))
    }

    fn agent_action(&self, agent: &str, history: &[u64], seed: u64) -> Result<u64, Error> {
        self.agent_choice(agent, self.reached(history)?, seed)
    }

    fn agent_action_in(&self, agent: &str, state: &str, seed: u64) -> Result<u64, Error> {
        self.agent_choice(agent, self.start().read(state, self.caps.positions)?, seed)
    }

    fn record_text(
        &self,
        history: &[u64],
        players: Vec<String>,
        seed: u64,
        json: bool,
    ) -> Result<String, Error> {
        let mut state = self.start();
        let mut steps = Vec::with_capacity(history.len());
        for &action in history {
            steps.extend(state.step_of(action)?);
            state.apply_action(action)?;
        }
        let end = match self.game.results(&state.state) {
            Some(results) => tabula_play::record::End::Finished(results),
            None => tabula_play::record::End::Stopped,
        };
        let players = if players.len() == self.game.seats() {
            players
        } else {
            Vec::new()
        };
        let record: tabula_play::record::RecordOf<G> =
            tabula_play::record::Record::of(&*self.game, seed, 0, players, steps, end);
        let format = if json {
            tabula_play::record::Format::Json
        } else {
            tabula_play::record::Format::Ron
        };
        Ok(record.to_text(format)?)
    }

    fn sections(&self, report: &mut dyn Any) {
        for (_, add) in &self.caps.sections {
            add(&self.game, &self.p, report);
        }
    }
}

/// Every solver of a registration, in the order they are asked: the
/// game's own ([`GameBuilder::solver`](crate::GameBuilder::solver)), then
/// the framework's (its long run, optimal play, the chain).
pub(crate) fn ask<G: Rules>(
    caps: &Caps<G>,
    game: &G,
    p: &G::Parameters,
    query: &crate::solve::Query<'_>,
    within: &crate::solve::Within<'_>,
    accept: impl Fn(&crate::solve::Answer<G>) -> bool,
) -> Option<Result<crate::solve::Answer<G>, Error>> {
    let chain = caps.found.exact.map(crate::solve::ByChain);
    let solvers = caps
        .solvers
        .iter()
        .map(|s| &**s)
        .chain(caps.long_run.as_ref().map(|l| l.as_solve()))
        .chain(
            caps.optimal
                .as_ref()
                .map(|o| o as &dyn crate::solve::Solve<G>),
        )
        .chain(chain.as_ref().map(|c| c as &dyn crate::solve::Solve<G>));
    for solver in solvers {
        if solver.answers(game, p, query) {
            match solver.solve(game, p, query, within) {
                Ok(answer) if !accept(&answer) => continue,
                done => return Some(done),
            }
        }
    }
    None
}

/// Optimal play of the registered game `G` for `aim`: the policy of the
/// first of its solvers that answers
/// [`Query::Optimal`](crate::solve::Query::Optimal) with one (the
/// framework's [`ByOptimal`](crate::solve::ByOptimal) unless the game registers its own), asked
/// through the registration the game made. What an `optimal*` agent
/// plays.
pub fn optimal_policy<G: Rules>(
    game: &G,
    aim: tabula_exact::Aim,
) -> Result<crate::exact::SharedStrategy<G>, Error> {
    let registered = registration(game)?;
    let p = game.parameters();
    let options = crate::args::Values::new();
    let within = agents_within(&options);
    let query = crate::solve::Query::Optimal { aim };
    let has_policy = |a: &crate::solve::Answer<G>| matches!(a, crate::solve::Answer::Optimal(o) if o.policy.is_some());
    match ask(&registered.caps, game, &p, &query, &within, has_policy) {
        Some(Ok(crate::solve::Answer::Optimal(crate::solve::Optimum {
            policy: Some(policy),
            ..
        }))) => Ok(policy),
        Some(Err(e)) => Err(e),
        _ => Err(format!("no solver of {} gives optimal play as a policy", G::NAME).into()),
    }
}

/// The limits an agent's solve runs within: the states optimal play may
/// explore, no time limit (an agent is built once and then plays).
fn agents_within(options: &Values) -> crate::solve::Within<'_> {
    crate::solve::Within::new(
        crate::exact::OPTIMAL_MAX_STATES as u64,
        crate::exact::Budget {
            max_seconds: 0,
            ..crate::exact::Budget::default()
        },
        options,
    )
}

/// The game's own solved play named `what` (Chance-it's `win-optimal`,
/// noline's `perfect`, backgammon's `bearoff`), asked of the
/// registration the game made: the first of its solvers that answers
/// [`Query::Solved`](crate::solve::Query::Solved) makes it, and it is
/// kept in the one cache of solved play ([`tabula_exact::solved`]),
/// keyed by the game, its parameters, `what` and the seats, so every
/// agent of the process shares one. What the game's own agents play;
/// `T` is the type the game's solver makes.
pub fn solved_play<G: Rules, T: Any + Send + Sync>(game: &G, what: &str) -> Result<Arc<T>, Error> {
    let options = Values::new();
    solved_play_within(game, what, &agents_within(&options))
}

/// [`solved_play`], solved within `within` where it is not kept yet (a
/// verb's `--max-seconds`: Chance-it's `analyze` asks for the
/// `win-optimal` its agent plays, so an analysis and an agent in one
/// process solve once). A solve past the limits fails and is not kept.
pub fn solved_play_within<G: Rules, T: Any + Send + Sync>(
    game: &G,
    what: &str,
    within: &crate::solve::Within<'_>,
) -> Result<Arc<T>, Error> {
    let registered = registration(game)?;
    let p = game.parameters();
    let key = tabula_exact::SolvedKey::new(G::NAME, &params::spec(G::NAME, &p), what, game.seats());
    let made = tabula_exact::solved(key, || {
        let query = crate::solve::Query::Solved { what };
        let made = |a: &crate::solve::Answer<G>| matches!(a, crate::solve::Answer::Solved(_));
        match ask(&registered.caps, game, &p, &query, within, made) {
            Some(Ok(crate::solve::Answer::Solved(made))) => Ok(made),
            Some(Err(e)) => Err(e),
            _ => Err(Error::from(format!(
                "no solver of {} makes its solved play \"{what}\"",
                G::NAME
            ))),
        }
    })?;
    Arc::clone(&*made).downcast::<T>().map_err(|_| {
        format!(
            "{}'s solved play \"{what}\" is not of the type its agents read",
            G::NAME
        )
        .into()
    })
}

/// The registration of the game `G`, typed.
fn registration<G: Rules>(game: &G) -> Result<&'static Registered<G>, Error> {
    let _ = game;
    crate::entry::kind(G::NAME)
        .and_then(|k| k.typed())
        .and_then(|k| k.downcast_ref::<Registered<G>>())
        .ok_or_else(|| {
            format!(
                "{} is not registered, so its optimal play is not solved here",
                G::NAME
            )
            .into()
        })
}

/// Optimal play of a one- or two-seat game for an objective as an agent
/// (`optimal`: each seat maximising its own chance of winning alone,
/// [`WinZeroSum`](tabula_exact::WinZeroSum) for two seats, the chance of
/// winning for one; `optimal-score`: the expected score, or the
/// difference of the two seats' scores; see
/// [`Aim`](tabula_exact::Aim)); three or more seats each for itself
/// ([`EachOwn`](tabula_exact::EachOwn)): the `optimal*` agents that
/// [`register_game!`](crate::register_game) registers. The policy is
/// asked of the game's registration ([`optimal_policy`]):
/// a solver the game registers, else the framework's
/// ([`ByOptimal`](crate::solve::ByOptimal)), solved once per game,
/// parameters, objective and seats in the one cache of solved play
/// ([`tabula_exact::solved`]) and shared by every agent built from it,
/// on every worker and in every seating. Two workers asking at once wait
/// for one solve.
pub fn shared_optimal<G>(
    game: &G,
    objective: Option<&str>,
) -> Result<Box<dyn tabula_core::Agent<G>>, tabula_play::agents::BuildError>
where
    G: Rules,
{
    let aim = crate::exact::aim_of(objective)?;
    let policy = optimal_policy(game, aim)?;
    Ok(Box::new(tabula_core::Rule::shared(policy)))
}

/// A game's agents `all` with its own plugins `own` (which replace agents
/// of the same name), sorted by kind and name. Not generic: compiled once.
fn with_own_plugins(mut all: Vec<PluginInfo>, own: Vec<PluginInfo>) -> Vec<PluginInfo> {
    all.retain(|a| !own.iter().any(|p| p.name == a.name));
    all.extend(own);
    all.sort_by_key(|p| (p.kind, p.name));
    all
}
