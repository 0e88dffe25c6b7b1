//! The words of the pages that their handlers write (rather than their templates): a message
//! with any number of arguments ([`Words::t`]), and a sentence with markup in it ([`markup`]):
//! the message is formatted with a placeholder for each link or code span, escaped as text, and
//! each placeholder then replaced by its fragment, so a translation may put a link wherever its
//! language wants it and no sentence is glued together in code.

use askama::filters::{Html, escape};
use fluent_bundle::{FluentArgs, FluentValue};

use crate::locale::Locale;

/// The characters that open and close a fragment's placeholder (Unicode's private use area,
/// which no message contains and which are taken out of every text argument).
const OPEN: char = '\u{E000}';
const CLOSE: char = '\u{E001}';

/// An argument of a message.
pub(crate) enum Arg {
    /// Text: a name, an id (shown as given, even when it looks like a number).
    Text(String),
    /// A number: it chooses the plural form, and is written in the language's way.
    Num(f64),
    /// The place of the `n`th fragment given to [`markup`].
    Mark(usize),
    /// A sentence from [`Words::t`] with its own marks, kept (a message inside another).
    Marked(String),
}

impl Arg {
    /// A text argument.
    pub(crate) fn text(value: impl std::fmt::Display) -> Arg {
        Arg::Text(value.to_string())
    }

    /// A number argument.
    pub(crate) fn num(value: impl Into<f64>) -> Arg {
        Arg::Num(value.into())
    }
}

/// The pages' words in one locale.
#[derive(Debug, Clone, Copy)]
pub(crate) struct Words(pub Locale);

impl Words {
    /// The message `id` with `args` (its `$variables` by name).
    pub(crate) fn t(&self, id: &str, args: &[(&str, Arg)]) -> String {
        if args.is_empty() {
            return self.0.message(id);
        }
        let mut fluent = FluentArgs::new();
        for (name, arg) in args {
            let value = match arg {
                Arg::Text(text) => FluentValue::from(text.replace([OPEN, CLOSE], "")),
                Arg::Num(n) => FluentValue::from(*n),
                Arg::Mark(n) => FluentValue::from(format!("{OPEN}{n}{CLOSE}")),
                Arg::Marked(sentence) => FluentValue::from(sentence.as_str()),
            };
            fluent.set(*name, value);
        }
        self.0.message_with(id, Some(&fluent))
    }
}

/// HTML of a sentence from [`Words::t`] whose [`Arg::Mark`]s are `fragments` (HTML, already
/// escaped where it holds text): the sentence's own text escaped, each mark replaced.
pub(crate) fn markup(sentence: &str, fragments: &[String]) -> String {
    let mut out = String::with_capacity(sentence.len() + 64);
    let mut rest = sentence;
    while let Some(start) = rest.find(OPEN) {
        out.push_str(&escaped(&rest[..start]));
        let after = &rest[start + OPEN.len_utf8()..];
        let Some(end) = after.find(CLOSE) else {
            rest = after;
            break;
        };
        if let Some(fragment) = after[..end]
            .parse::<usize>()
            .ok()
            .and_then(|n| fragments.get(n))
        {
            out.push_str(fragment);
        }
        rest = &after[end + CLOSE.len_utf8()..];
    }
    out.push_str(&escaped(rest));
    out
}

/// `text` escaped for HTML, as the templates escape it.
pub(crate) fn escaped(text: &str) -> String {
    escape(text, Html).map_or_else(|_| String::new(), |e| e.to_string())
}

/// A link to `href` (a path the server built) with `text`.
pub(crate) fn link(href: &str, text: &str) -> String {
    format!("<a href=\"{}\">{}</a>", escaped(href), escaped(text))
}

/// A link to `href` around `<code>text</code>`.
pub(crate) fn code_link(href: &str, text: &str) -> String {
    format!(
        "<a href=\"{}\"><code>{}</code></a>",
        escaped(href),
        escaped(text)
    )
}

/// `<code>text</code>`.
pub(crate) fn code(text: &str) -> String {
    format!("<code>{}</code>", escaped(text))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_sentence_keeps_its_marks_and_escapes_its_text() {
        let words = Words(Locale::En);
        let sentence = words.t("matches-back", &[("link", Arg::Mark(0))]);
        let html = markup(&sentence, &[link("/tournaments/t1", "<Cup> & co")]);
        assert_eq!(
            html,
            "Back to <a href=\"/tournaments/t1\">&#60;Cup&#62; &#38; co</a>."
        );
        let sneaky = words.t(
            "matches-title-game",
            &[("game", Arg::text("\u{E000}0\u{E001}<b>"))],
        );
        assert_eq!(markup(&sneaky, &["X".into()]), "Matches of 0&#60;b&#62;");
    }

    #[test]
    fn a_sentence_inside_another_keeps_its_marks() {
        let words = Words(Locale::Ru);
        let inner = words.t("bot-probation-passed", &[("match", Arg::Mark(0))]);
        let outer = words.t(
            "bot-probation-when",
            &[
                ("result", Arg::Marked(inner)),
                ("when", Arg::text("2026-01-02")),
            ],
        );
        let html = markup(&outer, &[code_link("/matches/m1", "m1")]);
        assert_eq!(
            html,
            "пройден: <a href=\"/matches/m1\"><code>m1</code></a>, 2026-01-02"
        );
    }

    #[test]
    fn numbers_choose_the_plural_form() {
        let ru = Words(Locale::Ru);
        let five = ru.t(
            "bot-earlier-versions",
            &[("count", Arg::num(5)), ("link", Arg::Mark(0))],
        );
        assert!(five.starts_with("И ещё 5 более ранних версий"), "{five}");
    }
}
