//! A form's page: its fields as the command's arguments describe them
//! ([`Arg`]), each labelled in words with its flag beside it, a menu for
//! choices, a pick list for agents, an upload for a file, the fields of
//! a set together.

use tabula_registry::args::{Action, Arg, Arguments, Possible, ValueKind};

use super::{LEFT_OUT, Refusal, lookup, upload_cap};
use crate::escape;

/// One field of a form: one argument of the command, as its data
/// ([`Arg`]) describes it.
#[derive(Debug)]
pub(crate) struct Field {
    /// The argument's id: the name a form sends its value under.
    pub id: String,
    /// `--long`, or none for a positional argument.
    pub long: Option<String>,
    /// What the form calls it, in words ([`Arg::label_text`]).
    pub label: String,
    /// Its help (the long help where there is one).
    pub help: String,
    /// Its default value, if any.
    pub default: Option<String>,
    /// What the page fills it with where it has no default: the game's
    /// usual agents, for a list of agents that must be given (so that
    /// the form runs as it comes).
    pub filled: Option<String>,
    /// The values a menu offers ([`Arg::menu_values`]), with their help.
    pub choices: Vec<Possible>,
    /// The agents it names, with their summaries: a pick list.
    pub agents: Vec<Possible>,
    /// A switch: on or off, no value.
    pub flag: bool,
    /// It takes several values (space-separated in the form; a list of
    /// agents, comma-separated).
    pub multiple: bool,
    /// What its value is called (`N`, `FILE`).
    pub value_name: String,
    /// It must be given.
    pub required: bool,
    /// It takes a file (its value is a path, is called `FILE`, or its
    /// help speaks of a file): the form offers an upload.
    pub file: bool,
    /// The set of options it is shown with ([`Arg::group_name`]).
    pub group: Option<String>,
    /// Where a person who has no file for it gets one (a record: the
    /// game's play page, which downloads one), as a link's address.
    pub get_one: Option<String>,
    /// The largest file it takes, in bytes.
    pub cap: usize,
}

/// The fields a command's form takes: positionals first, then the
/// options in their order; an option that writes files (a `DIR`) is left
/// out. (The page shows one field for an option and the positional
/// argument that is another way to give it: see [`shown_alone`].)
pub(super) fn fields(arguments: &Arguments) -> Vec<Field> {
    let taken = |a: &&Arg| !a.hidden && !LEFT_OUT.contains(&a.id.as_str()) && !writes_files(a);
    let positional = arguments.iter().filter(|a| a.is_positional());
    let options = arguments.iter().filter(|a| !a.is_positional());
    positional.chain(options).filter(taken).map(field).collect()
}

/// Whether the page shows field `f`: not an option that a positional
/// argument is another way to give (the positional conflicts with it:
/// a `BOARD` beside `--board`), which the positional's field stands
/// for. Both are taken, as on the command line; one is shown.
fn shown_alone(arguments: &Arguments, f: &Field) -> bool {
    f.long.is_none()
        || !arguments
            .iter()
            .any(|p| p.is_positional() && !p.hidden && p.conflicts.contains(&f.id))
}

/// An argument naming a folder to write into (`--record DIR`).
fn writes_files(a: &Arg) -> bool {
    a.value_name.as_deref() == Some("DIR")
}

/// The groups of options whose every use writes files (a member is left
/// out as [`writes_files`]): `Record`, whose other options matter only
/// with `--record DIR`.
fn writing_groups(arguments: &Arguments) -> Vec<String> {
    arguments
        .iter()
        .filter(|a| writes_files(a))
        .filter_map(|a| a.group_name().map(str::to_string))
        .collect()
}

fn field(a: &Arg) -> Field {
    let flag = !a.takes_value();
    let help = a
        .long_help
        .clone()
        .or_else(|| a.help.clone())
        .unwrap_or_default();
    // A default the help leaves out, or states in its own words ("[default:
    // the board's]"), is not a value to show.
    let default = a
        .default
        .clone()
        .filter(|d| !flag && !d.is_empty() && !a.hide_default && !help.contains("[default:"));
    let choices = if flag {
        Vec::new()
    } else {
        a.menu_values().to_vec()
    };
    let agents = match &a.kind {
        ValueKind::Agents(agents) => agents.clone(),
        _ => Vec::new(),
    };
    let multiple = a.action == Action::Append || a.many;
    let value_name = a.value_name.clone().unwrap_or_else(|| a.id.to_uppercase());
    let file = !flag
        && choices.is_empty()
        && agents.is_empty()
        && (matches!(a.kind, ValueKind::Path)
            || value_name == "FILE"
            || help.to_lowercase().contains("file"));
    Field {
        id: a.id.clone(),
        long: a.long.clone(),
        label: a.label_text(),
        help,
        default,
        filled: None,
        choices,
        agents,
        flag,
        multiple,
        value_name,
        required: a.required,
        file,
        group: a.group_name().map(str::to_string),
        get_one: None,
        cap: super::MAX_UPLOAD,
    }
}

/// One field's HTML: its label in words with its flag beside it, its
/// input (a checkbox, a menu, a pick list of agents, text with an
/// upload), its help and notes.
fn field_html(f: &Field) -> String {
    let name = match &f.long {
        Some(long) => format!("--{long}"),
        None => f.value_name.clone(),
    };
    let id = escape(&f.id);
    let mut html = format!(
        "<div class=\"field\"><label for=\"f-{id}\">{} <code>{}</code></label> ",
        escape(&f.label),
        escape(&name)
    );
    // Help that states its own default ("[default: the board's]") is not
    // told it twice.
    let default = f.default.clone().unwrap_or_default();
    let value = f.filled.clone().unwrap_or_else(|| default.clone());
    if f.flag {
        html.push_str(&format!(
            "<input type=\"checkbox\" id=\"f-{id}\" name=\"{id}\" value=\"true\">"
        ));
    } else if !f.choices.is_empty() && !f.multiple {
        html.push_str(&format!("<select id=\"f-{id}\" name=\"{id}\">"));
        if f.default.is_none() {
            html.push_str("<option value=\"\" selected>(not given)</option>");
        }
        for p in &f.choices {
            let selected = if p.name == value { " selected" } else { "" };
            let label = if p.help.is_empty() {
                escape(&p.name)
            } else {
                format!("{}: {}", escape(&p.name), escape(&p.help))
            };
            html.push_str(&format!(
                "<option value=\"{}\"{selected}>{label}</option>",
                escape(&p.name)
            ));
        }
        html.push_str("</select>");
    } else {
        html.push_str(&format!(
            "<input type=\"text\" id=\"f-{id}\" name=\"{id}\" value=\"{}\" placeholder=\"{}\"{}>",
            escape(&value),
            escape(&f.value_name),
            if f.required && !f.file && f.default.is_none() {
                " required"
            } else {
                ""
            }
        ));
        if !f.agents.is_empty() {
            // A pick list: each agent with its summary; a pick adds it to
            // the list (one agent per seat, in seat order).
            html.push_str(&format!(
                " <select class=\"pick\" id=\"f-{id}-pick\" data-add-to=\"f-{id}\" aria-label=\"add an agent\">\
<option value=\"\" selected>add an agent…</option>"
            ));
            for p in &f.agents {
                html.push_str(&format!(
                    "<option value=\"{name}\" title=\"{help}\">{name}: {help}</option>",
                    name = escape(&p.name),
                    help = escape(&p.help)
                ));
            }
            html.push_str("</select> <button type=\"button\" data-clear=\"f-");
            html.push_str(&id);
            html.push_str("\">clear</button>");
        }
        if f.file && !f.multiple {
            // Its own label, in words with the flag beside it, as every
            // field's: a page with several uploads tells them apart. A
            // required file is required here too, said in words.
            let needed = f.required && f.default.is_none();
            html.push_str(&format!(
                " <label class=\"upload\" for=\"f-{id}-file\">or upload {} <code>{}</code></label> \
<input type=\"file\" id=\"f-{id}-file\" data-for=\"{id}\" data-max=\"{cap}\"{}{}>",
                escape(&lower_first(&f.label)),
                escape(&name),
                if needed { " required aria-required=\"true\"" } else { "" },
                if needed {
                    format!(
                        " data-missing=\"{}\"",
                        escape(&format!(
                            "Choose {} ({name}) first: it is required{}.",
                            lower_first(&f.label),
                            if f.get_one.is_some() {
                                "; no record yet? play a game on the play page and download its record"
                            } else {
                                ""
                            }
                        ))
                    )
                } else {
                    String::new()
                },
                cap = f.cap,
            ));
        }
    }
    let mut notes = Vec::new();
    if let Some(d) = &f.default {
        notes.push(format!("default: {}", escape(d)));
    }
    if let Some(filled) = &f.filled {
        notes.push(if f.agents.is_empty() {
            format!("filled with {}", escape(filled))
        } else {
            format!("filled with the game's agents {}", escape(filled))
        });
    }
    if !f.agents.is_empty() {
        notes.push("agents separated by commas: pick one to add it".to_string());
    } else if f.multiple {
        notes.push("several values: separate them with spaces".to_string());
    }
    if f.required {
        notes.push("required".to_string());
    }
    if f.file && !f.multiple {
        let most = if f.cap >= 1 << 20 {
            format!("{} MiB", f.cap >> 20)
        } else {
            format!("{} KiB", f.cap / 1024)
        };
        notes.push(format!(
            "a file you upload, or a name the command knows; at most {most}"
        ));
    }
    let notes = if notes.is_empty() {
        String::new()
    } else {
        format!(" [{}]", notes.join("; "))
    };
    let get_one = match &f.get_one {
        Some(href) => format!(
            " <span class=\"get-one\">No record yet? <a href=\"{}\">Play a game in the browser</a>: its <em>Download record</em> button saves one to upload here.</span>",
            escape(href)
        ),
        None => String::new(),
    };
    html.push_str(&format!(
        " <span class=\"help\">{}{notes}</span>{get_one}</div>\n",
        escape(&f.help)
    ));
    html
}

/// `text` with its first letter in lower case ("The board" → "the
/// board"), to stand inside a sentence.
fn lower_first(text: &str) -> String {
    let mut chars = text.chars();
    match chars.next() {
        Some(first) => first.to_lowercase().chain(chars).collect(),
        None => String::new(),
    }
}

/// The agents a form fills a required list of agents with: the game's
/// usual ones, each once (a tournament refuses an entrant named twice),
/// then others of its list, until there are `seats` (an agent that
/// takes a parameter is not added: its name is a pattern).
fn entrants(usual: &str, listed: &[Possible], seats: usize) -> String {
    let mut names: Vec<String> = Vec::new();
    for name in usual.split(',').map(str::trim).filter(|n| !n.is_empty()) {
        if !names.iter().any(|n| n == name) {
            names.push(name.to_string());
        }
    }
    for p in listed {
        if names.len() >= seats {
            break;
        }
        let plain = !p.name.chars().any(|c| c.is_ascii_uppercase());
        if plain && !names.contains(&p.name) {
            names.push(p.name.clone());
        }
    }
    names.join(",")
}

/// The form of `tabula VERB GAME`: its heading, then one field per
/// argument (those of a set, such as the game's parameters, together;
/// those that matter only with an option that writes files, shown but
/// off), the buttons and where the report goes. The script is the
/// page's own ([`SCRIPT`]).
pub(crate) fn form_html(verb: &str, game: &str) -> Result<String, Refusal> {
    let (c, arguments) = lookup(verb, game)?;
    let mut html = format!(
        "<h1><code>tabula {verb} {game}</code></h1>\n<p>{about}</p>\n\
<p class=\"muted\">The command's own options, as the command describes them, with their help and defaults. Run it: the report below is the one \
<code>tabula</code> prints (text and <code>--format json</code>), with the pictures <code>--plot</code> draws. \
It runs on this server, within the same budgets as on the command line (the options below that say so), \
one run per worker at a time; Stop ends it.</p>\n\
<form id=\"run-form\" data-verb=\"{verb}\" data-game=\"{game}\">\n",
        verb = escape(verb),
        game = escape(game),
        about = escape(c.about()),
    );
    // The game's usual agents, for a list of agents that must be given
    // and has no default (a tournament's entrants): each once, and as
    // many as the game has seats. A list that may be left out (analyze's
    // fixed policies) is left as the command line leaves it.
    let usual = tabula_registry::kind(game)
        .map(|k| k.defaults().agents)
        .filter(|a| !a.is_empty());
    let seats = usual.map_or(0, |u| u.split(',').count()).max(2);
    // Where the command's defaults cannot run, the values the game
    // registers for its form ([`tabula_registry::form_start`]).
    let start = tabula_registry::form_start::form_start(game, verb);
    let play = (crate::play::playable(game).is_some() && super::PRINTS_ONLY.contains(&verb))
        .then(|| format!("/play/{game}"));
    let fields: Vec<Field> = fields(&arguments)
        .into_iter()
        .filter(|f| shown_alone(&arguments, f))
        .map(|mut f| {
            if f.default.is_none() && !f.agents.is_empty() && f.required {
                f.filled = usual.map(|u| entrants(u, &f.agents, seats));
            }
            if let Some((_, value)) =
                start.and_then(|s| s.values.iter().find(|(id, _)| *id == f.id))
            {
                f.filled = Some((*value).to_string());
            }
            if f.file && f.required {
                f.get_one = play.clone();
            }
            f.cap = upload_cap(verb);
            f
        })
        .collect();
    if let Some(s) = start {
        html.push_str(&format!(
            "<p class=\"notice\" id=\"form-start\">{}{}</p>\n",
            escape(s.note),
            match s.instead {
                Some(instead) => format!(
                    " <a href=\"/run/{v}/{g}\">The form of <code>tabula {v} {g}</code></a>.",
                    v = escape(instead),
                    g = escape(game)
                ),
                None => " The form below starts with those values.".to_string(),
            }
        ));
    }
    let writing = writing_groups(&arguments);
    // The fields of no set first, then each set's, in the order they come.
    for f in fields.iter().filter(|f| f.group.is_none()) {
        html.push_str(&field_html(f));
    }
    let mut groups: Vec<&str> = Vec::new();
    for g in fields.iter().filter_map(|f| f.group.as_deref()) {
        if !groups.contains(&g) {
            groups.push(g);
        }
    }
    for g in groups {
        let members = fields.iter().filter(|f| f.group.as_deref() == Some(g));
        if writing.iter().any(|w| w == g) {
            // Its options matter only with the one that writes files,
            // which is the command line's: shown, off, never sent.
            html.push_str(&format!(
                "<details class=\"group\"><summary>{g}: on the command line only</summary>\n\
<p class=\"muted\">These matter only with the option that writes files (<code>--{flag} DIR</code>), which a form does not offer.</p>\n\
<fieldset disabled data-group=\"{g}\"><legend>{g}</legend>\n",
                g = escape(g),
                flag = escape(
                    &arguments
                        .iter()
                        .find(|a| writes_files(a) && a.group_name() == Some(g))
                        .and_then(|a| a.long.clone())
                        .unwrap_or_else(|| g.to_lowercase())
                ),
            ));
            members.for_each(|f| html.push_str(&field_html(f)));
            html.push_str("</fieldset></details>\n");
        } else {
            html.push_str(&format!(
                "<fieldset data-group=\"{g}\"><legend>{g}</legend>\n",
                g = escape(g)
            ));
            members.for_each(|f| html.push_str(&field_html(f)));
            html.push_str("</fieldset>\n");
        }
    }
    html.push_str(
        "<p><button type=\"submit\" id=\"run\">Run</button> \
<button type=\"button\" id=\"stop\" disabled>Stop</button> <progress id=\"progress\" hidden></progress> \
<span id=\"status\" class=\"muted\" role=\"status\" aria-live=\"polite\"></span></p>\n</form>\n\
<p>Command line: <code id=\"command\"></code></p>\n<pre id=\"error\" class=\"error\" role=\"alert\"></pre>\n\
<pre id=\"text\" aria-live=\"polite\" aria-label=\"the report\" tabindex=\"0\"></pre>\n<details id=\"json-box\"><summary>JSON (<code>--format json</code>)</summary><pre id=\"json\"></pre></details>\n\
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
const SCRIPT: &str = include_str!("../form.js");
