//! The scripts' catalog against Fluent itself: every locale compiles with nothing left out, and
//! `/static/fluent.js`, run in Node over the compiled JSON, renders every message exactly as
//! `fluent-bundle` does, with counts chosen to reach every plural form of each language.

use std::collections::BTreeMap;
use std::io::Write;
use std::process::{Command, Stdio};

use fluent_bundle::{FluentArgs, FluentValue};
use serde_json::{Value, json};

use super::compile;
use crate::l10n::CATALOGS;
use crate::locale::Locale;

/// Counts that reach every plural category of English, Russian and Czech (one, few, many, other)
/// and the exact-number variants a message may have.
const COUNTS: [i64; 12] = [0, 1, 2, 3, 4, 5, 11, 12, 21, 22, 25, 101];

#[test]
fn every_locale_compiles_whole() {
    for (locale, files) in CATALOGS {
        let (messages, errors) = compile(files);
        assert!(errors.is_empty(), "{}: {errors:?}", locale.code());
        assert!(!messages.is_empty());
    }
}

#[test]
fn compiled_patterns_keep_text_variables_and_choices() {
    let (messages, errors) = compile(&[(
        "t.ftl",
        "-brand = cardarena\nhi = Hello { $name }, { -brand }{ \"!\" }\n\
         n = { $count ->\n    [0] none\n    [one] { $count } card\n   *[other] { $count } cards\n}\n",
    )]);
    assert!(errors.is_empty(), "{errors:?}");
    assert_eq!(
        messages["hi"],
        json!(["Hello ", {"v": "name"}, ", cardarena!"])
    );
    assert_eq!(
        messages["n"],
        json!([{"s": "count", "k": ["0", "one", "other"],
                "p": [["none"], [{"v": "count"}, " card"], [{"v": "count"}, " cards"]], "d": 2}])
    );
    let (_, errors) = compile(&[("t.ftl", "x = { DATETIME($d) }\n")]);
    assert_eq!(errors.len(), 1, "{errors:?}");
}

/// One rendering to compare: a locale, a message and its arguments.
struct Case {
    locale: Locale,
    id: String,
    args: BTreeMap<String, Value>,
}

#[test]
fn the_script_renders_every_message_as_fluent_does() {
    let mut cases = Vec::new();
    for (locale, files) in CATALOGS {
        let (messages, _) = compile(files);
        for (id, pattern) in &messages {
            let mut vars = BTreeMap::new();
            collect(pattern, &mut vars);
            // Each variable at each of its values in turn, the others at their first.
            let first: BTreeMap<String, Value> = vars
                .iter()
                .map(|(name, values)| (name.clone(), values[0].clone()))
                .collect();
            cases.push(Case {
                locale,
                id: id.clone(),
                args: first.clone(),
            });
            for (name, values) in &vars {
                for value in &values[1..] {
                    let mut args = first.clone();
                    args.insert(name.clone(), value.clone());
                    cases.push(Case {
                        locale,
                        id: id.clone(),
                        args,
                    });
                }
            }
        }
    }
    let script = rendered_by_script(&cases);
    assert_eq!(script.len(), cases.len());
    let mut differ = Vec::new();
    for (case, by_script) in cases.iter().zip(&script) {
        let mut args = FluentArgs::new();
        for (name, value) in &case.args {
            match value {
                Value::Number(n) => args.set(name.clone(), FluentValue::from(n.as_i64().unwrap())),
                other => args.set(
                    name.clone(),
                    FluentValue::from(other.as_str().unwrap().to_string()),
                ),
            }
        }
        let by_fluent = case.locale.message_with(&case.id, Some(&args));
        if by_fluent != *by_script {
            differ.push(format!(
                "{} {} {:?}: Fluent {by_fluent:?}, script {by_script:?}",
                case.locale.code(),
                case.id,
                case.args
            ));
        }
    }
    assert!(
        differ.is_empty(),
        "{} differ:\n{}",
        differ.len(),
        differ.join("\n")
    );
    assert!(cases.len() > 100, "{} cases", cases.len());
}

/// The values to try for each variable of a compiled pattern: counts for one chosen by number
/// (plural categories or numbers as keys), each key and one more for one chosen by a word, a
/// name for one only shown.
fn collect(pattern: &Value, vars: &mut BTreeMap<String, Vec<Value>>) {
    for part in pattern.as_array().into_iter().flatten() {
        if let Some(name) = part.get("v").and_then(Value::as_str) {
            vars.entry(name.to_string())
                .or_insert_with(|| vec![json!(format!("<{name}>"))]);
        } else if let Some(name) = part.get("s").and_then(Value::as_str) {
            let keys: Vec<&str> = part["k"]
                .as_array()
                .unwrap()
                .iter()
                .map(|k| k.as_str().unwrap())
                .collect();
            let numeric = keys.iter().any(|k| {
                ["zero", "one", "two", "few", "many", "other"].contains(k)
                    || k.parse::<f64>().is_ok()
            }) && keys.iter().all(|k| {
                ["zero", "one", "two", "few", "many", "other"].contains(k)
                    || k.parse::<f64>().is_ok()
            });
            let values: Vec<Value> = if numeric {
                COUNTS.iter().map(|&n| json!(n)).collect()
            } else {
                keys.iter()
                    .map(|k| json!(k))
                    .chain([json!("none-of-these")])
                    .collect()
            };
            vars.insert(name.to_string(), values);
            for p in part["p"].as_array().unwrap() {
                collect(p, vars);
            }
        }
    }
}

/// Each case rendered by `/static/fluent.js` in Node, over the served catalogs.
fn rendered_by_script(cases: &[Case]) -> Vec<String> {
    let module = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("static/fluent.js");
    let catalogs: BTreeMap<&str, Value> = Locale::ALL
        .iter()
        .map(|l| {
            (
                l.code(),
                serde_json::from_str(&l.script_catalog().json).unwrap(),
            )
        })
        .collect();
    let input = json!({
        "catalogs": catalogs,
        "cases": cases.iter().map(|c| json!([c.locale.code(), c.id, c.args])).collect::<Vec<_>>(),
    });
    let program = format!(
        "import {{ catalog, format }} from {module:?};\n\
         process.stdin.setEncoding('utf8'); let text = ''; for await (const chunk of process.stdin) text += chunk;\n\
         const input = JSON.parse(text);\n\
         const cats = Object.fromEntries(Object.entries(input.catalogs).map(([k, v]) => [k, catalog(v)]));\n\
         process.stdout.write(JSON.stringify(input.cases.map(([l, id, args]) => format(cats[l], id, args))));",
        module = format!("file://{}", module.display())
    );
    let mut node = Command::new("node")
        .args(["--input-type=module", "-e", &program])
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .spawn()
        .expect("node runs (the scripts' catalog is checked in Node)");
    node.stdin
        .take()
        .unwrap()
        .write_all(input.to_string().as_bytes())
        .unwrap();
    let out = node.wait_with_output().unwrap();
    assert!(out.status.success(), "node failed");
    serde_json::from_slice(&out.stdout).expect("node prints the renderings as JSON")
}
