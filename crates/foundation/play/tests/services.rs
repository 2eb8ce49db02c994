//! The referee, records and replay, and terminal play on small games.

use crate::common;

use std::path::PathBuf;
use std::time::Duration;

use common::*;
use tabula_core::{Agent, BoardGame, Streams};
use tabula_play::record::{self, End, Format, RecordError, Step};
use tabula_play::referee::{Fault, Referee};
use tabula_play::terminal::{self, Occupant};
use tabula_sim::{Collector, Playout};

fn agents<G: BoardGame>(list: Vec<Box<dyn Agent<G>>>) -> Vec<Box<dyn Agent<G>>> {
    list
}

#[derive(Default)]
struct Events {
    started: u64,
    events: u64,
    ended: Vec<Option<tabula_core::GameResult>>,
}
impl<G: BoardGame> Collector<G> for Events {
    fn start_game(&mut self, _: u64) {
        self.started += 1;
    }
    fn event(&mut self, _: &G::Event) {
        self.events += 1;
    }
    fn end_game(&mut self, p: &Playout, _: &G::State) {
        self.ended.push(p.result);
    }
    fn merge(&mut self, _: Self) {}
}

#[test]
fn the_referee_plays_times_and_keeps_steps() {
    let mut a = agents::<Nim>(vec![Box::new(Perfect), Box::new(RandomNim)]);
    let played = Referee::new().play(&NIM, &mut a, &mut Streams::new(4, 0), &mut ());
    assert_eq!(
        played.results.as_ref().map(|r| r.ranks().to_vec()),
        Some(vec![1, 2])
    );
    assert!(played.forfeit.is_none() && !played.capped());
    assert_eq!(played.steps.len() as u32, played.decisions);
    assert_eq!(
        played.calls.iter().sum::<u64>(),
        u64::from(played.decisions)
    );
    // Seat 0 moves first, so it moves once more than seat 1, or as often.
    assert!(played.calls[0] == played.calls[1] || played.calls[0] == played.calls[1] + 1);
    let taken: u32 = played
        .steps
        .iter()
        .map(|s| match s {
            Step::Move { mv, .. } => *mv,
            Step::Chance(()) => 0,
        })
        .sum();
    assert_eq!(taken, 10);
    assert!(matches!(played.end(), End::Finished(_)));
    let lean =
        Referee::new()
            .with_keep_steps(false)
            .play(&NIM, &mut a, &mut Streams::new(4, 0), &mut ());
    assert!(lean.steps.is_empty());
    assert_eq!(lean.results, played.results);

    // Dice: the chance steps and events reach the collector.
    let mut a = agents::<KeepOrGamble>(vec![Box::new(Keeper), Box::new(Smart), Box::new(Coin)]);
    let mut events = Events::default();
    let played = Referee::new().play(
        &KEEP_OR_GAMBLE,
        &mut a,
        &mut Streams::new(1, 3),
        &mut events,
    );
    assert_eq!((played.chance_steps, played.decisions), (9, 9));
    assert_eq!(
        (events.started, events.events, events.ended.len()),
        (1, 9, 1)
    );
    assert!(events.ended[0].is_some());
}

/// Both ways of timing calls give each seat at least its agent's own
/// time, and never more in all than the game took.
#[test]
fn the_referee_times_every_call_either_way() {
    for exact in [false, true] {
        let mut a = agents::<Nim>(vec![
            Box::new(Slow(Duration::from_millis(3))),
            Box::new(Perfect),
        ]);
        let referee = Referee::new().with_exact_call_times(exact);
        let wall = std::time::Instant::now();
        let played = referee.play(&NIM, &mut a, &mut Streams::new(2, 0), &mut ());
        let wall = wall.elapsed();
        assert!(played.forfeit.is_none(), "{:?}", played.forfeit);
        assert!(played.calls[0] >= 1 && played.calls[1] >= 1);
        let slow = Duration::from_millis(3) * played.calls[0] as u32;
        assert!(played.time[0] >= slow, "{exact}: {:?}", played.time);
        assert!(played.longest[0] >= Duration::from_millis(3));
        assert!(played.time.iter().sum::<Duration>() <= wall, "{exact}");
    }
}

#[test]
fn the_referee_isolates_faults() {
    let referee = Referee::new();
    let mut a = agents::<Nim>(vec![Box::new(Perfect), Box::new(Panicker)]);
    let played = referee.play(&NIM, &mut a, &mut Streams::new(1, 0), &mut ());
    let f = played.forfeit.clone().expect("a forfeit");
    assert_eq!((f.seat, f.step), (1, 1));
    assert_eq!(f.fault, Fault::Panic("the panicker panics".into()));
    assert_eq!(f.fault.to_string(), "panicked: the panicker panics");
    assert_eq!(
        played.results.as_ref().map(|r| r.ranks().to_vec()),
        Some(vec![1, 2])
    );
    assert!(matches!(played.end(), End::Forfeit { .. }));

    let mut a = agents::<Nim>(vec![Box::new(Cheat), Box::new(Perfect)]);
    let played = referee.play(&NIM, &mut a, &mut Streams::new(1, 0), &mut ());
    let f = played.forfeit.expect("a forfeit");
    assert_eq!(
        (f.seat, f.step, f.fault),
        (0, 0, Fault::Illegal("3".into()))
    );

    let mut a = agents::<Nim>(vec![
        Box::new(Slow(Duration::from_millis(20))),
        Box::new(Perfect),
    ]);
    let played = referee
        .with_move_time_limit(Some(Duration::from_millis(2)))
        .play(&NIM, &mut a, &mut Streams::new(1, 0), &mut ());
    let f = played.forfeit.expect("a forfeit");
    assert!(matches!(f.fault, Fault::TooSlow { took_ms, limit_ms: 2 } if took_ms >= 20));
    assert!(played.time[0] >= Duration::from_millis(20));
    assert_eq!(played.longest[0], played.time[0]);

    // Three seats: the one that forfeits ranks last, the others share
    // first.
    struct Boom;
    impl Agent<KeepOrGamble> for Boom {
        fn choose(
            &mut self,
            _: &KeepOrGamble,
            _: &DiceState,
            _: usize,
            _: &mut tabula_core::GameRng,
        ) -> Choice {
            Choice::Keep
        }
        fn new_game(&mut self, _: &KeepOrGamble, _: usize) {
            panic!("cannot start")
        }
    }
    let mut a = agents::<KeepOrGamble>(vec![Box::new(Keeper), Box::new(Boom), Box::new(Coin)]);
    let played = referee.play(&KEEP_OR_GAMBLE, &mut a, &mut Streams::new(1, 0), &mut ());
    let f = played.forfeit.clone().expect("a forfeit");
    assert_eq!((f.seat, f.step), (1, 0));
    assert_eq!(
        played.results.map(|r| r.ranks().to_vec()),
        Some(vec![1, 3, 1])
    );
}

#[test]
fn the_referee_caps_endless_games() {
    let game = Nim {
        pile: 10,
        most: 2,
        pass: true,
    };
    let mut a = agents::<Nim>(vec![Box::new(Passer), Box::new(Passer)]);
    let mut events = Events::default();
    let played =
        Referee::new()
            .with_max_steps(30)
            .play(&game, &mut a, &mut Streams::new(1, 0), &mut events);
    assert!(played.capped());
    assert_eq!(played.decisions, 30);
    assert_eq!(played.end(), End::Capped);
    assert_eq!(events.ended, vec![None]);
}

fn temp(name: &str) -> PathBuf {
    std::env::temp_dir().join(format!(
        "tabula-play-services-{}-{name}",
        std::process::id()
    ))
}

fn dice_record() -> record::RecordOf<KeepOrGamble> {
    let mut a = agents::<KeepOrGamble>(vec![Box::new(Keeper), Box::new(Smart), Box::new(Coin)]);
    let played = Referee::new().play(&KEEP_OR_GAMBLE, &mut a, &mut Streams::new(8, 2), &mut ());
    tabula_play::referee::of_played(
        &KEEP_OR_GAMBLE,
        8,
        2,
        vec!["keeper".into(), "smart".into(), "coin".into()],
        &played,
    )
}

#[test]
fn records_round_trip_in_ron_and_json() {
    let rec = dice_record();
    assert_eq!((rec.game.as_str(), rec.steps.len()), ("dice3", 18));
    assert!(matches!(rec.steps[0], Step::Chance(1..=3)));
    for format in [Format::Ron, Format::Json] {
        let path = temp(&format!("round.{}", format.extension()));
        assert_eq!(Format::of_path(&path), format);
        rec.write(&path).expect("writes");
        let back = record::read::<KeepOrGamble>(&path).expect("reads");
        assert_eq!(back, rec);
        let replayed = record::replay::<KeepOrGamble>(&back, |_, _, _, _| {}).expect("replays");
        assert_eq!(
            Some(replayed.results.expect("over")),
            match &rec.end {
                End::Finished(r) => Some(r.clone()),
                _ => None,
            }
        );
        let _ = std::fs::remove_file(&path);
    }
}

#[test]
fn bad_record_files_say_where() {
    let rec = dice_record();
    let path = temp("other.ron");
    rec.write(&path).expect("writes");
    let err = record::read::<Nim>(&path).expect_err("a record of another game");
    let message = err.to_string();
    assert!(
        message.contains("this is a record of \"dice3\", not of \"nim\""),
        "{message}"
    );
    assert!(
        message.starts_with(&format!("{}:", path.display())),
        "{message}"
    );

    // Truncated: a parse error with line and column.
    let text = std::fs::read_to_string(&path).expect("written");
    let cut = temp("cut.ron");
    std::fs::write(&cut, &text[..text.len() / 2]).expect("writes");
    let err = record::read::<KeepOrGamble>(&cut).expect_err("truncated");
    assert!(matches!(err, RecordError::Spec(_)), "{err}");
    let message = err.to_string();
    let prefix = format!("{}:", cut.display());
    let rest = message.strip_prefix(&prefix).expect("names the file");
    let mut position = rest.split(':').take(2).map(|n| n.trim().parse::<usize>());
    assert!(
        matches!(
            (position.next(), position.next()),
            (Some(Ok(_)), Some(Ok(_)))
        ),
        "{message}"
    );

    // JSON too.
    let json = temp("cut.json");
    let text = rec.to_text(Format::Json).expect("serializes");
    std::fs::write(&json, &text[..text.len() - 20]).expect("writes");
    let message = record::read::<KeepOrGamble>(&json)
        .expect_err("truncated")
        .to_string();
    assert!(
        message.starts_with(&format!("{}:", json.display())),
        "{message}"
    );

    // Parameters the game rejects.
    let mut a = agents::<Nim>(vec![Box::new(Perfect), Box::new(Perfect)]);
    let played = Referee::new().play(&NIM, &mut a, &mut Streams::new(1, 0), &mut ());
    let mut nim =
        tabula_play::referee::of_played(&NIM, 1, 0, vec!["a".into(), "b".into()], &played);
    nim.parameters.pile = 0;
    let bad = temp("pile.ron");
    nim.write(&bad).expect("writes");
    let message = record::read::<Nim>(&bad)
        .expect_err("bad parameters")
        .to_string();
    assert!(message.contains("the pile must not be empty"), "{message}");

    // More players than seats, at the list of players.
    let mut three = rec.clone();
    three.players.push("fourth".into());
    let crowded = temp("crowded.ron");
    three.write(&crowded).expect("writes");
    let message = record::read::<KeepOrGamble>(&crowded)
        .expect_err("four players")
        .to_string();
    let at = text_position(
        &std::fs::read_to_string(&crowded).expect("written"),
        "players:",
    );
    assert_eq!(
        message,
        format!(
            "{}:{at}: it names 4 players, but the game seats 3",
            crowded.display()
        )
    );

    // An empty file, and each format under the other's name, say so.
    let empty = temp("empty.json");
    std::fs::write(&empty, "\n").expect("writes");
    let json_as_ron = temp("json.ron");
    std::fs::write(&json_as_ron, rec.to_text(Format::Json).expect("JSON")).expect("writes");
    let ron_as_json = temp("ron.json");
    std::fs::write(&ron_as_json, rec.to_text(Format::Ron).expect("RON")).expect("writes");
    for (file, want) in [
        (&empty, "(the file is empty)"),
        (
            &json_as_ron,
            "(this looks like JSON: a record is read as JSON when its file name ends in .json)",
        ),
        (
            &ron_as_json,
            "(this looks like RON: a record is read as JSON only when its file name ends in .json)",
        ),
    ] {
        let message = record::read::<KeepOrGamble>(file)
            .expect_err(want)
            .to_string();
        assert!(message.ends_with(want), "{message}");
        // serde_json's own "at line 1 column 0" is not repeated.
        assert!(!message.contains(" at line "), "{message}");
    }
    for p in [
        path,
        cut,
        json,
        bad,
        crowded,
        empty,
        json_as_ron,
        ron_as_json,
    ] {
        let _ = std::fs::remove_file(p);
    }
}

/// The error of reading `text` as a whole `Record` of `KeepOrGamble` with
/// the game's types (as records were read before their frame was read
/// once for every game): file:line:column and message.
fn whole_record_error(name: &str, text: &str, format: Format) -> String {
    match format {
        Format::Ron => tabula_core::spec::Source::embedded(name, text)
            .parse::<record::RecordOf<KeepOrGamble>>()
            .expect_err("a bad record")
            .to_string(),
        Format::Json => {
            let e = serde_json::from_str::<record::RecordOf<KeepOrGamble>>(text)
                .expect_err("a bad record");
            let message = e.to_string();
            let message = &message[..message.rfind(" at line ").expect("a position")];
            format!(
                "{name}:{}:{}: {message}",
                e.line().max(1),
                e.column().max(1)
            )
        }
    }
}

/// `text` with its `n`th (from 0) `from` made `to`.
fn replace_nth(text: &str, from: &str, n: usize, to: &str) -> String {
    let at = text
        .match_indices(from)
        .nth(n)
        .unwrap_or_else(|| panic!("{from:?} {n} times"))
        .0;
    format!("{}{to}{}", &text[..at], &text[at + from.len()..])
}

#[test]
fn an_error_inside_a_move_an_outcome_or_the_parameters_names_its_place_in_the_file() {
    let rec = dice_record();
    for format in [Format::Ron, Format::Json] {
        let text = rec.to_text(format).expect("text");
        let q = |s: &str| match format {
            Format::Ron => s.to_string(),
            Format::Json => format!("\"{s}\""),
        };
        // A move late in the record, an outcome, the parameters, and a
        // seat: each with the message and position reading the whole
        // record with the game's types gave.
        let moves = text.matches(&q("Keep")).count();
        let cases = [
            (
                replace_nth(&text, &q("Keep"), moves - 1, &q("Fold")),
                "`Fold`",
            ),
            (replace_nth(&text, &q("Gamble"), 2, "[1, 2]"), ""),
            (
                match format {
                    Format::Ron => replace_nth(&text, "Chance(", 7, "Chance(300"),
                    Format::Json => replace_nth(&text, "\"Chance\": ", 7, "\"Chance\": 300"),
                },
                "",
            ),
            (
                replace_nth(
                    &text,
                    &format!("{}: 3", q("rounds")),
                    0,
                    &format!("{}: \"three\"", q("rounds")),
                ),
                "",
            ),
            (
                match format {
                    Format::Ron => replace_nth(&text, "rounds: 3,", 0, ""),
                    Format::Json => replace_nth(&text, "\"rounds\": 3", 0, ""),
                },
                "`rounds`",
            ),
            (
                replace_nth(
                    &text,
                    &format!("{}: 1", q("seat")),
                    2,
                    &format!("{}: -1", q("seat")),
                ),
                "",
            ),
        ];
        for (bad, want) in cases {
            assert_ne!(bad, text);
            check_error(format, &bad, want, true);
        }
        // A syntax error inside a value: its position as before; the
        // words are the format's own, for any value (the record's frame
        // reads a value's text before the game's types do).
        let bad = replace_nth(&text, &q("Gamble"), 1, &format!("{} ]", q("Gamble")));
        check_error(format, &bad, "", false);
    }
}

/// Checks the error of reading `bad`: as reading the whole record with
/// the game's types gave it (its position only, unless `same_message`),
/// containing `want`, and in the record's body.
fn check_error(format: Format, bad: &str, want: &str, same_message: bool) {
    let name = format!("bad.{}", format.extension());
    let source = tabula_core::spec::Source::embedded(name.clone(), bad.to_string());
    let err = record::parse::<KeepOrGamble>(&source, format)
        .expect_err("a bad value")
        .to_string();
    let whole = whole_record_error(&name, bad, format);
    if same_message {
        assert_eq!(err, whole, "{bad}");
    } else {
        let at = |e: &str| e.split(": ").next().map(str::to_string);
        assert_eq!(at(&err), at(&whole), "{err}\n{whole}");
    }
    assert!(err.contains(want), "{err}");
    // Not at the file's start: in the record's body.
    let line: usize = err
        .strip_prefix(&format!("{name}:"))
        .and_then(|r| r.split(':').next())
        .and_then(|l| l.parse().ok())
        .expect("a line");
    assert!(line > 1, "{err}");
}

/// The line and column (from 1) of the value after `key` in `text`.
fn text_position(text: &str, key: &str) -> String {
    let start = text.find(key).expect("the key") + key.len();
    let start = start + (text[start..].len() - text[start..].trim_start().len());
    let line = text[..start].matches('\n').count() + 1;
    let column = start - text[..start].rfind('\n').map_or(0, |n| n + 1) + 1;
    format!("{line}:{column}")
}

#[test]
fn replay_names_the_first_bad_step() {
    let rec = dice_record();
    let check = |edit: &dyn Fn(&mut record::RecordOf<KeepOrGamble>), want: &str| {
        let mut r = rec.clone();
        edit(&mut r);
        let err = record::replay::<KeepOrGamble>(&r, |_, _, _, _| {}).expect_err(want);
        assert_eq!(err.to_string(), want);
    };
    check(
        &|r| r.steps[4] = Step::Chance(4),
        "step 4: chance outcome 4 cannot happen here",
    );
    check(
        &|r| {
            r.steps[2] = Step::Move {
                seat: 1,
                mv: Choice::Keep,
            }
        },
        "step 2: seat 2 moves keep, but chance decides here",
    );
    check(
        &|r| {
            r.steps[3] = Step::Move {
                seat: 2,
                mv: Choice::Keep,
            }
        },
        "step 3: seat 3 moves, but it is seat 2's turn",
    );
    check(
        &|r| {
            r.steps[3] = Step::Move {
                seat: usize::MAX,
                mv: Choice::Keep,
            }
        },
        &format!(
            "step 3: a move by seat index {}, but the game seats 3 (indices 0 to 2)",
            usize::MAX
        ),
    );
    check(
        &|r| r.steps[1] = Step::Chance(2),
        "step 1: chance outcome 2, but a seat must move here",
    );
    check(
        &|r| r.steps.push(Step::Chance(1)),
        "step 18: the game is already over",
    );
    check(
        &|r| {
            r.steps.pop();
        },
        "the record's end disagrees with its steps: it records a finished game, but the game is not over after its last step",
    );
    check(
        &|r| r.end = End::Finished(tabula_core::Results::from_scores(vec![0.0, 0.0, 1.0])),
        &{
            let End::Finished(actual) = &rec.end else {
                panic!("finished")
            };
            format!(
                "the record's end disagrees with its steps: it records scores [0.0, 0.0, 1.0] (ranks [2, 2, 1]), the game gives scores {:?} (ranks {:?})",
                actual.scores(),
                actual.ranks()
            )
        },
    );
    check(
        &|r| r.end = End::Stopped,
        "the record's end disagrees with its steps: it records an unfinished game, but the game is over after its last step",
    );
    let mut seen = Vec::new();
    record::replay::<KeepOrGamble>(&rec, |i, _, _, step| seen.push((i, step.clone())))
        .expect("replays");
    assert_eq!(seen.len(), 18);
    assert_eq!(seen[5].1, rec.steps[5]);
}

fn terminal_game(
    input: &str,
    opponent: Box<dyn Agent<Nim>>,
) -> (terminal::TerminalGame<Nim>, String) {
    let mut players = vec![
        Occupant::Human,
        Occupant::Agent {
            name: "bot".into(),
            agent: opponent,
        },
    ];
    let mut out = Vec::new();
    let game = terminal::play(
        &NIM,
        &mut players,
        &mut Streams::new(1, 0),
        &mut input.as_bytes(),
        &mut out,
    )
    .expect("writes to memory");
    (game, String::from_utf8(out).expect("text"))
}

#[test]
fn terminal_play_of_a_legal_game() {
    // From 10, taking 1 and then 2 each time beats the perfect player.
    let (game, out) = terminal_game("1\n2\n2\n2\n", Box::new(Perfect));
    assert!(
        matches!(&game.end, End::Finished(r) if r.ranks() == [1, 2]),
        "{out}"
    );
    assert_eq!(game.steps.len(), 7);
    assert_eq!(
        out,
        "Pile: 10\nseat 1, your move: seat 2 (bot) plays 1\n\
         Pile: 8\nseat 1, your move: seat 2 (bot) plays 1\n\
         Pile: 5\nseat 1, your move: seat 2 (bot) plays 1\n\
         Pile: 2\nseat 1, your move: Pile: 0\nseat 1 wins.\n"
    );
}

#[test]
fn terminal_play_asks_again_after_garbage() {
    let (game, out) = terminal_game("abc\n5\n\nhelp\n1\n2\n2\n2\n", Box::new(Perfect));
    assert!(matches!(game.end, End::Finished(_)));
    assert!(
        out.contains("\"abc\" is not a number of stones (type help for the legal moves)"),
        "{out}"
    );
    assert!(
        out.contains("5 is not a legal move here; type help for the legal moves."),
        "{out}"
    );
    assert!(
        out.contains("Legal moves (2): 1, 2\nType quit to stop."),
        "{out}"
    );
    assert_eq!(out.matches("seat 1, your move: ").count(), 8);
}

#[test]
fn terminal_play_stops_at_the_end_of_input() {
    let (game, out) = terminal_game("1\n", Box::new(Perfect));
    assert_eq!(game.end, End::Stopped);
    assert_eq!(game.steps.len(), 2);
    assert!(
        out.ends_with("seat 1, your move: \nGame stopped.\n"),
        "{out}"
    );
    let (game, out) = terminal_game("quit\n", Box::new(Perfect));
    assert_eq!((game.end, game.steps.len()), (End::Stopped, 0));
    assert!(out.ends_with("Game stopped.\n"), "{out}");
}

#[test]
fn terminal_play_reports_an_agent_forfeit() {
    let (game, out) = terminal_game("1\n", Box::new(Cheat));
    assert!(
        matches!(&game.end, End::Forfeit { forfeit, .. } if forfeit.step == 1 && forfeit.seat == 1)
    );
    assert!(
        out.contains("seat 2 (bot) forfeits: illegal move 3.\nseat 1 wins."),
        "{out}"
    );
}

/// A panic the referee catches is its forfeit's reason, not text on the
/// terminal; other panics still print. Run in a child process of this
/// test binary, whose stderr is read whole.
#[test]
fn caught_panics_print_nothing() {
    if std::env::var_os("TABULA_CAUGHT_PANIC_CHILD").is_some() {
        let caught = tabula_play::referee::catch_quietly(|| -> u8 { panic!("agent blew up") });
        assert_eq!(caught, Err("agent blew up".to_string()));
        // Outside it, a panic prints as usual.
        let loud = std::panic::catch_unwind(|| -> u8 { panic!("not caught quietly") });
        assert!(loud.is_err());
        eprintln!("child done");
        return;
    }
    let exe = std::env::current_exe().expect("the test binary");
    let out = std::process::Command::new(exe)
        .args([
            "--exact",
            "services::caught_panics_print_nothing",
            "--nocapture",
            "--test-threads",
            "1",
        ])
        .env("TABULA_CAUGHT_PANIC_CHILD", "1")
        .env("RUST_BACKTRACE", "1")
        .output()
        .expect("runs");
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(out.status.success(), "{err}");
    assert!(err.contains("child done"), "{err}");
    assert!(!err.contains("agent blew up"), "{err}");
    assert!(err.contains("not caught quietly"), "{err}");
}

/// A look that shows rolls and moves in its own words, pauses before
/// each roll (reading a line) and ends in its own words.
#[derive(Default)]
struct Counted {
    pauses: usize,
    events: Vec<u8>,
}

impl terminal::Look<KeepOrGamble> for Counted {
    fn ask(
        &mut self,
        _: &KeepOrGamble,
        state: &DiceState,
        _: tabula_core::Seat,
        _: &terminal::Moves<'_, KeepOrGamble>,
        screen: &mut terminal::Screen<'_>,
    ) -> std::io::Result<Option<Choice>> {
        write!(screen.out, "rolled {:?}; keep? ", state.roll)?;
        let mut line = String::new();
        if screen.input.read_line(&mut line)? == 0 {
            return Ok(None);
        }
        Ok(Some(if line.trim() == "y" {
            Choice::Keep
        } else {
            Choice::Gamble
        }))
    }
    fn agent_moved(
        &mut self,
        _: &KeepOrGamble,
        _: &DiceState,
        seat: tabula_core::Seat,
        who: &str,
        mv: &Choice,
        screen: &mut terminal::Screen<'_>,
    ) -> std::io::Result<()> {
        writeln!(screen.out, "{who} in {seat}: {mv:?}")
    }
    fn before_chance(
        &mut self,
        _: &KeepOrGamble,
        _: &DiceState,
        screen: &mut terminal::Screen<'_>,
    ) -> std::io::Result<bool> {
        self.pauses += 1;
        let mut line = String::new();
        Ok(screen.input.read_line(&mut line)? > 0)
    }
    fn chance(
        &mut self,
        _: &KeepOrGamble,
        _: &DiceState,
        _: &u8,
        _: &mut terminal::Screen<'_>,
    ) -> std::io::Result<()> {
        Ok(())
    }
    fn event(
        &mut self,
        _: &KeepOrGamble,
        event: &u8,
        screen: &mut terminal::Screen<'_>,
    ) -> std::io::Result<()> {
        self.events.push(*event);
        writeln!(screen.out, "a {event}")
    }
    fn over(
        &mut self,
        _: &KeepOrGamble,
        state: &DiceState,
        _: &tabula_core::Results,
        screen: &mut terminal::Screen<'_>,
    ) -> std::io::Result<()> {
        writeln!(screen.out, "over at {:?}", state.totals)
    }
    fn stopped(
        &mut self,
        _: &KeepOrGamble,
        _: &DiceState,
        screen: &mut terminal::Screen<'_>,
    ) -> std::io::Result<()> {
        writeln!(screen.out, "stopped")
    }
}

fn dice3_players() -> Vec<Occupant<KeepOrGamble>> {
    vec![
        Occupant::Human,
        Occupant::Agent {
            name: "keeper".into(),
            agent: Box::new(Keeper),
        },
        Occupant::Agent {
            name: "smart".into(),
            agent: Box::new(Smart),
        },
    ]
}

#[test]
fn a_look_changes_what_the_terminal_shows_not_the_game() {
    // Through the plain look (`play`) and through a look of its own, the
    // same seed and the same choices play the same game, step for step.
    let mut plain_out = Vec::new();
    let plain = terminal::play(
        &KEEP_OR_GAMBLE,
        &mut dice3_players(),
        &mut Streams::new(7, 0),
        &mut "keep\n".repeat(3).as_bytes(),
        &mut plain_out,
    )
    .expect("writes to memory");
    let plain_out = String::from_utf8(plain_out).expect("text");
    assert!(plain_out.contains("Chance: "), "{plain_out}");
    assert!(
        plain_out.contains("seat 2 (keeper) plays keep"),
        "{plain_out}"
    );
    let mut look = Counted::default();
    let mut out = Vec::new();
    // A pause line before each of the nine rolls, and `y` (keep) for
    // each of the three turns of seat 1.
    let input = "\ny\n\n\n".repeat(3);
    let looked = terminal::play_with_look(
        &KEEP_OR_GAMBLE,
        &mut dice3_players(),
        &mut Streams::new(7, 0),
        &mut look,
        &mut input.as_bytes(),
        &mut out,
    )
    .expect("writes to memory");
    let out = String::from_utf8(out).expect("text");
    assert_eq!(looked.steps, plain.steps, "{out}");
    assert_eq!(looked.state, plain.state);
    assert_eq!(looked.end, plain.end);
    assert_eq!(look.pauses, 9);
    assert_eq!(look.events.len(), 9);
    assert!(!out.contains("Chance: "), "{out}");
    assert!(out.contains("keeper in 1: Keep\n"), "{out}");
    assert!(
        out.ends_with(&format!("over at {:?}\n", plain.state.totals)),
        "{out}"
    );
    // The end of input at a pause stops the game as a person would.
    let mut look = Counted::default();
    let mut out = Vec::new();
    let stopped = terminal::play_with_look(
        &KEEP_OR_GAMBLE,
        &mut dice3_players(),
        &mut Streams::new(7, 0),
        &mut look,
        &mut "\n\ny\n".as_bytes(),
        &mut out,
    )
    .expect("writes to memory");
    let out = String::from_utf8(out).expect("text");
    assert_eq!(stopped.end, End::Stopped);
    assert_eq!(look.pauses, 3, "{out}");
    assert_eq!(stopped.steps.len(), 4, "{out}");
    assert!(out.ends_with("stopped\n"), "{out}");
}
