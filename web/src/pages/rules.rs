//! `/rules/{game}`: each game's player's guide (`docs/rules/<game>.md`), for a person at a table:
//! the goal, the deal, a turn, the special cards, the end and the score, in plain words.
//!
//! The guides are compiled into the binary and rendered as the docs are (`docs.rs`). A fenced
//! block whose info string is `table` holds a small picture of a table: JSON
//! `{"caption", "names", "eye", "table"}`, `table` a snapshot as docs/tables.md describes it. It
//! becomes a `<figure>` carrying the JSON, which `/static/rules.js` draws with the card table
//! module and the game's renderer, the same the match page uses. The foot of each guide links its
//! specification for bot authors (the engine's `RULES.md`, at `/docs/rules/<game>`).

use askama::Template;
use axum::extract::Path;

use super::replay::{RulesLinks, rules_links};
use super::{Frame, PageError, PageResult, docs, ok};

/// A guide: its game and its text.
struct Guide {
    game: &'static str,
    file: &'static str,
    text: &'static str,
}

macro_rules! guide {
    ($game:literal) => {
        Guide {
            game: $game,
            file: concat!("docs/rules/", $game, ".md"),
            text: include_str!(concat!("../../../docs/rules/", $game, ".md")),
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

/// `GET /rules/{game}`: the game's guide, or a 404 page for a game without one.
pub(super) async fn page(Path(game): Path<String>, frame: Frame) -> PageResult {
    let Some(guide) = GUIDES.iter().find(|g| g.game == game) else {
        return Err(PageError::NotFound(format!(
            "There is no game {game:?}; the guides are for {}.",
            GUIDES.iter().map(|g| g.game).collect::<Vec<_>>().join(", ")
        )));
    };
    ok(&RulesPage {
        frame,
        game: guide.game,
        body: render(guide),
        links: rules_links(),
    })
}

/// The guide's HTML, each `table` block a figure for the script to draw.
fn render(guide: &Guide) -> String {
    docs::render_with_blocks(guide.file, guide.text, |info, text| {
        (info == "table").then(|| figure(guide.game, text))
    })
}

/// The figure of one picture: its JSON in `data-picture` (escaped), a note for a browser without
/// scripts, and its caption; the class `watch` gives it the card table's colours (table.css).
/// JSON that does not parse is shown as such, so a broken guide shows.
fn figure(game: &str, json: &str) -> String {
    let caption = match serde_json::from_str::<serde_json::Value>(json) {
        Ok(picture) => picture["caption"].as_str().unwrap_or_default().to_string(),
        Err(e) => {
            return format!(
                "<p class=\"fault\">A picture cannot be read: {}</p>",
                escape(&e.to_string())
            );
        }
    };
    format!(
        "<figure class=\"rules-picture watch\" data-game=\"{}\" data-picture=\"{}\">\
         <div class=\"card-table\"><p class=\"note\">The picture needs JavaScript.</p></div>\
         <figcaption>{}</figcaption></figure>\n",
        escape(game),
        escape(json.trim()),
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

    #[test]
    fn every_game_has_a_guide_and_every_picture_is_a_table_snapshot() {
        let mut games: Vec<&str> = cardarena_bots::game_ids().to_vec();
        let mut guides: Vec<&str> = GUIDES.iter().map(|g| g.game).collect();
        games.sort_unstable();
        guides.sort_unstable();
        assert_eq!(games, guides);
        for guide in GUIDES {
            let blocks: Vec<&str> = guide.text.split("```table").skip(1).collect();
            assert!(
                (2..=3).contains(&blocks.len()),
                "{}: {} pictures",
                guide.game,
                blocks.len()
            );
            for block in blocks {
                let json = block.split("```").next().unwrap_or_default();
                let picture: serde_json::Value = serde_json::from_str(json)
                    .unwrap_or_else(|e| panic!("{}: a picture: {e}\n{json}", guide.game));
                let hands = picture["table"]["hands"].as_array().map(Vec::len);
                let names = picture["names"].as_array().map(Vec::len);
                assert!(hands.is_some_and(|n| n >= 2), "{}: {json}", guide.game);
                assert_eq!(hands, names, "{}: a name per seat", guide.game);
                assert!(picture["caption"].is_string(), "{}: caption", guide.game);
            }
            let html = render(guide);
            assert!(!html.contains("```"), "{}", guide.game);
            assert!(!html.contains("class=\"fault\""), "{}", guide.game);
        }
    }

    #[test]
    fn a_picture_is_escaped_into_its_attribute() {
        let html = figure("prsi", r#"{"caption": "a <b> & \"c\"", "x": "</figure>"}"#);
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
    }
}
