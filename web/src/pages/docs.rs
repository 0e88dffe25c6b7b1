//! `/docs` and `/docs/{name}`: the contestants' docs (`docs/*.md`, `docs/games/*.md`), compiled
//! into the binary and rendered to HTML with pulldown-cmark.
//!
//! Each game's rules (`engine/src/games/*/RULES.md`, which the game docs defer to) are served too.
//! Raw HTML in a doc is shown as text, never passed through. Relative links between these files
//! (`protocol.md#faults`, `../../engine/src/games/prsi/RULES.md`) are rewritten to their pages
//! (`/docs/protocol#faults`, `/docs/rules/prsi`), so they work here as in the repository; a link
//! to any other file (a script, the Dockerfile) keeps its text and loses its link, since the
//! server does not serve the source tree. Headings get GitHub's ids, so `#anchors` land.

use askama::Template;
use axum::extract::Path;
use pulldown_cmark::{
    CodeBlockKind, CowStr, Event, HeadingLevel, Options, Parser, Tag, TagEnd, html,
};

use super::{Frame, PageError, PageResult, ok};

/// A doc: its page (its address under `/docs/`), its title's message id, its file in the
/// repository and its text (in English, whatever the reader's language).
struct Doc {
    page: &'static str,
    title: &'static str,
    file: &'static str,
    text: &'static str,
}

macro_rules! doc {
    ($page:literal, $file:literal, $title:literal) => {
        Doc {
            page: $page,
            title: $title,
            file: $file,
            text: include_str!(concat!("../../../", $file)),
        }
    };
}

/// Every doc served, in the index's order.
const DOCS: &[Doc] = &[
    doc!(
        "writing-a-bot",
        "docs/writing-a-bot.md",
        "docs-writing-a-bot"
    ),
    doc!("protocol", "docs/protocol.md", "docs-protocol"),
    doc!("api", "docs/api.md", "docs-api"),
    doc!("tables", "docs/tables.md", "docs-tables"),
    doc!("games/durak", "docs/games/durak.md", "docs-game-durak"),
    doc!("games/bridge", "docs/games/bridge.md", "docs-game-bridge"),
    doc!(
        "games/durak-duel",
        "docs/games/durak-duel.md",
        "docs-game-durak-duel"
    ),
    doc!("games/prsi", "docs/games/prsi.md", "docs-game-prsi"),
    doc!("games/most", "docs/games/most.md", "docs-game-most"),
    doc!(
        "games/fifty-six",
        "docs/games/fifty-six.md",
        "docs-game-fifty-six"
    ),
    doc!(
        "rules/durak",
        "engine/src/games/durak/RULES.md",
        "docs-rules-durak"
    ),
    doc!(
        "rules/bridge",
        "engine/src/games/bridge/RULES.md",
        "docs-rules-bridge"
    ),
    doc!(
        "rules/durak-duel",
        "engine/src/games/durak_duel/RULES.md",
        "docs-rules-durak-duel"
    ),
    doc!(
        "rules/prsi",
        "engine/src/games/prsi/RULES.md",
        "docs-rules-prsi"
    ),
    doc!(
        "rules/most",
        "engine/src/games/most/RULES.md",
        "docs-rules-most"
    ),
    doc!(
        "rules/fifty-six",
        "engine/src/games/fifty_six/RULES.md",
        "docs-rules-fifty-six"
    ),
    doc!(
        "running-a-contest",
        "docs/running-a-contest.md",
        "docs-running-a-contest"
    ),
    doc!("scaling", "docs/scaling.md", "docs-scaling"),
    doc!("operations", "docs/operations.md", "docs-operations"),
    doc!("command-line", "docs/command-line.md", "docs-command-line"),
    doc!("architecture", "docs/architecture.md", "docs-architecture"),
    doc!("benchmarks", "docs/benchmarks.md", "docs-benchmarks"),
];

/// A doc link of the site's header: (page, its label's message id).
pub(crate) const HEADER_DOCS: &[(&str, &str)] = &[
    ("writing-a-bot", "nav-doc-writing-a-bot"),
    ("protocol", "nav-doc-protocol"),
    ("api", "nav-doc-api"),
];

#[derive(Template)]
#[template(path = "doc.html")]
struct DocPage {
    /// The site's frame in the reader's language.
    frame: Frame,
    /// The doc's title in the reader's language.
    title: String,
    /// The rendered doc (pulldown-cmark's HTML of our own text, raw HTML escaped).
    body: String,
}

#[derive(Template)]
#[template(path = "docs.html")]
struct IndexPage {
    /// The site's frame in the reader's language.
    frame: Frame,
    /// Each doc's page and its title in the reader's language.
    docs: Vec<(&'static str, String)>,
}

/// `GET /docs`: the list of docs.
pub(super) async fn index(frame: Frame) -> PageResult {
    ok(&IndexPage {
        docs: DOCS.iter().map(|d| (d.page, frame.t(d.title))).collect(),
        frame,
    })
}

/// The doc at `page`, or a 404.
fn show(page: &str, frame: Frame) -> PageResult {
    let page = page.strip_suffix(".md").unwrap_or(page);
    let Some(doc) = DOCS.iter().find(|d| d.page == page) else {
        return Err(PageError::NotFound(frame.t1(
            "docs-not-found",
            "page",
            page,
        )));
    };
    ok(&DocPage {
        title: frame.t(doc.title),
        frame,
        body: render(doc.file, doc.text),
    })
}

/// `GET /docs/{name}`.
pub(super) async fn page(Path(name): Path<String>, frame: Frame) -> PageResult {
    show(&name, frame)
}

/// `GET /docs/{folder}/{name}` (`games/…`, `rules/…`).
pub(super) async fn nested_page(
    Path((folder, name)): Path<(String, String)>,
    frame: Frame,
) -> PageResult {
    show(&format!("{folder}/{name}"), frame)
}

/// The HTML of the doc in repository file `file` with text `markdown`.
fn render(file: &str, markdown: &str) -> String {
    render_with_blocks(file, markdown, |_, _| None)
}

/// [`render`], with each fenced code block offered to `block` (its info string and its text):
/// the HTML it gives takes the block's place; `None` keeps the block as code.
pub(super) fn render_with_blocks(
    file: &str,
    markdown: &str,
    block: impl Fn(&str, &str) -> Option<String>,
) -> String {
    let options = Options::ENABLE_TABLES | Options::ENABLE_STRIKETHROUGH;
    let mut events: Vec<Event> = Vec::new();
    let mut slugs: Vec<String> = Vec::new();
    // A heading's events are held until its end, when its text gives its id.
    let mut heading: Option<(HeadingLevel, Vec<Event>)> = None;
    // Links to files outside docs/ lose their link (their text stays): how many are open.
    let mut dropped_links: Vec<bool> = Vec::new();
    // A fenced code block's info string and text, held until its end.
    let mut code: Option<(CowStr, String)> = None;
    for event in Parser::new_ext(markdown, options) {
        let event = match (event, code.as_mut()) {
            (Event::Start(Tag::CodeBlock(CodeBlockKind::Fenced(info))), None) => {
                code = Some((info, String::new()));
                continue;
            }
            (Event::Text(t), Some((_, text))) => {
                text.push_str(&t);
                continue;
            }
            (Event::End(TagEnd::CodeBlock), Some(_)) => {
                let Some((info, text)) = code.take() else {
                    continue;
                };
                match block(&info, &text) {
                    Some(html) => events.push(Event::Html(CowStr::from(html))),
                    None => events.extend([
                        Event::Start(Tag::CodeBlock(CodeBlockKind::Fenced(info))),
                        Event::Text(CowStr::from(text)),
                        Event::End(TagEnd::CodeBlock),
                    ]),
                }
                continue;
            }
            (event, _) => event,
        };
        let event = match event {
            Event::Html(raw) | Event::InlineHtml(raw) => Event::Text(raw),
            Event::Start(Tag::Link {
                link_type,
                dest_url,
                title,
                id,
            }) => match link_target(file, &dest_url) {
                Some(target) => {
                    dropped_links.push(false);
                    Event::Start(Tag::Link {
                        link_type,
                        dest_url: CowStr::from(target),
                        title,
                        id,
                    })
                }
                None => {
                    dropped_links.push(true);
                    continue;
                }
            },
            Event::End(TagEnd::Link) => {
                if dropped_links.pop().unwrap_or(false) {
                    continue;
                }
                Event::End(TagEnd::Link)
            }
            other => other,
        };
        match (event, heading.as_mut()) {
            (Event::Start(Tag::Heading { level, .. }), None) => heading = Some((level, Vec::new())),
            (Event::End(TagEnd::Heading(_)), Some(_)) => {
                let (level, inner) = heading.take().unwrap_or((HeadingLevel::H2, Vec::new()));
                let text: String = inner
                    .iter()
                    .filter_map(|e| match e {
                        Event::Text(t) | Event::Code(t) => Some(t.as_ref()),
                        _ => None,
                    })
                    .collect();
                let id = unique(slug(&text), &mut slugs);
                let mut inner_html = String::new();
                html::push_html(&mut inner_html, inner.into_iter());
                events.push(Event::Html(CowStr::from(format!(
                    "<{level} id=\"{id}\">{inner_html}</{level}>\n"
                ))));
            }
            (event, Some((_, inner))) => inner.push(event),
            (event, None) => events.push(event),
        }
    }
    let mut out = String::with_capacity(markdown.len() * 3 / 2);
    html::push_html(&mut out, events.into_iter());
    keyboard_scrollable(&out)
}

/// `html` with its code blocks and tables reachable by Tab: on a narrow screen they scroll
/// sideways, and a region that scrolls must take the focus for a keyboard to scroll it. Raw HTML
/// in a doc is escaped, so these tags are only the renderer's own.
fn keyboard_scrollable(html: &str) -> String {
    html.replace("<pre>", "<pre tabindex=\"0\">")
        .replace("<table>", "<table tabindex=\"0\">")
}

/// Where a link in the file `from` points on this site: unchanged if absolute or an anchor, the
/// page of a served doc (`/docs/…`) for a relative link to its file, `None` for any other file.
fn link_target(from: &str, dest: &str) -> Option<String> {
    if dest.starts_with('#') || dest.contains("://") || dest.starts_with("mailto:") {
        return Some(dest.to_string());
    }
    let (path, anchor) = match dest.split_once('#') {
        Some((p, a)) => (p, format!("#{a}")),
        None => (dest, String::new()),
    };
    // Resolve against the file's folder, as a browser would.
    let mut parts: Vec<&str> = from.split('/').collect();
    parts.pop();
    for part in path.split('/') {
        match part {
            "." | "" => {}
            ".." => {
                parts.pop()?;
            }
            p => parts.push(p),
        }
    }
    let file = parts.join("/");
    DOCS.iter()
        .find(|d| d.file == file)
        .map(|d| format!("/docs/{}{anchor}", d.page))
}

/// GitHub's heading id: lower case, punctuation dropped, spaces as hyphens.
fn slug(text: &str) -> String {
    text.trim()
        .to_lowercase()
        .chars()
        .filter_map(|c| match c {
            ' ' => Some('-'),
            c if c.is_alphanumeric() || c == '-' || c == '_' => Some(c),
            _ => None,
        })
        .collect()
}

/// `slug`, or `slug-1`, `slug-2`, … if taken.
fn unique(slug: String, taken: &mut Vec<String>) -> String {
    let mut id = slug.clone();
    let mut n = 0;
    while taken.contains(&id) {
        n += 1;
        id = format!("{slug}-{n}");
    }
    taken.push(id.clone());
    id
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_docs_title_is_in_every_language() {
        for doc in DOCS {
            for locale in crate::locale::Locale::ALL {
                let title = locale.message(doc.title);
                assert_ne!(title, doc.title, "{} in {}", doc.page, locale.code());
            }
        }
    }

    #[test]
    fn the_headers_doc_links_are_labelled_in_every_language() {
        for (_, id) in HEADER_DOCS {
            for locale in crate::locale::Locale::ALL {
                assert_ne!(locale.message(id), *id, "{id} in {}", locale.code());
            }
        }
    }

    #[test]
    fn links_between_docs_go_to_their_pages_and_others_lose_their_link() {
        let at = |from, dest| link_target(from, dest);
        assert_eq!(
            at("docs/writing-a-bot.md", "protocol.md#faults").as_deref(),
            Some("/docs/protocol#faults")
        );
        assert_eq!(
            at("docs/writing-a-bot.md", "games/most.md").as_deref(),
            Some("/docs/games/most")
        );
        assert_eq!(
            at("docs/games/prsi.md", "../protocol.md#a-whole-exchange-prsi").as_deref(),
            Some("/docs/protocol#a-whole-exchange-prsi")
        );
        assert_eq!(
            at("docs/games/prsi.md", "../../engine/src/games/prsi/RULES.md").as_deref(),
            Some("/docs/rules/prsi")
        );
        assert_eq!(at("docs/api.md", "../scripts/organise.py"), None);
        assert_eq!(at("docs/api.md", "../../../etc/passwd"), None);
        assert_eq!(
            at("docs/api.md", "https://example.com/a.md").as_deref(),
            Some("https://example.com/a.md")
        );
    }

    #[test]
    fn raw_html_is_text_and_headings_have_ids() {
        let html = render(
            "docs/api.md",
            "# Bot health\n\n## Bot health\n\n<script>x</script> and <b>bold</b>\n\n[p](protocol.md) [s](../x.sh)",
        );
        assert!(
            html.contains("<h1 id=\"bot-health\">Bot health</h1>"),
            "{html}"
        );
        assert!(html.contains("<h2 id=\"bot-health-1\">"), "{html}");
        assert!(!html.contains("<script>"), "{html}");
        assert!(!html.contains("<b>"), "{html}");
        assert!(html.contains("&lt;script&gt;"), "{html}");
        assert!(html.contains("<a href=\"/docs/protocol\">p</a>"), "{html}");
        assert!(html.contains(" s</p>"), "{html}");
        assert_eq!(slug("1. Start the server"), "1-start-the-server");
        assert_eq!(slug("The health check: `ping`"), "the-health-check-ping");
    }
}
