//! OpenSpiel's numbering of backgammon's actions, for Python, OpenSpiel's
//! algorithms and the erased state ([`tabula_registry::Actions`], with the
//! feature `commands`).
//!
//! OpenSpiel's `backgammon` decides a turn two checkers at a time: an
//! action (0 to 1351) names two checker moves, each by the point it
//! leaves, and which die the first one uses. A point is OpenSpiel's: 0 to
//! 23 across the board from X's 24 point (X's point `p` is `24 - p`, O's
//! point `p` is `p - 1`), 24 the bar, 25 no move. The action is `second *
//! 26 + first`, plus 676 when the first move uses the lower die; one move
//! alone is `25 * 26 + first` (plus 676 for the lower die), and a roll
//! that cannot be used is 1351. A double is played in two decisions of the
//! same seat, two checkers each. Every order of the checkers is an action
//! of its own, so one turn of tabula's (one per position it leads to) has
//! several names.
//!
//! Chance's actions are OpenSpiel's 36 ordered throws (`{1, 2}` is 0, `{2,
//! 1}` 1, `{1, 3}` 2, ..., `{6, 5}` 29, then the doubles `{1, 1}` 30 to
//! `{6, 6}` 35), each 1/36: a non-double of tabula's (2/36) is two
//! actions. At the opening, the 30 non-doubles: an even one starts X with
//! those dice, an odd one O.
//!
//! Where the rules differ: tabula plays as many dice of a double as the
//! whole turn allows, so its first half of a double is one from which all
//! of them can still be played; OpenSpiel lets the first two checkers go
//! anywhere two can, even where fewer dice are then left to play.
//! OpenSpiel also ends a game after 500 turns (a draw, its
//! `max_player_turns`), which tabula does not; and its default scoring
//! counts every win 1 (`scoring_type=winloss_scoring`), where tabula's
//! counts gammons and backgammons (`points=full`; `points=win` is
//! OpenSpiel's default).

use crate::board::{BAR, Hop, Position, Turn};
use crate::game::{Roll, State};

/// How many actions name the seats' moves: OpenSpiel's 1352.
pub const DISTINCT_ACTIONS: u64 = 1352;
/// How many actions name chance's throws: OpenSpiel's 36.
pub const CHANCE_OUTCOMES: u64 = 36;
/// The action of a roll that cannot be used.
pub const PASS: u64 = 1351;
/// Added when the first checker uses the lower die.
const LOW_FIRST: u64 = 676;
/// The digit of no move.
const NO_MOVE: u64 = 25;
/// The digit of the bar.
const BAR_DIGIT: u64 = 24;

/// OpenSpiel's point (a digit) of `seat`'s point `from` (25: the bar).
fn digit(seat: usize, from: u8) -> u64 {
    let from = u64::from(from);
    if from == BAR as u64 {
        BAR_DIGIT
    } else if seat == 0 {
        24 - from
    } else {
        from - 1
    }
}

/// `seat`'s point of OpenSpiel's point `digit` (0 to 24).
fn point(seat: usize, digit: u64) -> u8 {
    if digit == BAR_DIGIT {
        BAR as u8
    } else if seat == 0 {
        (24 - digit) as u8
    } else {
        (digit + 1) as u8
    }
}

/// One checker moved: the point it leaves and the die it uses.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
struct Step {
    from: u8,
    die: u8,
}

impl Step {
    fn hop(self) -> Hop {
        Hop {
            from: self.from,
            to: self.from.saturating_sub(self.die),
        }
    }
}

/// Whether `seat` may move a checker from `from` with `die`: the bar
/// first, a point not held by two or more of the opponent's, or off once
/// every checker is home (exactly, or with a larger die from the highest
/// point).
fn may(position: &Position, seat: usize, from: usize, die: usize) -> bool {
    let me = &position.checkers[seat];
    if me[from] == 0 || (me[BAR] > 0 && from != BAR) {
        return false;
    }
    if from > die {
        return position.checkers[1 - seat][25 - (from - die)] <= 1;
    }
    me[7..=BAR].iter().all(|&c| c == 0) && (from == die || me[from + 1..=6].iter().all(|&c| c == 0))
}

/// Every sequence of checker moves `dice` allow from `position`, in every
/// order (each die once; a double's four dice in turn), to where no die
/// is left or none can be used.
fn walk(
    position: &Position,
    seat: usize,
    dice: &[u8],
    used: u8,
    steps: &mut Vec<Step>,
    out: &mut Vec<Vec<Step>>,
) {
    let double = dice.len() == 4;
    let mut any = false;
    for (i, &die) in dice.iter().enumerate() {
        if used & (1 << i) != 0 {
            continue;
        }
        for from in (1..=BAR).rev() {
            if !may(position, seat, from, usize::from(die)) {
                continue;
            }
            any = true;
            let step = Step {
                from: from as u8,
                die,
            };
            let mut next = *position;
            next.hop(seat, step.hop());
            steps.push(step);
            walk(&next, seat, dice, used | (1 << i), steps, out);
            steps.pop();
        }
        if double {
            // The four dice are alike: the first unused stands for all.
            break;
        }
    }
    if !any {
        out.push(steps.clone());
    }
}

/// One decision's checker moves (at most two) as OpenSpiel's action, with
/// the dice `high` the higher.
fn encode(steps: &[Step], seat: usize, high: u8) -> u64 {
    let low_first = |s: &Step| if s.die == high { 0 } else { LOW_FIRST };
    match steps {
        [] => PASS,
        [a] => NO_MOVE * 26 + digit(seat, a.from) + low_first(a),
        [a, b, ..] => digit(seat, b.from) * 26 + digit(seat, a.from) + low_first(a),
    }
}

/// The hops an action names for `seat` with `dice` (larger first).
fn decode(action: u64, seat: usize, dice: [u8; 2]) -> Vec<Hop> {
    let (high, low) = (dice[0].max(dice[1]), dice[0].min(dice[1]));
    let dice = if action < LOW_FIRST {
        [high, low]
    } else {
        [low, high]
    };
    let rest = action % LOW_FIRST;
    [(rest % 26, dice[0]), (rest / 26, dice[1])]
        .into_iter()
        .filter(|&(d, _)| d != NO_MOVE)
        .map(|(d, die)| {
            Step {
                from: point(seat, d),
                die,
            }
            .hop()
        })
        .collect()
}

/// Every name of the legal turns `turns` (tabula's list at `state`, one
/// per position it leads to): pairs of a turn's index in `turns` and its
/// actions, one per decision (two for a double, unless the turn plays
/// one die or none, or the game ends after its first two checkers).
pub fn names(state: &State, turns: &[Turn], out: &mut Vec<(usize, Vec<u64>)>) {
    let seat = usize::from(state.seat);
    let [high, low] = state.dice;
    let double = high == low;
    let dice: Vec<u8> = if double {
        vec![high; 4]
    } else {
        vec![high, low]
    };
    let mut sequences = Vec::new();
    walk(
        &state.position,
        seat,
        &dice,
        0,
        &mut Vec::new(),
        &mut sequences,
    );
    // As many dice as can be played; with one of two, the larger if it can.
    let most = sequences.iter().map(Vec::len).max().unwrap_or(0);
    sequences.retain(|s| s.len() == most);
    if !double && most == 1 {
        let top = sequences.iter().map(|s| s[0].die).max().unwrap_or(0);
        sequences.retain(|s| s[0].die == top);
    }
    let ends: Vec<Position> = turns
        .iter()
        .map(|t| {
            let mut p = state.position;
            p.play(seat, t);
            p
        })
        .collect();
    for steps in sequences {
        let mut end = state.position;
        for s in &steps {
            end.hop(seat, s.hop());
        }
        let Some(turn) = ends.iter().position(|e| *e == end) else {
            continue;
        };
        let mut name = vec![encode(&steps[..steps.len().min(2)], seat, high)];
        if double && steps.len() >= 2 {
            let mut half = state.position;
            for s in &steps[..2] {
                half.hop(seat, s.hop());
            }
            if half.winner().is_none() {
                name.push(encode(&steps[2..], seat, high));
            }
        }
        out.push((turn, name));
    }
}

/// The state with the actions `played` (the first half of a double)
/// played: the checkers moved, the same seat still to play.
pub fn under_way(state: &State, played: &[u64]) -> State {
    let seat = usize::from(state.seat);
    let mut next = *state;
    for &action in played {
        for hop in decode(action, seat, state.dice) {
            next.position.hop(seat, hop);
        }
    }
    next
}

/// An action of the seat to play at `state`, after `played`, in standard
/// notation (`24/23 24/22`, `bar/22*`, `6/off`, `pass`).
pub fn action_text(state: &State, played: &[u64], action: u64) -> String {
    let seat = usize::from(state.seat);
    let at = under_way(state, played);
    let hops = decode(action, seat, state.dice);
    let mut turn = Turn::default();
    for (i, hop) in hops.iter().enumerate() {
        turn.hops[i] = *hop;
    }
    turn.len = hops.len() as u8;
    crate::notation::format_turn(&at.position, seat, &turn)
}

/// Index of the throw `{low, high}` (`low < high`) among the 15.
fn pair(low: u8, high: u8) -> u64 {
    let (low, high) = (u64::from(low), u64::from(high));
    (1..low).map(|i| 6 - i).sum::<u64>() + (high - low - 1)
}

/// Chance's actions for `roll` at `state`, each with its share of the
/// roll's probability: at the opening (X's die first) the one throw that
/// starts the higher; a double one; another throw its two orders.
pub fn outcome_names(state: &State, &Roll(a, b): &Roll, out: &mut Vec<(u64, f64)>) {
    if state.opening {
        if a > b {
            out.push((2 * pair(b, a), 1.0));
        } else {
            out.push((2 * pair(a, b) + 1, 1.0));
        }
    } else if a == b {
        out.push((30 + u64::from(a) - 1, 1.0));
    } else {
        let k = pair(a.min(b), a.max(b));
        out.push((2 * k, 0.5));
        out.push((2 * k + 1, 0.5));
    }
}

#[cfg(feature = "commands")]
impl tabula_registry::Actions for crate::Backgammon {
    const OWN_NAMES: bool = true;

    fn num_distinct_actions(&self) -> u64 {
        DISTINCT_ACTIONS
    }

    fn move_action(&self, state: &State, mv: &Turn) -> u64 {
        let mut turns = Vec::new();
        tabula_core::BoardGame::legal_moves(self, state, &mut turns);
        let mut named = Vec::new();
        names(state, &turns, &mut named);
        turns
            .iter()
            .position(|t| t == mv)
            .and_then(|at| named.iter().find(|(i, _)| *i == at))
            .map_or(PASS, |(_, name)| name[0])
    }

    fn max_chance_outcomes(&self) -> u64 {
        CHANCE_OUTCOMES
    }

    fn outcome_action(&self, state: &State, outcome: &Roll) -> u64 {
        let mut named = Vec::new();
        outcome_names(state, outcome, &mut named);
        named.first().map_or(0, |&(a, _)| a)
    }

    fn move_names(&self, state: &State, moves: &[Turn], out: &mut Vec<(usize, Vec<u64>)>) {
        names(state, moves, out);
    }

    fn outcome_names(&self, state: &State, outcome: &Roll, out: &mut Vec<(u64, f64)>) {
        outcome_names(state, outcome, out);
    }

    fn part_to_string(&self, state: &State, played: &[u64], action: u64) -> Option<String> {
        (state.dice[0] != 0).then(|| action_text(state, played, action))
    }

    fn under_way(&self, state: &State, played: &[u64]) -> State {
        under_way(state, played)
    }
}
