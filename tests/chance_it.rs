//! Chance-it: the dynamic programs against brute-force enumeration, the
//! win-optimal tables against a search of the whole game tree, the
//! sampler against the exact values, and the strategy registry.

use std::collections::HashMap;
use std::sync::Arc;

use tabula::chance_it::stages;
use tabula::chance_it::strategy::{self, tapering, threshold, until_ten};
use tabula::chance_it::turn::summarize;
use tabula::chance_it::{
    ChanceIt, ChanceItError, Config, Move, Optimal, State, Strategy, TurnView, WinOptimal, win,
};
use tabula::core::{BoardGame, Dice, GameResult, Status};

fn config(count: u8, faces: u8, rounds: u32) -> Config {
    Config::specification()
        .with(Some(Dice::new(count, faces).unwrap()), Some(rounds), None)
        .unwrap()
}

/// `tabula tournament chance-it` of `agents`, `games` games per pairing
/// with `seed`, on `threads` threads, with `more` arguments (the game's
/// parameters, `--format json`), run in this process: what it prints.
fn tournament_text(
    agents: &[&str],
    games: u64,
    seed: u64,
    threads: Option<u16>,
    more: &[&str],
) -> String {
    let mut args: Vec<String> = ["tabula", "tournament", "chance-it", "--agents"]
        .iter()
        .map(|a| a.to_string())
        .collect();
    args.push(agents.join(","));
    args.extend([
        "--games".into(),
        games.to_string(),
        "--seed".into(),
        seed.to_string(),
    ]);
    if let Some(t) = threads {
        args.extend(["--threads".into(), t.to_string()]);
    }
    args.extend(more.iter().map(|a| a.to_string()));
    let mut out = Vec::new();
    tabula::cli::run_args(&args, &mut out).expect("the tournament runs");
    String::from_utf8(out).expect("UTF-8")
}

/// [`tournament_text`]'s JSON report.
fn tournament(
    agents: &[&str],
    games: u64,
    seed: u64,
    threads: Option<u16>,
    more: &[&str],
) -> serde_json::Value {
    let mut more = more.to_vec();
    more.extend(["--format", "json"]);
    serde_json::from_str(&tournament_text(agents, games, seed, threads, &more)).expect("JSON")
}

/// A count of a tournament's JSON report.
fn count(v: &serde_json::Value, key: &str) -> u64 {
    v[key]
        .as_u64()
        .unwrap_or_else(|| panic!("{key} is a count: {v}"))
}

/// A number of a tournament's JSON report.
fn number(v: &serde_json::Value, key: &str) -> f64 {
    v[key]
        .as_f64()
        .unwrap_or_else(|| panic!("{key} is a number: {v}"))
}

/// A list of a tournament's JSON report.
fn list<'a>(v: &'a serde_json::Value, key: &str) -> &'a Vec<serde_json::Value> {
    v[key]
        .as_array()
        .unwrap_or_else(|| panic!("{key} is a list: {v}"))
}

/// One strategy's turn scores in a tournament's JSON report.
struct Turns {
    name: String,
    turns: u64,
    turn_scores: Vec<u64>,
    mean_turn_score: f64,
    turn_score_exact: Option<Vec<f64>>,
}

/// Each strategy's turn scores in a tournament's JSON report
/// (`strategies`).
fn turns(t: &serde_json::Value) -> Vec<Turns> {
    list(t, "strategies")
        .iter()
        .map(|s| Turns {
            name: s["name"].as_str().expect("a name").to_string(),
            turns: count(s, "turns"),
            turn_scores: list(s, "turn_scores")
                .iter()
                .map(|n| n.as_u64().expect("a count"))
                .collect(),
            mean_turn_score: number(s, "mean_turn_score"),
            turn_score_exact: s["turn_score_exact"]
                .as_array()
                .map(|e| e.iter().map(|p| p.as_f64().expect("a chance")).collect()),
        })
        .collect()
}

/// Expected score of the best play of a turn, by plain recursion over
/// every ordered sequence of rolls (no memo, no sets).
fn brute_optimal(dist: &[(u16, f64)], rolled: &mut Vec<u16>) -> f64 {
    // Value of rolling once more with `rolled` so far.
    let mut x = 0.0;
    for &(v, p) in dist {
        if rolled.contains(&v) {
            continue; // scores 0
        }
        rolled.push(v);
        let roll_on = brute_optimal(dist, rolled);
        rolled.pop();
        x += p * f64::from(v).max(roll_on);
    }
    x
}

/// Expected score and P(0) of a strategy's turn, by plain recursion.
fn brute_strategy(
    config: &Config,
    s: &Strategy,
    dist: &[(u16, f64)],
    rolled: &mut Vec<u16>,
) -> (f64, f64) {
    let (mut mean, mut zero) = (0.0, 0.0);
    for &(v, p) in dist {
        if rolled.contains(&v) {
            zero += p;
            continue;
        }
        rolled.push(v);
        let mut sorted = rolled.clone();
        sorted.sort_unstable();
        let q = s.reroll_probability(&TurnView {
            config,
            round: 0,
            seat: 0,
            rolled: &sorted,
            last: v,
            totals: &[0, 0],
        });
        mean += p * (1.0 - q) * f64::from(v);
        if q > 0.0 {
            let (m, z) = brute_strategy(config, s, dist, rolled);
            mean += p * q * m;
            zero += p * q * z;
        }
        rolled.pop();
    }
    (mean, zero)
}

#[test]
fn the_optimal_turn_matches_brute_force_enumeration() {
    for (count, faces) in [(1, 6), (2, 3), (2, 4), (1, 8), (2, 5)] {
        let dice = Dice::new(count, faces).unwrap();
        let dp = Optimal::new(dice).unwrap().expected_turn_score();
        let brute = brute_optimal(&dice.distribution(), &mut Vec::new());
        assert!(
            (dp - brute).abs() < 1e-12,
            "{count}d{faces}: {dp} vs {brute}"
        );
    }
    // With two dice the optimum beats every fixed strategy of the specification.
    let config = Config::specification();
    let best = Optimal::new(config.dice()).unwrap().expected_turn_score();
    for n in 2..=13 {
        let (mean, _) = summarize(&turn(&config, &Strategy::new(threshold(n))));
        assert!(mean <= best + 1e-12, "threshold-{n}");
    }
}

/// A strategy's first turn's score distribution, from the framework.
fn turn(config: &Config, s: &Strategy) -> Vec<f64> {
    stages::turn_distribution(config, s, 0, 0, &[0, 0]).expect("solves")
}

#[test]
fn strategy_turns_match_brute_force_enumeration() {
    let config = Config::specification();
    let dist = config.dice().distribution();
    let strategies: Vec<(&str, Strategy)> = vec![
        ("until-ten", Strategy::new(until_ten)),
        ("tapering", Strategy::in_percent(tapering)),
        ("threshold-7", Strategy::new(threshold(7))),
        ("threshold-9", Strategy::new(threshold(9))),
    ];
    for (name, s) in strategies {
        let dp = summarize(&turn(&config, &s));
        let brute = brute_strategy(&config, &s, &dist, &mut Vec::new());
        assert!((dp.0 - brute.0).abs() < 1e-12, "{name} mean");
        assert!((dp.1 - brute.1).abs() < 1e-12, "{name} zero");
    }
    // Until-ten stops on 10, 11 or 12, so P(0) = 1 - P(a 10+ before any
    // repeat); threshold-10 is the same strategy.
    let a = summarize(&turn(&config, &Strategy::new(until_ten)));
    let b = summarize(&turn(&config, &Strategy::new(threshold(10))));
    assert_eq!(a, b);
}

/// Solves the whole game tree through the game itself: at a decision the
/// mover maximizes its own chance of winning (ties stop), or follows the
/// seat's strategy if it has one. Returns [first wins, second wins, tie].
fn tree(
    game: &ChanceIt,
    state: &State,
    seats: &[Option<&Strategy>; 2],
    memo: &mut HashMap<State, [f64; 3]>,
) -> [f64; 3] {
    if let Some(v) = memo.get(state) {
        return *v;
    }
    let value = match game.status(state) {
        Status::Over(GameResult::Win(0)) => [1.0, 0.0, 0.0],
        Status::Over(GameResult::Win(_)) => [0.0, 1.0, 0.0],
        Status::Over(GameResult::Draw | GameResult::Lost) => [0.0, 0.0, 1.0],
        Status::Chance => {
            let mut out = Vec::new();
            game.chance_outcomes(state, &mut out);
            let mut acc = [0.0; 3];
            for c in out {
                let mut next = *state;
                game.apply_chance(&mut next, c.outcome, &mut |_| {});
                let v = tree(game, &next, seats, memo);
                for k in 0..3 {
                    acc[k] += c.probability * v[k];
                }
            }
            acc
        }
        Status::Decision(seat) => {
            let mut stop = *state;
            game.apply_move(&mut stop, Move::Stop, &mut |_| {});
            let stop = tree(game, &stop, seats, memo);
            let mut roll = *state;
            game.apply_move(&mut roll, Move::Roll, &mut |_| {});
            let roll = tree(game, &roll, seats, memo);
            let q = match seats[seat] {
                Some(s) => tabula::chance_it::strategy::with_view(game, state, |view| {
                    s.reroll_probability(view)
                }),
                None => {
                    if stop[seat] >= roll[seat] {
                        0.0
                    } else {
                        1.0
                    }
                }
            };
            [0, 1, 2].map(|k| (1.0 - q) * stop[k] + q * roll[k])
        }
    };
    memo.insert(*state, value);
    value
}

#[test]
#[ignore = "slow: searches the whole game tree; .ci/run runs it"]
fn win_optimal_matches_a_search_of_the_whole_game_tree() {
    for (count, faces, rounds) in [(1, 4, 3), (1, 6, 2), (2, 3, 2)] {
        let config = config(count, faces, rounds);
        let game = ChanceIt::new(config);
        let w = WinOptimal::new(&config).unwrap();
        let searched = tree(
            &game,
            &game.initial_state(),
            &[None, None],
            &mut HashMap::new(),
        );
        let tables = w.self_play();
        for k in 0..3 {
            assert!(
                (searched[k] - tables[k]).abs() < 1e-12,
                "{count}d{faces} x{rounds}: {searched:?} vs {tables:?}"
            );
        }
        // And the exact evaluation of fixed pairs, win-optimal included.
        let strategies: Vec<Strategy> = vec![
            Strategy::in_percent(tapering),
            Strategy::new(threshold(faces as u16)),
            Strategy::from(Arc::new(WinOptimal::new(&config).unwrap())),
        ];
        for a in &strategies {
            for b in &strategies {
                let exact = win::exact_outcome(&config, a, b).unwrap();
                let searched = tree(
                    &game,
                    &game.initial_state(),
                    &[Some(a), Some(b)],
                    &mut HashMap::new(),
                );
                for k in 0..3 {
                    assert!(
                        (searched[k] - exact[k]).abs() < 1e-12,
                        "{searched:?} vs {exact:?}"
                    );
                }
            }
        }
    }
}

#[test]
fn win_optimal_is_a_best_response_to_itself() {
    // No fixed strategy does better against win-optimal than win-optimal
    // itself does from the same seat.
    let config = Config::specification();
    let w = Strategy::from(Arc::new(WinOptimal::new(&config).unwrap()));
    let own = w.whole_game().expect("solved").self_play();
    for name in [
        "until-ten",
        "tapering",
        "optimal",
        "threshold-7",
        "threshold-8",
    ] {
        let s = strategy::build(name, &config).unwrap();
        let first = win::exact_outcome(&config, &s, &w).unwrap();
        let second = win::exact_outcome(&config, &w, &s).unwrap();
        assert!(first[0] <= own[0] + 1e-12, "{name} first");
        assert!(second[1] <= own[1] + 1e-12, "{name} second");
    }
}

#[test]
fn tournaments_agree_with_the_exact_chances_and_ignore_thread_count() {
    let names = ["until-ten", "tapering", "win-optimal"];
    let one = tournament(&names, 6_000, 9, Some(1), &[]);
    let two = tournament(&names, 6_000, 9, Some(2), &[]);
    assert_eq!(list(&one, "pairs").len(), 3);
    for (p, q) in list(&one, "pairs").iter().zip(list(&two, "pairs")) {
        let results = |p| {
            (
                count(p, "a_wins"),
                count(p, "b_wins"),
                count(p, "ties"),
                number(p, "a_mean_total"),
            )
        };
        assert_eq!(results(p), results(q));
        assert_eq!(
            count(p, "a_wins") + count(p, "b_wins") + count(p, "ties"),
            6_000
        );
        let exact = number(p, "a_win_probability_exact");
        let se = (exact * (1.0 - exact) / 6_000.0).sqrt();
        let rate = number(p, "a_win_rate");
        assert!(
            (rate - exact).abs() < 4.5 * se,
            "{} vs {}: {rate} vs {exact}",
            p["a"],
            p["b"]
        );
    }
}

#[test]
fn sampled_turns_agree_with_the_exact_turn_values() {
    // Total over a game = rounds x expected turn score, for turn-only
    // strategies; the tournament's mean totals check it.
    let config = Config::specification();
    let t = tournament(&["until-ten", "optimal"], 10_000, 4, None, &[]);
    let p = &list(&t, "pairs")[0];
    for (name, mean, se) in [
        (
            "until-ten",
            number(p, "a_mean_total"),
            number(p, "a_total_std_error"),
        ),
        (
            "optimal",
            number(p, "b_mean_total"),
            number(p, "b_total_std_error"),
        ),
    ] {
        let s = strategy::build(name, &config).unwrap();
        let (turn, _) = summarize(&turn(&config, &s));
        let exact = 10.0 * turn;
        assert!(
            (mean - exact).abs() < 4.5 * se,
            "{name}: {mean} +/- {se} vs {exact}"
        );
    }
}

#[test]
fn tournaments_count_every_turn_score_against_the_exact_distribution() {
    // Each strategy plays 2 pairs x 4,000 games x 10 rounds = 80,000
    // turns; for a turn-only strategy every score's share must sit within
    // 4.5 standard errors of its exact probability.
    let names = ["tapering", "threshold-7", "win-optimal"];
    let t = turns(&tournament(&names, 4_000, 11, Some(2), &[]));
    let one = turns(&tournament(&names, 4_000, 11, Some(1), &[]));
    assert_eq!(t.len(), 3);
    for (s, o) in t.iter().zip(&one) {
        assert_eq!(
            s.turn_scores, o.turn_scores,
            "{}: threads change nothing",
            s.name
        );
        assert_eq!(s.turns, 80_000, "{}", s.name);
        assert_eq!(s.turn_scores.iter().sum::<u64>(), s.turns);
        assert_eq!(
            s.turn_scores.get(1).copied().unwrap_or(0),
            0,
            "2d6 never scores 1"
        );
        let n = s.turns as f64;
        let mean = s
            .turn_scores
            .iter()
            .enumerate()
            .map(|(v, &c)| v as f64 * c as f64)
            .sum::<f64>()
            / n;
        assert!((mean - s.mean_turn_score).abs() < 1e-12);
        match (&s.turn_score_exact, s.name.as_str()) {
            (None, "win-optimal") => {}
            (Some(exact), "tapering" | "threshold-7") => {
                for (score, &p) in exact.iter().enumerate() {
                    let seen = s.turn_scores.get(score).copied().unwrap_or(0) as f64 / n;
                    let se = (p * (1.0 - p) / n).sqrt().max(1e-9);
                    assert!(
                        (seen - p).abs() < 4.5 * se,
                        "{} scores {score}: {seen} vs exact {p}",
                        s.name
                    );
                }
            }
            (e, name) => panic!("{name}: exact distribution {e:?} is not expected"),
        }
    }
}

#[test]
fn the_registry_lists_unique_names_with_the_specifications_strategies_first() {
    let all = strategy::all().unwrap();
    let names: Vec<&str> = all.iter().map(|e| e.name).collect();
    let mut sorted = names.clone();
    sorted.sort_unstable();
    sorted.dedup();
    assert_eq!(names, sorted);
    let menu = strategy::menu().unwrap();
    assert_eq!(menu[0].name, "until-ten");
    assert_eq!(menu[1].name, "tapering");
    for name in ["optimal", "win-optimal", "threshold"] {
        assert!(names.contains(&name), "{name}");
    }
    let config = Config::specification();
    assert!(strategy::build("threshold-8", &config).is_ok());
    let err = strategy::build("threshold-x", &config).err().unwrap();
    assert!(
        matches!(err, ChanceItError::ThresholdNotANumber(_)),
        "{err:?}"
    );
    assert!(err.to_string().contains("whole number"), "{err}");
    let err = strategy::build("threshold-40", &config).err().unwrap();
    assert!(
        matches!(
            err,
            ChanceItError::ThresholdRange {
                n: 40,
                min: 2,
                max: 13
            }
        ),
        "{err:?}"
    );
    assert!(err.to_string().contains("from 2 to 13"), "{err}");
    let err = strategy::build("nope", &config).err().unwrap();
    assert!(
        matches!(err, ChanceItError::UnknownStrategy { ref name, .. } if name == "nope"),
        "{err:?}"
    );
    let err = err.to_string();
    assert!(
        err.contains("until-ten") && err.contains("threshold-N"),
        "{err}"
    );
    // Win-optimal is solved for two players only.
    let three = Config::specification().with(None, None, Some(3)).unwrap();
    assert!(matches!(
        strategy::build("win-optimal", &three),
        Err(ChanceItError::WinOptimalPlayers(3))
    ));
}

#[test]
fn bad_configurations_are_located() {
    let dir = std::env::temp_dir().join(format!("tabula-chance-it-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let path = dir.join("bad.ron");
    std::fs::write(&path, "ChanceIt(\n  rounds: 0,\n)\n").unwrap();
    let err = Config::load(&path).unwrap_err().to_string();
    assert!(
        err.contains("bad.ron:2:") && err.contains("rounds must be"),
        "{err}"
    );
    std::fs::write(&path, "ChanceIt(dice: Dice(count: 4, faces: 6))").unwrap();
    let err = Config::load(&path).unwrap_err().to_string();
    assert!(err.contains("at most 16"), "{err}");
    std::fs::write(&path, "ChanceIt(rounds: 3, players: 2)").unwrap();
    assert_eq!(Config::load(&path).unwrap().rounds(), 3);
}

#[test]
fn games_of_up_to_six_players_run_in_the_harness() {
    use tabula::core::Agent;
    use tabula::sim::{Simulation, Wins};
    for players in [2u32, 4, 6] {
        let config = Config::specification()
            .with(None, Some(5), Some(players))
            .unwrap();
        let game = ChanceIt::new(config);
        let strategy = strategy::build("optimal", &config).unwrap();
        let run = Simulation::new(2_000)
            .with_seed(3)
            .run_sampled_with(
                &game,
                || -> Vec<Box<dyn Agent<ChanceIt>>> {
                    (0..players)
                        .map(|_| Box::new(strategy.clone()) as Box<dyn Agent<ChanceIt>>)
                        .collect()
                },
                Wins::new(players as usize),
                &|_| {},
            )
            .unwrap();
        let wins: u64 = run.collector.wins().iter().sum();
        // Every game ends with a winner or a tie; with equal strategies
        // every seat wins some.
        assert!(wins <= 2_000 && wins > 1_500, "{players}: {wins}");
        assert!(run.collector.wins().iter().all(|&w| w > 0), "{players}");
    }
}

// ---- Chance-it on the framework's play services ----

use tabula::core::{Agent, GameRng, Results, Seat, Streams};
use tabula::play::paths;
use tabula::play::record::{self, Format, RecordError, Step};
use tabula::play::referee::{Fault, Referee};
use tabula::play::tournament::{Entrant, RunOptions, Tournament as Engine};

#[test]
fn every_strategy_is_an_agent_of_the_framework_registry() {
    let game = ChanceIt::new(Config::specification());
    for name in [
        "until-ten",
        "tapering",
        "threshold-8",
        "optimal",
        "win-optimal",
    ] {
        let mut agent =
            tabula::play::agents::build(&game, name).unwrap_or_else(|e| panic!("{name}: {e}"));
        // After a first roll of 2, every strategy chances it.
        let mut state = game.initial_state();
        game.apply_chance(&mut state, 2, &mut |_| {});
        let mut rng = tabula::core::agent_rng(1, 0, 0);
        assert_eq!(
            agent.choose(&game, &state, 0, &mut rng),
            Move::Roll,
            "{name}"
        );
    }
    // The registries agree: every strategy is an agent under the same name.
    let agents = tabula::play::agents::names::<ChanceIt>().unwrap();
    for e in strategy::all().unwrap() {
        let listed = match e.parameter {
            Some(p) => format!("{}[-{p}]", e.name),
            None => e.name.to_string(),
        };
        assert!(agents.contains(&listed), "{listed} in {agents:?}");
    }
    assert!(tabula::play::agents::build(&game, "threshold-99").is_err());
    assert!(tabula::play::agents::build(&game, "nope").is_err());
}

#[test]
fn results_rank_by_totals_and_two_of_three_can_tie_for_first() {
    let config = Config::specification()
        .with(None, Some(3), Some(3))
        .unwrap();
    let game = ChanceIt::new(config);
    let over = State::at_turn(3, 0, &[52, 40, 52]);
    let r = game.results(&over).expect("the game is over");
    assert_eq!(r.scores(), &[52.0, 40.0, 52.0]);
    assert_eq!(r.ranks(), &[1, 3, 1]);
    assert_eq!(r.winners().collect::<Vec<_>>(), vec![0, 2]);
    assert_eq!(r, Results::from_scores(vec![52.0, 40.0, 52.0]));
    assert!(game.results(&State::at_turn(2, 1, &[52, 40, 52])).is_none());
    // Two players: a sole winner, as the game's status says.
    let two = ChanceIt::new(Config::specification());
    let r = two.results(&State::at_turn(10, 0, &[61, 70])).unwrap();
    assert_eq!((r.ranks(), r.sole_winner()), (&[2, 1][..], Some(1)));
    assert_eq!(
        two.status(&State::at_turn(10, 0, &[61, 70])),
        Status::Over(GameResult::Win(1))
    );
}

/// The pair `a`, `b` of a tournament's JSON report.
fn pair<'a>(t: &'a serde_json::Value, a: &str, b: &str) -> &'a serde_json::Value {
    list(t, "pairs")
        .iter()
        .find(|p| p["a"] == a && p["b"] == b)
        .expect("the pair played")
}

#[test]
fn a_pair_plays_the_same_games_whoever_else_is_in_the_tournament() {
    let two = tournament(&["tapering", "optimal"], 3_001, 7, Some(2), &[]);
    let three = tournament(
        &["until-ten", "tapering", "optimal"],
        3_001,
        7,
        Some(1),
        &[],
    );
    let (p, q) = (
        pair(&two, "tapering", "optimal"),
        pair(&three, "tapering", "optimal"),
    );
    let results = |p| {
        (
            count(p, "a_wins"),
            count(p, "b_wins"),
            count(p, "ties"),
            number(p, "a_mean_total"),
            number(p, "b_mean_total"),
        )
    };
    assert_eq!(results(p), results(q));
    assert_eq!(
        count(p, "a_wins") + count(p, "b_wins") + count(p, "ties"),
        3_001
    );
}

/// Stops three times in a game, then panics.
struct Panicky(u32);
impl Agent<ChanceIt> for Panicky {
    fn new_game(&mut self, _: &ChanceIt, _: Seat) {
        self.0 = 3;
    }
    fn choose(&mut self, _: &ChanceIt, _: &State, _: Seat, _: &mut GameRng) -> Move {
        if self.0 == 0 {
            panic!("panicky gives up");
        }
        self.0 -= 1;
        Move::Stop
    }
}

/// Takes its time.
struct Slow;
impl Agent<ChanceIt> for Slow {
    fn choose(&mut self, _: &ChanceIt, _: &State, _: Seat, _: &mut GameRng) -> Move {
        std::thread::sleep(std::time::Duration::from_millis(300));
        Move::Stop
    }
}

#[test]
fn a_panicking_or_too_slow_strategy_forfeits_only_its_own_games() {
    // Chance-it has no illegal move: after every roll both `stop` and
    // `roll` are legal, so a strategy can fail only by panicking or by
    // thinking past the time limit.
    let game = ChanceIt::new(Config::specification());
    let mut legal = Vec::new();
    game.legal_moves(&State::at_turn(0, 0, &[]), &mut legal);
    assert_eq!(legal, vec![Move::Stop, Move::Roll]);
    let registered = |name: &str| Entrant::registered(&game, name).unwrap();
    let entrants = vec![
        registered("tapering"),
        Entrant {
            name: "panicky".into(),
            make: Box::new(|_| Ok(Box::new(Panicky(3)))),
        },
        Entrant {
            name: "slow".into(),
            make: Box::new(|_| Ok(Box::new(Slow))),
        },
        registered("optimal"),
    ];
    let engine = Engine::new(6)
        .with_seed(3)
        .with_threads(Some(2))
        .with_move_time_limit(Some(std::time::Duration::from_millis(200)));
    let s = engine
        .run_on(paths!(ChanceIt), &game, &entrants, RunOptions::new())
        .unwrap()
        .standings;
    let get = |name: &str| s.entrants.iter().find(|e| e.name == name).unwrap();
    // Panicky panics on its fourth turn of every game, except against
    // slow, which forfeits at its first decision.
    assert_eq!(get("panicky").panics, 12);
    assert_eq!(get("slow").too_slow, 18);
    assert_eq!(get("tapering").panics + get("tapering").too_slow, 0);
    assert_eq!(get("optimal").panics + get("optimal").too_slow, 0);
    assert!(s.faults.iter().all(|f| match &f.fault {
        Fault::Panic(m) => f.entrant == "panicky" && m == "panicky gives up",
        Fault::TooSlow { .. } => f.entrant == "slow",
        _ => false,
    }));
    // The pair of well-behaved strategies plays as in a tournament of its
    // own.
    let alone = Engine::new(6)
        .with_seed(3)
        .with_threads(Some(1))
        .run_on(
            paths!(ChanceIt),
            &game,
            &[registered("tapering"), registered("optimal")],
            RunOptions::new(),
        )
        .unwrap()
        .standings;
    let find = |s: &tabula::play::tournament::Standings| {
        let p = s
            .pairings
            .iter()
            .find(|p| p.entrants[0].name == "tapering" && p.entrants[1].name == "optimal")
            .unwrap()
            .clone();
        (
            p.entrants[0].wins,
            p.entrants[1].wins,
            p.draws,
            p.entrants[0].mean_score,
        )
    };
    assert_eq!(find(&s), find(&alone));
}

#[test]
fn records_round_trip_and_a_tampered_record_fails_at_its_first_bad_step() {
    let game = ChanceIt::new(Config::specification().with(None, Some(4), None).unwrap());
    let mut agents = vec![
        tabula::play::agents::build(&game, "tapering").unwrap(),
        tabula::play::agents::build(&game, "optimal").unwrap(),
    ];
    let played = Referee::new().play_on(
        paths!(ChanceIt),
        &game,
        &mut agents,
        &mut Streams::new(9, 2),
        &mut (),
    );
    let names = vec!["tapering".to_string(), "optimal".to_string()];
    let rec = tabula::play::referee::of_played(&game, 9, 2, names, &played);
    for format in [Format::Ron, Format::Json] {
        let text = rec.to_text(format).unwrap();
        let source = tabula::core::spec::Source::embedded("record", &text);
        let back = record::parse::<ChanceIt>(&source, format).unwrap();
        assert_eq!(back, rec);
        let replayed = record::replay::<ChanceIt>(&back, |_, _, _, _| {}).unwrap();
        assert_eq!(replayed.results, played.results);
    }
    // A roll of 1 cannot happen with two dice; a move where the dice
    // decide is out of turn; a repeated value busts the turn, so the
    // decision recorded after it is out of place.
    let first_move = rec
        .steps
        .iter()
        .position(|s| matches!(s, Step::Move { .. }))
        .unwrap();
    let mut bad = rec.clone();
    bad.steps[first_move - 1] = Step::Chance(1);
    let err = record::replay::<ChanceIt>(&bad, |_, _, _, _| {}).unwrap_err();
    assert!(
        matches!(err, RecordError::Illegal { index, .. } if index == first_move - 1),
        "{err}"
    );
    let mut bad = rec.clone();
    bad.steps[first_move] = Step::Move {
        seat: 1,
        mv: Move::Stop,
    };
    let err = record::replay::<ChanceIt>(&bad, |_, _, _, _| {}).unwrap_err();
    assert!(
        matches!(err, RecordError::Illegal { index, .. } if index == first_move),
        "{err}"
    );
    // A record of other parameters is refused as it is read.
    let text = rec
        .to_text(Format::Ron)
        .unwrap()
        .replace("rounds: 4", "rounds: 0");
    let err = record::parse::<ChanceIt>(
        &tabula::core::spec::Source::embedded("record", &text),
        Format::Ron,
    )
    .unwrap_err();
    assert!(err.to_string().contains("rounds must be"), "{err}");
}

#[test]
fn strategies_draw_from_their_own_stream_not_the_dice() {
    // The rolls of a game are the dice stream's draws in order, whatever
    // the strategies and however much a randomized one draws: two pairs
    // with the same seed roll the same sequence of dice (common random
    // numbers), each as far as its game goes.
    let game = ChanceIt::new(Config::specification());
    let rolls = |a: &str, b: &str| {
        let mut agents = vec![
            tabula::play::agents::build(&game, a).unwrap(),
            tabula::play::agents::build(&game, b).unwrap(),
        ];
        let played = Referee::new().play_on(
            paths!(ChanceIt),
            &game,
            &mut agents,
            &mut Streams::new(4, 0),
            &mut (),
        );
        played
            .steps
            .iter()
            .filter_map(|s| match s {
                Step::Chance(v) => Some(*v),
                Step::Move { .. } => None,
            })
            .collect::<Vec<u16>>()
    };
    let mut dice = tabula::core::game_rng(4, 0);
    let stream: Vec<u16> = (0..400)
        .map(|_| game.config().dice().roll(&mut dice))
        .collect();
    for (a, b) in [
        ("tapering", "tapering"),
        ("tapering", "optimal"),
        ("until-ten", "threshold-4"),
    ] {
        let r = rolls(a, b);
        assert_eq!(r[..], stream[..r.len()], "{a} vs {b}");
    }
}

#[test]
fn tournaments_of_three_players_seat_every_group_in_every_order() {
    let names = ["until-ten", "tapering", "optimal", "threshold-8"];
    // Three players' chains outgrow the default --max-states: with a small
    // limit each pairing's exact chances give up at once (the report says
    // so), instead of after two million states (3 s of the suite).
    let game = ["--rounds", "5", "--players", "3", "--max-states", "1000"];
    let t = tournament(&names, 60, 2, Some(2), &game);
    let one = tournament(&names, 60, 2, Some(1), &game);
    assert!(list(&t, "pairs").is_empty());
    assert_eq!(list(&t, "pairings").len(), 4, "every group of three");
    for (p, q) in list(&t, "pairings").iter().zip(list(&one, "pairings")) {
        assert_eq!(count(p, "games"), 60);
        assert_eq!(list(p, "entrants").len(), 3);
        // Six orders of seats, ten games in each: every entrant sits in
        // every seat twenty times.
        for e in list(p, "entrants") {
            assert_eq!(e["games_by_seat"], serde_json::json!([20, 20, 20]), "{e}");
        }
        let firsts: u64 = list(p, "entrants").iter().map(|e| count(e, "wins")).sum();
        assert!(firsts + count(p, "draws") <= 60);
        let results = |p| {
            list(p, "entrants")
                .iter()
                .map(|e| {
                    (
                        count(e, "wins"),
                        count(e, "shared_firsts"),
                        number(e, "mean_score"),
                    )
                })
                .collect::<Vec<_>>()
        };
        assert_eq!(results(p), results(q), "threads change nothing");
    }
    // Turns: each strategy plays 3 groups x 60 games x 5 rounds.
    for s in turns(&t) {
        assert_eq!(s.turns, 900, "{}", s.name);
    }
    let text = tournament_text(&names, 60, 2, Some(2), &game);
    assert!(
        text.contains("pairing(s) of 60 games (6 seatings)"),
        "{text}"
    );
    assert!(text.contains("until-ten vs tapering vs optimal"), "{text}");
}

#[test]
fn rolled_values_lists_the_set_bits_in_order() {
    use tabula::chance_it::game::rolled_values;
    assert_eq!(rolled_values(0), Vec::<u16>::new());
    assert_eq!(rolled_values(0b1010_0100), vec![2, 5, 7]);
    assert_eq!(rolled_values(1 << 127 | 1 << 12 | 1), vec![0, 12, 127]);
    let all: Vec<u16> = (0..128).collect();
    assert_eq!(rolled_values(u128::MAX), all);
}
