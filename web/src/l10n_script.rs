//! The catalog the pages' scripts read: each locale's Fluent messages compiled on first use into
//! JSON that `/static/fluent.js` renders without a Fluent library, served at
//! `/static/messages/<code>.json` with its content's hash in the link (cached for a year).
//!
//! A pattern becomes a list of parts: text (a string), a variable (`{"v": name}`) and a select
//! expression (`{"s": name, "k": [keys], "p": [patterns], "d": default}`), terms and message
//! references written out in place. A number selects a variant by its exact value, then by the
//! plural category the browser's `Intl.PluralRules` gives it, as Fluent does; the tests hold the
//! script's rendering of every message equal to Fluent's own. Anything else Fluent allows
//! (functions other than `NUMBER`, attributes, terms with arguments) is not used by the catalog
//! and fails its test.

use std::collections::HashMap;
use std::io::Write;
use std::sync::LazyLock;

use flate2::Compression;
use flate2::write::GzEncoder;

use fluent_syntax::ast::{
    Entry, Expression, InlineExpression, Pattern, PatternElement, VariantKey,
};
use serde_json::{Map, Value, json};

use crate::l10n::CATALOGS;
use crate::locale::Locale;

/// One locale's catalog for the scripts: its JSON text, the same gzipped (a browser fetches a
/// sixth of the bytes), and the text's hash for the link.
pub struct ScriptCatalog {
    /// `{"locale": "ru", "messages": {id: pattern}}`.
    pub json: String,
    /// `json` gzipped, for a client that accepts gzip.
    pub gzip: Vec<u8>,
    /// The FNV-1a hash of `json`, the link's `?v=`.
    pub version: u64,
}

/// Every locale's script catalog, in [`Locale::ALL`]'s order.
static SCRIPT_CATALOGS: LazyLock<[ScriptCatalog; 3]> = LazyLock::new(|| {
    CATALOGS.map(|(locale, files)| {
        let (messages, errors) = compile(files);
        for error in errors {
            tracing::error!(locale = locale.code(), "script catalog: {error}");
        }
        let json = json!({ "locale": locale.code(), "messages": messages }).to_string();
        let version = cardarena_contest::hash::fnv1a(json.as_bytes());
        let gzip = gzipped(json.as_bytes());
        ScriptCatalog {
            json,
            gzip,
            version,
        }
    })
});

impl Locale {
    /// This locale's catalog for the pages' scripts.
    pub fn script_catalog(self) -> &'static ScriptCatalog {
        &SCRIPT_CATALOGS[self as usize]
    }

    /// Where a page's scripts fetch this locale's catalog: its path with the content's hash.
    pub fn script_catalog_url(self) -> String {
        format!(
            "/static/messages/{}.json?v={}",
            self.code(),
            self.script_catalog().version
        )
    }
}

/// `bytes` gzipped at the best compression (done once, on first use).
fn gzipped(bytes: &[u8]) -> Vec<u8> {
    let mut encoder = GzEncoder::new(Vec::new(), Compression::best());
    // Writing to a Vec cannot fail.
    let _ = encoder.write_all(bytes);
    encoder.finish().unwrap_or_default()
}

/// The messages of one locale's `.ftl` files as the scripts read them, by id, and what could
/// not be compiled (a file that does not parse, a construct the scripts do not render).
pub(crate) fn compile(files: &[(&str, &str)]) -> (Map<String, Value>, Vec<String>) {
    let mut errors = Vec::new();
    let mut messages = HashMap::new();
    let mut terms = HashMap::new();
    let resources: Vec<_> = files
        .iter()
        .map(|(name, text)| {
            let resource = fluent_syntax::parser::parse(*text).unwrap_or_else(|(partial, e)| {
                errors.push(format!("{name} does not parse: {e:?}"));
                partial
            });
            (*name, resource)
        })
        .collect();
    for (_, resource) in &resources {
        for entry in &resource.body {
            match entry {
                Entry::Message(m) => {
                    if let Some(value) = &m.value {
                        messages.insert(m.id.name, value);
                    }
                }
                Entry::Term(t) => {
                    terms.insert(t.id.name, &t.value);
                }
                _ => {}
            }
        }
    }
    let compiler = Compiler {
        messages: &messages,
        terms: &terms,
    };
    let mut out = Map::new();
    let mut ids: Vec<_> = messages.keys().copied().collect();
    ids.sort_unstable();
    for id in ids {
        match compiler.pattern(messages[id], 0) {
            Ok(pattern) => {
                out.insert(id.to_string(), pattern);
            }
            Err(e) => errors.push(format!("{id}: {e}")),
        }
    }
    (out, errors)
}

/// How deep references may nest: deeper is a cycle.
const MAX_DEPTH: usize = 8;

/// The messages and terms a pattern may refer to.
struct Compiler<'a> {
    messages: &'a HashMap<&'a str, &'a Pattern<&'a str>>,
    terms: &'a HashMap<&'a str, &'a Pattern<&'a str>>,
}

impl Compiler<'_> {
    /// A pattern as a list of parts, adjacent text joined.
    fn pattern(&self, pattern: &Pattern<&str>, depth: usize) -> Result<Value, String> {
        if depth > MAX_DEPTH {
            return Err("references nest too deep (a cycle?)".into());
        }
        let mut parts: Vec<Value> = Vec::new();
        for element in &pattern.elements {
            match element {
                PatternElement::TextElement { value } => push(&mut parts, Value::from(*value)),
                PatternElement::Placeable { expression } => {
                    for part in self.expression(expression, depth)? {
                        push(&mut parts, part);
                    }
                }
            }
        }
        Ok(Value::Array(parts))
    }

    /// The parts of one placeable.
    fn expression(
        &self,
        expression: &Expression<&str>,
        depth: usize,
    ) -> Result<Vec<Value>, String> {
        match expression {
            Expression::Inline(inline) => self.inline(inline, depth),
            Expression::Select { selector, variants } => {
                let name = selector_name(selector)?;
                let mut keys = Vec::new();
                let mut patterns = Vec::new();
                let mut default = 0;
                for (i, variant) in variants.iter().enumerate() {
                    keys.push(match &variant.key {
                        VariantKey::Identifier { name } => *name,
                        VariantKey::NumberLiteral { value } => *value,
                    });
                    patterns.push(self.pattern(&variant.value, depth + 1)?);
                    if variant.default {
                        default = i;
                    }
                }
                Ok(vec![
                    json!({ "s": name, "k": keys, "p": patterns, "d": default }),
                ])
            }
        }
    }

    /// The parts of an inline expression: a variable, a literal, or a reference written out.
    fn inline(&self, inline: &InlineExpression<&str>, depth: usize) -> Result<Vec<Value>, String> {
        let referred = |found: Option<&&Pattern<&str>>, what: &str, id: &str| {
            let pattern = found.ok_or_else(|| format!("no {what} {id}"))?;
            match self.pattern(pattern, depth + 1)? {
                Value::Array(parts) => Ok(parts),
                _ => unreachable!("a pattern compiles to a list"),
            }
        };
        match inline {
            InlineExpression::VariableReference { id } => Ok(vec![json!({ "v": id.name })]),
            InlineExpression::StringLiteral { value } => Ok(vec![Value::from(unescape(value)?)]),
            InlineExpression::NumberLiteral { value } => Ok(vec![Value::from(*value)]),
            InlineExpression::FunctionReference { id, arguments }
                if id.name == "NUMBER"
                    && arguments.named.is_empty()
                    && arguments.positional.len() == 1 =>
            {
                self.inline(&arguments.positional[0], depth)
            }
            InlineExpression::MessageReference {
                id,
                attribute: None,
            } => referred(self.messages.get(id.name), "message", id.name),
            InlineExpression::TermReference {
                id,
                attribute: None,
                arguments: None,
            } => referred(self.terms.get(id.name), "term", id.name),
            InlineExpression::Placeable { expression } => self.expression(expression, depth),
            other => Err(format!("the scripts do not render {other:?}")),
        }
    }
}

/// The variable a select expression selects on (`$count`, or `NUMBER($count)`).
fn selector_name<'s>(selector: &InlineExpression<&'s str>) -> Result<&'s str, String> {
    match selector {
        InlineExpression::VariableReference { id } => Ok(id.name),
        InlineExpression::FunctionReference { id, arguments }
            if id.name == "NUMBER" && arguments.positional.len() == 1 =>
        {
            selector_name(&arguments.positional[0])
        }
        other => Err(format!(
            "the scripts select only on a variable, not {other:?}"
        )),
    }
}

/// A string literal's text: Fluent's escapes `\"`, `\\` and `\uXXXX` read.
fn unescape(literal: &str) -> Result<String, String> {
    let mut out = String::new();
    let mut chars = literal.chars();
    while let Some(c) = chars.next() {
        if c != '\\' {
            out.push(c);
            continue;
        }
        match chars.next() {
            Some(c @ ('"' | '\\')) => out.push(c),
            Some('u') => {
                let hex: String = chars.by_ref().take(4).collect();
                let code = u32::from_str_radix(&hex, 16).ok().and_then(char::from_u32);
                out.push(code.ok_or_else(|| format!("bad escape \\u{hex}"))?);
            }
            other => return Err(format!("bad escape \\{other:?}")),
        }
    }
    Ok(out)
}

/// Appends `part`, joining it to the text before it when both are text.
fn push(parts: &mut Vec<Value>, part: Value) {
    if let (Some(Value::String(last)), Value::String(text)) = (parts.last_mut(), &part) {
        last.push_str(text);
        return;
    }
    parts.push(part);
}

#[cfg(test)]
#[path = "l10n_script_tests.rs"]
mod tests;
