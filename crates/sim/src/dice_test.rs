//! Tests that dice are fair and independent, as seed 000 asks: a
//! chi-square goodness-of-fit test of the faces, and a chi-square test of
//! independence of successive rolls (serial pairs).
//!
//! ```
//! use tabula_core::Dice;
//! use tabula_sim::dice_test::DiceTest;
//! let report = DiceTest::run(Dice::D6, 1_000_000, 42);
//! assert_eq!(report.counts.iter().sum::<u64>(), 1_000_000);
//! assert_eq!(report.faces.degrees_of_freedom, 5);
//! assert!(report.faces.p_value > 0.0 && report.faces.p_value <= 1.0);
//! ```

use serde::Serialize;
use statrs::distribution::{ChiSquared, ContinuousCDF};
use tabula_core::{Dice, Stream, stream_rng};

/// One chi-square test.
#[derive(Clone, Copy, Debug, PartialEq, Serialize)]
pub struct ChiSquare {
    /// The statistic: sum over cells of (observed - expected)^2 / expected.
    pub chi_square: f64,
    /// Cells minus one.
    pub degrees_of_freedom: u32,
    /// Probability of a statistic at least this large from fair dice.
    pub p_value: f64,
}

impl ChiSquare {
    /// Tests observed counts against equal expected counts.
    pub fn uniform(observed: &[u64]) -> ChiSquare {
        let total: u64 = observed.iter().sum();
        let expected = total as f64 / observed.len() as f64;
        let chi_square = observed
            .iter()
            .map(|&o| (o as f64 - expected).powi(2) / expected)
            .sum::<f64>();
        let df = observed.len().saturating_sub(1) as u32;
        let p_value = ChiSquared::new(f64::from(df.max(1)))
            .map(|d| d.sf(chi_square))
            .unwrap_or(f64::NAN);
        ChiSquare {
            chi_square,
            degrees_of_freedom: df,
            p_value,
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
    /// Rolls one die of `dice` `rolls` times from the seed's dice-test
    /// stream, through the same code path games use.
    pub fn run(dice: Dice, rolls: u64, seed: u64) -> DiceTest {
        let faces = usize::from(dice.faces());
        let mut rng = stream_rng(seed, Stream::DiceTest, 0);
        let mut counts = vec![0u64; faces];
        let mut pair_counts = vec![0u64; faces * faces];
        let mut previous = None;
        for _ in 0..rolls {
            let face = usize::from(dice.roll_one(&mut rng)) - 1;
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
        assert!((t.chi_square - 5.0).abs() < 1e-12);
        assert_eq!(t.degrees_of_freedom, 5);
        // P(chi2_5 >= 5) = 0.41588...
        assert!((t.p_value - 0.415_880_186).abs() < 1e-6, "{}", t.p_value);
    }

    #[test]
    fn a_loaded_die_fails() {
        let counts = [200_000, 160_000, 160_000, 160_000, 160_000, 160_000];
        assert!(ChiSquare::uniform(&counts).p_value < 1e-12);
    }
}
