//! [`Report`]: what a command returns.

use tabula_picture::Picture;

use crate::Error;

/// A command's result, rendered the same way by every front end: as text,
/// as JSON (`--format json`), as pictures (`--plot DIR`) and as one HTML
/// page (`--report FILE.html`, with the text and every picture).
pub trait Report {
    /// A short heading for the HTML page ("classic: 1,000,000 games").
    fn title(&self) -> String;

    /// The text form, ending with a newline.
    fn text(&self) -> String;

    /// The JSON form: one value, pretty-printed (see [`pretty`]), without
    /// the final newline.
    fn json(&self) -> Result<String, Error>;

    /// The pictures of the result, as data: what to draw, which the
    /// front end draws (`--plot`, `--report`, the web forms). The default
    /// has none; a game whose commands are registered with pictures
    /// describes them here with [`crate::picture`]'s charts and boards.
    /// Register the command with
    /// [`Typed::with_pictures`](crate::Typed::with_pictures), or the
    /// front end offers no `--plot`/`--report` and never calls this.
    fn pictures(&self) -> Vec<Picture> {
        Vec::new()
    }
}

/// Pretty-printed JSON of any serializable value: the usual
/// [`Report::json`].
pub fn pretty<T: serde::Serialize + ?Sized>(value: &T) -> Result<String, Error> {
    Ok(serde_json::to_string_pretty(value)?)
}
