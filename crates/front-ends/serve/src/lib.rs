//! `tabula serve`: a local web front end over the games a binary links.
//!
//! It serves an index of the registered games (the registry `tabula list`
//! reads), the pages games contribute ([`tabula_registry::page::GamePage`]),
//! each answering its own requests, and a form for each game's commands
//! that print a report, built from the command's declared arguments
//! ([`tabula_registry::args`]: the data the command line turns into its
//! parser, read and checked here by the same validator, with no command
//! line parser) (`/run/VERB/GAME`; see [`run_io`] for where runs are
//! made); this crate names no game, and its own options are data too
//! ([`arguments`]). Everything
//! the browser gets (HTML, CSS, JavaScript) is compiled into the binary:
//! there is no JavaScript build step and no file is read from disk.
//!
//! It is built to be left running: it binds 127.0.0.1 unless told
//! otherwise (and warns when told), refuses request bodies over
//! [`MAX_BODY`] (413), runs the pages' work off the request threads with
//! at most `--workers` calls at once (one per core by default) and a short queue beyond
//! them (503 with `Retry-After` when full), and a queued call whose client
//! went away is dropped before it starts. A connection that sends no
//! request head within `--idle-seconds` is closed, a body that has not
//! arrived whole within as long after its head is refused (408), and at
//! most [`MAX_CONNECTIONS`] are open at once.
//!
//! It answers only requests that name it as their host (its address, or
//! `localhost`), and starts work only for its own pages: a request that
//! starts work from a page of another site is refused before any route
//! sees it (the rules are in the book's chapter on the designer, under
//! "Who can use it").
//!
//! ```no_run
//! let server = tabula_serve::spawn(tabula_serve::Options::default())?;
//! println!("tabula serve: {}", server.url());
//! server.join();
//! # Ok::<_, tabula_registry::Error>(())
//! ```
#![deny(missing_docs)]

use std::io::Write;
use std::net::{SocketAddr, TcpListener as StdListener};
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};

use axum::Router;
use axum::body::Body;
use axum::extract::{DefaultBodyLimit, Path, State};
use axum::http::{HeaderMap, HeaderValue, StatusCode, header};
use axum::response::{IntoResponse, Response};
use axum::routing::get;
use tabula_registry::args::{Arg, Arguments, Values};
use tabula_registry::page::{self, GamePage, PageAnswer, PageError};
use tokio::sync::Semaphore;

mod forms;
mod guard;
mod play;
mod progress;

pub use forms::check_form;

/// The largest request body accepted: 1 MiB. A larger one is answered
/// 413 (Payload Too Large).
pub const MAX_BODY: usize = 1 << 20;

/// The largest body of a replay request (`POST /api/replay/GAME`),
/// which carries a whole record: 4 MiB. A larger one is answered 413.
pub const MAX_RECORD_BODY: usize = 4 << 20;

/// The address `tabula serve` binds without `--addr`.
pub const DEFAULT_ADDR: &str = "127.0.0.1:7878";

/// The most connections served at once; more wait to be accepted.
pub const MAX_CONNECTIONS: usize = 1024;

/// How many seconds a client told 503 is asked to wait.
pub const RETRY_AFTER_SECONDS: u32 = 1;

const STYLE: &str = include_str!("style.css");

/// How often a form's run in a process of its own writes a progress
/// line (`simulation: 20480/100000 games, 3 s`) for the form's bar.
pub const PROGRESS_EVERY: std::time::Duration = std::time::Duration::from_millis(250);

/// The hidden option a form's run is made with, in a process of its own.
const RUN_FORM: &str = "run-form";

/// The hidden option naming the directory (not yet made) that a form's
/// run in a process of its own writes the files sent with it into.
const RUN_DIR: &str = "run-dir";

/// What `tabula serve` says after its options in `--help`.
const AFTER_HELP: &str = "Prints its address (tabula serve: http://ADDR/) as the first line on stdout, then serves until stopped (Ctrl-C).\n\
It binds 127.0.0.1 (this machine only) unless --addr says otherwise; any other address lets other machines use it, \
and it warns on stderr.\n\
Open the address in a browser: the index lists the games, the pages they contribute (such as a board designer) \
and a form for each of their commands that print a report (/run/VERB/GAME), built from the command's options as data \
(menus for choices, a pick list of agents, uploads for files), which runs it and shows its report and pictures \
(an argument that takes a file takes one uploaded from the browser, kept only while its run lasts); \
a long run shows a progress bar, fed four times a second, and Stop ends it.\n\
It answers only requests that name it as their host (its address, or localhost), starts work (a POST) only for its own pages \
and for scripts that send JSON (Content-Type: application/json), and confines each run to a new folder of its own holding \
the files sent with it: a path anywhere else, typed or inside a file sent, is refused.\n\
Example: tabula serve --addr 127.0.0.1:0   (any free port)";

/// `tabula serve`'s line in the list of commands.
pub const ABOUT: &str = "Serve the games in a web browser: the pages they contribute (a board designer) and a form for each command; local only by default";

/// Options of `tabula serve`.
#[derive(Clone, Debug)]
pub struct Options {
    /// The address and port to listen on (port 0: any free port).
    pub addr: SocketAddr,
    /// Close a connection that has not sent a whole request head within
    /// this many seconds (a client that connects and sends nothing), and
    /// refuse a request body not whole this long after its head (408).
    pub idle_seconds: u64,
    /// Pages' requests worked on at once (an exact solve each), off the
    /// request threads [default: one per core].
    pub workers: Option<u16>,
}

impl Default for Options {
    fn default() -> Self {
        Options {
            addr: DEFAULT_ADDR.parse().unwrap_or_else(|_| unreachable!()),
            idle_seconds: 10,
            workers: None,
        }
    }
}

impl Options {
    fn workers(&self) -> usize {
        match self.workers {
            Some(w) => usize::from(w),
            None => std::thread::available_parallelism().map_or(2, |n| n.get()),
        }
    }

    /// The options the values of [`arguments`] give.
    pub fn from_values(values: &Values) -> Result<Options, tabula_registry::Error> {
        Ok(Options {
            addr: values.require("addr")?,
            idle_seconds: values.require("idle_seconds")?,
            workers: values.get("workers")?,
        })
    }
}

/// `serve`'s options as data, for a command line to turn into its parser
/// (and `--help`) beside its others: `--addr`, `--idle-seconds`,
/// `--workers`, and the hidden options a form's run in a process of its
/// own is made with.
///
/// ```
/// let declared = tabula_serve::arguments();
/// let values = declared.parse([])?;
/// let options = tabula_serve::Options::from_values(&values)?;
/// assert!(options.addr.ip().is_loopback());
/// assert!(declared.parse([("addr", vec!["not an address".to_string()])]).is_err());
/// # Ok::<_, tabula_registry::Error>(())
/// ```
pub fn arguments() -> Arguments {
    Arguments::new()
        .arg(
            Arg::new("addr")
                .long("addr")
                .help("The address and port to listen on (port 0: any free port)")
                .value_name("ADDR:PORT")
                .default_value(DEFAULT_ADDR)
                .kind(tabula_registry::args::ValueKind::Checked(
                    tabula_registry::args::check::<SocketAddr>,
                )),
        )
        .arg(
            Arg::new("idle_seconds")
                .long("idle-seconds")
                .doc(&[
                    " Close a connection that has not sent a whole request head within",
                    " this many seconds (a client that connects and sends nothing), and",
                    " refuse a request body not whole this long after its head (408).",
                ])
                .value_name("SECONDS")
                .default_value("10")
                .of::<u64>()
                .range(1..=3600),
        )
        .arg(
            Arg::new("workers")
                .long("workers")
                .doc(&[
                    " Pages' requests worked on at once (an exact solve each), off the",
                    " request threads [default: one per core].",
                ])
                .value_name("WORKERS")
                .of::<u16>()
                .range(1..=256),
        )
        .arg(
            Arg::new(RUN_FORM)
                .long(RUN_FORM)
                .num_args(2..)
                .value_name("VERB GAME")
                .hide(true)
                .help("Run one form (its JSON body on stdin) and print its answer: how the server runs forms"),
        )
        .arg(
            Arg::new(RUN_DIR)
                .long(RUN_DIR)
                .requires(RUN_FORM)
                .of::<std::path::PathBuf>()
                .value_name("DIR")
                .hide(true)
                .help("The new directory a form's run makes, writes the files sent with it into and is confined to (one that exists is refused and left as it is)"),
        )
        .after_help(AFTER_HELP)
}

/// Runs `serve` with values parsed for [`arguments`]: prints the address
/// on `out` (its first line), a warning on stderr for an address other
/// machines can reach, then serves until the process is stopped.
pub fn run_values(values: &Values, out: &mut dyn Write) -> Result<(), tabula_registry::Error> {
    let options = Options::from_values(values)?;
    let server = spawn(options)?;
    writeln!(out, "tabula serve: {}", server.url())?;
    out.flush()?;
    if !server.addr().ip().is_loopback() {
        let _ = writeln!(
            std::io::stderr(),
            "warning: tabula serve is listening on {}, which other machines may reach: anyone who can reach it can use it (run solves on this machine). Use --addr 127.0.0.1:PORT to keep it to this machine.",
            server.addr()
        );
    }
    server.join();
    Ok(())
}

/// [`run_values`] for the `tabula` command, with its input: the
/// server's forms then run in processes of this program (`tabula serve
/// --run-form VERB GAME`, the form's body on stdin, which this answers),
/// so that a run whose client goes away (Stop) is killed.
pub fn run_io(
    values: &Values,
    io: &mut tabula_registry::Io<'_>,
) -> Result<(), tabula_registry::Error> {
    if let Some(names) = values.raw(RUN_FORM).filter(|_| values.given(RUN_FORM)) {
        let [verb, game] = names else {
            return Err("--run-form VERB GAME: a verb and a game".into());
        };
        // The run's own directory, made new here (one that exists is
        // refused and left as it is: a run removes only what it made),
        // and the whole process confined to it before anything runs.
        let dir = match values.get::<std::path::PathBuf>(RUN_DIR)? {
            Some(dir) => forms::RunDir::at(dir),
            None => forms::RunDir::new(),
        };
        dir.make().map_err(|e| {
            format!(
                "--run-dir {}: cannot make it ({e}); a run makes a new directory of its own, and leaves one that exists as it is",
                dir.path().display()
            )
        })?;
        tabula_core::files::confine(dir.path())?;
        stop_with_the_server(forms::RunDir::made(dir.path().to_path_buf()));
        let mut body = String::new();
        std::io::Read::read_to_string(
            &mut std::io::Read::take(&mut io.input, forms::body_cap(verb) as u64 + 1),
            &mut body,
        )?;
        // Its progress is read by the server, for the form's bar: a line
        // with the count done often, never a terminal's bar.
        let feed = tabula_registry::progress::Feed::Lines(PROGRESS_EVERY);
        let answer = forms::answer(verb, game, &body, &dir, feed);
        writeln!(io.out, "{}", forms::head(&answer))?;
        write!(io.out, "{}", answer.body)?;
        io.out.flush()?;
        return Ok(());
    }
    if let Ok(program) = std::env::current_exe() {
        forms::run_in_child(program);
    }
    run_values(values, io.out)
}

/// The environment variable with which the server tells a form's run
/// its process id, so that the run ends once that server is gone.
const SERVER_PID: &str = "TABULA_SERVE_PID";

/// Ends this process (a form's run), removing `dir` (its folder), once
/// the server that started it is gone, as when it is killed outright: a
/// run of hours is not left to run for no one. (Stopped by Ctrl-C, the
/// server's runs stop with it.)
fn stop_with_the_server(dir: forms::RunDir) {
    #[cfg(unix)]
    {
        // The server that started this run names itself; a run started
        // by hand (`tabula serve --run-form` at a prompt) stops with the
        // program that started it.
        let server = std::env::var(SERVER_PID)
            .ok()
            .and_then(|pid| pid.parse::<u32>().ok())
            .unwrap_or_else(std::os::unix::process::parent_id);
        let _ = std::thread::Builder::new()
            .name("server-watch".into())
            .spawn(move || {
                loop {
                    // First at once: the server may have gone while this
                    // run started.
                    if std::os::unix::process::parent_id() != server {
                        drop(dir);
                        std::process::exit(1);
                    }
                    std::thread::sleep(std::time::Duration::from_millis(200));
                }
            });
    }
    #[cfg(not(unix))]
    let _ = dir;
}

/// A running server.
#[derive(Debug)]
pub struct Server {
    addr: SocketAddr,
    thread: std::thread::JoinHandle<()>,
}

impl Server {
    /// The address it listens on (the actual port when asked for port 0).
    pub fn addr(&self) -> SocketAddr {
        self.addr
    }

    /// Its address as a URL, `http://ADDR/`.
    pub fn url(&self) -> String {
        format!("http://{}/", self.addr)
    }

    /// Waits for it to stop (it stops only with the process, or if its
    /// runtime fails).
    pub fn join(self) {
        let _ = self.thread.join();
    }
}

/// Binds `options.addr` and serves on a thread of its own; returns once it
/// is listening.
pub fn spawn(options: Options) -> Result<Server, tabula_registry::Error> {
    let listener = StdListener::bind(options.addr).map_err(|e| {
        format!(
            "cannot listen on {}: {e} (another program may use that port: try --addr 127.0.0.1:0 for any free port)",
            options.addr
        )
    })?;
    listener.set_nonblocking(true)?;
    let addr = listener.local_addr()?;
    let workers = options.workers();
    let runtime = tokio::runtime::Builder::new_multi_thread()
        .worker_threads(2)
        .max_blocking_threads(workers.max(1))
        .enable_io()
        .enable_time()
        .thread_name("tabula-serve")
        .build()?;
    let listener = {
        let _guard = runtime.enter();
        tokio::net::TcpListener::from_std(listener)?
    };
    let idle = std::time::Duration::from_secs(options.idle_seconds);
    let app = router(workers, idle);
    let thread = std::thread::Builder::new()
        .name("tabula-serve".into())
        .spawn(move || runtime.block_on(accept(listener, app, idle)))?;
    Ok(Server { addr, thread })
}

/// Accepts connections, at most [`MAX_CONNECTIONS`] at once, each served
/// on a task of its own: HTTP/1 with keep-alive, closed if its request
/// head does not arrive within `idle`. Each request is checked
/// ([`guard::refusal`]: its host, its transfer coding, and for work its
/// origin and content type) before it is routed.
async fn accept(listener: tokio::net::TcpListener, app: Router, idle: std::time::Duration) {
    let open = Arc::new(Semaphore::new(MAX_CONNECTIONS));
    loop {
        let Ok(permit) = open.clone().acquire_owned().await else {
            return;
        };
        let stream = match listener.accept().await {
            Ok((stream, _)) => stream,
            // Out of file descriptors, say: wait a moment, go on.
            Err(_) => {
                tokio::time::sleep(std::time::Duration::from_millis(50)).await;
                continue;
            }
        };
        // The address the client reached: what a Host must name.
        let local = stream
            .local_addr()
            .unwrap_or_else(|_| SocketAddr::from(([0, 0, 0, 0, 0, 0, 0, 1], 0)));
        let app = app.clone();
        let guarded = tower::service_fn(move |request: axum::http::Request<_>| {
            let refused = guard::refusal(&request, local);
            let app = app.clone();
            async move {
                match refused {
                    Some(r) => Ok::<_, std::convert::Infallible>(r),
                    None => tower::ServiceExt::oneshot(app, request).await,
                }
            }
        });
        let service = hyper_util::service::TowerToHyperService::new(guarded);
        tokio::spawn(async move {
            let _open = permit;
            let _ = hyper::server::conn::http1::Builder::new()
                .timer(hyper_util::rt::TokioTimer::new())
                .header_read_timeout(idle)
                .serve_connection(hyper_util::rt::TokioIo::new(stream), service)
                .await;
        });
    }
}

/// What the handlers share: the bound on pages' work, and how long a
/// request body may take.
#[derive(Debug)]
struct Shared {
    /// A body not whole this long after its head is refused (408).
    body_deadline: std::time::Duration,
    /// Calls running.
    running: Semaphore,
    /// Calls running or waiting: past it, 503.
    admitted: Semaphore,
}

/// The whole site.
fn router(workers: usize, body_deadline: std::time::Duration) -> Router {
    let shared = Arc::new(Shared {
        body_deadline,
        running: Semaphore::new(workers),
        admitted: Semaphore::new(workers * 4),
    });
    Router::new()
        .route("/", get(index))
        .route("/style.css", get(style))
        .route("/api/games", get(games_json))
        .route("/game/{game}/{page}", get(game_page))
        .route(
            "/game/{game}/{page}/api/{action}",
            axum::routing::post(page_api),
        )
        .route("/run/{verb}/{game}", get(form_page))
        .route("/api/run/{verb}/{game}", axum::routing::post(form_run))
        .route("/api/progress/{run}", get(form_progress))
        .route("/play/{game}", get(play_page))
        .route("/api/play/{game}", axum::routing::post(play_move))
        .route("/api/play/{game}/record", axum::routing::post(play_record))
        .route("/api/replay/{game}", axum::routing::post(replay_record))
        .fallback(not_found)
        .layer(DefaultBodyLimit::max(MAX_BODY))
        .with_state(shared)
}

/// Escapes text for HTML (element content and quoted attributes), as
/// the report page does.
pub use tabula_plot::html::escape;

/// The page's HTML with its headers: no caching, no sniffing, scripts
/// and styles only from this server (and the page itself).
fn html(status: StatusCode, body: String) -> Response {
    let mut r = (status, body).into_response();
    let h = r.headers_mut();
    h.insert(
        header::CONTENT_TYPE,
        HeaderValue::from_static("text/html; charset=utf-8"),
    );
    h.insert(
        header::CONTENT_SECURITY_POLICY,
        HeaderValue::from_static(
            "default-src 'self'; script-src 'self' 'unsafe-inline'; style-src 'self' 'unsafe-inline'; img-src 'self' blob: data:; connect-src 'self'; frame-ancestors 'none'",
        ),
    );
    common_headers(r)
}

fn common_headers(mut r: Response) -> Response {
    let h = r.headers_mut();
    h.insert(header::CACHE_CONTROL, HeaderValue::from_static("no-store"));
    h.insert(
        header::X_CONTENT_TYPE_OPTIONS,
        HeaderValue::from_static("nosniff"),
    );
    r
}

fn json(status: StatusCode, body: String) -> Response {
    let mut r = (status, body).into_response();
    r.headers_mut().insert(
        header::CONTENT_TYPE,
        HeaderValue::from_static("application/json"),
    );
    common_headers(r)
}

fn text(status: StatusCode, body: impl Into<String>) -> Response {
    let mut r = (status, body.into()).into_response();
    r.headers_mut().insert(
        header::CONTENT_TYPE,
        HeaderValue::from_static("text/plain; charset=utf-8"),
    );
    common_headers(r)
}

/// A whole HTML document around `main`.
fn layout(title: &str, trail: &str, main: &str) -> String {
    format!(
        "<!doctype html>\n<html lang=\"en\"><head><meta charset=\"utf-8\">\
<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">\
<title>{} — tabula</title><link rel=\"stylesheet\" href=\"/style.css\"></head>\n\
<body><header><a href=\"/\">tabula</a>{trail}</header>\n<main>\n{main}\n</main></body></html>\n",
        escape(title)
    )
}

async fn index() -> Response {
    let games = match tabula_registry::games() {
        Ok(g) => g,
        Err(e) => return text(StatusCode::INTERNAL_SERVER_ERROR, e.to_string()),
    };
    let pages = page::pages();
    let mut main = String::from(
        "<h1>tabula</h1>\n<p>The games this program links, what each can do \
(<code>tabula VERB GAME</code> on the command line) and the pages they contribute.</p>\n<ul class=\"games\">\n",
    );
    for g in &games {
        let verbs: Vec<String> = g
            .commands
            .iter()
            .map(|c| format!("<code>{}</code>", escape(c.verb())))
            .collect();
        let forms: Vec<String> = forms::listed(g)
            .iter()
            .map(|(verb, about)| match offered_instead(g.name, verb) {
                // No values make it run: what is solved instead, linked.
                Some((instead, note)) => format!(
                    "<span class=\"form-instead\" data-verb=\"{verb}\">{verb}: {note} \
<a class=\"form\" href=\"/run/{instead}/{game}\">{instead}</a></span>",
                    verb = escape(verb),
                    instead = escape(instead),
                    note = escape(note),
                    game = escape(g.name),
                ),
                None => format!(
                    "<a class=\"form\" href=\"/run/{verb}/{game}\" title=\"{about}\">{verb}</a>",
                    verb = escape(verb),
                    game = escape(g.name),
                    about = escape(about),
                ),
            })
            .collect();
        let forms = if forms.is_empty() {
            String::new()
        } else {
            format!(
                "<br><span class=\"verbs\">run in the browser: {}</span>",
                forms.join(", ")
            )
        };
        let play = if play::playable(g.name).is_some() {
            format!(
                "<br><a class=\"play\" href=\"/play/{game}\">play and replay {game} in the browser</a>",
                game = escape(g.name)
            )
        } else {
            String::new()
        };
        main.push_str(&format!(
            "<li class=\"game\" data-game=\"{name}\"><strong>{name}</strong>: {summary}<br><span class=\"verbs\">commands: {verbs}</span>{forms}{play}",
            name = escape(g.name),
            summary = escape(g.summary),
            verbs = verbs.join(", "),
        ));
        let own: Vec<&&GamePage> = pages.iter().filter(|p| p.game == g.name).collect();
        if !own.is_empty() {
            main.push_str("<ul class=\"pages\">");
            for p in own {
                main.push_str(&format!(
                    "<li><a href=\"/game/{game}/{page}\">{title}</a>: {summary}</li>",
                    game = escape(p.game),
                    page = escape(p.name),
                    title = escape(p.title),
                    summary = escape(p.summary),
                ));
            }
            main.push_str("</ul>");
        }
        main.push_str("</li>\n");
    }
    main.push_str("</ul>\n");
    html(StatusCode::OK, layout("tabula", "", &main))
}

/// Where no values make `tabula VERB GAME` run, as its game registers
/// ([`tabula_registry::form_start`]): the verb whose form is offered in
/// its place, and why.
fn offered_instead(game: &str, verb: &str) -> Option<(&'static str, &'static str)> {
    let start = tabula_registry::form_start::form_start(game, verb)?;
    start.instead.map(|instead| (instead, start.note))
}

async fn style() -> Response {
    let mut r = (StatusCode::OK, STYLE).into_response();
    r.headers_mut().insert(
        header::CONTENT_TYPE,
        HeaderValue::from_static("text/css; charset=utf-8"),
    );
    common_headers(r)
}

/// The registry as JSON: each game's name, summary, commands and pages.
async fn games_json() -> Response {
    let games = match tabula_registry::games() {
        Ok(g) => g,
        Err(e) => return text(StatusCode::INTERNAL_SERVER_ERROR, e.to_string()),
    };
    let pages = page::pages();
    let value = serde_json::json!({
        "games": games.iter().map(|g| serde_json::json!({
            "name": g.name,
            "summary": g.summary,
            "commands": g.commands.iter().map(|c| c.verb()).collect::<Vec<_>>(),
            "forms": forms::listed(g).iter().map(|(verb, _)| serde_json::json!({
                "verb": verb, "path": format!("/run/{verb}/{}", g.name),
                "instead": offered_instead(g.name, verb).map(|(instead, _)| format!("/run/{instead}/{}", g.name)),
                "note": tabula_registry::form_start::form_start(g.name, verb).map(|s| s.note),
            })).collect::<Vec<_>>(),
            "play": play::playable(g.name).map(|_| format!("/play/{}", g.name)),
            "pages": pages.iter().filter(|p| p.game == g.name).map(|p| serde_json::json!({
                "name": p.name, "title": p.title, "summary": p.summary,
                "path": format!("/game/{}/{}", p.game, p.name),
            })).collect::<Vec<_>>(),
        })).collect::<Vec<_>>(),
    });
    json(StatusCode::OK, value.to_string())
}

async fn game_page(Path((game, name)): Path<(String, String)>) -> Response {
    let Some(p) = page::find(&game, &name) else {
        return not_found().await;
    };
    let trail = format!(" › {} › {}", escape(p.game), escape(p.title));
    html(StatusCode::OK, layout(p.title, &trail, p.html))
}

async fn page_api(
    State(shared): State<Arc<Shared>>,
    Path((game, name, action)): Path<(String, String, String)>,
    headers: HeaderMap,
    body: Body,
) -> Response {
    let Some(p) = page::find(&game, &name) else {
        return not_found().await;
    };
    let body = match guard::read_body(&headers, body, shared.body_deadline).await {
        Ok(b) => b,
        Err(r) => return r,
    };
    // A newer request of a client makes its older work stale now, even
    // while it waits for a worker.
    let client = headers
        .get("tabula-client")
        .and_then(|v| v.to_str().ok())
        .filter(|c| c.len() <= 100);
    let seq = headers
        .get("tabula-seq")
        .and_then(|v| v.to_str().ok())
        .and_then(|v| v.parse::<u64>().ok());
    if let (Some(client), Some(seq)) = (client, seq) {
        page::CLIENTS.begin(client, seq);
    }
    let api = p.api;
    let answer = match off_thread(&shared, move || api(&action, &body).map(page_json)).await {
        Ok(a) => a,
        Err(r) => return r,
    };
    match answer {
        Ok(Ok(body)) => json(StatusCode::OK, body),
        Ok(Err(e)) => text(StatusCode::INTERNAL_SERVER_ERROR, e),
        Err(PageError::UnknownAction) => text(StatusCode::NOT_FOUND, "no such action"),
        Err(PageError::BadRequest(why)) => text(StatusCode::BAD_REQUEST, why),
        Err(e) => text(StatusCode::BAD_REQUEST, e.to_string()),
    }
}

/// A page's answer as the JSON it sends: its pictures drawn, as
/// `{NAME: SVG}` under [`PageAnswer::PICTURES`].
/// A page whose answer has pictures but is not a JSON object, or already
/// has the key, is refused (the server's error, not the user's).
fn page_json(answer: PageAnswer) -> Result<String, String> {
    let PageAnswer { mut json, pictures } = answer;
    if let Some(pictures) = pictures {
        let drawn: serde_json::Map<String, serde_json::Value> = tabula_plot::draw_all(&pictures)
            .map_err(|e| e.to_string())?
            .into_iter()
            .map(|p| (p.name, serde_json::Value::String(p.svg)))
            .collect();
        let Some(map) = json.as_object_mut() else {
            return Err("a page answered pictures with JSON that is not an object".into());
        };
        if map.contains_key(PageAnswer::PICTURES) {
            return Err(format!(
                "a page answered pictures with JSON that already has {:?}",
                PageAnswer::PICTURES
            ));
        }
        map.insert(PageAnswer::PICTURES.into(), drawn.into());
    }
    Ok(json.to_string())
}

/// Runs `work` off the request threads within the bounds: admitted
/// (running or waiting) or 503 at once; waiting is dropped with the
/// request if its client goes away; a panic is caught (500).
async fn off_thread<T: Send + 'static>(
    shared: &Shared,
    work: impl FnOnce() -> T + Send + 'static,
) -> Result<T, Response> {
    let Ok(_admitted) = shared.admitted.try_acquire() else {
        let mut r = text(
            StatusCode::SERVICE_UNAVAILABLE,
            "busy: too many requests at once; try again shortly",
        );
        r.headers_mut()
            .insert(header::RETRY_AFTER, HeaderValue::from(RETRY_AFTER_SECONDS));
        return Err(r);
    };
    let Ok(_running) = shared.running.acquire().await else {
        return Err(text(StatusCode::SERVICE_UNAVAILABLE, "shutting down"));
    };
    tokio::task::spawn_blocking(work).await.map_err(|_| {
        text(
            StatusCode::INTERNAL_SERVER_ERROR,
            "the work failed (a bug: please report it)",
        )
    })
}

/// The form of `tabula VERB GAME`, built from its arguments.
async fn form_page(Path((verb, game)): Path<(String, String)>) -> Response {
    match forms::form_html(&verb, &game) {
        Ok(main) => {
            let title = format!("{verb} {game}");
            let trail = format!(" › {} › {}", escape(&game), escape(&verb));
            html(StatusCode::OK, layout(&title, &trail, &main))
        }
        Err(e) => refusal(e),
    }
}

/// Runs `tabula VERB GAME` with a form's values (a JSON object of its
/// fields): the report as text, JSON and pictures, as JSON.
async fn form_run(
    State(shared): State<Arc<Shared>>,
    Path((verb, game)): Path<(String, String)>,
    headers: HeaderMap,
    body: Body,
) -> Response {
    // A record to replay may be as large as the play page's replay takes.
    let cap = forms::body_cap(&verb);
    let body = match guard::read_body_up_to(&headers, body, shared.body_deadline, cap).await {
        Ok(b) => b,
        Err(r) => return r,
    };
    // Set when this request is dropped (its client went away): a run in
    // a process of its own is then killed.
    struct StopOnDrop(Arc<AtomicBool>);
    impl Drop for StopOnDrop {
        fn drop(&mut self) {
            self.0.store(true, Ordering::Relaxed);
        }
    }
    let stop = Arc::new(AtomicBool::new(false));
    let _stop = StopOnDrop(stop.clone());
    // The page's id for this run, to ask for its progress.
    let run = headers
        .get("tabula-run")
        .and_then(|v| v.to_str().ok())
        .filter(|r| !r.is_empty() && r.len() <= 100);
    // Held until this request ends: a second run under the same id while
    // this one runs is refused, so that no two share a progress entry.
    let followed = match run.map(forms::follow) {
        None => None,
        Some(Ok(followed)) => followed,
        Some(Err(forms::InUse)) => {
            return text(
                StatusCode::CONFLICT,
                format!(
                    "a run with Tabula-Run: {} is running; give each run an id of its own",
                    run.unwrap_or_default()
                ),
            );
        }
    };
    let work = move || match forms::child() {
        Some(program) => {
            forms::answer_in_child(program, &verb, &game, &body, &stop, followed.as_ref())
        }
        None => forms::answer(
            &verb,
            &game,
            &body,
            &forms::RunDir::new(),
            tabula_registry::progress::Feed::Standard,
        ),
    };
    match off_thread(&shared, work).await {
        Ok(a) => {
            let status =
                StatusCode::from_u16(a.status).unwrap_or(StatusCode::INTERNAL_SERVER_ERROR);
            if a.json {
                json(status, a.body)
            } else {
                text(status, a.body)
            }
        }
        Err(r) => r,
    }
}

/// The latest progress line of a form's run (`Tabula-Run: ID`), as
/// `{"line": TEXT, "done": N, "total": M}` (`line` `null` before the run
/// writes one, or once it ends; `done` and `total` `null` unless the
/// line counts its work, `20480/100000 games`).
async fn form_progress(Path(run): Path<String>) -> Response {
    let line = forms::progress(&run);
    let done = line.as_deref().and_then(forms::done_of);
    json(
        StatusCode::OK,
        serde_json::json!({
            "line": line,
            "done": done.map(|d| d.0),
            "total": done.map(|d| d.1),
        })
        .to_string(),
    )
}

/// A refused form or run: 404, 400, or 422 with the command line and
/// the terminal's message as JSON.
fn refusal(e: forms::Refusal) -> Response {
    match e {
        forms::Refusal::NotFound(why) => text(StatusCode::NOT_FOUND, why),
        forms::Refusal::BadRequest(why) => text(StatusCode::BAD_REQUEST, why),
        forms::Refusal::Failed { command, error } => json(
            StatusCode::UNPROCESSABLE_ENTITY,
            serde_json::json!({ "command": command, "error": error }).to_string(),
        ),
    }
}

/// `/play/GAME`: play and replay a game with `play`.
async fn play_page(State(shared): State<Arc<Shared>>, Path(game): Path<String>) -> Response {
    let Some(kind) = play::playable(&game) else {
        return not_found().await;
    };
    let main = match off_thread(&shared, move || held(|| play::page_html(kind))).await {
        Ok(Ok(main)) => main,
        Ok(Err(r)) => return answer(Err(r)),
        Err(r) => return r,
    };
    let trail = format!(" › {} › play", escape(kind.name()));
    html(
        StatusCode::OK,
        layout(&format!("play {}", kind.name()), &trail, &main),
    )
}

/// Runs `work` with this thread held to a new empty folder of its own
/// ([`tabula_core::files::confined`]), removed after: a parameter that
/// names a file reads nothing.
fn held<T>(work: impl FnOnce() -> T) -> Result<T, play::Refusal> {
    let dir = forms::RunDir::new();
    dir.make()
        .and_then(|()| tabula_core::files::confined(dir.path(), work))
        .map_err(|e| (500, format!("cannot make a folder to work in: {e}")))
}

/// A play request's answer as JSON, or its refusal as text.
fn answer(result: Result<serde_json::Value, play::Refusal>) -> Response {
    match result {
        Ok(value) => json(StatusCode::OK, value.to_string()),
        Err((status, why)) => text(
            StatusCode::from_u16(status).unwrap_or(StatusCode::INTERNAL_SERVER_ERROR),
            why,
        ),
    }
}

/// Reads a request's body (up to `cap` bytes) and answers it with
/// `work(game, body)`, off the request threads and held to an empty
/// folder.
async fn play_call(
    shared: Arc<Shared>,
    game: String,
    headers: HeaderMap,
    body: Body,
    cap: usize,
    work: fn(&str, &str) -> Result<serde_json::Value, play::Refusal>,
) -> Response {
    let body = match guard::read_body_up_to(&headers, body, shared.body_deadline, cap).await {
        Ok(b) => b,
        Err(r) => return r,
    };
    match off_thread(&shared, move || held(|| work(&game, &body)).and_then(|r| r)).await {
        Ok(result) => answer(result),
        Err(r) => r,
    }
}

/// `POST /api/play/GAME`: a move, and the state after it.
async fn play_move(
    State(shared): State<Arc<Shared>>,
    Path(game): Path<String>,
    headers: HeaderMap,
    body: Body,
) -> Response {
    play_call(shared, game, headers, body, MAX_BODY, play::play).await
}

/// `POST /api/play/GAME/record`: a history's record.
async fn play_record(
    State(shared): State<Arc<Shared>>,
    Path(game): Path<String>,
    headers: HeaderMap,
    body: Body,
) -> Response {
    play_call(shared, game, headers, body, MAX_BODY, play::record).await
}

/// `POST /api/replay/GAME`: a record, step by step.
async fn replay_record(
    State(shared): State<Arc<Shared>>,
    Path(game): Path<String>,
    headers: HeaderMap,
    body: Body,
) -> Response {
    play_call(shared, game, headers, body, MAX_RECORD_BODY, play::replay).await
}

async fn not_found() -> Response {
    text(StatusCode::NOT_FOUND, "not found")
}
