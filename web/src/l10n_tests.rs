//! The catalog's checks: every locale has the same files, the same messages and, in each, the
//! same `$variables`; every message the templates and the code name exists; plurals follow
//! each language's rules.

use std::collections::{BTreeMap, BTreeSet};
use std::path::{Path, PathBuf};

use fluent_syntax::ast::{Entry, Expression, InlineExpression, Pattern, PatternElement};

use super::CATALOGS;
use crate::locale::Locale;

/// Each message (and attribute, as `id.name`; terms as `-id`) of a locale with the variables
/// it uses.
type Shape = BTreeMap<String, BTreeSet<String>>;

/// The shape of one locale's files; a file that does not parse fails the test.
fn shape(locale: Locale, files: &[(&str, &str)]) -> Shape {
    let mut shape = Shape::new();
    for (name, text) in files {
        let resource = fluent_syntax::parser::parse(*text)
            .unwrap_or_else(|(_, e)| panic!("{}/{name} does not parse: {e:?}", locale.code()));
        for entry in resource.body {
            let (id, value, attributes) = match entry {
                Entry::Message(m) => (m.id.name.to_string(), m.value, m.attributes),
                Entry::Term(t) => (format!("-{}", t.id.name), Some(t.value), t.attributes),
                Entry::Junk { content } => panic!("{}/{name}: junk {content:?}", locale.code()),
                _ => continue,
            };
            let mut add = |key: String, pattern: Option<&Pattern<&str>>| {
                let mut vars = BTreeSet::new();
                pattern.into_iter().for_each(|p| pattern_vars(p, &mut vars));
                let again = shape.insert(key.clone(), vars);
                assert!(again.is_none(), "{}: {key} twice", locale.code());
            };
            add(id.clone(), value.as_ref());
            for attribute in &attributes {
                add(
                    format!("{id}.{}", attribute.id.name),
                    Some(&attribute.value),
                );
            }
        }
    }
    shape
}

fn pattern_vars(pattern: &Pattern<&str>, vars: &mut BTreeSet<String>) {
    for element in &pattern.elements {
        if let PatternElement::Placeable { expression } = element {
            expression_vars(expression, vars);
        }
    }
}

fn expression_vars(expression: &Expression<&str>, vars: &mut BTreeSet<String>) {
    match expression {
        Expression::Select { selector, variants } => {
            inline_vars(selector, vars);
            variants.iter().for_each(|v| pattern_vars(&v.value, vars));
        }
        Expression::Inline(inline) => inline_vars(inline, vars),
    }
}

fn inline_vars(inline: &InlineExpression<&str>, vars: &mut BTreeSet<String>) {
    let arguments = match inline {
        InlineExpression::VariableReference { id } => {
            vars.insert(id.name.to_string());
            return;
        }
        InlineExpression::Placeable { expression } => return expression_vars(expression, vars),
        InlineExpression::FunctionReference { arguments, .. } => Some(arguments),
        InlineExpression::TermReference { arguments, .. } => arguments.as_ref(),
        _ => None,
    };
    if let Some(arguments) = arguments {
        arguments
            .positional
            .iter()
            .for_each(|a| inline_vars(a, vars));
        arguments
            .named
            .iter()
            .for_each(|a| inline_vars(&a.value, vars));
    }
}

fn web_dir() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
}

#[test]
fn every_locale_has_the_same_messages_with_the_same_variables() {
    let english = shape(Locale::En, CATALOGS[0].1);
    assert!(english.contains_key("cards-count"), "{english:?}");
    for (locale, files) in &CATALOGS[1..] {
        let other = shape(*locale, files);
        let code = locale.code();
        let missing: Vec<_> = english.keys().filter(|k| !other.contains_key(*k)).collect();
        let extra: Vec<_> = other.keys().filter(|k| !english.contains_key(*k)).collect();
        assert!(missing.is_empty(), "{code} lacks {missing:?}");
        assert!(
            extra.is_empty(),
            "{code} has {extra:?}, which English has not"
        );
        for (id, vars) in &english {
            assert_eq!(&other[id], vars, "{code}: {id}'s variables");
        }
    }
}

#[test]
fn the_shape_sees_a_missing_message_and_a_changed_variable() {
    let base = shape(
        Locale::En,
        &[(
            "a.ftl",
            "a = { $n } x\nb = y { NUMBER($m) } { -t }\n-t = t\n",
        )],
    );
    let fewer = shape(Locale::En, &[("a.ftl", "a = { $n } x\n-t = t\n")]);
    let renamed = shape(
        Locale::En,
        &[(
            "a.ftl",
            "a = { $count } x\nb = y { NUMBER($m) } { -t }\n-t = t\n",
        )],
    );
    assert_ne!(base, fewer);
    assert_ne!(base, renamed);
    assert_eq!(base["b"], BTreeSet::from(["m".to_string()]));
}

#[test]
fn the_embedded_files_are_the_files_on_disk() {
    for (locale, files) in CATALOGS {
        let folder = web_dir().join("locales").join(locale.code());
        let mut on_disk: Vec<String> = std::fs::read_dir(&folder)
            .unwrap()
            .map(|e| e.unwrap().file_name().into_string().unwrap())
            .collect();
        on_disk.sort();
        let embedded: Vec<&str> = files.iter().map(|(name, _)| *name).collect();
        assert_eq!(on_disk, embedded, "{}", folder.display());
    }
}

/// The message ids named in `text` by a call such as `frame.t("id"` or `.message_count("id"`.
fn ids_used(text: &str) -> Vec<String> {
    let mut ids = Vec::new();
    for call in [
        ".t(\"",
        ".t1(\"",
        ".count(\"",
        ".message(\"",
        ".message_with(\"",
        ".message_count(\"",
    ] {
        for (at, _) in text.match_indices(call) {
            let rest = &text[at + call.len()..];
            ids.extend(rest.split('"').next().map(str::to_string));
        }
    }
    // The pages' scripts: `t("id"` and `tParts("id"` (l10n.js), not part of a longer name.
    for call in ["t(\"", "tParts(\""] {
        for (at, _) in text.match_indices(call) {
            let before = text[..at].chars().next_back();
            if before.is_some_and(|c| c.is_alphanumeric() || c == '_' || c == '.') {
                continue;
            }
            let rest = &text[at + call.len()..];
            ids.extend(rest.split('"').next().map(str::to_string));
        }
    }
    ids
}

fn files_under(dir: &Path, out: &mut Vec<PathBuf>) {
    for entry in std::fs::read_dir(dir).unwrap() {
        let path = entry.unwrap().path();
        if path.is_dir() {
            files_under(&path, out);
        } else if path.file_name().is_some_and(|n| n != "l10n_tests.rs") {
            out.push(path);
        }
    }
}

#[test]
fn every_message_the_templates_and_the_code_name_exists() {
    let english = shape(Locale::En, CATALOGS[0].1);
    let mut files = Vec::new();
    files_under(&web_dir().join("templates"), &mut files);
    files_under(&web_dir().join("src"), &mut files);
    files_under(&web_dir().join("static"), &mut files);
    let mut used = BTreeSet::new();
    for file in &files {
        let text = std::fs::read_to_string(file).unwrap();
        for id in ids_used(&text) {
            assert!(
                english.contains_key(&id),
                "{}: no message {id:?}",
                file.display()
            );
            used.insert(id);
        }
    }
    assert!(used.contains("nav-leaderboard"), "{used:?}");
}

#[test]
fn a_scripts_message_is_found_and_a_longer_name_is_not() {
    let ids = ids_used("x = t(\"a-b\", {n}); y = tParts(\"c\"); z = alert(\"no\"); w = o.t(\"d\")");
    assert_eq!(ids, ["d", "a-b", "c"]);
}

#[test]
fn russian_and_czech_counts_take_their_plural_forms() {
    let cards = |locale: Locale| {
        [1, 2, 5, 21, 22, 25, 0]
            .map(|n| locale.message_count("cards-count", n))
            .join(", ")
    };
    assert_eq!(
        cards(Locale::Ru),
        "1 карта, 2 карты, 5 карт, 21 карта, 22 карты, 25 карт, 0 карт"
    );
    assert_eq!(
        cards(Locale::Cs),
        "1 karta, 2 karty, 5 karet, 21 karet, 22 karet, 25 karet, 0 karet"
    );
    assert_eq!(
        cards(Locale::En),
        "1 card, 2 cards, 5 cards, 21 cards, 22 cards, 25 cards, 0 cards"
    );
}

#[test]
fn a_missing_message_falls_back_to_english_then_to_its_id() {
    assert_eq!(Locale::Ru.message("language-name"), "Русский");
    assert_eq!(Locale::Cs.message("language-label"), "Jazyk");
    assert_eq!(Locale::Cs.message("no-such-message"), "no-such-message");
}
