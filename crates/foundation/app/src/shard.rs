//! Runs split across machines: `--shard K/N` runs part `K` of `N` of a
//! run, and `tabula merge FILE...` combines the parts' JSON outputs into
//! exactly the report of the whole run.
//!
//! A shard's JSON carries, under `"shard"`, a [`ShardHeader`]: which run
//! it belongs to (game, command, seed, games, the parameters that fix the
//! games) and its collectors' whole state, in integers. [`check`] refuses
//! parts of different runs, parts given twice and parts missing; the
//! game's command merges the states ([`Command::merge`](crate::Command::merge)).
//!
//! ```
//! use tabula_app::shard::ShardArg;
//!
//! let s: ShardArg = "2/4".parse()?;
//! assert_eq!((s.0.index, s.0.of), (1, 4)); // parts count from 1 on the command line
//! assert_eq!(s.0.range(10), 2..5);
//! assert!("5/4".parse::<ShardArg>().is_err());
//! # Ok::<_, String>(())
//! ```

use std::str::FromStr;

use serde::{Deserialize, Serialize};
use serde_json::Value;
use tabula_sim::Shard;

use crate::Error;

/// `--shard K/N` as a command-line value: part `K` (from 1) of `N`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct ShardArg(pub Shard);

impl FromStr for ShardArg {
    type Err = String;

    fn from_str(s: &str) -> Result<ShardArg, String> {
        let bad = || format!("{s:?}: write the part as K/N, K from 1 to N (like 2/4)");
        let (k, n) = s.split_once('/').ok_or_else(bad)?;
        let k: u64 = k.trim().parse().map_err(|_| bad())?;
        let n: u64 = n.trim().parse().map_err(|_| bad())?;
        if n == 0 || k == 0 || k > n || n > 1_000_000 {
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

impl ShardHeader {
    /// The header of `shard` of a run, for `game`'s `command`.
    #[allow(clippy::too_many_arguments)]
    pub fn new(
        game: &str,
        command: &str,
        shard: Shard,
        seed: u64,
        games: u64,
        parameters: Value,
        state: Value,
    ) -> ShardHeader {
        let range = shard.range(games);
        ShardHeader {
            game: game.to_string(),
            command: command.to_string(),
            part: shard.index + 1,
            of: shard.of,
            seed,
            games,
            first_game: range.start,
            end_game: range.end,
            parameters,
            state,
        }
    }
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

/// Checks that `parts` are every part of one run, each once: the same
/// game, command, seed, games, parts and parameters, and every part from
/// 1 to N. Returns their headers in part order.
pub fn check(parts: &[Part]) -> Result<Vec<ShardHeader>, Error> {
    let mut headers: Vec<(ShardHeader, &str)> = Vec::new();
    for p in parts {
        headers.push((p.header()?, &p.file));
    }
    let Some((first, first_file)) = headers.first().cloned() else {
        return Err("no files to merge".into());
    };
    for (h, file) in &headers[1..] {
        let differs = |what: &str, mine: String, theirs: String| -> Error {
            format!(
                "{file} is a part of another run: its {what} is {mine}, {first_file}'s is {theirs}; merge only the parts of one run"
            )
            .into()
        };
        if (&h.game, &h.command) != (&first.game, &first.command) {
            return Err(differs(
                "game",
                format!("{} {}", h.command, h.game),
                format!("{} {}", first.command, first.game),
            ));
        }
        if h.seed != first.seed {
            return Err(differs("seed", h.seed.to_string(), first.seed.to_string()));
        }
        if h.games != first.games {
            return Err(differs(
                "number of games",
                h.games.to_string(),
                first.games.to_string(),
            ));
        }
        if h.of != first.of {
            return Err(differs(
                "number of parts",
                h.of.to_string(),
                first.of.to_string(),
            ));
        }
        if h.parameters != first.parameters {
            return Err(differs(
                "set-up",
                h.parameters.to_string(),
                first.parameters.to_string(),
            ));
        }
    }
    let mut by_part: Vec<Option<(ShardHeader, &str)>> = vec![None; first.of as usize];
    for (h, file) in headers {
        let Some(slot) = by_part.get_mut((h.part.max(1) - 1) as usize) else {
            return Err(format!("{file}: part {} of {} does not exist", h.part, h.of).into());
        };
        if let Some((_, other)) = slot {
            return Err(format!(
                "{other} and {file} are both part {}/{}: the parts overlap",
                h.part, h.of
            )
            .into());
        }
        let expected = Shard {
            index: h.part - 1,
            of: h.of,
        }
        .range(h.games);
        if (h.first_game, h.end_game) != (expected.start, expected.end) {
            return Err(format!(
                "{file}: part {}/{} should hold games {} to {}, not {} to {}",
                h.part, h.of, expected.start, expected.end, h.first_game, h.end_game
            )
            .into());
        }
        *slot = Some((h, file));
    }
    let missing: Vec<String> = by_part
        .iter()
        .enumerate()
        .filter(|(_, s)| s.is_none())
        .map(|(i, _)| format!("{}/{}", i + 1, first.of))
        .collect();
    if !missing.is_empty() {
        return Err(format!("parts missing: {}", missing.join(", ")).into());
    }
    Ok(by_part.into_iter().flatten().map(|(h, _)| h).collect())
}

/// The largest file `tabula merge` reads: a part's JSON is a report and
/// its collectors' counts, a few megabytes at most.
pub const MAX_PART_BYTES: u64 = 256 << 20;

/// Reads the files `tabula merge` is given (each at most
/// [`MAX_PART_BYTES`]).
pub fn read(files: &[String]) -> Result<Vec<Part>, Error> {
    files
        .iter()
        .map(|file| {
            let size = std::fs::metadata(file).map_err(|e| format!("{file}: {e}"))?.len();
            if size > MAX_PART_BYTES {
                return Err(format!(
                    "{file}: {size} bytes, more than a part's output can be ({MAX_PART_BYTES} at most); is it the right file?"
                )
                .into());
            }
            let text = std::fs::read_to_string(file).map_err(|e| format!("{file}: {e}"))?;
            let json: Value = serde_json::from_str(&text)
                .map_err(|e| format!("{file}:{}:{}: not JSON: {e}", e.line(), e.column()))?;
            Ok(Part {
                file: file.clone(),
                json,
            })
        })
        .collect()
}
