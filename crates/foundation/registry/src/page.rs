//! [`GamePage`]: a page a game contributes to the web front end
//! (`tabula serve`), beside the commands of its [`GameEntry`](crate::GameEntry).
//!
//! A page is an HTML fragment with its own script, served as it is, and
//! one function answering the page's requests: the front end calls it
//! with an action name and the request's body, off its request threads,
//! and returns its JSON ([`PageAnswer`]). An answer may carry pictures
//! as data: the front end draws them and puts them into the JSON under
//! `"pictures"`, as an object of SVG documents by picture name. The front
//! end names no game; a game submits its pages with `inventory`, as it
//! submits its entry:
//!
//! ```
//! use tabula_registry::page::{GamePage, PageAnswer, PageError};
//!
//! fn api(action: &str, body: &str) -> Result<PageAnswer, PageError> {
//!     match action {
//!         "echo" => Ok(PageAnswer::json(serde_json::json!({ "length": body.len() }))),
//!         _ => Err(PageError::UnknownAction),
//!     }
//! }
//!
//! tabula_registry::inventory::submit! {
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
//! let page = tabula_registry::page::find("coin", "flipper").expect("registered");
//! assert_eq!((page.api)("echo", "abc")?.json.to_string(), r#"{"length":3}"#);
//! # Ok::<_, tabula_registry::page::PageError>(())
//! ```

/// A page of a game, served by the web front end at `/game/GAME/NAME`,
/// its requests at `/game/GAME/NAME/api/ACTION`.
#[derive(Clone, Copy)]
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
    /// request's body (UTF-8 text), JSON (and pictures) back. It may take
    /// a while (an exact solve): the front end calls it off its request
    /// threads, with the number of calls at once bounded.
    pub api: fn(action: &str, body: &str) -> Result<PageAnswer, PageError>,
}

/// A page's answer to a request: its JSON, and pictures as data that the
/// front end draws and puts into the JSON (an object) under
/// [`PageAnswer::PICTURES`], as `{NAME: SVG}`.
#[derive(Clone, Debug, PartialEq)]
pub struct PageAnswer {
    /// The answer.
    pub json: serde_json::Value,
    /// Pictures to draw into it, or `None` for an answer without the
    /// key.
    pub pictures: Option<Vec<crate::picture::Picture>>,
}

impl PageAnswer {
    /// The key the drawn pictures go under.
    pub const PICTURES: &'static str = "pictures";

    /// An answer of JSON alone.
    pub fn json(json: serde_json::Value) -> PageAnswer {
        PageAnswer {
            json,
            pictures: None,
        }
    }

    /// An answer with pictures, drawn into `json` (an object) under
    /// [`PageAnswer::PICTURES`].
    pub fn with_pictures(
        json: serde_json::Value,
        pictures: Vec<crate::picture::Picture>,
    ) -> PageAnswer {
        PageAnswer {
            json,
            pictures: Some(pictures),
        }
    }
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

/// The pages games registered through their registrations
/// ([`GameBuilder::page`](crate::GameBuilder::page)), once they are built.
static BUILT: std::sync::OnceLock<Vec<&'static GamePage>> = std::sync::OnceLock::new();

/// Keeps the pages the registrations gave, when they are built.
pub(crate) fn set_built(pages: Vec<&'static GamePage>) {
    let _ = BUILT.set(pages);
}

/// Every registered page (submitted, or a game's through its
/// registration), sorted by game, then name.
pub fn pages() -> Vec<&'static GamePage> {
    // The registrations are built with the list of games.
    let _ = crate::games();
    let built = BUILT.get().map_or(&[][..], Vec::as_slice);
    let mut all: Vec<&'static GamePage> = inventory::iter::<GamePage>
        .into_iter()
        .chain(built.iter().copied())
        .collect();
    all.sort_by_key(|p| (p.game, p.name));
    all
}

/// The page `name` of `game`, if one is registered.
pub fn find(game: &str, name: &str) -> Option<&'static GamePage> {
    pages()
        .into_iter()
        .find(|p| p.game == game && p.name == name)
}

/// The newest request of each of a page's clients, so that work made
/// stale by a newer request (an edit that supersedes the last) stops
/// early: a page's request names its client (a random id the page makes
/// when it loads) and numbers itself; its work checks
/// [`Ticket::is_stale`] between its phases and gives up once a newer
/// request of the same client has arrived.
///
/// ```
/// use tabula_registry::page::Latest;
///
/// static LATEST: Latest = Latest::new();
/// let first = LATEST.begin("tab-1", 1);
/// assert!(!first.is_stale());
/// let second = LATEST.begin("tab-1", 2);
/// assert!(first.is_stale() && !second.is_stale());
/// // Another client's requests are its own.
/// assert!(!LATEST.begin("tab-2", 1).is_stale());
/// // A request older than one already seen is stale from the start.
/// assert!(LATEST.begin("tab-1", 1).is_stale());
/// ```
#[derive(Debug)]
pub struct Latest {
    newest: std::sync::Mutex<std::collections::BTreeMap<String, u64>>,
}

impl Latest {
    /// Clients remembered at most: past it, the record starts afresh (a
    /// client forgotten is only not cancelled until its next request).
    pub const MAX_CLIENTS: usize = 4096;

    /// No client seen yet.
    pub const fn new() -> Latest {
        Latest {
            newest: std::sync::Mutex::new(std::collections::BTreeMap::new()),
        }
    }

    /// Request `seq` of `client` arrives: it becomes the client's newest,
    /// unless a later one has been seen.
    pub fn begin<'a>(&'a self, client: &str, seq: u64) -> Ticket<'a> {
        if let Ok(mut newest) = self.newest.lock() {
            if newest.len() >= Latest::MAX_CLIENTS && !newest.contains_key(client) {
                newest.clear();
            }
            let n = newest.entry(client.to_string()).or_insert(seq);
            *n = (*n).max(seq);
        }
        Ticket {
            latest: self,
            client: client.to_string(),
            seq,
        }
    }

    fn newest(&self, client: &str) -> Option<u64> {
        self.newest.lock().ok()?.get(client).copied()
    }
}

impl Default for Latest {
    fn default() -> Self {
        Latest::new()
    }
}

/// One request of a client, from [`Latest::begin`].
#[derive(Debug)]
pub struct Ticket<'a> {
    latest: &'a Latest,
    client: String,
    seq: u64,
}

impl Ticket<'_> {
    /// Whether a newer request of the same client has arrived.
    pub fn is_stale(&self) -> bool {
        self.latest
            .newest(&self.client)
            .is_some_and(|n| n > self.seq)
    }
}

/// The newest request of every page's clients, shared by the pages and
/// the front end: the front end records a request on its arrival when it
/// carries the headers `Tabula-Client` (the id) and `Tabula-Seq` (its
/// number), so that even a request still waiting for a worker already
/// makes its client's older work stale; the page records it again (from
/// its body) when it runs, and checks its [`Ticket`].
pub static CLIENTS: Latest = Latest::new();
