//! One self-contained HTML page with a command's numbers and pictures:
//! the text report, then every picture inline as SVG. No scripts, no
//! fonts, no links to fetch: it reads the same offline, mailed, or
//! opened years later. The page is also well-formed XML.

use crate::Svg;

/// What goes on the page.
#[derive(Clone, Copy, Debug)]
pub struct Page<'a> {
    /// The page's title and heading.
    pub title: &'a str,
    /// The command that made it, shown under the heading.
    pub command: &'a str,
    /// The numbers: the command's text report, shown as it prints.
    pub text: &'a str,
    /// The pictures, in order.
    pub pictures: &'a [Svg],
}

const STYLE: &str = "body{font-family:sans-serif;max-width:1100px;margin:2em auto;padding:0 1em;color:#1e1e1e}\
pre{background:#f6f6f6;padding:1em;overflow-x:auto;font-size:13px;line-height:1.35}\
figure{margin:2em 0}\
figure svg{max-width:100%;height:auto;border:1px solid #ddd}\
code{background:#f0f0f0;padding:0 .25em}";

impl Page<'_> {
    /// The page.
    pub fn to_html(&self) -> String {
        let mut s = String::with_capacity(
            4096 + self.text.len() + self.pictures.iter().map(|p| p.svg.len()).sum::<usize>(),
        );
        s.push_str("<!DOCTYPE html>\n<html xmlns=\"http://www.w3.org/1999/xhtml\" lang=\"en\">\n<head>\n<meta charset=\"utf-8\"/>\n<title>");
        s.push_str(&escape(self.title));
        s.push_str("</title>\n<style>");
        s.push_str(STYLE);
        s.push_str("</style>\n</head>\n<body>\n<h1>");
        s.push_str(&escape(self.title));
        s.push_str("</h1>\n<p>Made by <code>");
        s.push_str(&escape(self.command));
        s.push_str("</code> (tabula ");
        s.push_str(env!("CARGO_PKG_VERSION"));
        s.push_str(").</p>\n");
        if !self.pictures.is_empty() {
            s.push_str("<h2>Pictures</h2>\n");
        }
        // Each picture draws its own title, so the figure names it for
        // screen readers only: no caption to show the title twice.
        for p in self.pictures {
            s.push_str("<figure aria-label=\"");
            s.push_str(&escape(&p.title));
            s.push_str("\">\n");
            s.push_str(inline_svg(&p.svg));
            s.push_str("\n</figure>\n");
        }
        s.push_str("<h2>Numbers</h2>\n<pre>");
        s.push_str(&escape(self.text));
        s.push_str("</pre>\n</body>\n</html>\n");
        s
    }
}

/// The `<svg>` element of an SVG document, without an XML declaration.
pub fn inline_svg(svg: &str) -> &str {
    match svg.find("<svg") {
        Some(i) => svg[i..].trim_end(),
        None => svg.trim(),
    }
}

/// Escapes text for HTML (and XML) content and attributes. A character
/// XML cannot hold at all (a control character other than tab, newline
/// and carriage return, or U+FFFE and U+FFFF) is written visibly as its
/// escape, e.g. `\u{0}`, so the page stays well-formed whatever the text.
pub fn escape(text: &str) -> String {
    let mut s = String::with_capacity(text.len());
    for c in text.chars() {
        match c {
            '&' => s.push_str("&amp;"),
            '<' => s.push_str("&lt;"),
            '>' => s.push_str("&gt;"),
            '"' => s.push_str("&quot;"),
            '\'' => s.push_str("&#39;"),
            c if !xml_char(c) => s.extend(c.escape_unicode()),
            _ => s.push(c),
        }
    }
    s
}

/// Whether XML 1.0 allows `c` in a document (written raw or as a
/// character reference). C1 controls are allowed but shown escaped too:
/// they have no business in a title.
pub(crate) fn xml_char(c: char) -> bool {
    !(c.is_control() && !matches!(c, '\t' | '\n' | '\r') || matches!(c, '\u{FFFE}' | '\u{FFFF}'))
}

/// `svg` with every character [`escape`] would write as its escape so
/// written: plotters escapes `<`, `&` and quotes in text but passes
/// control characters through, which would leave the SVG not
/// well-formed.
pub(crate) fn xml_clean(svg: String) -> String {
    if svg.chars().all(xml_char) {
        return svg;
    }
    let mut s = String::with_capacity(svg.len() + 16);
    for c in svg.chars() {
        if xml_char(c) {
            s.push(c);
        } else {
            s.extend(c.escape_unicode());
        }
    }
    s
}
