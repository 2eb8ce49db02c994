use rand::{Rng, RngExt};
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
        if !(1..=16).contains(&count) {
            return Err(CoreError::Dice(format!(
                "dice count must be from 1 to 16, found {count}"
            )));
        }
        if !(2..=120).contains(&faces) {
            return Err(CoreError::Dice(format!(
                "dice must have from 2 to 120 faces, found {faces}"
            )));
        }
        Ok(Dice { count, faces })
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
        rng.random_range(1..=u32::from(self.faces)) as u16
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

    /// The sums as a game's chance outcomes (for
    /// [`BoardGame::chance_outcomes`](crate::BoardGame::chance_outcomes)
    /// of a game whose chance is one roll of these dice).
    pub fn chances(&self) -> impl Iterator<Item = crate::Chance<u16>> + use<> {
        self.distribution()
            .into_iter()
            .map(|(outcome, probability)| crate::Chance {
                outcome,
                probability,
            })
    }
}

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
