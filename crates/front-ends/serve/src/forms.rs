//! A form for every game's every command that returns a report, built
//! from the command's declared arguments ([`tabula_registry::args`]) as the
//! `tabula` command line turns them into its clap command (names, help,
//! defaults, allowed values), and the
//! run behind it: the same arguments parsed by the same parser, the
//! command run in this process, its report rendered as the terminal
//! renders it (text, and JSON) with its pictures (SVG). Under the
//! `tabula` command each run is a process of its own (the program run
//! again as `tabula serve --run-form VERB GAME`), killed when its client
//! goes away; a server started otherwise ([`crate::spawn`]) runs them in
//! its own process.
//!
//! Interactive commands (`play`) talk to a terminal: they get no form,
//! except those that only print ([`PRINTS_ONLY`]: `replay`), whose form
//! shows what they print. Arguments that write files (a `DIR`) are left
//! out, and a value that is an absolute path or climbs (`..`) is
//! refused. An argument that takes a file (a board, `--params FILE`, a
//! record) takes an uploaded one: it is sent with the run, written to a
//! fresh directory of that run's own ([`RunDir`], removed after it) and
//! its name there given to the command. The run is confined to that
//! directory ([`tabula_core::files`]): every path it reads or writes,
//! typed, in a parameter file or in a record, is a name inside it, and
//! anything else gets one refusal whatever is on the disk.

use clap::{Arg, ArgAction};
use tabula_registry::progress::Feed;
use tabula_registry::{Command, Io, Kind};

use crate::escape;

/// The options every report command has, which a form replaces: the
/// page shows the text and the JSON and draws the pictures.
const LEFT_OUT: [&str; 5] = ["help", "version", "format", "plot", "report"];

/// The interactive verbs that read nothing and only print (replaying a
/// record): they get a form, which shows what they print.
const PRINTS_ONLY: [&str; 1] = ["replay"];

/// The largest file a form takes (the body holding it is capped at
/// [`crate::MAX_BODY`] too).
pub(crate) const MAX_UPLOAD: usize = 512 * 1024;

/// One field of a form: one argument of the command.
#[derive(Debug)]
pub(crate) struct Field {
    /// clap's id: the name a form sends its value under.
    pub id: String,
    /// `--long`, or none for a positional argument.
    pub long: Option<String>,
    /// Its help (the long help where there is one).
    pub help: String,
    /// Its default value, if any.
    pub default: Option<String>,
    /// The values it allows, with their help, if it lists them.
    pub choices: Vec<(String, String)>,
    /// A switch: on or off, no value.
    pub flag: bool,
    /// It takes several values (space-separated in the form).
    pub multiple: bool,
    /// What its value is called (`N`, `FILE`).
    pub value_name: String,
    /// It must be given.
    pub required: bool,
    /// It takes a file (its value is called `FILE`, or its help speaks
    /// of a file): the form offers an upload.
    pub file: bool,
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

/// The game's command of `verb` and its clap command as `tabula VERB
/// GAME` has it; a command that talks to a terminal is not found.
fn lookup(verb: &str, game: &str) -> Result<(&'static dyn Command, clap::Command), Refusal> {
    let not_found = || Refusal::NotFound(format!("no command `tabula {verb} {game}` here"));
    let entry = tabula_registry::find_game(game).map_err(|_| not_found())?;
    let c = entry.command(verb).ok_or_else(not_found)?;
    if c.kind() == Kind::Interactive && !PRINTS_ONLY.contains(&verb) {
        return Err(Refusal::NotFound(format!(
            "`tabula {verb} {game}` talks to a terminal: run it there"
        )));
    }
    let root = tabula_cli::command().map_err(|e| Refusal::NotFound(e.to_string()))?;
    let command = root
        .find_subcommand(verb)
        .and_then(|v| v.find_subcommand(game))
        .cloned()
        .ok_or_else(not_found)?;
    Ok((c, command))
}

/// The fields of a command's form, in clap's order (positionals first).
fn fields(command: &clap::Command) -> Vec<Field> {
    let mut positional: Vec<&Arg> = command.get_positionals().collect();
    positional.sort_by_key(|a| a.get_index());
    positional
        .into_iter()
        .chain(command.get_arguments().filter(|a| !a.is_positional()))
        .filter(|a| !a.is_hide_set() && !LEFT_OUT.contains(&a.get_id().as_str()))
        .filter(|a| !writes_files(a))
        .map(field)
        .collect()
}

/// An argument naming a folder to write into (`--record DIR`).
fn writes_files(a: &Arg) -> bool {
    a.get_value_names()
        .is_some_and(|names| names.iter().any(|n| n.as_str() == "DIR"))
}

fn field(a: &Arg) -> Field {
    let flag = !a.get_action().takes_values();
    let help = a
        .get_long_help()
        .or_else(|| a.get_help())
        .map(|h| h.to_string())
        .unwrap_or_default();
    let default = a
        .get_default_values()
        .iter()
        .map(|v| v.to_string_lossy().into_owned())
        .collect::<Vec<_>>();
    let choices = if flag {
        Vec::new()
    } else {
        a.get_possible_values()
            .iter()
            .filter(|p| !p.is_hide_set())
            .map(|p| {
                (
                    p.get_name().to_string(),
                    p.get_help().map(|h| h.to_string()).unwrap_or_default(),
                )
            })
            .collect()
    };
    let multiple = matches!(a.get_action(), ArgAction::Append)
        || a.get_num_args().is_some_and(|n| n.max_values() > 1);
    // An empty default says nothing, and help that states its own
    // default ("[default: the board's]") is not told it twice.
    let shown_default =
        !flag && default.iter().any(|d| !d.is_empty()) && !help.contains("[default:");
    let value_name = a
        .get_value_names()
        .and_then(|n| n.first())
        .map_or_else(|| a.get_id().to_string().to_uppercase(), |n| n.to_string());
    let file = !flag
        && choices.is_empty()
        && (value_name == "FILE" || help.to_lowercase().contains("file"));
    Field {
        id: a.get_id().to_string(),
        long: a.get_long().map(str::to_string),
        help,
        default: shown_default.then(|| default.join(" ")),
        choices,
        flag,
        multiple,
        value_name,
        required: a.is_required_set(),
        file,
    }
}

/// The form of `tabula VERB GAME`: its heading, then one field per
/// argument, the buttons and where the report goes. The script is the
/// page's own ([`SCRIPT`]).
pub(crate) fn form_html(verb: &str, game: &str) -> Result<String, Refusal> {
    let (c, command) = lookup(verb, game)?;
    let mut html = format!(
        "<h1><code>tabula {verb} {game}</code></h1>\n<p>{about}</p>\n\
<p class=\"muted\">The command's own options, with their help and defaults. Run it: the report below is the one \
<code>tabula</code> prints (text and <code>--format json</code>), with the pictures <code>--plot</code> draws. \
It runs on this server, within the same budgets as on the command line (the options below that say so), \
one run per worker at a time; Stop ends it.</p>\n\
<form id=\"run-form\" data-verb=\"{verb}\" data-game=\"{game}\">\n",
        verb = escape(verb),
        game = escape(game),
        about = escape(c.about()),
    );
    for f in fields(&command) {
        let name = match &f.long {
            Some(long) => format!("--{long}"),
            None => f.value_name.clone(),
        };
        let id = escape(&f.id);
        html.push_str(&format!(
            "<div class=\"field\"><label for=\"f-{id}\"><code>{}</code></label> ",
            escape(&name)
        ));
        let default = f.default.clone().unwrap_or_default();
        if f.flag {
            html.push_str(&format!(
                "<input type=\"checkbox\" id=\"f-{id}\" name=\"{id}\" value=\"true\">"
            ));
        } else if !f.choices.is_empty() && !f.multiple {
            html.push_str(&format!("<select id=\"f-{id}\" name=\"{id}\">"));
            if f.default.is_none() {
                html.push_str("<option value=\"\" selected>(not given)</option>");
            }
            for (value, help) in &f.choices {
                let selected = if *value == default { " selected" } else { "" };
                let label = if help.is_empty() {
                    escape(value)
                } else {
                    format!("{}: {}", escape(value), escape(help))
                };
                html.push_str(&format!(
                    "<option value=\"{}\"{selected}>{label}</option>",
                    escape(value)
                ));
            }
            html.push_str("</select>");
        } else {
            html.push_str(&format!(
                "<input type=\"text\" id=\"f-{id}\" name=\"{id}\" value=\"{}\" placeholder=\"{}\"{}>",
                escape(&default),
                escape(&f.value_name),
                if f.required && !f.file { " required" } else { "" }
            ));
            if f.file && !f.multiple {
                html.push_str(&format!(
                    " or a file <input type=\"file\" id=\"f-{id}-file\" data-for=\"{id}\">"
                ));
            }
        }
        let mut notes = Vec::new();
        if let Some(d) = &f.default {
            notes.push(format!("default: {}", escape(d)));
        }
        if f.multiple {
            notes.push("several values: separate them with spaces".to_string());
        }
        if f.required {
            notes.push("required".to_string());
        }
        if f.file && !f.multiple {
            notes.push(format!(
                "a file you upload, or a name the command knows; at most {} KiB",
                MAX_UPLOAD / 1024
            ));
        }
        let notes = if notes.is_empty() {
            String::new()
        } else {
            format!(" [{}]", notes.join("; "))
        };
        html.push_str(&format!(
            " <span class=\"help\">{}{notes}</span></div>\n",
            escape(&f.help)
        ));
    }
    html.push_str(
        "<p><button type=\"submit\" id=\"run\">Run</button> \
<button type=\"button\" id=\"stop\" disabled>Stop</button> <progress id=\"progress\" hidden></progress> \
<span id=\"status\" class=\"muted\"></span></p>\n</form>\n\
<p>Command line: <code id=\"command\"></code></p>\n<pre id=\"error\" class=\"error\"></pre>\n\
<pre id=\"text\"></pre>\n<details id=\"json-box\"><summary>JSON (<code>--format json</code>)</summary><pre id=\"json\"></pre></details>\n\
<div id=\"pictures\"></div>\n<script>\n",
    );
    html.push_str(SCRIPT);
    html.push_str("</script>\n");
    Ok(html)
}

/// The forms' script: sends the form as JSON, shows the report (text as
/// text, pictures as images, never as part of the page), the time taken
/// while it runs, and Stop abandons the run (a run still queued is then
/// never started).
const SCRIPT: &str = include_str!("form.js");

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
fn write_upload(index: usize, name: &str, text: &str) -> Result<std::path::PathBuf, Refusal> {
    let cannot = |e: std::io::Error| {
        Refusal::BadRequest(format!("cannot keep the file {name:?} for the run: {e}"))
    };
    if text.len() > MAX_UPLOAD {
        return Err(Refusal::BadRequest(format!(
            "the file {name:?} is over {} KiB",
            MAX_UPLOAD / 1024
        )));
    }
    // One folder per field, so that two files of one name do not meet.
    let folder = std::path::PathBuf::from(index.to_string());
    tabula_core::files::create_dir(&folder).map_err(cannot)?;
    let path = folder.join(safe_name(name));
    tabula_core::files::write(&path, text).map_err(cannot)?;
    Ok(path)
}

/// A form's command lines: as run, as shown, and each file sent (its
/// path and its name).
type Lines = (Vec<String>, Vec<String>, Vec<(String, String)>);

/// One field's arguments: its place in the form, as run and as shown.
type Given = (usize, Vec<String>, Vec<String>);

/// The command line of a form's values: `tabula VERB GAME` and the
/// options given (a value equal to the default is left out), then the
/// positional values. A file sent is written into the run's directory
/// and its name there given; the second line is the command as shown,
/// with the file's own name; the third, each file's name in the run's
/// directory and its own.
fn arguments(
    verb: &str,
    game: &str,
    command: &clap::Command,
    sent: Vec<(String, Sent)>,
) -> Result<Lines, Refusal> {
    let fields = fields(command);
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
                let path = write_upload(index, &name, &text)?;
                let path = path.to_string_lossy().into_owned();
                let name = safe_name(&name);
                uploads.push((path.clone(), name.clone()));
                match &f.long {
                    Some(long) => options.push((
                        index,
                        vec![format!("--{long}={path}")],
                        vec![format!("--{long}={name}")],
                    )),
                    None => positional.push((index, vec![path], vec![name])),
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
                    options.push((index, switch.clone(), switch));
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
                let given: Vec<String> = parts.iter().map(|p| format!("--{long}={p}")).collect();
                options.push((index, given.clone(), given));
            }
            None => positional.push((index, parts.clone(), parts)),
        }
    }
    // In the form's order, whatever the body's.
    options.sort_by_key(|(i, _, _)| *i);
    positional.sort_by_key(|(i, _, _)| *i);
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
    Ok((line(|o| &o.1), line(|o| &o.2), uploads))
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

/// Runs a form: the body's values as `tabula VERB GAME` arguments,
/// parsed by the command line's parser, the command run in this
/// process, its report rendered as text, JSON and pictures. Call it
/// confined to the run's own directory: files sent are written there.
pub(crate) fn run(verb: &str, game: &str, body: &str, feed: Feed) -> Result<Rendered, Refusal> {
    let (c, command) = lookup(verb, game)?;
    let sent = values(body)?;
    let (args, as_shown, mut uploads) = arguments(verb, game, &command, sent)?;
    let line = shown(&as_shown);
    // What the run writes names a file sent by its own name, as on the
    // command line of the user who has it (the longest names first: one
    // may end as another does).
    uploads.sort_by_key(|(path, _)| std::cmp::Reverse(path.len()));
    let named = |text: String| {
        uploads
            .iter()
            .fold(text, |text, (path, name)| text.replace(path.as_str(), name))
    };
    let failed = |error: String| Refusal::Failed {
        command: line.clone(),
        error: named(error),
    };
    let root = tabula_cli::command().map_err(|e| failed(e.to_string()))?;
    let matches = tabula_cli::parse(root, &args).map_err(|e| failed(e.render().to_string()))?;
    let Some(sub) = matches
        .subcommand_matches(verb)
        .and_then(|m| m.subcommand_matches(game))
    else {
        return Err(failed("the arguments name another command".into()));
    };
    let mut out = Vec::new();
    let mut input = std::io::empty();
    let mut io = Io::new(&mut out, &mut input);
    io.progress = tabula_cli::progress::Stderr::fed(feed).shared();
    let arguments = c.arguments();
    let values = tabula_cli::args::values(&arguments, sub);
    let ran = tabula_cli::split::run(game, c, &arguments, &values, &mut io);
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
