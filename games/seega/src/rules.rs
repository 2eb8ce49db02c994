//! The rules of specification 004, in one place: the game's parameters
//! ([`Rules`]), the position ([`Position`]), what is legal
//! ([`Position::check`]) and what a move does ([`Position::apply`]).
//!
//! Move generation and capture are allocation-free: [`Position::slides`] is
//! an iterator over the board, [`Position::captures`] returns a fixed-size
//! [`Captures`], and a position is a plain value (a byte per square) that
//! search copies instead of allocating.

use std::fmt::{self, Write};

use serde::{Deserialize, Serialize};
use thiserror::Error;

use crate::SeegaError;
use crate::board::{MAX_CELLS, MAX_SIZE, MIN_SIZE, Side, Slide, Square};

/// The stalemate threshold when none is given: moves without a capture.
pub const DEFAULT_STALEMATE: u32 = 30;

/// The game's parameters: board side, stalemate threshold, and who places
/// first.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Rules {
    size: usize,
    stalemate: u32,
    first: Side,
}

impl Rules {
    /// Rules for a `size` × `size` board (odd, 5 to 19), ending in a
    /// stalemate after `stalemate` moves without a capture, with `first`
    /// placing first.
    pub fn new(size: usize, stalemate: u32, first: Side) -> Result<Rules, SeegaError> {
        if !(MIN_SIZE..=MAX_SIZE).contains(&size) || size.is_multiple_of(2) {
            return Err(SeegaError::BoardSize(size));
        }
        if stalemate == 0 {
            return Err(SeegaError::Stalemate);
        }
        Ok(Rules {
            size,
            stalemate,
            first,
        })
    }

    /// Board side.
    pub fn size(&self) -> usize {
        self.size
    }

    /// Moves without a capture that end the game.
    pub fn stalemate(&self) -> u32 {
        self.stalemate
    }

    /// Who places first (and so moves second).
    pub fn first(&self) -> Side {
        self.first
    }

    /// The same rules with `first` placing first.
    pub fn with_first(self, first: Side) -> Rules {
        Rules { first, ..self }
    }

    /// Pieces per player: (n² − 1) / 2.
    pub fn pieces(&self) -> usize {
        (self.size * self.size - 1) / 2
    }
}

impl Default for Rules {
    /// The specification's 5 × 5 board, stalemate after [`DEFAULT_STALEMATE`]
    /// moves, Black placing first.
    fn default() -> Rules {
        Rules {
            size: 5,
            stalemate: DEFAULT_STALEMATE,
            first: Side::Black,
        }
    }
}

/// The two phases of a game.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum Phase {
    /// Players place two pieces a turn.
    Placement,
    /// Players move one piece a step.
    Movement,
}

/// Why a game ended.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum Reason {
    /// The loser has no pieces left.
    AllCaptured,
    /// The stalemate threshold was reached: more pieces wins.
    Stalemate,
    /// The loser gave an illegal answer.
    Illegal,
    /// The loser's agent panicked (or, in a record, forfeited).
    Forfeit,
}

/// How a game ended.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Verdict {
    /// The winner, or `None` for a draw.
    pub winner: Option<Side>,
    /// Why.
    pub reason: Reason,
}

impl fmt::Display for Verdict {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match (self.winner, self.reason) {
            (None, _) => f.write_str("a draw: equal pieces at the stalemate threshold"),
            (Some(w), Reason::AllCaptured) => {
                write!(f, "{w} wins: {} has no pieces left", w.other())
            }
            (Some(w), Reason::Stalemate) => {
                write!(f, "{w} wins with more pieces at the stalemate threshold")
            }
            (Some(w), Reason::Illegal) => {
                write!(f, "{w} wins: {} gave an illegal answer", w.other())
            }
            (Some(w), Reason::Forfeit) => write!(f, "{w} wins: {} forfeited", w.other()),
        }
    }
}

/// A player's answer: two placements, a step, or "I cannot move".
///
/// Its `Debug` form names squares as people do (`Place(c3, d1)`,
/// `Move(c2-c3)`, `Blocked`): the framework's referee and replay quote
/// moves with it.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum Action {
    /// Two pieces placed (placement phase).
    Place([Square; 2]),
    /// One piece moved (movement phase).
    Move(Slide),
    /// The player says it cannot move and passes.
    Blocked,
}

impl Action {
    /// The same action with a placement's two squares in board order, as
    /// [`BoardGame::legal_moves`](tabula_core::BoardGame::legal_moves)
    /// lists them: the framework compares moves for equality, and `a1 b2`
    /// is the same placement as `b2 a1`.
    pub fn normalized(self) -> Action {
        match self {
            Action::Place([a, b]) if b < a => Action::Place([b, a]),
            other => other,
        }
    }

    /// Two pieces placed on `squares`, in board order
    /// ([`normalized`](Self::normalized)): an agent's answer in the
    /// placement phase (the specification's `PlacePieces`).
    pub fn place(squares: [Square; 2]) -> Action {
        Action::Place(squares).normalized()
    }
}

impl fmt::Debug for Action {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Action::Place([a, b]) => write!(f, "Place({a}, {b})"),
            Action::Move(s) => write!(f, "Move({s})"),
            Action::Blocked => f.write_str("Blocked"),
        }
    }
}

impl fmt::Display for Action {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Action::Place([a, b]) => write!(f, "places {a} {b}"),
            Action::Move(s) => write!(f, "moves {s}"),
            Action::Blocked => f.write_str("cannot move"),
        }
    }
}

/// Why an answer is illegal. Any illegal answer loses the game.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Error)]
pub enum Illegal {
    /// Nothing may be played after the end.
    #[error("the game is over")]
    GameOver,
    /// A record names the wrong side.
    #[error("it is {0}'s turn")]
    OutOfTurn(Side),
    /// A move (or a pass) during the placement phase.
    #[error("pieces are still being placed: two placements are due")]
    PlacementDue,
    /// A placement during the movement phase.
    #[error("all pieces are placed: a move is due")]
    MoveDue,
    /// A square outside the board.
    #[error("{0} is off the board")]
    OffBoard(Square),
    /// A placement on the centre square.
    #[error("nothing may be placed on the centre square {0}")]
    Centre(Square),
    /// A placement on an occupied square.
    #[error("{0} is taken")]
    Taken(Square),
    /// Both pieces placed on one square.
    #[error("both pieces placed on {0}")]
    SameSquare(Square),
    /// A move from a square without one of the mover's pieces.
    #[error("there is no {0} piece on {1}")]
    NotYours(Side, Square),
    /// A move to an occupied square.
    #[error("{0} is occupied")]
    Occupied(Square),
    /// A move that is not one step horizontally or vertically.
    #[error("{0} is not one step horizontally or vertically")]
    NotAdjacent(Slide),
    /// A follow-up move with another piece.
    #[error("the follow-up capture must move the piece on {expected}, not the one on {moved}")]
    FollowUpPiece {
        /// The piece that captured and must move again.
        expected: Square,
        /// The piece that moved.
        moved: Square,
    },
    /// A follow-up move that captures nothing.
    #[error("a follow-up move must capture again; {0} captures nothing")]
    FollowUpNoCapture(Slide),
    /// A pass by a player who can move.
    #[error("said it cannot move, but it can (for example {0})")]
    NotBlocked(Slide),
}

/// The pieces one move captured: at most three (the square the piece came
/// from is empty), in a fixed-size array.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Captures {
    squares: [Square; 4],
    len: u8,
}

impl Captures {
    /// How many.
    #[inline]
    pub fn len(&self) -> usize {
        usize::from(self.len)
    }

    /// Whether nothing was captured.
    #[inline]
    pub fn is_empty(&self) -> bool {
        self.len == 0
    }

    /// The captured squares.
    pub fn squares(&self) -> &[Square] {
        &self.squares[..self.len()]
    }

    fn push(&mut self, s: Square) {
        if let Some(slot) = self.squares.get_mut(usize::from(self.len)) {
            *slot = s;
            self.len += 1;
        }
    }
}

const EMPTY: u8 = 0;

#[inline]
fn cell_of(side: Side) -> u8 {
    side.piece_value()
}

/// SplitMix64's finalizer, for Zobrist keys computed on the fly.
#[inline]
fn mix(mut z: u64) -> u64 {
    z = z.wrapping_add(0x9e37_79b9_7f4a_7c15);
    z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
    z ^ (z >> 31)
}

#[inline]
fn piece_key(index: usize, cell: u8) -> u64 {
    mix((index as u64) << 2 | u64::from(cell))
}

/// The four directions as (row, column) offsets.
const DIRECTIONS: [(i32, i32); 4] = [(-1, 0), (1, 0), (0, -1), (0, 1)];

/// A position: the board, whose turn it is, the phase, pieces in hand and
/// on the board, a pending follow-up capture, the count of moves without a
/// capture, and the result once the game is over.
///
/// It is a plain value (no heap), so search copies it freely.
#[derive(Clone, PartialEq, Eq)]
pub struct Position {
    rules: Rules,
    cells: [u8; MAX_CELLS],
    phase: Phase,
    to_move: Side,
    in_hand: [u16; 2],
    on_board: [u16; 2],
    follow_up: Option<Square>,
    quiet: u32,
    moves: u32,
    verdict: Option<Verdict>,
    hash: u64,
}

/// By its Zobrist key, which equal positions share.
impl std::hash::Hash for Position {
    fn hash<H: std::hash::Hasher>(&self, state: &mut H) {
        self.hash.hash(state);
    }
}

impl fmt::Debug for Position {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("Position")
            .field("rules", &self.rules)
            .field("phase", &self.phase)
            .field("to_move", &self.to_move)
            .field("follow_up", &self.follow_up)
            .field("quiet", &self.quiet)
            .field("verdict", &self.verdict)
            .field("board", &format_args!("\n{}", self.render()))
            .finish()
    }
}

impl Position {
    /// The empty board before the first placement.
    pub fn new(rules: Rules) -> Position {
        let pieces = rules.pieces() as u16;
        Position {
            rules,
            cells: [EMPTY; MAX_CELLS],
            phase: Phase::Placement,
            to_move: rules.first,
            in_hand: [pieces; 2],
            on_board: [0; 2],
            follow_up: None,
            quiet: 0,
            moves: 0,
            verdict: None,
            hash: 0,
        }
    }

    /// A movement-phase position with the pieces in `rows` (one string per
    /// row: `B`, `W`, and `.` or `+` for empty) and `to_move` to move: for
    /// tests, puzzles and analysis. Pieces need not number (n² − 1) / 2.
    pub fn from_rows(rules: Rules, rows: &[&str], to_move: Side) -> Result<Position, SeegaError> {
        let n = rules.size;
        if rows.len() != n {
            return Err(SeegaError::RowCount {
                expected: n,
                found: rows.len(),
            });
        }
        let mut p = Position::new(rules);
        p.phase = Phase::Movement;
        p.in_hand = [0; 2];
        p.to_move = to_move;
        for (r, row) in rows.iter().enumerate() {
            let cells: Vec<char> = row.chars().filter(|c| !c.is_whitespace()).collect();
            if cells.len() != n {
                return Err(SeegaError::RowLength {
                    row: r + 1,
                    found: cells.len(),
                    expected: n,
                });
            }
            for (c, ch) in cells.into_iter().enumerate() {
                let side = match ch {
                    'B' | 'b' => Side::Black,
                    'W' | 'w' => Side::White,
                    '.' | '+' => continue,
                    other => return Err(SeegaError::NotAPiece(other)),
                };
                p.put(r * n + c, side);
            }
        }
        Ok(p)
    }

    fn put(&mut self, index: usize, side: Side) {
        self.cells[index] = cell_of(side);
        self.on_board[side.seat()] += 1;
        self.hash ^= piece_key(index, cell_of(side));
    }

    /// The rules of this game.
    pub fn rules(&self) -> &Rules {
        &self.rules
    }

    /// Board side.
    #[inline]
    pub fn size(&self) -> usize {
        self.rules.size
    }

    /// The centre square, where nothing is placed and nothing is captured.
    pub fn centre(&self) -> Square {
        let c = (self.rules.size / 2) as u8;
        Square::new(c, c)
    }

    /// The current phase.
    pub fn phase(&self) -> Phase {
        self.phase
    }

    /// Who answers next (meaningless once the game is over).
    pub fn to_move(&self) -> Side {
        self.to_move
    }

    /// The piece that must capture again, if a follow-up move is due.
    pub fn follow_up(&self) -> Option<Square> {
        self.follow_up
    }

    /// Moves since the last capture (passes do not count).
    pub fn quiet_moves(&self) -> u32 {
        self.quiet
    }

    /// Moves made in the movement phase so far.
    pub fn moves(&self) -> u32 {
        self.moves
    }

    /// Pieces `side` has on the board.
    #[inline]
    pub fn pieces(&self, side: Side) -> usize {
        usize::from(self.on_board[side.seat()])
    }

    /// Pieces `side` still has to place.
    pub fn in_hand(&self, side: Side) -> usize {
        usize::from(self.in_hand[side.seat()])
    }

    /// How the game ended, once it has.
    pub fn verdict(&self) -> Option<Verdict> {
        self.verdict
    }

    /// A Zobrist hash of the pieces on the board (not of whose turn it is,
    /// the phase or the counters), kept up to date move by move.
    pub fn board_hash(&self) -> u64 {
        self.hash
    }

    /// A hash of everything that decides the rest of the game: pieces,
    /// side to move, follow-up square, phase and moves without capture.
    pub fn key(&self) -> u64 {
        let follow = self.follow_up.map_or(0, |s| {
            mix(0xf011_0000 | u64::from(s.row) << 8 | u64::from(s.col))
        });
        self.hash
            ^ follow
            ^ mix(0x5eed_0000_0000
                | u64::from(self.quiet) << 4
                | (self.to_move as u64) << 1
                | (self.phase as u64))
    }

    #[inline]
    fn index(&self, s: Square) -> usize {
        usize::from(s.row) * self.rules.size + usize::from(s.col)
    }

    #[inline]
    fn square(&self, index: usize) -> Square {
        Square::new(
            (index / self.rules.size) as u8,
            (index % self.rules.size) as u8,
        )
    }

    /// Whether `s` is on the board.
    #[inline]
    pub fn on_board(&self, s: Square) -> bool {
        usize::from(s.row) < self.rules.size && usize::from(s.col) < self.rules.size
    }

    /// The piece on `s`, if any (`None` off the board too).
    #[inline]
    pub fn at(&self, s: Square) -> Option<Side> {
        if !self.on_board(s) {
            return None;
        }
        match self.cells[self.index(s)] {
            1 => Some(Side::Black),
            2 => Some(Side::White),
            _ => None,
        }
    }

    /// Whether `s` is on the board and empty.
    #[inline]
    pub fn is_empty(&self, s: Square) -> bool {
        self.on_board(s) && self.cells[self.index(s)] == EMPTY
    }

    #[inline]
    fn offset(&self, s: Square, (dr, dc): (i32, i32), k: i32) -> Option<Square> {
        let r = i32::from(s.row) + dr * k;
        let c = i32::from(s.col) + dc * k;
        let n = self.rules.size as i32;
        if (0..n).contains(&r) && (0..n).contains(&c) {
            Some(Square::new(r as u8, c as u8))
        } else {
            None
        }
    }

    /// The pieces `slide` would capture for the piece on `slide.from`,
    /// without making it. Assumes the slide itself is legal.
    #[inline]
    pub fn captures(&self, slide: Slide) -> Captures {
        match self.at(slide.from) {
            Some(mover) => self.captures_by(mover, slide.to),
            None => Captures::default(),
        }
    }

    /// The enemy pieces a `mover` piece arriving on `to` sandwiches
    /// against another `mover` piece, in a row or column, leaving out the
    /// centre square.
    #[inline]
    fn captures_by(&self, mover: Side, to: Square) -> Captures {
        let mut out = Captures::default();
        let enemy = cell_of(mover.other());
        let own = cell_of(mover);
        let centre = self.centre();
        for d in DIRECTIONS {
            let (Some(a), Some(b)) = (self.offset(to, d, 1), self.offset(to, d, 2)) else {
                continue;
            };
            if a != centre && self.cells[self.index(a)] == enemy && self.cells[self.index(b)] == own
            {
                out.push(a);
            }
        }
        out
    }

    /// Whether `slide` would capture anything.
    #[inline]
    pub fn captures_any(&self, slide: Slide) -> bool {
        !self.captures(slide).is_empty()
    }

    /// The legal slides of the side to move, in board order: during a
    /// follow-up only the capturing slides of that piece. Empty during
    /// placement and after the end. Allocation-free.
    pub fn slides(&self) -> Slides<'_> {
        let done = self.phase != Phase::Movement || self.verdict.is_some();
        let (index, end) = match self.follow_up {
            Some(s) => (self.index(s), self.index(s) + 1),
            None => (0, self.rules.size * self.rules.size),
        };
        Slides {
            position: self,
            index: if done { end } else { index },
            end,
            direction: 0,
            own: cell_of(self.to_move),
            captures_only: self.follow_up.is_some(),
        }
    }

    /// How many slides `side` could make if it were its turn (no follow-up
    /// restriction): the mobility term of evaluations. Allocation-free.
    pub fn mobility(&self, side: Side) -> usize {
        let own = cell_of(side);
        let n = self.rules.size;
        let mut count = 0;
        for index in 0..n * n {
            if self.cells[index] != own {
                continue;
            }
            let from = self.square(index);
            for d in DIRECTIONS {
                if let Some(to) = self.offset(from, d, 1)
                    && self.cells[self.index(to)] == EMPTY
                {
                    count += 1;
                }
            }
        }
        count
    }

    /// Whether the side to move has a legal slide.
    pub fn can_move(&self) -> bool {
        self.slides().next().is_some()
    }

    /// The squares a piece may be placed on: empty and not the centre.
    pub fn placements(&self) -> impl Iterator<Item = Square> + Clone + '_ {
        let centre = self.centre();
        (0..self.rules.size * self.rules.size)
            .map(|i| self.square(i))
            .filter(move |&s| s != centre && self.is_empty(s))
    }

    /// Whether `action` is legal for the side to move; if not, why.
    pub fn check(&self, action: &Action) -> Result<(), Illegal> {
        if self.verdict.is_some() {
            return Err(Illegal::GameOver);
        }
        match (*action, self.phase) {
            (Action::Place([a, b]), Phase::Placement) => {
                // The centre first: it is never allowed, taken or not.
                for s in [a, b] {
                    if !self.on_board(s) {
                        return Err(Illegal::OffBoard(s));
                    }
                    if s == self.centre() {
                        return Err(Illegal::Centre(s));
                    }
                }
                for s in [a, b] {
                    if !self.is_empty(s) {
                        return Err(Illegal::Taken(s));
                    }
                }
                if a == b {
                    return Err(Illegal::SameSquare(a));
                }
                Ok(())
            }
            (Action::Place(_), Phase::Movement) => Err(Illegal::MoveDue),
            (_, Phase::Placement) => Err(Illegal::PlacementDue),
            (Action::Move(slide), Phase::Movement) => {
                for s in [slide.from, slide.to] {
                    if !self.on_board(s) {
                        return Err(Illegal::OffBoard(s));
                    }
                }
                if let Some(expected) = self.follow_up
                    && expected != slide.from
                {
                    return Err(Illegal::FollowUpPiece {
                        expected,
                        moved: slide.from,
                    });
                }
                if self.at(slide.from) != Some(self.to_move) {
                    return Err(Illegal::NotYours(self.to_move, slide.from));
                }
                if !self.is_empty(slide.to) {
                    return Err(Illegal::Occupied(slide.to));
                }
                let dr = i32::from(slide.from.row) - i32::from(slide.to.row);
                let dc = i32::from(slide.from.col) - i32::from(slide.to.col);
                if dr.abs() + dc.abs() != 1 {
                    return Err(Illegal::NotAdjacent(slide));
                }
                if self.follow_up.is_some() && !self.captures_any(slide) {
                    return Err(Illegal::FollowUpNoCapture(slide));
                }
                Ok(())
            }
            (Action::Blocked, Phase::Movement) => match self.slides().next() {
                Some(slide) => Err(Illegal::NotBlocked(slide)),
                None => Ok(()),
            },
        }
    }

    /// Checks `action` and makes it; an illegal action changes nothing.
    pub fn play(&mut self, action: &Action) -> Result<Captures, Illegal> {
        self.check(action)?;
        Ok(self.apply(action))
    }

    /// Makes a legal `action` (see [`check`](Self::check); search calls
    /// this directly on moves it generated) and returns what it captured.
    pub fn apply(&mut self, action: &Action) -> Captures {
        let mover = self.to_move;
        match *action {
            Action::Place(squares) => {
                for s in squares {
                    let i = self.index(s);
                    self.put(i, mover);
                }
                let hand = &mut self.in_hand[mover.seat()];
                *hand = hand.saturating_sub(2);
                if self.in_hand == [0, 0] {
                    // The player who placed last moves first.
                    self.phase = Phase::Movement;
                } else {
                    self.to_move = mover.other();
                }
                Captures::default()
            }
            Action::Blocked => {
                self.to_move = mover.other();
                Captures::default()
            }
            Action::Move(slide) => self.slide(slide, mover),
        }
    }

    fn slide(&mut self, slide: Slide, mover: Side) -> Captures {
        let own = cell_of(mover);
        let enemy = mover.other();
        let (from, to) = (self.index(slide.from), self.index(slide.to));
        self.cells[from] = EMPTY;
        self.cells[to] = own;
        self.hash ^= piece_key(from, own) ^ piece_key(to, own);
        self.moves += 1;
        let caught = self.captures_by(mover, slide.to);
        for &c in caught.squares() {
            let i = self.index(c);
            self.cells[i] = EMPTY;
            self.hash ^= piece_key(i, cell_of(enemy));
            self.on_board[enemy.seat()] -= 1;
        }
        self.follow_up = None;
        if caught.is_empty() {
            self.quiet += 1;
            if self.quiet >= self.rules.stalemate {
                let (b, w) = (self.pieces(Side::Black), self.pieces(Side::White));
                self.verdict = Some(Verdict {
                    winner: match b.cmp(&w) {
                        std::cmp::Ordering::Greater => Some(Side::Black),
                        std::cmp::Ordering::Less => Some(Side::White),
                        std::cmp::Ordering::Equal => None,
                    },
                    reason: Reason::Stalemate,
                });
                return caught;
            }
        } else {
            self.quiet = 0;
            if self.pieces(enemy) == 0 {
                self.verdict = Some(Verdict {
                    winner: Some(mover),
                    reason: Reason::AllCaptured,
                });
                return caught;
            }
            self.follow_up = Some(slide.to);
            if self.can_move() {
                return caught;
            }
            self.follow_up = None;
        }
        self.to_move = enemy;
        caught
    }

    /// Ends the game with `loser` losing for `reason` (an illegal answer
    /// or a forfeit), as the referee rules.
    pub fn forfeit(&mut self, loser: Side, reason: Reason) {
        self.verdict = Some(Verdict {
            winner: Some(loser.other()),
            reason,
        });
    }

    /// The board with coordinates: columns a, b, ... across the top, rows
    /// 1, 2, ... down the side; `B` and `W` pieces, `.` empty, `+` the
    /// empty centre.
    pub fn render(&self) -> String {
        let n = self.rules.size;
        let mut s = String::from("   ");
        for c in 0..n {
            let _ = write!(s, " {}", (b'a' + c as u8) as char);
        }
        s.push('\n');
        let centre = self.centre();
        for r in 0..n {
            let _ = write!(s, "{:>3}", r + 1);
            for c in 0..n {
                let sq = Square::new(r as u8, c as u8);
                let ch = match self.at(sq) {
                    Some(side) => side.symbol(),
                    None if sq == centre => '+',
                    None => '.',
                };
                let _ = write!(s, " {ch}");
            }
            s.push('\n');
        }
        s
    }

    /// One line saying whose turn it is and the counts, or how it ended.
    pub fn summary(&self) -> String {
        let counts = format!(
            "Black {} on board, White {}",
            self.pieces(Side::Black),
            self.pieces(Side::White)
        );
        if let Some(o) = self.verdict {
            return format!("{counts}. Game over: {o}.");
        }
        match (self.phase, self.follow_up) {
            (Phase::Placement, _) => format!(
                "{counts}; {} to place ({} in hand).",
                self.to_move,
                self.in_hand(self.to_move)
            ),
            (Phase::Movement, Some(f)) => {
                format!("{counts}; {} must capture again with {f}.", self.to_move)
            }
            (Phase::Movement, None) => format!(
                "{counts}; {} to move ({} of {} moves without a capture).",
                self.to_move, self.quiet, self.rules.stalemate
            ),
        }
    }
}

/// The legal slides of a position: see [`Position::slides`].
#[derive(Clone, Debug)]
pub struct Slides<'a> {
    position: &'a Position,
    index: usize,
    end: usize,
    direction: usize,
    own: u8,
    captures_only: bool,
}

impl Iterator for Slides<'_> {
    type Item = Slide;

    fn next(&mut self) -> Option<Slide> {
        let p = self.position;
        while self.index < self.end {
            if p.cells[self.index] != self.own {
                self.index += 1;
                self.direction = 0;
                continue;
            }
            let from = p.square(self.index);
            while self.direction < 4 {
                let d = DIRECTIONS[self.direction];
                self.direction += 1;
                if let Some(to) = p.offset(from, d, 1)
                    && p.cells[p.index(to)] == EMPTY
                {
                    let slide = Slide { from, to };
                    if !self.captures_only || p.captures_any(slide) {
                        return Some(slide);
                    }
                }
            }
            self.index += 1;
            self.direction = 0;
        }
        None
    }
}
