//! A JSON body the API cannot take, in words: axum's rejection of a body that is not JSON, of
//! the wrong shape or sent without `Content-Type: application/json`, turned into the API's error
//! with a detail a person reads ("the field \"opponents\" is missing", "\"matches\" must be a
//! whole number, not the string \"3\"") instead of the deserializer's own message.

use std::error::Error;

use axum::extract::rejection::JsonRejection;
use axum::http::StatusCode;

use super::ApiError;

/// The deserializer's error under a body that read as JSON but not as the route's shape.
type DataError = serde_path_to_error::Error<serde_json::Error>;

impl From<JsonRejection> for ApiError {
    fn from(rejection: JsonRejection) -> ApiError {
        let status = rejection.status();
        match &rejection {
            JsonRejection::JsonDataError(_) => {
                ApiError::new(status, "bad_json", shape_detail(&rejection))
            }
            JsonRejection::JsonSyntaxError(_) => {
                ApiError::new(status, "bad_json", syntax_detail(&rejection))
            }
            JsonRejection::MissingJsonContentType(_) => ApiError::new(
                status,
                "unsupported_media_type",
                "send the body as JSON, with the header Content-Type: application/json",
            ),
            _ => {
                let kind = match status {
                    StatusCode::PAYLOAD_TOO_LARGE => "too_large",
                    _ => "bad_json",
                };
                ApiError::new(status, kind, rejection.body_text())
            }
        }
    }
}

/// The serde error under `rejection`, where there is one.
fn data_error(rejection: &JsonRejection) -> Option<&DataError> {
    let boxed = rejection.source()?.source()?;
    boxed.downcast_ref::<DataError>()
}

/// `error`'s message without the position serde_json appends (" at line 1 column 13").
fn message(error: &serde_json::Error) -> String {
    let text = error.to_string();
    let at = format!(" at line {} column {}", error.line(), error.column());
    text.strip_suffix(&at).unwrap_or(&text).to_string()
}

/// A body of the wrong shape, in words.
fn shape_detail(rejection: &JsonRejection) -> String {
    let Some(error) = data_error(rejection) else {
        return rejection.body_text();
    };
    let path = error.path().to_string();
    let field = match path.as_str() {
        "." | "" => None,
        path => Some(path),
    };
    format!(
        "the body does not fit: {}",
        shape_words(field, &message(error.inner()))
    )
}

/// serde's message `text` about `field` (None: the body itself) in plain words.
fn shape_words(field: Option<&str>, text: &str) -> String {
    let quoted = |name: &str| format!("\"{}\"", name.trim_matches('`'));
    if let Some(name) = text.strip_prefix("missing field ") {
        let name = quoted(name);
        return match field {
            Some(at) => format!("the field {name} of \"{at}\" is missing"),
            None => format!("the field {name} is missing"),
        };
    }
    if let Some(rest) = text.strip_prefix("unknown field ") {
        let (name, expected) = rest.split_once(", expected ").unwrap_or((rest, ""));
        let known = expected
            .trim_start_matches("one of ")
            .split(", ")
            .filter(|n| !n.is_empty())
            .map(quoted)
            .collect::<Vec<_>>();
        return match known.is_empty() {
            true => format!("there is no field {} here", quoted(name)),
            false => format!(
                "there is no field {} here; the fields are {}",
                quoted(name),
                known.join(", ")
            ),
        };
    }
    let mismatch = text
        .strip_prefix("invalid type: ")
        .or_else(|| text.strip_prefix("invalid value: "));
    if let Some((got, wanted)) = mismatch.and_then(|rest| rest.split_once(", expected ")) {
        let subject = field.map_or_else(|| "the body".to_string(), |f| format!("\"{f}\""));
        return format!(
            "{subject} must be {}, not {}",
            kind_words(wanted),
            value_words(got)
        );
    }
    match field {
        Some(at) => format!("\"{at}\": {}", text.replace('`', "\"")),
        None => text.replace('`', "\""),
    }
}

/// What serde expected, in words.
fn kind_words(wanted: &str) -> String {
    match wanted {
        "u8" | "u16" | "u32" | "u64" | "usize" => "a whole number, 0 or more".into(),
        "i8" | "i16" | "i32" | "i64" | "isize" => "a whole number".into(),
        "f32" | "f64" => "a number".into(),
        "a sequence" => "a list".into(),
        "a map" => "an object".into(),
        other if other.starts_with("struct ") => "an object".into(),
        other => other.replace('`', "\""),
    }
}

/// What serde found, in words.
fn value_words(got: &str) -> String {
    if let Some(number) = got
        .strip_prefix("integer ")
        .or_else(|| got.strip_prefix("floating point "))
    {
        return format!("the number {}", number.trim_matches('`'));
    }
    if let Some(flag) = got.strip_prefix("boolean ") {
        return flag.trim_matches('`').to_string();
    }
    match got {
        "sequence" => "a list".into(),
        "map" => "an object".into(),
        "unit value" | "null" => "null".into(),
        other if other.starts_with("string ") => format!("the {other}"),
        other => other.replace('`', "\""),
    }
}

/// A body that is not JSON, in words.
fn syntax_detail(rejection: &JsonRejection) -> String {
    let inner = match data_error(rejection) {
        Some(error) => Some(error.inner()),
        // Trailing characters are found after the value, by serde_json alone.
        None => (rejection.source().and_then(Error::source))
            .and_then(|e| e.downcast_ref::<serde_json::Error>()),
    };
    let Some(inner) = inner else {
        return "the body is not JSON".into();
    };
    if inner.is_eof() && inner.line() == 1 && inner.column() == 0 {
        return "the body is empty: send a JSON object".into();
    }
    format!(
        "the body is not JSON: {} (line {}, column {})",
        message(inner),
        inner.line(),
        inner.column()
    )
}

#[cfg(test)]
mod tests {
    use super::shape_words;

    #[test]
    fn serde_messages_read_as_words() {
        assert_eq!(
            shape_words(None, "missing field `opponents`"),
            "the field \"opponents\" is missing"
        );
        assert_eq!(
            shape_words(None, "unknown field `colour`, expected one of `a`, `b`"),
            "there is no field \"colour\" here; the fields are \"a\", \"b\""
        );
        assert_eq!(
            shape_words(Some("matches"), "invalid type: string \"3\", expected u32"),
            "\"matches\" must be a whole number, 0 or more, not the string \"3\""
        );
        assert_eq!(
            shape_words(Some("opponents"), "invalid type: map, expected a sequence"),
            "\"opponents\" must be a list, not an object"
        );
        assert_eq!(
            shape_words(Some("matches"), "invalid value: integer `-1`, expected u32"),
            "\"matches\" must be a whole number, 0 or more, not the number -1"
        );
    }
}
