//! The rules as a [`BoardGame`]: the opening roll, whole turns, the
//! score of a finished game.

use rand::{Rng, RngExt};
use tabula_core::params::{Param, Parameters};
use tabula_core::{BoardGame, Chance, GameResult, Results, Status};
use tabula_play::Legality;
use tabula_play::record::{ParametersError, Recordable};
use tabula_sim::Sampling;

use crate::board::{Position, Turn, legal_turns};

/// How a finished game scores.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, serde::Serialize, serde::Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Scoring {
    /// A win scores 1, a gammon 2, a backgammon 3 (OpenSpiel's
    /// `full_scoring`).
    Full,
    /// A win scores 1, a gammon 2 (OpenSpiel's `enable_gammons`).
    Gammons,
    /// Every win scores 1 (OpenSpiel's default, `winloss_scoring`).
    Win,
}

/// The game's parameters, as options, RON and spec strings read them.
#[derive(Clone, Debug, PartialEq, serde::Serialize, serde::Deserialize)]
#[serde(deny_unknown_fields)]
pub struct BackgammonParams {
    /// `full`, `gammons` or `win`.
    pub points: String,
}

impl Default for BackgammonParams {
    fn default() -> Self {
        BackgammonParams {
            points: "full".into(),
        }
    }
}

impl Parameters for BackgammonParams {
    const FIELDS: &'static [Param] = &[Param::choice(
        "points",
        "what a win scores: full (1, a gammon 2, a backgammon 3), gammons (1 or 2) or win (1)",
        "full",
        &["full", "gammons", "win"],
    )];
}

/// Backgammon: two seats, 15 checkers each, no doubling cube.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Backgammon {
    /// How a finished game scores.
    pub scoring: Scoring,
}

impl Default for Backgammon {
    fn default() -> Self {
        Backgammon {
            scoring: Scoring::Full,
        }
    }
}

/// A roll of the two dice. At the opening each seat throws one die,
/// seat 1's first, and the higher starts with both (they are never
/// equal there); later the order means nothing.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, serde::Serialize, serde::Deserialize)]
pub struct Roll(pub u8, pub u8);

/// Everything that changes during play.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct State {
    /// Where the checkers are.
    pub position: Position,
    /// The seat to move (to roll, or to play its roll).
    pub seat: u8,
    /// The dice to play, larger first; `[0, 0]` while they are to be
    /// rolled.
    pub dice: [u8; 2],
    /// Whether the opening roll, which picks the first seat, is still to
    /// come.
    pub opening: bool,
}

impl State {
    /// A position with `seat` to roll (not the opening).
    pub fn to_roll(position: Position, seat: usize) -> State {
        State {
            position,
            seat: seat as u8,
            dice: [0, 0],
            opening: false,
        }
    }

    /// A position with `seat` to play `dice`.
    pub fn to_play(position: Position, seat: usize, dice: [u8; 2]) -> State {
        State {
            position,
            seat: seat as u8,
            dice: [dice[0].max(dice[1]), dice[0].min(dice[1])],
            opening: false,
        }
    }
}

/// The 21 rolls of two dice with their chances, larger die first.
pub fn rolls() -> impl Iterator<Item = (Roll, f64)> {
    (1..=6u8).flat_map(|a| {
        (1..=a).map(move |b| (Roll(a, b), if a == b { 1.0 / 36.0 } else { 2.0 / 36.0 }))
    })
}

impl BoardGame for Backgammon {
    type State = State;
    type Move = Turn;
    type Outcome = Roll;
    type Event = ();

    fn seats(&self) -> usize {
        2
    }

    fn initial_state(&self) -> State {
        State {
            position: Position::start(),
            seat: 0,
            dice: [0, 0],
            opening: true,
        }
    }

    #[inline]
    fn status(&self, s: &State) -> Status {
        if let Some(w) = s.position.winner() {
            Status::Over(GameResult::Win(w))
        } else if s.dice[0] == 0 {
            Status::Chance
        } else {
            Status::Decision(usize::from(s.seat))
        }
    }

    fn chance_outcomes(&self, s: &State, out: &mut Vec<Chance<Roll>>) {
        if s.opening {
            for a in 1..=6 {
                for b in (1..=6).filter(|&b| b != a) {
                    out.push(Chance {
                        outcome: Roll(a, b),
                        probability: 1.0 / 30.0,
                    });
                }
            }
        } else {
            out.extend(rolls().map(|(outcome, probability)| Chance {
                outcome,
                probability,
            }));
        }
    }

    #[inline]
    fn apply_chance<E: FnMut(())>(&self, s: &mut State, Roll(a, b): Roll, _: &mut E) {
        if s.opening {
            s.opening = false;
            s.seat = u8::from(b > a);
        }
        s.dice = [a.max(b), a.min(b)];
    }

    #[inline]
    fn apply_move<E: FnMut(())>(&self, s: &mut State, turn: Turn, _: &mut E) {
        let seat = usize::from(s.seat);
        s.position.play(seat, &turn);
        s.dice = [0, 0];
        s.seat = 1 - s.seat;
    }

    #[inline]
    fn legal_moves(&self, s: &State, out: &mut Vec<Turn>) {
        legal_turns(&s.position, usize::from(s.seat), s.dice, out);
    }

    fn results(&self, s: &State) -> Option<Results> {
        let winner = s.position.winner()?;
        let points = f64::from(self.points(&s.position, 1 - winner));
        let mut scores = vec![-points; 2];
        scores[winner] = points;
        Some(Results::from_scores(scores))
    }
}

/// A recorded roll is checked directly: any two faces, in either order
/// (its list has each roll once).
impl Legality for Backgammon {
    fn is_possible(&self, s: &State, &Roll(a, b): &Roll, _: &mut Vec<Chance<Roll>>) -> bool {
        (1..=6).contains(&a) && (1..=6).contains(&b) && !(s.opening && a == b)
    }
}

/// Backgammon rolls its two dice directly (and again on a double at the
/// opening), without listing the 21 rolls.
impl Sampling for Backgammon {
    #[inline]
    fn sample_chance<R: Rng + ?Sized>(
        &self,
        s: &State,
        rng: &mut R,
        _: &mut Vec<Chance<Roll>>,
    ) -> Option<Roll> {
        loop {
            let w: u32 = rng.random_range(0..36);
            let (a, b) = ((w / 6) as u8 + 1, (w % 6) as u8 + 1);
            if !(s.opening && a == b) {
                return Some(Roll(a, b));
            }
        }
    }
}

impl Backgammon {
    /// What the loser of a finished game loses under this game's scoring.
    pub fn points(&self, position: &Position, loser: usize) -> u8 {
        match self.scoring {
            Scoring::Full => position.loss_multiple(loser),
            Scoring::Gammons => position.loss_multiple(loser).min(2),
            Scoring::Win => 1,
        }
    }
}

impl Recordable for Backgammon {
    const NAME: &'static str = "backgammon";
    type Parameters = BackgammonParams;

    fn parameters(&self) -> BackgammonParams {
        let scoring = match self.scoring {
            Scoring::Full => "full",
            Scoring::Gammons => "gammons",
            Scoring::Win => "win",
        };
        BackgammonParams {
            points: scoring.into(),
        }
    }

    fn from_parameters(p: &BackgammonParams) -> Result<Backgammon, ParametersError> {
        let scoring = match p.points.as_str() {
            "full" => Scoring::Full,
            "gammons" => Scoring::Gammons,
            "win" => Scoring::Win,
            other => {
                return Err(ParametersError::new(format!(
                    "points must be full, gammons or win, not {other}"
                )));
            }
        };
        Ok(Backgammon { scoring })
    }
}
