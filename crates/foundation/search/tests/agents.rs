//! The generic agents on two small games: Nim (no chance, the test kit's)
//! and a dice race written here (chance points, a seat deciding several times in a
//! row, any number of seats).

use tabula_core::{Agent, BoardGame, Chance, GameResult, GameRng, Results, Seat, Status, game_rng};
use tabula_search::{AlphaBeta, Budget, Greedy, Heuristic, MAX_WORK, Mcts, Random, WIN, hash_key};
use tabula_sim::ChancePath as _;

/// Take one or two from a pile of 10; whoever takes the last wins: the
/// test kit's, with the default heuristic (its feature `search`).
type Nim = tabula_toys::Nim;
const NIM: Nim = Nim::one_or_two(10);

/// A dice race: the seat to move rolls (again and again, adding to its
/// turn total) or holds (banking the total, at least 1, and passing the
/// turn). A roll of 1 busts: the total is lost and the turn passes. The
/// first to bank `target` wins.
struct ThreeFacePig {
    seats: usize,
    target: u32,
}

#[derive(Clone, Debug, Hash, PartialEq)]
struct PigState {
    scores: Vec<u32>,
    turn: u32,
    to_move: Seat,
    rolling: bool,
    /// Everything that happened, so that no two paths share a key (the
    /// Star1 test compares with a search that has no table).
    history: Vec<u8>,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Act {
    Roll,
    Hold,
}

/// The die: faces 1, 2, 3 with unequal probabilities.
const FACES: [(u32, f64); 3] = [(1, 0.4), (2, 0.35), (3, 0.25)];

impl BoardGame for ThreeFacePig {
    type State = PigState;
    type Move = Act;
    type Outcome = u32;
    type Event = ();
    fn seats(&self) -> usize {
        self.seats
    }
    fn initial_state(&self) -> PigState {
        PigState {
            scores: vec![0; self.seats],
            turn: 0,
            to_move: 0,
            rolling: false,
            history: Vec::new(),
        }
    }
    fn status(&self, s: &PigState) -> Status {
        if let Some(w) = s.scores.iter().position(|&x| x >= self.target) {
            Status::Over(GameResult::Win(w))
        } else if s.rolling {
            Status::Chance
        } else {
            Status::Decision(s.to_move)
        }
    }
    fn chance_outcomes(&self, _: &PigState, out: &mut Vec<Chance<u32>>) {
        out.extend(FACES.iter().map(|&(outcome, probability)| Chance {
            outcome,
            probability,
        }));
    }
    fn apply_chance<E: FnMut(())>(&self, s: &mut PigState, face: u32, _: &mut E) {
        s.rolling = false;
        s.history.push(face as u8);
        if face == 1 {
            s.turn = 0;
            s.to_move = (s.to_move + 1) % self.seats;
        } else {
            s.turn += face;
        }
    }
    fn apply_move<E: FnMut(())>(&self, s: &mut PigState, mv: Act, _: &mut E) {
        match mv {
            Act::Roll => {
                s.rolling = true;
                s.history.push(10);
            }
            Act::Hold => {
                s.scores[s.to_move] += s.turn;
                s.turn = 0;
                s.to_move = (s.to_move + 1) % self.seats;
                s.history.push(11);
            }
        }
    }
    fn legal_moves(&self, s: &PigState, out: &mut Vec<Act>) {
        out.push(Act::Roll);
        if s.turn > 0 {
            out.push(Act::Hold);
        }
    }
}

impl Heuristic for ThreeFacePig {
    /// The lead over the best other seat, in tenths, counting the turn
    /// total of the seat to move.
    fn evaluate(&self, s: &PigState, seat: Seat) -> f64 {
        let total = |i: Seat| s.scores[i] + if i == s.to_move { s.turn } else { 0 };
        let best_other = (0..self.seats)
            .filter(|&i| i != seat)
            .map(total)
            .max()
            .unwrap_or(0);
        (f64::from(total(seat)) - f64::from(best_other)) / 10.0
    }
    fn state_key(&self, s: &PigState) -> u64 {
        hash_key(s)
    }
}

fn race(scores: [u32; 2], turn: u32, to_move: Seat) -> PigState {
    PigState {
        scores: scores.to_vec(),
        turn,
        to_move,
        rolling: false,
        history: Vec::new(),
    }
}

/// Plain expectimax to `depth` with no pruning and no table, valued for
/// `view`, with alpha-beta's conventions (a ply costs a hundred-thousandth
/// of a win, chance points count as plies).
fn expectimax<G: Heuristic>(game: &G, s: &G::State, view: Seat, depth: u32, ply: u32) -> f64 {
    match game.status(s) {
        Status::Over(GameResult::Win(w)) => {
            let worth = WIN - f64::from(ply) * 1e-5;
            if w == view { worth } else { -worth }
        }
        Status::Over(GameResult::Draw) => 0.0,
        Status::Over(GameResult::Lost) => -WIN,
        _ if depth == 0 => game.evaluate(s, view).clamp(-1.0, 1.0),
        Status::Chance => {
            let mut outcomes = Vec::new();
            game.chance_outcomes(s, &mut outcomes);
            outcomes
                .iter()
                .map(|c| {
                    let mut child = s.clone();
                    game.apply_chance(&mut child, c.outcome, &mut |_| {});
                    c.probability * expectimax(game, &child, view, depth - 1, ply + 1)
                })
                .sum()
        }
        Status::Decision(seat) => {
            let mut moves = Vec::new();
            game.legal_moves(s, &mut moves);
            let best = moves
                .into_iter()
                .map(|mv| {
                    let mut child = s.clone();
                    game.apply_move(&mut child, mv, &mut |_| {});
                    expectimax(game, &child, seat, depth - 1, ply + 1)
                })
                .fold(f64::NEG_INFINITY, f64::max);
            if seat == view { best } else { -best }
        }
    }
}

fn unlimited<G: Heuristic>(depth: u32) -> AlphaBeta<G> {
    AlphaBeta::new(Budget::Work(MAX_WORK)).with_max_depth(depth)
}

#[test]
fn alphabeta_finds_the_winning_nim_moves() {
    let mut rng = game_rng(1, 0);
    for pile in 2..=20u32 {
        if pile % 3 == 0 {
            continue; // every move loses
        }
        let mut agent = AlphaBeta::new(Budget::Work(20_000));
        let take = agent.choose(&NIM, &(pile, 0), 0, &mut rng);
        assert_eq!(take, pile % 3, "pile {pile}");
        let stats = agent.stats();
        assert!(stats.value > 1.9, "pile {pile}: {stats:?}");
    }
    // From a multiple of 3 the search sees the loss.
    let mut agent = AlphaBeta::new(Budget::Work(20_000));
    agent.choose(&NIM, &(9, 0), 0, &mut rng);
    assert!(agent.stats().value < -1.9, "{:?}", agent.stats());
}

#[test]
fn a_single_move_is_answered_without_search() {
    let mut rng = game_rng(1, 0);
    let mut agent = AlphaBeta::<Nim>::default();
    assert_eq!(agent.choose(&NIM, &(1, 1), 1, &mut rng), 1);
    assert_eq!(agent.stats().nodes, 0);
    let mut mcts = Mcts::<Nim>::default();
    assert_eq!(mcts.choose(&NIM, &(1, 1), 1, &mut rng), 1);
    assert_eq!(mcts.playouts(), 0);
    assert_eq!(Greedy.choose(&NIM, &(1, 1), 1, &mut rng), 1);
    assert_eq!(Random.choose(&NIM, &(1, 1), 1, &mut rng), 1);
}

#[test]
fn no_legal_move_is_none() {
    let mut rng = game_rng(1, 0);
    let over = (0, 0);
    assert_eq!(AlphaBeta::<Nim>::default().best_move(&NIM, &over, 0), None);
    assert_eq!(
        Mcts::<Nim>::default().best_move(&NIM, &over, 0, &mut rng),
        None
    );
    assert_eq!(Greedy::best_move(&NIM, &over, 0, &mut rng), None);
    assert_eq!(Random::pick(&NIM, &over, &mut rng), None);
}

#[test]
fn the_expectimax_value_at_a_chance_point_is_the_hand_computed_expectation() {
    // Seat 0 has banked 1, seat 1 has 2; seat 0 has 2 on its turn.
    // Rolling: bust (0.4) leaves -0.1, a 2 (0.35) a lead of 0.3, a 3
    // (0.25) 0.4: 0.165 in all. Holding leads 3 to 2, and seat 1 can
    // only roll: 0.1. Two plies: roll, then the dice.
    let game = ThreeFacePig {
        seats: 2,
        target: 5,
    };
    let s = race([1, 2], 2, 0);
    let mut agent = unlimited::<ThreeFacePig>(2);
    let mv = agent.best_move(&game, &s, 0);
    assert_eq!(mv, Some(Act::Roll));
    let stats = agent.stats();
    assert_eq!(stats.depth, 2);
    let expected = 0.4 * -0.1 + 0.35 * 0.3 + 0.25 * 0.4;
    assert!((stats.value - expected).abs() < 1e-12, "{stats:?}");
}

#[test]
fn star1_pruning_gives_the_values_of_plain_expectimax() {
    let game = ThreeFacePig {
        seats: 2,
        target: 6,
    };
    let positions = [
        ([0, 0], 0, 0),
        ([1, 2], 2, 0),
        ([3, 4], 1, 1),
        ([5, 3], 2, 1),
        ([4, 4], 3, 0),
        ([2, 5], 0, 1),
    ]
    .map(|(scores, turn, to_move)| race(scores, turn, to_move));
    let searched = agrees_at_the_root(&game, &positions, 9, expectimax);
    assert!(searched > 20);
}

/// For each position and every depth up to `max_depth`, alpha-beta's
/// value and move at the root against `reference(game, state, seat,
/// depth, ply)` over the root's moves; the number of searches compared
/// (a single move is answered with no search).
fn agrees_at_the_root(
    game: &ThreeFacePig,
    positions: &[PigState],
    max_depth: u32,
    reference: fn(&ThreeFacePig, &PigState, Seat, u32, u32) -> f64,
) -> usize {
    let mut searched = 0;
    for s in positions {
        let to_move = s.to_move;
        for depth in 1..=max_depth {
            let mut agent = unlimited::<ThreeFacePig>(depth);
            let Some(mv) = agent.best_move(game, s, to_move) else {
                panic!("a move");
            };
            let stats = agent.stats();
            if stats.nodes == 0 {
                continue;
            }
            let mut moves = Vec::new();
            game.legal_moves(s, &mut moves);
            let values: Vec<f64> = moves
                .iter()
                .map(|&m| {
                    let mut child = s.clone();
                    game.apply_move(&mut child, m, &mut |_| {});
                    reference(game, &child, to_move, depth - 1, 1)
                })
                .collect();
            let best = values.iter().copied().fold(f64::NEG_INFINITY, f64::max);
            assert!(
                (stats.value - best).abs() < 1e-9,
                "{:?} {} seat {to_move} depth {depth}: {} vs {best}",
                s.scores,
                s.turn,
                stats.value
            );
            let chosen = moves.iter().position(|&m| m == mv).unwrap_or(usize::MAX);
            assert!((values[chosen] - best).abs() < 1e-9);
            searched += 1;
        }
    }
    searched
}

/// Paranoid expectimax to `depth` with no pruning and no table: `me`
/// maximizes its value, every other seat minimizes it; chance points take
/// the expectation (alpha-beta's conventions otherwise, as [`expectimax`]).
fn paranoid<G: Heuristic>(game: &G, s: &G::State, me: Seat, depth: u32, ply: u32) -> f64 {
    match game.status(s) {
        Status::Over(result) => {
            let worth = WIN - f64::from(ply) * 1e-5;
            let results = game
                .results(s)
                .unwrap_or_else(|| Results::of(result, game.seats()));
            (2.0 * results.points(me) - 1.0) * worth
        }
        _ if depth == 0 => game.evaluate(s, me).clamp(-1.0, 1.0),
        Status::Chance => {
            let mut outcomes = Vec::new();
            game.chance_outcomes(s, &mut outcomes);
            outcomes
                .iter()
                .map(|c| {
                    let mut child = s.clone();
                    game.apply_chance(&mut child, c.outcome, &mut |_| {});
                    c.probability * paranoid(game, &child, me, depth - 1, ply + 1)
                })
                .sum()
        }
        Status::Decision(seat) => {
            let mut moves = Vec::new();
            game.legal_moves(s, &mut moves);
            let values = moves.into_iter().map(|mv| {
                let mut child = s.clone();
                game.apply_move(&mut child, mv, &mut |_| {});
                paranoid(game, &child, me, depth - 1, ply + 1)
            });
            if seat == me {
                values.fold(f64::NEG_INFINITY, f64::max)
            } else {
                values.fold(f64::INFINITY, f64::min)
            }
        }
    }
}

#[test]
fn with_three_seats_alphabeta_gives_the_values_of_paranoid_expectimax() {
    let game = ThreeFacePig {
        seats: 3,
        target: 6,
    };
    let positions = [
        ([0, 0, 0], 0, 0),
        ([1, 2, 0], 2, 1),
        ([3, 4, 4], 1, 2),
        ([5, 3, 2], 2, 0),
        ([2, 5, 4], 0, 1),
        ([4, 1, 5], 1, 0),
    ]
    .map(|(scores, turn, to_move)| PigState {
        scores: scores.to_vec(),
        turn,
        to_move,
        rolling: false,
        history: Vec::new(),
    });
    let searched = agrees_at_the_root(&game, &positions, 8, paranoid);
    assert!(searched > 20);
}

#[test]
fn star1_prunes_chance_points() {
    // The same search with the window always open would visit every
    // node; pruning visits fewer.
    let game = ThreeFacePig {
        seats: 2,
        target: 8,
    };
    let s = race([3, 4], 2, 0);
    let mut agent = unlimited::<ThreeFacePig>(10);
    agent.best_move(&game, &s, 0);
    let full = count_nodes(&game, &s, 9) * 2; // two root moves, roughly
    assert!(
        agent.stats().nodes < full,
        "{} vs {full}",
        agent.stats().nodes
    );
}

fn count_nodes(game: &ThreeFacePig, s: &PigState, depth: u32) -> u64 {
    if depth == 0 || matches!(game.status(s), Status::Over(_)) {
        return 1;
    }
    let mut children = Vec::new();
    if game.status(s) == Status::Chance {
        for &(face, _) in &FACES {
            let mut c = s.clone();
            game.apply_chance(&mut c, face, &mut |_| {});
            children.push(c);
        }
    } else {
        let mut moves = Vec::new();
        game.legal_moves(s, &mut moves);
        for m in moves {
            let mut c = s.clone();
            game.apply_move(&mut c, m, &mut |_| {});
            children.push(c);
        }
    }
    1 + children
        .iter()
        .map(|c| count_nodes(game, c, depth - 1))
        .sum::<u64>()
}

#[test]
fn every_agent_takes_a_sure_win_at_a_chance_game() {
    // Banking the 2 on the turn wins at once; rolling risks a bust.
    let game = ThreeFacePig {
        seats: 2,
        target: 5,
    };
    let s = race([3, 4], 2, 0);
    let mut rng = game_rng(3, 0);
    assert_eq!(
        AlphaBeta::<ThreeFacePig>::default().choose(&game, &s, 0, &mut rng),
        Act::Hold
    );
    assert_eq!(Greedy.choose(&game, &s, 0, &mut rng), Act::Hold);
    assert_eq!(
        Mcts::<ThreeFacePig>::new(Budget::Work(500)).choose(&game, &s, 0, &mut rng),
        Act::Hold
    );
}

#[test]
fn mcts_picks_the_winning_nim_move_with_enough_playouts() {
    let mut rng = game_rng(7, 0);
    for pile in [4u32, 5, 7, 8, 10, 11] {
        let mut agent = Mcts::new(Budget::Work(3_000));
        let take = agent.choose(&NIM, &(pile, 0), 0, &mut rng);
        assert_eq!(take, pile % 3, "pile {pile}");
        assert_eq!(agent.playouts(), 3_000);
    }
}

/// Plays one game; every move made.
fn play<G: BoardGame>(
    game: &G,
    agents: &mut [Box<dyn Agent<G>>],
    seed: u64,
) -> (Vec<String>, Option<GameResult>) {
    let mut dice = game_rng(seed, 0);
    let mut rngs: Vec<GameRng> = (0..agents.len())
        .map(|seat| tabula_core::agent_rng(seed, 0, seat))
        .collect();
    for (seat, a) in agents.iter_mut().enumerate() {
        a.new_game(game, seat);
    }
    let mut s = game.initial_state();
    let mut log = Vec::new();
    for _ in 0..500 {
        match game.status(&s) {
            Status::Over(r) => return (log, Some(r)),
            Status::Chance => {
                let Some(o) = tabula_sim::Listed.sample(game, &s, &mut dice, &mut Vec::new())
                else {
                    break;
                };
                log.push(format!("{o:?}"));
                game.apply_chance(&mut s, o, &mut |_| {});
            }
            Status::Decision(seat) => {
                let mv = agents[seat].choose(game, &s, seat, &mut rngs[seat]);
                log.push(format!("{seat}:{mv:?}"));
                game.apply_move(&mut s, mv, &mut |_| {});
            }
        }
    }
    (log, None)
}

#[test]
fn work_budgets_are_deterministic_for_a_seed() {
    let game = ThreeFacePig {
        seats: 2,
        target: 12,
    };
    let agents = || -> Vec<Box<dyn Agent<ThreeFacePig>>> {
        vec![
            Box::new(Mcts::new(Budget::Work(300))),
            Box::new(AlphaBeta::new(Budget::Work(3_000))),
        ]
    };
    for seed in 0..3 {
        let first = play(&game, &mut agents(), seed);
        let second = play(&game, &mut agents(), seed);
        assert!(first.1.is_some());
        assert_eq!(first, second);
    }
}

#[test]
fn mcts_plays_three_seats_to_the_end() {
    let game = ThreeFacePig {
        seats: 3,
        target: 10,
    };
    let mut agents: Vec<Box<dyn Agent<ThreeFacePig>>> = vec![
        Box::new(Mcts::new(Budget::Work(200))),
        Box::new(Random),
        Box::new(Greedy),
    ];
    let (_, result) = play(&game, &mut agents, 5);
    assert!(result.is_some());
}

#[test]
fn a_time_budget_answers() {
    let game = ThreeFacePig {
        seats: 2,
        target: 30,
    };
    let s = race([3, 4], 2, 0);
    let mut rng = game_rng(1, 0);
    let mut ab = AlphaBeta::new(Budget::parse("5ms").unwrap_or(Budget::Work(1)));
    assert!(ab.best_move(&game, &s, 0).is_some());
    let mut mcts = Mcts::new(Budget::parse("5ms").unwrap_or(Budget::Work(1)));
    assert!(mcts.best_move(&game, &s, 0, &mut rng).is_some());
    assert!(mcts.playouts() > 0);
}

/// A game that gives no heuristic of its own still gets the four search
/// agents, by name, with the default one.
mod default_heuristic {
    use tabula_core::game_rng;
    // Take one or two from a pile; whoever takes the last wins: the test
    // kit's Nim, registered there (its feature `search`) with
    // `register_search_agents! { game: Nim, heuristic: default }`.
    use tabula_toys::Nim;

    #[test]
    fn the_searches_find_the_winning_take_by_looking_ahead_alone() {
        let names: Vec<_> = tabula_play::agents::entries::<Nim>()
            .unwrap()
            .iter()
            .map(|e| e.name)
            .collect();
        assert_eq!(names, ["alphabeta", "greedy", "mcts", "random"]);
        // From 7 and from 8, leaving a multiple of three wins; nothing
        // but the end tells the searches so.
        for (pile, take) in [(7, 1), (8, 2)] {
            for name in ["alphabeta", "mcts-2000"] {
                let mut agent = tabula_play::agents::build(&Nim::one_or_two(pile), name).unwrap();
                let mut rng = game_rng(1, 0);
                assert_eq!(
                    agent.choose(&Nim::one_or_two(pile), &(pile, 0), 0, &mut rng),
                    take,
                    "{name} from {pile}"
                );
            }
        }
        // One step from the end, greedy takes the last stones.
        let mut greedy = tabula_play::agents::build(&Nim::one_or_two(2), "greedy").unwrap();
        assert_eq!(
            greedy.choose(&Nim::one_or_two(2), &(2, 0), 0, &mut game_rng(1, 0)),
            2
        );
    }
}
