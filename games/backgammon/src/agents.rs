//! What the framework's search agents need ([`Heuristic`]: pip count,
//! blots, the bear-off database in the race) and the pip-count greedy
//! policy `pipcount`.

use tabula_core::{Deterministic, PolicyAgent, Seat};
use tabula_play::agents::{AgentEntry, BuildFn};
use tabula_search::{Heuristic, hash_key, register_search_agents};

use crate::board::{BAR, Position, Turn};
use crate::game::{Backgammon, State};

/// A lone checker of `seat` an opposing checker could hit with one die
/// or a roll: blots with opposing checkers behind them.
pub fn exposed_blots(position: &Position, seat: usize) -> u32 {
    let (me, opp) = (&position.checkers[seat], &position.checkers[1 - seat]);
    // The opponent's rearmost checker, in my numbering: it moves up, from
    // its point q (my 25 - q) toward my 24.
    let Some(rear) = (1..=BAR).rev().find(|&q| opp[q] > 0) else {
        return 0;
    };
    let lowest_attacker = 25 - rear.min(24);
    (1..=24)
        .filter(|&p| me[p] == 1 && p > lowest_attacker && p - lowest_attacker.max(0) <= 24)
        .count() as u32
}

/// How good the position is for `seat`, in pips: the pip lead, less
/// eight for each of its blots within the opponent's reach, plus eight for
/// each of the opponent's.
pub fn pip_score(position: &Position, seat: usize) -> f64 {
    let lead = f64::from(position.pips(1 - seat)) - f64::from(position.pips(seat));
    if !position.contact() {
        return lead;
    }
    lead - 8.0 * f64::from(exposed_blots(position, seat))
        + 8.0 * f64::from(exposed_blots(position, 1 - seat))
}

impl Heuristic for Backgammon {
    fn evaluate(&self, s: &State, seat: Seat) -> f64 {
        let mut score = pip_score(&s.position, seat);
        // The side to roll is worth about a roll's 8 pips.
        if s.dice[0] == 0 && !s.opening {
            score += if usize::from(s.seat) == seat {
                8.0
            } else {
                -8.0
            };
        }
        (score / 40.0).tanh()
    }

    fn state_key(&self, s: &State) -> u64 {
        hash_key(s)
    }
}

register_search_agents! { game: Backgammon }

/// The pip-count greedy: the turn that leaves the best pip lead (which
/// favours hits), blots not counted; the first listed among equals.
#[derive(Clone, Copy, Debug, Default)]
pub struct PipCount;

impl Deterministic<Backgammon> for PipCount {
    fn pick(&self, _: &Backgammon, s: &State, seat: Seat, moves: &[Turn]) -> usize {
        let mut best = (i64::MIN, 0);
        for (i, t) in moves.iter().enumerate() {
            let mut p = s.position;
            p.play(seat, t);
            let lead = i64::from(p.pips(1 - seat)) - i64::from(p.pips(seat));
            if lead > best.0 {
                best = (lead, i);
            }
        }
        best.1
    }
}

inventory::submit! {
    AgentEntry {
        name: "pipcount",
        parameter: None,
        summary: "the turn that leaves the best pip-count lead (hits count, blots do not)",
        build: &BuildFn::<Backgammon>(|_, _| Ok(Box::new(PolicyAgent(PipCount)))),
    }
}
