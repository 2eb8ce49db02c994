//! Coin race's commands: `tabula simulate coin-race` (with pictures),
//! `tabula analyze coin-race`, and the framework's play services:
//! `tournament`, `play` and `replay`, registered in [`COMMANDS`].

use std::fmt::Write as _;

use tabula::app::clap::{self, Args};
use tabula::app::play::{RecordArgs, ScoringArg, TournamentArgs, run_tournament};
use tabula::app::{Command, Error, Io, Report, Typed};
use tabula::core::text::group;
use tabula::plot::chart::{Bar, Distribution, Mark, bars};
use tabula::plot::{Picture, PlotError};
use tabula::sim::{LengthOf, Lengths, Simulation, Wins};

use crate::{CoinRace, Exact, MAX_PLAYERS, MAX_SQUARES, NAME, solve};

/// The commands coin race registers.
pub static COMMANDS: &[&dyn Command] = &[
    &Typed::report(
        "simulate",
        "coin race: sampled flips per game and wins, beside the exact mean",
        simulate,
    )
    .with_pictures(),
    &Typed::report(
        "analyze",
        "coin race: exact win probabilities and flips per game",
        analyze,
    ),
    &Typed::report(
        "tournament",
        "coin race with choices: every pairing of agents in every seating",
        tournament,
    ),
    &Typed::interactive(
        "play",
        "coin race with choices: play against an agent at the terminal",
        play,
    ),
    &Typed::interactive(
        "replay",
        tabula::app::play::REPLAY_ABOUT,
        tabula::app::play::replay::<CoinRace>,
    ),
];

/// The race: what `simulate` and `analyze` share.
#[derive(Debug, Args)]
pub struct RaceArgs {
    /// The finishing square: a token that reaches it (or passes it) wins.
    #[arg(long, default_value_t = 10,
          value_parser = clap::value_parser!(u32).range(1..=i64::from(MAX_SQUARES)))]
    pub squares: u32,
    /// Players, one token each, flipping in turn.
    #[arg(long, default_value_t = 2,
          value_parser = clap::value_parser!(u8).range(1..=MAX_PLAYERS as i64))]
    pub players: u8,
}

impl RaceArgs {
    fn game(&self) -> Result<CoinRace, Error> {
        Ok(CoinRace::new(self.squares, usize::from(self.players))?)
    }
}

/// Options of `tabula simulate coin-race`.
#[derive(Debug, Args)]
#[command(after_help = "Example: tabula simulate coin-race --squares 10 --games 10000 --seed 7")]
pub struct SimulateArgs {
    /// The race.
    #[command(flatten)]
    pub race: RaceArgs,
    /// Games to simulate.
    #[arg(long, default_value_t = 10_000, value_parser = clap::value_parser!(u64).range(1..))]
    pub games: u64,
    /// Seed that fixes the whole run.
    #[arg(long, default_value_t = tabula::app::DEFAULT_SEED)]
    pub seed: u64,
    /// Worker threads [default: one per core]; the numbers do not depend on it.
    #[arg(long, value_parser = clap::value_parser!(u16).range(1..=1024))]
    pub threads: Option<u16>,
}

/// What `tabula simulate coin-race` reports.
#[derive(Debug, serde::Serialize)]
pub struct Simulated {
    /// Always `coin-race`.
    pub game: &'static str,
    /// The finishing square.
    pub squares: u32,
    /// Players.
    pub players: usize,
    /// Games played.
    pub games: u64,
    /// The run's seed.
    pub seed: u64,
    /// Mean flips per game.
    pub mean_flips: f64,
    /// Standard error of the mean.
    pub std_error: f64,
    /// Fewest flips in a game.
    pub min_flips: u32,
    /// Most flips in a game.
    pub max_flips: u32,
    /// Most common number of flips.
    pub mode_flips: u32,
    /// Median number of flips.
    pub median_flips: u32,
    /// Games won by each player.
    pub wins: Vec<u64>,
    /// `[flips, games]` for every number of flips seen.
    pub histogram: Vec<(u32, u64)>,
    /// The exact answers, for comparison.
    pub exact: Exact,
}

fn simulate(args: SimulateArgs, _: &mut Io<'_>) -> Result<Box<dyn Report>, Error> {
    let game = args.race.game()?;
    let mut sim = Simulation::new(args.games).seed(args.seed);
    if let Some(t) = args.threads {
        sim = sim.threads(usize::from(t));
    }
    let run = sim.run(
        &game,
        (
            Lengths::new(LengthOf::ChanceSteps),
            Wins::new(game.players()),
        ),
    )?;
    let (lengths, wins) = run.collector;
    Ok(Box::new(Simulated {
        game: NAME,
        squares: game.squares(),
        players: game.players(),
        games: lengths.games(),
        seed: args.seed,
        mean_flips: lengths.mean(),
        std_error: lengths.std_error(),
        min_flips: lengths.min().unwrap_or(0),
        max_flips: lengths.max().unwrap_or(0),
        mode_flips: lengths.mode().unwrap_or(0),
        median_flips: lengths.median().unwrap_or(0),
        wins: wins.wins().to_vec(),
        histogram: lengths.histogram().collect(),
        exact: solve(&game)?,
    }))
}

impl Report for Simulated {
    fn title(&self) -> String {
        format!(
            "coin race to square {}: {} games",
            self.squares,
            group(self.games)
        )
    }

    fn text(&self) -> String {
        let mut out = String::new();
        let _ = writeln!(
            out,
            "Coin race to square {}, {} player(s): {} games, seed {}",
            self.squares,
            self.players,
            group(self.games),
            self.seed
        );
        let _ = writeln!(
            out,
            "  flips per game: mean {:.4} (standard error {:.4}; exact {:.4}), min {}, max {}, mode {}, median {}",
            self.mean_flips,
            self.std_error,
            self.exact.mean_flips,
            self.min_flips,
            self.max_flips,
            self.mode_flips,
            self.median_flips
        );
        for (seat, (&w, &p)) in self
            .wins
            .iter()
            .zip(&self.exact.win_probability)
            .enumerate()
        {
            let _ = writeln!(
                out,
                "  player {}: {} wins ({:.2}%; exact {:.2}%)",
                seat + 1,
                group(w),
                100.0 * w as f64 / self.games as f64,
                100.0 * p
            );
        }
        out
    }

    fn json(&self) -> Result<String, Error> {
        tabula::app::pretty(self)
    }

    fn pictures(&self) -> Result<Vec<Picture>, PlotError> {
        let flips = Distribution {
            title: format!(
                "Flips per game: {} games sampled, exact distribution overlaid",
                group(self.games)
            ),
            x_label: "flips per game".into(),
            sampled: self.histogram.clone(),
            exact: Some(self.exact.pmf.clone()),
            marks: vec![Mark {
                label: format!("mean {:.2}", self.mean_flips),
                x: self.mean_flips,
            }],
            show_share: 1.0,
        }
        .picture("flips", (900, 480))?;
        let games = self.games as f64;
        let seats: Vec<Bar> = self
            .wins
            .iter()
            .enumerate()
            .map(|(i, &w)| {
                let p = w as f64 / games;
                Bar {
                    label: format!("player {}", i + 1),
                    value: Some(p),
                    std_error: Some((p * (1.0 - p) / games).sqrt()),
                    exact: self.exact.win_probability.get(i).copied(),
                }
            })
            .collect();
        let wins = bars(
            "wins",
            "Each player's chance of winning",
            "games won",
            &seats,
        )?;
        Ok(vec![flips, wins])
    }
}

/// Options of `tabula analyze coin-race`.
#[derive(Debug, Args)]
#[command(
    after_help = "Solves the race exactly: every reachable position of the tokens, walked as a Markov chain."
)]
pub struct AnalyzeArgs {
    /// The race.
    #[command(flatten)]
    pub race: RaceArgs,
    /// With --agents: the race with a choice before each flip, solved
    /// with these agents' policies in the seats.
    #[command(flatten)]
    pub policies: tabula::app::exact::PolicyArgs,
}

fn analyze(args: AnalyzeArgs, _: &mut Io<'_>) -> Result<Box<dyn Report>, Error> {
    let game = args.race.game()?;
    if args.policies.agents.is_empty() {
        return Ok(Box::new(solve(&game)?));
    }
    let game = game.with_choices(true);
    Ok(Box::new(tabula::app::exact::analyze_agents(
        &game,
        NAME,
        &args.policies,
    )?))
}

impl Report for Exact {
    fn title(&self) -> String {
        format!("coin race to square {}: exact answers", self.squares)
    }

    fn text(&self) -> String {
        let mut out = String::new();
        let _ = writeln!(
            out,
            "Coin race to square {}, {} player(s), solved exactly ({} states, {} transitions):",
            self.squares, self.players, self.states, self.transitions
        );
        for (seat, p) in self.win_probability.iter().enumerate() {
            let _ = writeln!(out, "  player {} wins with probability {p:.12}", seat + 1);
        }
        let _ = writeln!(
            out,
            "  flips per game: mean {:.12}, variance {:.12}, min {}, mode {}, median {}",
            self.mean_flips,
            self.variance_flips,
            self.min_flips,
            self.mode_flips,
            self.median_flips
        );
        out
    }

    fn json(&self) -> Result<String, Error> {
        /// The answers, tagged with the game's name.
        #[derive(serde::Serialize)]
        struct Tagged<'a> {
            game: &'static str,
            #[serde(flatten)]
            exact: &'a Exact,
        }
        tabula::app::pretty(&Tagged {
            game: NAME,
            exact: self,
        })
    }
}

/// Options of `tabula tournament coin-race`.
#[derive(Debug, Args)]
#[command(
    after_help = "Plays the race with choices (flip, or dash: three squares on heads, none on tails).\nExample: tabula tournament coin-race --agents flip,finisher --games 1000 --record records"
)]
pub struct TournamentCmdArgs {
    /// The race.
    #[command(flatten)]
    pub race: RaceArgs,
    /// The tournament.
    #[command(flatten)]
    pub tournament: TournamentArgs,
}

fn tournament(args: TournamentCmdArgs, _: &mut Io<'_>) -> Result<Box<dyn Report>, Error> {
    let game = args.race.game()?.with_choices(true);
    Ok(Box::new(run_tournament(
        &game,
        &args.tournament,
        ScoringArg::Points,
    )?))
}

/// Options of `tabula play coin-race`.
#[derive(Debug, Args)]
#[command(
    after_help = "Before each of your flips, type flip (heads two squares, tails one) or dash (heads three, tails none);\nhelp lists the choices, quit stops."
)]
pub struct PlayArgs {
    /// The race.
    #[command(flatten)]
    pub race: RaceArgs,
    /// The agent that plays the other seats.
    #[arg(long, default_value = "finisher")]
    pub agent: String,
    /// Your seat: 1 flips first.
    #[arg(long, default_value_t = 1, value_parser = clap::value_parser!(u8).range(1..=MAX_PLAYERS as i64))]
    pub seat: u8,
    /// Seed of the coin and the agent's choices.
    #[arg(long, default_value_t = tabula::app::DEFAULT_SEED)]
    pub seed: u64,
    /// Where the game's record goes (finished or not).
    #[command(flatten)]
    pub record: RecordArgs,
}

fn play(args: PlayArgs, io: &mut Io<'_>) -> Result<(), Error> {
    let game = args.race.game()?.with_choices(true);
    let you = usize::from(args.seat) - 1;
    if you >= game.players() {
        return Err(format!(
            "--seat {}: the race has {} player(s)",
            args.seat,
            game.players()
        )
        .into());
    }
    let players = tabula::app::play::players(&game, &[you], &args.agent)?;
    tabula::app::play::play_keeping_record(&game, players, args.seed, &args.record, io)?;
    Ok(())
}
