//! What a game supplies to be searched: an evaluation and a key, the
//! [`Heuristic`] capability.

use std::hash::{Hash, Hasher};

use rand::{Rng, RngExt};
use tabula_core::{BoardGame, GameResult, Seat, Status};

/// The bound of [`Heuristic::evaluate`]: evaluations lie in
/// `[-EVAL_BOUND, EVAL_BOUND]`.
pub const EVAL_BOUND: f64 = 1.0;

/// The value of a won game for search: above any evaluation, so a sure win
/// beats every position that is only good. A lost game is `-WIN`, a draw
/// 0; alpha-beta takes a little off for each ply to the end, so nearer
/// wins (and later losses) are preferred.
pub const WIN: f64 = 2.0;

/// A capability, not an agent: what a game supplies so the generic search
/// agents ([`Greedy`](crate::Greedy), [`AlphaBeta`](crate::AlphaBeta),
/// [`Mcts`](crate::Mcts), themselves [`Agent`](tabula_core::Agent)s) can
/// search it: an evaluation of positions and a key for transposition
/// tables. It chooses no move; the other methods are hooks with
/// defaults for what search considers.
///
/// ```
/// use tabula_search::Heuristic;
/// # use tabula_core::{BoardGame, GameResult, Seat, Status};
/// # struct Nim;
/// # impl BoardGame for Nim {
/// #     type State = (u32, usize); type Move = u32; type Outcome = (); type Event = ();
/// #     fn seats(&self) -> usize { 2 }
/// #     fn initial_state(&self) -> (u32, usize) { (7, 0) }
/// #     fn status(&self, s: &(u32, usize)) -> Status {
/// #         if s.0 == 0 { Status::Over(GameResult::Win(1 - s.1)) } else { Status::Decision(s.1) }
/// #     }
/// #     fn apply_chance<E: FnMut(())>(&self, _: &mut (u32, usize), _: (), _: &mut E) {}
/// #     fn apply_move<E: FnMut(())>(&self, s: &mut (u32, usize), m: u32, _: &mut E) { s.0 -= m; s.1 = 1 - s.1; }
/// #     fn legal_moves(&self, s: &(u32, usize), out: &mut Vec<u32>) { out.extend((1..=2).filter(|&m| m <= s.0)) }
/// # }
/// impl Heuristic for Nim {
///     fn evaluate(&self, _: &(u32, usize), _: Seat) -> f64 {
///         0.0 // nothing known before the end
///     }
///     fn state_key(&self, state: &(u32, usize)) -> u64 {
///         tabula_search::hash_key(state)
///     }
/// }
/// ```
pub trait Heuristic: BoardGame {
    /// How good `state` is for `seat`, in `[-EVAL_BOUND, EVAL_BOUND]`
    /// (higher is better): its expected share of the game's points, mapped
    /// from `[0, 1]` to `[-1, 1]`, is a good model. Two-seat searches take
    /// one seat's evaluation as minus the other's. Values out of range are
    /// clamped, and NaN is read as 0.
    ///
    /// The default knows nothing before the end: 0 for every state that
    /// goes on. The searches score a finished game by its result (see
    /// [`WIN`]), so a game with no evaluation of its own is still searched
    /// to its results: alpha-beta and MCTS play it by looking ahead alone.
    fn evaluate(&self, state: &Self::State, seat: Seat) -> f64 {
        let _ = (state, seat);
        0.0
    }

    /// A hash of everything that decides the rest of the game from
    /// `state`, for transposition tables. [`hash_key`] makes one for a
    /// state that is [`Hash`].
    fn state_key(&self, state: &Self::State) -> u64;

    /// The moves search considers at a decision, appended to `out`. The
    /// default is every legal move; a game narrows it where the legal
    /// moves are too many to search (a placement phase). Search falls
    /// back on the legal moves when this lists none.
    fn candidate_moves(&self, state: &Self::State, out: &mut Vec<Self::Move>) {
        self.legal_moves(state, out);
    }

    /// How promising `mv` looks at `state`, for move ordering (higher is
    /// searched first: captures, checks). The default is 0 for every move.
    fn move_order_hint(&self, state: &Self::State, mv: &Self::Move) -> i32 {
        let _ = (state, mv);
        0
    }

    /// The index in `moves` (never empty) of the move a Monte Carlo
    /// playout makes at `state`. The default draws uniformly; a game
    /// plays better playouts with a cheap policy (captures first).
    fn playout_move<R: Rng + ?Sized>(
        &self,
        state: &Self::State,
        moves: &[Self::Move],
        rng: &mut R,
    ) -> usize {
        let _ = state;
        rng.random_range(0..moves.len())
    }
}

/// The index of a move drawn uniformly from those `preferred` accepts,
/// or from all of `moves` when it accepts none: a playout policy such
/// as "a capture if there is one" for [`Heuristic::playout_move`]. One
/// pass, no allocation (reservoir sampling); `moves` must not be empty.
///
/// ```
/// use tabula_core::game_rng;
/// use tabula_search::prefer_random;
///
/// let mut rng = game_rng(1, 0);
/// let moves = [3, 8, 5, 10];
/// let i = prefer_random(&moves, |&m| m % 2 == 0, &mut rng);
/// assert!(moves[i] % 2 == 0);
/// let j = prefer_random(&moves, |&m| m > 99, &mut rng);
/// assert!(j < moves.len());
/// ```
pub fn prefer_random<M, R: Rng + ?Sized>(
    moves: &[M],
    mut preferred: impl FnMut(&M) -> bool,
    rng: &mut R,
) -> usize {
    let mut seen = 0u32;
    let mut chosen = None;
    for (i, mv) in moves.iter().enumerate() {
        if preferred(mv) {
            seen += 1;
            // The i-th preferred move replaces the choice with chance
            // 1/i, so each is kept with chance 1/seen.
            if seen == 1 || rng.random_range(0..seen) == 0 {
                chosen = Some(i);
            }
        }
    }
    chosen.unwrap_or_else(|| rng.random_range(0..moves.len()))
}

/// A key for [`Heuristic::state_key`] from a state that is [`Hash`]: the
/// same on every run and machine of one build.
pub fn hash_key<T: Hash + ?Sized>(value: &T) -> u64 {
    let mut hasher = std::collections::hash_map::DefaultHasher::new();
    value.hash(&mut hasher);
    hasher.finish()
}

/// The evaluation, clamped into range.
#[inline]
pub(crate) fn evaluation<G: Heuristic>(game: &G, state: &G::State, seat: Seat) -> f64 {
    let v = game.evaluate(state, seat);
    if v.is_nan() {
        0.0
    } else {
        v.clamp(-EVAL_BOUND, EVAL_BOUND)
    }
}

/// `seat`'s points (1 win, ½ draw, 0 loss in two seats) in a game that
/// ended with `result`.
#[inline]
pub(crate) fn points<G: BoardGame>(
    game: &G,
    state: &G::State,
    result: GameResult,
    seat: Seat,
) -> f64 {
    if game.seats() == 2 {
        return match result {
            GameResult::Win(w) if w == seat => 1.0,
            GameResult::Win(_) => 0.0,
            GameResult::Draw => 0.5,
            GameResult::Lost => 0.0,
        };
    }
    match game.results(state) {
        Some(r) => r.points(seat),
        None => tabula_core::Results::of(result, game.seats()).points(seat),
    }
}

/// The moves search considers: the candidates, or the legal moves when a
/// game lists no candidates.
#[inline]
pub(crate) fn moves<G: Heuristic>(game: &G, state: &G::State, out: &mut Vec<G::Move>) {
    out.clear();
    game.candidate_moves(state, out);
    if out.is_empty() {
        game.legal_moves(state, out);
    }
}

/// The value of a finished game or an evaluation, for `seat`, in
/// `[-WIN, WIN]`, with no search: what greedy and the playout cap use.
pub(crate) fn static_value<G: Heuristic>(game: &G, state: &G::State, seat: Seat) -> f64 {
    match game.status(state) {
        Status::Over(result) => (2.0 * points(game, state, result, seat) - 1.0) * WIN,
        _ => evaluation(game, state, seat),
    }
}
