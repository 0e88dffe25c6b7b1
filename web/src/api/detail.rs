//! What an API error says to people: a [`Detail`], a message of `web/locales/<code>/api.ftl` with
//! its arguments, rendered in the language of the request that gets it (the `lang` cookie, then
//! `Accept-Language`: [`language`](super::language)), while the error's `error` code stays the
//! same English word for programs.

use cardarena_engine::PlayerCount;
use fluent_bundle::{FluentArgs, FluentValue};

use crate::locale::Locale;

/// An error's words for people: an `api-*` message and its arguments, or English text as another
/// crate wrote it (a game's options), which is answered as English.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Detail {
    /// The message `id` of `api.ftl` with its `$variables`.
    Message {
        /// The message's id, `api-…`.
        id: &'static str,
        /// Its arguments by name.
        args: Vec<(&'static str, Arg)>,
    },
    /// English text from outside the API's catalog.
    English(String),
}

/// The value of one of a message's arguments.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Arg {
    /// Text shown as it is: a name, an id, a value from the request (a number shown as given).
    Text(String),
    /// A number: a count or a limit, whose plural form the language picks.
    Number(u64),
    /// Words of their own, rendered in the same language (a list, a clause).
    Words(Box<Detail>),
}

impl Detail {
    /// The message `id`, without arguments so far.
    pub fn new(id: &'static str) -> Detail {
        Detail::Message {
            id,
            args: Vec::new(),
        }
    }

    /// English text written outside the API (answered as English, `Content-Language: en`).
    pub fn english(text: impl Into<String>) -> Detail {
        Detail::English(text.into())
    }

    fn with(mut self, name: &'static str, value: Arg) -> Detail {
        if let Detail::Message { args, .. } = &mut self {
            args.push((name, value));
        }
        self
    }

    /// With the text argument `name`.
    pub fn text(self, name: &'static str, value: impl std::fmt::Display) -> Detail {
        self.with(name, Arg::Text(value.to_string()))
    }

    /// With the text argument `name` quoted as Rust quotes a string (`"rick"`, escapes and all),
    /// as the details quote what a request named.
    pub fn quoted(self, name: &'static str, value: &str) -> Detail {
        self.with(name, Arg::Text(format!("{value:?}")))
    }

    /// With the number argument `name`.
    pub fn number(self, name: &'static str, value: u64) -> Detail {
        self.with(name, Arg::Number(value))
    }

    /// With the argument `name` set to other words, rendered in the same language.
    pub fn words(self, name: &'static str, value: Detail) -> Detail {
        self.with(name, Arg::Words(Box::new(value)))
    }

    /// These words in `locale`.
    pub fn render(&self, locale: Locale) -> String {
        match self {
            Detail::English(text) => text.clone(),
            Detail::Message { id, args } => {
                let mut fluent = FluentArgs::new();
                for (name, value) in args {
                    let value = match value {
                        Arg::Text(text) => FluentValue::from(text.clone()),
                        Arg::Number(n) => FluentValue::from(*n),
                        Arg::Words(words) => FluentValue::from(words.render(locale)),
                    };
                    fluent.set(*name, value);
                }
                locale.message_with(id, Some(&fluent))
            }
        }
    }

    /// The language these words are in when asked for in `locale`.
    pub fn language(&self, locale: Locale) -> Locale {
        match self {
            Detail::English(_) => Locale::En,
            Detail::Message { .. } => locale,
        }
    }
}

/// A list of numbers in words: "2", "2 and 3", "2, 3 and 4" (`or`: "2, 3 or 4").
pub fn numbers(numbers: &[usize], or: bool) -> Detail {
    match numbers {
        [] => Detail::new("api-list-none"),
        [one] => Detail::new("api-list-one").number("item", *one as u64),
        [init @ .., last] => {
            let init: Vec<String> = init.iter().map(usize::to_string).collect();
            let id = match or {
                true => "api-list-or",
                false => "api-list-and",
            };
            Detail::new(id)
                .text("init", init.join(", "))
                .number("last", *last as u64)
        }
    }
}

/// How many players a game seats, in words: "2", "4 or 6", "2 to 4", "3, 5 or 7"
/// (as [`PlayerCount::describe`] says it in English).
pub fn players(count: PlayerCount) -> Detail {
    let counts: Vec<usize> = count.counts().collect();
    match counts.as_slice() {
        [_] | [] => numbers(&counts, true),
        [_, _] if count.step > 1 => numbers(&counts, true),
        _ if count.step == 1 => Detail::new("api-players-range")
            .number("min", count.min as u64)
            .number("max", count.max as u64),
        _ => numbers(&counts, true),
    }
}

#[cfg(test)]
#[path = "detail_tests.rs"]
mod tests;
