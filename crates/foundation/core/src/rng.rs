use rand::SeedableRng;

/// The random generator every playout draws from: xoshiro256++, a
/// documented, portable algorithm, so the same seed gives the same numbers
/// on every machine.
pub type GameRng = rand_xoshiro::Xoshiro256PlusPlus;

/// Independent purposes that draw from one run seed without overlapping.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub enum Stream {
    /// Game number `i` of a simulation.
    Game,
    /// The dice test of a report.
    DiceTest,
    /// Seat assignment and other per-run draws of a tournament.
    Tournament,
}

impl Stream {
    fn domain(self) -> u64 {
        match self {
            Stream::Game => 0,
            Stream::DiceTest => 0x6469_6365_7465_7374, // "dicetest"
            Stream::Tournament => 0x746f_7572_6e61_6d74, // "tournamt"
        }
    }
}

/// SplitMix64's finalizer: a bijection on `u64` that scatters nearby inputs.
#[inline]
fn mix(mut z: u64) -> u64 {
    z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
    z ^ (z >> 31)
}

/// A seed from the clock and the process id, never 0: for "pick a seed
/// for me" (interactive play), printed so the game can be replayed.
pub fn fresh_seed() -> u64 {
    let nanos = std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map_or(0, |d| d.as_nanos() as u64);
    (mix(nanos) ^ u64::from(std::process::id()).rotate_left(32)) | 1
}

/// The random stream of game `index` in a run with `seed`.
///
/// Each game has its own stream derived from `(seed, index)`, so results do
/// not depend on how games are spread over threads, and any single game can
/// be replayed on its own (that is how reports show the shortest game).
///
/// ```
/// use tabula_core::{game_rng, rand::RngExt};
/// let a: u64 = game_rng(7, 3).random();
/// let b: u64 = game_rng(7, 3).random();
/// let c: u64 = game_rng(7, 4).random();
/// assert_eq!(a, b);
/// assert_ne!(a, c);
/// ```
#[inline]
pub fn game_rng(seed: u64, index: u64) -> GameRng {
    stream_rng(seed, Stream::Game, index)
}

/// The random stream of `purpose` number `index` in a run with `seed`.
#[inline]
pub fn stream_rng(seed: u64, purpose: Stream, index: u64) -> GameRng {
    let key = mix(seed ^ mix(purpose.domain())) ^ mix(index.wrapping_add(0x9e37_79b9_7f4a_7c15));
    GameRng::seed_from_u64(key)
}
