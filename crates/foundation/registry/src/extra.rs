//! [`Extra`]: what a game adds to a verb's report.

use serde::Serialize;
use tabula_picture::Picture;
use tabula_play::tournament::Pair;

use crate::Error;

/// What a game adds to a verb's report through its
/// [`sections`](crate::GameBuilder::sections): keys, each pair's keys,
/// sections of text, pictures.
#[derive(Clone, Debug, Default)]
pub struct Extra {
    /// Keys after the report's own at the top of its JSON (names the
    /// report does not use).
    pub keys: serde_json::Map<String, serde_json::Value>,
    /// Keys added to each of the report's pairs, in order (names the
    /// pairs do not use).
    pub pair_keys: Vec<serde_json::Map<String, serde_json::Value>>,
    /// Sections of text after the report's own, each ending in a newline.
    pub sections: Vec<String>,
    /// Pictures after the report's own (`--plot`, `--report`).
    pub pictures: Vec<Picture>,
}

impl Extra {
    /// `a`'s wins in each seat of every pair, under the keys
    /// `a_wins_as_NAME`, `seats` naming the seats in order (lower case,
    /// as JSON keys): noline's `a_wins_as_o` and `a_wins_as_x`.
    pub fn seat_wins(
        pairs: &[Pair],
        seats: &[&str],
    ) -> Vec<serde_json::Map<String, serde_json::Value>> {
        pairs
            .iter()
            .map(|pair| {
                seats
                    .iter()
                    .zip(&pair.a_wins_by_seat)
                    .map(|(seat, &wins)| (format!("a_wins_as_{seat}"), wins.into()))
                    .collect()
            })
            .collect()
    }

    /// A generic report's JSON: `report`'s own keys, then the game's
    /// [`keys`](Self::keys) after them. Every generic verb's report is
    /// written through this one envelope.
    pub fn json<R: Serialize>(&self, report: &R) -> Result<String, Error> {
        /// The report's keys with the game's after them.
        #[derive(Serialize)]
        struct Keys<'a, R> {
            #[serde(flatten)]
            report: &'a R,
            #[serde(flatten)]
            extra: &'a serde_json::Map<String, serde_json::Value>,
        }
        crate::pretty(&Keys {
            report,
            extra: &self.keys,
        })
    }

    /// `out` (a report's text) with the sections after it.
    pub fn append_text(&self, out: &mut String) {
        for s in &self.sections {
            out.push('\n');
            out.push_str(s);
        }
    }
}
