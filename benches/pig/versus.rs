//! Plays Pig through the simulation harness on one thread and prints one
//! line of `key=value` figures: the tabula side of
//! `benches/pig-openspiel.sh`. Not a criterion benchmark (that is
//! `benches/pig/main.rs`); a bench target so that it is built with the
//! benchmarks' profile and dependencies.
//!
//! ```text
//! cargo bench --bench pig_versus -- [--strategy always-roll|hold-at-N]
//!     [--games N] [--seed S] [--repeat R] [--game spiel|tutorial|hand] [--agents static|dyn|policy]
//! ```
//!
//! `--game spiel` (the default) plays OpenSpiel's rules ([`SpielPig`]),
//! `tutorial` the book's tutorial game, `hand` the hand-written loop of
//! `cargo bench --bench pig` (no harness, no agents). `--agents static` (the default)
//! hands the harness a pair of concrete agents, `dyn` a
//! `Vec<Box<dyn Agent<_>>>` as the registry builds them, `policy` a pair
//! of `Rule` agents, which list the legal moves at every decision. With
//! `--repeat R` the run is made R times and each is printed.

use std::sync::Arc;
use std::time::Instant;

use tabula_core::{Agent, BoardGame};
use tabula_sim::Seating;
use tabula_sim::{Collector, LengthOf, Lengths, Listed, Sampled, Simulation, Wins};

#[path = "rules.rs"]
#[allow(dead_code)]
mod rules;
use rules::{HoldAt, HoldAtN, Player, SpielPig, TutorialPig, hand_written};

struct Args {
    hold_at: u32,
    strategy: String,
    games: u64,
    seed: u64,
    repeat: u32,
    tutorial: bool,
    hand: bool,
    dyn_agents: bool,
    policy_agents: bool,
}

fn parse() -> Result<Args, String> {
    let mut args = Args {
        hold_at: u32::MAX,
        strategy: "always-roll".into(),
        games: 1_000_000,
        seed: 1,
        repeat: 1,
        tutorial: false,
        hand: false,
        dyn_agents: false,
        policy_agents: false,
    };
    let mut it = std::env::args().skip(1);
    while let Some(flag) = it.next() {
        let mut value = || it.next().ok_or(format!("{flag} needs a value"));
        match flag.as_str() {
            // `cargo bench` passes this to every bench target.
            "--bench" => {}
            "--strategy" => {
                let s = value()?;
                args.hold_at = match s.as_str() {
                    "always-roll" => u32::MAX,
                    _ => s
                        .strip_prefix("hold-at-")
                        .and_then(|n| n.parse().ok())
                        .ok_or(format!("unknown strategy {s:?}"))?,
                };
                args.strategy = s;
            }
            "--games" => args.games = value()?.parse().map_err(|e| format!("--games: {e}"))?,
            "--seed" => args.seed = value()?.parse().map_err(|e| format!("--seed: {e}"))?,
            "--repeat" => args.repeat = value()?.parse().map_err(|e| format!("--repeat: {e}"))?,
            "--game" => match value()?.as_str() {
                "spiel" => {}
                "tutorial" => args.tutorial = true,
                "hand" => args.hand = true,
                g => return Err(format!("unknown game {g:?}")),
            },
            "--agents" => match value()?.as_str() {
                "static" => {}
                "dyn" => args.dyn_agents = true,
                "policy" => args.policy_agents = true,
                a => return Err(format!("unknown agents {a:?}")),
            },
            _ => return Err(format!("unknown argument {flag:?}")),
        }
    }
    Ok(args)
}

/// Runs the games on one thread and prints the line.
fn measure<G, P, A, F>(args: &Args, label: &str, chance: P, game: &G, agents: F)
where
    G: BoardGame,
    P: tabula_sim::ChancePath<G>,
    A: Seating<G>,
    F: Fn() -> A + Sync,
    (Wins, Lengths): Collector<G>,
{
    let sim = Simulation::new(args.games)
        .with_seed(args.seed)
        .with_threads(1);
    let collectors = (Wins::new(2), Lengths::new(LengthOf::Steps));
    // The thread pool is started before the clock.
    let _ = Simulation::new(1).with_threads(1).run_on(
        chance,
        game,
        &agents,
        collectors.clone(),
        &|_| {},
    );
    let cpu = cpu_ns();
    let start = Instant::now();
    let run = sim
        .run_on(chance, game, &agents, collectors, &|_| {})
        .expect("the run plays");
    let seconds = start.elapsed().as_secs_f64();
    let cpu = match (cpu, cpu_ns()) {
        (Some(a), Some(b)) => format!(" cpu_ns_per_game={:.1}", (b - a) as f64 / args.games as f64),
        _ => String::new(),
    };
    let (wins, lengths) = run.collector;
    let games = args.games as f64;
    let steps = lengths.mean();
    println!(
        "tabula game={label} strategy={} agents={} games={} seconds={seconds:.4} \
         games_per_s={:.0} ns_per_game={:.1} ns_per_step={:.2} mean_steps={steps:.4} \
         steps_se={:.4} first_wins={:.5} draws={} capped={}{cpu}",
        args.strategy,
        match (args.dyn_agents, args.policy_agents) {
            (true, _) => "dyn",
            (_, true) => "policy",
            _ => "static",
        },
        args.games,
        games / seconds,
        seconds * 1e9 / games,
        seconds * 1e9 / games / steps,
        lengths.std_error(),
        wins.wins()[0] as f64 / games,
        wins.draws(),
        wins.capped(),
    );
}

/// Times [`hand_written`] and prints its line (its steps and first
/// seat's wins, which are the harness's: the same games).
fn hand(args: &Args) {
    let cpu = cpu_ns();
    let start = Instant::now();
    let (first, steps) = hand_written(args.seed, 0..args.games, std::hint::black_box(args.hold_at));
    let seconds = start.elapsed().as_secs_f64();
    let cpu = match (cpu, cpu_ns()) {
        (Some(a), Some(b)) => format!(" cpu_ns_per_game={:.1}", (b - a) as f64 / args.games as f64),
        _ => String::new(),
    };
    let games = args.games as f64;
    let steps = steps as f64 / games;
    println!(
        "tabula game=hand strategy={} games={} seconds={seconds:.4} games_per_s={:.0} \
         ns_per_game={:.1} ns_per_step={:.2} mean_steps={steps:.4} first_wins={:.5}{cpu}",
        args.strategy,
        args.games,
        games / seconds,
        seconds * 1e9 / games,
        seconds * 1e9 / games / steps,
        first as f64 / games,
    );
}

/// The time the process's threads have run on a processor, in
/// nanoseconds, where Linux says (`/proc/self/task/*/schedstat`): on a
/// machine shared with other work, less disturbed than the wall clock.
fn cpu_ns() -> Option<u64> {
    let mut sum = 0;
    for task in std::fs::read_dir("/proc/self/task").ok()? {
        let stat = std::fs::read_to_string(task.ok()?.path().join("schedstat")).ok()?;
        sum += stat.split_whitespace().next()?.parse::<u64>().ok()?;
    }
    Some(sum)
}

fn main() {
    let args = match parse() {
        Ok(args) => args,
        Err(e) => {
            eprintln!("pig_versus: {e}");
            std::process::exit(2);
        }
    };
    let n = args.hold_at;
    for _ in 0..args.repeat {
        match (args.tutorial, args.dyn_agents) {
            _ if args.hand => hand(&args),
            _ if args.policy_agents => {
                measure(&args, "spiel", Sampled, &SpielPig::new(50), || {
                    (HoldAt(n).rule(), HoldAt(n).rule())
                });
            }
            (true, _) => {
                let game = TutorialPig { target: 50 };
                measure(
                    &args,
                    "tutorial",
                    Listed,
                    &game,
                    || -> Vec<Box<dyn Agent<TutorialPig>>> {
                        let strategy = Arc::new(HoldAtN(n));
                        vec![
                            Box::new(Player(strategy.clone())),
                            Box::new(Player(strategy)),
                        ]
                    },
                );
            }
            (false, true) => {
                measure(
                    &args,
                    "spiel",
                    Sampled,
                    &SpielPig::new(50),
                    || -> Vec<Box<dyn Agent<SpielPig>>> {
                        vec![Box::new(HoldAt(n)), Box::new(HoldAt(n))]
                    },
                );
            }
            (false, false) => {
                measure(&args, "spiel", Sampled, &SpielPig::new(50), || {
                    (HoldAt(n), HoldAt(n))
                });
            }
        }
    }
}
