//! `tabula bearoff backgammon`: the bear-off databases, asked about one
//! position (and a race against another).

use std::fmt::Write as _;

use serde::Serialize;
use tabula_registry::picture::{Drawing, Picture};
use tabula_registry::{Error, Io, Report, pretty};

use crate::bearoff::{BearOff, Home};
use crate::notation::format_turn;
use crate::race::Race;

/// The most checkers a side the `--against` race is solved for here:
/// eleven a side is 306 million states, 2.3 GiB of values, the most that
/// fits in 4 GiB (twelve would take 5.1 GiB); see the race's
/// [module docs](crate::race) for the time.
pub const RACE_CHECKERS: u8 = 11;

tabula_registry::arguments! {
    /// The options of `tabula bearoff backgammon`.
    #[derive(Clone, Debug)]
    pub struct BearOffArgs {
        /// The side's checkers on its points 1 to 6, comma-separated (up to
        /// 15 in all); the database solved is every position of that many
        /// checkers or fewer.
        #[arg(long, default_value = "2,2,2,3,3,3", value_name = "N1,...,N6")]
        pub position: String,
        /// The best turn with this roll (`6-1`).
        #[arg(long, value_name = "A-B")]
        pub roll: Option<String>,
        /// Race against these checkers (the other side's points 1 to 6): the
        /// chance that the side to roll, with --position, wins, and its best
        /// turn with --roll, from the two-sided database of as many checkers
        /// a side as the side with more has (up to 11; solved for each
        /// command: 6 a side takes about a second, 11 about 200 s of CPU
        /// and 2.3 GiB of memory).
        #[arg(long, value_name = "N1,...,N6")]
        pub against: Option<String>,
    }
}

/// What `tabula bearoff backgammon` reports.
#[derive(Clone, Debug, Serialize)]
pub struct BearOffReport {
    /// The position, the 1 point first.
    pub position: [u8; 6],
    /// Its pip count.
    pub pips: u32,
    /// Positions in the one-sided database solved (every position of as
    /// many checkers or fewer, the empty one included).
    pub database_positions: usize,
    /// The expected number of rolls to bear off with the play that
    /// minimises it.
    pub expected_rolls: f64,
    /// `[n]`: the chance of taking exactly n rolls with that play.
    pub rolls_pmf: Vec<f64>,
    /// The roll asked about and the best turn with it (one-sided).
    pub best_turn: Option<(String, String)>,
    /// The race asked about.
    pub race: Option<RaceLine>,
}

/// The two-sided answer.
#[derive(Clone, Debug, Serialize)]
pub struct RaceLine {
    /// The other side's checkers.
    pub against: [u8; 6],
    /// Positions a side in the two-sided database.
    pub positions_per_side: usize,
    /// The chance that the side to roll (with `position`) wins.
    pub win: f64,
    /// The best turn with the roll asked about, and the chance after it.
    pub best_turn: Option<(String, f64)>,
}

fn read_home(text: &str) -> Result<Home, Error> {
    let counts: Vec<u8> = text
        .split(',')
        .map(|n| n.trim().parse::<u8>())
        .collect::<Result<_, _>>()
        .map_err(|_| format!("{text:?}: write six counts, the 1 point first, as 2,2,2,3,3,3"))?;
    let counts: [u8; 6] = counts
        .try_into()
        .map_err(|_| format!("{text:?}: write six counts, one for each home point"))?;
    let home = Home(counts);
    if home.count() == 0 || home.count() > 15 {
        return Err(format!(
            "{text:?}: a side has 1 to 15 checkers, not {}",
            home.count()
        )
        .into());
    }
    Ok(home)
}

fn read_roll(text: &str) -> Result<[u8; 2], Error> {
    let bad = || format!("{text:?}: write a roll as 6-1");
    let (a, b) = text.split_once('-').ok_or_else(bad)?;
    let (a, b) = (a.trim().parse::<u8>(), b.trim().parse::<u8>());
    match (a, b) {
        (Ok(a), Ok(b)) if (1..=6).contains(&a) && (1..=6).contains(&b) => Ok([a.max(b), a.min(b)]),
        _ => Err(bad().into()),
    }
}

/// `tabula bearoff backgammon`.
pub fn command(args: BearOffArgs, _: &mut Io<'_>) -> Result<Box<dyn Report>, Error> {
    let home = read_home(&args.position)?;
    let roll = args.roll.as_deref().map(read_roll).transpose()?;
    // Every option checked before anything is solved: a race too large is
    // refused at once, not after the one-sided database.
    let against = match &args.against {
        Some(text) => {
            let other = read_home(text)?;
            let n = home.count().max(other.count());
            if n > RACE_CHECKERS {
                return Err(format!(
                    "the race is solved here for up to {RACE_CHECKERS} checkers a side, not {n}"
                )
                .into());
            }
            Some((other, n))
        }
        None => None,
    };
    let db = BearOff::new(home.count()).solve()?;
    let missing = || "the position is not in the database".to_string();
    let best_turn = match roll {
        Some(dice) => {
            let t = db.best_turn(&home, dice).ok_or_else(missing)?;
            Some((
                format!("{}-{}", dice[0], dice[1]),
                format_turn(&home.position(), 0, &t),
            ))
        }
        None => None,
    };
    let race = match against {
        Some((other, n)) => {
            let race = Race::new(n).solve()?;
            let win = race.win(&home, &other).ok_or_else(missing)?;
            let best_turn = match roll {
                Some(dice) => {
                    let (t, chance) = race.best_turn(&home, &other, dice).ok_or_else(missing)?;
                    Some((format_turn(&home.position(), 0, &t), chance))
                }
                None => None,
            };
            Some(RaceLine {
                against: other.0,
                positions_per_side: race.game().positions(),
                win,
                best_turn,
            })
        }
        None => None,
    };
    Ok(Box::new(BearOffReport {
        position: home.0,
        pips: home.pips(),
        database_positions: db.game().positions().len(),
        expected_rolls: db.expected(&home).ok_or_else(missing)?,
        rolls_pmf: db.distribution(&home).ok_or_else(missing)?.to_vec(),
        best_turn,
        race,
    }))
}

fn list(counts: &[u8; 6]) -> String {
    counts.map(|c| c.to_string()).join(",")
}

impl Report for BearOffReport {
    fn title(&self) -> String {
        format!("Backgammon bear-off of {}", list(&self.position))
    }

    fn text(&self) -> String {
        let mut out = String::new();
        let _ = writeln!(
            out,
            "Bear-off of {} (points 1 to 6), {} pips; one-sided database of {} positions.",
            list(&self.position),
            self.pips,
            self.database_positions
        );
        let _ = writeln!(
            out,
            "Expected rolls to bear off, played to minimise them: {:.6}",
            self.expected_rolls
        );
        let _ = writeln!(out, "  rolls  chance      at most");
        let mut total = 0.0;
        for (n, p) in self.rolls_pmf.iter().enumerate() {
            total += p;
            if *p >= 5e-7 {
                let _ = writeln!(out, "  {n:>5}  {p:.6}  {total:.6}");
            }
        }
        if let Some((roll, turn)) = &self.best_turn {
            let _ = writeln!(out, "Best play of {roll}: {turn}");
        }
        if let Some(r) = &self.race {
            let _ = writeln!(
                out,
                "Race against {} (two-sided database, {} positions a side): the side to roll wins {:.6}",
                list(&r.against),
                r.positions_per_side,
                r.win
            );
            if let Some((turn, chance)) = &r.best_turn {
                let _ = writeln!(out, "  best play in the race: {turn}, then {chance:.6}");
            }
        }
        out
    }

    fn json(&self) -> Result<String, Error> {
        pretty(self)
    }

    /// The position (and the other side's, in a race) on the board.
    fn pictures(&self) -> Vec<Picture> {
        let mut position = Home(self.position).position();
        let mut title = format!("X to roll, {} pips", self.pips);
        if let Some(r) = &self.race {
            let other = Home(r.against);
            position.checkers[1] = other.position().checkers[0];
            let _ = write!(title, " against O's {}: X wins {:.4}", other.pips(), r.win);
        }
        vec![Picture {
            name: "position".into(),
            title: title.clone(),
            drawing: Drawing::Svg(crate::picture::svg(&position, &title)),
        }]
    }
}

/// Backgammon's exact answers, registered with the framework: the whole
/// game with agents in the seats while its chain fits under
/// `--max-states` (the framework's chain), and past it a refusal that
/// names what is solved exactly, the bear-off numbering of `tabula
/// bearoff backgammon` (one side's positions, and a race of both sides
/// home), since no limit makes the whole game fit. It makes the search
/// agents' bear-off database too ([`Query::Solved`](tabula_registry::Query::Solved)
/// `bearoff`, kept in the one cache).
pub struct BearOffSolve;

impl tabula_registry::Solve<crate::Backgammon> for BearOffSolve {
    fn name(&self) -> &'static str {
        "bear-off numbering"
    }

    fn answers(
        &self,
        _: &crate::Backgammon,
        _: &crate::game::BackgammonParams,
        query: &tabula_registry::Query<'_>,
    ) -> bool {
        match query {
            tabula_registry::Query::Distribution { lengths, .. } => *lengths,
            tabula_registry::Query::Solved { what } => *what == crate::agents::BEAROFF,
            _ => false,
        }
    }

    fn solve(
        &self,
        game: &crate::Backgammon,
        p: &crate::game::BackgammonParams,
        query: &tabula_registry::Query<'_>,
        within: &tabula_registry::solve::Within<'_>,
    ) -> Result<tabula_registry::Answer<crate::Backgammon>, Error> {
        use tabula_registry::exact::{PolicyArgs, PolicyError};
        if let tabula_registry::Query::Solved { .. } = query {
            // The search agents' bear-off database (15 checkers).
            let db = crate::bearoff::BearOff::new(15).solve()?;
            return Ok(tabula_registry::Answer::Solved(std::sync::Arc::new(db)));
        }
        let tabula_registry::Query::Distribution { agents, .. } = query else {
            return Err(tabula_registry::solve::unsupported(self.name(), query));
        };
        let spec = tabula_core::params::spec("backgammon", p);
        let args = PolicyArgs {
            agents: agents.to_vec(),
            max_states: within.max_states,
        };
        match tabula_registry::exact::analyze_agents_within(game, &spec, &args, &within.budget) {
            Ok(solution) => Ok(tabula_registry::Answer::Distribution(
                tabula_registry::solve::Distribution {
                    solution: Some(solution),
                    ..Default::default()
                },
            )),
            Err(PolicyError::TooLarge { limit, .. }) => Err(format!(
                "the whole game of backgammon is too large to solve exactly: its chain passed {limit} states (--max-states {limit}), and it has far more positions than any limit holds. \
What is solved exactly is the bear-off: `tabula bearoff backgammon --position 0,0,1,2,2,3` gives a side's expected rolls and best play, and `--against N1,...,N6` both sides' chances in a race home (up to 11 checkers a side); `tabula simulate backgammon` samples whole games"
            )
            .into()),
            Err(e) => Err(e.into()),
        }
    }
}

// The browser's forms (`tabula_registry::form_start`): no values make the
// whole game's `analyze` run, so the index offers `bearoff` in its place.
tabula_registry::inventory::submit! {
    tabula_registry::form_start::FormStart {
        game: "backgammon",
        verb: "analyze",
        values: &[],
        note: "The whole game of backgammon is too large to solve exactly. What is solved exactly is the bear-off: a side's expected rolls and best play, and both sides' chances in a race home.",
        instead: Some("bearoff"),
    }
}
