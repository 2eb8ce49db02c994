//! Pig solitaire, a one-player dice game with decisions, written as a
//! game of its own for tabula. You have a few turns to bank a goal. On a
//! turn you roll a die as often as you like, adding each roll to a turn
//! total; a 1 loses the turn total and ends the turn, and holding banks
//! it. Reaching the goal wins at once; running out of turns first loses.
//! Your score is what you banked, won or lost.
//!
//! Playing to win and playing to score are not the same: with one turn
//! left and the goal far away, the player out to win rolls on, all or
//! nothing, where the player out to score holds.
//!
//! ```
//! let mut out = Vec::new();
//! tabula::cli::run_args(["tabula", "analyze", "pig-solitaire", "--agents", "optimal-score"], &mut out)?;
//! assert!(String::from_utf8(out)?.contains("optimal-score in the seats"));
//! # Ok::<_, Box<dyn std::error::Error>>(())
//! ```
#![deny(missing_docs)]

// ANCHOR: imports
use tabula::core::params::{Param, Parameters};
use tabula::core::{Agent, BoardGame, Chance, Dice, GameResult, Results, Rule, Status};
use tabula::play::agents::{AgentEntry, BuildFn};
use tabula::play::record::{ParametersError, Recordable};
use tabula::play::{notation::MoveError, terminal::Notation};
// ANCHOR_END: imports

// ANCHOR: game
/// Pig solitaire: the goal, and the turns to reach it in.
#[derive(Clone, Copy, Debug, serde::Serialize, serde::Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Solitaire {
    /// The banked total that wins.
    pub goal: u32,
    /// The turns you have.
    pub turns: u32,
}

impl Parameters for Solitaire {
    const FIELDS: &'static [Param] = &[
        Param::int("goal", "the banked total that wins", "30", 2, 200),
        Param::int("turns", "the turns you have", "4", 1, 20),
    ];
}

/// Everything that changes during play.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct State {
    /// The turns played.
    pub turn: u32,
    /// The banked total.
    pub banked: u32,
    /// The points of the turn so far, lost on a 1.
    pub turn_total: u32,
    /// Whether the die is in the air: you chose to roll.
    pub rolling: bool,
}

/// A decision: roll again, or bank the turn total.
#[derive(Clone, Copy, Debug, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub enum Move {
    /// Roll the die.
    Roll,
    /// Bank the turn total; the turn ends.
    Hold,
}

impl BoardGame for Solitaire {
    type State = State;
    type Move = Move;
    type Outcome = u16; // the face rolled
    type Event = ();

    fn seats(&self) -> usize {
        1
    }

    fn initial_state(&self) -> State {
        State {
            turn: 0,
            banked: 0,
            turn_total: 0,
            rolling: false,
        }
    }

    fn status(&self, s: &State) -> Status {
        if s.banked >= self.goal {
            Status::Over(GameResult::Win(0))
        } else if s.turn == self.turns {
            Status::Over(GameResult::Lost) // out of turns: nobody won
        } else if s.rolling {
            Status::Chance
        } else {
            Status::Decision(0)
        }
    }

    /// Won or lost, your score is what you banked.
    fn results(&self, s: &State) -> Option<Results> {
        match self.status(s) {
            Status::Over(GameResult::Lost) => Some(Results::lost(vec![f64::from(s.banked)])),
            Status::Over(_) => Some(Results::from_scores(vec![f64::from(s.banked)])),
            _ => None,
        }
    }

    fn chance_outcomes(&self, _: &State, out: &mut Vec<Chance<u16>>) {
        Dice::D6.chances_into(out); // 1 to 6, a sixth each
    }

    fn apply_chance<E: FnMut(())>(&self, s: &mut State, face: u16, _: &mut E) {
        s.rolling = false;
        if face == 1 {
            // Pig: the turn total is lost and the turn ends.
            s.turn_total = 0;
            s.turn += 1;
        } else {
            s.turn_total += u32::from(face);
            if s.banked + s.turn_total >= self.goal {
                // The goal is reached: bank it, the game is won.
                s.banked += s.turn_total;
                s.turn_total = 0;
            }
        }
    }

    fn apply_move<E: FnMut(())>(&self, s: &mut State, mv: Move, _: &mut E) {
        match mv {
            Move::Roll => s.rolling = true,
            Move::Hold => {
                s.banked += s.turn_total;
                s.turn_total = 0;
                s.turn += 1;
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
/// The game's name, and how its parameters make a game (records carry them).
impl Recordable for Solitaire {
    const NAME: &'static str = "pig-solitaire";
    type Parameters = Solitaire;

    fn parameters(&self) -> Solitaire {
        *self
    }

    fn from_parameters(p: &Solitaire) -> Result<Solitaire, ParametersError> {
        Ok(*p) // `FIELDS` has checked the ranges
    }
}

/// How the game reads at the terminal: `roll` or `hold`, and the score.
impl Notation for Solitaire {
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
        let turn = (s.turn + 1).min(self.turns);
        format!(
            "Turn {turn} of {}: banked {} of {}, turn total {}.",
            self.turns, s.banked, self.goal, s.turn_total
        )
    }
}
// ANCHOR_END: services

// ANCHOR: hold-at
/// Rolls until the turn total reaches `n` (or the goal), then holds.
pub fn hold_at(n: u32) -> impl Agent<Solitaire> {
    Rule::new::<Solitaire>(move |game: &Solitaire, s: &State, _, moves: &[Move]| {
        let enough = s.turn_total >= n || s.banked + s.turn_total >= game.goal;
        if enough { moves.len() - 1 } else { 0 } // [Roll] or [Roll, Hold]
    })
}

tabula::registry::inventory::submit! {
    AgentEntry {
        name: "hold-at",
        parameter: Some("N"),
        summary: "hold-at-N: roll until the turn total reaches N, then hold",
        build: &BuildFn::<Solitaire>(|_, n| {
            let n: u32 = n.ok_or("hold-at-N needs an N, as in hold-at-20")?.parse()?;
            Ok(Box::new(hold_at(n.max(1))))
        }),
    }
}
// ANCHOR_END: hold-at

// ANCHOR: registration
tabula::registry::register_game! {
    game: Solitaire,
    summary: "Pig solitaire: bank the goal within the turns, or lose",
    agents: "optimal",
    optimal: "optimal[-OBJECTIVE]: the best play for an objective, solved exactly: optimal (or optimal-win) wins most often, optimal-score banks most on average",
}
// ANCHOR_END: registration
