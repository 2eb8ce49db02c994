//! One game for a seed, whoever watches: the harness's Snakes game (its
//! word dice, its table of throws, its bulk counts) is the game played
//! when each throw is watched (a collector that wants steps, the
//! referee keeping a record), and the record made that way replays to
//! the same end. With 1, 2 and 4 players, on the classic board and the
//! two-dice board, under rule sets that forfeit, throw again, keep rule
//! state and move other tokens.

use tabula_core::{BoardGame, Seat, Streams};
use tabula_play::record::{self, End, Step};
use tabula_play::referee::{Referee, of_played};
use tabula_sim::{Collector, LengthOf, Lengths, Occupancy, Playout, Simulation, Wins, play_one};
use tabula_sim::{NoAgents, Sampled};
use tabula_snakes::recorded::Recorded;
use tabula_snakes::{
    Board, Bump, Event, ExactFinish, Overshoot, Rules, SixAgain, SixesHome, Snakes, State, rules,
};

/// A cap no game here reaches, and one that stops most of them.
const CAPS: [u32; 2] = [100_000, 9];

/// What a game played: its events, its end, where it ended.
#[derive(Clone, Debug, PartialEq)]
struct Game<X> {
    events: Vec<Event>,
    end: Option<(Playout, State<X>)>,
}

/// The harness's collector of a game: events only, as `simulate` counts.
struct Quiet<X>(Game<X>);

impl<'b, R: Rules> Collector<Snakes<'b, R>> for Quiet<R::Extra> {
    fn event(&mut self, event: &Event) {
        self.0.events.push(*event);
    }
    fn end_game(&mut self, playout: &Playout, state: &State<R::Extra>) {
        self.0.end = Some((*playout, *state));
    }
    fn merge(&mut self, _: Self) {}
}

/// A collector that wants every throw before it is applied.
struct Watching<X> {
    game: Game<X>,
    throws: Vec<u16>,
}

impl<'b, R: Rules> Collector<Snakes<'b, R>> for Watching<R::Extra> {
    fn wants_steps(&self) -> bool {
        true
    }
    fn chance(&mut self, roll: &u16) {
        self.throws.push(*roll);
    }
    fn event(&mut self, event: &Event) {
        self.game.events.push(*event);
    }
    fn end_game(&mut self, playout: &Playout, state: &State<R::Extra>) {
        self.game.end = Some((*playout, *state));
    }
    fn merge(&mut self, _: Self) {}
}

/// Game `index` of `seed` as the harness plays it and watched throw by
/// throw: one game, whose throws, applied one by one, play it again.
/// Returns the throws.
fn watched_or_not<R: Rules + std::fmt::Debug>(
    game: &Snakes<'_, R>,
    seed: u64,
    index: u64,
    cap: u32,
) -> Vec<u16> {
    let what = format!("{:?}, seed {seed}, game {index}, cap {cap}", game);
    let mut quiet = Quiet(Game {
        events: Vec::new(),
        end: None,
    });
    let played = play_one(
        Sampled,
        game,
        &mut NoAgents,
        &mut Streams::new(seed, index),
        cap,
        &mut quiet,
    )
    .expect("the harness plays");
    let mut watching = Watching {
        game: Game {
            events: Vec::new(),
            end: None,
        },
        throws: Vec::new(),
    };
    let watched = play_one(
        Sampled,
        game,
        &mut NoAgents,
        &mut Streams::new(seed, index),
        cap,
        &mut watching,
    )
    .expect("the harness plays");
    assert_eq!(watched, played, "{what}: the playout");
    assert_eq!(watching.game, quiet.0, "{what}: the events and the end");
    assert_eq!(
        watching.throws.len(),
        played.chance_steps as usize,
        "{what}"
    );

    // The harness's own replay of one game (what a record is taken from).
    let mut replayed = Vec::new();
    let again = tabula_sim::replay(Sampled, game, seed, index, cap, |e| replayed.push(*e))
        .expect("the harness replays");
    assert_eq!(
        (again, &replayed),
        (played, &quiet.0.events),
        "{what}: replay"
    );

    // The throws watched, applied one by one: the same game.
    let mut state = game.initial_state();
    let mut events = Vec::new();
    for &roll in &watching.throws {
        game.apply_chance(&mut state, roll, &mut |e| events.push(e));
    }
    let end = quiet.0.end.map(|(_, s)| s);
    assert_eq!(
        (Some(state), events),
        (end, quiet.0.events),
        "{what}: the throws applied"
    );
    watching.throws
}

/// Every token's square, whose turn it is and who won, of `seats` seats.
fn squares<X: Copy + Default>(state: &State<X>, seats: usize) -> (Vec<u16>, Seat, Option<Seat>) {
    let squares = (0..seats).map(|s| state.square(s)).collect();
    (squares, state.turn(), state.winner())
}

/// Game `index` of `seed` under the rule set `name` (the game records
/// know, its rules chosen at run time), refereed with its steps kept: the
/// throws are `throws`, the harness's; its record replays to the end the
/// referee reached; and the record `simulate --record` writes has the
/// same throws.
fn refereed(board: &Board, name: &str, players: u8, seed: u64, index: u64, throws: &[u16]) {
    let what = format!(
        "{} under {name}, {players} players, seed {seed}, game {index}",
        board.name()
    );
    let rule_set = rules::find(name).expect("a built-in rule set");
    let game = Recorded::new(board.clone(), rule_set, players);
    let played = Referee::new().play_on(
        tabula_play::paths!(Recorded),
        &game,
        &mut [],
        &mut Streams::new(seed, index),
        &mut (),
    );
    let steps: Vec<u16> = played
        .steps
        .iter()
        .map(|step| match step {
            Step::Chance(roll) => *roll,
            Step::Move { mv, .. } => match *mv {},
        })
        .collect();
    assert_eq!(steps, throws, "{what}: the referee's throws");
    assert_eq!(played.chance_steps as usize, throws.len(), "{what}");
    assert!(played.results.is_some(), "{what}: the game ended");

    let record = of_played(&game, seed, index, vec![], &played);
    let replayed =
        record::replay::<Recorded>(&record, |_, _, _, _| {}).expect("the record replays");
    let seats = usize::from(players);
    assert_eq!(
        squares(&replayed.state, seats),
        squares(&played.state, seats),
        "{what}: the replay's end"
    );
    assert_eq!(replayed.results, played.results, "{what}");

    let written = game
        .record(seed, index, tabula_sim::DEFAULT_MAX_STEPS)
        .expect("the record of a game of the run");
    assert_eq!(
        written.steps, played.steps,
        "{what}: simulate --record's throws"
    );
    assert!(matches!(&written.end, End::Finished(r) if Some(r) == played.results.as_ref()));
}

/// Checks game after game of `game`, refereed under the rule set `name`.
fn check<R: Rules + std::fmt::Debug>(board: &Board, rules: &R, name: &str, players: u8) {
    let game = Snakes::new(board, rules, players);
    for seed in [0, 7, 2002] {
        for index in [0, 1, 5, 12] {
            let throws = watched_or_not(&game, seed, index, CAPS[0]);
            refereed(board, name, players, seed, index, &throws);
            let capped = watched_or_not(&game, seed, index, CAPS[1]);
            assert!(
                throws.starts_with(&capped),
                "a capped game is the start of the game"
            );
        }
    }
}

#[test]
fn the_classic_board_is_one_game_watched_or_not() {
    let board = Board::classic();
    for players in [1, 2, 4] {
        check(&board, &Overshoot, "overshoot", players);
        check(&board, &ExactFinish, "exact", players);
        check(&board, &SixAgain, "six-again", players);
        check(&board, &SixesHome, "sixes-home", players);
        check(&board, &Bump, "bump", players);
    }
}

#[test]
fn the_two_dice_board_is_one_game_watched_or_not() {
    let board = Board::built_in("two-dice")
        .expect("a built-in board named two-dice")
        .expect("the built-in boards load");
    for players in [1, 2, 4] {
        check(&board, &Overshoot, "overshoot", players);
        check(&board, &Bump, "bump", players);
    }
}

/// Counts the throws it is shown, so the harness plays every game throw
/// by throw, watched.
#[derive(Clone, Debug, Default, PartialEq)]
struct Shown(u64);

impl<G: BoardGame> Collector<G> for Shown {
    fn wants_steps(&self) -> bool {
        true
    }
    fn chance(&mut self, _: &G::Outcome) {
        self.0 += 1;
    }
    fn merge(&mut self, other: Self) {
        self.0 += other.0;
    }
}

/// A run's figures counted in bulk (one player: the table of throws, two
/// games at a time), from events, and from every throw watched: the same.
fn one_run<R: Rules + Sync + std::fmt::Debug>(board: &Board, rules: &R, players: u8) {
    let game = Snakes::new(board, rules, players);
    let seats = usize::from(players);
    let counts = || {
        (
            Lengths::new(LengthOf::ChanceSteps),
            Occupancy::new(usize::from(board.size()) + 1),
            Wins::new(seats),
        )
    };
    let sim = Simulation::new(3_000).with_seed(11).with_threads(2);
    let bulk = sim.run_tallied(&game, counts()).expect("runs").collector;
    let events = sim.run_sampled(&game, counts()).expect("runs").collector;
    let (l, o, w) = counts();
    let (l, o, w, shown) = sim
        .run_sampled(&game, (l, o, w, Shown(0)))
        .expect("runs")
        .collector;
    let what = format!("{:?}", game);
    assert_eq!(events, bulk, "{what}: from events");
    assert_eq!((l, o, w), bulk, "{what}: watched");
    let throws: u64 = bulk
        .0
        .histogram()
        .map(|(n, games)| u64::from(n) * games)
        .sum();
    assert_eq!(shown.0, throws, "{what}: every throw shown");
}

#[test]
fn a_run_is_the_same_counted_in_bulk_from_events_or_watched() {
    let classic = Board::classic();
    let two_dice = Board::built_in("two-dice")
        .expect("a built-in board named two-dice")
        .expect("the built-in boards load");
    for players in [1, 2, 4] {
        one_run(&classic, &Overshoot, players);
        one_run(&classic, &ExactFinish, players);
        one_run(&classic, &SixAgain, players);
        one_run(&classic, &Bump, players);
        one_run(&two_dice, &Overshoot, players);
    }
}
