//! Pig for tabula, by OpenSpiel's rules (`open_spiel/games/pig/pig.cc`),
//! so that a game played here and one played by OpenSpiel agree step by
//! step: the same legal actions, chance outcomes and returns.
//!
//! Players take turns. On your turn you roll a die as often as you like,
//! adding each roll to a turn total; a 1 loses the turn total and ends
//! the turn, and stopping banks it. You may stop with a turn total of 0,
//! and once your score and turn total reach the target you must stop
//! (rolling is no longer legal): the game is won on the stop. After
//! `horizon` decisions (OpenSpiel's default, 1000) the game ends and
//! nobody wins. Returns are OpenSpiel's: +1 for the winner, −1/(n−1) for
//! every other player (−1 for the loser of a two-player game), 0 each at
//! the horizon.
//!
//! The parameters are OpenSpiel's, by tabula's names: `target` (its
//! `winscore`, 100 by default as there), `players` (2) and `horizon`
//! (1000; 0 for none, which makes the state small enough to solve
//! exactly). The die has six faces (OpenSpiel's `diceoutcomes` default;
//! its `piglet` variant is not played).
//!
//! Actions ([`tabula_registry::Actions`], with the feature `commands`)
//! are OpenSpiel's: roll 0 and stop 1; chance's outcomes are the faces
//! in order, 0 for a 1 to 5 for a 6.
//!
//! Optimal play (`optimal`, the chance of winning; `optimal-score`) is
//! solved exactly for two players without a horizon (`horizon=0`), over a
//! numbering of its decision states ([`tabula_exact::Dense`]), and
//! `analyze pig --horizon 0 --agents optimal,optimal --plot DIR` draws its
//! policy (`policy.svg`: for each pair of banked scores, the turn total
//! at which it stops).
//!
//! The book's tutorial Pig (`book/tutorials/pig`) is a different game on
//! purpose: the one a reader writes first (a win at once on reaching the
//! target, no stop at 0, no horizon).
//!
//! ```
//! use tabula_core::{BoardGame, Status};
//! use tabula_pig::{Move, Pig};
//!
//! let pig = Pig::new(30);
//! let mut s = pig.initial_state();
//! pig.apply_move(&mut s, Move::Roll, &mut |_| {});
//! assert_eq!(pig.status(&s), Status::Chance);
//! pig.apply_chance(&mut s, 5, &mut |_| {}); // a 5
//! pig.apply_move(&mut s, Move::Stop, &mut |_| {});
//! assert_eq!((s.scores[0], s.seat), (5, 1));
//! ```
#![deny(missing_docs)]

use tabula_core::params::{Param, Parameters};
use tabula_core::{Agent, BoardGame, Chance, Dice, GameResult, Results, Rule, Seat, Status};
use tabula_play::agents::{AgentEntry, BuildFn};
use tabula_play::notation::MoveError;
use tabula_play::record::{ParametersError, Recordable};
use tabula_play::terminal::Notation;
use tabula_search::{Heuristic, hash_key, register_search_agents};

/// The most players (OpenSpiel's `max_num_players`).
pub const MAX_PLAYERS: usize = 10;

/// Pig: the game and its parameters.
#[derive(Clone, Copy, Debug, serde::Serialize, serde::Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Pig {
    /// The score that wins (OpenSpiel's `winscore`).
    pub target: u32,
    /// Players.
    pub players: u32,
    /// Decisions after which the game ends with no winner; 0 for none.
    pub horizon: u32,
}

impl Pig {
    /// Two players to `target`, with OpenSpiel's horizon of 1000
    /// decisions.
    pub fn new(target: u32) -> Pig {
        Pig {
            target,
            players: 2,
            horizon: 1000,
        }
    }

    fn next(&self, seat: Seat) -> Seat {
        (seat + 1) % self.players as usize
    }
}

impl Parameters for Pig {
    const FIELDS: &'static [Param] = &[
        Param::int(
            "target",
            "the score that wins (OpenSpiel's winscore)",
            "100",
            1,
            10_000,
        ),
        Param::int("players", "players", "2", 2, MAX_PLAYERS as i64),
        Param::int(
            "horizon",
            "decisions after which the game ends with no winner (0: none)",
            "1000",
            0,
            1_000_000,
        ),
    ];
}

/// Everything that changes during play.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct State {
    /// Each player's banked score.
    pub scores: [u32; MAX_PLAYERS],
    /// The points of the turn so far, lost on a 1.
    pub turn_total: u32,
    /// Whose turn it is.
    pub seat: Seat,
    /// Whether the die is in the air: the player chose to roll.
    pub rolling: bool,
    /// Decisions so far (OpenSpiel's `total_moves_`), counted only with a
    /// horizon.
    pub moves: u32,
}

/// A decision: roll again, or stop and bank the turn total.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, serde::Serialize, serde::Deserialize)]
pub enum Move {
    /// Roll the die (OpenSpiel's action 0).
    Roll,
    /// Bank the turn total and pass the die (action 1).
    Stop,
}

impl BoardGame for Pig {
    type State = State;
    type Move = Move;
    type Outcome = u16; // the face rolled
    type Event = ();

    fn seats(&self) -> usize {
        self.players as usize
    }

    fn initial_state(&self) -> State {
        State {
            scores: [0; MAX_PLAYERS],
            turn_total: 0,
            seat: 0,
            rolling: false,
            moves: 0,
        }
    }

    fn status(&self, s: &State) -> Status {
        let players = self.players as usize;
        match s.scores[..players].iter().position(|&x| x >= self.target) {
            Some(winner) => Status::Over(GameResult::Win(winner)),
            None if self.horizon > 0 && s.moves >= self.horizon => Status::Over(GameResult::Draw),
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
            s.turn_total = 0;
            s.seat = self.next(s.seat);
        } else {
            s.turn_total += u32::from(face);
        }
    }

    fn apply_move<E: FnMut(())>(&self, s: &mut State, mv: Move, _: &mut E) {
        match mv {
            Move::Roll => s.rolling = true,
            Move::Stop => {
                s.scores[s.seat] += s.turn_total;
                s.turn_total = 0;
                s.seat = self.next(s.seat);
            }
        }
        if self.horizon > 0 {
            s.moves += 1;
        }
    }

    fn legal_moves(&self, s: &State, out: &mut Vec<Move>) {
        if s.scores[s.seat] + s.turn_total < self.target {
            out.push(Move::Roll);
        }
        out.push(Move::Stop);
    }

    /// OpenSpiel's returns: +1 for the winner, −1/(n−1) for the others;
    /// 0 each at the horizon.
    fn results(&self, s: &State) -> Option<Results> {
        let n = self.seats();
        match self.status(s) {
            Status::Over(GameResult::Win(w)) => Some(Results::from_scores(
                (0..n)
                    .map(|p| if p == w { 1.0 } else { -1.0 / (n as f64 - 1.0) })
                    .collect(),
            )),
            Status::Over(GameResult::Draw) => Some(Results::from_scores(vec![0.0; n])),
            _ => None,
        }
    }
}

impl Recordable for Pig {
    const NAME: &'static str = "pig";
    type Parameters = Pig;

    fn parameters(&self) -> Pig {
        *self
    }

    fn from_parameters(p: &Pig) -> Result<Pig, ParametersError> {
        Ok(*p) // `FIELDS` has checked the ranges
    }
}

/// How Pig reads: OpenSpiel's words (`roll`, `stop`, `Roll 3`) and its
/// position text.
impl Notation for Pig {
    fn format_move(&self, _: &State, mv: &Move) -> String {
        match mv {
            Move::Roll => "roll",
            Move::Stop => "stop",
        }
        .to_string()
    }

    fn parse_move(&self, _: &State, text: &str) -> Result<Move, MoveError> {
        match text.trim().to_ascii_lowercase().as_str() {
            "r" | "roll" => Ok(Move::Roll),
            "s" | "stop" | "h" | "hold" => Ok(Move::Stop),
            _ => Err("please answer roll (r) or stop (s)".into()),
        }
    }

    fn format_outcome(&self, _: &State, face: &u16) -> String {
        format!("Roll {face}")
    }

    /// OpenSpiel's `ToString`: the scores, the turn total, whose turn.
    fn render(&self, s: &State) -> String {
        let scores: Vec<String> = s.scores[..self.seats()]
            .iter()
            .map(u32::to_string)
            .collect();
        format!(
            "Scores: {}, Turn total: {}\nCurrent player: {}{}\n",
            scores.join(" "),
            s.turn_total,
            s.seat,
            if s.rolling { " (rolling)" } else { "" }
        )
    }
}

/// Rolls until the turn total reaches `n`, then stops (and stops when
/// rolling is not legal): a rule, which the exact analysis follows.
pub fn hold_at(n: u32) -> impl Agent<Pig> {
    Rule::new::<Pig>(move |_, s, _, moves| {
        // The moves are [Roll, Stop] or [Stop].
        if s.turn_total < n { 0 } else { moves.len() - 1 }
    })
}

inventory::submit! {
    AgentEntry {
        name: "hold-at",
        parameter: Some("N"),
        summary: "hold-at-N: roll until the turn total reaches N, then stop",
        build: &BuildFn::<Pig>(|_, n| {
            let n: u32 = n.ok_or("hold-at-N needs an N, as in hold-at-20")?.parse()?;
            Ok(Box::new(hold_at(n.max(1))))
        }),
    }
}

/// What the framework's searches need: the seat's lead over the best
/// other score, as a share of the target.
impl Heuristic for Pig {
    fn evaluate(&self, s: &State, seat: Seat) -> f64 {
        let n = self.seats();
        let best = (0..n)
            .filter(|&p| p != seat)
            .map(|p| s.scores[p])
            .max()
            .unwrap_or(0);
        (f64::from(s.scores[seat]) - f64::from(best)) / f64::from(self.target)
    }

    fn state_key(&self, s: &State) -> u64 {
        hash_key(s)
    }
}

register_search_agents! { game: Pig }

impl Pig {
    /// Whether optimal play is solved for these parameters: two players,
    /// no horizon (a horizon counts decisions, which makes every position
    /// a different state).
    pub fn solvable(&self) -> bool {
        self.players == 2 && self.horizon == 0
    }

    /// Turn totals a decision state may hold: up to the target less one
    /// plus a 6 (a total that reaches the target must stop).
    fn turn_totals(&self) -> usize {
        self.target as usize + 6
    }
}

/// The decision states of two players without a horizon, late ones first
/// (higher scores and turn totals first), so that the optimal solve keeps
/// one number per state and no graph; no states for other parameters
/// ([`Pig::solvable`]).
impl tabula_exact::Dense for Pig {
    fn state_count(&self) -> usize {
        if !self.solvable() {
            return 0;
        }
        2 * (self.target as usize).pow(2) * self.turn_totals()
    }

    fn index(&self, s: &State) -> Option<usize> {
        if !self.solvable() || s.rolling {
            return None; // the die in the air: evaluated from its faces
        }
        let (t, tt) = (self.target as usize, self.turn_totals());
        let late = |x: u32| (self.target - 1).checked_sub(x).map(|l| l as usize);
        let scores = late(s.scores[0])? * t + late(s.scores[1])?;
        let turn = (tt - 1).checked_sub(s.turn_total as usize)?;
        Some((scores * 2 + s.seat) * tt + turn)
    }

    fn states(&self) -> impl Iterator<Item = State> + '_ {
        let (t, tt) = (self.target as usize, self.turn_totals());
        let late = move |x: usize| (t - 1 - x) as u32;
        (0..self.state_count()).map(move |i| {
            let mut scores = [0; MAX_PLAYERS];
            scores[0] = late(i / (2 * t * tt));
            scores[1] = late(i / (2 * tt) % t);
            State {
                scores,
                turn_total: (tt - 1 - i % tt) as u32,
                seat: i / tt % 2,
                rolling: false,
                moves: 0,
            }
        })
    }
}

/// OpenSpiel's numbering: roll 0, stop 1; a face `f` is chance's action
/// `f - 1`.
#[cfg(feature = "commands")]
impl tabula_registry::Actions for Pig {
    fn num_distinct_actions(&self) -> u64 {
        2
    }

    fn move_action(&self, _: &State, mv: &Move) -> u64 {
        match mv {
            Move::Roll => 0,
            Move::Stop => 1,
        }
    }

    fn max_chance_outcomes(&self) -> u64 {
        6
    }

    fn outcome_action(&self, _: &State, face: &u16) -> u64 {
        u64::from(face.saturating_sub(1))
    }
}

#[cfg(feature = "commands")]
mod commands;

#[cfg(feature = "commands")]
tabula_registry::register_game! {
    game: Pig,
    summary: "Pig, OpenSpiel's rules: roll to build a turn total, stop to bank it, a 1 loses it",
    agents: "hold-at-20,hold-at-20",
    optimal: "optimal[-OBJECTIVE]: the best play for an objective (optimal or optimal-win: the chance of winning; optimal-score), solved exactly for two players without a horizon (--horizon 0)",
    build: |g| g.actions().solver(commands::Unsolved).sections(commands::policy_picture),
}
