//! Snakes and Ladders as a [`BoardGame`]: the board, a rule set and the
//! number of players.

use std::sync::{Arc, OnceLock};

use tabula_core::{BoardGame, Chance, GameResult, Status};
use tabula_sim::Landings;
use tabula_sim::table::{Payloads, ThrowTable};
use tabula_sim::{ChanceObserver, LandingTally, Sampling, Tallied};

use crate::board::Board;
use crate::plugin::{Effect, Rules, Turn};

/// The most players one game can seat.
pub const MAX_SEATS: usize = 8;

/// Snakes and Ladders on `board` under rules `R`, with players taking
/// turns of one throw (more if the rules [throw again](Rules::THROWS_AGAIN));
/// the first to finish wins.
///
/// This is the game's one [`BoardGame`]. `R` is a rule type known at
/// compile time (every built-in rule set, or your own), or a
/// [`RuleSet`](crate::RuleSet) chosen by name at run time: the game as
/// records, replay and the command line know it
/// ([`Recorded`](crate::recorded::Recorded)), which owns its board. The
/// services that play many games (simulation, analysis, records) pass a
/// rule set chosen by name through [`with_rules`](crate::with_rules),
/// which hands them the built-in rule type itself.
pub struct Snakes<'a, R> {
    board: BoardRef<'a>,
    rules: &'a R,
    players: u8,
    /// A one-player game's throws worked out in advance, made on the
    /// first simulated game; `None` if the rules or the board do not
    /// allow it.
    table: OnceLock<Option<Table>>,
}

/// The board a game is played on: borrowed, or owned (shared between
/// copies of the game) so that a game rebuilt from a record stands alone.
#[derive(Clone, Debug)]
pub enum BoardRef<'a> {
    /// A board the caller keeps.
    Borrowed(&'a Board),
    /// A board the game keeps.
    Owned(Arc<Board>),
}

impl std::ops::Deref for BoardRef<'_> {
    type Target = Board;

    #[inline(always)]
    fn deref(&self) -> &Board {
        match self {
            BoardRef::Borrowed(b) => b,
            BoardRef::Owned(b) => b,
        }
    }
}

impl<'a> From<&'a Board> for BoardRef<'a> {
    fn from(board: &'a Board) -> Self {
        BoardRef::Borrowed(board)
    }
}

impl From<Board> for BoardRef<'_> {
    fn from(board: Board) -> Self {
        BoardRef::Owned(Arc::new(board))
    }
}

impl<R> Clone for Snakes<'_, R> {
    fn clone(&self) -> Self {
        Snakes {
            board: self.board.clone(),
            rules: self.rules,
            players: self.players,
            table: self.table.clone(),
        }
    }
}

impl<'a, R: Rules> Snakes<'a, R> {
    /// A game for `players` players (clamped to 1..=[`MAX_SEATS`]) on
    /// `board`: a board borrowed (`&board`) or owned (`board`).
    pub fn new(board: impl Into<BoardRef<'a>>, rules: &'a R, players: u8) -> Self {
        Snakes {
            board: board.into(),
            rules,
            players: players.clamp(1, MAX_SEATS as u8),
            table: OnceLock::new(),
        }
    }

    /// The board.
    #[inline(always)]
    pub fn board(&self) -> &Board {
        &self.board
    }

    /// The rules.
    pub fn rules(&self) -> &'a R {
        self.rules
    }

    /// Players.
    pub fn players(&self) -> u8 {
        self.players
    }

    /// Whether a one-player simulation plays from the framework's table
    /// of every throw worked out in advance ([`ThrowTable`]): when the
    /// rules depend on nothing but the square and the roll (no rule
    /// state, no throwing again), the board has at most 255 squares, and
    /// one die of at most 16 faces is thrown. Otherwise every throw goes
    /// through the rules; the games are the same either way.
    pub fn throws_from_table(&self) -> bool {
        self.table().is_some()
    }
}

impl<R: std::fmt::Debug> std::fmt::Debug for Snakes<'_, R> {
    /// The board, rules and players (not the table of throws).
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Snakes")
            .field("board", &self.board.name())
            .field("rules", self.rules)
            .field("players", &self.players)
            .finish_non_exhaustive()
    }
}

/// Where every token is, whose turn it is, and who has won.
///
/// The seat to move keeps its square and rule state in scalar fields (so a
/// one-player game runs entirely in registers); the others wait in arrays.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct State<E> {
    square: u16,
    extra: E,
    turn: u8,
    /// The next throw is another throw of the same turn (always `false`
    /// unless the rules throw again).
    again: bool,
    winner: Option<u8>,
    waiting: [u16; MAX_SEATS],
    waiting_extras: [E; MAX_SEATS],
}

impl<E: Copy + Default> State<E> {
    /// Every token on the start square, seat 0 to throw.
    pub fn start() -> Self {
        State {
            square: 0,
            extra: E::default(),
            turn: 0,
            again: false,
            winner: None,
            waiting: [0; MAX_SEATS],
            waiting_extras: [E::default(); MAX_SEATS],
        }
    }

    /// The square of `seat`'s token (0 = start, off the board).
    pub fn square(&self, seat: usize) -> u16 {
        if seat == usize::from(self.turn) {
            self.square
        } else {
            self.waiting.get(seat).copied().unwrap_or(0)
        }
    }

    /// The rule state of `seat`'s token.
    pub fn extra(&self, seat: usize) -> E {
        if seat == usize::from(self.turn) {
            self.extra
        } else {
            self.waiting_extras.get(seat).copied().unwrap_or_default()
        }
    }

    /// The seat to throw next.
    pub fn turn(&self) -> usize {
        usize::from(self.turn)
    }

    /// Whether the next throw is another throw of the same seat's turn
    /// (given by [`Rules::throws_again`]).
    pub fn again(&self) -> bool {
        self.again
    }

    /// Makes the next throw another throw of the same turn (`true`) or the
    /// first of a turn (for building positions by hand).
    pub fn set_again(&mut self, again: bool) {
        self.again = again;
    }

    /// The seat that finished, once one has.
    pub fn winner(&self) -> Option<usize> {
        self.winner.map(usize::from)
    }

    /// Puts `seat`'s token on `square` with rule state `extra` (for
    /// building positions by hand, in tests and analysis).
    pub fn set(&mut self, seat: usize, square: u16, extra: E) {
        if seat == usize::from(self.turn) {
            self.square = square;
            self.extra = extra;
        } else if seat < MAX_SEATS {
            self.waiting[seat] = square;
            self.waiting_extras[seat] = extra;
        }
    }
}

/// Snakes has no decisions: a move that cannot be made.
#[derive(Clone, Copy, Debug, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub enum NoMove {}

/// What a throw did.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Event {
    /// A token moved by a throw to a square (for a throw past the last
    /// square under `overshoot`, the last square).
    Moved {
        /// The seat.
        seat: u8,
        /// The throw.
        roll: u16,
        /// The square before.
        from: u16,
        /// The square reached.
        to: u16,
        /// Where the token came to rest: `to`, or where the ladders and
        /// chutes from `to` led (the [`Jumped`](Event::Jumped) events
        /// that follow).
        rest: u16,
    },
    /// A token took a ladder or chute.
    Jumped {
        /// The seat.
        seat: u8,
        /// The ladder's foot or the chute's head.
        from: u16,
        /// Where it led.
        to: u16,
        /// Where the throw's chain of ladders and chutes ends (`to`
        /// unless another jump starts there).
        rest: u16,
    },
    /// A throw was forfeited; the token stayed.
    Forfeited {
        /// The seat.
        seat: u8,
        /// The throw.
        roll: u16,
        /// The square the token stayed on.
        at: u16,
    },
    /// The rules put a token on a square directly (e.g. back to the start).
    SentTo {
        /// The seat.
        seat: u8,
        /// The throw.
        roll: u16,
        /// The square before.
        from: u16,
        /// The square it was put on.
        to: u16,
    },
    /// The rules put another seat's token on a square after a move (e.g.
    /// `bump` sending it back to the start).
    Bumped {
        /// The seat whose token was moved.
        seat: u8,
        /// The seat that moved.
        by: u8,
        /// The square it stood on.
        from: u16,
        /// Where it was put.
        to: u16,
    },
    /// The seat throws again (the rules gave it another throw).
    Again {
        /// The seat.
        seat: u8,
    },
    /// A token reached the last square and won.
    Finished {
        /// The seat.
        seat: u8,
    },
}

impl Landings for Event {
    /// Specification 000's count: the square a throw reaches, and the square a
    /// ladder or chute leads to, are each landed on. The start (0) is not a
    /// square. A move counts where it reached and where it came to rest;
    /// a jump counts only a square in the middle of a chain.
    #[inline]
    fn for_each_landing(&self, mut f: impl FnMut(usize)) {
        self.count_landings(|square, times| {
            if times > 0 {
                f(square)
            }
        })
    }

    /// Without a branch on whether the throw took a ladder or chute: the
    /// square it came to rest on counts 0 times when it is the one it
    /// reached.
    #[inline]
    fn count_landings(&self, mut f: impl FnMut(usize, u64)) {
        match *self {
            Event::Moved { to, rest, .. } => {
                f(usize::from(to), 1);
                f(usize::from(rest), u64::from(rest != to));
            }
            Event::Jumped { to, rest, .. } => f(usize::from(to), u64::from(rest != to)),
            Event::SentTo { to, .. } | Event::Bumped { to, .. } if to > 0 => f(usize::from(to), 1),
            _ => {}
        }
    }
}

/// The board data a throw needs, copied into locals so the hot loop does
/// not reload it through the board after every counter update.
#[derive(Clone, Copy)]
struct Track<'b> {
    next: &'b [u16],
    size: u16,
}

impl Track<'_> {
    /// Where a token that reached `square` comes to rest, after every
    /// ladder and chute (the board has no loops).
    #[inline(always)]
    fn rest(&self, mut square: u16) -> u16 {
        while let Some(&to) = self.next.get(usize::from(square)) {
            if to == square {
                break;
            }
            square = to;
        }
        square
    }
}

impl<R: Rules> Snakes<'_, R> {
    /// Moves the mover's token by one throw: the rule, then ladders and
    /// chutes (chains followed to their end). Returns where it rests and
    /// whether the same seat throws again (always `false` unless
    /// [`Rules::THROWS_AGAIN`]).
    #[inline(always)]
    fn throw<E: FnMut(Event)>(
        &self,
        turn: &Turn<'_>,
        extra: &mut R::Extra,
        roll: u16,
        track: Track<'_>,
        events: &mut E,
    ) -> (u16, bool) {
        let Track { next, size } = track;
        let from = turn.square;
        let seat = turn.seat as u8;
        let effect = self.rules.throw(turn, extra, roll);
        let rest = match effect {
            Effect::Advance(t) => {
                let to = t.min(u32::from(size)) as u16;
                let rest = track.rest(to);
                events(Event::Moved {
                    seat,
                    roll,
                    from,
                    to,
                    rest,
                });
                let mut s = to;
                while s != rest {
                    let to = next.get(usize::from(s)).copied().unwrap_or(rest);
                    events(Event::Jumped {
                        seat,
                        from: s,
                        to,
                        rest,
                    });
                    s = to;
                }
                rest
            }
            Effect::Forfeit => {
                events(Event::Forfeited {
                    seat,
                    roll,
                    at: from,
                });
                from
            }
            Effect::SendTo(to) => {
                let to = to.min(size);
                events(Event::SentTo {
                    seat,
                    roll,
                    from,
                    to,
                });
                to
            }
        };
        let again = R::THROWS_AGAIN
            && self.rules.may_throw_again()
            && rest < size
            && self.rules.throws_again(turn, extra, roll, effect);
        if again {
            events(Event::Again { seat });
        }
        (rest, again)
    }

    /// Lets the rules move other tokens after the mover came to rest.
    #[inline(never)]
    fn interact<E: FnMut(Event)>(&self, state: &mut State<R::Extra>, events: &mut E) {
        let players = usize::from(self.players).min(MAX_SEATS);
        let mover = usize::from(state.turn);
        let mut sends = [None::<u16>; MAX_SEATS];
        {
            let turn = Turn::new(
                self.board(),
                mover,
                state.square,
                !state.again,
                &state.waiting[..players],
            );
            self.rules.after_move(&turn, &mut |seat, to| {
                if seat != mover && seat < players {
                    sends[seat] = Some(to);
                }
            });
        }
        let last = self.board.size().saturating_sub(1);
        for (seat, to) in sends.iter().enumerate() {
            if let Some(to) = *to {
                let to = to.min(last);
                let from = state.waiting[seat];
                state.waiting[seat] = to;
                events(Event::Bumped {
                    seat: seat as u8,
                    by: mover as u8,
                    from,
                    to,
                });
            }
        }
    }

    /// The one-player throw loop: each throw through the rules.
    #[inline(always)]
    fn run_solo<G: tabula_core::rand::Rng + ?Sized, E: FnMut(Event)>(
        &self,
        state: &mut State<R::Extra>,
        rng: &mut G,
        limit: u32,
        events: &mut E,
    ) -> u32 {
        let dice = self.board.dice();
        let mut words = dice.word_dice();
        let size = self.board.size();
        let next = self.board.jump_table();
        let mut square = state.square;
        let mut extra = state.extra;
        let mut again = state.again;
        let mut left = limit;
        while left > 0 {
            left -= 1;
            let r = dice.roll_from(&mut words, rng);
            // With one player there is no table; a throw again is just the
            // next throw, which sees `first == false`.
            let turn = Turn::new(self.board(), 0, square, !again, &[]);
            let (rest, a) = self.throw(&turn, &mut extra, r, Track { next, size }, events);
            square = rest;
            if rest >= size {
                // As `apply_chance` leaves it: `again` as it was.
                state.winner = Some(0);
                events(Event::Finished { seat: 0 });
                break;
            }
            if R::THROWS_AGAIN && self.rules.may_throw_again() {
                again = a;
            }
        }
        state.square = square;
        state.extra = extra;
        state.again = again;
        limit - left
    }

    /// The throw table of a one-player game, if the rules and board allow
    /// one (see [`throws_from_table`](Self::throws_from_table)): every
    /// throw from every square asked of the rules once, through
    /// [`throw`](Self::throw) itself.
    fn table(&self) -> Option<&Table> {
        self.table
            .get_or_init(|| {
                let dice = self.board.dice();
                if self.players != 1
                    || (R::THROWS_AGAIN && self.rules.may_throw_again())
                    || self.rules.has_extra()
                    || dice.count() != 1
                {
                    return None;
                }
                let track = Track {
                    next: self.board.jump_table(),
                    size: self.board.size(),
                };
                let mut compact = Some(Vec::new());
                let throws =
                    ThrowTable::new(track.size, dice.word_dice(), |square, digit, events| {
                        let turn = Turn::new(self.board(), 0, square, true, &[]);
                        let mut extra = R::Extra::default();
                        let start = events.len();
                        let (rest, _) = self
                            .throw(&turn, &mut extra, digit + 1, track, &mut |e| events.push(e));
                        // A move, with at most one jump, or a forfeit.
                        let throw = match events[start..] {
                            [Event::Moved { to, rest, .. }] => Some([square, to, rest, 0]),
                            [Event::Moved { to, rest, .. }, Event::Jumped { .. }] => {
                                Some([square, to, rest, 0])
                            }
                            [Event::Forfeited { .. }] => Some([square, square, square, 1]),
                            _ => None,
                        };
                        match (throw, compact.as_mut()) {
                            (Some(throw), Some(all)) => all.push(throw),
                            _ => compact = None,
                        }
                        rest
                    })?;
                let compact = compact.map(|all: Vec<[u16; 4]>| Compact {
                    forfeits: all.iter().any(|t| t[3] != 0),
                    payloads: throws.payloads(|i| {
                        let [from, to, rest, forfeited] = all[i].map(u32::from);
                        let roll = (i % usize::from(dice.faces())) as u32 + 1;
                        from | to << 8 | rest << 16 | roll << 24 | forfeited << 29
                    }),
                });
                Some(Table { throws, compact })
            })
            .as_ref()
    }

    /// Ends a game played from the table: the token on the last square
    /// has won.
    #[inline(always)]
    fn finish<E: FnMut(Event)>(&self, state: &mut State<R::Extra>, square: u16, events: &mut E) {
        finish(state, square, self.board.size(), events)
    }
}

/// [`Snakes::finish`] on a board of `size` squares.
#[inline(always)]
fn finish<X, E: FnMut(Event)>(state: &mut State<X>, square: u16, size: u16, events: &mut E) {
    state.square = square;
    if square >= size {
        state.winner = Some(0);
        events(Event::Finished { seat: 0 });
    }
}

/// A one-player game's throws worked out in advance: the framework's
/// table, and for a board without chains of jumps each throw's squares,
/// roll and forfeit packed in a payload ([`Compact`]), so the event loop
/// builds its events in code (a collector then sees their kinds at compile time; copied from
/// the table, they cost a mispredicted jump each).
#[derive(Clone, Debug)]
struct Table {
    throws: ThrowTable<Event>,
    compact: Option<Compact>,
}

/// Every throw as the bytes from, reached, rest, then the roll and (bit
/// 29) whether it was forfeited (a board has at most 255 squares); and
/// whether any throw is forfeited.
#[derive(Clone, Debug)]
struct Compact {
    payloads: Payloads<u32>,
    forfeits: bool,
}

impl Compact {
    /// [`ThrowTable::run`], the events built in code from the payloads;
    /// `FORFEITS` is whether any throw is forfeited (when none is, the
    /// test drops out).
    #[inline(always)]
    fn run<const FORFEITS: bool, G: tabula_core::rand::Rng + ?Sized, E: FnMut(Event)>(
        &self,
        table: &ThrowTable<Event>,
        square: &mut u16,
        rng: &mut G,
        limit: u32,
        events: &mut E,
    ) -> u32 {
        table.run_payloads(&self.payloads, square, rng, limit, |p| {
            let byte = |shift: u32| (p >> shift & 0xff) as u16;
            let (seat, from, to, rest, roll) = (0, byte(0), byte(8), byte(16), byte(24) & 0x1f);
            if FORFEITS && p >> 29 != 0 {
                events(Event::Forfeited {
                    seat,
                    roll,
                    at: from,
                });
                return;
            }
            events(Event::Moved {
                seat,
                roll,
                from,
                to,
                rest,
            });
            if rest != to {
                events(Event::Jumped {
                    seat,
                    from: to,
                    to: rest,
                    rest,
                });
            }
        })
    }
}

impl<R: Rules> BoardGame for Snakes<'_, R> {
    type State = State<R::Extra>;
    type Move = NoMove;
    type Outcome = u16;
    type Event = Event;

    fn seats(&self) -> usize {
        usize::from(self.players)
    }

    fn initial_state(&self) -> Self::State {
        State::start()
    }

    #[inline]
    fn status(&self, state: &Self::State) -> Status {
        match state.winner {
            Some(w) => Status::Over(GameResult::Win(usize::from(w))),
            None => Status::Chance,
        }
    }

    fn chance_outcomes(&self, _: &Self::State, out: &mut Vec<Chance<u16>>) {
        self.board.dice().chances_into(out);
    }

    #[inline]
    fn apply_chance<E: FnMut(Event)>(&self, state: &mut Self::State, roll: u16, events: &mut E) {
        let seat = state.turn;
        let next = self.board.jump_table();
        let size = self.board.size();
        let track = Track { next, size };
        let players = usize::from(self.players);
        let table = &state.waiting[..players.min(MAX_SEATS)];
        let turn = Turn::new(
            self.board(),
            usize::from(seat),
            state.square,
            !state.again,
            table,
        );
        let (rest, again) = self.throw(&turn, &mut state.extra, roll, track, events);
        state.square = rest;
        if rest >= size {
            state.winner = Some(seat);
            events(Event::Finished { seat });
            return;
        }
        if R::INTERACTS && players > 1 && self.rules.may_interact() {
            self.interact(state, events);
        }
        state.again = R::THROWS_AGAIN && again;
        if players == 1 {
            return;
        }
        if state.again {
            // Keep the parked copy in step with the live one, so a
            // position has one representation (the exact chain counts
            // each once).
            let i = usize::from(seat) % MAX_SEATS;
            state.waiting[i] = state.square;
            state.waiting_extras[i] = state.extra;
        } else {
            pass_turn(state, self.players);
        }
    }

    fn apply_move<E: FnMut(Event)>(&self, _: &mut Self::State, mv: Self::Move, _: &mut E) {
        match mv {}
    }
}

/// Snakes rolls its own dice: several to a random word
/// ([`WordDice`](tabula_core::WordDice)), and with one player a whole run
/// of throws in a tight loop, from its table of throws where it has one.
/// Its listed outcomes ([`chance_outcomes`](BoardGame::chance_outcomes))
/// are for exact analysis; every way of playing it samples.
impl<R: Rules> Sampling for Snakes<'_, R> {
    #[inline]
    fn sample_chance<G: tabula_core::rand::Rng + ?Sized>(
        &self,
        _: &Self::State,
        rng: &mut G,
        _: &mut Vec<Chance<u16>>,
    ) -> Option<u16> {
        Some(self.board.dice().roll(rng))
    }

    /// Throws the dice several to a random word
    /// ([`WordDice`](tabula_core::WordDice)); with one player, every throw
    /// is the same token's, kept in locals, and where the rules allow
    /// ([`throws_from_table`](Snakes::throws_from_table)), read from the
    /// table of every throw. Every path throws the dice of one fresh
    /// stream of word dice, one digit a die, as
    /// [`run_chance_observed`](Sampling::run_chance_observed) throws
    /// them: simulation, the referee, records and replay all see the same
    /// dice for a seed.
    #[inline]
    fn run_chance<G: tabula_core::rand::Rng + ?Sized, E: FnMut(Event)>(
        &self,
        state: &mut Self::State,
        rng: &mut G,
        limit: u32,
        events: &mut E,
        _: &mut Vec<Chance<u16>>,
    ) -> u32 {
        if state.winner.is_some() {
            return 0;
        }
        if self.players > 1 {
            let dice = self.board.dice();
            let mut words = dice.word_dice();
            let mut n = 0;
            while n < limit && state.winner.is_none() {
                let roll = dice.roll_from(&mut words, rng);
                self.apply_chance(state, roll, events);
                n += 1;
            }
            return n;
        }
        let Some(table) = self.table() else {
            return self.run_solo(state, rng, limit, events);
        };
        let mut square = state.square;
        let n = match &table.compact {
            Some(compact) if compact.forfeits => {
                compact.run::<true, _, _>(&table.throws, &mut square, rng, limit, events)
            }
            Some(compact) => {
                compact.run::<false, _, _>(&table.throws, &mut square, rng, limit, events)
            }
            None => table.throws.run(&mut square, rng, limit, events),
        };
        self.finish(state, square, events);
        n
    }

    /// [`run_chance`](Sampling::run_chance)'s throws one at a time, each
    /// shown before it is applied: the dice of one fresh stream of word
    /// dice, one digit a die, which every path of `run_chance` throws too
    /// (for one player: from the table of throws, or through the rules in
    /// locals), so a game watched throw by throw is the game the harness
    /// plays.
    fn run_chance_observed<G, O>(
        &self,
        state: &mut Self::State,
        rng: &mut G,
        limit: u32,
        observer: &mut O,
        _: &mut Vec<Chance<u16>>,
    ) -> u32
    where
        G: tabula_core::rand::Rng + ?Sized,
        O: ChanceObserver<Self>,
    {
        let dice = self.board.dice();
        let mut words = dice.word_dice();
        let mut n = 0;
        while n < limit && state.winner.is_none() {
            let roll = dice.roll_from(&mut words, rng);
            observer.outcome(state, &roll);
            self.apply_chance(state, roll, &mut |e| observer.event(e));
            n += 1;
        }
        n
    }
}

/// Snakes' speed path: with one player and a table of its throws, the
/// harness's runs count landings in bulk
/// ([`Simulation::run_tallied`](tabula_sim::Simulation::run_tallied)).
impl<R: Rules> Tallied for Snakes<'_, R> {
    /// The table's loop that counts landings in bulk
    /// ([`ThrowTable::run_tallied`]), for one player and a game that has a
    /// table of its throws ([`throws_from_table`](Snakes::throws_from_table)).
    #[inline(always)]
    fn run_chance_tallied<G: tabula_core::rand::Rng + ?Sized>(
        &self,
        state: &mut Self::State,
        rng: &mut G,
        limit: u32,
        tally: &mut LandingTally,
    ) -> Option<u32> {
        let table = self.table()?;
        if state.winner.is_some() {
            return Some(0);
        }
        let mut square = state.square;
        let n = table.throws.run_tallied(&mut square, rng, limit, tally);
        self.finish(state, square, &mut |_| {});
        Some(n)
    }

    /// Two games at a time from the table of throws
    /// ([`ThrowTable::run_games_tallied`]), for one player and a game that
    /// has one ([`throws_from_table`](Snakes::throws_from_table)).
    #[inline]
    fn run_games_tallied<G, S, F>(
        &self,
        games: std::ops::Range<u64>,
        limit: u32,
        stream: S,
        tally: &mut LandingTally,
        mut end: F,
    ) -> bool
    where
        G: tabula_core::rand::Rng,
        S: FnMut(u64) -> G,
        F: FnMut(u64, u32, &Self::State),
    {
        let Some(table) = self.table() else {
            return false;
        };
        let start = State::start();
        let size = self.board.size();
        table.throws.run_games_tallied(
            games,
            start.square,
            limit,
            stream,
            tally,
            |index, n, square| {
                let mut state = start;
                finish(&mut state, square, size, &mut |_| {});
                end(index, n, &state)
            },
        );
        true
    }
}

/// Parks the mover's token and brings in the next seat's.
#[inline]
fn pass_turn<E: Copy>(state: &mut State<E>, players: u8) {
    let seat = usize::from(state.turn) % MAX_SEATS;
    state.waiting[seat] = state.square;
    state.waiting_extras[seat] = state.extra;
    let next = if state.turn + 1 >= players {
        0
    } else {
        state.turn + 1
    };
    state.turn = next;
    state.again = false;
    let n = usize::from(next) % MAX_SEATS;
    state.square = state.waiting[n];
    state.extra = state.waiting_extras[n];
}
