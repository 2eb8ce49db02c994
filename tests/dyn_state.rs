//! The erased state ([`DynState`]) of every linked game, checked along
//! random playouts: the legal actions are listed in increasing order and
//! each applies, an action not listed is refused and changes nothing,
//! chance's probabilities sum to one, `serialize` reads back to the same
//! state, a copy is the same state, and at the end the returns are the
//! results the game's record gives. And Pig's numbering is OpenSpiel's.
//!
//! A game whose choices are not listed (Cruising's helm, a bearing and a
//! trim, and its gusts, drawn from a continuous law) has states that list
//! no actions before the end; it numbers them, so its playouts go on with
//! typed moves and drawn outcomes.

use tabula::registry::{DynState, Player, games, variant};

/// A small random stream (xorshift), so the playouts are the same on
/// every run.
struct Stream(u64);

impl Stream {
    fn below(&mut self, n: usize) -> usize {
        self.0 ^= self.0 << 13;
        self.0 ^= self.0 >> 7;
        self.0 ^= self.0 << 17;
        (self.0 % n as u64) as usize
    }
}

/// One state compared with another read from its serialization.
fn same(a: &dyn DynState, b: &dyn DynState, why: &str) {
    assert_eq!(a.serialize(), b.serialize(), "{why}");
    assert_eq!(a.current_player(), b.current_player(), "{why}");
    assert_eq!(a.legal_actions(), b.legal_actions(), "{why}");
    assert_eq!(a.chance_outcomes(), b.chance_outcomes(), "{why}");
    assert_eq!(a.to_text(), b.to_text(), "{why}");
    assert_eq!(a.returns(), b.returns(), "{why}");
}

/// Checks one state, then applies an action drawn from `stream`.
fn step(
    variant: &dyn tabula::registry::Variant,
    s: &mut Box<dyn DynState>,
    stream: &mut Stream,
    counts: &mut [u64; 3],
) -> bool {
    let spec = variant.info().map(|i| i.spec).unwrap_or_default();
    let legal = s.legal_actions();
    let why = format!("{spec} after {:?}", s.history());
    assert!(legal.windows(2).all(|w| w[0] < w[1]), "{why}: {legal:?}");
    if legal.is_empty() && !s.is_terminal() {
        if s.numbering().is_none() {
            // Not listed nor numbered: nothing to play through this state.
            assert!(s.apply_action(0).is_err(), "{why}");
            return false;
        }
        // Numbered though not listed (Cruising): a move typed in the
        // game's notation, an outcome drawn by the game.
        let actions = match s.current_player() {
            Player::Chance => vec![s.sampled_chance(7, s.history().len() as u64).expect(&why)],
            _ => s.typed_move("45 30").expect(&why),
        };
        for action in actions {
            s.apply_action(action).expect(&why);
        }
        counts[1] += 1;
        return true;
    }
    if let Some(n) = s.numbering() {
        let bound = match s.current_player() {
            Player::Chance => n.chance_outcomes,
            _ => n.distinct_actions,
        };
        assert!(legal.iter().all(|&a| a < bound), "{why}: {legal:?} {n:?}");
    }
    match s.current_player() {
        Player::Chance => {
            let outcomes = s.chance_outcomes();
            let listed: Vec<u64> = outcomes.iter().map(|&(a, _)| a).collect();
            assert_eq!(listed, legal, "{why}");
            let total: f64 = outcomes.iter().map(|&(_, p)| p).sum();
            assert!((total - 1.0).abs() < 1e-9, "{why}: {total}");
            assert!(outcomes.iter().all(|&(_, p)| p > 0.0), "{why}");
        }
        Player::Seat(seat) => {
            assert!(seat < s.seats(), "{why}");
            assert!(s.chance_outcomes().is_empty(), "{why}");
        }
        Player::Terminal => {}
    }
    if !s.is_terminal() {
        assert!(s.returns().iter().all(|&r| r == 0.0), "{why}");
    }
    // An action not listed is refused, and changes nothing.
    let unlisted = (0..).find(|a| !legal.contains(a)).unwrap_or(u64::MAX);
    let before = s.serialize();
    assert!(s.apply_action(unlisted).is_err(), "{why}: {unlisted}");
    assert_eq!(s.serialize(), before, "{why}");
    // Serialized and read back (replaying the history: every step of a
    // short game, then every 16th, so that long games stay quick), and
    // copied: the same state.
    if s.history().len() < 48 || s.history().len().is_multiple_of(16) {
        let read = variant.state_from(&s.serialize()).expect("reads back");
        same(&**s, &*read, &why);
    }
    same(&**s, &*s.clone_state(), &why);
    counts[2] += 1;
    if legal.is_empty() {
        return false;
    }
    let action = legal[stream.below(legal.len())];
    assert!(!s.action_to_string(action).is_empty(), "{why}");
    s.apply_action(action).expect("a listed action applies");
    counts[1] += 1;
    true
}

#[test]
fn every_games_erased_state_keeps_its_promises() {
    let games = games().expect("games");
    assert!(games.iter().any(|g| g.name == "pig"));
    let mut unlisted = Vec::new();
    for game in games {
        let variant = variant(game.name).expect("the default variant");
        let mut stream = Stream(0x9e37_79b9_7f4a_7c15);
        let mut counts = [0u64; 3];
        for _ in 0..12 {
            let mut s = variant.new_state();
            assert!(s.history().is_empty());
            while s.history().len() < 300 && step(&*variant, &mut s, &mut stream, &mut counts) {}
            counts[0] += 1;
            if s.is_terminal() {
                let returns = s.returns();
                assert_eq!(returns.len(), s.seats());
                let record = variant
                    .record_text(s.history(), Vec::new(), 0, true)
                    .expect("a record");
                let record: serde_json::Value = serde_json::from_str(&record).expect("JSON");
                let scores: Vec<f64> = record["end"]["Finished"]["scores"]
                    .as_array()
                    .unwrap_or_else(|| panic!("{}: {record}", game.name))
                    .iter()
                    .filter_map(serde_json::Value::as_f64)
                    .collect();
                assert_eq!(returns, scores, "{}", game.name);
            }
        }
        if counts[1] == 0 {
            unlisted.push(game.name);
        }
    }
    assert!(
        unlisted.is_empty(),
        "games not played through: {unlisted:?}"
    );
}

#[test]
fn pig_numbers_its_actions_as_openspiel_does() {
    let variant = variant("pig(target=30)").expect("pig");
    let mut s = variant.new_state();
    let numbering = s.numbering().expect("pig numbers its actions");
    assert_eq!(
        (numbering.distinct_actions, numbering.chance_outcomes),
        (2, 6)
    );
    assert_eq!(s.current_player(), Player::Seat(0));
    assert_eq!(s.legal_actions(), [0, 1]);
    assert_eq!(s.action_to_string(0), "roll");
    assert_eq!(s.action_to_string(1), "stop");
    s.apply_action(0).expect("roll");
    assert_eq!(s.current_player(), Player::Chance);
    let sixth = 1.0 / 6.0;
    assert_eq!(
        s.chance_outcomes(),
        (0..6).map(|a| (a, sixth)).collect::<Vec<_>>()
    );
    assert_eq!(s.action_to_string(4), "Roll 5");
    s.apply_action(5).expect("a 6");
    // Four 6s more: 30, so only stop is legal, and it wins.
    for _ in 0..4 {
        assert_eq!(s.legal_actions(), [0, 1]);
        s.apply_action(0).expect("roll");
        s.apply_action(5).expect("a 6");
    }
    assert_eq!(s.legal_actions(), [1]);
    let refused = s.apply_action(0).err().map(|e| e.to_string());
    assert_eq!(
        refused.as_deref(),
        Some("action 0 is not legal here; the legal actions are 1")
    );
    s.apply_action(1).expect("stop");
    assert!(s.is_terminal());
    assert_eq!(s.returns(), [1.0, -1.0]);
    assert_eq!(
        variant.state_from("0 5 1").expect("read").to_text(),
        "Scores: 6 0, Turn total: 0\nCurrent player: 1\n"
    );
}

#[test]
fn backgammon_numbers_its_actions_as_openspiel_does() {
    let variant = variant("backgammon(points=win)").expect("backgammon");
    let mut s = variant.new_state();
    let numbering = s.numbering().expect("backgammon numbers its actions");
    assert_eq!(
        (numbering.distinct_actions, numbering.chance_outcomes),
        (1352, 36)
    );
    // The opening: OpenSpiel's 30 throws, an even one starting X.
    let thirtieth = 1.0 / 30.0;
    assert_eq!(
        s.chance_outcomes(),
        (0..30).map(|a| (a, thirtieth)).collect::<Vec<_>>()
    );
    assert_eq!(s.action_to_string(0), "X throws 2, O throws 1");
    s.apply_action(0).expect("X starts with 2-1");
    assert_eq!(s.current_player(), Player::Seat(0));
    // OpenSpiel 2.0.2's legal actions here, every order of the checkers.
    assert_eq!(
        s.legal_actions(),
        [
            0, 11, 16, 18, 52, 349, 416, 427, 432, 434, 468, 479, 484, 486, 538, 676, 692, 694,
            702, 962, 978, 980, 1092, 1108, 1110, 1134, 1144, 1160, 1162, 1188
        ]
    );
    assert_eq!(s.action_to_string(0), "24/23 24/22");
    assert_eq!(s.action_to_string(52), "24/22/21");
    s.apply_action(484).expect("8/6/5");
    // Then 36 throws, each 1/36; O throws 4-4 and plays it in two halves.
    let outcomes = s.chance_outcomes();
    assert_eq!(outcomes.len(), 36);
    assert!(
        outcomes
            .iter()
            .all(|&(_, p)| (p - 1.0 / 36.0).abs() < 1e-15)
    );
    assert_eq!(s.action_to_string(33), "4-4");
    s.apply_action(33).expect("4-4");
    assert_eq!(s.current_player(), Player::Seat(1));
    let first = s.legal_actions();
    let half = first[0];
    s.apply_action(half).expect("the first half");
    assert_eq!(
        s.current_player(),
        Player::Seat(1),
        "O plays its second half"
    );
    assert!(s.to_text().contains("O to play 4-4"));
    let second = s.legal_actions()[0];
    s.apply_action(second).expect("the second half");
    assert_eq!(s.current_player(), Player::Chance);
    // A record of the game so far has one step a turn.
    let record = variant
        .record_text(s.history(), Vec::new(), 0, true)
        .expect("a record");
    let record: serde_json::Value = serde_json::from_str(&record).expect("JSON");
    assert_eq!(
        record["steps"].as_array().map(Vec::len),
        Some(4),
        "{record}"
    );
}

#[test]
fn backgammon_reads_a_position_of_ones_own() {
    let variant = variant("backgammon").expect("backgammon");
    let text = "X 6:2 5:2 bar; O 1:13 2:2; X to play 6-5";
    let s = variant.state_from(text).expect("a position");
    assert_eq!(s.current_player(), Player::Seat(0));
    assert!(s.history().is_empty());
    // From the bar, X enters with the 5 (its 20 point) or the 6 (its
    // 19), then plays the other die.
    let moves: Vec<String> = s
        .legal_actions()
        .iter()
        .map(|&a| s.action_to_string(a))
        .collect();
    assert!(moves.iter().all(|m| m.starts_with("bar/")), "{moves:?}");
    assert_eq!(s.serialize(), "X bar 6:2 5:2; O 2:2 1:13; X to play 6-5");
    let mut played = s.clone_state();
    let first = played.legal_actions()[0];
    played.apply_action(first).expect("a turn");
    let again = variant.state_from(&played.serialize()).expect("reads back");
    assert_eq!(again.serialize(), played.serialize());
    assert_eq!(again.legal_actions(), played.legal_actions());
    // What is wrong with a position is said, never a panic.
    for (bad, why) in [
        ("X 6:16; O 6:5; X to roll", "a count is 1 to 15"),
        ("X 6:5 8:11; O 1:2; X to roll", "X has 16 checkers"),
        ("X 6:5; O 19:2; X to roll", "holds checkers of both seats"),
        (
            "X 6:5; O 6:5",
            "write X's checkers; O's checkers; who moves",
        ),
        ("X 6:5; O 6:5; X to play 7-1", "two faces 1 to 6"),
        ("X 26:1; O 6:5; O to roll", "a point is 1 to 24"),
    ] {
        let error = variant.state_from(bad).err().map(|e| e.to_string());
        assert!(
            error.as_deref().is_some_and(|e| e.contains(why)),
            "{bad}: {error:?}"
        );
    }
    // A history of actions still reads as one.
    assert_eq!(
        variant.state_from("0 484").expect("a history").history(),
        [0, 484]
    );
}

#[test]
fn cruising_is_played_by_typed_helms_and_drawn_gusts() {
    let variant = variant("cruising").expect("cruising");
    let mut s = variant.new_state();
    assert!(
        s.legal_actions().is_empty(),
        "a continuous helm is not listed"
    );
    let typed = s.typed_move("45 30").expect("a helm");
    assert_eq!(typed.len(), 1);
    assert_eq!(s.action_to_string(typed[0]), "45.0 30.0");
    s.apply_action(typed[0]).expect("the helm");
    assert_eq!(s.current_player(), Player::Chance);
    let gust = s.sampled_chance(3, 1).expect("a drawn gust");
    assert_eq!(s.sampled_chance(3, 1), Some(gust), "drawn from the seed");
    assert!(s.action_to_string(gust).starts_with("wind draws"));
    s.apply_action(gust).expect("the gust");
    let read = variant.state_from(&s.serialize()).expect("reads back");
    assert_eq!(read.to_text(), s.to_text());
    assert!(
        s.typed_move("north 3")
            .is_err_and(|e| e.contains("number of degrees"))
    );
    assert!(s.typed_move("45 120").is_err(), "a trim past 90 degrees");
    let agent = variant
        .agent_action("cooper", s.history(), 0)
        .expect("Cooper's helm");
    s.apply_action(agent).expect("Cooper's helm is legal");
}
