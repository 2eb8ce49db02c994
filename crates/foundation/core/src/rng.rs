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
    /// The agents' own draws in game `i` (see [`agent_rng`]).
    Agent,
}

impl Stream {
    fn domain(self) -> u64 {
        match self {
            Stream::Game => 0,
            Stream::DiceTest => 0x6469_6365_7465_7374, // "dicetest"
            Stream::Tournament => 0x746f_7572_6e61_6d74, // "tournamt"
            Stream::Agent => 0x6167_656e_7473_2121,    // "agents!!"
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
    let key = mix(seed ^ mix(purpose.domain())) ^ mix(index.wrapping_add(GOLDEN));
    seeded(key)
}

/// SplitMix64's increment: the golden ratio in 64 bits.
const GOLDEN: u64 = 0x9e37_79b9_7f4a_7c15;

/// `GameRng::seed_from_u64(key)` written out: the generator's four state
/// words are SplitMix64's first four outputs from `key`. The same
/// generator (a test checks it), inlined into the simulation loop instead
/// of a call through SplitMix64's generic byte filling; in the harness
/// that saved about 8 ns of a 100 ns game.
#[inline]
fn seeded(key: u64) -> GameRng {
    let mut seed = [0u8; 32];
    for (i, word) in seed.chunks_exact_mut(8).enumerate() {
        let state = key.wrapping_add(GOLDEN.wrapping_mul(i as u64 + 1));
        word.copy_from_slice(&mix(state).to_le_bytes());
    }
    GameRng::from_seed(seed)
}

/// The stream the agent in `seat` draws from in game `index` of a run
/// with `seed`: separate from the dice ([`game_rng`]) and from the other
/// seats. So two strategies compared with the same seed face the same
/// dice (common random numbers), and a randomised agent does not shift
/// the rolls that follow its choices.
///
/// ```
/// use tabula_core::{agent_rng, game_rng, rand::RngExt};
/// let dice: u64 = game_rng(7, 3).random();
/// let seat0: u64 = agent_rng(7, 3, 0).random();
/// let seat1: u64 = agent_rng(7, 3, 1).random();
/// assert!(dice != seat0 && seat0 != seat1);
/// ```
#[inline]
pub fn agent_rng(seed: u64, index: u64, seat: crate::Seat) -> GameRng {
    stream_rng(seed ^ mix(0x5ea7_0000 + seat as u64), Stream::Agent, index)
}

/// The random streams of one game: the dice's ([`game_rng`]) and one per
/// seat for its agent ([`agent_rng`]), made when first asked for.
#[derive(Clone, Debug)]
pub struct Streams {
    seed: u64,
    index: u64,
    dice: GameRng,
    agents: Vec<GameRng>,
}

impl Streams {
    /// The streams of game `index` in a run with `seed`.
    #[inline]
    pub fn new(seed: u64, index: u64) -> Streams {
        Streams {
            seed,
            index,
            dice: game_rng(seed, index),
            agents: Vec::new(),
        }
    }

    /// The game's index in its run.
    pub fn index(&self) -> u64 {
        self.index
    }

    /// The run's seed.
    pub fn seed(&self) -> u64 {
        self.seed
    }

    /// The dice's stream.
    #[inline]
    pub fn dice(&mut self) -> &mut GameRng {
        &mut self.dice
    }

    /// The stream of the agent in `seat`.
    pub fn agent(&mut self, seat: crate::Seat) -> &mut GameRng {
        while self.agents.len() <= seat {
            let next = self.agents.len();
            self.agents.push(agent_rng(self.seed, self.index, next));
        }
        &mut self.agents[seat]
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use rand::Rng;

    #[test]
    fn streams_are_seeded_as_seed_from_u64_seeds_them() {
        let mut keys = vec![0, 1, u64::MAX, GOLDEN, GOLDEN.wrapping_neg()];
        keys.extend((0..1000u64).map(|i| mix(i) ^ i.rotate_left(17)));
        for key in keys {
            let (mut a, mut b) = (seeded(key), GameRng::seed_from_u64(key));
            for _ in 0..8 {
                assert_eq!(a.next_u64(), b.next_u64(), "key {key:#x}");
            }
        }
    }
}
