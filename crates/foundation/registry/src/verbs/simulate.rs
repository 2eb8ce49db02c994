//! `simulate`, for any game.

use super::*;
use crate::progress::Run;
use crate::{Command, Io, Kind, Report};

/// `tabula simulate GAME`, for any game.
pub struct Simulate<G: 'static, P: 'static> {
    defaults: Defaults,
    exact: fn() -> Option<ExactHooks<G>>,
    extension: &'static dyn Extension<G>,
    paths: fn() -> P,
}

impl<G, P> Simulate<G, P> {
    /// The verb with these defaults; `exact` finds the game's exact hooks
    /// (see [`register_game!`](crate::register_game)); `extension` adds
    /// the game's own keys, text and pictures ([`NoExtension`] for none);
    /// `paths` gives the game's paths, how its chance is played
    /// ([`tabula_play::paths!`]).
    pub const fn new(
        defaults: Defaults,
        exact: fn() -> Option<ExactHooks<G>>,
        extension: &'static dyn Extension<G>,
        paths: fn() -> P,
    ) -> Self {
        Simulate {
            defaults,
            exact,
            extension,
            paths,
        }
    }
}

crate::arguments! {
    /// The options of `simulate` besides the game's and `--agents`.
    #[derive(Clone, Debug)]
    struct SimulateOptions {
        /// How many games
        #[arg(long, default_value_t = 10_000, range = 1..)]
        games: u64,
        /// Seed that fixes every game
        #[arg(long, default_value_t = crate::DEFAULT_SEED)]
        seed: u64,
        /// Worker threads [default: one per core]; the results do not depend on it
        #[arg(long, range = 1..=1024)]
        threads: Option<u16>,
        /// Cap on steps (chance outcomes plus moves) per game; capped games are counted apart
        #[arg(long, default_value_t = tabula_sim::DEFAULT_MAX_STEPS, range = 1..)]
        max_steps: u32,
        /// The most states the exact solve beside the sampled figures may build (0: no exact column)
        #[arg(long, default_value_t = crate::exact::DEFAULT_MAX_STATES)]
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
    pub variant: Variant,
    /// The agents, by seat.
    pub agents: Vec<String>,
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
    /// What the game adds ([`Extension::simulate`]): keys, sections of
    /// text, pictures.
    #[serde(skip)]
    pub extra: Extra,
}

type SimCollectors<G> = (Standing<G>, Lengths, Lengths, Lengths);

impl<G: Rules, P: tabula_play::PlayPaths<G>> Command for Simulate<G, P> {
    fn verb(&self) -> &'static str {
        "simulate"
    }

    fn about(&self) -> &'static str {
        self.defaults.summary
    }

    fn kind(&self) -> Kind {
        Kind::Report { pictures: true }
    }

    fn arguments(&self) -> Arguments {
        let command = Arguments::new();
        let mut command = SimulateOptions::augment(with_parameters::<G::Parameters>(command))
            .after_help("Plays many games with the named agents: game lengths, each seat's wins, ties, scores and ranks with standard errors, and the exact values beside them where the game can be solved.")
            .mut_arg("games", |a| {
                a.default_value(self.defaults.games.to_string())
            });
        if self.defaults.has_agents() {
            command = command.arg(agents_arg(
                self.defaults.agents,
                "The agents, one per seat in seat order, comma-separated (see `tabula list`)",
            ));
        }
        self.extension.simulate_arguments(command)
    }

    fn run(&self, values: &Values, io: &mut Io<'_>) -> Result<Option<Box<dyn Report>>, Error> {
        let (game, p) = game_extended::<G>(values, self.extension)?;
        if let Some(own) = self.extension.simulate_run(&game, &p, values, io) {
            return own.map(Some);
        }
        let o = SimulateOptions::from_values(values)?;
        let names = agent_names(values);
        if self.defaults.has_agents() {
            seated(&game, &p, &names, agents_defaulted(values))?;
        }
        let game = Arc::new(game);
        let mut sim = Simulation::new(o.games)
            .with_seed(o.seed)
            .with_max_steps(o.max_steps);
        if let Some(t) = o.threads {
            sim = sim.with_threads(usize::from(t));
        }
        let collectors: SimCollectors<G> = (
            Standing::new(game.clone()),
            Lengths::new(LengthOf::Steps),
            Lengths::new(LengthOf::ChanceSteps),
            Lengths::new(LengthOf::Decisions),
        );
        let make = || -> Vec<Box<dyn Agent<G>>> {
            names
                .iter()
                // Each was built once above, so this cannot fail but for
                // a builder that fails at random; such a seat plays
                // nothing and the harness reports that it has no agent.
                .filter_map(|n| tabula_play::agents::build(&*game, n).ok())
                .collect()
        };
        let empty = collectors.clone();
        let meter = io.progress.clone();
        let run = crate::shard::simulation::<G, _>(&mut io.shard, sim, o.shard, empty, |sim| {
            let progress = meter.start_run(&Run::new(
                "simulation",
                crate::shard::part_games(sim),
                "games",
            ));
            let run = sim.run_on((self.paths)(), &*game, make, collectors, &|d| {
                progress.tick(d)
            })?;
            drop(progress);
            Ok(run)
        })?;
        let (standing, steps, chance, moves) = run.collector;
        let mut exact_note = None;
        // The game's own solver, where it has one for these agents.
        let asked = (o.max_states > 0)
            .then(|| self.extension.exact_chances(&game, &p, &names))
            .flatten();
        let own = match asked {
            Some(Ok(chances)) => Some(chances),
            Some(Err(e)) => {
                exact_note = Some(format!("not solved exactly: {e}"));
                None
            }
            None => None,
        };
        let exact = match (self.exact)() {
            _ if o.max_states == 0 || own.is_some() || exact_note.is_some() => None,
            None => {
                exact_note = Some("the game's state is not hashable, so it is not solved".into());
                None
            }
            Some(hooks) => {
                let args = PolicyArgs {
                    agents: names.clone(),
                    max_states: o.max_states,
                };
                match (hooks.analyze)(&game, G::NAME, &args) {
                    Ok(r) => Some(r),
                    Err(e) => {
                        exact_note = Some(format!("not solved exactly: {e}"));
                        None
                    }
                }
            }
        };
        let seats = (0..game.seats())
            .map(|s| {
                let (win_share, win_se) = standing.win_share(s);
                let (mean_score, score_se) = standing.mean_score(s);
                let (mean_rank, rank_se) = standing.mean_rank(s);
                let e = exact.as_ref().and_then(|e| e.seats.get(s));
                SeatLine {
                    seat: s + 1,
                    agent: names.get(s).cloned().unwrap_or_default(),
                    wins: standing.seat(s).wins,
                    win_share,
                    win_share_std_error: win_se,
                    ties: standing.seat(s).ties,
                    mean_score,
                    mean_score_std_error: score_se,
                    mean_rank,
                    mean_rank_std_error: rank_se,
                    exact_win: e.map(|e| e.win),
                    exact_tie: e.map(|e| e.tie),
                    exact_score: e.map(|e| e.score),
                    exact_rank: e.map(|e| e.rank),
                }
            })
            .map(|mut line| {
                if let Some(c) = own.as_ref().and_then(|own| own.get(line.seat - 1)) {
                    line.exact_win = Some(c.win);
                    line.exact_tie = Some(c.shared_first);
                    line.exact_score = c.score;
                }
                line
            })
            .collect();
        let has_moves = moves.max().unwrap_or(0) > 0;
        let mut report = SimulateReport {
            variant: Variant::of::<G>(&p)?,
            agents: names,
            games: run.games,
            seed: run.seed,
            threads: run.threads,
            wall_time_s: run.wall_time.as_secs_f64(),
            finished: standing.finished(),
            capped: standing.capped(),
            seats,
            steps: steps.summary(),
            chance_steps: chance.summary(),
            moves: if has_moves { moves.summary() } else { None },
            exact_steps_pmf: exact.as_ref().map(|e| e.steps_pmf.clone()),
            exact_mean_steps: exact.as_ref().map(|e| e.mean_steps),
            exact_note,
            extra: Extra::default(),
        };
        self.extension.simulate(&game, &p, &mut report);
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
        pictures.extend(self.extra.pictures.iter().cloned());
        pictures
    }
}
