//! What a command needs to take part in a run split across machines:
//! `--shard K/N` ([`ShardArg`]) runs part `K` of `N` of a run, and
//! `tabula merge FILE...` combines the parts' JSON outputs into exactly
//! the report of the whole run. A part's JSON carries, under `"shard"`,
//! a [`ShardHeader`]: which run it belongs to (game, command, seed,
//! games, the parameters that fix the games) and its results' state.
//!
//! The front end (`tabula_cli::split`: it reads, checks and merges the
//! part files; nothing here reads a file) runs a game's command with a
//! [`ShardContext`] in its [`Io::shard`](crate::Io::shard). Run with
//! `--shard`, the command plays its part and
//! [publishes](ShardContext::publish) its state there, and the front end
//! adds the header to its report. `tabula merge` runs the same command
//! with the same arguments again, the parts in the context, and the
//! command [takes their states](ShardContext::parts_to_merge) instead of
//! playing. Nothing is kept outside the context the command is handed.
//! Every tournament works this way
//! ([`TournamentOptions`](crate::play::TournamentOptions) has `--shard`),
//! and so does every simulation that plays through [`simulation`]
//! (Snakes' and Monopoly's `simulate`): no game writes merging code.
//!
//! ```
//! use tabula_registry::shard::ShardArg;
//!
//! let s: ShardArg = "2/4".parse()?;
//! assert_eq!((s.0.index, s.0.of), (1, 4)); // parts count from 1 on the command line
//! assert_eq!(s.0.range(10), 2..5);
//! assert!("5/4".parse::<ShardArg>().is_err());
//! # Ok::<_, String>(())
//! ```

use std::str::FromStr;

use serde::de::DeserializeOwned;
use serde::{Deserialize, Serialize};
use serde_json::Value;
use tabula_core::BoardGame;
use tabula_sim::{Collector, Run, Shard, Simulation};

use crate::Error;

/// The most parts a run is split into.
pub const MAX_PARTS: u64 = 1_000_000;

/// `--shard K/N` as a command-line value: part `K` (from 1) of `N`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct ShardArg(pub Shard);

impl crate::args::Scalar for ShardArg {
    fn kind() -> crate::args::ValueKind {
        crate::args::ValueKind::Checked(crate::args::check::<ShardArg>)
    }
}

impl FromStr for ShardArg {
    type Err = String;

    fn from_str(s: &str) -> Result<ShardArg, String> {
        let bad = || {
            format!(
                "{s:?}: write the part as K/N, K from 1 to N and N at most {MAX_PARTS} (like 2/4)"
            )
        };
        let (k, n) = s.split_once('/').ok_or_else(bad)?;
        let k: u64 = k.trim().parse().map_err(|_| bad())?;
        let n: u64 = n.trim().parse().map_err(|_| bad())?;
        if n == 0 || k == 0 || k > n || n > MAX_PARTS {
            return Err(bad());
        }
        Ok(ShardArg(Shard {
            index: k - 1,
            of: n,
        }))
    }
}

/// What a shard's JSON says of itself, under `"shard"`.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct ShardHeader {
    /// The game.
    pub game: String,
    /// The command that ran (`simulate`).
    pub command: String,
    /// This part, from 1.
    pub part: u64,
    /// Parts in all.
    pub of: u64,
    /// The seed of the whole run.
    pub seed: u64,
    /// Games in the whole run.
    pub games: u64,
    /// The first game this part played (its index in the whole run).
    pub first_game: u64,
    /// One past the last.
    pub end_game: u64,
    /// Everything else that fixes the games (board, rules, players, step
    /// cap, ...): equal in every part of one run.
    pub parameters: Value,
    /// The collectors' whole state, for merging.
    pub state: Value,
}

/// One file given to `tabula merge`: its name and its JSON.
#[derive(Clone, Debug)]
pub struct Part {
    /// The file, as named.
    pub file: String,
    /// Its JSON.
    pub json: Value,
}

impl Part {
    /// The part's header.
    pub fn header(&self) -> Result<ShardHeader, Error> {
        let value = self.json.get("shard").ok_or_else(|| {
            format!(
                "{}: not the output of a run with --shard K/N (no \"shard\" key); run each part with --shard K/N --format json",
                self.file
            )
        })?;
        ShardHeader::deserialize(value).map_err(|e| {
            format!("{}: its \"shard\" is not a shard's header: {e}", self.file).into()
        })
    }
}

/// What a command is told of a split run, and what it says back: the
/// front end makes it ([`playing`](Self::playing) a part,
/// [`merging`](Self::merging) parts) and hands it to the command in its
/// [`Io`](crate::Io); the command passes it to [`simulation`] or its
/// tournament ([`TournamentOptions::run`](crate::play::TournamentOptions::run)).
/// Otherwise it is empty (its default): the command plays its whole run,
/// and publishing does nothing.
#[derive(Debug, Default)]
pub struct ShardContext {
    /// When playing: the game, the verb and the command line's
    /// parameters, for a part's header.
    started: Option<(String, String, Value)>,
    merging: Option<Vec<Part>>,
    part: Option<ShardHeader>,
}

impl ShardContext {
    /// The context of `game`'s command `verb` run so that it can be
    /// split: a command that plays a part [publishes](Self::publish) its
    /// header, with `parameters` (what fixes the run's games), and the
    /// front end takes it ([`published`](Self::published)) for the report.
    pub fn playing(game: &str, verb: &str, parameters: Value) -> ShardContext {
        ShardContext {
            started: Some((game.to_string(), verb.to_string(), parameters)),
            ..ShardContext::default()
        }
    }

    /// The context of a command run again by `tabula merge` over `parts`,
    /// checked to be every part of one run, each once (in any order):
    /// the command [takes them](Self::parts_to_merge) instead of playing.
    pub fn merging(parts: Vec<Part>) -> ShardContext {
        ShardContext {
            merging: Some(parts),
            ..ShardContext::default()
        }
    }

    /// The parts `tabula merge` asks the command to merge (taken: `Some`
    /// once), or `None` when it runs as usual.
    pub fn parts_to_merge(&mut self) -> Option<Vec<Part>> {
        self.merging.take()
    }

    /// Whether the parts to merge are still here: the command did not
    /// take them, so it does not merge (it cannot be split).
    pub fn parts_left(&self) -> bool {
        self.merging.is_some()
    }

    /// The header the command [published](Self::publish), if it played a
    /// part of a run: what the front end adds to its report.
    pub fn published(self) -> Option<ShardHeader> {
        self.part
    }

    /// Says that the command played `shard` of a run: the games `range`
    /// of `games`, with `seed`, leaving `state` for `tabula merge`. The
    /// command's report gets the header; outside a context made by
    /// [`playing`](Self::playing) this does nothing.
    pub fn publish(
        &mut self,
        shard: Shard,
        seed: u64,
        games: u64,
        range: std::ops::Range<u64>,
        state: Value,
    ) {
        if let Some((game, verb, parameters)) = &self.started {
            self.part = Some(ShardHeader {
                game: game.clone(),
                command: verb.clone(),
                part: shard.index + 1,
                of: shard.of,
                seed,
                games,
                first_game: range.start,
                end_game: range.end,
                parameters: parameters.clone(),
                state,
            });
        }
    }
}

/// What a simulation's part leaves for `tabula merge`: its collectors
/// and how it ran.
#[derive(Serialize, Deserialize)]
struct SimulationPart<C> {
    collector: C,
    threads: usize,
    wall_time_s: f64,
}

/// Plays the simulation `sim` of a command that `--shard` may split (its
/// `shard` if given; `context` is the command's
/// [`Io::shard`](crate::Io::shard)), with `play`, which gets `sim` as it
/// should play it (see [`part_games`] for its progress). When `tabula
/// merge` runs the command again instead ([`ShardContext::merging`]),
/// this does not play: it checks each part's collectors
/// ([`Collector::check`], and [`Collector::check_shape`] against `empty`,
/// the collectors `play` starts from) and merges them into `empty`, which
/// is then the same as `play` would have given for the whole run, numbers
/// for numbers (threads: the most any part used; time: the parts'
/// together). A part that does not fit is an error naming its file and
/// field.
///
/// ```
/// use tabula_registry::shard::{Part, ShardContext, part_games, simulation};
/// use tabula_sim::{Lengths, LengthOf, Simulation};
/// # use tabula_core::{BoardGame, Chance, GameResult, Status};
/// # struct Coin;
/// # impl BoardGame for Coin {
/// #     type State = u8; type Move = (); type Outcome = bool; type Event = ();
/// #     fn seats(&self) -> usize { 1 }
/// #     fn initial_state(&self) -> u8 { 0 }
/// #     fn status(&self, s: &u8) -> Status { if *s > 0 { Status::Over(GameResult::Win(0)) } else { Status::Chance } }
/// #     fn chance_outcomes(&self, _: &u8, out: &mut Vec<Chance<bool>>) { out.extend([Chance { outcome: true, probability: 0.5 }, Chance { outcome: false, probability: 0.5 }]) }
/// #     fn apply_chance<E: FnMut(())>(&self, s: &mut u8, heads: bool, _: &mut E) { if heads { *s = 1 } }
/// #     fn apply_move<E: FnMut(())>(&self, _: &mut u8, _: (), _: &mut E) {}
/// # }
/// let sim = Simulation::new(1_000).with_seed(7);
/// let empty = Lengths::new(LengthOf::ChanceSteps);
/// // Each part as the front end runs it (`--shard K/2`), with its header.
/// let mut parts = Vec::new();
/// for k in ["2/2", "1/2"] {
///     let mut context = ShardContext::playing("coin", "simulate", serde_json::json!({}));
///     let part = simulation::<Coin, _>(&mut context, sim.clone(), Some(k.parse()?), empty.clone(), |sim| {
///         assert_eq!(part_games(sim), 500); // games 0 to 499, or 500 to 999
///         Ok(sim.run(&Coin, empty.clone())?)
///     })?;
///     assert_eq!(part.collector.games(), 500);
///     let header = context.published().ok_or("a part publishes its header")?;
///     let json = serde_json::json!({ "shard": header });
///     parts.push(Part { file: format!("part-{k}.json"), json });
/// }
/// // `tabula merge`: the command runs again, and merges the parts.
/// let merge = |parts: Vec<Part>| {
///     let mut context = ShardContext::merging(parts);
///     simulation::<Coin, _>(&mut context, sim.clone(), None, empty.clone(), |_| {
///         Err("a merge does not play".into())
///     })
/// };
/// let whole = sim.run(&Coin, empty.clone())?;
/// assert_eq!(merge(parts.clone())?.collector, whole.collector);
/// assert!(merge(parts[..1].to_vec()).is_err()); // part 1/2 is missing
/// # Ok::<_, tabula_registry::Error>(())
/// ```
pub fn simulation<G, C>(
    context: &mut ShardContext,
    sim: Simulation,
    shard: Option<ShardArg>,
    empty: C,
    play: impl FnOnce(&Simulation) -> Result<Run<C>, Error>,
) -> Result<Run<C>, Error>
where
    G: BoardGame,
    C: Collector<G> + Serialize + DeserializeOwned,
{
    let (games, seed) = (sim.games(), sim.seed());
    if let Some(parts) = context.parts_to_merge() {
        let headers = in_order(&parts)?;
        // The parts merge into `empty`: the run's collectors as this
        // command makes them, so the merged ones have its shape.
        let mut merged = Run {
            collector: empty,
            games,
            seed,
            threads: 1,
            wall_time: std::time::Duration::ZERO,
        };
        for (h, file) in headers {
            if (h.games, h.seed) != (games, seed) {
                return Err(format!(
                    "part {}/{} is of a run of {} games with seed {}, not {games} with seed {seed}",
                    h.part, h.of, h.games, h.seed
                )
                .into());
            }
            let part: SimulationPart<C> = serde_json::from_value(h.state).map_err(|e| {
                format!(
                    "{file}: part {}/{}: its collectors' state cannot be read: {e}",
                    h.part, h.of
                )
            })?;
            // A part's counts must agree with each other, with the games
            // it played and with this run's collectors: an edited file is
            // refused, not merged.
            part.collector
                .check(h.first_game..h.end_game)
                .and_then(|()| part.collector.check_shape(&merged.collector))
                .map_err(|why| {
                    format!(
                        "{file}: part {}/{}: \"shard\".\"state\".\"collector\" does not add up: {why}; was the file edited?",
                        h.part, h.of
                    )
                })?;
            if !(1..=1 << 16).contains(&part.threads) {
                return Err(format!(
                    "{file}: part {}/{}: \"shard\".\"state\".\"threads\" is {}, not 1 to 65536",
                    h.part, h.of, part.threads
                )
                .into());
            }
            if !(part.wall_time_s.is_finite() && part.wall_time_s >= 0.0) {
                return Err(format!(
                    "{file}: part {}/{}: \"shard\".\"state\".\"wall_time_s\" is {}, not a time",
                    h.part, h.of, part.wall_time_s
                )
                .into());
            }
            let wall_time = std::time::Duration::try_from_secs_f64(part.wall_time_s.max(0.0))
                .unwrap_or_default();
            merged.collector.merge(part.collector);
            merged.threads = merged.threads.max(part.threads);
            merged.wall_time = merged.wall_time.saturating_add(wall_time);
        }
        return Ok(merged);
    }
    let Some(ShardArg(shard)) = shard else {
        return play(&sim);
    };
    let range = shard.range(games);
    if range.is_empty() {
        return Err(format!(
            "--shard {}/{}: a run of {games} games has no games for that part; use fewer parts",
            shard.index + 1,
            shard.of,
        )
        .into());
    }
    let run = play(&sim.with_shard(shard))?;
    let part = SimulationPart {
        collector: &run.collector,
        threads: run.threads,
        wall_time_s: run.wall_time.as_secs_f64(),
    };
    context.publish(shard, seed, games, range, serde_json::to_value(&part)?);
    Ok(run)
}

/// The headers of `parts`, with their files, in part order; they must
/// hold each game of their run once (the front end has checked that,
/// saying which file is wrong and why, before it hands them over).
fn in_order(parts: &[Part]) -> Result<Vec<(ShardHeader, String)>, Error> {
    let mut headers = parts
        .iter()
        .map(|p| Ok((p.header()?, p.file.clone())))
        .collect::<Result<Vec<_>, Error>>()?;
    headers.sort_by_key(|(h, _)| h.part);
    let games = headers.first().ok_or("no files to merge")?.0.games;
    let mut next = Some(0);
    for (h, _) in &headers {
        next = next.filter(|&n| n == h.first_game && h.end_game >= n && h.games == games);
        next = next.map(|_| h.end_game);
    }
    if next != Some(games) {
        return Err("the parts do not hold each game of one run once; merge every part of one run, once each".into());
    }
    Ok(headers)
}

/// The games `sim` plays: its shard's, or the whole run's.
pub fn part_games(sim: &Simulation) -> u64 {
    let range = sim.shard().range(sim.games());
    range.end - range.start
}
