//! The specification's evaluation: every entrant sails every scenario (the
//! twelve built-in ones, or the courses given), each scenario on the
//! same weather for every entrant (its wind draws come from the run's
//! seed and the scenario's number alone), and the table ranks them as
//! the specification's does: race time, execution time in milliseconds, score =
//! race time + milliseconds, marks navigated. A race not finished within
//! its time limit, or forfeited, counts the time limit and the marks it
//! passed.
//!
//! ```
//! use tabula_cruising::race::{Race, run};
//!
//! let race = Race { agents: vec!["vmc".into(), "straight".into()], scenarios: vec![5], seed: 7, threads: Some(1), timed: false, ..Race::default() };
//! let report = run(&race)?;
//! assert_eq!(report.entrants[0].name, "vmc");
//! assert_eq!(report.entrants[0].marks, 4);
//! # Ok::<_, tabula_registry::Error>(())
//! ```

use std::fmt::Write as _;

use rayon::prelude::*;
use serde::Serialize;
use tabula_core::text::count;
use tabula_core::{BoardGame, Streams};
use tabula_play::record::Step;
use tabula_play::referee::Referee;
use tabula_registry::picture::Picture;
use tabula_registry::picture::plane::{Arrow, Place, Plane, Track};
use tabula_registry::{Error, Io, Report};

use crate::angle::Position;
use crate::course::{self, Course};
use crate::game::{Cruising, CruisingParams, Event, State};

tabula_registry::arguments! {
    /// The options of `tabula race cruising`.
    #[derive(Clone, Debug)]
    pub struct RaceArgs {
        /// The entrants: agent names, comma-separated (`tabula list` shows
        /// them).
        #[arg(long, value_delimiter = ',', num_args = 1.., default_value = "cooper,vmc,straight", value_name = "AGENTS")]
        pub agents: Vec<String>,
        /// Race on this course file (RON) instead of the twelve scenarios;
        /// repeat for several.
        #[arg(long = "course", value_name = "FILE")]
        pub courses: Vec<String>,
        /// The seed of the wind: the same seed, the same weather and the same
        /// race times.
        #[arg(long, default_value_t = tabula_registry::DEFAULT_SEED)]
        pub seed: u64,
        /// Worker threads (default: all cores); the race times do not depend
        /// on them.
        #[arg(long, range = 1..=1024)]
        pub threads: Option<u16>,
        /// Count no execution time (milliseconds 0, score = race time), so
        /// that the whole table is the same on every run.
        #[arg(long)]
        pub untimed: bool,
        /// The race whose paths the picture shows, from 1.
        #[arg(long, default_value_t = 1, value_name = "N", range = 1..)]
        pub picture: u32,
        /// The two entrants whose paths the picture shows (default: the two
        /// best).
        #[arg(long, value_delimiter = ',', value_name = "AGENTS")]
        pub paths: Vec<String>,
    }
}

/// A race to run: what [`RaceArgs`] say, as a library call.
#[derive(Clone, Debug)]
pub struct Race {
    /// The entrants' agent names.
    pub agents: Vec<String>,
    /// The built-in scenarios to sail (used when `courses` is empty).
    pub scenarios: Vec<u32>,
    /// Course files to sail instead.
    pub courses: Vec<String>,
    /// The seed of the wind.
    pub seed: u64,
    /// Worker threads.
    pub threads: Option<usize>,
    /// Whether to count execution time.
    pub timed: bool,
    /// The race whose paths are drawn, from 1.
    pub picture: usize,
    /// The entrants drawn (the two best if empty).
    pub paths: Vec<String>,
}

impl Default for Race {
    fn default() -> Race {
        Race {
            agents: vec!["cooper".into(), "vmc".into(), "straight".into()],
            scenarios: (1..=course::SCENARIOS).collect(),
            courses: Vec::new(),
            seed: tabula_registry::DEFAULT_SEED,
            threads: None,
            timed: true,
            picture: 1,
            paths: Vec::new(),
        }
    }
}

/// One entrant's race on one course.
#[derive(Clone, Debug, Serialize)]
pub struct Leg {
    /// Seconds, or the time limit if not finished.
    pub race_time: f64,
    /// Milliseconds spent in the entrant's calls.
    pub ms: f64,
    /// Marks passed.
    pub marks: usize,
    /// Marks on the course.
    pub of: usize,
    /// Whether it passed every mark.
    pub finished: bool,
    /// Tacks made.
    pub tacks: u32,
    /// Why the entrant forfeited, if it did.
    pub forfeit: Option<String>,
}

/// One entrant's line of the table.
#[derive(Clone, Debug, Serialize)]
pub struct EntrantLine {
    /// The agent's name.
    pub name: String,
    /// Race time over all courses, in seconds.
    pub race_time: f64,
    /// Execution time over all courses, in milliseconds.
    pub ms: f64,
    /// `race_time + ms`, lower is better.
    pub score: f64,
    /// Marks navigated over all courses.
    pub marks: usize,
    /// Each course's race, in order.
    pub races: Vec<Leg>,
}

/// A boat's path on one course, for the picture.
#[derive(Clone, Debug)]
pub struct Path {
    /// The entrant.
    pub name: String,
    /// Where the boat was at the start and after each interval.
    pub points: Vec<Position>,
    /// Where it tacked.
    pub tacks: Vec<Position>,
}

/// The table of the specification's evaluation.
#[derive(Clone, Debug, Serialize)]
pub struct RaceReport {
    /// The seed of the wind.
    pub seed: u64,
    /// Whether execution time was counted.
    pub timed: bool,
    /// The courses, in order.
    pub courses: Vec<String>,
    /// Marks on all courses together.
    pub marks_possible: usize,
    /// The entrants, best score first.
    pub entrants: Vec<EntrantLine>,
    /// The course of the picture, its marks and paths.
    #[serde(skip)]
    pub picture: Option<(Cruising, Vec<Path>)>,
}

/// The games of a race: the course files, or the scenarios.
fn games(race: &Race) -> Result<Vec<Cruising>, Error> {
    if race.courses.is_empty() {
        race.scenarios
            .iter()
            .map(|&n| Ok(Cruising::scenario(n)?))
            .collect()
    } else {
        race.courses
            .iter()
            .map(|path| {
                let params = CruisingParams {
                    scenario: 1,
                    course: path.clone(),
                };
                Ok(Cruising::new(params, Course::read(path)?))
            })
            .collect()
    }
}

/// Sails one race, keeping its steps if asked.
fn sail(
    game: &Cruising,
    agent: &str,
    seed: u64,
    index: u64,
    timed: bool,
    keep: bool,
) -> Result<(Leg, Option<Path>), Error> {
    let mut agents = vec![tabula_play::agents::build(game, agent)?];
    let intervals = (game.course().time_limit / game.course().interval).ceil() as u32;
    let referee = Referee::new()
        .with_exact_call_times(true)
        .with_keep_steps(keep)
        .with_max_steps(intervals.saturating_mul(2).saturating_add(4));
    let played = referee.play_on(
        tabula_play::paths!(Cruising),
        game,
        &mut agents,
        &mut Streams::new(seed, index),
        &mut (),
    );
    let s = &played.state;
    let forfeit = played.forfeit.as_ref().map(|f| {
        format!(
            "at {:.0} s: {}",
            game.time(s),
            match &f.fault {
                tabula_play::referee::Fault::Illegal(m) => format!("illegal helm {m}"),
                other => format!("{other:?}"),
            }
        )
    });
    let finished = s.finish.is_some() && forfeit.is_none();
    let leg = Leg {
        race_time: if finished {
            game.race_time(s)
        } else {
            game.course().time_limit
        },
        ms: if timed {
            played.time[0].as_secs_f64() * 1000.0
        } else {
            0.0
        },
        marks: s.marks,
        of: game.course().marks.len(),
        finished,
        tacks: s.tacks,
        forfeit,
    };
    let path = keep.then(|| path_of(game, agent, &played.steps));
    Ok((leg, path))
}

/// The path of a race from its steps.
fn path_of(
    game: &Cruising,
    name: &str,
    steps: &[Step<crate::game::Helm, crate::game::Gust>],
) -> Path {
    let mut state: State = game.initial_state();
    let mut points = vec![state.position];
    let mut tacks = Vec::new();
    for step in steps {
        match step {
            Step::Chance(g) => game.apply_chance(&mut state, *g, &mut |_| {}),
            Step::Move { mv, .. } => {
                game.apply_move(&mut state, *mv, &mut |e| {
                    if let Event::Tack { at } = e {
                        tacks.push(at);
                    }
                });
                points.push(state.position);
            }
        }
    }
    Path {
        name: name.to_string(),
        points,
        tacks,
    }
}

/// Runs the evaluation.
pub fn run(race: &Race) -> Result<RaceReport, Error> {
    let games = games(race)?;
    if games.is_empty() {
        return Err("no courses to race on".into());
    }
    if race.agents.is_empty() {
        return Err("no entrants: name at least one agent with --agents".into());
    }
    for name in race.agents.iter().chain(&race.paths) {
        tabula_play::agents::build(&games[0], name)?;
    }
    let picture = race.picture.max(1) - 1;
    if picture >= games.len() {
        return Err(format!(
            "--picture {}: there are only {} races",
            race.picture,
            games.len()
        )
        .into());
    }
    let jobs: Vec<(usize, usize)> = (0..race.agents.len())
        .flat_map(|a| (0..games.len()).map(move |g| (a, g)))
        .collect();
    let work = || {
        jobs.par_iter()
            .map(|&(a, g)| {
                sail(
                    &games[g],
                    &race.agents[a],
                    race.seed,
                    g as u64,
                    race.timed,
                    g == picture,
                )
            })
            .collect::<Result<Vec<_>, Error>>()
    };
    let done = match race.threads {
        Some(n) => rayon::ThreadPoolBuilder::new()
            .num_threads(n)
            .build()?
            .install(work)?,
        None => work()?,
    };
    let mut entrants = Vec::new();
    let mut paths = Vec::new();
    for (a, name) in race.agents.iter().enumerate() {
        let mine = &done[a * games.len()..(a + 1) * games.len()];
        let races: Vec<Leg> = mine.iter().map(|(leg, _)| leg.clone()).collect();
        let race_time: f64 = races.iter().map(|l| l.race_time).sum();
        let ms: f64 = races.iter().map(|l| l.ms).sum();
        entrants.push(EntrantLine {
            name: name.clone(),
            race_time,
            ms,
            score: race_time + ms,
            marks: races.iter().map(|l| l.marks).sum(),
            races,
        });
        if let Some(path) = mine.get(picture).and_then(|(_, p)| p.clone()) {
            paths.push(path);
        }
    }
    entrants.sort_by(|a, b| {
        a.score
            .total_cmp(&b.score)
            .then_with(|| a.name.cmp(&b.name))
    });
    let shown: Vec<String> = if race.paths.is_empty() {
        entrants.iter().take(2).map(|e| e.name.clone()).collect()
    } else {
        race.paths.clone()
    };
    let mut drawn = Vec::new();
    for name in &shown {
        match paths.iter().find(|p| &p.name == name) {
            Some(p) => drawn.push(p.clone()),
            None => {
                // An entrant drawn but not racing: sail it on the picture's course.
                let (_, p) = sail(
                    &games[picture],
                    name,
                    race.seed,
                    picture as u64,
                    false,
                    true,
                )?;
                drawn.extend(p);
            }
        }
    }
    Ok(RaceReport {
        seed: race.seed,
        timed: race.timed,
        courses: games.iter().map(|g| g.course().name.clone()).collect(),
        marks_possible: games.iter().map(|g| g.course().marks.len()).sum(),
        entrants,
        picture: Some((games[picture].clone(), drawn)),
    })
}

/// `tabula race cruising`.
pub fn command(args: RaceArgs, _: &mut Io<'_>) -> Result<Box<dyn Report>, Error> {
    let race = Race {
        agents: args.agents,
        scenarios: (1..=course::SCENARIOS).collect(),
        courses: args.courses,
        seed: args.seed,
        threads: args.threads.map(usize::from),
        timed: !args.untimed,
        picture: args.picture as usize,
        paths: args.paths,
    };
    Ok(Box::new(run(&race)?))
}

impl Report for RaceReport {
    fn title(&self) -> String {
        format!(
            "Caribbean Cruising: {}, {}, seed {}",
            count(self.entrants.len(), "entrant"),
            count(self.courses.len(), "race"),
            self.seed
        )
    }

    fn text(&self) -> String {
        let mut out = String::new();
        let _ = writeln!(
            out,
            "{} of {} in all, wind seed {}{}.",
            count(self.courses.len(), "race"),
            count(self.marks_possible, "mark"),
            self.seed,
            if self.timed {
                ""
            } else {
                ", execution time not counted"
            }
        );
        let width = self
            .entrants
            .iter()
            .map(|e| e.name.len())
            .max()
            .unwrap_or(4)
            .max(4);
        let _ = writeln!(
            out,
            "\n{:<width$} | {:>10} | {:>11} | {:>10} | {:>5}",
            "Name", "Race Time", "Time(msecs)", "Score", "Marks"
        );
        for e in &self.entrants {
            let _ = writeln!(
                out,
                "{:<width$} | {:>10.1} | {:>11.1} | {:>10.1} | {:>5}",
                e.name, e.race_time, e.ms, e.score, e.marks
            );
        }
        let _ = writeln!(
            out,
            "\nRace time in seconds per race (marks passed if not all):"
        );
        for (i, course) in self.courses.iter().enumerate() {
            let _ = write!(out, "  {course}:");
            for e in &self.entrants {
                if let Some(l) = e.races.get(i) {
                    let _ = write!(out, " {} {:.1}", e.name, l.race_time);
                    if !l.finished {
                        let _ = write!(out, " ({} of {} marks)", l.marks, l.of);
                    }
                    if l.forfeit.is_some() {
                        let _ = write!(out, " forfeit");
                    }
                    let _ = write!(out, ";");
                }
            }
            out.pop();
            out.push('\n');
        }
        for e in &self.entrants {
            for (i, l) in e.races.iter().enumerate() {
                if let Some(f) = &l.forfeit {
                    let _ = writeln!(out, "{} forfeited race {} {f}", e.name, i + 1);
                }
            }
        }
        out
    }

    fn json(&self) -> Result<String, Error> {
        tabula_registry::pretty(self)
    }

    fn pictures(&self) -> Vec<Picture> {
        let Some((game, paths)) = &self.picture else {
            return Vec::new();
        };
        vec![paths_picture(game, paths)]
    }
}

/// The paths of some entrants on one course, with its marks, the wind at
/// the start and the tacks.
pub fn paths_picture(game: &Cruising, paths: &[Path]) -> Picture {
    let c = game.course();
    let wind = game.wind(&game.initial_state());
    let mut places = Vec::new();
    if !c.marks.contains(&c.start) {
        places.push(Place {
            label: "start".into(),
            at: (c.start.x, c.start.y),
            radius: 0.0,
        });
    }
    places.extend(c.marks.iter().enumerate().map(|(i, m)| Place {
        label: if *m == c.start {
            format!("{} (start)", i + 1)
        } else {
            format!("{}", i + 1)
        },
        at: (m.x, m.y),
        radius: c.tolerance,
    }));
    let plane = Plane {
        tracks: paths
            .iter()
            .map(|p| Track {
                label: p.name.clone(),
                points: p.points.iter().map(|q| (q.x, q.y)).collect(),
                markers: p.tacks.iter().map(|q| (q.x, q.y)).collect(),
            })
            .collect(),
        places,
        arrow: Some(Arrow {
            label: format!(
                "wind {:.0} from {:.0}°",
                wind.speed,
                wind.from_bearing().to_degrees().rem_euclid(360.0)
            ),
            bearing: wind.direction,
        }),
        markers_label: "tacks".into(),
    };
    let names: Vec<&str> = paths.iter().map(|p| p.name.as_str()).collect();
    plane.picture(
        "paths",
        &format!("{}: {}", c.name, names.join(" and ")),
        640,
    )
}
