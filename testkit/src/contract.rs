//! The API's OpenAPI document as a contract for the tests: every answer the test client gets
//! from `/api` is checked against the document's response for its path, method and status
//! (status documented, content type documented, JSON body valid against the schema).

use std::collections::HashMap;
use std::sync::{Arc, Mutex};

use jsonschema::Validator;
use serde_json::{Map, Value};

/// The document of one server, with its response schemas compiled as they are needed.
pub struct Contract {
    doc: Value,
    compiled: Mutex<HashMap<String, Arc<Validator>>>,
}

impl Contract {
    /// The contract of this OpenAPI document.
    pub fn new(doc: Value) -> Contract {
        Contract {
            doc,
            compiled: Mutex::default(),
        }
    }

    /// The document.
    pub fn doc(&self) -> &Value {
        &self.doc
    }

    /// Whether an answer of `status` with this content type and body to `method path` (a path
    /// under `/api`, query allowed) is one the document describes; the error says how it is not.
    pub fn check(
        &self,
        method: &str,
        path: &str,
        status: u16,
        content_type: Option<&str>,
        body: &Value,
    ) -> Result<(), String> {
        let path = path.split(['?', '#']).next().unwrap_or(path);
        let what = format!("{method} {path} → {status}");
        let Some(template) = self.template_of(path) else {
            // No route: only the fallback's 404 (or the body guard) can answer.
            return self.check_error(&what, status, &[404, 408, 413], body);
        };
        let operation = &self.doc["paths"][template.as_str()][method.to_ascii_lowercase()];
        if operation.is_null() {
            return self.check_error(&what, status, &[405, 408, 413], body);
        }
        let responses = &operation["responses"];
        let response = match responses.get(status.to_string()) {
            Some(response) => response,
            None => {
                return Err(format!(
                    "{what}: status {status} is not documented for {method} {template} \
                     (documented: {}); body {}",
                    keys(responses),
                    short(&body.to_string())
                ));
            }
        };
        let Some(content) = response.get("content").and_then(Value::as_object) else {
            return match body {
                Value::String(text) if text.is_empty() => Ok(()),
                _ => Err(format!(
                    "{what}: documented without a body, answered {body}"
                )),
            };
        };
        let media = content_type.map(|c| c.split(';').next().unwrap_or(c).trim());
        let Some((_, described)) = content
            .iter()
            .find(|(documented, _)| media.is_some_and(|m| documented.split(';').next() == Some(m)))
        else {
            return Err(format!(
                "{what}: content type {content_type:?} is not documented (documented: {})",
                keys(&Value::Object(content.clone()))
            ));
        };
        if media != Some("application/json") {
            return Ok(());
        }
        let Some(schema) = described.get("schema") else {
            return Ok(());
        };
        let key = format!("{template} {method} {status}");
        self.validate(&key, schema, body).map_err(|errors| {
            format!(
                "{what}: the body does not match the document: {errors}; body {}",
                short(&body.to_string())
            )
        })
    }

    /// An error answer: one of `allowed`, with the `ErrorBody` schema.
    fn check_error(
        &self,
        what: &str,
        status: u16,
        allowed: &[u16],
        body: &Value,
    ) -> Result<(), String> {
        if !allowed.contains(&status) {
            return Err(format!(
                "{what}: not a documented route and method, yet not {allowed:?}"
            ));
        }
        let schema = serde_json::json!({"$ref": "#/components/schemas/ErrorBody"});
        self.validate("ErrorBody", &schema, body).map_err(|errors| {
            format!(
                "{what}: not an error body: {errors}; body {}",
                short(&body.to_string())
            )
        })
    }

    /// Validates `body` against `schema`, whose `$ref`s point into the document's components.
    fn validate(&self, key: &str, schema: &Value, body: &Value) -> Result<(), String> {
        let validator = {
            let mut compiled = self.compiled.lock().unwrap();
            match compiled.get(key) {
                Some(validator) => validator.clone(),
                None => {
                    let validator = Arc::new(self.compile(schema)?);
                    compiled.insert(key.to_string(), validator.clone());
                    validator
                }
            }
        };
        let errors: Vec<String> = validator
            .iter_errors(body)
            .take(5)
            .map(|e| {
                format!(
                    "at {:?}: {}",
                    e.instance_path().to_string(),
                    short(&e.to_string())
                )
            })
            .collect();
        match errors.is_empty() {
            true => Ok(()),
            false => Err(errors.join("; ")),
        }
    }

    /// A draft 2020-12 validator of `schema` with the document's components beside it, so
    /// `#/components/schemas/...` resolves in its own root.
    fn compile(&self, schema: &Value) -> Result<Validator, String> {
        let mut root = match schema {
            Value::Object(map) => map.clone(),
            other => return Err(format!("a schema that is not an object: {other}")),
        };
        root.insert("components".into(), self.doc["components"].clone());
        jsonschema::draft202012::new(&Value::Object(root))
            .map_err(|e| format!("the document's schema does not compile: {e}"))
    }

    /// The document's path that `path` is an instance of: same segments, `{param}` matching
    /// any, the one with the most literal segments first.
    fn template_of(&self, path: &str) -> Option<String> {
        let segments: Vec<&str> = path.split('/').collect();
        let paths = self.doc["paths"].as_object()?;
        paths
            .keys()
            .filter_map(|template| {
                let parts: Vec<&str> = template.split('/').collect();
                if parts.len() != segments.len() {
                    return None;
                }
                let mut literal = 0;
                for (part, segment) in parts.iter().zip(&segments) {
                    if part.starts_with('{') && part.ends_with('}') {
                        if segment.is_empty() {
                            return None;
                        }
                    } else if part == segment {
                        literal += 1;
                    } else {
                        return None;
                    }
                }
                Some((literal, template))
            })
            .max_by_key(|(literal, _)| *literal)
            .map(|(_, template)| template.clone())
    }
}

/// `text`, cut to a few hundred characters for a message.
fn short(text: &str) -> String {
    match text.char_indices().nth(400) {
        Some((at, _)) => format!("{}…", &text[..at]),
        None => text.to_string(),
    }
}

fn keys(value: &Value) -> String {
    value
        .as_object()
        .map(Map::keys)
        .map(|k| k.cloned().collect::<Vec<_>>().join(", "))
        .unwrap_or_default()
}
