//! `analyze`, for a game whose state is hashable, which has its own
//! solver, or which never ends.

use serde::Serialize;
use tabula_picture::Picture;
use tabula_picture::chart::{self, Bar, Distribution};
use tabula_registry::args::{Arg, Arguments, Values};
use tabula_registry::exact::PolicyReport;
use tabula_registry::solve::{ChancesReport, Within};
use tabula_registry::{Answered, Query};
use tabula_registry::{Error, Extra, GameKind, Io, Kind, Report, VariantInfo, Verb};

use crate::agents_arg;
use crate::long_run::{self, LongRunReport};

/// `tabula analyze GAME`.
pub(crate) struct Analyze;

/// What `analyze` reports for any game: in JSON, the game's
/// [`VariantInfo`] keys and the solution's ([`PolicyReport`]) side by
/// side.
#[derive(Clone, Debug)]
pub struct AnalyzeReport {
    /// The game.
    pub variant: VariantInfo,
    /// The exact solution (its `game` is the spec string).
    pub solution: PolicyReport,
    /// What the game adds (its sections): keys, sections of text and
    /// pictures.
    pub extra: Extra,
}

impl Verb for Analyze {
    fn applies(&self, game: &dyn GameKind) -> bool {
        let c = game.capabilities();
        c.hashable || c.own_analysis || c.long_run
    }

    fn kind(&self, game: &dyn GameKind) -> Kind {
        let c = game.capabilities();
        // Every analysis draws: the long run of a game that never ends,
        // the game's own pictures, or the exact distribution and chances.
        Kind::Report {
            pictures: c.long_run || c.analysis_pictures || c.hashable,
        }
    }

    fn arguments(&self, game: &dyn GameKind) -> Arguments {
        let command = tabula_registry::game_parameters(Arguments::new(), game.parameters())
            .after_help("Solves the game exactly with the named agents as fixed policies (optimal play among them): the length distribution, each seat's chances, expected score and rank.")
            .arg(
            Arg::new("max_states")
                .long("max-states")
                .value_name("N")
                .default_value(tabula_registry::exact::DEFAULT_MAX_STATES.to_string())
                .of::<u64>().range(1..=1_000_000_000)
                .help("The most states the exact analysis may build; past it the analysis stops and says how far it got"),
        );
        // A game with an analysis of its own reads its own options.
        let command = if game.capabilities().long_run || game.capabilities().own_analysis {
            command
        } else {
            command
                .arg(
                    Arg::new("max_seconds")
                        .long("max-seconds")
                        .value_name("S")
                        .default_value(tabula_registry::exact::DEFAULT_MAX_SECONDS.to_string())
                        .of::<u64>()
                        .help("Time budget of each phase of the exact solve, in seconds; 0: no limit"),
                )
                .arg(
                    Arg::new("max_steps")
                        .long("max-steps")
                        .value_name("N")
                        .default_value(tabula_registry::exact::DEFAULT_MAX_STEPS.to_string())
                        .of::<u32>()
                        .range(1..=1_000_000_000)
                        .help("The most steps of a game the exact length distribution follows; past it the analysis stops and says how far it got"),
                )
        };
        let command = if game.capabilities().long_run {
            command
                .after_help(long_run::HELP)
                .arg(long_run::max_time_arg())
        } else if game.defaults().has_agents() {
            let command = command.arg(agents_arg(
                game,
                "The agents, one per seat in seat order, each a fixed policy (a strategy, or optimal), comma-separated",
            ));
            if tabula_registry::has_objectives(game) {
                tabula_registry::objective_args(command, game)
            } else {
                command
            }
        } else {
            command.arg(crate::no_agents_arg())
        };
        game.options("analyze", command)
    }

    fn run(
        &self,
        game: &dyn GameKind,
        values: &Values,
        io: &mut Io<'_>,
    ) -> Result<Option<Box<dyn Report>>, Error> {
        let variant = game.variant(values)?;
        let max_states = values.get::<u64>("max_states")?.unwrap_or(1);
        if game.capabilities().long_run {
            // The one place answers: the long run, within --max-time
            // seconds a phase.
            let budget = tabula_registry::exact::Budget {
                max_seconds: values.get::<u64>("max_time")?.unwrap_or(0),
                ..Default::default()
            };
            let within = Within::new(max_states, budget, values).meter(&*io.progress);
            let data = match variant.ask(&Query::LongRun, &within) {
                Some(Ok(Answered::LongRun(data))) => data,
                Some(Ok(_)) | None => return Err("the game has no long run".into()),
                Some(Err(e)) => return Err(e),
            };
            let report = LongRunReport::of(variant.info()?, data);
            return Ok(Some(Box::new(report)));
        }
        if !game.defaults().has_agents() {
            crate::refuse_agents(game, values, &["agents"])?;
        }
        let names = tabula_registry::agent_names(values);
        let budget = tabula_registry::exact::Budget {
            max_seconds: values.get::<u64>("max_seconds")?.unwrap_or(0),
            max_steps: values
                .get::<u32>("max_steps")?
                .unwrap_or(tabula_registry::exact::DEFAULT_MAX_STEPS),
        };
        let within = Within::new(max_states, budget, values);
        // One place answers: the game's solvers, then the generic ones.
        // Named agents (or a game of chance alone) ask for the
        // distribution; none named, for the game's value, else optimal
        // play for the objective.
        let distribution = Query::Distribution {
            agents: &names,
            lengths: true,
        };
        // Read (and a goal without its N refused) before any solve.
        let aim = tabula_registry::objective_aim(values)?;
        let asked = if names.is_empty() && game.defaults().has_agents() {
            variant
                .ask(&Query::Value, &within)
                .or_else(|| variant.ask(&Query::Optimal { aim }, &within))
                .or_else(|| variant.ask(&distribution, &within))
        } else {
            variant.ask(&distribution, &within)
        };
        let info = variant.info()?;
        let Some(answer) = asked else {
            return Err(format!(
                "{}: the game's state is not hashable, so it is not solved with agents",
                info.spec
            )
            .into());
        };
        let solution = match answer? {
            Answered::Report(report) => return Ok(Some(report)),
            Answered::Distribution(d) => match (d.solution, d.report) {
                (_, Some(report)) => return Ok(Some(report)),
                (Some(solution), None) => solution,
                (None, None) => {
                    return Ok(Some(Box::new(ChancesReport::of(
                        &info.spec, "own", &names, &d.chances,
                    ))));
                }
            },
            _ => return Err("the solver gave no answer".into()),
        };
        let mut solution = solution;
        for s in &mut solution.seats {
            s.objective = tabula_registry::objective_of(game, &s.agent);
            s.goal = tabula_registry::goal_of(game, &s.agent);
        }
        solution.objective = solution.seats.iter().find_map(|s| s.objective);
        // The run's goal: the objective's (`--objective goal --goal N`,
        // `--goal N`), else the first `optimal-goal-N` agent's; each
        // seat's chance of reaching it, exactly, whatever it plays.
        let goal = aim
            .goal()
            .or_else(|| solution.seats.iter().find_map(|s| s.goal));
        if let Some(goal) = goal {
            solution.reach(goal);
        }
        let mut report = AnalyzeReport {
            variant: info,
            solution,
            extra: Extra::default(),
        };
        variant.sections(&mut report);
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

    fn pictures(&self) -> Vec<Picture> {
        let s = &self.solution;
        let spec = &self.variant.spec;
        let mean = s
            .steps_pmf
            .iter()
            .enumerate()
            .map(|(n, p)| n as f64 * p)
            .sum();
        let mut pictures = vec![
            Distribution {
                title: format!("{spec}: steps per game, exactly"),
                x_label: "steps (chance outcomes and moves)".into(),
                sampled: Vec::new(),
                exact: Some(s.steps_pmf.clone()),
                marks: vec![chart::Mark {
                    label: format!("mean {mean:.1}"),
                    x: mean,
                }],
                show_share: 0.99,
            }
            .picture("steps", (800, 480)),
        ];
        let bar = |seat: usize, agent: &str, exact: f64| Bar {
            label: if agent.is_empty() {
                format!("seat {}", seat + 1)
            } else {
                format!("{} ({agent})", seat + 1)
            },
            value: None,
            std_error: None,
            exact: Some(exact),
        };
        pictures.push(chart::bars(
            "wins",
            &format!("{spec}: each seat's chance to win, exactly"),
            "chance to win",
            s.seats
                .iter()
                .enumerate()
                .map(|(seat, r)| bar(seat, &r.agent, r.win))
                .collect(),
        ));
        // One seat: its score ranks its play.
        if let [r] = s.seats.as_slice() {
            pictures.push(chart::bars(
                "score",
                &format!("{spec}: the expected score, exactly"),
                "expected score",
                vec![bar(0, &r.agent, r.score)],
            ));
        }
        pictures.extend(self.extra.pictures.iter().cloned());
        pictures
    }

    fn json(&self) -> Result<String, Error> {
        /// The game's keys, then the solution's, in their order.
        #[derive(Serialize)]
        struct Keys<'a> {
            #[serde(flatten)]
            variant: &'a VariantInfo,
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
