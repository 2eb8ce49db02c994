//! `tabula play chance-it`, `tabula tournament chance-it`, `tabula analyze
//! chance-it`, and the `chance-it` binary.

use std::io::{BufRead, Write};
use std::path::PathBuf;
use std::sync::Arc;

use clap::Args;
use serde::Serialize;
use tabula_chance_it::play::{PlayOptions, play};
use tabula_chance_it::turn::{PolicyRow, Values, summarize};
use tabula_chance_it::{Config, Optimal, Strategy, WinOptimal, strategy, tournament, win};
use tabula_core::Dice;

use crate::pictures::PlotArgs;
use crate::{Error, Format};

/// The game's parameters, from a file and flags.
#[derive(Debug, Args, Clone)]
pub struct GameArgs {
    /// A RON file with the game's parameters: ChanceIt(dice: Dice(count: 2, faces: 6), rounds: 10, players: 2).
    #[arg(long, value_name = "FILE")]
    pub config: Option<PathBuf>,
    /// Rounds per game, 1 to 1000; with the win-optimal strategy and for `analyze`, at most 100 (fewer with dice of more than 11 sums: 14 with 3d6) [default: 10, or the file's].
    #[arg(long, value_parser = clap::value_parser!(u32).range(1..=1000))]
    pub rounds: Option<u32>,
    /// Dice rolled and summed, as COUNTdFACES [default: 2d6, or the file's].
    #[arg(long, value_name = "NdF")]
    pub dice: Option<String>,
}

impl GameArgs {
    /// The validated game.
    pub fn config(&self) -> Result<Config, Error> {
        let base = match &self.config {
            Some(path) => Config::load(path)?,
            None => Config::seed(),
        };
        let dice = match &self.dice {
            Some(d) => Some(parse_dice(d)?),
            None => None,
        };
        base.with(dice, self.rounds, None).map_err(|e| match e {
            // Flags have no file position to show.
            tabula_core::spec::SpecError::Invalid { message, .. } => message.into(),
            other => other.into(),
        })
    }
}

fn parse_dice(s: &str) -> Result<Dice, Error> {
    let bad = || format!("--dice {s:?}: write it as COUNTdFACES, like 2d6");
    let (count, faces) = s
        .to_ascii_lowercase()
        .split_once('d')
        .map(|(a, b)| (a.to_string(), b.to_string()))
        .ok_or_else(bad)?;
    let count: u8 = count.parse().map_err(|_| bad())?;
    let faces: u8 = faces.parse().map_err(|_| bad())?;
    Ok(Dice::new(count, faces)?)
}

/// Options of `tabula play chance-it` and of the `chance-it` binary.
#[derive(Debug, Args)]
#[command(
    after_help = "Plays seed 003's game at the terminal: you (first in each round) against the computer.\n\
Answer the prompts; Y or N (any case) after each roll. The same seed gives the same game.\n\
Without --seed and --strategy it asks for them, as the seed's program does. End of input stops the game with the score so far."
)]
pub struct PlayArgs {
    /// The seed (skips the seed prompt); 0 picks a random one.
    #[arg(long)]
    pub seed: Option<u64>,
    /// The computer's strategy, by name or menu number (skips the menu).
    #[arg(long, value_name = "NAME")]
    pub strategy: Option<String>,
    /// The game's parameters.
    #[command(flatten)]
    pub game: GameArgs,
}

/// Plays one game on stdin and stdout.
pub fn play_terminal(args: &PlayArgs, out: &mut dyn Write) -> Result<(), Error> {
    let config = args.game.config()?;
    show_solve_progress();
    let stdin = std::io::stdin();
    let mut input = stdin.lock();
    play_with(&config, args, &mut input, out)
}

/// Plays one game on any input and output.
pub fn play_with(
    config: &Config,
    args: &PlayArgs,
    input: &mut dyn BufRead,
    out: &mut dyn Write,
) -> Result<(), Error> {
    let options = PlayOptions {
        seed: args.seed,
        strategy: args.strategy.clone(),
    };
    // The terminal's own errors stay `io::Error`s, so a closed output is
    // recognised (and ends the program quietly).
    play(config, &options, input, out).map_err(|e| match e {
        tabula_chance_it::ChanceItError::Io(io) => Error::from(io),
        other => Error::from(other),
    })?;
    Ok(())
}

/// Options of `tabula tournament chance-it`.
#[derive(Debug, Args)]
#[command(
    after_help = "Every pair of strategies plays --games games, each taking the first seat in half of them.\n\
Exact winning chances (from backward induction over rounds and score differences) are shown beside the sampled ones.\n\
Example: tabula tournament chance-it --agents until-ten,tapering,optimal,win-optimal --games 100000 --seed 1"
)]
pub struct TournamentArgs {
    /// Strategies, comma-separated (see `tabula list`; threshold-N takes a number).
    #[arg(long, value_delimiter = ',', required = true, num_args = 1..)]
    pub agents: Vec<String>,
    /// Games per pair.
    #[arg(long, default_value_t = 10_000, value_parser = clap::value_parser!(u64).range(1..))]
    pub games: u64,
    /// Seed that fixes every game.
    #[arg(long, default_value_t = crate::snakes::DEFAULT_SEED)]
    pub seed: u64,
    /// Worker threads [default: one per core]; the numbers do not depend on it.
    #[arg(long, value_parser = clap::value_parser!(u16).range(1..=1024))]
    pub threads: Option<u16>,
    /// The game's parameters.
    #[command(flatten)]
    pub game: GameArgs,
    /// Output format.
    #[arg(long, value_enum, default_value_t)]
    pub format: Format,
    /// Pictures and the HTML report.
    #[command(flatten)]
    pub pictures: PlotArgs,
}

/// Runs a tournament and writes the results.
pub fn tournament(args: &TournamentArgs, out: &mut dyn Write) -> Result<(), Error> {
    args.pictures.prepare()?;
    let config = args.game.config()?;
    show_solve_progress();
    if args.agents.len() < 2 {
        return Err("a tournament needs at least two strategies".into());
    }
    let t = tournament::run(
        &config,
        &args.agents,
        args.games,
        args.seed,
        args.threads.map(usize::from),
    )?;
    args.pictures.print_then_draw(
        out,
        args.format,
        &t,
        t.to_text(),
        "Chance-it tournament",
        || tabula_plot::chance_it::tournament_pictures(&t),
    )
}

/// Options of `tabula analyze chance-it`.
#[derive(Debug, Args)]
#[command(
    after_help = "Exact answers, by dynamic programming: each built-in strategy's expected turn score and chance of scoring 0, \
the optimal policy as a table, and the win-optimal strategy's chances against each other strategy.\n\
Solving whole games takes time growing with the square of the rounds, so --rounds is at most 100 here \
(about 4 s at 100 rounds and 0.05 s at 10 with 2d6, measured on two cores); dice with more possible sums allow \
fewer rounds for the same work (14 with 3d6). A long solve shows its progress on stderr."
)]
pub struct AnalyzeArgs {
    /// The game's parameters.
    #[command(flatten)]
    pub game: GameArgs,
    /// Output format.
    #[arg(long, value_enum, default_value_t)]
    pub format: Format,
}

/// One strategy's turn.
#[derive(Debug, Serialize)]
struct StrategyTurn {
    name: String,
    expected_turn_score: f64,
    zero_probability: f64,
    note: Option<&'static str>,
}

/// Win-optimal against another strategy.
#[derive(Debug, Serialize)]
struct Versus {
    opponent: String,
    win_probability_first: f64,
    win_probability_second: f64,
    win_probability: f64,
    tie_probability: f64,
    loss_probability: f64,
}

#[derive(Debug, Serialize)]
struct Analysis {
    game: &'static str,
    rounds: u16,
    dice: [u8; 2],
    strategies: Vec<StrategyTurn>,
    optimal_expected_turn_score: f64,
    optimal_policy: Vec<PolicyRow>,
    win_optimal: Option<WinOptimalReport>,
}

#[derive(Debug, Serialize)]
struct WinOptimalReport {
    self_play: [f64; 3],
    versus: Vec<Versus>,
}

/// Solves the game exactly and writes the analysis.
pub fn analyze(args: &AnalyzeArgs, out: &mut dyn Write) -> Result<(), Error> {
    let config = args.game.config()?;
    let most = win::max_rounds(config.dice());
    if config.rounds() > most {
        return Err(format!(
            "analyze chance-it solves whole games (win-optimal) of at most {most} rounds with {}; this game has {}. \
The turn analysis does not depend on the rounds: try --rounds {}",
            config.dice(),
            config.rounds(),
            most.min(10)
        )
        .into());
    }
    show_solve_progress();
    let values = Values::new(config.dice());
    let optimal = Optimal::new(config.dice());
    let win_optimal = if config.players() == 2 {
        Some(Arc::new(WinOptimal::new(&config)?))
    } else {
        None
    };
    let mut named: Vec<(String, Arc<dyn Strategy>)> = Vec::new();
    for name in ["until-ten", "tapering", "optimal"] {
        named.push((name.to_string(), strategy::build(name, &config)?));
    }
    let dice = config.dice();
    for n in dice.min() + 1..=dice.max() {
        let name = format!("threshold-{n}");
        named.push((name.clone(), strategy::build(&name, &config)?));
    }
    let mut strategies: Vec<StrategyTurn> = named
        .iter()
        .map(|(name, s)| {
            let (mean, zero) =
                summarize(&values.strategy_distribution(&config, &**s, 0, 0, &[0, 0]));
            StrategyTurn {
                name: name.clone(),
                expected_turn_score: mean,
                zero_probability: zero,
                note: None,
            }
        })
        .collect();
    let mut report = None;
    if let Some(w) = &win_optimal {
        let (mean, zero) = summarize(&values.strategy_distribution(&config, &**w, 0, 0, &[0, 0]));
        strategies.push(StrategyTurn {
            name: "win-optimal".into(),
            expected_turn_score: mean,
            zero_probability: zero,
            note: Some(
                "first turn of a game only: it plays each turn to win the game, so later turns differ",
            ),
        });
        let mut versus = Vec::new();
        for (name, s) in &named {
            let (Some(first), Some(second)) = (
                win::exact_outcome(&config, &**w, &**s),
                win::exact_outcome(&config, &**s, &**w),
            ) else {
                continue;
            };
            versus.push(Versus {
                opponent: name.clone(),
                win_probability_first: first[0],
                win_probability_second: second[1],
                win_probability: (first[0] + second[1]) / 2.0,
                tie_probability: (first[2] + second[2]) / 2.0,
                loss_probability: (first[1] + second[0]) / 2.0,
            });
        }
        report = Some(WinOptimalReport {
            self_play: w.self_play(),
            versus,
        });
    }
    let analysis = Analysis {
        game: "chance-it",
        rounds: config.rounds(),
        dice: [dice.count(), dice.faces()],
        strategies,
        optimal_expected_turn_score: optimal.expected_turn_score(),
        optimal_policy: optimal.policy_table(),
        win_optimal: report,
    };
    match args.format {
        Format::Json => writeln!(out, "{}", serde_json::to_string_pretty(&analysis)?)?,
        Format::Text => write!(out, "{}", analysis_text(&analysis))?,
    }
    Ok(())
}

fn analysis_text(a: &Analysis) -> String {
    use std::fmt::Write as _;
    let mut s = String::new();
    let _ = writeln!(
        s,
        "Chance-it, exactly: {}d{}, {} rounds (dynamic programming over the values rolled; no sampling)",
        a.dice[0], a.dice[1], a.rounds
    );
    let _ = writeln!(s, "\nOne turn, by strategy");
    let _ = writeln!(
        s,
        "  {:<14} {:>15} {:>14}",
        "strategy", "expected score", "P(score 0)"
    );
    for t in &a.strategies {
        let _ = writeln!(
            s,
            "  {:<14} {:>15.6} {:>14.6}{}",
            t.name,
            t.expected_turn_score,
            t.zero_probability,
            t.note.map(|n| format!("   ({n})")).unwrap_or_default()
        );
    }
    let _ = writeln!(
        s,
        "\nThe optimal turn: expected score {:.10}. After each new roll it stops on the values listed, and chances it on any other new value:",
        a.optimal_expected_turn_score
    );
    let _ = writeln!(
        s,
        "  {:<26} {:<26} value of rolling on",
        "already rolled", "stops on"
    );
    for row in &a.optimal_policy {
        let before = if row.already_rolled.is_empty() {
            "(first roll)".to_string()
        } else {
            join(&row.already_rolled)
        };
        let _ = writeln!(
            s,
            "  {:<26} {:<26} {:.4}",
            before,
            join(&row.stops_on),
            row.reroll_value
        );
    }
    if let Some(w) = &a.win_optimal {
        let _ = writeln!(
            s,
            "\nwin-optimal: maximizes its chance of winning (backward induction over round, score difference, who moves)"
        );
        let _ = writeln!(
            s,
            "  against itself: first seat wins {:.6}, second {:.6}, tie {:.6}",
            w.self_play[0], w.self_play[1], w.self_play[2]
        );
        let _ = writeln!(
            s,
            "  {:<14} {:>12} {:>12} {:>12} {:>10} {:>10}",
            "against", "wins first", "wins second", "wins (mean)", "ties", "losses"
        );
        for v in &w.versus {
            let _ = writeln!(
                s,
                "  {:<14} {:>12.6} {:>12.6} {:>12.6} {:>10.6} {:>10.6}",
                v.opponent,
                v.win_probability_first,
                v.win_probability_second,
                v.win_probability,
                v.tie_probability,
                v.loss_probability
            );
        }
    }
    s
}

/// Shows the progress of long win-optimal solves on stderr, never on
/// stdout: a progress bar when stderr is a terminal, otherwise a line
/// every ten seconds (short solves show nothing).
fn show_solve_progress() {
    use std::io::IsTerminal;
    use std::time::{Duration, Instant};
    /// Solves of fewer turns than this finish in well under a second.
    const MIN_TURNS: u32 = 100;
    struct Solve {
        started: Instant,
        last_line: Instant,
        bar: Option<indicatif::ProgressBar>,
    }
    let terminal = std::io::stderr().is_terminal();
    let solve = std::sync::Mutex::new(None::<Solve>);
    win::set_progress_reporter(Box::new(move |done, total| {
        let Ok(mut solve) = solve.lock() else {
            return;
        };
        let now = Instant::now();
        let s = solve.get_or_insert_with(|| {
            let bar = (terminal && total >= MIN_TURNS).then(|| {
                let bar = indicatif::ProgressBar::new(u64::from(total));
                if let Ok(style) = indicatif::ProgressStyle::with_template(
                    "{spinner} [{elapsed_precise}] {wide_bar} {pos}/{len} turns of win-optimal solved (eta {eta})",
                ) {
                    bar.set_style(style);
                }
                bar
            });
            Solve {
                started: now,
                last_line: now,
                bar,
            }
        });
        if let Some(bar) = &s.bar {
            bar.set_position(u64::from(done));
        } else if !terminal && now - s.last_line >= Duration::from_secs(10) {
            s.last_line = now;
            eprintln!(
                "win-optimal: {done} of {total} turns solved after {} s",
                (now - s.started).as_secs()
            );
        }
        if done >= total {
            if let Some(bar) = s.bar.take() {
                bar.finish_and_clear();
            }
            *solve = None;
        }
    }));
}

fn join(v: &[u16]) -> String {
    v.iter().map(u16::to_string).collect::<Vec<_>>().join(" ")
}
