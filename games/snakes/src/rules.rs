//! Rule sets: how a throw moves a token. Built in: `overshoot` (seed 000),
//! `exact` (seed 001) and `bounce`. Write your own by implementing
//! [`Rules`] and registering a [`RuleSet`] with `inventory::submit!`.

use std::collections::{HashMap, VecDeque};
use std::fmt::Debug;
use std::hash::Hash;

use tabula_core::CoreError;
use tabula_core::registry::{self, Named};

use crate::board::Board;
use crate::erased::ErasedRules;

/// What a throw does to a token, before ladders and chutes.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Step {
    /// The token moves to this square; a ladder or chute there is then
    /// taken. A square at or past the last square finishes the game.
    Advance(u32),
    /// The throw is forfeited; the token stays.
    Forfeit,
    /// The token is put on this square (0 is the start, off the board); no
    /// ladder or chute is taken.
    SendTo(u16),
}

/// A rule set: how a throw of `roll` moves a token on `square`.
///
/// `Extra` is per-token state the rule keeps between throws (a count of
/// consecutive sixes, say); rules without any use `()`. It is part of the
/// game state, so exact analysis can enumerate it: keep it small.
///
/// ```
/// use tabula_snakes::{Board, Rules, Step};
///
/// /// Moves twice as far.
/// struct Double;
/// impl Rules for Double {
///     type Extra = ();
///     fn step(&self, _: &Board, square: u16, _: &mut (), roll: u16) -> Step {
///         Step::Advance(u32::from(square) + 2 * u32::from(roll))
///     }
/// }
/// let board = Board::classic();
/// assert_eq!(Double.step(&board, 10, &mut (), 3), Step::Advance(16));
/// ```
pub trait Rules: Send + Sync + 'static {
    /// Per-token state kept between throws.
    type Extra: Copy + Default + Eq + Hash + Debug + Send + Sync;

    /// Moves a token on `square` (0 = not yet on the board) by a throw.
    fn step(&self, board: &Board, square: u16, extra: &mut Self::Extra, roll: u16) -> Step;
}

/// A registered rule set.
pub struct RuleSet {
    /// Unique name, used in board files and on the command line.
    pub name: &'static str,
    /// One line saying what it does.
    pub summary: &'static str,
    /// The rules, type-erased so they can be chosen by name; every run is
    /// still monomorphized for the concrete rule type.
    pub rules: &'static dyn ErasedRules,
}

impl std::fmt::Debug for RuleSet {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("RuleSet").field("name", &self.name).finish()
    }
}

impl Named for RuleSet {
    fn name(&self) -> &'static str {
        self.name
    }
}

inventory::collect!(RuleSet);

/// The rule set a board without a `rules` field uses.
pub const DEFAULT: &str = "overshoot";

/// All registered rule sets, sorted by name.
pub fn all() -> Result<Vec<&'static RuleSet>, CoreError> {
    registry::sorted_unique("rule set", inventory::iter::<RuleSet>)
}

/// The rule set registered as `name`; the error lists the known names.
pub fn find(name: &str) -> Result<&'static RuleSet, CoreError> {
    registry::find("rule set", &all()?, name)
}

/// Seed 000: a throw that reaches or passes the last square finishes.
#[derive(Clone, Copy, Debug, Default)]
pub struct Overshoot;

impl Rules for Overshoot {
    type Extra = ();
    #[inline]
    fn step(&self, _: &Board, square: u16, _: &mut (), roll: u16) -> Step {
        Step::Advance(u32::from(square) + u32::from(roll))
    }
}

/// Seed 001: the last square must be reached exactly; a throw that would
/// pass it is forfeited and the token stays.
#[derive(Clone, Copy, Debug, Default)]
pub struct Exact;

impl Rules for Exact {
    type Extra = ();
    #[inline]
    fn step(&self, board: &Board, square: u16, _: &mut (), roll: u16) -> Step {
        let to = u32::from(square) + u32::from(roll);
        if to > u32::from(board.size()) {
            Step::Forfeit
        } else {
            Step::Advance(to)
        }
    }
}

/// The last square must be reached exactly; the excess of a throw that
/// passes it bounces back (on 100, 97 + 5 ends on 98).
#[derive(Clone, Copy, Debug, Default)]
pub struct Bounce;

impl Rules for Bounce {
    type Extra = ();
    #[inline]
    fn step(&self, board: &Board, square: u16, _: &mut (), roll: u16) -> Step {
        let size = i64::from(board.size());
        let mut to = i64::from(square) + i64::from(roll);
        // Reflect off the last square (and, for huge throws on tiny
        // boards, off the start) until the token is on the board.
        while to > size || to < 0 {
            to = if to > size { 2 * size - to } else { -to };
        }
        Step::Advance(to as u32)
    }
}

inventory::submit! {
    RuleSet {
        name: "overshoot",
        summary: "a throw that reaches or passes the last square wins (seed 000)",
        rules: &Overshoot,
    }
}
inventory::submit! {
    RuleSet {
        name: "exact",
        summary: "the last square must be hit exactly; a throw that would pass it is forfeited (seed 001)",
        rules: &Exact,
    }
}
inventory::submit! {
    RuleSet {
        name: "bounce",
        summary: "the last square must be hit exactly; the excess bounces back from it",
        rules: &Bounce,
    }
}

/// The most token states (square, extra) a playability check explores.
pub const MAX_CHECKED_STATES: usize = 1_000_000;

/// Checks that the last square can be reached from the start, and from
/// every position a token can reach, so no game can run forever. Explores
/// (square, extra) pairs; gives up silently (the throw cap still protects)
/// past [`MAX_CHECKED_STATES`].
pub fn check_playable<R: Rules>(rules: &R, board: &Board) -> Result<(), String> {
    type Node<E> = (u16, E);
    let size = board.size();
    let rolls: Vec<u16> = board.dice().ways().into_iter().map(|(s, _)| s).collect();
    let mut index: HashMap<Node<R::Extra>, usize> = HashMap::new();
    let mut nodes: Vec<Node<R::Extra>> = Vec::new();
    let mut succ: Vec<Vec<usize>> = Vec::new();
    let mut finishes: Vec<bool> = Vec::new();
    let start: Node<R::Extra> = (0, R::Extra::default());
    index.insert(start, 0);
    nodes.push(start);
    let mut queue = VecDeque::from([0usize]);
    while let Some(n) = queue.pop_front() {
        let (square, extra) = nodes[n];
        let mut out = Vec::new();
        let mut done = false;
        for &roll in &rolls {
            let mut e = extra;
            let to = match rules.step(board, square, &mut e, roll) {
                Step::Advance(t) if t >= u32::from(size) => {
                    done = true;
                    continue;
                }
                Step::Advance(t) => {
                    let mut s = t as u16;
                    while let Some(j) = board.jump_from(s) {
                        s = j;
                    }
                    if s >= size {
                        done = true;
                        continue;
                    }
                    s
                }
                Step::Forfeit => square,
                Step::SendTo(s) => s,
            };
            let node = (to, e);
            let id = match index.get(&node) {
                Some(&id) => id,
                None => {
                    if nodes.len() >= MAX_CHECKED_STATES {
                        return Ok(());
                    }
                    let id = nodes.len();
                    index.insert(node, id);
                    nodes.push(node);
                    queue.push_back(id);
                    id
                }
            };
            out.push(id);
        }
        if succ.len() <= n {
            succ.resize(n + 1, Vec::new());
            finishes.resize(n + 1, false);
        }
        succ[n] = out;
        finishes[n] = done;
    }
    // Backwards: which positions can finish?
    let mut pred: Vec<Vec<usize>> = vec![Vec::new(); nodes.len()];
    for (n, outs) in succ.iter().enumerate() {
        for &m in outs {
            pred[m].push(n);
        }
    }
    let mut can = finishes.clone();
    can.resize(nodes.len(), false);
    let mut stack: Vec<usize> = (0..nodes.len()).filter(|&n| can[n]).collect();
    while let Some(n) = stack.pop() {
        for &p in &pred[n] {
            if !can[p] {
                can[p] = true;
                stack.push(p);
            }
        }
    }
    if !can[0] {
        return Err(format!(
            "the last square {size} can never be reached from the start"
        ));
    }
    if let Some(stuck) = (0..nodes.len()).find(|&n| !can[n]) {
        let (square, extra) = nodes[stuck];
        let what = if format!("{extra:?}") == "()" {
            format!("square {square}")
        } else {
            format!("square {square} (rule state {extra:?})")
        };
        return Err(format!(
            "a token can reach {what}, from where the last square {size} can never be reached"
        ));
    }
    Ok(())
}
