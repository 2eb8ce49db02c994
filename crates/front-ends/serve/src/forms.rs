//! A form for every game's every command that returns a report, built
//! from the command's declared arguments as data ([`tabula_registry::args`]:
//! the data the `tabula` command line turns into its clap command):
//! labels in words with the flag beside them, menus for choices, a pick
//! list for agents, uploads for files, sets of options together. The run
//! behind it: the same arguments take or refuse the values by the same
//! validator ([`Arguments::parse`], which the command line's parser
//! calls for every value), the command run in this process, its report
//! rendered as the terminal renders it (text, and JSON) with its
//! pictures (SVG). Under the `tabula` command each run is a process of
//! its own (the program run again as `tabula serve --run-form VERB
//! GAME`), killed when its client goes away; a server started otherwise
//! ([`crate::spawn`]) runs them in its own process.
//!
//! Interactive commands (`play`) talk to a terminal: they get no form,
//! except those that only print ([`PRINTS_ONLY`]: `replay`), whose form
//! shows what they print. Arguments that write files (a `DIR`) are left
//! out (the options that matter only with them are shown, off), so is
//! `--shard` (a part of a split run is a file for `tabula merge`), and a
//! value that is an absolute path or climbs (`..`) is
//! refused. An argument that takes a file (a board, `--params FILE`, a
//! record) takes an uploaded one: it is sent with the run, written to a
//! fresh directory of that run's own ([`RunDir`], removed after it) and
//! its name there given to the command. The run is confined to that
//! directory ([`tabula_core::files`]): every path it reads or writes,
//! typed, in a parameter file or in a record, is a name inside it, and
//! anything else gets one refusal whatever is on the disk.

use tabula_registry::args::{Arguments, Values};
use tabula_registry::progress::Feed;
use tabula_registry::{Command, Io, Kind};

mod page;

use page::fields;
pub(crate) use page::form_html;

/// The options a form leaves to the command line: `--shard K/N` plays a
/// part of a split run, a file for `tabula merge` (the options every
/// report has, `--format`, `--plot` and `--report`, are the command
/// line's own, not the command's: the page shows the text and the JSON
/// and draws the pictures).
const LEFT_OUT: [&str; 1] = ["shard"];

/// The interactive verbs that read nothing and only print (replaying a
/// record): they get a form, which shows what they print.
const PRINTS_ONLY: [&str; 1] = ["replay"];

/// The largest file a form takes (the body holding it is capped at
/// [`crate::MAX_BODY`] too).
pub(crate) const MAX_UPLOAD: usize = 512 * 1024;

/// The largest file the form of `verb` takes: a record, for a verb that
/// replays one ([`PRINTS_ONLY`]), as large as the play page's replay
/// takes ([`crate::MAX_RECORD_BODY`]); else [`MAX_UPLOAD`].
pub(crate) fn upload_cap(verb: &str) -> usize {
    if PRINTS_ONLY.contains(&verb) {
        crate::MAX_RECORD_BODY
    } else {
        MAX_UPLOAD
    }
}

/// The largest body a form of `verb` sends: room for its largest file
/// written as JSON text (each character at most two), and the rest.
pub(crate) fn body_cap(verb: &str) -> usize {
    if PRINTS_ONLY.contains(&verb) {
        2 * crate::MAX_RECORD_BODY + crate::MAX_BODY
    } else {
        crate::MAX_BODY
    }
}

/// Why a form or a run cannot be had.
#[derive(Debug)]
pub(crate) enum Refusal {
    /// No such game, or it has no such command (404).
    NotFound(String),
    /// The request is malformed (400).
    BadRequest(String),
    /// The arguments are refused or the run failed, with the terminal's
    /// message (422): the command line the form stands for, and why.
    Failed { command: String, error: String },
}

/// What a form's run gives: the report as the terminal shows it.
#[derive(Debug)]
pub(crate) struct Rendered {
    /// The command line that gives the same report.
    pub command: String,
    /// `--format text`'s output.
    pub text: String,
    /// `--format json`'s output (without the last newline).
    pub json: String,
    /// The pictures `--plot` draws: name, title and SVG.
    pub pictures: Vec<(String, String, String)>,
}

/// The game's command of `verb` and its arguments as data (what `tabula
/// VERB GAME` turns into its parser); a command that talks to a terminal
/// is not found.
fn lookup(verb: &str, game: &str) -> Result<(&'static dyn Command, Arguments), Refusal> {
    let not_found = || Refusal::NotFound(format!("no command `tabula {verb} {game}` here"));
    let entry = tabula_registry::find_game(game).map_err(|_| not_found())?;
    let c = entry.command(verb).ok_or_else(not_found)?;
    if c.kind() == Kind::Interactive && !PRINTS_ONLY.contains(&verb) {
        return Err(Refusal::NotFound(format!(
            "`tabula {verb} {game}` talks to a terminal: run it there"
        )));
    }
    Ok((c, c.arguments()))
}

/// A value a form sends.
#[derive(Debug)]
enum Sent {
    /// Typed (or chosen) text.
    Text(String),
    /// An uploaded file: its name on the user's machine and its text.
    File { name: String, text: String },
}

/// The values a form sends: its JSON body, an object of field ids to
/// strings (a switch: `"true"` when on), or for a file `{"name": NAME,
/// "text": TEXT}`.
fn values(body: &str) -> Result<Vec<(String, Sent)>, Refusal> {
    let value: serde_json::Value = serde_json::from_str(body)
        .map_err(|e| Refusal::BadRequest(format!("the body is not JSON: {e}")))?;
    let serde_json::Value::Object(_) = value else {
        return Err(Refusal::BadRequest(
            "the body must be a JSON object of the form's fields".into(),
        ));
    };
    // Read again in order, each key as often as it is written: an
    // object keeps only a key's last value.
    let Written(fields) = serde_json::from_str(body)
        .map_err(|e| Refusal::BadRequest(format!("the body is not JSON: {e}")))?;
    for (i, (k, _)) in fields.iter().enumerate() {
        if fields[..i].iter().any(|(earlier, _)| earlier == k) {
            return Err(Refusal::BadRequest(format!(
                "field {k:?} is given twice in the body; give each field once"
            )));
        }
    }
    fields
        .into_iter()
        .map(|(k, v)| match v {
            serde_json::Value::String(s) => Ok((k, Sent::Text(s))),
            serde_json::Value::Bool(b) => Ok((k, Sent::Text(b.to_string()))),
            serde_json::Value::Number(n) => Ok((k, Sent::Text(n.to_string()))),
            serde_json::Value::Object(file) => match (file.get("name"), file.get("text")) {
                (Some(serde_json::Value::String(name)), Some(serde_json::Value::String(text)))
                    if file.len() == 2 =>
                {
                    Ok((
                        k,
                        Sent::File {
                            name: name.clone(),
                            text: text.clone(),
                        },
                    ))
                }
                _ => Err(Refusal::BadRequest(format!(
                    "field {k:?}: a file is {{\"name\": NAME, \"text\": TEXT}}"
                ))),
            },
            _ => Err(Refusal::BadRequest(format!(
                "field {k:?}: a string, a number, true/false or a file is expected"
            ))),
        })
        .collect()
}

/// A JSON object's fields in the order written, a key as often as it is
/// written.
struct Written(Vec<(String, serde_json::Value)>);

impl<'de> serde::Deserialize<'de> for Written {
    fn deserialize<D: serde::Deserializer<'de>>(d: D) -> Result<Written, D::Error> {
        struct Fields;
        impl<'de> serde::de::Visitor<'de> for Fields {
            type Value = Written;
            fn expecting(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
                f.write_str("a JSON object")
            }
            fn visit_map<A: serde::de::MapAccess<'de>>(
                self,
                mut map: A,
            ) -> Result<Written, A::Error> {
                let mut fields = Vec::new();
                while let Some(entry) = map.next_entry()? {
                    fields.push(entry);
                }
                Ok(Written(fields))
            }
        }
        d.deserialize_map(Fields)
    }
}

/// Whether a value is a path that could only name a file or folder
/// outside a run's own directory: absolute, or going up. (Any other name
/// is looked for inside the run's directory only, and the command's own
/// answer for it does not depend on what is elsewhere on the disk.)
fn names_a_file(value: &str) -> bool {
    let path = std::path::Path::new(value);
    path.is_absolute()
        || path
            .components()
            .any(|c| matches!(c, std::path::Component::ParentDir))
}

/// A fresh directory of one run's own, for the files sent with it: made
/// new (one that exists already is refused and left as it is), and
/// removed with everything in it when dropped, if this made it.
#[derive(Debug)]
pub(crate) struct RunDir {
    path: std::path::PathBuf,
    /// Whether this made it.
    made: std::cell::Cell<bool>,
}

impl RunDir {
    /// A new name for a run's directory, under the system's temporary
    /// directory; nothing is made yet.
    pub(crate) fn new() -> RunDir {
        use std::sync::atomic::{AtomicU64, Ordering};
        static NEXT: AtomicU64 = AtomicU64::new(0);
        let nanos = std::time::SystemTime::now()
            .duration_since(std::time::UNIX_EPOCH)
            .map_or(0, |d| d.subsec_nanos());
        let name = format!(
            "tabula-serve-run-{}-{}-{nanos}",
            std::process::id(),
            NEXT.fetch_add(1, Ordering::Relaxed)
        );
        RunDir::at(std::env::temp_dir().join(name))
    }

    /// The directory `path`, not made yet.
    pub(crate) fn at(path: std::path::PathBuf) -> RunDir {
        RunDir {
            path,
            made: std::cell::Cell::new(false),
        }
    }

    /// The directory `path`, which this process has made: removed when
    /// the value is dropped (a second handle on a run's directory).
    pub(crate) fn made(path: std::path::PathBuf) -> RunDir {
        RunDir {
            path,
            made: std::cell::Cell::new(true),
        }
    }

    /// Its path.
    pub(crate) fn path(&self) -> &std::path::Path {
        &self.path
    }

    /// Makes it, if this has not yet: a new directory only its owner
    /// may read. One that exists already is refused, and left as it is.
    pub(crate) fn make(&self) -> std::io::Result<()> {
        if self.made.get() {
            return Ok(());
        }
        let mut builder = std::fs::DirBuilder::new();
        #[cfg(unix)]
        std::os::unix::fs::DirBuilderExt::mode(&mut builder, 0o700);
        builder.create(&self.path)?;
        self.made.set(true);
        Ok(())
    }
}

impl Drop for RunDir {
    fn drop(&mut self) {
        if self.made.get() {
            let _ = std::fs::remove_dir_all(&self.path);
        }
    }
}

/// A file's name as sent, made safe to write: its last part, letters,
/// digits, `.`, `-` and `_` only (others become `_`), not hidden.
fn safe_name(name: &str) -> String {
    let last = name.rsplit(['/', '\\']).next().unwrap_or_default();
    let mut safe: String = last
        .chars()
        .take(100)
        .map(|c| {
            if c.is_ascii_alphanumeric() || "._-".contains(c) {
                c
            } else {
                '_'
            }
        })
        .collect();
    if safe.trim_start_matches('.').is_empty() || safe.starts_with('.') {
        safe = format!("upload{safe}");
    }
    safe
}

/// Writes the file `name` with `text` for field `index` into the run's
/// directory (the one its run is confined to): its name there,
/// `INDEX/NAME`.
fn write_upload(
    index: usize,
    name: &str,
    text: &str,
    cap: usize,
) -> Result<std::path::PathBuf, Refusal> {
    let cannot = |e: std::io::Error| {
        Refusal::BadRequest(format!("cannot keep the file {name:?} for the run: {e}"))
    };
    if text.len() > cap {
        return Err(Refusal::BadRequest(format!(
            "the file {name:?} is over {} KiB",
            cap / 1024
        )));
    }
    // One folder per field, so that two files of one name do not meet.
    let folder = std::path::PathBuf::from(index.to_string());
    tabula_core::files::create_dir(&folder).map_err(cannot)?;
    let path = folder.join(safe_name(name));
    tabula_core::files::write(&path, text).map_err(cannot)?;
    Ok(path)
}

/// What a form's values make: the values by argument id, for the
/// command's arguments to take or refuse ([`Arguments::parse`]); the
/// command line as run and as shown; each file sent (its path in the
/// run's directory, and its own name).
#[derive(Debug, Default)]
pub(crate) struct Formed {
    /// Each field given, by argument id, with its values.
    pub given: Vec<(String, Vec<String>)>,
    /// The command line, as run (a file sent by its path in the run's
    /// directory).
    pub args: Vec<String>,
    /// The command line, as shown (a file sent by its own name).
    pub shown: Vec<String>,
    /// Each file sent: its path in the run's directory, and its name.
    pub uploads: Vec<(String, String)>,
}

/// One field's arguments: its place in the form, its id and values, and
/// its words on the command line as run and as shown.
type Given = (usize, String, Vec<String>, Vec<String>, Vec<String>);

/// What a form's values make (see [`Formed`]): `tabula VERB GAME` and
/// the options given (a value equal to the default is left out), then
/// the positional values. A file sent is written into the run's
/// directory and its name there given.
fn formed(
    verb: &str,
    game: &str,
    arguments: &Arguments,
    sent: Vec<(String, Sent)>,
) -> Result<Formed, Refusal> {
    let fields = fields(arguments);
    let mut options: Vec<Given> = Vec::new();
    let mut positional: Vec<Given> = Vec::new();
    let mut uploads = Vec::new();
    for (id, value) in sent {
        let Some((index, f)) = fields.iter().enumerate().find(|(_, f)| f.id == id) else {
            return Err(Refusal::BadRequest(format!(
                "the form of `tabula {verb} {game}` has no field {id:?}"
            )));
        };
        let value = match value {
            Sent::Text(text) => text,
            Sent::File { name, text } => {
                if !f.file || f.multiple {
                    return Err(Refusal::BadRequest(format!("field {id:?} takes no file")));
                }
                let path = write_upload(index, &name, &text, upload_cap(verb))?;
                let path = path.to_string_lossy().into_owned();
                let name = safe_name(&name);
                uploads.push((path.clone(), name.clone()));
                let values = vec![path.clone()];
                match &f.long {
                    Some(long) => options.push((
                        index,
                        id,
                        values,
                        vec![format!("--{long}={path}")],
                        vec![format!("--{long}={name}")],
                    )),
                    None => positional.push((index, id, values, vec![path], vec![name])),
                }
                continue;
            }
        };
        let value = value.trim();
        if value.is_empty() || f.default.as_deref() == Some(value) {
            continue;
        }
        if f.flag {
            match value {
                "true" | "on" => {
                    let switch = vec![format!("--{}", f.long.as_deref().unwrap_or(&id))];
                    options.push((index, id, vec!["true".into()], switch.clone(), switch));
                }
                "false" | "off" => {}
                _ => {
                    return Err(Refusal::BadRequest(format!(
                        "field {id:?} is a switch: true or false"
                    )));
                }
            }
            continue;
        }
        let parts: Vec<String> = if f.multiple {
            value.split_whitespace().map(str::to_string).collect()
        } else {
            vec![value.to_string()]
        };
        if let Some(p) = parts.iter().find(|p| names_a_file(p)) {
            return Err(Refusal::BadRequest(format!(
                "{p:?} names a file or folder on the server, and the server reads no file: \
give a built-in name, or run `tabula` on the command line"
            )));
        }
        match &f.long {
            Some(long) => {
                let words: Vec<String> = parts.iter().map(|p| format!("--{long}={p}")).collect();
                options.push((index, id, parts, words.clone(), words));
            }
            None => positional.push((index, id, parts.clone(), parts.clone(), parts)),
        }
    }
    // In the form's order, whatever the body's.
    options.sort_by_key(|g| g.0);
    positional.sort_by_key(|g| g.0);
    let line = |pick: fn(&Given) -> &Vec<String>| {
        let mut args = vec!["tabula".to_string(), verb.to_string(), game.to_string()];
        args.extend(options.iter().flat_map(|o| pick(o).iter().cloned()));
        let positional: Vec<String> = positional
            .iter()
            .flat_map(|p| pick(p).iter().cloned())
            .collect();
        if positional.iter().any(|p| p.starts_with('-')) {
            args.push("--".into());
        }
        args.extend(positional);
        args
    };
    Ok(Formed {
        args: line(|g| &g.3),
        shown: line(|g| &g.4),
        given: options
            .iter()
            .chain(&positional)
            .map(|g| (g.1.clone(), g.2.clone()))
            .collect(),
        uploads,
    })
}

/// A form's values taken or refused as the command line takes or refuses
/// the same words: the command's arguments as data, checked by the one
/// validator ([`Arguments::parse`], whose every value check
/// the command line's parser calls too), with a message as the terminal
/// words it (after `error: `).
fn parse(arguments: &Arguments, formed: &Formed) -> Result<Values, String> {
    arguments
        .parse(formed.given.iter().map(|(id, v)| (id.as_str(), v.clone())))
        .map_err(|e| format!("error: {e}"))
}

/// What a form of `tabula VERB GAME` makes of `body` (its JSON, with no
/// file in it), without running it: the command line it stands for
/// (`tabula VERB GAME ARGS`), if the command's arguments take its
/// values, or why not (the request's fault, or the terminal's message
/// for the values). Files sent are refused here (they are written only
/// for a run, into its own directory).
///
/// A form and the command line take and refuse the same things: the
/// words this gives, typed on the command line, are taken or refused
/// alike (the workspace's tests check it for every game and verb).
pub fn check_form(verb: &str, game: &str, body: &str) -> Result<Vec<String>, String> {
    let (_, arguments) = lookup(verb, game).map_err(|r| refused(&r))?;
    let sent = values(body).map_err(|r| refused(&r))?;
    if sent.iter().any(|(_, s)| matches!(s, Sent::File { .. })) {
        return Err("a file is sent only with a run".into());
    }
    let formed = formed(verb, game, &arguments, sent).map_err(|r| refused(&r))?;
    parse(&arguments, &formed)?;
    Ok(formed.args)
}

/// A refusal's words.
fn refused(r: &Refusal) -> String {
    match r {
        Refusal::NotFound(why) | Refusal::BadRequest(why) => why.clone(),
        Refusal::Failed { error, .. } => error.clone(),
    }
}

/// A command line as it would be typed (values with spaces or quotes
/// quoted).
fn shown(args: &[String]) -> String {
    args.iter()
        .map(|a| {
            if a.is_empty()
                || a.contains(|c: char| c.is_whitespace() || "'\"\\$`;&|<>()*?!#~".contains(c))
            {
                format!("'{}'", a.replace('\'', r"'\''"))
            } else {
                a.clone()
            }
        })
        .collect::<Vec<_>>()
        .join(" ")
}

/// Runs a form: the body's values taken by the command's arguments (as
/// the command line takes the same words: [`parse`]), the command run in
/// this process with progress lines on stderr, its report rendered as
/// text, JSON and pictures. Call it confined to the run's own directory:
/// files sent are written there.
pub(crate) fn run(verb: &str, game: &str, body: &str, feed: Feed) -> Result<Rendered, Refusal> {
    let (c, arguments) = lookup(verb, game)?;
    let sent = values(body)?;
    let mut formed = formed(verb, game, &arguments, sent)?;
    let line = shown(&formed.shown);
    // What the run writes names a file sent by its own name, as on the
    // command line of the user who has it (the longest names first: one
    // may end as another does).
    formed
        .uploads
        .sort_by_key(|(path, _)| std::cmp::Reverse(path.len()));
    let named = |text: String| {
        formed
            .uploads
            .iter()
            .fold(text, |text, (path, name)| text.replace(path.as_str(), name))
    };
    let failed = |error: String| Refusal::Failed {
        command: line.clone(),
        error: named(error),
    };
    // A required field left empty is named in words (the page says so
    // before sending; this is for a client that sends it anyway).
    if let Some(f) = fields(&arguments).iter().find(|f| {
        f.required && f.default.is_none() && !formed.given.iter().any(|(id, _)| *id == f.id)
    }) {
        let name = match &f.long {
            Some(long) => format!("--{long}"),
            None => f.value_name.clone(),
        };
        return Err(failed(format!(
            "error: the form needs {} ({name}){}: give it and run again",
            f.label.to_lowercase(),
            if f.file { ", a file to upload" } else { "" }
        )));
    }
    let values = parse(&arguments, &formed).map_err(failed)?;
    let mut out = Vec::new();
    let mut input = std::io::empty();
    let mut io = Io::new(&mut out, &mut input);
    io.progress = crate::progress::Lines::fed(feed).shared();
    let ran = c.run(&values, &mut io);
    let written = named(String::from_utf8_lossy(&out).into_owned());
    // A command that only prints: what it printed.
    if c.kind() == Kind::Interactive {
        return match ran {
            Ok(_) => Ok(Rendered {
                command: line,
                text: written,
                json: String::new(),
                pictures: Vec::new(),
            }),
            Err(e) => Err(failed(format!("{written}error: {e}"))),
        };
    }
    let report = ran
        .map_err(|e| failed(format!("error: {e}")))?
        .ok_or_else(|| failed("the command gave no report".into()))?;
    let json = named(report.json().map_err(|e| failed(format!("error: {e}")))?);
    let pictures = match c.kind() {
        Kind::Report { pictures: true } => tabula_plot::draw_all(&report.pictures())
            .map_err(|e| failed(format!("error: {e}")))?
            .into_iter()
            .map(|p| (p.name, p.title, p.svg))
            .collect(),
        _ => Vec::new(),
    };
    Ok(Rendered {
        command: line,
        text: named(format!("{written}{}", report.text())),
        json,
        pictures,
    })
}

/// The commands that have forms, per game: `(game, [(verb, about)])`.
pub(crate) fn listed(game: &tabula_registry::GameEntry) -> Vec<(&'static str, &'static str)> {
    game.commands
        .iter()
        .filter(|c| c.kind() != Kind::Interactive || PRINTS_ONLY.contains(&c.verb()))
        .map(|c| (c.verb(), c.about()))
        .collect()
}

/// A form's answer as the server sends it: its status and body (JSON,
/// or text for a 404 or a 400).
#[derive(Debug)]
pub(crate) struct Answer {
    /// The HTTP status.
    pub status: u16,
    /// Whether the body is JSON (else plain text).
    pub json: bool,
    /// The body.
    pub body: String,
}

/// Runs a form in this process and answers as the server does, this
/// thread confined to `dir` (a fresh directory of this run's own, made
/// here if it is not yet, removed when the caller drops it): files sent
/// are written there, and the run reads and writes nowhere else.
pub(crate) fn answer(verb: &str, game: &str, body: &str, dir: &RunDir, feed: Feed) -> Answer {
    let ran = dir
        .make()
        .and_then(|()| tabula_core::files::confined(dir.path(), || run(verb, game, body, feed)));
    let ran = match ran {
        Ok(ran) => ran,
        Err(e) => {
            return Answer {
                status: 500,
                json: false,
                body: format!("cannot make a folder for the run: {e}"),
            };
        }
    };
    match ran {
        Ok(o) => Answer {
            status: 200,
            json: true,
            body: serde_json::json!({
                "command": o.command,
                "text": o.text,
                "json": o.json,
                "pictures": o.pictures.iter().map(|(name, title, svg)| serde_json::json!({
                    "name": name, "title": title, "svg": svg,
                })).collect::<Vec<_>>(),
            })
            .to_string(),
        },
        Err(Refusal::NotFound(why)) => Answer {
            status: 404,
            json: false,
            body: why,
        },
        Err(Refusal::BadRequest(why)) => Answer {
            status: 400,
            json: false,
            body: why,
        },
        Err(Refusal::Failed { command, error }) => Answer {
            status: 422,
            json: true,
            body: serde_json::json!({ "command": command, "error": error }).to_string(),
        },
    }
}

/// The program forms run in, one process per run, when the server is
/// the `tabula` command's (`tabula serve --run-form VERB GAME` with the
/// form's body on stdin): then a run that is stopped is killed. Unset,
/// runs are made in the server's process.
static CHILD: std::sync::OnceLock<std::path::PathBuf> = std::sync::OnceLock::new();

/// Runs forms in `program` (this program) from now on.
pub(crate) fn run_in_child(program: std::path::PathBuf) {
    let _ = CHILD.set(program);
}

/// The program forms run in, if any.
pub(crate) fn child() -> Option<&'static std::path::Path> {
    CHILD.get().map(|p| p.as_path())
}

/// The first line a child writes: the status and the body's kind.
pub(crate) fn head(a: &Answer) -> String {
    format!("{} {}", a.status, if a.json { "json" } else { "text" })
}

/// The runs given an id (`Tabula-Run`), from their request's arrival to
/// their answer: each under a token of its own (so that no run's lines
/// reach another's entry), with the latest progress line of a run in a
/// process of its own.
static PROGRESS: std::sync::Mutex<std::collections::BTreeMap<String, (u64, Option<String>)>> =
    std::sync::Mutex::new(std::collections::BTreeMap::new());

/// Runs followed at most at once.
const MAX_FOLLOWED: usize = 1024;

/// A run's id, held from its request's arrival until it is dropped (its
/// answer sent, or its client gone): no other run has it meanwhile.
#[derive(Debug)]
pub(crate) struct Followed {
    id: String,
    token: u64,
}

impl Drop for Followed {
    fn drop(&mut self) {
        if let Ok(mut p) = PROGRESS.lock()
            && p.get(&self.id).is_some_and(|e| e.0 == self.token)
        {
            p.remove(&self.id);
        }
    }
}

/// The id is held by a run that has not ended.
#[derive(Debug)]
pub(crate) struct InUse;

/// Holds `id` for a new run: `None` (not followed) when
/// [`MAX_FOLLOWED`] runs are, [`InUse`] while a run holds it.
pub(crate) fn follow(id: &str) -> Result<Option<Followed>, InUse> {
    use std::sync::atomic::{AtomicU64, Ordering};
    static TOKENS: AtomicU64 = AtomicU64::new(1);
    let Ok(mut p) = PROGRESS.lock() else {
        return Ok(None);
    };
    if p.contains_key(id) {
        return Err(InUse);
    }
    if p.len() >= MAX_FOLLOWED {
        return Ok(None);
    }
    let token = TOKENS.fetch_add(1, Ordering::Relaxed);
    p.insert(id.to_string(), (token, None));
    Ok(Some(Followed {
        id: id.to_string(),
        token,
    }))
}

/// The latest line the run `id` wrote on stderr (its progress: a line
/// every [`PROGRESS_EVERY`](crate::PROGRESS_EVERY)), if it is running
/// and has written one.
pub(crate) fn progress(id: &str) -> Option<String> {
    PROGRESS.lock().ok()?.get(id).and_then(|e| e.1.clone())
}

/// How far a progress line says its run has got: the first count out
/// of a total in it, `N/M` (`simulation: 20480/100000 games, ...`) or
/// `N of M` (`... 300 of 1000 stage starts solved`).
pub(crate) fn done_of(line: &str) -> Option<(u64, u64)> {
    let words: Vec<&str> = line
        .split(|c: char| c.is_whitespace() || c == ',' || c == ':')
        .filter(|w| !w.is_empty())
        .collect();
    let count = |w: &str| w.parse::<u64>().ok();
    for (i, w) in words.iter().enumerate() {
        if let Some((a, b)) = w.split_once('/')
            && let (Some(done), Some(total)) = (count(a), count(b))
        {
            return (total > 0 && done <= total).then_some((done, total));
        }
        if *w == "of"
            && let (Some(done), Some(total)) = (
                i.checked_sub(1).and_then(|j| count(words[j])),
                words.get(i + 1).and_then(|w| count(w)),
            )
        {
            return (total > 0 && done <= total).then_some((done, total));
        }
    }
    None
}

/// Runs a form in a child process of `program` (`serve --run-form VERB
/// GAME`, the body on its stdin); kills it once `stop` is set (the
/// client has gone: Stop, or a closed page). Its progress lines are kept
/// under `run`'s id while it runs.
pub(crate) fn answer_in_child(
    program: &std::path::Path,
    verb: &str,
    game: &str,
    body: &str,
    stop: &std::sync::atomic::AtomicBool,
    run: Option<&Followed>,
) -> Answer {
    use std::io::{Read, Write};
    use std::process::{Command, Stdio};
    let failed = |why: String| Answer {
        status: 500,
        json: false,
        body: why,
    };
    // A folder of this server's own, made here and removed here once the
    // run has ended (even if it was killed); the run makes its directory
    // for the files sent with it inside, and is confined to that.
    let folder = RunDir::new();
    if let Err(e) = folder.make() {
        return failed(format!("cannot make a folder for the run: {e}"));
    }
    let mut child = match Command::new(program)
        .args(["serve", "--run-form", verb, game, "--run-dir"])
        .arg(folder.path().join("files"))
        // Who the run outlives not: this server, named before the run
        // starts (the run's parent at its start may already be another, if
        // the server was killed while the run was starting).
        .env(crate::SERVER_PID, std::process::id().to_string())
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(if run.is_some() {
            Stdio::piped()
        } else {
            Stdio::null()
        })
        .spawn()
    {
        Ok(c) => c,
        Err(e) => return failed(format!("cannot start a run: {e}")),
    };
    if let Some(mut input) = child.stdin.take() {
        let _ = input.write_all(body.as_bytes());
    }
    // Read its answer as it comes, so a large one never fills the pipe.
    let reader = child.stdout.take().map(|mut out| {
        std::thread::spawn(move || {
            let mut text = String::new();
            let _ = out.read_to_string(&mut text);
            text
        })
    });
    if let (Some(run), Some(err)) = (run, child.stderr.take()) {
        let (id, token) = (run.id.clone(), run.token);
        std::thread::spawn(move || {
            use std::io::BufRead;
            for line in std::io::BufReader::new(err).lines() {
                let Ok(line) = line else { break };
                if let Ok(mut p) = PROGRESS.lock()
                    && let Some(entry) = p.get_mut(&id)
                    && entry.0 == token
                {
                    entry.1 = Some(line);
                }
            }
        });
    }
    loop {
        match child.try_wait() {
            Ok(Some(_)) => break,
            Ok(None) if stop.load(std::sync::atomic::Ordering::Relaxed) => {
                let _ = child.kill();
                let _ = child.wait();
                return Answer {
                    status: 499,
                    json: false,
                    body: "stopped".into(),
                };
            }
            Ok(None) => std::thread::sleep(std::time::Duration::from_millis(20)),
            Err(e) => return failed(format!("a run failed: {e}")),
        }
    }
    let text = reader.and_then(|r| r.join().ok()).unwrap_or_default();
    let Some((head, body)) = text.split_once('\n') else {
        return failed("a run ended without an answer (a bug: please report it)".into());
    };
    let mut words = head.split_whitespace();
    match (words.next().and_then(|s| s.parse().ok()), words.next()) {
        (Some(status), Some(kind)) => Answer {
            status,
            json: kind == "json",
            body: body.to_string(),
        },
        _ => failed("a run's answer is malformed (a bug: please report it)".into()),
    }
}
