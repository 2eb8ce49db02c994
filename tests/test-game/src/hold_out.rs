//! **Hold out**, a one-player test game with a score whose win is not
//! "score of at least N" for every N: roll a die up to `rolls` times,
//! adding each face to a total, or stop; a 1 busts (the total falls to
//! 0 and the game ends). The score is the total at the end; the game is
//! won when it is at least `target`. Small enough to solve by hand, so
//! each objective's optimal play (win, score, goal) is checked against a
//! recursion of its own.

use tabula::core::params::{Param, Parameters};
use tabula::core::{BoardGame, Chance, GameResult, Results, Seat, Status};
use tabula::play::notation::MoveError;
use tabula::play::record::{ParametersError, Recordable};
use tabula::play::terminal::Notation;

/// The game: how many rolls, the die's faces, and the total that wins.
#[derive(Clone, Copy, Debug, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
#[serde(deny_unknown_fields)]
pub struct HoldOut {
    /// The most rolls.
    pub rolls: u32,
    /// The die's faces.
    pub faces: u32,
    /// The total that wins.
    pub target: u32,
}

impl Parameters for HoldOut {
    const FIELDS: &'static [Param] = &[
        Param::int("rolls", "the most rolls", "3", 1, 8),
        Param::int("faces", "the die's faces", "4", 2, 8),
        Param::int("target", "the total that wins", "6", 1, 64),
    ];
}

/// Where the game stands.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Hold {
    /// Rolls made.
    pub rolled: u32,
    /// The total (0 once bust).
    pub total: u32,
    /// Whether the die is in the air.
    pub rolling: bool,
    /// Whether the game is over (stopped, bust or out of rolls).
    pub over: bool,
}

/// A decision.
#[derive(Clone, Copy, Debug, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub enum Choice {
    /// Roll the die.
    Roll,
    /// Stop with the total.
    Stop,
}

impl BoardGame for HoldOut {
    type State = Hold;
    type Move = Choice;
    type Outcome = u32;
    type Event = ();

    fn seats(&self) -> usize {
        1
    }

    fn initial_state(&self) -> Hold {
        Hold {
            rolled: 0,
            total: 0,
            rolling: false,
            over: false,
        }
    }

    fn status(&self, s: &Hold) -> Status {
        if s.over {
            let result = if s.total >= self.target {
                GameResult::Win(0)
            } else {
                GameResult::Lost
            };
            Status::Over(result)
        } else if s.rolling {
            Status::Chance
        } else {
            Status::Decision(0)
        }
    }

    fn results(&self, s: &Hold) -> Option<Results> {
        s.over.then(|| {
            let scores = vec![f64::from(s.total)];
            if s.total >= self.target {
                Results::from_scores(scores)
            } else {
                Results::lost(scores)
            }
        })
    }

    fn chance_outcomes(&self, _: &Hold, out: &mut Vec<Chance<u32>>) {
        let p = 1.0 / f64::from(self.faces);
        out.extend((1..=self.faces).map(|face| Chance {
            outcome: face,
            probability: p,
        }));
    }

    fn apply_chance<E: FnMut(())>(&self, s: &mut Hold, face: u32, _: &mut E) {
        s.rolling = false;
        s.rolled += 1;
        if face == 1 {
            s.total = 0;
            s.over = true;
        } else {
            s.total += face;
            s.over = s.rolled >= self.rolls;
        }
    }

    fn legal_moves(&self, _: &Hold, out: &mut Vec<Choice>) {
        out.extend([Choice::Roll, Choice::Stop]);
    }

    fn apply_move<E: FnMut(())>(&self, s: &mut Hold, choice: Choice, _: &mut E) {
        match choice {
            Choice::Roll => s.rolling = true,
            Choice::Stop => s.over = true,
        }
    }
}

impl Recordable for HoldOut {
    const NAME: &'static str = "hold-out";
    type Parameters = HoldOut;

    fn parameters(&self) -> HoldOut {
        *self
    }

    fn from_parameters(p: &HoldOut) -> Result<HoldOut, ParametersError> {
        Ok(*p)
    }
}

impl Notation for HoldOut {
    fn format_move(&self, _: &Hold, choice: &Choice) -> String {
        match choice {
            Choice::Roll => "roll".into(),
            Choice::Stop => "stop".into(),
        }
    }

    fn parse_move(&self, _: &Hold, text: &str) -> Result<Choice, MoveError> {
        match text.trim() {
            "roll" => Ok(Choice::Roll),
            "stop" => Ok(Choice::Stop),
            _ => Err("type roll or stop".into()),
        }
    }

    fn render(&self, s: &Hold) -> String {
        format!(
            "Total {} after {} of {} rolls (target {}).",
            s.total, s.rolled, self.rolls, self.target
        )
    }

    fn format_outcome(&self, _: &Hold, face: &u32) -> String {
        format!("rolls {face}")
    }

    fn seat_name(&self, _: Seat) -> String {
        "you".into()
    }
}

tabula::registry::register_game! {
    game: HoldOut,
    summary: "Hold out (a test game): roll a die up to N times or stop, a 1 busts; won at the target",
    agents: "optimal",
    optimal: "optimal[-OBJECTIVE]: optimal (win), optimal-score, optimal-goal-N (the chance of a total of at least N)",
}
