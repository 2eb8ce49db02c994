//! `analyze`, for a game whose state is hashable.

use super::*;
use crate::{Command, Io, Kind, Report};

/// `tabula analyze GAME`, for a game whose state is hashable, or whose
/// [`Extension::analyze_solve`] answers every analysis.
pub struct Analyze<G: Recordable + 'static> {
    defaults: Defaults,
    exact: fn() -> Option<ExactHooks<G>>,
    long_run: Option<LongRunFn<G>>,
    extension: &'static dyn Extension<G>,
}

/// The long-run solve of a game whose state is hashable.
type LongRunFn<G> = fn(
    &G,
    &<G as Recordable>::Parameters,
    fn(&<G as tabula_core::BoardGame>::Event, &mut Vec<u64>),
    &Values,
    &dyn Extension<G>,
    &dyn crate::progress::Meter,
) -> Result<LongRunReport, Error>;

impl<G: Rules> Analyze<G>
where
    G::State: Hash + Eq + std::fmt::Debug,
{
    /// The verb with these defaults; `extension` adds the game's own
    /// keys and text ([`NoExtension`] for none).
    pub const fn new(defaults: Defaults, extension: &'static dyn Extension<G>) -> Self {
        Analyze {
            defaults,
            exact: hashed::<G>,
            long_run: Some(super::long_run::run::<G>),
            extension,
        }
    }
}

impl<G: Recordable> Analyze<G> {
    /// The verb for a game whose own solver
    /// ([`Extension::analyze_solve`]) answers every analysis, its state
    /// not hashable (Snakes, whose rule set is chosen at run time): the
    /// generic options, parsing, formats and pictures, the game's
    /// solve. Where the game's solver leaves an analysis to the generic
    /// solve, the verb says it cannot solve it.
    pub const fn solved_by_game(defaults: Defaults, extension: &'static dyn Extension<G>) -> Self {
        Analyze {
            defaults,
            exact: || None,
            long_run: None,
            extension,
        }
    }
}

/// The generic solve of a game whose state is hashable.
fn hashed<G: Rules>() -> Option<ExactHooks<G>>
where
    G::State: Hash + Eq + std::fmt::Debug,
{
    Some(ExactHooks {
        analyze: |game, name, args| crate::exact::analyze_agents(game, name, args),
        chances: crate::exact::chances::<G>,
    })
}

/// What `analyze` reports for any game: in JSON, the game's
/// [`Variant`] keys and the solution's ([`PolicyReport`]) side by side.
#[derive(Clone, Debug)]
pub struct AnalyzeReport {
    /// The game.
    pub variant: Variant,
    /// The exact solution (its `game` is the spec string).
    pub solution: PolicyReport,
    /// What the game adds ([`Extension::analyze`]): keys and sections of
    /// text (`analyze` draws no pictures).
    pub extra: Extra,
}

impl<G: Rules> Command for Analyze<G> {
    fn verb(&self) -> &'static str {
        "analyze"
    }

    fn about(&self) -> &'static str {
        self.defaults.summary
    }

    fn kind(&self) -> Kind {
        // A game that never ends draws its long run.
        let long_run = self.extension.long_run_marks().is_some();
        Kind::Report {
            pictures: long_run || self.extension.analyze_pictures(),
        }
    }

    fn arguments(&self) -> Arguments {
        let command = Arguments::new();
        let command = with_parameters::<G::Parameters>(command)
            .after_help("Solves the game exactly with the named agents as fixed policies (optimal play among them): the length distribution, each seat's chances, expected score and rank.")
            .arg(
            Arg::new("max_states")
                .long("max-states")
                .value_name("N")
                .default_value(crate::exact::DEFAULT_MAX_STATES.to_string())
                .of::<u64>().range(1..=1_000_000_000)
                .help("The most states the exact analysis may build; past it the analysis stops and says how far it got"),
        );
        if self.extension.long_run_marks().is_some() {
            let help = match self.extension.long_run_help() {
                "" => super::long_run::HELP.to_string(),
                more => format!("{}\n{more}", super::long_run::HELP),
            };
            return command
                .after_help(help)
                .arg(super::long_run::max_time_arg());
        }
        let command = if self.defaults.has_agents() {
            command.arg(agents_arg(
                self.defaults.agents,
                "The agents, one per seat in seat order, each a fixed policy (a strategy, or optimal), comma-separated",
            ))
        } else {
            command
        };
        self.extension.analyze_arguments(command)
    }

    fn run(&self, values: &Values, io: &mut Io<'_>) -> Result<Option<Box<dyn Report>>, Error> {
        let (game, p) = game_extended::<G>(values, self.extension)?;
        if let (Some(marks), Some(long_run)) = (self.extension.long_run_marks(), self.long_run) {
            let report = long_run(&game, &p, marks, values, self.extension, &*io.progress)?;
            return Ok(Some(Box::new(report)));
        }
        if let Some(own) = self.extension.analyze_solve(&game, &p, values) {
            return own.map(Some);
        }
        let args = PolicyArgs {
            agents: agent_names(values),
            max_states: values.get::<u64>("max_states")?.unwrap_or(1),
        };
        let variant = Variant::of::<G>(&p)?;
        let Some(hooks) = (self.exact)() else {
            return Err(format!(
                "{}: the game's state is not hashable, so it is not solved with agents",
                variant.spec
            )
            .into());
        };
        let solution = (hooks.analyze)(&game, &variant.spec, &args)?;
        let mut report = AnalyzeReport {
            variant,
            solution,
            extra: Extra::default(),
        };
        self.extension.analyze(&game, &p, &mut report);
        Ok(Some(Box::new(report)))
    }
}

impl Report for AnalyzeReport {
    fn title(&self) -> String {
        self.solution.title()
    }

    fn text(&self) -> String {
        let mut out = self.solution.text();
        self.extra.append_text(&mut out);
        out
    }

    fn json(&self) -> Result<String, Error> {
        /// The game's keys, then the solution's, in their order.
        #[derive(Serialize)]
        struct Keys<'a> {
            #[serde(flatten)]
            variant: &'a Variant,
            #[serde(flatten)]
            solution: &'a PolicyReport,
        }
        // The variant names the game; the solution's `game` (the spec,
        // for the text) is left out.
        let solution = PolicyReport {
            game: String::new(),
            ..self.solution.clone()
        };
        self.extra.json(&Keys {
            variant: &self.variant,
            solution: &solution,
        })
    }
}
