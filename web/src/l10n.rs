//! The site's words in every [`Locale`]: Project Fluent messages, one folder of `.ftl` files a
//! locale (`web/locales/<code>/`, the same files and the same message ids in each), compiled into
//! the binary and parsed once, on first use. Fluent picks each count's plural form by the
//! language's CLDR rules (Russian and Czech have four), so code never builds a sentence.
//!
//! A message missing from a locale falls back to English, and one missing from English shows
//! its id; both are logged, and the tests below keep either from happening.

use std::sync::LazyLock;

use fluent_bundle::concurrent::FluentBundle;
use fluent_bundle::{FluentArgs, FluentResource, FluentValue};
use unic_langid::LanguageIdentifier;

use crate::locale::Locale;

/// The catalog's files of one locale, as (file name, text); every locale lists the same names.
macro_rules! catalog {
    ($code:literal) => {
        &[
            (
                "api.ftl",
                include_str!(concat!("../locales/", $code, "/api.ftl")),
            ),
            (
                "bot.ftl",
                include_str!(concat!("../locales/", $code, "/bot.ftl")),
            ),
            (
                "cards.ftl",
                include_str!(concat!("../locales/", $code, "/cards.ftl")),
            ),
            (
                "counts.ftl",
                include_str!(concat!("../locales/", $code, "/counts.ftl")),
            ),
            (
                "docs.ftl",
                include_str!(concat!("../locales/", $code, "/docs.ftl")),
            ),
            (
                "frame.ftl",
                include_str!(concat!("../locales/", $code, "/frame.ftl")),
            ),
            (
                "join.ftl",
                include_str!(concat!("../locales/", $code, "/join.ftl")),
            ),
            (
                "leaderboard.ftl",
                include_str!(concat!("../locales/", $code, "/leaderboard.ftl")),
            ),
            (
                "match.ftl",
                include_str!(concat!("../locales/", $code, "/match.ftl")),
            ),
            (
                "matches.ftl",
                include_str!(concat!("../locales/", $code, "/matches.ftl")),
            ),
            (
                "moves.ftl",
                include_str!(concat!("../locales/", $code, "/moves.ftl")),
            ),
            (
                "play.ftl",
                include_str!(concat!("../locales/", $code, "/play.ftl")),
            ),
            (
                "rules.ftl",
                include_str!(concat!("../locales/", $code, "/rules.ftl")),
            ),
            (
                "table.ftl",
                include_str!(concat!("../locales/", $code, "/table.ftl")),
            ),
            (
                "tournaments.ftl",
                include_str!(concat!("../locales/", $code, "/tournaments.ftl")),
            ),
        ]
    };
}

/// Every locale's catalog, in [`Locale::ALL`]'s order.
pub(crate) const CATALOGS: [(Locale, &[(&str, &str)]); 3] = [
    (Locale::En, catalog!("en")),
    (Locale::Ru, catalog!("ru")),
    (Locale::Cs, catalog!("cs")),
];

/// A locale's messages; the concurrent kind, shared by every request.
type Bundle = FluentBundle<FluentResource>;

/// The bundles, in [`Locale::ALL`]'s order.
static BUNDLES: LazyLock<[Bundle; 3]> = LazyLock::new(|| CATALOGS.map(bundle));

/// The bundle of one locale's files. A file that does not parse keeps the messages that do
/// (logged: the tests parse every file).
fn bundle((locale, files): (Locale, &[(&str, &str)])) -> Bundle {
    let tag: LanguageIdentifier = locale.code().parse().unwrap_or_default();
    let mut bundle = Bundle::new_concurrent(vec![tag]);
    // The pages are HTML in one direction: Unicode isolation marks around each argument would
    // only get in the way of copying and of the tests' plain text.
    bundle.set_use_isolating(false);
    for (name, text) in files {
        let resource = FluentResource::try_new(text.to_string()).unwrap_or_else(|(partial, e)| {
            tracing::error!(
                locale = locale.code(),
                file = name,
                "unparsed Fluent: {e:?}"
            );
            partial
        });
        if let Err(e) = bundle.add_resource(resource) {
            tracing::error!(
                locale = locale.code(),
                file = name,
                "Fluent messages: {e:?}"
            );
        }
    }
    bundle
}

impl Locale {
    /// The message `id` in this locale, without arguments.
    pub fn message(self, id: &str) -> String {
        self.message_with(id, None)
    }

    /// The message `id` in this locale, with `args` (its `$variables`).
    pub fn message_with(self, id: &str, args: Option<&FluentArgs>) -> String {
        let bundles = &*BUNDLES;
        let found = [self, Locale::En].into_iter().find_map(|locale| {
            let bundle = &bundles[locale as usize];
            let pattern = bundle.get_message(id)?.value()?;
            Some((locale, bundle, pattern))
        });
        let Some((locale, bundle, pattern)) = found else {
            tracing::error!(id, "no such message in any locale");
            return id.to_string();
        };
        if locale != self {
            tracing::error!(
                id,
                locale = self.code(),
                "message missing, shown in English"
            );
        }
        let mut errors = Vec::new();
        let text = bundle.format_pattern(pattern, args, &mut errors);
        if !errors.is_empty() {
            tracing::error!(id, locale = locale.code(), "message formatting: {errors:?}");
        }
        text.into_owned()
    }

    /// The message `id` with its `$count` set to `count`, in the plural form this locale's
    /// rules choose for it.
    pub fn message_count(self, id: &str, count: u64) -> String {
        let mut args = FluentArgs::new();
        args.set("count", FluentValue::from(count));
        self.message_with(id, Some(&args))
    }
}

#[cfg(test)]
#[path = "l10n_tests.rs"]
mod tests;
