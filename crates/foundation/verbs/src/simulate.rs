//! `simulate`, for any game.

use std::fmt::Write as _;

use serde::Serialize;
use tabula_core::text::group;
use tabula_picture::Picture;
use tabula_picture::chart::{self, Bar, Distribution};
use tabula_registry::LongRunOptions;
use tabula_registry::args::{Arguments, FromArgs as _, Values};
use tabula_registry::exact::PolicyReport;
use tabula_registry::shard::ShardArg;
use tabula_registry::{
    Error, Extra, GameKind, Io, Kind, Report, SimulationPlan, VariantInfo, Verb,
};
use tabula_sim::LengthSummary;

use crate::{agents_arg, agents_defaulted, opt, pm};

/// `tabula simulate GAME`.
pub(crate) struct Simulate;

tabula_registry::arguments! {
    /// The options of `simulate` besides the game's and `--agents`.
    #[derive(Clone, Debug)]
    struct SimulateOptions {
        /// How many games
        #[arg(long, default_value_t = 10_000, range = 1..)]
        games: u64,
        /// Seed that fixes every game
        #[arg(long, default_value_t = tabula_registry::DEFAULT_SEED)]
        seed: u64,
        /// Worker threads [default: one per core]; the results do not depend on it
        #[arg(long, range = 1..=1024)]
        threads: Option<u16>,
        /// Cap on steps (chance outcomes plus moves) per game; capped games are counted apart
        #[arg(long, default_value_t = tabula_sim::DEFAULT_MAX_STEPS, range = 1..)]
        max_steps: u32,
        /// The most states the exact solve beside the sampled figures may build (0: no exact column)
        #[arg(long, default_value_t = tabula_registry::exact::DEFAULT_MAX_STATES)]
        max_states: u64,
        /// Play only part K of N of the run (K from 1); `tabula merge` combines the parts' JSON outputs
        #[arg(long, value_name = "K/N")]
        shard: Option<ShardArg>,
    }
}

/// One seat's sampled results, and the exact ones where known.
#[derive(Clone, Debug, Serialize)]
pub struct SeatLine {
    /// The seat, from 1.
    pub seat: usize,
    /// The agent in it (empty for a game of chance alone).
    pub agent: String,
    /// Games it ranked first alone.
    pub wins: u64,
    /// Their share of the finished games.
    pub win_share: f64,
    /// The share's standard error.
    pub win_share_std_error: f64,
    /// Games it shared first place.
    pub ties: u64,
    /// Mean score.
    pub mean_score: f64,
    /// Its standard error.
    pub mean_score_std_error: f64,
    /// Mean rank (1 is first).
    pub mean_rank: f64,
    /// Its standard error.
    pub mean_rank_std_error: f64,
    /// The exact chance of winning alone, where solved.
    pub exact_win: Option<f64>,
    /// The exact chance of sharing first place.
    pub exact_tie: Option<f64>,
    /// The exact expected score.
    pub exact_score: Option<f64>,
    /// The exact expected rank.
    pub exact_rank: Option<f64>,
}

/// What `simulate` reports for any game.
#[derive(Clone, Debug, Serialize)]
pub struct SimulateReport {
    /// The game.
    #[serde(flatten)]
    pub variant: VariantInfo,
    /// The agents, by seat.
    pub agents: Vec<String>,
    /// The objective of the optimal play in the seats, where an
    /// `optimal*` agent plays (`win`, `score`, `goal`, `fewest`).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub objective: Option<&'static str>,
    /// The score that optimal play reaches for, where the objective is
    /// `goal`.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub goal: Option<i64>,
    /// Games played.
    pub games: u64,
    /// The seed.
    pub seed: u64,
    /// Threads used.
    pub threads: usize,
    /// Wall-clock time of the run, in seconds.
    pub wall_time_s: f64,
    /// Games that ended by the rules.
    pub finished: u64,
    /// Games stopped by `--max-steps`.
    pub capped: u64,
    /// Each seat's results.
    pub seats: Vec<SeatLine>,
    /// Steps per game (chance outcomes and moves).
    pub steps: Option<LengthSummary>,
    /// Chance outcomes per game (throws of the dice).
    pub chance_steps: Option<LengthSummary>,
    /// Moves per game.
    pub moves: Option<LengthSummary>,
    /// The exact distribution of steps per game, where solved.
    pub exact_steps_pmf: Option<Vec<f64>>,
    /// The exact mean steps per game.
    pub exact_mean_steps: Option<f64>,
    /// Why there is no exact column, when there is none.
    pub exact_note: Option<String>,
    /// What the game adds (its sections): keys, sections of text,
    /// pictures.
    #[serde(skip)]
    pub extra: Extra,
}

tabula_registry::arguments! {
    /// The options of the long-run `simulate` besides the game's.
    #[derive(Clone, Debug)]
    struct SampleOptions {
        /// Turns to count (after each game's warm-up).
        #[arg(long, default_value_t = 1_000_000, range = 1..=10_000_000_000)]
        turns: u64,
        /// Seed that fixes the whole run.
        #[arg(long, default_value_t = tabula_registry::DEFAULT_SEED)]
        seed: u64,
        /// Worker threads [default: one per core]; the numbers do not depend on it.
        #[arg(long, range = 1..=1024)]
        threads: Option<u16>,
        /// Give up past this many states of the chain.
        #[arg(long, default_value_t = 100_000, range = 1..=100_000_000)]
        max_states: u64,
        /// Time budget of each phase of the exact solve, in seconds. 0: no limit.
        #[arg(long, default_value_t = 60, value_name = "SECONDS")]
        max_time: u64,
        /// Play only part K of N of the run's games (K from 1), for another
        /// machine to play the rest; `tabula merge` combines the parts' JSON
        /// outputs into the whole run's report.
        #[arg(long, value_name = "K/N")]
        shard: Option<ShardArg>,
    }
}

/// The generic help of the long-run `simulate`.
const LONG_RUN_HELP: &str = "The game never ends, so its long run is sampled: about --turns turns, split into independent games \
(at least 100, at most 10,000 counted turns each), each counted after a warm-up of 100 turns; standard errors come from \
the spread between games. The exact long run (the stationary distribution of the game's chain, as analyze solves it) \
stands beside the sampled figures.\n\
--shard K/N plays part K of N of the run's games; tabula merge combines the parts' --format json outputs into \
exactly the whole run's report.";

impl Verb for Simulate {
    fn applies(&self, game: &dyn GameKind) -> bool {
        let c = game.capabilities();
        !c.long_run || c.sampler
    }

    fn kind(&self, _: &dyn GameKind) -> Kind {
        Kind::Report { pictures: true }
    }

    fn arguments(&self, game: &dyn GameKind) -> Arguments {
        let command = tabula_registry::game_parameters(Arguments::new(), game.parameters());
        if game.capabilities().sampler {
            let command = SampleOptions::augment(command).after_help(LONG_RUN_HELP);
            return game.options("simulate", command);
        }
        let defaults = game.defaults();
        let mut command = SimulateOptions::augment(command)
            .after_help("Plays many games with the named agents: game lengths, each seat's wins, ties, scores and ranks with standard errors, and the exact values beside them where the game can be solved.")
            .mut_arg("games", |a| a.default_value(defaults.games.to_string()));
        if defaults.has_agents() {
            command = command.arg(agents_arg(
                game,
                "The agents, one per seat in seat order, comma-separated (see `tabula list`)",
            ));
            if tabula_registry::has_objectives(game) {
                command = tabula_registry::objective_args(command, game);
            }
        } else {
            command = command.arg(crate::no_agents_arg());
        }
        game.options("simulate", command)
    }

    fn run(
        &self,
        game: &dyn GameKind,
        values: &Values,
        io: &mut Io<'_>,
    ) -> Result<Option<Box<dyn Report>>, Error> {
        let variant = game.variant(values)?;
        if game.capabilities().sampler {
            let o = SampleOptions::from_values(values)?;
            let options = LongRunOptions {
                turns: o.turns,
                seed: o.seed,
                threads: o.threads.map(usize::from),
                max_states: o.max_states,
                max_time: o.max_time,
                shard: o.shard,
            };
            let report = variant
                .sample_long_run(&options, values, io)
                .ok_or("the game samples no long run")??;
            return Ok(Some(report));
        }
        if !game.defaults().has_agents() {
            crate::refuse_agents(game, values, &["agents"])?;
        }
        let o = SimulateOptions::from_values(values)?;
        let plan = SimulationPlan {
            games: o.games,
            seed: o.seed,
            threads: o.threads.map(usize::from),
            max_steps: o.max_steps,
            max_states: o.max_states,
            shard: o.shard,
            agents: tabula_registry::agent_names(values),
        };
        if let Some(own) = variant.simulate_own(&plan, values, io) {
            return own.map(Some);
        }
        let names = plan.agents.clone();
        if game.defaults().has_agents() {
            variant.check_agents(&names, agents_defaulted(values))?;
        }
        let run = variant.simulate(&plan, io)?;
        let mut exact_note = None;
        // The one place exact answers come from: the game's solvers for
        // these agents, then the generic ones.
        let within = tabula_registry::solve::Within::new(
            o.max_states,
            tabula_registry::exact::Budget::default(),
            values,
        );
        let query = tabula_registry::Query::Distribution {
            agents: &names,
            lengths: false,
        };
        let (mut exact, mut own): (Option<PolicyReport>, Option<Vec<_>>) = (None, None);
        if o.max_states > 0 {
            match variant.ask(&query, &within) {
                None => {
                    exact_note =
                        Some("the game's state is not hashable, so it is not solved".into());
                }
                Some(Ok(tabula_registry::Answered::Distribution(d))) => match d.solution {
                    Some(solution) => exact = Some(solution),
                    None => own = Some(d.chances),
                },
                Some(Ok(_)) => {}
                Some(Err(e)) => exact_note = Some(format!("not solved exactly: {e}")),
            }
        }
        let seats = run
            .seats
            .iter()
            .enumerate()
            .map(|(s, f)| {
                let e = exact.as_ref().and_then(|e| e.seats.get(s));
                let mut line = SeatLine {
                    seat: s + 1,
                    agent: names.get(s).cloned().unwrap_or_default(),
                    wins: f.wins,
                    win_share: f.win_share.0,
                    win_share_std_error: f.win_share.1,
                    ties: f.ties,
                    mean_score: f.mean_score.0,
                    mean_score_std_error: f.mean_score.1,
                    mean_rank: f.mean_rank.0,
                    mean_rank_std_error: f.mean_rank.1,
                    exact_win: e.map(|e| e.win),
                    exact_tie: e.map(|e| e.tie),
                    exact_score: e.map(|e| e.score),
                    exact_rank: e.map(|e| e.rank),
                };
                if let Some(c) = own.as_ref().and_then(|own| own.get(s)) {
                    line.exact_win = Some(c.win);
                    line.exact_tie = Some(c.shared_first);
                    line.exact_score = c.score;
                }
                line
            })
            .collect();
        let mut report = SimulateReport {
            variant: variant.info()?,
            objective: names
                .iter()
                .find_map(|n| tabula_registry::objective_of(game, n)),
            goal: names
                .iter()
                .find(|n| tabula_registry::objective_of(game, n).is_some())
                .and_then(|n| tabula_registry::goal_of(game, n)),
            agents: names,
            games: run.games,
            seed: run.seed,
            threads: run.threads,
            wall_time_s: run.wall_time.as_secs_f64(),
            finished: run.finished,
            capped: run.capped,
            seats,
            steps: run.steps,
            chance_steps: run.chance_steps,
            moves: run.moves,
            exact_steps_pmf: exact.as_ref().map(|e| e.steps_pmf.clone()),
            exact_mean_steps: exact.as_ref().map(|e| e.mean_steps),
            exact_note,
            extra: Extra::default(),
        };
        variant.sections(&mut report);
        Ok(Some(Box::new(report)))
    }
}

fn lengths_line(out: &mut String, what: &str, l: &LengthSummary) {
    let _ = writeln!(
        out,
        "  {what}: min {}, mean {}, median {}, mode {}, max {}",
        l.min,
        pm(l.mean, l.std_error, 3),
        l.median,
        l.mode,
        l.max
    );
}

impl Report for SimulateReport {
    fn title(&self) -> String {
        format!("{}: {} games", self.variant.spec, group(self.games))
    }

    fn text(&self) -> String {
        let mut out = String::new();
        let who = if self.agents.is_empty() {
            String::new()
        } else {
            format!(" of {}", self.agents.join(" against "))
        };
        let _ = writeln!(
            out,
            "{}: {} games{who}, seed {}",
            self.variant.spec,
            group(self.games),
            self.seed,
        );
        let _ = writeln!(
            out,
            "  {:<5} {:<14} {:>18} {:>8} {:>20} {:>18}  {:>9}",
            "seat", "agent", "wins", "ties", "mean score", "mean rank", "exact win"
        );
        for s in &self.seats {
            let _ = writeln!(
                out,
                "  {:<5} {:<14} {:>18} {:>8} {:>20} {:>18}  {:>9}",
                s.seat,
                if s.agent.is_empty() { "-" } else { &s.agent },
                pm(s.win_share, s.win_share_std_error, 4),
                s.ties,
                pm(s.mean_score, s.mean_score_std_error, 4),
                pm(s.mean_rank, s.mean_rank_std_error, 4),
                opt(s.exact_win, 4)
            );
        }
        if let Some(l) = &self.steps {
            lengths_line(&mut out, "steps per game", l);
        }
        if let Some(l) = &self.chance_steps {
            lengths_line(&mut out, "chance outcomes per game", l);
        }
        if let Some(l) = &self.moves {
            lengths_line(&mut out, "moves per game", l);
        }
        if let Some(mean) = self.exact_mean_steps {
            let _ = writeln!(out, "  exact mean steps per game: {mean:.6}");
        }
        if let Some(note) = &self.exact_note {
            let _ = writeln!(out, "  ({note})");
        }
        if self.capped > 0 {
            let _ = writeln!(
                out,
                "  {} games were stopped by --max-steps and are left out of the seats' results",
                group(self.capped)
            );
        }
        self.extra.append_text(&mut out);
        out
    }

    fn json(&self) -> Result<String, Error> {
        self.extra.json(self)
    }

    fn pictures(&self) -> Vec<Picture> {
        let mut pictures = Vec::new();
        if let Some(steps) = &self.steps {
            let exact = self.exact_steps_pmf.clone();
            pictures.push(
                Distribution {
                    title: format!("{}: steps per game", self.variant.spec),
                    x_label: "steps (chance outcomes and moves)".into(),
                    sampled: steps.histogram.iter().map(|(k, v)| (*k, *v)).collect(),
                    exact,
                    marks: vec![chart::Mark {
                        label: format!("mean {:.1}", steps.mean),
                        x: steps.mean,
                    }],
                    show_share: 0.99,
                }
                .picture("steps", (800, 480)),
            );
        }
        let bars: Vec<Bar> = self
            .seats
            .iter()
            .map(|s| Bar {
                label: if s.agent.is_empty() {
                    format!("seat {}", s.seat)
                } else {
                    format!("{} ({})", s.seat, s.agent)
                },
                value: Some(s.win_share).filter(|v| v.is_finite()),
                std_error: Some(s.win_share_std_error).filter(|v| v.is_finite()),
                exact: s.exact_win,
            })
            .collect();
        pictures.push(chart::bars(
            "wins",
            &format!("{}: each seat's chance to win", self.variant.spec),
            "games won",
            bars,
        ));
        // One seat: won or lost, and its score, which ranks its play.
        if let [s] = self.seats.as_slice() {
            pictures.push(chart::bars(
                "score",
                &format!("{}: the mean score", self.variant.spec),
                "mean score",
                vec![Bar {
                    label: if s.agent.is_empty() {
                        "seat 1".into()
                    } else {
                        s.agent.clone()
                    },
                    value: Some(s.mean_score).filter(|v| v.is_finite()),
                    std_error: Some(s.mean_score_std_error).filter(|v| v.is_finite()),
                    exact: s.exact_score,
                }],
            ));
        }
        pictures.extend(self.extra.pictures.iter().cloned());
        pictures
    }
}
