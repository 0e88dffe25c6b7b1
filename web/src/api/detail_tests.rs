//! The API's messages: each locale's `api.ftl` renders every message whole, whatever its
//! counts; every message the API names exists and every one exists for a reason; the lists and
//! seat counts read in English as the crates that wrote them used to.

use std::collections::BTreeSet;
use std::path::{Path, PathBuf};

use fluent_bundle::{FluentArgs, FluentBundle, FluentResource, FluentValue};
use fluent_syntax::ast::{Entry, Expression, InlineExpression, Pattern, PatternElement};

use super::*;
use crate::l10n::CATALOGS;

/// The `api.ftl` of `locale`.
fn api_ftl(locale: Locale) -> &'static str {
    let (_, files) = CATALOGS.iter().find(|(l, _)| *l == locale).unwrap();
    files.iter().find(|(name, _)| *name == "api.ftl").unwrap().1
}

/// Each message of `text` with the variables it uses.
fn messages(text: &str) -> Vec<(String, BTreeSet<String>)> {
    let resource = fluent_syntax::parser::parse(text).unwrap_or_else(|(_, e)| panic!("{e:?}"));
    let mut out = Vec::new();
    for entry in resource.body {
        if let Entry::Message(m) = entry {
            let mut vars = BTreeSet::new();
            m.value.iter().for_each(|p| pattern_vars(p, &mut vars));
            out.push((m.id.name.to_string(), vars));
        }
    }
    out
}

fn pattern_vars(pattern: &Pattern<&str>, vars: &mut BTreeSet<String>) {
    for element in &pattern.elements {
        if let PatternElement::Placeable { expression } = element {
            let inline = match expression {
                Expression::Select { selector, variants } => {
                    variants.iter().for_each(|v| pattern_vars(&v.value, vars));
                    selector
                }
                Expression::Inline(inline) => inline,
            };
            if let InlineExpression::VariableReference { id } = inline {
                vars.insert(id.name.to_string());
            }
        }
    }
}

#[test]
fn every_message_renders_whole_in_every_locale() {
    for locale in Locale::ALL {
        let text = api_ftl(locale);
        let tag = locale.code().parse().unwrap();
        let mut bundle = FluentBundle::new(vec![tag]);
        bundle.set_use_isolating(false);
        bundle
            .add_resource(FluentResource::try_new(text.to_string()).unwrap())
            .unwrap();
        let messages = messages(text);
        assert!(
            messages.len() > 150,
            "{}: {}",
            locale.code(),
            messages.len()
        );
        for (id, vars) in &messages {
            let pattern = bundle.get_message(id).unwrap().value().unwrap();
            let samples = [0u64, 1, 2, 3, 4, 5, 11, 21, 22, 25, 101, 16384].map(FluentValue::from);
            for sample in samples
                .into_iter()
                .chain(["queued", "x"].map(FluentValue::from))
            {
                let mut args = FluentArgs::new();
                vars.iter()
                    .for_each(|v| args.set(v.clone(), sample.clone()));
                let mut errors = Vec::new();
                let out = bundle.format_pattern(pattern, Some(&args), &mut errors);
                let said = format!("{}: {id} with {sample:?}: {out:?}", locale.code());
                assert!(errors.is_empty(), "{said}: {errors:?}");
                assert!(!out.contains("{$") && !out.contains("{ $"), "{said}");
                assert!(id == "api-list-none" || !out.trim().is_empty(), "{said}");
                assert_eq!(out.trim(), out, "{said}");
            }
        }
    }
}

fn rust_files(dir: &Path, out: &mut Vec<PathBuf>) {
    for entry in std::fs::read_dir(dir).unwrap() {
        let path = entry.unwrap().path();
        if path.is_dir() {
            rust_files(&path, out);
        } else if path.extension().is_some_and(|e| e == "rs") {
            out.push(path);
        }
    }
}

#[test]
fn every_message_the_api_names_exists_and_every_one_is_named() {
    let known: BTreeSet<String> = messages(api_ftl(Locale::En))
        .into_iter()
        .map(|(id, _)| id)
        .collect();
    let dir = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("src/api");
    let mut files = Vec::new();
    rust_files(&dir, &mut files);
    let mut named = BTreeSet::new();
    for file in files.iter().filter(|f| !f.ends_with("detail_tests.rs")) {
        let text = std::fs::read_to_string(file).unwrap();
        for (at, _) in text.match_indices("\"api-") {
            let id: String = text[at + 1..]
                .chars()
                .take_while(|c| c.is_ascii_lowercase() || *c == '-')
                .collect();
            assert!(known.contains(&id), "{}: no message {id}", file.display());
            named.insert(id);
        }
    }
    let unnamed: Vec<&String> = known.difference(&named).collect();
    assert!(unnamed.is_empty(), "messages no code names: {unnamed:?}");
}

#[test]
fn lists_and_seats_read_as_the_english_did() {
    let en = |d: Detail| d.render(Locale::En);
    assert_eq!(en(numbers(&[2], false)), "2");
    assert_eq!(en(numbers(&[2, 3], false)), "2 and 3");
    assert_eq!(en(numbers(&[2, 3, 4], true)), "2, 3 or 4");
    for count in cardarena_contest::games::games().iter().map(|g| g.players) {
        assert_eq!(en(players(count)), count.describe());
    }
    let odd = PlayerCount {
        min: 3,
        max: 7,
        default: 3,
        step: 2,
    };
    assert_eq!(en(players(odd)), odd.describe());
    assert_eq!(players(odd).render(Locale::Cs), "3, 5 nebo 7");
    assert_eq!(players(odd).render(Locale::Ru), "3, 5 или 7");
}

#[test]
fn counts_take_each_languages_plural_forms() {
    let tables = |locale: Locale| {
        [1, 3, 5, 21]
            .map(|n| {
                let detail = Detail::new("api-tables-client-hour").number("count", n);
                detail.render(locale)
            })
            .join(" | ")
    };
    let ru = tables(Locale::Ru);
    for form in ["вы открыли 1 стол ", "3 стола ", "5 столов ", "21 стол "]
    {
        assert!(ru.contains(form), "{form}: {ru}");
    }
    let cs = tables(Locale::Cs);
    for form in ["otevřeli 1 stůl,", "3 stoly,", "5 stolů,", "21 stolů,"] {
        assert!(cs.contains(form), "{form}: {cs}");
    }
    let en = tables(Locale::En);
    assert!(
        en.starts_with("You have opened 1 table in the last hour"),
        "{en}"
    );
    assert!(en.contains("opened 21 tables in"), "{en}");
}

#[test]
fn english_from_elsewhere_stays_english() {
    let detail = Detail::english("stage 0: no such option");
    assert_eq!(detail.render(Locale::Ru), "stage 0: no such option");
    assert_eq!(detail.language(Locale::Ru), Locale::En);
    assert_eq!(
        Detail::new("api-match-over").language(Locale::Cs),
        Locale::Cs
    );
    assert_eq!(
        Detail::new("api-match-over").render(Locale::Cs),
        "zápas skončil"
    );
}

#[test]
fn the_stores_limit_of_versions_is_said_in_the_request_language() {
    use cardarena_store::{StoreError, VERSIONS_PER_HOUR};

    use crate::api::ApiError;

    // The store's sentence, as it writes it.
    let english = format!(
        "a bot starts at most {VERSIONS_PER_HOUR} versions an hour (new URLs and new programs \
         together): try again later"
    );
    let error = ApiError::from(StoreError::Limited(english.clone()));
    assert_eq!(error.detail.render(Locale::En), english);
    assert!(error.detail.render(Locale::Ru).contains("в час"));
    let other = ApiError::from(StoreError::Limited("some other limit".into()));
    assert_eq!(other.detail, Detail::english("some other limit"));
}
