//! Records of Snakes and Ladders games: every built-in board and rule set
//! survives the trip through a record's parameters, and a recorded game
//! replays to the result the simulation gave it.

use tabula::play::record::{self, End, Format, Recordable, Step};
use tabula::snakes::recorded::{Recorded, SnakesRecord};
use tabula::snakes::{Board, board, rules};

#[test]
fn every_board_and_rule_set_records_and_replays() {
    for (name, _) in board::BUILT_IN {
        let board = Board::built_in(name).unwrap().unwrap();
        for rule_set in rules::all().unwrap() {
            if rule_set.rules.check_playable(&board).is_err() {
                continue;
            }
            for players in [1, 3] {
                let game = Recorded::new(board.clone(), rule_set, players);
                let rebuilt = Recorded::from_parameters(&game.parameters()).unwrap();
                assert_eq!(rebuilt.board().jumps(), board.jumps(), "{name}");
                assert_eq!(rebuilt.board().jump_table(), board.jump_table(), "{name}");
                assert_eq!(rebuilt.board().columns(), board.columns(), "{name}");
                assert_eq!(rebuilt.parameters(), game.parameters());
                for index in 0..5 {
                    let rec = game.record(11, index, 10_000).unwrap();
                    let what =
                        format!("{name}, {}, {players} players, game {index}", rule_set.name);
                    assert!(matches!(rec.end, End::Finished(_)), "{what}");
                    // Through text and back, in both formats.
                    for format in [Format::Ron, Format::Json] {
                        let text = rec.to_text(format).unwrap();
                        let source = tabula::core::spec::Source::embedded("record", text);
                        let read: SnakesRecord =
                            record::parse::<Recorded>(&source, format).unwrap();
                        assert_eq!(read, rec, "{what}");
                    }
                    let replayed = record::replay::<Recorded>(&rec, |_, _, _, _| {}).unwrap();
                    let trace = game.trace(&rec);
                    assert_eq!(
                        replayed.results.map(|r| r.winners().collect::<Vec<_>>()),
                        trace.winner.map(|w| vec![usize::from(w)]),
                        "{what}"
                    );
                    assert_eq!(trace.throws.len(), rec.steps.len(), "{what}");
                }
            }
        }
    }
}

#[test]
fn a_capped_game_is_recorded_as_capped_and_a_tampered_throw_fails_at_its_index() {
    let game = Recorded::new(Board::classic(), rules::find("exact").unwrap(), 2);
    let capped = game.record(5, 0, 3).unwrap();
    assert_eq!((capped.steps.len(), &capped.end), (3, &End::Capped));
    record::replay::<Recorded>(&capped, |_, _, _, _| {}).unwrap();
    let mut rec = game.record(5, 1, 10_000).unwrap();
    rec.steps[4] = Step::Chance(0);
    match record::replay::<Recorded>(&rec, |_, _, _, _| {}) {
        Err(record::RecordError::Illegal { index, .. }) => assert_eq!(index, 4),
        other => panic!("{other:?}"),
    }
    // A record claiming a finish its throws do not reach is refused.
    let mut short = game.record(5, 1, 10_000).unwrap();
    short.steps.truncate(2);
    assert!(record::replay::<Recorded>(&short, |_, _, _, _| {}).is_err());
}
