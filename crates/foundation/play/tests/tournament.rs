//! The tournament engine on small games: determinism across thread
//! counts and entrants, seatings, forfeits, capped games, time limits,
//! records and replay.

use crate::common;

use std::collections::BTreeSet;
use std::path::{Path, PathBuf};
use std::sync::Mutex;
use std::sync::atomic::Ordering;
use std::time::Duration;

use common::*;
use tabula_core::BoardGame;
use tabula_play::record::{self, Format, RecordError};
use tabula_play::referee::Fault;
use tabula_play::tournament::{
    Entrant, GameId, PairingResult, RunOptions, Scoring, Standings, Tournament, TournamentError,
};
use tabula_sim::{Collector, Playout};

/// The standings as JSON without what depends on timing or threads.
fn timeless(s: &Standings) -> serde_json::Value {
    let mut v = serde_json::to_value(s).expect("standings serialize");
    fn strip(v: &mut serde_json::Value) {
        match v {
            serde_json::Value::Object(m) => {
                for key in ["time_s", "longest_call_ms", "wall_time_s", "threads"] {
                    m.remove(key);
                }
                m.values_mut().for_each(strip);
            }
            serde_json::Value::Array(a) => a.iter_mut().for_each(strip),
            _ => {}
        }
    }
    strip(&mut v);
    v
}

fn nim_field() -> Vec<Entrant<Nim>> {
    vec![
        entrant("perfect", || Perfect),
        entrant("random", || RandomNim),
        entrant("random2", || RandomNim),
    ]
}

fn dice_field() -> Vec<Entrant<KeepOrGamble>> {
    vec![
        entrant("keeper", || Keeper),
        entrant("smart", || Smart),
        entrant("coin", || Coin),
        entrant("gambler", || Gambler),
    ]
}

fn pairing<'a>(s: &'a Standings, names: &[&str]) -> &'a PairingResult {
    s.pairings
        .iter()
        .find(|p| {
            p.entrants
                .iter()
                .map(|e| e.name.as_str())
                .eq(names.iter().copied())
        })
        .expect("the pairing is played")
}

#[test]
fn results_do_not_depend_on_the_thread_count() {
    for games in [1, 37, 300] {
        let one = Tournament::new(games).with_seed(11).with_threads(Some(1));
        let two = Tournament::new(games).with_seed(11).with_threads(Some(2));
        let a = one
            .run(&NIM, &nim_field(), RunOptions::new())
            .map(|r| r.standings)
            .expect("runs");
        let b = two
            .run(&NIM, &nim_field(), RunOptions::new())
            .map(|r| r.standings)
            .expect("runs");
        assert_eq!(timeless(&a), timeless(&b), "nim, {games} games");
        assert_eq!((a.threads, b.threads), (1, 2));
        let a = one
            .run(&KEEP_OR_GAMBLE, &dice_field(), RunOptions::new())
            .map(|r| r.standings)
            .expect("runs");
        let b = two
            .run(&KEEP_OR_GAMBLE, &dice_field(), RunOptions::new())
            .map(|r| r.standings)
            .expect("runs");
        assert_eq!(timeless(&a), timeless(&b), "dice, {games} games");
    }
}

#[test]
fn a_pairing_does_not_depend_on_the_other_entrants() {
    let t = Tournament::new(200).with_seed(5).with_threads(Some(2));
    let field = nim_field();
    let pair: Vec<Entrant<Nim>> = field.into_iter().skip(1).collect();
    let alone = t
        .run(&NIM, &pair, RunOptions::new())
        .map(|r| r.standings)
        .expect("runs");
    let crowd = t
        .run(&NIM, &nim_field(), RunOptions::new())
        .map(|r| r.standings)
        .expect("runs");
    let json = |p: &PairingResult| serde_json::to_value(p).expect("serializes");
    assert_eq!(
        json(pairing(&alone, &["random", "random2"])),
        json(pairing(&crowd, &["random", "random2"]))
    );
    // Random play gives both sides wins.
    let p = pairing(&alone, &["random", "random2"]);
    assert!(p.entrants.iter().all(|e| e.wins > 0));

    // Three seats: keeper, smart and coin play the same games with or
    // without the gambler.
    let t = Tournament::new(60).with_seed(5);
    let three: Vec<Entrant<KeepOrGamble>> = dice_field().into_iter().take(3).collect();
    let alone = t
        .run(&KEEP_OR_GAMBLE, &three, RunOptions::new())
        .map(|r| r.standings)
        .expect("runs");
    let crowd = t
        .run(&KEEP_OR_GAMBLE, &dice_field(), RunOptions::new())
        .map(|r| r.standings)
        .expect("runs");
    let names = ["keeper", "smart", "coin"];
    assert_eq!(alone.pairings.len(), 1);
    assert_eq!(crowd.pairings.len(), 4);
    assert_eq!(json(pairing(&alone, &names)), json(pairing(&crowd, &names)));
}

#[derive(Clone, Default)]
struct Count {
    games: u64,
    rolls: u64,
}
impl<G: BoardGame> Collector<G> for Count {
    fn start_game(&mut self, _: u64) {
        self.games += 1;
    }
    fn event(&mut self, _: &G::Event) {
        self.rolls += 1;
    }
    fn end_game(&mut self, _: &Playout, _: &G::State) {}
    fn merge(&mut self, other: Self) {
        self.games += other.games;
        self.rolls += other.rolls;
    }
}

#[test]
fn every_seating_is_played_in_turn() {
    // Two seats: 10 games, each entrant 5 in each seat.
    let s = Tournament::new(10)
        .run(&NIM, &nim_field(), RunOptions::new())
        .map(|r| r.standings)
        .expect("runs");
    assert_eq!((s.seats, s.seatings, s.pairings.len()), (2, 2, 3));
    for p in &s.pairings {
        for e in &p.entrants {
            assert_eq!(e.games_by_seat, vec![5, 5], "{}", e.name);
        }
    }
    for e in &s.entrants {
        assert_eq!(e.games, 20);
    }

    // Three seats, 13 games: the 6 permutations twice, then the first
    // again; game k sits seating k mod 6 with the dice of deal k / 6.
    let ids = Mutex::new(Vec::new());
    let collect = |id: &GameId| {
        ids.lock().expect("not poisoned").push(id.clone());
        Count::default()
    };
    let three: Vec<Entrant<KeepOrGamble>> = dice_field().into_iter().take(3).collect();
    let out = Tournament::new(13)
        .with_threads(Some(2))
        .run(&KEEP_OR_GAMBLE, &three, RunOptions::new().collect(&collect))
        .expect("runs");
    let (s, collectors) = (out.standings, out.collectors);
    assert_eq!((s.seats, s.seatings), (3, 6));
    let mut ids = ids.into_inner().expect("not poisoned");
    ids.sort_by_key(|id| id.game);
    assert_eq!(ids.len(), 13);
    let first: BTreeSet<Vec<usize>> = ids[..6].iter().map(|id| id.seating.clone()).collect();
    assert_eq!(first.len(), 6, "six different seatings");
    for id in &ids {
        assert_eq!(id.seating, ids[(id.game % 6) as usize].seating);
        assert_eq!(id.deal, id.game / 6);
    }
    let p = &s.pairings[0];
    for e in &p.entrants {
        let games: u64 = e.games_by_seat.iter().sum();
        assert_eq!(games, 13);
        // Seating 0 is played three times: its entrant sits in its own
        // seat once more than in the others.
        assert!(e.games_by_seat.iter().all(|g| *g == 4 || *g == 5));
    }
    // One collector per seating, holding that seating's games: 9 rolls
    // a game.
    assert_eq!(collectors.len(), 1);
    let games: Vec<u64> = collectors[0].iter().map(|c| c.games).collect();
    assert_eq!(games, vec![3, 2, 2, 2, 2, 2]);
    assert!(collectors[0].iter().all(|c| c.rolls == 9 * c.games));
    // Each of the three pairs of seats shares one point, and points are
    // over the two opponents: 3/2 points a game.
    let points: f64 = s.entrants.iter().map(|e| e.points).sum();
    assert_eq!(points, 13.0 * 1.5);
    let firsts: u64 = s.entrants.iter().map(|e| e.wins).sum();
    let shared: u64 = s.entrants.iter().map(|e| e.shared_firsts).sum();
    assert!(firsts <= 13 && firsts + shared >= 13);
}

#[test]
fn the_smart_dice_player_wins_the_most() {
    let s = Tournament::new(600)
        .with_seed(3)
        .run(&KEEP_OR_GAMBLE, &dice_field(), RunOptions::new())
        .map(|r| r.standings)
        .expect("runs");
    assert_eq!(s.entrants[0].name, "smart");
    assert_eq!(s.entrants[0].rank, 1);
    for w in s.entrants.windows(2) {
        assert!(w[0].score >= w[1].score);
        assert!(w[0].rank <= w[1].rank);
    }
    // Expected gain of a turn: 2 for keeping, gambling or tossing a coin,
    // (1 + 2 + 6) / 3 = 3 for the smart player; three turns a game.
    let p = pairing(&s, &["keeper", "smart", "coin"]);
    for (e, exact) in p.entrants.iter().zip([6.0, 9.0, 6.0]) {
        assert!(e.score_std_error > 0.0 && e.score_std_error < 0.5);
        assert!(
            (e.mean_score - exact).abs() < 4.0 * e.score_std_error,
            "{}: {} ± {}",
            e.name,
            e.mean_score,
            e.score_std_error
        );
    }
    assert_eq!(p.mean_moves, 9.0);
}

#[test]
fn forfeits_stay_in_their_own_games() {
    let field = vec![
        entrant("perfect", || Perfect),
        entrant("random", || RandomNim),
        entrant("panicker", || Panicker),
        entrant("cheat", || Cheat),
    ];
    let s = Tournament::new(40)
        .with_threads(Some(2))
        .run(&NIM, &field, RunOptions::new())
        .map(|r| r.standings)
        .expect("the tournament finishes");
    let get = |name: &str| s.entrants.iter().find(|e| e.name == name).expect("listed");
    // Each forfeits every game it gets to move in: all but the 20 games
    // against the other where the other moves first.
    assert_eq!(get("panicker").panics, 100);
    assert_eq!(get("cheat").illegal, 100);
    assert_eq!(get("panicker").illegal + get("panicker").too_slow, 0);
    for name in ["perfect", "random"] {
        let e = get(name);
        assert_eq!(e.illegal + e.panics + e.too_slow, 0, "{name}");
    }
    // Panicker and cheat lose all their games but the one between them,
    // where the first to move forfeits.
    let p = pairing(&s, &["panicker", "cheat"]);
    assert_eq!(p.entrants[0].forfeits + p.entrants[1].forfeits, 40);
    assert_eq!(p.entrants[0].wins, 20);
    assert!(get("perfect").wins >= 100);
    assert_eq!(s.faults.len(), 200);
    assert!(s.faults.iter().all(|f| match &f.fault {
        Fault::Panic(m) => f.entrant == "panicker" && m == "the panicker panics",
        Fault::Illegal(m) => f.entrant == "cheat" && m == "3",
        Fault::TooSlow { .. } => false,
    }));
    let p = pairing(&s, &["perfect", "random"]);
    assert_eq!(p.entrants.iter().map(|e| e.forfeits).sum::<u64>(), 0);
    assert_eq!(p.games, 40);
}

#[test]
fn agents_are_made_once_per_job_and_again_after_a_panic() {
    let (perfect, perfect_made) = counted("perfect", || Perfect);
    let (panicker, panicker_made) = counted("panicker", || Panicker);
    let s = Tournament::new(40)
        .run(&NIM, &[perfect, panicker], RunOptions::new())
        .map(|r| r.standings)
        .expect("the tournament finishes");
    assert_eq!(s.entrants[1].panics, 40);
    // A fresh panicker for every game, as each one panics; the perfect
    // player is made once per chunk of games, not once per game.
    assert_eq!(panicker_made.load(Ordering::Relaxed), 40);
    assert!(perfect_made.load(Ordering::Relaxed) <= 10);
}

#[test]
fn capped_games_are_counted_as_capped() {
    let game = Nim {
        pile: 10,
        most: 2,
        pass: true,
    };
    let field = vec![entrant("passer", || Passer), entrant("passer2", || Passer)];
    let s = Tournament::new(6)
        .with_max_steps(50)
        .run(&game, &field, RunOptions::new())
        .map(|r| r.standings)
        .expect("runs");
    let p = &s.pairings[0];
    assert_eq!((p.games, p.capped, p.draws), (6, 6, 0));
    assert_eq!(p.mean_moves, 50.0);
    for e in &s.entrants {
        assert_eq!(
            (e.games, e.capped, e.wins, e.shared_firsts, e.losses),
            (6, 6, 0, 0, 0)
        );
        assert_eq!(e.points, 0.0);
    }
}

#[test]
fn a_slow_agent_forfeits_by_the_move_time_limit() {
    let field = vec![
        entrant("perfect", || Perfect),
        entrant("slow", || Slow(Duration::from_millis(30))),
    ];
    let s = Tournament::new(4)
        .with_move_time_limit(Some(Duration::from_millis(5)))
        .run(&NIM, &field, RunOptions::new())
        .map(|r| r.standings)
        .expect("runs");
    let slow = s
        .entrants
        .iter()
        .find(|e| e.name == "slow")
        .expect("listed");
    assert_eq!((slow.too_slow, slow.losses, slow.calls), (4, 4, 4));
    assert!(slow.longest_call_ms >= 30.0);
    assert!(matches!(
        s.faults[0].fault,
        Fault::TooSlow { took_ms, limit_ms: 5 } if took_ms >= 30
    ));
    // Scoring by time: the slow player also loses its seconds.
    let s = Tournament::new(2)
        .with_scoring(Scoring::TimePenalty { per_second: 10.0 })
        .run(&NIM, &field, RunOptions::new())
        .map(|r| r.standings)
        .expect("runs");
    let slow = s
        .entrants
        .iter()
        .find(|e| e.name == "slow")
        .expect("listed");
    assert!(slow.score <= slow.points - 10.0 * 0.03 * 2.0);
}

#[test]
fn bad_settings_are_errors() {
    let err = |r: Result<Standings, TournamentError>| r.err().map(|e| e.to_string());
    let one = vec![entrant("perfect", || Perfect)];
    assert_eq!(
        err(Tournament::new(2)
            .run(&NIM, &one, RunOptions::new())
            .map(|r| r.standings))
        .as_deref(),
        Some("a tournament of a 2-seat game needs at least 2 entrants, got 1")
    );
    let twice = vec![
        entrant("perfect", || Perfect),
        entrant("perfect", || Perfect),
    ];
    assert!(matches!(
        Tournament::new(2).run(&NIM, &twice, RunOptions::new()).map(|r| r.standings),
        Err(TournamentError::Duplicate(n)) if n == "perfect"
    ));
    assert!(matches!(
        Tournament::new(0)
            .run(&NIM, &nim_field(), RunOptions::new())
            .map(|r| r.standings),
        Err(TournamentError::NoGames)
    ));
    let unbuildable = vec![
        entrant("perfect", || Perfect),
        Entrant::<Nim> {
            name: "broken".into(),
            make: Box::new(|_| {
                Err(tabula_play::agents::AgentError::Build {
                    name: "broken".into(),
                    error: "no".into(),
                })
            }),
        },
    ];
    assert!(matches!(
        Tournament::new(2)
            .run(&NIM, &unbuildable, RunOptions::new())
            .map(|r| r.standings),
        Err(TournamentError::Agent(_))
    ));
}

#[test]
fn progress_reaches_every_game() {
    let seen = Mutex::new(Vec::new());
    Tournament::new(100)
        .with_threads(Some(2))
        .run(
            &NIM,
            &nim_field(),
            RunOptions::new().progress(&|d| seen.lock().expect("not poisoned").push(d)),
        )
        .expect("runs");
    let seen = seen.into_inner().expect("not poisoned");
    assert_eq!(seen.iter().max(), Some(&300));
}

fn temp_dir(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("tabula-play-{}-{name}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    dir
}

fn files(dir: &Path) -> Vec<PathBuf> {
    let mut files: Vec<PathBuf> = std::fs::read_dir(dir)
        .expect("the directory exists")
        .map(|e| e.expect("an entry").path())
        .collect();
    files.sort();
    files
}

#[test]
fn records_are_written_and_replay() {
    let dir = temp_dir("records");
    let field = vec![
        entrant("perfect", || Perfect),
        entrant("random nim", || RandomNim),
        entrant("cheat", || Cheat),
    ];
    let s = Tournament::new(3)
        .with_seed(9)
        .with_record(Some(dir.join("nim")), Format::Ron)
        .run(&NIM, &field, RunOptions::new().recorded())
        .expect("runs")
        .standings;
    let written = files(&dir.join("nim"));
    let names: Vec<String> = written
        .iter()
        .map(|p| {
            p.file_name()
                .expect("a name")
                .to_string_lossy()
                .into_owned()
        })
        .collect();
    assert_eq!(names.len(), 9);
    assert!(names.contains(&"nim-perfect-vs-random_nim-seed9-0000.ron".to_string()));
    assert!(names.contains(&"nim-random_nim-vs-cheat-seed9-0002.ron".to_string()));
    for path in &written {
        let rec = record::read::<Nim>(path).expect("reads");
        assert_eq!(rec.seed, 9);
        let replayed = record::replay::<Nim>(&rec, |_, _, _, _| {}).expect("replays");
        assert_eq!(replayed.game, NIM);
    }
    assert_eq!(s.faults.len(), 6);

    // Dice, in JSON: chance outcomes are recorded too.
    let s = Tournament::new(7)
        .with_seed(2)
        .with_record(Some(dir.join("dice")), Format::Json)
        .run(
            &KEEP_OR_GAMBLE,
            &dice_field()[..3],
            RunOptions::new().recorded(),
        )
        .expect("runs")
        .standings;
    let written = files(&dir.join("dice"));
    assert_eq!(written.len(), 7);
    let mut wins = vec![0u64; 3];
    for path in &written {
        assert_eq!(path.extension().and_then(|e| e.to_str()), Some("json"));
        let rec = record::read::<KeepOrGamble>(path).expect("reads");
        assert_eq!(rec.steps.len(), 18);
        let r = record::replay::<KeepOrGamble>(&rec, |_, _, _, _| {}).expect("replays");
        let results = r.results.expect("finished");
        if let Some(w) = results.sole_winner() {
            let name = &rec.players[w];
            let i = ["keeper", "smart", "coin"]
                .iter()
                .position(|n| n == name)
                .expect("a player");
            wins[i] += 1;
        }
    }
    let p = &s.pairings[0];
    assert_eq!(wins, p.entrants.iter().map(|e| e.wins).collect::<Vec<_>>());
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn a_tampered_record_fails_at_its_step() {
    let dir = temp_dir("tampered");
    let field = vec![
        entrant("perfect", || Perfect),
        entrant("random", || RandomNim),
    ];
    Tournament::new(1)
        .with_record(Some(dir.clone()), Format::Ron)
        .run(&NIM, &field, RunOptions::new().recorded())
        .expect("runs");
    let path = dir.join("nim-perfect-vs-random-seed0-0000.ron");
    let text = std::fs::read_to_string(&path).expect("written");
    // Change the third move to take three stones.
    let at = text.match_indices("mv: ").nth(2).expect("three moves").0 + 4;
    let end = at
        + text[at..]
            .find(|c: char| !c.is_ascii_digit())
            .expect("a number");
    let tampered = format!("{}3{}", &text[..at], &text[end..]);
    let bad = dir.join("tampered.ron");
    std::fs::write(&bad, tampered).expect("writes");
    let rec = record::read::<Nim>(&bad).expect("still reads");
    let mut seen = Vec::new();
    let err = record::replay::<Nim>(&rec, |i, _, _, _| seen.push(i)).expect_err("fails");
    assert!(
        matches!(err, RecordError::Illegal { index: 2, .. }),
        "{err}"
    );
    assert_eq!(
        err.to_string(),
        "step 2: seat 1 moves 3, which is not a legal move here"
    );
    assert_eq!(seen, vec![0, 1, 2]);
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn an_unwritable_record_directory_is_an_error() {
    let dir = temp_dir("unwritable");
    std::fs::write(&dir, "a file, not a directory").expect("writes");
    let field = vec![
        entrant("perfect", || Perfect),
        entrant("random", || RandomNim),
    ];
    let r = Tournament::new(1)
        .with_record(Some(dir.join("sub")), Format::Ron)
        .run(&NIM, &field, RunOptions::new().recorded());
    assert!(matches!(r, Err(TournamentError::Record { .. })));
    let _ = std::fs::remove_file(&dir);
}

#[test]
fn records_asked_for_but_not_written_are_an_error() {
    let dir = temp_dir("unrecorded");
    let field = vec![
        entrant("perfect", || Perfect),
        entrant("random", || RandomNim),
    ];
    let r = Tournament::new(1)
        .with_record(Some(dir.clone()), Format::Ron)
        .run(&NIM, &field, RunOptions::new());
    assert!(matches!(r, Err(TournamentError::Record { .. })));
    assert!(!dir.exists(), "nothing is written");
}

#[test]
fn parts_merge_into_exactly_the_whole_tournament() {
    use tabula_play::tournament::PartResults;
    use tabula_sim::Shard;
    for games in [1, 37, 300] {
        let engine = Tournament::new(games).with_seed(5).with_threads(Some(2));
        let whole = engine
            .run(&KEEP_OR_GAMBLE, &dice_field(), RunOptions::new())
            .map(|r| r.standings)
            .expect("runs");
        for of in [1, 2, 3, 7] {
            let mut parts: Vec<PartResults<()>> = Vec::new();
            let mut covered = 0;
            for index in (0..of).rev() {
                let part = engine
                    .clone()
                    .with_shard(Shard { index, of })
                    .with_threads(Some(1));
                let range = part.part_games(4, KEEP_OR_GAMBLE.seats());
                if range.is_empty() {
                    continue;
                }
                covered += range.end - range.start;
                let results = part
                    .run(&KEEP_OR_GAMBLE, &dice_field(), RunOptions::new())
                    .expect("a part runs")
                    .part
                    .expect("a part");
                // As a batch scheduler would carry it: through JSON.
                let text = serde_json::to_string(&results).expect("serializes");
                parts.push(serde_json::from_str(&text).expect("reads back"));
            }
            assert_eq!(covered, engine.total_games(4, KEEP_OR_GAMBLE.seats()));
            let merged = engine
                .run(
                    &KEEP_OR_GAMBLE,
                    &dice_field(),
                    RunOptions::new().merge(parts.clone()),
                )
                .expect("merges")
                .standings;
            assert_eq!(
                timeless(&merged),
                timeless(&whole),
                "{games} games, {of} parts"
            );
            if parts.len() > 1 {
                parts.remove(1);
                let err = engine
                    .run(
                        &KEEP_OR_GAMBLE,
                        &dice_field(),
                        RunOptions::new().merge(parts),
                    )
                    .expect_err("a part is missing");
                assert!(matches!(err, TournamentError::Parts(_)), "{err}");
            }
        }
    }
}
