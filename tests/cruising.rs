//! Caribbean Cruising (specification 004) through the library: the specification's polar,
//! the referee's forfeits for bad answers, common random numbers, and the
//! wind process against its stationary law.

use tabula::core::{Agent, BoardGame, GameRng, Seat, Streams};
use tabula::cruising::polar;
use tabula::cruising::{Cooper, Cruising, Helm, Observation, State, Straight};
use tabula::play::paths;
use tabula::play::referee::{Fault, Referee};
use tabula::sim::Sampling;

#[test]
fn the_polar_is_the_specifications_at_its_points_and_ours_between_and_beyond() {
    for i in 0..polar::ENTRIES {
        let off = polar::entry_degrees(i).to_radians();
        assert!((polar::speed(off, 10.0) - polar::SPEEDS_10[i]).abs() < 1e-9);
        assert!((polar::speed(off, 25.0) - polar::SPEEDS_25[i]).abs() < 1e-9);
        assert!((polar::optimal_trim(off, 10.0).to_degrees() - polar::TRIMS_10[i]).abs() < 1e-9);
        assert!((polar::optimal_trim(off, 25.0).to_degrees() - polar::TRIMS_25[i]).abs() < 1e-9);
        // Below 10 knots in proportion; above 25 held.
        assert!((polar::speed(off, 5.0) - polar::SPEEDS_10[i] / 2.0).abs() < 1e-9);
        assert!((polar::speed(off, 40.0) - polar::SPEEDS_25[i]).abs() < 1e-9);
    }
    // Halfway between two entries, halfway between their speeds.
    let mid = polar::speed(112.5f64.to_radians(), 10.0);
    assert!((mid - (polar::SPEEDS_10[13] + polar::SPEEDS_10[14]) / 2.0).abs() < 1e-9);
    // The no-go zone, on either side of the wind.
    assert_eq!(polar::speed(44f64.to_radians(), 25.0), 0.0);
    assert_eq!(polar::speed(-44f64.to_radians(), 25.0), 0.0);
    assert!(polar::speed(-46f64.to_radians(), 25.0) > 0.0);
}

/// Answers a fixed helm, or a NaN bow after `after` seconds.
struct Bad {
    after: f64,
    helm: Helm,
}

impl Agent<Cruising> for Bad {
    fn choose(&mut self, game: &Cruising, state: &State, _: Seat, _: &mut GameRng) -> Helm {
        if Observation::of(game, state).time >= self.after {
            self.helm
        } else {
            Helm {
                bow: 0.0,
                trim: 0.1,
            }
        }
    }
}

#[test]
fn a_bad_answer_forfeits_the_race_and_is_named() {
    let game = Cruising::scenario(1).unwrap();
    for helm in [
        Helm {
            bow: f64::NAN,
            trim: 0.1,
        },
        Helm {
            bow: 1.0,
            trim: 2.0,
        },
        Helm {
            bow: 1.0,
            trim: -0.1,
        },
        Helm {
            bow: f64::INFINITY,
            trim: 0.1,
        },
    ] {
        let mut agents: Vec<Box<dyn Agent<Cruising>>> = vec![Box::new(Bad { after: 10.0, helm })];
        let played = Referee::new().play_on(
            paths!(Cruising),
            &game,
            &mut agents,
            &mut Streams::new(1, 0),
            &mut (),
        );
        let forfeit = played.forfeit.expect("a forfeit");
        assert_eq!(forfeit.seat, 0);
        // Ten good answers and nine wind steps before the bad one.
        assert_eq!(forfeit.step, 20, "{helm:?}");
        assert!(
            matches!(forfeit.fault, Fault::Illegal(_)),
            "{:?}",
            forfeit.fault
        );
        assert_eq!(played.calls[0], 11);
    }
}

/// Writes down the wind it is shown, steering like the sailor it holds.
struct Recorder<A>(A, Vec<(f64, f64, f64)>);

impl<A: Agent<Cruising>> Agent<Cruising> for Recorder<A> {
    fn new_game(&mut self, game: &Cruising, seat: Seat) {
        self.0.new_game(game, seat);
    }

    fn choose(&mut self, game: &Cruising, state: &State, seat: Seat, rng: &mut GameRng) -> Helm {
        let seen = Observation::of(game, state);
        self.1
            .push((seen.time, seen.wind.speed, seen.wind.direction));
        self.0.choose(game, state, seat, rng)
    }
}

#[test]
fn every_entrant_sails_in_the_same_weather() {
    let game = Cruising::scenario(10).unwrap();
    let mut a = Recorder(Straight::new(50.0), Vec::new());
    let mut b = Recorder(Cooper::default(), Vec::new());
    for agent in [&mut a as &mut dyn Agent<Cruising>, &mut b] {
        let mut streams = Streams::new(77, 9);
        let mut state = game.initial_state();
        agent.new_game(&game, 0);
        for _ in 0..600 {
            let helm = agent.choose(&game, &state, 0, streams.agent(0));
            game.apply_move(&mut state, helm, &mut |_| {});
            let gust = game
                .sample_chance(&state, streams.dice(), &mut Vec::new())
                .unwrap();
            game.apply_chance(&mut state, gust, &mut |_| {});
        }
    }
    let (wa, wb) = (&a.1, &b.1);
    assert_eq!(wa.len(), 600);
    assert_eq!(wa, wb, "the two sailors saw different winds");
    // The wind does vary in this scenario.
    assert!(wa.iter().any(|w| (w.2 - wa[0].2).abs() > 0.05));
}

#[test]
fn the_winds_direction_has_the_stationary_spread_the_course_gives() {
    // Scenario 2 has a shift of 10° and a period of 300 s; after 900 s
    // (three periods) the deviation is normal with variance
    // 10² (1 - e^-6). Sample it in 1,000 independent games.
    let game = Cruising::scenario(2).unwrap();
    let n = 1000;
    let mut values = Vec::with_capacity(n);
    for i in 0..n as u64 {
        let mut streams = Streams::new(5, i);
        let mut state = game.initial_state();
        for _ in 0..900 {
            let g = game
                .sample_chance(&state, streams.dice(), &mut Vec::new())
                .unwrap();
            game.apply_chance(&mut state, g, &mut |_| {});
        }
        values.push(state.wind_shift);
    }
    let variance = values.iter().map(|v| v * v).sum::<f64>() / n as f64;
    let expected = 100.0 * (1.0 - (-6.0f64).exp());
    // The mean is known (0), so the sample variance of n normals has
    // standard error σ² √(2/n).
    let se = expected * (2.0 / n as f64).sqrt();
    assert!(
        (variance - expected).abs() < 4.0 * se,
        "variance {variance:.2}, expected {expected:.2} ± {se:.2}"
    );
}

#[test]
fn cooper_sails_every_scenario_within_its_time_limit() {
    for n in 1..=12 {
        let game = Cruising::scenario(n).unwrap();
        let mut agents: Vec<Box<dyn Agent<Cruising>>> = vec![Box::new(Cooper::default())];
        let played = Referee::new().with_max_steps(20_000).play_on(
            paths!(Cruising),
            &game,
            &mut agents,
            &mut Streams::new(2002, u64::from(n) - 1),
            &mut (),
        );
        assert!(played.forfeit.is_none());
        assert_eq!(played.state.marks, 4, "scenario {n}");
        assert!(played.state.finish.is_some());
    }
}
