//! [`GamePage`]: a page a game contributes to the web front end
//! (`tabula serve`), beside the commands of its [`GameEntry`](crate::GameEntry).
//!
//! A page is an HTML fragment with its own script, served as it is, and
//! one function answering the page's requests: the front end calls it
//! with an action name and the request's body, off its request threads,
//! and returns its JSON. The front end names no game; a game submits its
//! pages with `inventory`, as it submits its entry:
//!
//! ```
//! use tabula_app::page::{GamePage, PageError};
//!
//! fn api(action: &str, body: &str) -> Result<String, PageError> {
//!     match action {
//!         "echo" => Ok(serde_json::json!({ "length": body.len() }).to_string()),
//!         _ => Err(PageError::UnknownAction),
//!     }
//! }
//!
//! tabula_app::inventory::submit! {
//!     GamePage {
//!         game: "coin",
//!         name: "flipper",
//!         title: "Flip a coin",
//!         summary: "a page that counts the bytes it is sent",
//!         html: "<p id=\"out\"></p>",
//!         api,
//!     }
//! }
//!
//! let page = tabula_app::page::find("coin", "flipper").expect("registered");
//! assert_eq!((page.api)("echo", "abc")?, r#"{"length":3}"#);
//! # Ok::<_, tabula_app::page::PageError>(())
//! ```

/// A page of a game, served by the web front end at `/game/GAME/NAME`,
/// its requests at `/game/GAME/NAME/api/ACTION`.
pub struct GamePage {
    /// The game's registered name.
    pub game: &'static str,
    /// The page's name, a path segment (lower case, digits and `-`).
    pub name: &'static str,
    /// The page's title.
    pub title: &'static str,
    /// One line saying what it does, for the index.
    pub summary: &'static str,
    /// The page's body: HTML with its styles and script, no JavaScript
    /// build step. It reaches its own requests at the relative path
    /// `NAME/api/ACTION`.
    pub html: &'static str,
    /// Answers one request: the action (the last path segment) and the
    /// request's body (UTF-8 text), JSON back. It may take a while (an
    /// exact solve): the front end calls it off its request threads, with
    /// the number of calls at once bounded.
    pub api: fn(action: &str, body: &str) -> Result<String, PageError>,
}

impl std::fmt::Debug for GamePage {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("GamePage")
            .field("game", &self.game)
            .field("name", &self.name)
            .finish()
    }
}

inventory::collect!(GamePage);

/// Why a page refused a request.
#[derive(Debug, thiserror::Error)]
#[non_exhaustive]
pub enum PageError {
    /// The page has no such action (the front end answers 404).
    #[error("no such action")]
    UnknownAction,
    /// The request is malformed (the front end answers 400 with the
    /// message). A request that is well formed but describes something
    /// invalid (a board with an error) is better answered with JSON that
    /// says so, for the page to show.
    #[error("{0}")]
    BadRequest(String),
}

/// Every registered page, sorted by game, then name.
pub fn pages() -> Vec<&'static GamePage> {
    let mut all: Vec<&'static GamePage> = inventory::iter::<GamePage>.into_iter().collect();
    all.sort_by_key(|p| (p.game, p.name));
    all
}

/// The page `name` of `game`, if one is registered.
pub fn find(game: &str, name: &str) -> Option<&'static GamePage> {
    inventory::iter::<GamePage>
        .into_iter()
        .find(|p| p.game == game && p.name == name)
}
