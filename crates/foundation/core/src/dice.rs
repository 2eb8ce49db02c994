use rand::Rng;
use rand::distr::uniform::{UniformInt, UniformSampler};
use serde::{Deserialize, Serialize};

use crate::CoreError;

/// Dice as written in a file: `Dice(count: 2, faces: 6)`. Validated into
/// [`Dice`].
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename = "Dice")]
pub struct DiceSpec {
    /// How many dice are thrown and summed (1 to 16).
    pub count: u8,
    /// Faces on each die, numbered 1 to `faces` (2 to 120).
    pub faces: u8,
}

/// A validated set of identical fair dice whose faces are summed.
///
/// ```
/// use tabula_core::{Dice, game_rng};
/// let two_d6 = Dice::new(2, 6)?;
/// assert_eq!((two_d6.min(), two_d6.max()), (2, 12));
/// let p7 = two_d6.distribution().iter().find(|(s, _)| *s == 7).map(|(_, p)| *p);
/// assert_eq!(p7, Some(6.0 / 36.0));
/// let roll = two_d6.roll(&mut game_rng(1, 0));
/// assert!((2..=12).contains(&roll));
/// # Ok::<_, tabula_core::CoreError>(())
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(try_from = "DiceSpec", into = "DiceSpec")]
pub struct Dice {
    count: u8,
    faces: u8,
}

impl Dice {
    /// One ordinary six-sided die.
    pub const D6: Dice = Dice { count: 1, faces: 6 };

    /// Validates `count` dice with `faces` faces each.
    pub fn new(count: u8, faces: u8) -> Result<Dice, CoreError> {
        Dice::checked(count.into(), faces.into())
    }

    /// The most dice thrown together.
    pub const MAX_COUNT: u64 = 16;
    /// The most faces a die may have.
    pub const MAX_FACES: u64 = 120;

    /// [`new`](Self::new) for numbers as read, of any size: an error
    /// names the number as given.
    pub fn checked(count: u64, faces: u64) -> Result<Dice, CoreError> {
        if !(1..=Dice::MAX_COUNT).contains(&count) {
            return Err(CoreError::Dice(format!(
                "dice count must be from 1 to {}, found {count}",
                Dice::MAX_COUNT
            )));
        }
        if !(2..=Dice::MAX_FACES).contains(&faces) {
            return Err(CoreError::Dice(format!(
                "dice must have from 2 to {} faces, found {faces}",
                Dice::MAX_FACES
            )));
        }
        Ok(Dice {
            count: count as u8,
            faces: faces as u8,
        })
    }

    /// How many dice are thrown.
    pub fn count(&self) -> u8 {
        self.count
    }

    /// Faces on each die.
    pub fn faces(&self) -> u8 {
        self.faces
    }

    /// Smallest possible sum.
    pub fn min(&self) -> u16 {
        u16::from(self.count)
    }

    /// Largest possible sum.
    pub fn max(&self) -> u16 {
        u16::from(self.count) * u16::from(self.faces)
    }

    /// Throws one die.
    #[inline]
    pub fn roll_one<R: Rng + ?Sized>(&self, rng: &mut R) -> u16 {
        // The same draw as `rng.random_range(1..=faces)`, through the
        // uniform sampler that `random_range` calls. The sampler is
        // `#[inline]` and `random_range` is not: its instance lands in one
        // of the game crate's codegen units, and whether a simulation loop
        // in another inlines it was up to the optimizer (Chance-it's
        // `simulate` ran 11% slower the day it stopped).
        match UniformInt::<u32>::sample_single_inclusive(1, u32::from(self.faces), rng) {
            Ok(face) => face as u16,
            // `Dice::new` allows no fewer than two faces.
            Err(_) => unreachable!("a die has at least two faces"),
        }
    }

    /// Throws all the dice and returns the sum.
    #[inline]
    pub fn roll<R: Rng + ?Sized>(&self, rng: &mut R) -> u16 {
        let mut sum = self.roll_one(rng);
        for _ in 1..self.count {
            sum += self.roll_one(rng);
        }
        sum
    }

    /// A stream of these dice's faces drawn several to a random word (see
    /// [`WordDice`]).
    pub fn word_dice(&self) -> WordDice {
        WordDice::with_faces(self.faces)
    }

    /// Throws all the dice from `words` (one digit each) and returns the
    /// sum.
    #[inline]
    pub fn roll_from<R: Rng + ?Sized>(&self, words: &mut WordDice, rng: &mut R) -> u16 {
        let mut sum = words.die(rng);
        for _ in 1..self.count {
            sum += words.die(rng);
        }
        sum
    }

    /// Number of ways to throw each sum, out of `faces^count`, as
    /// `(sum, ways)` for every possible sum in increasing order. Exact.
    pub fn ways(&self) -> Vec<(u16, u128)> {
        let faces = usize::from(self.faces);
        let mut ways: Vec<u128> = vec![1]; // sum 0 with zero dice
        for _ in 0..self.count {
            let mut next = vec![0u128; ways.len() + faces];
            for (s, w) in ways.iter().enumerate() {
                for f in 1..=faces {
                    next[s + f] += w;
                }
            }
            ways = next;
        }
        ways.into_iter()
            .enumerate()
            .filter(|&(_, w)| w > 0)
            .map(|(s, w)| (s as u16, w))
            .collect()
    }

    /// Probability of each sum, as `(sum, probability)` in increasing order.
    pub fn distribution(&self) -> Vec<(u16, f64)> {
        let total = f64::from(self.faces).powi(i32::from(self.count));
        self.ways()
            .into_iter()
            .map(|(s, w)| (s, w as f64 / total))
            .collect()
    }

    /// Appends the sums as a game's chance outcomes to `out`: the same as
    /// `out.extend(self.chances())`, written for
    /// [`BoardGame::chance_outcomes`](crate::BoardGame::chance_outcomes),
    /// which the default sampling calls at every roll, so it is quicker
    /// for one die (the faces are written without a check per push).
    ///
    /// ```
    /// use tabula_core::{Chance, Dice};
    /// let mut out = Vec::new();
    /// Dice::D6.chances_into(&mut out);
    /// assert_eq!(out.len(), 6);
    /// assert_eq!(out[0], Chance { outcome: 1, probability: 1.0 / 6.0 });
    /// assert_eq!(out, Dice::D6.chances().collect::<Vec<_>>());
    /// ```
    #[inline]
    pub fn chances_into(&self, out: &mut Vec<crate::Chance<u16>>) {
        if self.count == 1 {
            let probability = 1.0 / f64::from(self.faces);
            out.extend((1..=u16::from(self.faces)).map(|outcome| crate::Chance {
                outcome,
                probability,
            }));
        } else {
            out.extend(self.chances());
        }
    }

    /// The sums as a game's chance outcomes (for
    /// [`BoardGame::chance_outcomes`](crate::BoardGame::chance_outcomes)
    /// of a game whose chance is one roll of these dice).
    #[inline]
    pub fn chances(&self) -> Chances {
        if self.count == 1 {
            // One die needs no table (and so no allocation): each face
            // has the probability the table would give it, 1 / faces.
            Chances::One {
                faces: 1..=u16::from(self.faces),
                probability: 1.0 / f64::from(self.faces),
            }
        } else {
            Chances::Many(self.distribution().into_iter())
        }
    }
}

/// The chance outcomes of a roll of [`Dice`] ([`Dice::chances`]), in
/// increasing order of their sums.
#[derive(Clone, Debug)]
pub enum Chances {
    /// One die: each face equally likely.
    One {
        /// The faces still to come.
        faces: std::ops::RangeInclusive<u16>,
        /// Each face's probability.
        probability: f64,
    },
    /// Several dice: the sums and their probabilities.
    Many(std::vec::IntoIter<(u16, f64)>),
}

impl Iterator for Chances {
    type Item = crate::Chance<u16>;

    #[inline]
    fn next(&mut self) -> Option<crate::Chance<u16>> {
        let (outcome, probability) = match self {
            Chances::One { faces, probability } => (faces.next()?, *probability),
            Chances::Many(sums) => sums.next()?,
        };
        Some(crate::Chance {
            outcome,
            probability,
        })
    }

    #[inline]
    fn size_hint(&self) -> (usize, Option<usize>) {
        match self {
            Chances::One { faces, .. } => faces.size_hint(),
            Chances::Many(sums) => sums.size_hint(),
        }
    }
}

impl ExactSizeIterator for Chances {}

impl TryFrom<DiceSpec> for Dice {
    type Error = CoreError;
    fn try_from(spec: DiceSpec) -> Result<Dice, CoreError> {
        Dice::new(spec.count, spec.faces)
    }
}

impl From<Dice> for DiceSpec {
    fn from(d: Dice) -> DiceSpec {
        DiceSpec {
            count: d.count,
            faces: d.faces,
        }
    }
}

impl std::fmt::Display for Dice {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "{}d{}", self.count, self.faces)
    }
}

/// Fair dice thrown several to a random 64-bit word, without bias: a
/// fast way to throw many dice from one stream. Snakes and Ladders throws
/// a d6 about 36 times a game, from two words.
///
/// A word `w` stands for the fraction `w / 2^64`, and its digits in base
/// `faces` are the throws, first digit first: a digit is the high half
/// of `w * faces` (a 128-bit product) and the low half is what is left of
/// the word. Each word gives `k` digits, the most with `faces^k <= 2^52`
/// (20 for a d6). A word is used only if `w * faces^k mod 2^64 >=
/// 2^64 mod faces^k` (Lemire's test); otherwise it is skipped, which
/// happens to fewer than one word in 4,096. The `k` digits of a word
/// that passes are the base-`faces` digits of `floor(w * faces^k /
/// 2^64)`, which the test makes exactly uniform on `0..faces^k`: so the
/// throws are exactly uniform and independent, with no bias at all.
///
/// Two digits at once ([`two_digits`](Self::two_digits)) are the same
/// two digits read in base `faces^2`, so a loop may take throws one or
/// two at a time and see the same dice.
///
/// ```
/// use tabula_core::{Dice, WordDice, game_rng};
/// let mut rng = game_rng(7, 0);
/// let mut dice = WordDice::new(6).ok_or("a die has two faces or more")?;
/// let throws: Vec<u16> = (0..40).map(|_| dice.die(&mut rng)).collect();
/// assert!(throws.iter().all(|t| (1..=6).contains(t)));
///
/// // The same stream two throws at a time: the same dice.
/// let (mut rng, mut dice) = (game_rng(7, 0), Dice::D6.word_dice());
/// let pairs: Vec<u16> = (0..20)
///     .flat_map(|_| {
///         let d = dice.two_digits(&mut rng) as u16;
///         [d / 6 + 1, d % 6 + 1]
///     })
///     .collect();
/// assert_eq!(pairs, throws);
/// assert!(WordDice::new(1).is_none());
/// # Ok::<_, &str>(())
/// ```
#[derive(Clone, Copy, Debug)]
pub struct WordDice {
    faces: u64,
    per_word: u32,
    power: u64,
    reject_below: u64,
    word: u64,
    left: u32,
}

impl WordDice {
    /// A fresh stream of dice with `faces` faces, no word drawn yet;
    /// `None` for fewer than 2 faces. [`Dice::word_dice`] makes one for
    /// validated dice.
    pub fn new(faces: u8) -> Option<WordDice> {
        (faces >= 2).then(|| WordDice::with_faces(faces))
    }

    /// [`new`](Self::new) for `faces` known to be at least 2.
    #[inline]
    fn with_faces(faces: u8) -> WordDice {
        let faces = faces.max(2);
        let (power, per_word, reject_below) = WORDS[usize::from(faces)];
        WordDice {
            faces: u64::from(faces),
            per_word,
            power,
            reject_below,
            word: 0,
            left: 0,
        }
    }

    /// Faces on each die.
    pub fn faces(&self) -> u8 {
        self.faces as u8
    }

    /// Dice thrown from one word.
    pub fn per_word(&self) -> u32 {
        self.per_word
    }

    /// Draws words until one passes the test.
    #[inline]
    fn refill<R: Rng + ?Sized>(&mut self, rng: &mut R) {
        loop {
            let w = rng.next_u64();
            if w.wrapping_mul(self.power) >= self.reject_below {
                self.word = w;
                self.left = self.per_word;
                return;
            }
        }
    }

    /// The next digit times `base` (`faces` or `faces^2`), from the word.
    #[inline(always)]
    fn take(&mut self, base: u64) -> u64 {
        let p = u128::from(self.word) * u128::from(base);
        self.word = p as u64;
        (p >> 64) as u64
    }

    /// The next throw's face less one, `0..faces`.
    #[inline]
    pub fn digit<R: Rng + ?Sized>(&mut self, rng: &mut R) -> u64 {
        if self.left == 0 {
            self.refill(rng);
        }
        self.left -= 1;
        self.take(self.faces)
    }

    /// The next throw, `1..=faces`.
    #[inline]
    pub fn die<R: Rng + ?Sized>(&mut self, rng: &mut R) -> u16 {
        self.digit(rng) as u16 + 1
    }

    /// Throws left in the word drawn last (0 before the first word):
    /// [`two_digits_in_word`](Self::two_digits_in_word) answers `None`
    /// when this is 1.
    #[inline(always)]
    pub fn left_in_word(&self) -> u32 {
        self.left
    }

    /// [`two_digits`](Self::two_digits) when both throws come from one
    /// word; `None`, drawing nothing, when one throw is left in the word
    /// drawn last, so a caller that may stop after the first throw of a
    /// pair (the game ended) can throw that one alone
    /// ([`digit`](Self::digit)) and leave the stream as throwing one at a
    /// time leaves it.
    #[inline(always)]
    pub fn two_digits_in_word<R: Rng + ?Sized>(&mut self, rng: &mut R) -> Option<u64> {
        if self.left < 2 {
            if self.left == 1 {
                return None;
            }
            self.refill(rng);
        }
        self.left -= 2;
        Some(self.take(self.faces * self.faces))
    }

    /// The next two throws' digits as one number `d1 * faces + d2`, the
    /// same two [`digit`](Self::digit) would give one after the other.
    #[inline]
    pub fn two_digits<R: Rng + ?Sized>(&mut self, rng: &mut R) -> u64 {
        if self.left >= 2 {
            self.left -= 2;
            self.take(self.faces * self.faces)
        } else {
            let first = self.digit(rng);
            first * self.faces + self.digit(rng)
        }
    }
}

/// For each number of faces: `faces^k` for the most digits `k` with
/// `faces^k <= 2^52`, `k`, and `2^64 mod faces^k` (worked out when
/// compiling, so a stream is free to start).
const WORDS: [(u64, u32, u64); 256] = {
    let mut table = [(1, 0, 0); 256];
    let mut faces = 2;
    while faces < 256 {
        let (mut power, mut per_word) = (1u64, 0u32);
        while power <= (1u64 << 52) / faces {
            power *= faces;
            per_word += 1;
        }
        table[faces as usize] = (power, per_word, ((1u128 << 64) % power as u128) as u64);
        faces += 1;
    }
    table
};

#[cfg(test)]
mod tests {
    use super::*;
    use crate::game_rng;
    use rand::RngExt;

    #[test]
    fn a_die_throws_what_random_range_would() {
        for faces in [2u8, 3, 6, 20, 120] {
            let die = Dice::new(1, faces).unwrap();
            let (mut a, mut b) = (game_rng(5, u64::from(faces)), game_rng(5, u64::from(faces)));
            for _ in 0..1_000 {
                let face = die.roll_one(&mut a);
                assert_eq!(u32::from(face), b.random_range(1..=u32::from(faces)));
                assert!((1..=u16::from(faces)).contains(&face));
            }
        }
    }

    #[test]
    fn a_word_holds_the_most_digits_that_fit_in_52_bits() {
        assert!(WordDice::new(0).is_none() && WordDice::new(1).is_none());
        for faces in 2..=255u8 {
            let d = WordDice::with_faces(faces);
            let f = u128::from(faces);
            let power = f.pow(d.per_word());
            assert_eq!(power, u128::from(d.power), "{faces} faces");
            assert!(power <= 1 << 52 && power * f > 1 << 52, "{faces} faces");
            assert_eq!(u128::from(d.reject_below), (1u128 << 64) % power);
        }
        assert_eq!(Dice::D6.word_dice().per_word(), 20);
    }

    #[test]
    fn two_digits_at_once_are_the_same_dice_as_one_at_a_time() {
        for faces in [2u8, 3, 5, 6, 7, 10, 12, 16, 20, 100, 120] {
            let (mut a, mut b) = (game_rng(3, u64::from(faces)), game_rng(3, u64::from(faces)));
            let (mut one, mut two) = (WordDice::with_faces(faces), WordDice::with_faces(faces));
            let f = u64::from(faces);
            // Odd digits first, so pairs also straddle words.
            for _ in 0..3 {
                assert_eq!(one.digit(&mut a), two.digit(&mut b));
            }
            for _ in 0..500 {
                let (d1, d2) = (one.digit(&mut a), one.digit(&mut a));
                assert_eq!(d1 * f + d2, two.two_digits(&mut b), "{faces} faces");
            }
        }
    }

    #[test]
    fn pairs_within_a_word_are_the_same_dice_and_none_straddles_two() {
        for faces in [2u8, 6, 11, 16, 100] {
            let (mut a, mut b) = (game_rng(5, u64::from(faces)), game_rng(5, u64::from(faces)));
            let (mut one, mut two) = (WordDice::with_faces(faces), WordDice::with_faces(faces));
            let f = u64::from(faces);
            let (mut pairs, mut alone) = (0, 0);
            for _ in 0..300 {
                match two.two_digits_in_word(&mut b) {
                    Some(d) => {
                        let (d1, d2) = (one.digit(&mut a), one.digit(&mut a));
                        assert_eq!(d1 * f + d2, d, "{faces} faces");
                        pairs += 1;
                    }
                    // One throw left in the word: nothing drawn, and the
                    // next throw alone is the same die.
                    None => {
                        assert_eq!(one.digit(&mut a), two.digit(&mut b), "{faces} faces");
                        alone += 1;
                    }
                }
            }
            assert_eq!(
                a.next_u64(),
                b.next_u64(),
                "{faces} faces: the same words drawn"
            );
            // An odd number of throws a word leaves one alone every
            // other word; an even number never.
            assert_eq!(alone > 0, one.per_word() % 2 == 1, "{faces} faces");
            assert!(pairs > 0);
        }
    }

    #[test]
    fn words_that_fail_the_test_are_skipped() {
        // A generator whose first word fails Lemire's test for a d6.
        struct Fixed(Vec<u64>);
        impl rand::TryRng for Fixed {
            type Error = std::convert::Infallible;
            fn try_next_u32(&mut self) -> Result<u32, Self::Error> {
                Ok(self.try_next_u64()? as u32)
            }
            fn try_next_u64(&mut self) -> Result<u64, Self::Error> {
                Ok(self.0.remove(0))
            }
            fn try_fill_bytes(&mut self, dst: &mut [u8]) -> Result<(), Self::Error> {
                dst.fill(0);
                Ok(())
            }
        }
        let d = Dice::D6.word_dice();
        assert!(d.reject_below > 0);
        // w * 6^20 wraps to 0: below the threshold.
        let mut dice = Dice::D6.word_dice();
        let mut rng = Fixed(vec![0, u64::MAX]);
        // The second word, 2^64 - 1, is all fives: 0.5555...
        assert_eq!(dice.die(&mut rng), 6);
        assert!(rng.0.is_empty());
    }

    #[test]
    fn throws_are_uniform_and_pairs_independent() {
        // 360,000 pairs of d6: chi-square with 35 degrees of freedom has
        // mean 35 and standard deviation 8.4; 100 is 7.8 deviations out.
        let mut rng = game_rng(11, 0);
        let mut dice = Dice::D6.word_dice();
        let mut pairs = [0u64; 36];
        let n = 360_000;
        for _ in 0..n {
            pairs[dice.two_digits(&mut rng) as usize] += 1;
        }
        let expected = n as f64 / 36.0;
        let chi2: f64 = pairs
            .iter()
            .map(|&c| (c as f64 - expected).powi(2) / expected)
            .sum();
        assert!(chi2 < 100.0, "chi-square {chi2}");
    }
}
