//! `/docs` and `/docs/{name}`: the contestants' docs (`docs/*.md`, `docs/games/*.md`), compiled
//! into the binary and rendered to HTML with pulldown-cmark.
//!
//! Raw HTML in a doc is shown as text, never passed through. Links between docs are rewritten
//! from their files (`protocol.md#faults`, `../api.md`) to the pages (`protocol#faults`,
//! `../api`), so relative links work here as they do in the repository; a link to a file outside
//! `docs/` (a script, the engine's RULES.md) keeps its text and loses its link, since the server
//! does not serve the source tree. Headings get GitHub's ids, so `#anchors` land.

use askama::Template;
use axum::extract::Path;
use pulldown_cmark::{CowStr, Event, HeadingLevel, Options, Parser, Tag, TagEnd, html};

use super::{PageError, PageResult, ok};

/// A doc: its page name (its path under `docs/` without `.md`), its title and its text.
struct Doc {
    name: &'static str,
    title: &'static str,
    text: &'static str,
}

macro_rules! doc {
    ($name:literal, $title:literal) => {
        Doc {
            name: $name,
            title: $title,
            text: include_str!(concat!("../../../docs/", $name, ".md")),
        }
    };
}

/// Every doc served, in the index's order.
const DOCS: &[Doc] = &[
    doc!("writing-a-bot", "How to join: writing a bot"),
    doc!("protocol", "The bot protocol"),
    doc!("api", "The HTTP API"),
    doc!("games/durak", "Rules: durak"),
    doc!("games/bridge", "Rules: bridge"),
    doc!("games/durak-duel", "Rules: durak-duel"),
    doc!("games/prsi", "Rules: prsi"),
    doc!("games/most", "Rules: most"),
    doc!("games/fifty-six", "Rules: fifty-six"),
    doc!("tables", "Table snapshots"),
    doc!("running-a-contest", "Running a contest"),
    doc!("architecture", "How cardarena is built"),
];

/// A doc link of the site's header: (page name, label).
pub(crate) const HEADER_DOCS: &[(&str, &str)] = &[
    ("writing-a-bot", "How to join"),
    ("protocol", "Protocol"),
    ("api", "API"),
];

/// The game whose rules `docs/games/<game>.md` gives, for the header's "Rules" links.
pub(crate) fn rules_doc(game: &str) -> Option<String> {
    let name = format!("games/{game}");
    DOCS.iter().any(|d| d.name == name).then_some(name)
}

#[derive(Template)]
#[template(path = "doc.html")]
struct DocPage {
    title: &'static str,
    /// The rendered doc (pulldown-cmark's HTML of our own text, raw HTML escaped).
    body: String,
}

#[derive(Template)]
#[template(path = "docs.html")]
struct IndexPage {
    docs: Vec<(&'static str, &'static str)>,
}

/// `GET /docs`: the list of docs.
pub(super) async fn index() -> PageResult {
    ok(&IndexPage {
        docs: DOCS.iter().map(|d| (d.name, d.title)).collect(),
    })
}

/// `GET /docs/{name}` (and `/docs/games/{name}`): one doc; 404 for any other name.
pub(super) async fn page(Path(name): Path<String>) -> PageResult {
    let name = name.strip_suffix(".md").unwrap_or(&name);
    let Some(doc) = DOCS.iter().find(|d| d.name == name) else {
        return Err(PageError::NotFound(format!("There is no doc {name:?}.")));
    };
    ok(&DocPage {
        title: doc.title,
        body: render(doc.name, doc.text),
    })
}

/// `GET /docs/games/{name}`.
pub(super) async fn game_page(Path(name): Path<String>) -> PageResult {
    page(Path(format!("games/{name}"))).await
}

/// The HTML of the doc `name` with text `markdown`.
fn render(name: &str, markdown: &str) -> String {
    let options = Options::ENABLE_TABLES | Options::ENABLE_STRIKETHROUGH;
    let mut events: Vec<Event> = Vec::new();
    let mut slugs: Vec<String> = Vec::new();
    // A heading's events are held until its end, when its text gives its id.
    let mut heading: Option<(HeadingLevel, Vec<Event>)> = None;
    // Links to files outside docs/ lose their link (their text stays): how many are open.
    let mut dropped_links: Vec<bool> = Vec::new();
    for event in Parser::new_ext(markdown, options) {
        let event = match event {
            Event::Html(raw) | Event::InlineHtml(raw) => Event::Text(raw),
            Event::Start(Tag::Link {
                link_type,
                dest_url,
                title,
                id,
            }) => match link_target(name, &dest_url) {
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
    out
}

/// Where a link of doc `from` points on this site: unchanged if absolute or an anchor, the page
/// of a doc for `x.md`, `None` for a file outside `docs/`.
fn link_target(from: &str, dest: &str) -> Option<String> {
    if dest.starts_with('#') || dest.contains("://") || dest.starts_with("mailto:") {
        return Some(dest.to_string());
    }
    let (path, anchor) = match dest.split_once('#') {
        Some((p, a)) => (p, format!("#{a}")),
        None => (dest, String::new()),
    };
    // Resolve against the doc's folder, as a browser would.
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
    let target = parts.join("/");
    let page = target.strip_suffix(".md")?;
    DOCS.iter().any(|d| d.name == page).then(|| {
        let page = path.strip_suffix(".md").unwrap_or(path);
        format!("{page}{anchor}")
    })
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
    fn links_between_docs_go_to_their_pages_and_others_lose_their_link() {
        assert_eq!(
            link_target("writing-a-bot", "protocol.md#faults").as_deref(),
            Some("protocol#faults")
        );
        assert_eq!(
            link_target("writing-a-bot", "games/most.md").as_deref(),
            Some("games/most")
        );
        assert_eq!(
            link_target("games/prsi", "../protocol.md#a-whole-exchange-prsi").as_deref(),
            Some("../protocol#a-whole-exchange-prsi")
        );
        assert_eq!(link_target("games/prsi", "../../engine/x/RULES.md"), None);
        assert_eq!(link_target("api", "../scripts/organise.py"), None);
        assert_eq!(
            link_target("api", "https://example.com/a.md").as_deref(),
            Some("https://example.com/a.md")
        );
    }

    #[test]
    fn raw_html_is_text_and_headings_have_ids() {
        let html = render(
            "api",
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
        assert!(html.contains("<a href=\"protocol\">p</a>"), "{html}");
        assert!(html.contains(" s</p>"), "{html}");
        assert_eq!(slug("1. Start the server"), "1-start-the-server");
        assert_eq!(slug("The health check: `ping`"), "the-health-check-ping");
    }
}
