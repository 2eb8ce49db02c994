//! The front end's half of runs split across machines: a part's
//! header on the report of a command run with `--shard K/N` ([`run`]),
//! and `tabula merge FILE...` ([`read`], [`check`], [`merge`]), which
//! combines the parts' JSON outputs into exactly the report of the whole
//! run. What a command does to take part ([`ShardArg`], the
//! [`ShardContext`] it is handed in its [`Io::shard`], the generic
//! sharded simulation) is the registry's: [`tabula_registry::shard`].
//!
//! [`run`] runs a game's command with a context that holds the command
//! line's arguments ([`parameters`]: what fixes the run's games, and the
//! size and digest of every file they name); a command that plays a part
//! publishes its state there, and [`run`] adds the header, with those
//! parameters, to its report: under `"shard"` in its JSON, and a line
//! before its text. [`merge`] takes the part files [`read`] read,
//! [`check`]s that they are every part of one run, each once (refusing
//! parts of different runs, parts given twice and parts missing, saying
//! which file and why), and runs the same command again with the parts'
//! arguments while it takes their states instead of playing.
//!
//! ```
//! use tabula_registry::shard::{Part, ShardHeader};
//! use tabula_cli::split::check;
//!
//! // The header of part `k` of 2 of a run of 10 games.
//! let part = |k: u64, seed: u64| {
//!     let header = ShardHeader {
//!         game: "coin".into(),
//!         command: "simulate".into(),
//!         part: k,
//!         of: 2,
//!         seed,
//!         games: 10,
//!         first_game: (k - 1) * 5,
//!         end_game: k * 5,
//!         parameters: serde_json::json!({ "args": [], "files": [] }),
//!         state: serde_json::json!({}),
//!     };
//!     let json = serde_json::json!({ "shard": header });
//!     Part { file: format!("part-{k}.json"), json }
//! };
//! let parts = check(&[part(2, 7), part(1, 7)])?;
//! assert_eq!(parts.iter().map(|h| h.part).collect::<Vec<_>>(), [1, 2]);
//! assert_eq!(check(&[part(1, 7)]).unwrap_err().to_string(), "parts missing: 2/2");
//! assert_eq!(
//!     check(&[part(1, 7), part(2, 8)]).unwrap_err().to_string(),
//!     "part-2.json is a part of another run: its seed is 8, part-1.json's is 7; \
//!      merge only the parts of one run"
//! );
//! # Ok::<_, tabula_cli::Error>(())
//! ```

use serde_json::Value;
use tabula_registry::args::{Action, Arguments, Values};
#[cfg(doc)]
use tabula_registry::shard::ShardArg;
use tabula_registry::shard::{MAX_PARTS, Part, ShardContext, ShardHeader};
use tabula_registry::{Command, Error, Io, Report};

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
            let (what, mine, theirs) = setup_difference(&h.parameters, &first.parameters);
            return Err(differs(&what, mine, theirs));
        }
    }
    if first.of == 0 || first.of > MAX_PARTS {
        return Err(format!(
            "{first_file}: a run of {} parts; a run has 1 to {MAX_PARTS} parts",
            first.of
        )
        .into());
    }
    let mut by_part: Vec<Option<(ShardHeader, &str)>> = vec![None; first.of as usize];
    for (h, file) in headers {
        let slot = match h.part.checked_sub(1) {
            Some(i) => by_part.get_mut(i as usize),
            None => None,
        };
        let Some(slot) = slot else {
            return Err(format!("{file}: part {} of {} does not exist", h.part, h.of).into());
        };
        if let Some((_, other)) = slot {
            return Err(format!(
                "{other} and {file} are both part {}/{}: the parts overlap",
                h.part, h.of
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
    // The parts, in order, must hold every game once: each starts where
    // the one before ended.
    let mut next = 0;
    for (h, file) in by_part.iter().flatten() {
        if h.first_game != next || h.end_game < h.first_game {
            return Err(format!(
                "{file}: part {}/{} holds games {} to {}, where the parts before end at game {next}: it is not a part of this split",
                h.part,
                h.of,
                h.first_game,
                h.end_game.saturating_sub(1)
            )
            .into());
        }
        next = h.end_game;
    }
    if next != first.games {
        return Err(format!(
            "the parts hold games 0 to {} of a run of {}: it is not a part of this split",
            next.saturating_sub(1),
            first.games
        )
        .into());
    }
    Ok(by_part.into_iter().flatten().map(|(h, _)| h).collect())
}

/// The largest file `tabula merge` reads: 16 MiB, as for every file
/// tabula reads ([`tabula_core::spec::MAX_SOURCE_BYTES`]).
pub const MAX_PART_BYTES: u64 = tabula_core::spec::MAX_SOURCE_BYTES;

/// Reads the files `tabula merge` is given (each at most
/// [`MAX_PART_BYTES`], read no further).
pub fn read(files: &[String]) -> Result<Vec<Part>, Error> {
    use std::io::Read;
    files
        .iter()
        .map(|file| {
            let mut bytes = Vec::new();
            tabula_core::files::open(file)
                .and_then(|f| f.take(MAX_PART_BYTES + 1).read_to_end(&mut bytes))
                .map_err(|e| format!("{file}: {e}"))?;
            if bytes.len() as u64 > MAX_PART_BYTES {
                return Err(format!(
                    "{file}: more than {MAX_PART_BYTES} bytes, more than a part's output can be; is it the right file?"
                )
                .into());
            }
            let text = String::from_utf8(bytes)
                .map_err(|_| format!("{file}: not text, so not a part's JSON output; is it the right file?"))?;
            let json: Value = serde_json::from_str(&text).map_err(|e| {
                let hint = if text.starts_with("Part ") {
                    " (it is a part's text output: parts are written with --format json)"
                } else {
                    " (parts are the JSON outputs of --shard K/N --format json)"
                };
                format!("{file}:{}:{}: not JSON: {e}{hint}", e.line(), e.column())
            })?;
            Ok(Part {
                file: file.clone(),
                json,
            })
        })
        .collect()
}

/// Arguments that never go into a part's parameters: how to run and show
/// a run (threads, output, records, the part itself), not which games it
/// plays. Commands keep to these names for those options.
pub const NOT_PARAMETERS: [&str; 7] = [
    "shard",
    "threads",
    "format",
    "plot",
    "report",
    "record",
    "record_format",
];

/// The arguments given on the command line, as `[id, [values...]]`
/// pairs in the order `command` declares them, leaving out
/// [`NOT_PARAMETERS`]: what fixes a run, to compare parts and to run the
/// command again. Every value that names a file (a board, a card deck)
/// also gets that file's size and digest under `"files"`, so parts that
/// read different contents under one name are parts of different runs,
/// and a merge that would read another file is refused.
pub fn parameters(arguments: &Arguments, values: &Values) -> Value {
    let mut files = Vec::new();
    let args: Vec<Value> = arguments
        .iter()
        .filter_map(|a| {
            let id = a.id.as_str();
            let given = values.raw(id).filter(|_| values.given(id));
            given
                .filter(|_| !NOT_PARAMETERS.contains(&id))
                .map(|v| (id, v))
        })
        .map(|(id, values)| {
            for v in values {
                if let Some((bytes, digest)) = file_digest(v) {
                    files.push(serde_json::json!([v, bytes, digest]));
                }
            }
            serde_json::json!([id, values])
        })
        .collect();
    serde_json::json!({ "args": args, "files": files })
}

/// The size and FNV-1a digest of the file `path` names, if it names a
/// readable file.
fn file_digest(path: &str) -> Option<(u64, String)> {
    let path = std::path::Path::new(path);
    if !tabula_core::files::is_file(path) {
        return None;
    }
    let mut bytes = Vec::new();
    std::io::Read::read_to_end(&mut tabula_core::files::open(path).ok()?, &mut bytes).ok()?;
    let digest = bytes.iter().fold(0xcbf2_9ce4_8422_2325_u64, |h, &b| {
        (h ^ u64::from(b)).wrapping_mul(0x0000_0100_0000_01b3)
    });
    Some((bytes.len() as u64, format!("{digest:016x}")))
}

/// The command line that gives `parameters` again (see [`parameters`]),
/// after the command's `name`.
fn command_line(
    name: &str,
    arguments: &Arguments,
    parameters: &Value,
) -> Result<Vec<String>, Error> {
    let unreadable = || -> Error {
        "the parts' \"parameters\" are not a command's arguments; were they written by this version of tabula?".into()
    };
    let args = parameters
        .get("args")
        .and_then(Value::as_array)
        .ok_or_else(unreadable)?;
    let mut line = vec![name.to_string()];
    let mut positional = Vec::new();
    for pair in args {
        let (Some(id), Some(values)) = (
            pair.get(0).and_then(Value::as_str),
            pair.get(1).and_then(Value::as_array),
        ) else {
            return Err(unreadable());
        };
        let values: Vec<&str> = values.iter().filter_map(Value::as_str).collect();
        let arg = arguments
            .get(id)
            .ok_or_else(|| format!("the parts were run with an argument `{id}` this version of the command does not have"))?;
        if arg.is_positional() {
            positional.extend(values.iter().map(|v| v.to_string()));
            continue;
        }
        let flag = match (arg.long.as_deref(), arg.short) {
            (Some(long), _) => format!("--{long}"),
            (None, Some(short)) => format!("-{short}"),
            (None, None) => return Err(unreadable()),
        };
        match arg.action {
            Action::Flag => line.push(flag),
            Action::Set | Action::Append => {
                line.extend(values.iter().map(|v| format!("{flag}={v}")));
            }
        }
    }
    if !positional.is_empty() {
        line.push("--".to_string());
        line.extend(positional);
    }
    Ok(line)
}

/// Runs `game`'s command `c` with the `values` parsed for its
/// `arguments`, so that it can be split: a command that plays a part
/// ([`ShardContext::publish`]) gets the part's header in its report
/// (under `"shard"` in its JSON, and a line before its text).
pub fn run(
    game: &str,
    c: &dyn Command,
    arguments: &Arguments,
    values: &Values,
    io: &mut Io<'_>,
) -> Result<Option<Box<dyn Report>>, Error> {
    let context = ShardContext::playing(game, c.verb(), parameters(arguments, values));
    let before = std::mem::replace(&mut io.shard, context);
    let result = c.run(values, io);
    let context = std::mem::replace(&mut io.shard, before);
    match (result?, context.published()) {
        (Some(report), Some(header)) => Ok(Some(Box::new(PartReport { report, header }))),
        (report, _) => Ok(report),
    }
}

/// `tabula merge`: the whole run's report from its `parts`, by running
/// `c` (of the parts' game) again with the parts' arguments while it
/// takes their states from [`ShardContext::parts_to_merge`]. The
/// command line the parts were run with is parsed again as `c`'s
/// `arguments` (the command line's own parser), or refused saying why.
pub fn merge(
    c: &dyn Command,
    arguments: &Arguments,
    parts: Vec<Part>,
    io: &mut Io<'_>,
) -> Result<Box<dyn Report>, Error> {
    let headers = check(&parts)?;
    // Only a command that offers `--shard` plays parts; any other is
    // refused before it runs.
    if arguments.get("shard").is_none() {
        return Err(format!(
            "`{} {}` runs cannot be split into shards, so there is nothing to merge",
            c.verb(),
            headers[0].game
        )
        .into());
    }
    let line = command_line(&headers[0].game, arguments, &headers[0].parameters)?;
    let values = crate::args::command(&headers[0].game, arguments)
        .try_get_matches_from(&line)
        .map(|m| crate::args::values(arguments, &m))
        .map_err(|e| {
            format!(
                "the parts' arguments ({}) do not parse: {e}",
                line[1..].join(" ")
            )
        })?;
    // The command reads its files again: they must be the parts' files.
    let now = parameters(arguments, &values);
    if now["files"] != headers[0].parameters["files"] {
        if let Some(why) = file_changed(&headers[0].parameters["files"], &now["files"]) {
            return Err(format!(
                "the parts read files that are not here as they were: {why}; \
                 run tabula merge where the parts' files are, unchanged"
            )
            .into());
        }
        let here = match files_text(&now["files"]) {
            None => "none of them is found".to_string(),
            Some(files) => format!("there is {files}"),
        };
        return Err(format!(
            "the parts read files that are not here as they were: the parts read {}, here {here}; \
             run tabula merge where the parts' files are, unchanged",
            files_text(&headers[0].parameters["files"]).unwrap_or_else(|| "no files".to_string()),
        )
        .into());
    }
    // Each part's own time, to say what the merged report's time is.
    let times: Vec<Option<f64>> = headers
        .iter()
        .map(|h| h.state.get("wall_time_s").and_then(Value::as_f64))
        .collect();
    let context = ShardContext::merging(parts);
    // A part's state is read by the command as its own: the code that
    // merges it checks it first (`tabula_registry::shard::simulation`, the
    // tournaments), so a file edited by hand is refused with an error,
    // not merged.
    let before = std::mem::replace(&mut io.shard, context);
    let result = c.run(&values, io);
    let context = std::mem::replace(&mut io.shard, before);
    let report = result?;
    if context.parts_left() {
        return Err(format!(
            "`{}` runs cannot be split into shards, so there is nothing to merge",
            c.verb()
        )
        .into());
    }
    let report = report.ok_or_else(|| format!("`{}` gave no report to merge into", c.verb()))?;
    let times: Option<Vec<f64>> = times.into_iter().collect();
    Ok(match times {
        Some(times) => Box::new(MergedReport { report, times }),
        None => report,
    })
}

/// A merged report: the command's, with a line saying that its time is
/// the parts' total, and each part's.
struct MergedReport {
    report: Box<dyn Report>,
    /// Each part's wall time, in seconds, in part order.
    times: Vec<f64>,
}

impl Report for MergedReport {
    fn title(&self) -> String {
        self.report.title()
    }

    fn text(&self) -> String {
        let each: Vec<String> = self.times.iter().map(|t| format!("{t:.3} s")).collect();
        format!(
            "{}\nMerged from {} parts: the times above are the parts' total ({:.3} s), not the time of one run; each part took {}.\n",
            self.report.text().trim_end(),
            self.times.len(),
            self.times.iter().sum::<f64>(),
            each.join(", ")
        )
    }

    /// The command's JSON: its `wall_time_s` is the parts' total.
    fn json(&self) -> Result<String, Error> {
        self.report.json()
    }

    fn pictures(&self) -> Vec<tabula_registry::picture::Picture> {
        self.report.pictures()
    }
}

/// The first difference between two parts' parameters ([`parameters`]):
/// which option, and its value in each (`--board`, `b.ron`, `c.ron`), or
/// which file read differs and how.
fn setup_difference(mine: &Value, theirs: &Value) -> (String, String, String) {
    let args = |p: &Value| -> Vec<(String, String)> {
        p.get("args")
            .and_then(Value::as_array)
            .into_iter()
            .flatten()
            .map(|pair| {
                let id = pair
                    .get(0)
                    .and_then(Value::as_str)
                    .unwrap_or("?")
                    .to_string();
                let values: Vec<String> = pair
                    .get(1)
                    .and_then(Value::as_array)
                    .into_iter()
                    .flatten()
                    .map(|v| v.as_str().map_or_else(|| v.to_string(), str::to_string))
                    .collect();
                (id, values.join(","))
            })
            .collect()
    };
    let (a, b) = (args(mine), args(theirs));
    let value = |list: &[(String, String)], id: &str| {
        list.iter()
            .find(|(i, _)| i == id)
            .map_or_else(|| "not given".to_string(), |(_, v)| v.clone())
    };
    for (id, _) in a.iter().chain(&b) {
        let (x, y) = (value(&a, id), value(&b, id));
        if x != y {
            return (format!("--{}", id.replace('_', "-")), x, y);
        }
    }
    // The same options: a file read differs.
    let files = |p: &Value| file_list(p.get("files").unwrap_or(&Value::Null));
    let (fa, fb) = (files(mine), files(theirs));
    for (name, size, digest) in &fa {
        match fb.iter().find(|(n, _, _)| n == name) {
            Some((_, s2, d2)) if (s2, d2) != (size, digest) => {
                return (
                    format!("file {name}"),
                    format!("{size} bytes (digest {digest})"),
                    format!("{s2} bytes (digest {d2}): the contents differ"),
                );
            }
            None => {
                return (
                    format!("file {name}"),
                    format!("{size} bytes"),
                    "not found".into(),
                );
            }
            _ => {}
        }
    }
    ("set-up".into(), mine.to_string(), theirs.to_string())
}

/// A part's list of files read, `[[name, bytes, digest], ...]`, as
/// (name, bytes, digest); what is missing reads as `?`, 0 and empty.
fn file_list(files: &Value) -> Vec<(String, u64, String)> {
    files
        .as_array()
        .into_iter()
        .flatten()
        .map(|f| {
            (
                f[0].as_str().unwrap_or("?").to_string(),
                f[1].as_u64().unwrap_or(0),
                f[2].as_str().unwrap_or("").to_string(),
            )
        })
        .collect()
}

/// How the first file the parts read (`then`) differs from the file of
/// that name here (`now`), in words; `None` if each is the same.
fn file_changed(then: &Value, now: &Value) -> Option<String> {
    let here = file_list(now);
    file_list(then).into_iter().find_map(|(name, size, digest)| {
        match here.iter().find(|(n, _, _)| *n == name) {
            None => Some(format!(
                "the parts read {name} ({size} bytes), which is not found here"
            )),
            Some((_, s, _)) if *s != size => Some(format!(
                "the parts read {name} of {size} bytes, here it has {s} bytes"
            )),
            Some((_, _, d)) if *d != digest => Some(format!(
                "the parts read {name} of {size} bytes, and here it has the same size but other contents"
            )),
            _ => None,
        }
    })
}

/// The files of a part's parameters, as `name (N bytes)`; `None` for none.
fn files_text(files: &Value) -> Option<String> {
    let listed: Vec<String> = files
        .as_array()
        .into_iter()
        .flatten()
        .map(|f| format!("{} ({} bytes)", f[0].as_str().unwrap_or("?"), f[1]))
        .collect();
    (!listed.is_empty()).then(|| listed.join(", "))
}

/// A part's report: the command's, with the part's header.
struct PartReport {
    report: Box<dyn Report>,
    header: ShardHeader,
}

impl Report for PartReport {
    fn title(&self) -> String {
        format!(
            "{} (part {} of {})",
            self.report.title(),
            self.header.part,
            self.header.of
        )
    }

    fn text(&self) -> String {
        let h = &self.header;
        format!(
            "Part {} of {} of a run of {} games: games {} to {} (merge the parts' --format json outputs with tabula merge).\n{}",
            h.part,
            h.of,
            h.games,
            h.first_game,
            h.end_game.saturating_sub(1),
            self.report.text()
        )
    }

    fn json(&self) -> Result<String, Error> {
        let mut value: Value = serde_json::from_str(&self.report.json()?)?;
        match value.as_object_mut() {
            Some(map) => {
                map.insert("shard".into(), serde_json::to_value(&self.header)?);
            }
            None => return Err("a part's report must be a JSON object".into()),
        }
        tabula_registry::pretty(&value)
    }

    fn pictures(&self) -> Vec<tabula_registry::picture::Picture> {
        self.report.pictures()
    }
}
