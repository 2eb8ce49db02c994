//! Runs split with `--shard K/N` and put back together with `tabula
//! merge`, as a batch scheduler would run them: separate processes, JSON
//! files, then the merge, compared with the unsplit run.

use std::process::Command;

use crate::common::{self, json, stderr, tabula};

const TABULA: &str = env!("CARGO_BIN_EXE_tabula");

/// The keys that differ between any two runs: timings and threads.
const TIMING: [&str; 3] = ["wall_time_s", "time_per_game_ns", "threads"];

/// `v` without the timing keys or the part's own header.
fn numbers(mut v: serde_json::Value) -> serde_json::Value {
    if let Some(m) = v.as_object_mut() {
        for k in TIMING.iter().chain(&["shard"]) {
            m.remove(*k);
        }
    }
    v
}

const RUN: [&str; 10] = [
    "simulate",
    "snakes",
    "--games",
    "40000",
    "--seed",
    "11",
    "--players",
    "2",
    "--format",
    "json",
];

fn whole() -> serde_json::Value {
    numbers(json(&tabula(&RUN)))
}

/// Writes part `k` of `n` of [`RUN`] into `dir`.
fn part(dir: &std::path::Path, k: u64, n: u64) -> String {
    let shard = format!("{k}/{n}");
    let mut args = RUN.to_vec();
    args.extend(["--shard", &shard]);
    let o = tabula(&args);
    assert!(o.status.success(), "{}", stderr(&o));
    let path = dir.join(format!("part-{k}.json"));
    std::fs::write(&path, &o.stdout).expect("write a part");
    path.display().to_string()
}

#[test]
fn four_parts_merge_into_exactly_the_whole_run() {
    let dir = common::temp_dir("shards-seq");
    let files: Vec<String> = (1..=4).map(|k| part(&dir, k, 4)).collect();
    let args: Vec<&str> = ["merge"]
        .into_iter()
        .chain(files.iter().map(String::as_str))
        .chain(["--format", "json"])
        .collect();
    assert_eq!(numbers(json(&tabula(&args))), whole());
    // In any order.
    let reversed: Vec<&str> = ["merge"]
        .into_iter()
        .chain(files.iter().rev().map(String::as_str))
        .chain(["--format", "json"])
        .collect();
    assert_eq!(numbers(json(&tabula(&reversed))), whole());
}

/// Runs the `run` arguments of `tabula` in four parts through GNU
/// `parallel`, each part's JSON in a file, then `tabula merge` over them,
/// as the book's line does: the merged JSON, or `None` (saying SKIPPED)
/// where `parallel` is not installed.
fn through_gnu_parallel(name: &str, run: &str) -> Option<serde_json::Value> {
    if Command::new("parallel").arg("--version").output().is_err() {
        eprintln!("SKIPPED: GNU parallel is not installed (apt-get install parallel)");
        return None;
    }
    let dir = common::temp_dir(name);
    let line = format!(
        "parallel --will-cite '{TABULA} {run} --shard {{}}/4 --format json > part-{{}}.json' ::: 1 2 3 4 && {TABULA} merge part-*.json --format json"
    );
    let o = Command::new("sh")
        .arg("-c")
        .arg(&line)
        .current_dir(&dir)
        .output()
        .expect("sh runs");
    assert!(o.status.success(), "{}", stderr(&o));
    Some(serde_json::from_slice(&o.stdout).expect("JSON"))
}

#[test]
fn four_parts_through_gnu_parallel_merge_into_the_whole_run() {
    // The book's line, as a user types it.
    let run = "simulate snakes --games 40000 --seed 11 --players 2";
    if let Some(merged) = through_gnu_parallel("shards-parallel", run) {
        assert_eq!(numbers(merged), whole());
    }
}

#[test]
fn parts_of_other_runs_overlapping_or_missing_are_refused() {
    let dir = common::temp_dir("shards-bad");
    let files: Vec<String> = (1..=3).map(|k| part(&dir, k, 3)).collect();
    let merge = |files: &[&str]| {
        let args: Vec<&str> = ["merge"].into_iter().chain(files.iter().copied()).collect();
        let o = tabula(&args);
        assert_eq!(o.status.code(), Some(1), "{files:?}");
        stderr(&o)
    };
    let f: Vec<&str> = files.iter().map(String::as_str).collect();
    assert!(merge(&[f[0], f[1]]).contains("parts missing: 3/3"));
    assert!(merge(&[f[0], f[1], f[1], f[2]]).contains("are both part 2/3: the parts overlap"));
    // Another seed, other rules, another number of parts.
    for (flag, value, what) in [
        ("--seed", "12", "its seed is 12"),
        ("--rules", "exact", "its --rules is exact, "),
    ] {
        let mut args = RUN.to_vec();
        let i = args.iter().position(|a| *a == flag);
        match i {
            Some(i) => args[i + 1] = value,
            None => args.extend([flag, value]),
        }
        args.extend(["--shard", "3/3"]);
        let o = tabula(&args);
        let other = dir.join("other.json");
        std::fs::write(&other, &o.stdout).expect("write");
        let other = other.display().to_string();
        let err = merge(&[f[0], f[1], &other]);
        assert!(
            err.contains("is a part of another run") && err.contains(what),
            "{err}"
        );
    }
    // Not a part at all, and not JSON.
    let whole = dir.join("whole.json");
    std::fs::write(&whole, &tabula(&RUN).stdout).expect("write");
    assert!(
        merge(&[&whole.display().to_string()]).contains("not the output of a run with --shard")
    );
    let bad = dir.join("bad.json");
    std::fs::write(&bad, "{\"games\": ").expect("write");
    assert!(merge(&[f[0], &bad.display().to_string()]).contains("bad.json:1:10: not JSON"));
    // A part with no games, and a malformed part number.
    let o = tabula(&["simulate", "snakes", "--games", "2", "--shard", "1/3"]);
    assert_eq!(o.status.code(), Some(1));
    assert!(
        stderr(&o).contains("has no games for that part"),
        "{}",
        stderr(&o)
    );
    let o = tabula(&["simulate", "snakes", "--shard", "5/4"]);
    assert_eq!(o.status.code(), Some(2));
    assert!(stderr(&o).contains("K from 1 to N"), "{}", stderr(&o));
}

/// The book's SLURM job-array script, run as its four array tasks would
/// run it (the task number in `SLURM_ARRAY_TASK_ID`, fewer games), then
/// merged: the whole run's numbers.
#[test]
fn the_books_slurm_script_runs_as_an_array_and_merges() {
    let dir = common::temp_dir("shards-slurm");
    let script = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("book/src/shards.sbatch");
    let bin = std::path::Path::new(TABULA)
        .parent()
        .expect("the binary's folder");
    let path = format!(
        "{}:{}",
        bin.display(),
        std::env::var("PATH").unwrap_or_default()
    );
    for task in 1..=4 {
        let o = Command::new("bash")
            .arg(&script)
            .env("SLURM_ARRAY_TASK_ID", task.to_string())
            .env("GAMES", "20000")
            .env("PATH", &path)
            .current_dir(&dir)
            .output()
            .expect("bash runs");
        assert!(o.status.success(), "task {task}: {}", stderr(&o));
    }
    let files: Vec<String> = (1..=4)
        .map(|k| dir.join(format!("part-{k}.json")).display().to_string())
        .collect();
    let args: Vec<&str> = ["merge"]
        .into_iter()
        .chain(files.iter().map(String::as_str))
        .chain(["--format", "json"])
        .collect();
    let whole = json(&tabula(&[
        "simulate", "snakes", "--games", "20000", "--seed", "7", "--format", "json",
    ]));
    assert_eq!(numbers(json(&tabula(&args))), numbers(whole));
}

/// `v` without timings, threads or the part's header, at any depth: what
/// two runs share.
fn results(v: serde_json::Value) -> serde_json::Value {
    match v {
        serde_json::Value::Object(m) => m
            .into_iter()
            .filter(|(k, _)| {
                ![
                    "wall_time_s",
                    "time_per_game_ns",
                    "threads",
                    "time_s",
                    "longest_call_ms",
                    "shard",
                ]
                .contains(&k.as_str())
            })
            .map(|(k, v)| (k, results(v)))
            .collect(),
        serde_json::Value::Array(a) => a.into_iter().map(results).collect(),
        v => v,
    }
}

/// A count in a tournament part's state: its first job's first seat's wins.
const WINS: &str = "/shard/state/jobs/0/tallies/0/wins";

/// Runs `args` whole and in `n` parts (each its own process, its JSON in
/// a file), merges the parts in reverse order, and checks the merge is
/// the whole run, to the last digit; then that the merge is made of the
/// parts' counts: adding 1000 to the count at `count` (a JSON pointer into
/// the last part) changes it.
fn splits_exactly(name: &str, args: &[&str], n: u64, count: &str) {
    let dir = common::temp_dir(name);
    let run = |extra: &[&str]| {
        let all: Vec<&str> = args.iter().chain(extra).copied().collect();
        let o = tabula(&all);
        assert!(o.status.success(), "{all:?}: {}", stderr(&o));
        o.stdout
    };
    let whole: serde_json::Value =
        serde_json::from_slice(&run(&["--format", "json"])).expect("JSON");
    let mut files = Vec::new();
    for k in (1..=n).rev() {
        let shard = format!("{k}/{n}");
        let path = dir.join(format!("part-{k}.json"));
        std::fs::write(
            &path,
            run(&["--shard", &shard, "--threads", "1", "--format", "json"]),
        )
        .expect("write a part");
        files.push(path.display().to_string());
    }
    let merge: Vec<&str> = ["merge"]
        .into_iter()
        .chain(files.iter().map(String::as_str))
        .chain(["--format", "json"])
        .collect();
    let merged = json(&tabula(&merge));
    assert_eq!(results(merged), results(whole.clone()), "{args:?}");
    // The merge counts the parts' games and plays none, and checks
    // them: a part that claims a thousand more of something no longer
    // adds up, and is refused by name.
    let mut part: serde_json::Value =
        serde_json::from_str(&std::fs::read_to_string(&files[0]).expect("read")).expect("JSON");
    let counted = part.pointer_mut(count).expect("the part has that count");
    *counted = serde_json::json!(counted.as_u64().expect("a count") + 1000);
    std::fs::write(&files[0], part.to_string()).expect("write");
    let tampered = tabula(&merge);
    assert_eq!(tampered.status.code(), Some(1), "{args:?}");
    assert!(
        stderr(&tampered).contains(&files[0]) && stderr(&tampered).contains("does not add up"),
        "{args:?}: {}",
        stderr(&tampered)
    );
}

#[test]
fn every_games_tournament_splits_and_merges_exactly() {
    // Chance-it: three strategies, exact chances and its own turn counts.
    splits_exactly(
        "shards-chance-it",
        &[
            "tournament",
            "chance-it",
            "--agents",
            "threshold-5,threshold-10,optimal",
            "--games",
            "3000",
            "--seed",
            "5",
        ],
        4,
        WINS,
    );
    splits_exactly(
        "shards-noline",
        &[
            "tournament",
            "noline",
            "--agents",
            "type1,type2,random",
            "--games",
            "200",
            "--seed",
            "3",
        ],
        3,
        WINS,
    );
    // Seega ranks by time by default; by points the ranks are the specification's.
    splits_exactly(
        "shards-seega",
        &[
            "tournament",
            "seega",
            "--agents",
            "random,greedy,alphabeta-200",
            "--games",
            "20",
            "--seed",
            "2",
            "--scoring",
            "points",
        ],
        3,
        WINS,
    );
}

/// A part's collectors, per seating: `null` for a game without a tally
/// (noline), the tally itself for one with (Chance-it's turn counts). The
/// tournament runs both with one collector type (issue 54); the part
/// files read as they did when the tally-less one was `()`.
#[test]
fn a_parts_collectors_are_null_without_a_tally_and_the_tally_with_one() {
    let collectors = |command: &str| {
        let args: Vec<&str> = command
            .split(' ')
            .chain(["--shard", "1/2", "--threads", "1", "--format", "json"])
            .collect();
        let part = json(&tabula(&args));
        part.pointer("/shard/state/jobs/0/collectors")
            .expect("a job's collectors")
            .as_array()
            .expect("one per seating")
            .clone()
    };
    let noline = collectors("tournament noline --agents type1,type2 --games 4 --seed 3");
    assert_eq!(noline, [serde_json::Value::Null, serde_json::Value::Null]);
    let chance_it =
        collectors("tournament chance-it --agents until-ten,tapering --games 4 --seed 3");
    assert_eq!(chance_it.len(), 2);
    for (seating, c) in chance_it.iter().enumerate() {
        assert_eq!(c["tallies"], "turn counts", "{c}");
        assert_eq!(c["games"], 1, "{c}");
        let seats: Vec<u64> = (0..2)
            .map(|s| {
                c["by_seat"][s]
                    .as_array()
                    .expect("values")
                    .iter()
                    .map(|n| n.as_u64().expect("a count"))
                    .sum()
            })
            .collect();
        assert!(
            seats.iter().all(|&turns| turns > 0),
            "seating {seating}: {c}"
        );
    }
}

#[test]
fn simulations_split_and_merge_exactly() {
    // Snakes: the specification-000 report's collectors (lengths, squares, wins).
    splits_exactly(
        "shards-snakes",
        &[
            "simulate",
            "snakes",
            "--games",
            "30000",
            "--seed",
            "4",
            "--players",
            "3",
        ],
        3,
        "/shard/state/collector/2/wins/1",
    );
    // Monopoly counts with its own collector.
    splits_exactly(
        "shards-monopoly",
        &["simulate", "monopoly", "--turns", "200000", "--seed", "9"],
        3,
        "/shard/state/collector/ends_sum/10",
    );
}

#[test]
fn a_tournament_through_gnu_parallel_merges_into_the_whole_tournament() {
    let run = "tournament noline --agents type1,type2,random --games 200 --seed 3";
    if let Some(merged) = through_gnu_parallel("shards-tournament-parallel", run) {
        let args: Vec<&str> = run.split(' ').chain(["--format", "json"]).collect();
        assert_eq!(results(merged), results(json(&tabula(&args))));
    }
}

#[test]
fn tournament_parts_of_other_runs_or_too_many_parts_are_refused() {
    let dir = common::temp_dir("shards-tournament-bad");
    let part = |agents: &str, shard: &str| {
        let o = tabula(&[
            "tournament",
            "noline",
            "--agents",
            agents,
            "--games",
            "100",
            "--shard",
            shard,
            "--format",
            "json",
        ]);
        assert!(o.status.success(), "{}", stderr(&o));
        let path = dir.join(format!("{agents}-{}.json", shard.replace('/', "of")));
        std::fs::write(&path, &o.stdout).expect("write");
        path.display().to_string()
    };
    let a = part("type1,random", "1/2");
    let other = part("type2,random", "2/2");
    let o = tabula(&["merge", &a, &other]);
    assert_eq!(o.status.code(), Some(1));
    assert!(
        stderr(&o).contains("is a part of another run")
            && stderr(&o).contains("its --agents is type2,random, "),
        "{}",
        stderr(&o)
    );
    // A simulation's part with a tournament's.
    let sim = dir.join("sim.json");
    let o = tabula(&[
        "simulate", "snakes", "--games", "100", "--shard", "2/2", "--format", "json",
    ]);
    std::fs::write(&sim, &o.stdout).expect("write");
    let o = tabula(&["merge", &a, &sim.display().to_string()]);
    assert_eq!(o.status.code(), Some(1));
    assert!(
        stderr(&o).contains("its game is simulate snakes"),
        "{}",
        stderr(&o)
    );
    // A tournament is split by whole chunks of deals: 100 games of one
    // pair are far fewer than 500 of them.
    let o = tabula(&[
        "tournament",
        "noline",
        "--agents",
        "type1,random",
        "--games",
        "100",
        "--shard",
        "500/500",
    ]);
    assert_eq!(o.status.code(), Some(1));
    assert!(stderr(&o).contains("use fewer parts"), "{}", stderr(&o));
}

#[test]
fn parts_edited_or_read_from_other_files_are_refused_before_any_harm() {
    let dir = common::temp_dir("shards-edited");
    let board = dir.join("board.ron");
    let teaching = include_str!("../../games/snakes/boards/teaching.ron");
    std::fs::write(&board, teaching).expect("write a board");
    let board = board.display().to_string();
    let part = |k: u64, name: &str| -> String {
        let shard = format!("{k}/2");
        let o = tabula(&[
            "simulate", "snakes", &board, "--games", "2000", "--seed", "7", "--shard", &shard,
            "--format", "json",
        ]);
        assert!(o.status.success(), "{}", stderr(&o));
        let path = dir.join(name);
        std::fs::write(&path, &o.stdout).expect("write a part");
        path.display().to_string()
    };
    let merge = |files: &[&str]| {
        let args: Vec<&str> = ["merge"].into_iter().chain(files.iter().copied()).collect();
        let o = tabula(&args);
        assert_eq!(o.status.code(), Some(1), "{files:?}: {}", stderr(&o));
        stderr(&o)
    };
    let (p1, p2) = (part(1, "p1.json"), part(2, "p2.json"));
    // The board file changes between the parts: not one run.
    let other = teaching.replace("ladders: [(3, 11), (6, 17)]", "ladders: [(3, 19)]");
    std::fs::write(&board, &other).expect("edit the board");
    let changed = part(2, "changed.json");
    let err = merge(&[&p1, &changed]);
    assert!(
        err.contains("is a part of another run: its file") && err.contains("the contents differ"),
        "{err}"
    );
    // The board changes after both parts: the merge would read another.
    let err = merge(&[&p1, &p2]);
    assert!(
        err.contains("the parts read files that are not here as they were"),
        "{err}"
    );
    std::fs::write(&board, teaching).expect("restore the board");
    assert!(tabula(&["merge", &p1, &p2]).status.success());
    // Hand-edited headers and state.
    let edit = |file: &str, name: &str, f: &dyn Fn(&mut serde_json::Value)| -> String {
        let mut v: serde_json::Value =
            serde_json::from_str(&std::fs::read_to_string(file).expect("read")).expect("JSON");
        f(&mut v);
        let path = dir.join(name);
        std::fs::write(&path, v.to_string()).expect("write");
        path.display().to_string()
    };
    let zero = edit(&p1, "zero.json", &|v| v["shard"]["part"] = 0.into());
    assert!(merge(&[&zero, &p2]).contains("part 0 of 2 does not exist"));
    let huge = |v: &mut serde_json::Value| v["shard"]["of"] = u64::MAX.into();
    let (h1, h2) = (edit(&p1, "h1.json", &huge), edit(&p2, "h2.json", &huge));
    assert!(merge(&[&h1, &h2]).contains("a run has 1 to 1000000 parts"));
    let analyze = |v: &mut serde_json::Value| v["shard"]["command"] = "analyze".into();
    let (a1, a2) = (
        edit(&p1, "a1.json", &analyze),
        edit(&p2, "a2.json", &analyze),
    );
    assert!(merge(&[&a1, &a2]).contains("`analyze snakes` runs cannot be split"));
    // Counts for fewer squares than the board has, which Monopoly's
    // report cannot read: an error, not a crash.
    let monopoly = |k: u64| -> String {
        let shard = format!("{k}/2");
        let o = tabula(&[
            "simulate", "monopoly", "--turns", "20000", "--shard", &shard, "--format", "json",
        ]);
        assert!(o.status.success(), "{}", stderr(&o));
        let path = dir.join(format!("m{k}.json"));
        std::fs::write(&path, &o.stdout).expect("write a part");
        path.display().to_string()
    };
    let (m1, m2) = (monopoly(1), monopoly(2));
    let short = |v: &mut serde_json::Value| {
        for key in ["ends_sum", "ends_sq", "lands_sum"] {
            if let Some(a) = v["shard"]["state"]["collector"][key].as_array_mut() {
                a.truncate(3);
            }
        }
    };
    let (s1, s2) = (edit(&m1, "s1.json", &short), edit(&m2, "s2.json", &short));
    let err = merge(&[&s1, &s2]);
    assert!(
        err.contains("does not add up")
            && err.contains("`ends_sum` has 3 squares")
            && !err.contains("panicked"),
        "{err}"
    );
}
