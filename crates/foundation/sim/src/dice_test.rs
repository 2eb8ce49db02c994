//! Tests that dice are fair and independent, as specification 000 asks: a
//! chi-square goodness-of-fit test of the faces, and a chi-square test of
//! independence of successive rolls (serial pairs).
//!
//! ```
//! use tabula_core::Dice;
//! use tabula_sim::dice_test::DiceTest;
//! let report = DiceTest::run(Dice::D6, 1_000_000, 42);
//! assert_eq!(report.counts.iter().sum::<u64>(), 1_000_000);
//! assert_eq!(report.faces.degrees_of_freedom, 5);
//! let p = report.faces.p_value.expect("enough rolls to test");
//! assert!(p > 0.0 && p <= 1.0);
//! ```

use serde::Serialize;
use statrs::distribution::{ChiSquared, ContinuousCDF};
use tabula_core::{Dice, Stream, stream_rng};

/// The fewest expected observations per cell for which the chi-square
/// approximation is used (the usual rule of thumb); with fewer, a test
/// reports no statistic instead of a meaningless one.
pub const MIN_EXPECTED_PER_CELL: f64 = 5.0;

/// One chi-square test.
#[derive(Clone, Copy, Debug, PartialEq, Serialize)]
pub struct ChiSquare {
    /// The statistic: sum over cells of (observed - expected)^2 / expected;
    /// `None` when there were too few observations to test (see
    /// [`enough_data`](Self::enough_data)).
    pub chi_square: Option<f64>,
    /// Cells minus one.
    pub degrees_of_freedom: u32,
    /// Probability of a statistic at least this large from fair dice;
    /// `None` when there were too few observations to test.
    pub p_value: Option<f64>,
    /// Observations expected in each cell.
    pub expected_per_cell: f64,
    /// Whether every cell expects at least [`MIN_EXPECTED_PER_CELL`]
    /// observations, so the test was made.
    pub enough_data: bool,
}

impl ChiSquare {
    /// Tests observed counts against equal expected counts.
    pub fn uniform(observed: &[u64]) -> ChiSquare {
        let total: u64 = observed.iter().sum();
        let expected = total as f64 / observed.len().max(1) as f64;
        let df = observed.len().saturating_sub(1) as u32;
        let enough_data = expected >= MIN_EXPECTED_PER_CELL && df >= 1;
        let chi_square = enough_data.then(|| {
            observed
                .iter()
                .map(|&o| (o as f64 - expected).powi(2) / expected)
                .sum::<f64>()
        });
        let p_value = chi_square.and_then(|x| {
            ChiSquared::new(f64::from(df))
                .ok()
                .map(|d| d.sf(x))
                .filter(|p| p.is_finite())
        });
        ChiSquare {
            chi_square,
            degrees_of_freedom: df,
            p_value,
            expected_per_cell: expected,
            enough_data: enough_data && p_value.is_some(),
        }
    }
}

/// The result of a dice test.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct DiceTest {
    /// Faces on the die tested.
    pub die_faces: u8,
    /// Rolls made.
    pub rolls: u64,
    /// The seed of the test's own random stream.
    pub seed: u64,
    /// How often each face came up (index 0 = face 1).
    pub counts: Vec<u64>,
    /// Goodness of fit of the faces to a uniform distribution.
    pub faces: ChiSquare,
    /// Non-overlapping pairs of successive rolls tested.
    pub pairs: u64,
    /// Independence of successive rolls: the `faces^2` pair cells against
    /// uniform.
    pub serial_pairs: ChiSquare,
}

impl DiceTest {
    /// Rolls one die of `dice` `rolls` times from the specification's dice-test
    /// stream, several to a random word as simulations throw them
    /// ([`WordDice`](tabula_core::WordDice)).
    pub fn run(dice: Dice, rolls: u64, seed: u64) -> DiceTest {
        let faces = usize::from(dice.faces());
        let mut rng = stream_rng(seed, Stream::DiceTest, 0);
        let mut words = dice.word_dice();
        let mut counts = vec![0u64; faces];
        let mut pair_counts = vec![0u64; faces * faces];
        let mut previous = None;
        for _ in 0..rolls {
            let face = words.digit(&mut rng) as usize;
            counts[face] += 1;
            previous = match previous {
                None => Some(face),
                Some(p) => {
                    pair_counts[p * faces + face] += 1;
                    None
                }
            };
        }
        DiceTest {
            die_faces: dice.faces(),
            rolls,
            seed,
            faces: ChiSquare::uniform(&counts),
            counts,
            pairs: rolls / 2,
            serial_pairs: ChiSquare::uniform(&pair_counts),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn chi_square_of_a_known_table() {
        // 60 rolls, expected 10 per face: (5^2 + 5^2) / 10 = 5 on 5 df.
        let t = ChiSquare::uniform(&[15, 5, 10, 10, 10, 10]);
        assert_eq!(t.chi_square.map(|x| (x - 5.0).abs() < 1e-12), Some(true));
        assert_eq!(t.degrees_of_freedom, 5);
        // P(chi2_5 >= 5) = 0.41588...
        let p = t.p_value.unwrap_or(f64::NAN);
        assert!((p - 0.415_880_186).abs() < 1e-6, "{p}");
        assert!(t.enough_data);
    }

    #[test]
    fn a_loaded_die_fails() {
        let counts = [200_000, 160_000, 160_000, 160_000, 160_000, 160_000];
        assert!(
            ChiSquare::uniform(&counts)
                .p_value
                .is_some_and(|p| p < 1e-12)
        );
    }

    #[test]
    fn too_few_observations_give_no_statistic() {
        // 29 rolls of a d6 expect fewer than 5 per face; none at all, 0.
        for counts in [vec![5, 5, 5, 5, 5, 4], vec![0; 6], vec![1, 0, 0, 0, 0, 0]] {
            let t = ChiSquare::uniform(&counts);
            assert!(!t.enough_data, "{counts:?}");
            assert_eq!((t.chi_square, t.p_value), (None, None));
            assert!(t.expected_per_cell.is_finite());
        }
        assert!(ChiSquare::uniform(&[5; 6]).enough_data);
        // One roll: no serial pairs at all.
        let r = DiceTest::run(Dice::D6, 1, 1);
        assert_eq!(r.pairs, 0);
        assert!(!r.faces.enough_data && !r.serial_pairs.enough_data);
    }
}
