//! `analyze`, for a game whose state is hashable.

use super::*;
use crate::{Command, Io, Kind, Report};

/// `tabula analyze GAME`, for a game whose state is hashable.
pub struct Analyze<G: 'static> {
    defaults: Defaults,
    extension: &'static dyn Extension<G>,
}

impl<G> Analyze<G> {
    /// The verb with these defaults; `extension` adds the game's own
    /// keys and text ([`NoExtension`] for none).
    pub const fn new(defaults: Defaults, extension: &'static dyn Extension<G>) -> Self {
        Analyze {
            defaults,
            extension,
        }
    }
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

impl<G: Rules> Command for Analyze<G>
where
    G::State: Hash + Eq + std::fmt::Debug,
{
    fn verb(&self) -> &'static str {
        "analyze"
    }

    fn about(&self) -> &'static str {
        self.defaults.summary
    }

    fn kind(&self) -> Kind {
        // A game that never ends draws its long run.
        let long_run = self.extension.long_run_marks().is_some();
        Kind::Report { pictures: long_run }
    }

    fn arguments(&self, command: clap::Command) -> clap::Command {
        let command = with_parameters::<G::Parameters>(command)
            .after_help("Solves the game exactly with the named agents as fixed policies (optimal play among them): the length distribution, each seat's chances, expected score and rank.")
            .arg(
            clap::Arg::new("max_states")
                .long("max-states")
                .value_name("N")
                .default_value(crate::exact::DEFAULT_MAX_STATES.to_string())
                .value_parser(clap::value_parser!(u64).range(1..=1_000_000_000))
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

    fn run(
        &self,
        matches: &clap::ArgMatches,
        _: &mut Io<'_>,
    ) -> Result<Option<Box<dyn Report>>, Error> {
        let (game, p) = game::<G>(matches)?;
        if let Some(marks) = self.extension.long_run_marks() {
            let report = super::long_run::run(&game, &p, marks, matches, self.extension)?;
            return Ok(Some(Box::new(report)));
        }
        if let Some(own) = self.extension.analyze_solve(&game, &p, matches) {
            return own.map(Some);
        }
        let args = PolicyArgs {
            agents: agent_names(matches),
            max_states: matches.get_one::<u64>("max_states").copied().unwrap_or(1),
        };
        let variant = Variant::of::<G>(&p)?;
        let solution = crate::exact::analyze_agents(&game, &variant.spec, &args)?;
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
            #[serde(flatten)]
            extra: &'a serde_json::Map<String, serde_json::Value>,
        }
        // The variant names the game; the solution's `game` (the spec,
        // for the text) is left out.
        let solution = PolicyReport {
            game: String::new(),
            ..self.solution.clone()
        };
        crate::pretty(&Keys {
            variant: &self.variant,
            solution: &solution,
            extra: &self.extra.keys,
        })
    }
}
