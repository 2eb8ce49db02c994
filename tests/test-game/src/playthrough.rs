//! `playthrough`: a verb written outside the framework, registered as
//! the framework's own verbs are ([`VerbEntry`] with `inventory`), which
//! then runs every linked game: `tabula-with-test-game playthrough GAME
//! --seed S` plays one game with random moves and chance outcomes drawn
//! by their probabilities, and prints it step by step (as OpenSpiel's
//! playthroughs do). It knows no game: it reaches each through the
//! registry's type-erased state ([`DynState`](tabula::registry::DynState):
//! whose turn, legal actions as integers, chance outcomes, apply,
//! returns).
//!
//! ```
//! use tabula_test_game as _; // links the verb (and the test games) in
//!
//! let mut out = Vec::new();
//! let race = "coin-race(squares=2, players=1, choices=false)";
//! tabula::cli::run_args(["tabula", "playthrough", race, "--seed", "1", "--format", "json"], &mut out)?;
//! let played: serde_json::Value = serde_json::from_slice(&out)?;
//! assert_eq!(played["returns"], serde_json::json!([1.0]));
//! # Ok::<_, tabula::registry::Error>(())
//! ```

use std::fmt::Write as _;

use tabula::registry::args::{Arguments, FromArgs as _, Values};
use tabula::registry::{Error, GameKind, Io, Kind, Player, Report, Verb, VerbEntry};

tabula::registry::arguments! {
    /// The options of `playthrough` besides the game's.
    struct Options {
        /// Seed of the random moves and chance outcomes
        #[arg(long, default_value_t = 1)]
        seed: u64,
        /// The most steps to play; a game still going then is left there
        #[arg(long, default_value_t = 10_000, range = 1..)]
        max_steps: u64,
    }
}

/// The verb.
pub struct Playthrough;

tabula::registry::inventory::submit! {
    VerbEntry {
        name: "playthrough",
        about: "Play one game with random moves and print it step by step",
        game: None,
        place: 70,
        verb: &Playthrough,
    }
}

/// One step of a playthrough.
#[derive(serde::Serialize)]
pub struct Step {
    /// The seat that moved, from 1; `None` for chance.
    pub seat: Option<usize>,
    /// The action, among the state's legal ones.
    pub action: u64,
    /// The action as the game writes it.
    pub text: String,
}

/// What `playthrough` reports.
#[derive(serde::Serialize)]
pub struct Played {
    /// The game's spec string.
    pub game: String,
    /// The seed.
    pub seed: u64,
    /// Every step, in order.
    pub steps: Vec<Step>,
    /// Whether the game ended (not stopped by `--max-steps`).
    pub ended: bool,
    /// The seat (from 1) whose moves the game does not list, where the
    /// game stopped (no move can be drawn from an unlisted set).
    pub unlisted: Option<usize>,
    /// Each seat's return (score) at the end.
    pub returns: Vec<f64>,
    /// The history of actions, as the state serializes it.
    pub history: String,
    /// The final position, as the game draws it.
    #[serde(skip)]
    pub position: String,
    /// The seats' names.
    #[serde(skip)]
    pub seat_names: Vec<String>,
}

/// SplitMix64: a small random stream of the seed's own.
fn next(state: &mut u64) -> u64 {
    *state = state.wrapping_add(0x9E37_79B9_7F4A_7C15);
    let mut z = *state;
    z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    z ^ (z >> 31)
}

/// A number in `[0, 1)` from the stream.
fn unit(state: &mut u64) -> f64 {
    (next(state) >> 11) as f64 / (1u64 << 53) as f64
}

impl Verb for Playthrough {
    fn kind(&self, _: &dyn GameKind) -> Kind {
        Kind::Report { pictures: false }
    }

    fn arguments(&self, game: &dyn GameKind) -> Arguments {
        let command = tabula::registry::game_parameters(Arguments::new(), game.parameters());
        Options::augment(command).after_help(
            "Plays one game with a move drawn uniformly from the legal ones at each decision and an outcome drawn by its probability at each chance step, and prints every step.",
        )
    }

    fn run(
        &self,
        game: &dyn GameKind,
        values: &Values,
        _: &mut Io<'_>,
    ) -> Result<Option<Box<dyn Report>>, Error> {
        let o = Options::from_values(values)?;
        let variant = game.variant(values)?;
        let mut state = variant.new_state();
        let mut stream = o.seed;
        let mut steps = Vec::new();
        let mut unlisted = None;
        while steps.len() < usize::try_from(o.max_steps).unwrap_or(usize::MAX) {
            let (seat, action) = match state.current_player() {
                Player::Terminal => break,
                Player::Chance => {
                    let outcomes = state.chance_outcomes();
                    let mut left = unit(&mut stream);
                    let last = outcomes.last().map_or(0, |(a, _)| *a);
                    let drawn = outcomes
                        .iter()
                        .find(|(_, p)| {
                            left -= p;
                            left < 0.0
                        })
                        .map_or(last, |(a, _)| *a);
                    (None, drawn)
                }
                Player::Seat(seat) => {
                    let legal = state.legal_actions();
                    if legal.is_empty() {
                        // A game whose moves are not listed (Cruising
                        // steers by any angle): a random game stops here.
                        unlisted = Some(seat + 1);
                        break;
                    }
                    let n = legal.len() as u64;
                    (Some(seat), legal[(next(&mut stream) % n) as usize])
                }
            };
            let text = state.action_to_string(action);
            state.apply_action(action)?;
            steps.push(Step {
                seat: seat.map(|s| s + 1),
                action,
                text,
            });
        }
        Ok(Some(Box::new(Played {
            game: variant.info()?.spec,
            seed: o.seed,
            steps,
            ended: state.is_terminal(),
            unlisted,
            returns: state.returns(),
            history: state.serialize(),
            position: state.to_text(),
            seat_names: (0..state.seats()).map(|s| state.seat_name(s)).collect(),
        })))
    }
}

impl Report for Played {
    fn title(&self) -> String {
        format!("{}: a random game, seed {}", self.game, self.seed)
    }

    fn text(&self) -> String {
        let mut out = format!("{}: a random game, seed {}\n", self.game, self.seed);
        for (i, step) in self.steps.iter().enumerate() {
            let who = match step.seat {
                Some(seat) => self
                    .seat_names
                    .get(seat - 1)
                    .cloned()
                    .unwrap_or_else(|| format!("seat {seat}")),
                None => "chance".to_string(),
            };
            let _ = writeln!(out, "{:>4}. {who}: {}", i + 1, step.text);
        }
        if !self.position.trim().is_empty() {
            let _ = writeln!(out, "{}", self.position.trim_end());
        }
        let returns: Vec<String> = self.returns.iter().map(|r| format!("{r}")).collect();
        if let Some(seat) = self.unlisted {
            let _ = writeln!(out, "Seat {seat}'s moves are not listed: no move is drawn.");
        }
        let _ = writeln!(
            out,
            "{} after {} steps; returns {}",
            if self.ended { "Over" } else { "Stopped" },
            self.steps.len(),
            returns.join(", ")
        );
        out
    }

    fn json(&self) -> Result<String, Error> {
        tabula::registry::pretty(self)
    }
}
