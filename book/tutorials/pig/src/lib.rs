//! Pig, a dice game of chance and decisions, written as a game of its own
//! for tabula, in a crate of its own, run by its own `tabula` command
//! (`src/main.rs`). It writes the rules, names its parameter and
//! strategies, and registers; every verb comes from the framework.
//!
//! Two players take turns. On your turn you roll a die as often as you
//! like, adding each roll to a turn total; a 1 loses the turn total and
//! ends the turn, and holding banks it. The first to reach the target
//! wins, at once.
//!
//! ```
//! let mut out = Vec::new();
//! tabula::cli::run_args(["tabula", "analyze", "pig(target=30)"], &mut out)?;
//! assert!(String::from_utf8(out)?.contains("hold-at-20, optimal in the seats"));
//! # Ok::<_, Box<dyn std::error::Error>>(())
//! ```
#![deny(missing_docs)]

// ANCHOR: imports
use tabula::core::params::{Param, Parameters};
use tabula::core::{Agent, BoardGame, Chance, Dice, GameResult, Rule, Seat, Status};
use tabula::exact::Dense;
use tabula::play::agents::{AgentEntry, BuildFn};
use tabula::play::record::{ParametersError, Recordable};
use tabula::play::{notation::MoveError, terminal::Notation};
use tabula::search::{Heuristic, hash_key, register_search_agents};
// ANCHOR_END: imports

// ANCHOR: game
/// Pig to a target score: the game, and its one parameter.
#[derive(Clone, Copy, Debug, serde::Serialize, serde::Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Pig {
    /// The score that wins.
    pub target: u32,
}

impl Parameters for Pig {
    const FIELDS: &'static [Param] = &[Param::int("target", "the score that wins", "50", 2, 100)];
}

/// Everything that changes during play.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct State {
    /// Each seat's banked score.
    pub scores: [u32; 2],
    /// The points of the turn so far, lost on a 1.
    pub turn_total: u32,
    /// Whose turn it is.
    pub seat: Seat,
    /// Whether the die is in the air: the seat chose to roll.
    pub rolling: bool,
}

/// A decision: roll again, or bank the turn total.
#[derive(Clone, Copy, Debug, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub enum Move {
    /// Roll the die.
    Roll,
    /// Bank the turn total and pass the die.
    Hold,
}

impl BoardGame for Pig {
    type State = State;
    type Move = Move;
    type Outcome = u16; // the face rolled
    type Event = ();

    fn seats(&self) -> usize {
        2
    }

    fn initial_state(&self) -> State {
        State {
            scores: [0, 0],
            turn_total: 0,
            seat: 0,
            rolling: false,
        }
    }

    fn status(&self, s: &State) -> Status {
        match s.scores.iter().position(|&score| score >= self.target) {
            Some(winner) => Status::Over(GameResult::Win(winner)),
            None if s.rolling => Status::Chance,
            None => Status::Decision(s.seat),
        }
    }

    fn chance_outcomes(&self, _: &State, out: &mut Vec<Chance<u16>>) {
        Dice::D6.chances_into(out); // 1 to 6, a sixth each
    }

    fn apply_chance<E: FnMut(())>(&self, s: &mut State, face: u16, _: &mut E) {
        s.rolling = false;
        if face == 1 {
            // Pig: the turn total is lost and the die passes.
            s.turn_total = 0;
            s.seat = 1 - s.seat;
        } else {
            s.turn_total += u32::from(face);
            if s.scores[s.seat] + s.turn_total >= self.target {
                // The target is reached: bank it, the game is won.
                s.scores[s.seat] += s.turn_total;
                s.turn_total = 0;
            }
        }
    }

    fn apply_move<E: FnMut(())>(&self, s: &mut State, mv: Move, _: &mut E) {
        match mv {
            Move::Roll => s.rolling = true,
            Move::Hold => {
                s.scores[s.seat] += s.turn_total;
                s.turn_total = 0;
                s.seat = 1 - s.seat;
            }
        }
    }

    fn legal_moves(&self, s: &State, out: &mut Vec<Move>) {
        out.push(Move::Roll); // and Hold, with something to bank
        out.extend((s.turn_total > 0).then_some(Move::Hold));
    }
}
// ANCHOR_END: game

// ANCHOR: services
/// Pig's name, and how its parameters make a game (records carry them).
impl Recordable for Pig {
    const NAME: &'static str = "pig";
    type Parameters = Pig;

    fn parameters(&self) -> Pig {
        *self
    }

    fn from_parameters(p: &Pig) -> Result<Pig, ParametersError> {
        Ok(*p) // `FIELDS` has checked the target's range
    }
}

/// How Pig reads at the terminal: `roll` or `hold`, and the scores.
impl Notation for Pig {
    fn format_move(&self, _: &State, mv: &Move) -> String {
        format!("{mv:?}").to_lowercase()
    }

    fn parse_move(&self, _: &State, text: &str) -> Result<Move, MoveError> {
        match text.to_ascii_lowercase().as_str() {
            "r" | "roll" => Ok(Move::Roll),
            "h" | "hold" => Ok(Move::Hold),
            _ => Err("please answer roll (r) or hold (h)".into()),
        }
    }

    fn render(&self, s: &State) -> String {
        let [a, b] = s.scores;
        let (seat, turn) = (s.seat + 1, s.turn_total);
        format!("Seat 1 has {a}, seat 2 has {b}; seat {seat}'s turn total is {turn}.")
    }
}
// ANCHOR_END: services

// ANCHOR: hold-at
/// Rolls until the turn total reaches `n`, then holds: a rule (which of
/// the legal moves to play, by its index), so the exact analysis can
/// follow it.
pub fn hold_at(n: u32) -> impl Agent<Pig> {
    Rule::new::<Pig>(move |_, s, _, moves| {
        // The moves are [Roll] or [Roll, Hold].
        if s.turn_total < n { 0 } else { moves.len() - 1 }
    })
}

tabula::registry::inventory::submit! {
    AgentEntry {
        name: "hold-at",
        parameter: Some("N"),
        summary: "hold-at-N: roll until the turn total reaches N, then hold",
        build: &BuildFn::<Pig>(|_, n| {
            let n: u32 = n.ok_or("hold-at-N needs an N, as in hold-at-20")?.parse()?;
            Ok(Box::new(hold_at(n.max(1))))
        }),
    }
}
// ANCHOR_END: hold-at

// ANCHOR: search
/// What the framework's searches need: how good a position looks.
impl Heuristic for Pig {
    fn evaluate(&self, s: &State, seat: Seat) -> f64 {
        (f64::from(s.scores[seat]) - f64::from(s.scores[1 - seat])) / f64::from(self.target)
    }

    fn state_key(&self, s: &State) -> u64 {
        hash_key(s)
    }
}

register_search_agents! { game: Pig }
// ANCHOR_END: search

// ANCHOR: numbering
/// Optional: a numbering of the decision states, late ones first, with
/// which the optimal solve keeps one number per state and no graph.
impl Dense for Pig {
    fn state_count(&self) -> usize {
        2 * (self.target as usize).pow(3)
    }

    fn index(&self, s: &State) -> Option<usize> {
        let (t, late) = (self.target as usize, |x| (self.target - 1 - x) as usize);
        let scores = late(s.scores[0]) * t + late(s.scores[1]);
        (!s.rolling).then_some((scores * 2 + s.seat) * t + late(s.turn_total)) // not while the die rolls
    }

    fn states(&self) -> impl Iterator<Item = State> + '_ {
        let (t, late) = (self.target, |x: u32| self.target - 1 - x);
        (0..2 * t * t * t).map(move |i| State {
            scores: [late(i / (2 * t * t)), late(i / (2 * t) % t)],
            turn_total: late(i % t),
            seat: (i / t % 2) as usize,
            rolling: false,
        })
    }
}
// ANCHOR_END: numbering

// ANCHOR: registration
tabula::registry::register_game! {
    game: Pig,
    summary: "Pig: roll to build a turn total, hold to bank it, a 1 loses it",
    agents: "hold-at-20,optimal",
    optimal: "the best play: each seat maximises its chance of winning, solved exactly once",
}
// ANCHOR_END: registration
