//! `/rules/{game}`: each game's player's guide, for a person at a table: the goal, the deal, a
//! turn, the special cards, the end and the score, in plain words, in the page's language
//! (`docs/rules/<game>.md` in English, `docs/rules/ru/<game>.md`, `docs/rules/cs/<game>.md`).
//!
//! The guides are compiled into the binary and rendered as the docs are (`docs.rs`). A fenced
//! block whose info string is `table` holds a small picture of a table: JSON
//! `{"caption", "names", "eye", "table"}`, `table` a snapshot as docs/tables.md describes it. It
//! becomes a `<figure>` carrying the JSON, which `/static/rules.js` draws with the card table
//! module and the game's renderer, the same the match page uses. The foot of each guide links its
//! specification for bot authors (the engine's `RULES.md`, at `/docs/rules/<game>`, in English).
//!
//! A translated guide has the English guide's sections and pictures, in the same order (a test
//! holds them equal). Its headings keep the English ids, so `#the-deal` is the deal in every
//! language: the docs' renderer makes an id from a heading's text, and [`render`] gives the n-th
//! heading of a translation the id of the n-th heading of the English guide.

use askama::Template;
use axum::extract::Path;
use fluent_bundle::{FluentArgs, FluentValue};

use super::replay::{RulesLinks, rules_links};
use super::{Frame, PageError, PageResult, docs, ok};
use crate::locale::Locale;

/// One language's text of a guide.
struct Text {
    locale: Locale,
    file: &'static str,
    text: &'static str,
}

/// A guide: its game and its text in each language, English first.
struct Guide {
    game: &'static str,
    texts: [Text; 3],
}

macro_rules! guide {
    ($game:literal) => {
        Guide {
            game: $game,
            texts: [
                Text {
                    locale: Locale::En,
                    file: concat!("docs/rules/", $game, ".md"),
                    text: include_str!(concat!("../../../docs/rules/", $game, ".md")),
                },
                Text {
                    locale: Locale::Ru,
                    file: concat!("docs/rules/ru/", $game, ".md"),
                    text: include_str!(concat!("../../../docs/rules/ru/", $game, ".md")),
                },
                Text {
                    locale: Locale::Cs,
                    file: concat!("docs/rules/cs/", $game, ".md"),
                    text: include_str!(concat!("../../../docs/rules/cs/", $game, ".md")),
                },
            ],
        }
    };
}

/// Every game's guide.
const GUIDES: &[Guide] = &[
    guide!("durak"),
    guide!("durak-duel"),
    guide!("bridge"),
    guide!("most"),
    guide!("prsi"),
    guide!("fifty-six"),
];

impl Guide {
    /// The guide in `locale`, or in English if it had none.
    fn text(&self, locale: Locale) -> &Text {
        (self.texts.iter().find(|t| t.locale == locale)).unwrap_or(&self.texts[0])
    }
}

#[derive(Template)]
#[template(path = "rules.html")]
struct RulesPage {
    /// The site's frame in the reader's language.
    frame: Frame,
    game: &'static str,
    /// The rendered guide, its pictures as figures for the script.
    body: String,
    /// The card table's stylesheet, the pictures' script and the import map of the renderers.
    links: RulesLinks,
}

/// `GET /rules/{game}`: the game's guide in the reader's language, or a 404 page for a game
/// without one.
pub(super) async fn page(Path(game): Path<String>, locale: Locale, frame: Frame) -> PageResult {
    let Some(guide) = GUIDES.iter().find(|g| g.game == game) else {
        let mut args = FluentArgs::new();
        args.set("game", FluentValue::from(game.as_str()));
        let games: Vec<&str> = GUIDES.iter().map(|g| g.game).collect();
        args.set("games", FluentValue::from(games.join(", ")));
        return Err(PageError::NotFound(
            locale.message_with("rules-no-game", Some(&args)),
        ));
    };
    ok(&RulesPage {
        frame,
        game: guide.game,
        body: render(guide, locale),
        links: rules_links(),
    })
}

/// The guide's HTML in `locale`, each `table` block a figure for the script to draw, its headings
/// with the English guide's ids.
fn render(guide: &Guide, locale: Locale) -> String {
    let text = guide.text(locale);
    let html = docs::render_with_blocks(text.file, text.text, |info, json| {
        (info == "table").then(|| figure(guide.game, json, locale))
    });
    if text.locale == Locale::En {
        return html;
    }
    let english = guide.text(Locale::En);
    let ids = heading_ids(&docs::render_with_blocks(
        english.file,
        english.text,
        |_, _| Some(String::new()),
    ));
    with_heading_ids(&html, &ids)
}

/// Where a heading's id begins in rendered HTML (`<h2 id="`…): the renderer escapes raw HTML
/// in a guide, so these tags are only its own.
fn heading_id_starts(html: &str) -> impl Iterator<Item = usize> + '_ {
    html.match_indices("<h").filter_map(|(at, _)| {
        let rest = &html.as_bytes()[at + 2..];
        (rest.len() > 6 && rest[0].is_ascii_digit() && rest[1..].starts_with(b" id=\""))
            .then_some(at + 8)
    })
}

/// The ids of the headings of rendered HTML, in order.
fn heading_ids(html: &str) -> Vec<String> {
    heading_id_starts(html)
        .map(|start| {
            html[start..]
                .split('"')
                .next()
                .unwrap_or_default()
                .to_string()
        })
        .collect()
}

/// `html` with its n-th heading's id replaced by `ids[n]` (headings past the list keep theirs).
fn with_heading_ids(html: &str, ids: &[String]) -> String {
    let mut out = String::with_capacity(html.len());
    let mut done = 0;
    for (start, id) in heading_id_starts(html).zip(ids) {
        let end = start + html[start..].find('"').unwrap_or(0);
        out.push_str(&html[done..start]);
        out.push_str(id);
        done = end;
    }
    out.push_str(&html[done..]);
    out
}

/// The figure of one picture: its JSON in `data-picture` (escaped), a note for a browser without
/// scripts, and its caption; the class `watch` gives it the card table's colours (table.css).
/// JSON that does not parse is shown as such, so a broken guide shows.
fn figure(game: &str, json: &str, locale: Locale) -> String {
    let caption = match serde_json::from_str::<serde_json::Value>(json) {
        Ok(picture) => picture["caption"].as_str().unwrap_or_default().to_string(),
        Err(e) => {
            let mut args = FluentArgs::new();
            args.set("error", FluentValue::from(e.to_string()));
            let fault = locale.message_with("rules-picture-fault", Some(&args));
            return format!("<p class=\"fault\">{}</p>", escape(&fault));
        }
    };
    format!(
        "<figure class=\"rules-picture watch\" data-game=\"{}\" data-picture=\"{}\">\
         <div class=\"card-table\"><p class=\"note\">{}</p></div>\
         <figcaption>{}</figcaption></figure>\n",
        escape(game),
        escape(json.trim()),
        escape(&locale.message("rules-picture-needs-script")),
        escape(&caption)
    )
}

/// `text` safe in HTML text and in a double-quoted attribute.
fn escape(text: &str) -> String {
    let mut out = String::with_capacity(text.len() + text.len() / 8);
    for c in text.chars() {
        match c {
            '&' => out.push_str("&amp;"),
            '<' => out.push_str("&lt;"),
            '>' => out.push_str("&gt;"),
            '"' => out.push_str("&quot;"),
            '\'' => out.push_str("&#39;"),
            c => out.push(c),
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The pictures of a guide's text, parsed.
    fn pictures(text: &Text) -> Vec<serde_json::Value> {
        (text.text.split("```table").skip(1))
            .map(|block| {
                let json = block.split("```").next().unwrap_or_default();
                serde_json::from_str(json)
                    .unwrap_or_else(|e| panic!("{}: a picture: {e}\n{json}", text.file))
            })
            .collect()
    }

    /// The levels and ids of rendered HTML's headings (`h2 the-deal`).
    fn headings(html: &str) -> Vec<String> {
        let ids = heading_ids(html);
        let levels = heading_id_starts(html).map(|start| &html[start - 7..start - 5]);
        levels.zip(ids).map(|(l, id)| format!("{l} {id}")).collect()
    }

    #[test]
    fn every_game_has_a_guide_and_every_picture_is_a_table_snapshot() {
        let mut games: Vec<&str> = cardarena_bots::game_ids().to_vec();
        let mut guides: Vec<&str> = GUIDES.iter().map(|g| g.game).collect();
        games.sort_unstable();
        guides.sort_unstable();
        assert_eq!(games, guides);
        for guide in GUIDES {
            for text in &guide.texts {
                let file = text.file;
                let pictures = pictures(text);
                assert!((2..=3).contains(&pictures.len()), "{file}: pictures");
                for picture in pictures {
                    let hands = picture["table"]["hands"].as_array().map(Vec::len);
                    let names = picture["names"].as_array().map(Vec::len);
                    assert!(hands.is_some_and(|n| n >= 2), "{file}: {picture}");
                    assert_eq!(hands, names, "{file}: a name per seat");
                    assert!(picture["caption"].is_string(), "{file}: caption");
                }
                let html = render(guide, text.locale);
                assert!(!html.contains("```"), "{file}");
                assert!(!html.contains("class=\"fault\""), "{file}");
            }
        }
    }

    /// Each guide is in every language, with the English guide's headings (their levels and ids)
    /// and its pictures: the same tables seen from the same seat, only the words translated.
    #[test]
    fn every_guide_is_in_every_language_with_the_english_sections_and_pictures() {
        for guide in GUIDES {
            let english = &guide.texts[0];
            assert_eq!(english.locale, Locale::En);
            let sections = headings(&render(guide, Locale::En));
            assert!(sections.len() >= 6, "{}: {sections:?}", english.file);
            let english_pictures = pictures(english);
            for locale in Locale::ALL {
                let text = guide.text(locale);
                assert_eq!(
                    text.locale, locale,
                    "{}: no guide in {locale:?}",
                    guide.game
                );
                assert!(
                    text.file.ends_with(&format!("{}.md", guide.game)),
                    "{}",
                    text.file
                );
                let html = render(guide, locale);
                assert_eq!(headings(&html), sections, "{}", text.file);
                // The translation's own headings, before the ids are mapped, are as many and at
                // the same levels.
                let own = docs::render_with_blocks(text.file, text.text, |_, _| None);
                let own: Vec<String> = headings(&own).iter().map(|h| h[..2].into()).collect();
                let levels: Vec<String> = sections.iter().map(|h| h[..2].into()).collect();
                assert_eq!(own, levels, "{}", text.file);
                let translated = pictures(text);
                assert_eq!(translated.len(), english_pictures.len(), "{}", text.file);
                for (picture, original) in translated.iter().zip(&english_pictures) {
                    assert_eq!(picture["table"], original["table"], "{}", text.file);
                    assert_eq!(picture["eye"], original["eye"], "{}", text.file);
                    let count = |p: &serde_json::Value| p["names"].as_array().map(Vec::len);
                    assert_eq!(count(picture), count(original), "{}", text.file);
                    if locale != Locale::En {
                        assert_ne!(picture["caption"], original["caption"], "{}", text.file);
                    }
                }
                let figures = html.matches("<figure class=\"rules-picture").count();
                assert_eq!(figures, english_pictures.len(), "{}", text.file);
            }
        }
    }

    #[test]
    fn a_translations_headings_take_the_english_ids_in_order() {
        let html = "<h1 id=\"как-играть\">Как</h1>\n<p>x <code>&lt;h2 id=&quot;a&quot;</code></p>\
                    <h2 id=\"цель\">Цель</h2><hr><h2 id=\"конец\">Конец</h2>";
        let ids = heading_ids(html);
        assert_eq!(ids, ["как-играть", "цель", "конец"]);
        let english = ["how-to-play".to_string(), "goal".into(), "end".into()];
        assert_eq!(
            with_heading_ids(html, &english),
            "<h1 id=\"how-to-play\">Как</h1>\n<p>x <code>&lt;h2 id=&quot;a&quot;</code></p>\
             <h2 id=\"goal\">Цель</h2><hr><h2 id=\"end\">Конец</h2>"
        );
        let first_only = with_heading_ids(html, &english[..1]);
        assert!(
            first_only.starts_with("<h1 id=\"how-to-play\">"),
            "{first_only}"
        );
        assert!(first_only.contains("<h2 id=\"цель\">"), "{first_only}");
    }

    #[test]
    fn a_picture_is_escaped_into_its_attribute() {
        let html = figure(
            "prsi",
            r#"{"caption": "a <b> & \"c\"", "x": "</figure>"}"#,
            Locale::En,
        );
        assert!(
            html.contains("data-picture=\"{&quot;caption&quot;"),
            "{html}"
        );
        assert!(
            !html.contains("</figure>\"") && !html.contains("<b>"),
            "{html}"
        );
        assert!(
            html.contains("<figcaption>a &lt;b&gt; &amp; &quot;c&quot;</figcaption>"),
            "{html}"
        );
        assert!(
            html.contains(">The picture needs JavaScript.</p>"),
            "{html}"
        );
        let czech = figure("prsi", "{", Locale::Cs);
        assert!(czech.starts_with("<p class=\"fault\">"), "{czech}");
        assert!(!czech.contains("A picture cannot be read"), "{czech}");
    }
}
