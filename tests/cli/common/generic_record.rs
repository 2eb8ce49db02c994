//! The record as text the way records were written before their frame was
//! printed once for every game: the whole record serialized with the
//! game's types. Kept only for the tests that check the two agree byte
//! for byte (tests/cli/records.rs, and the test game's tests/cli.rs,
//! which includes this file).

use tabula::play::record::{Format, RecordOf, Recordable};

/// The record as text, serialized whole with the game's types: pretty
/// RON two levels deep, or pretty JSON, and a newline.
pub fn generic_text<G: Recordable>(rec: &RecordOf<G>, format: Format) -> String {
    let mut text = match format {
        Format::Ron => {
            ron::ser::to_string_pretty(rec, ron::ser::PrettyConfig::default().depth_limit(2))
                .expect("RON")
        }
        Format::Json => serde_json::to_string_pretty(rec).expect("JSON"),
    };
    text.push('\n');
    text
}
