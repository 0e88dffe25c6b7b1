//! A JSON body the API cannot take, in words: axum's rejection of a body that is not JSON, of
//! the wrong shape or sent without `Content-Type: application/json`, turned into the API's error
//! with a detail a person reads ("the field \"opponents\" is missing", "\"matches\" must be a
//! whole number, not the string \"3\"") instead of the deserializer's own message.

use std::error::Error;

use axum::extract::rejection::JsonRejection;
use axum::http::StatusCode;

use super::{ApiError, Detail};

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
                Detail::new("api-json-content-type"),
            ),
            _ => {
                let kind = match status {
                    StatusCode::PAYLOAD_TOO_LARGE => "too_large",
                    _ => "bad_json",
                };
                ApiError::new(status, kind, Detail::english(rejection.body_text()))
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

/// Text as it came (a name, a value, or serde's own words where the API has none).
fn text(text: impl std::fmt::Display) -> Detail {
    Detail::new("api-text").text("text", text)
}

/// A body of the wrong shape, in words.
fn shape_detail(rejection: &JsonRejection) -> Detail {
    let Some(error) = data_error(rejection) else {
        return Detail::english(rejection.body_text());
    };
    let path = error.path().to_string();
    let field = match path.as_str() {
        "." | "" => None,
        path => Some(path),
    };
    let words = shape_words(field, &message(error.inner()));
    Detail::new("api-json-shape").words("words", words)
}

/// serde's message `text` about `field` (None: the body itself) in plain words.
fn shape_words(field: Option<&str>, text: &str) -> Detail {
    let quoted = |name: &str| format!("\"{}\"", name.trim_matches('`'));
    if let Some(name) = text.strip_prefix("missing field ") {
        let name = quoted(name);
        return match field {
            Some(at) => Detail::new("api-json-missing-field-of")
                .text("name", name)
                .text("at", quoted(at)),
            None => Detail::new("api-json-missing-field").text("name", name),
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
        let detail = match known.is_empty() {
            true => Detail::new("api-json-unknown-field"),
            false => Detail::new("api-json-unknown-field-known").text("known", known.join(", ")),
        };
        return detail.text("name", quoted(name));
    }
    let mismatch = text
        .strip_prefix("invalid type: ")
        .or_else(|| text.strip_prefix("invalid value: "));
    if let Some((got, wanted)) = mismatch.and_then(|rest| rest.split_once(", expected ")) {
        let detail = match field {
            Some(at) => Detail::new("api-json-field-must-be").text("field", quoted(at)),
            None => Detail::new("api-json-body-must-be"),
        };
        return detail
            .words("wanted", kind_words(wanted))
            .words("got", value_words(got));
    }
    match field {
        Some(at) => Detail::new("api-json-field-says")
            .text("field", quoted(at))
            .text("text", text.replace('`', "\"")),
        None => self::text(text.replace('`', "\"")),
    }
}

/// What serde expected, in words.
fn kind_words(wanted: &str) -> Detail {
    let id = match wanted {
        "u8" | "u16" | "u32" | "u64" | "usize" => "api-json-kind-count",
        "i8" | "i16" | "i32" | "i64" | "isize" => "api-json-kind-integer",
        "f32" | "f64" => "api-json-kind-number",
        "a sequence" => "api-json-kind-list",
        "a map" => "api-json-kind-object",
        "a string" => "api-json-kind-string",
        "a boolean" => "api-json-kind-boolean",
        other if other.starts_with("struct ") => "api-json-kind-object",
        other => return text(other.replace('`', "\"")),
    };
    Detail::new(id)
}

/// What serde found, in words.
fn value_words(got: &str) -> Detail {
    if let Some(number) = got
        .strip_prefix("integer ")
        .or_else(|| got.strip_prefix("floating point "))
    {
        return Detail::new("api-json-got-number").text("number", number.trim_matches('`'));
    }
    if let Some(flag) = got.strip_prefix("boolean ") {
        return text(flag.trim_matches('`'));
    }
    if let Some(string) = got.strip_prefix("string ") {
        return Detail::new("api-json-got-string").text("string", string);
    }
    match got {
        "sequence" => Detail::new("api-json-got-list"),
        "map" => Detail::new("api-json-got-object"),
        "unit value" | "null" => text("null"),
        other => text(other.replace('`', "\"")),
    }
}

/// A body that is not JSON, in words.
fn syntax_detail(rejection: &JsonRejection) -> Detail {
    let inner = match data_error(rejection) {
        Some(error) => Some(error.inner()),
        // Trailing characters are found after the value, by serde_json alone.
        None => (rejection.source().and_then(Error::source))
            .and_then(|e| e.downcast_ref::<serde_json::Error>()),
    };
    let Some(inner) = inner else {
        return Detail::new("api-json-not-json");
    };
    if inner.is_eof() && inner.line() == 1 && inner.column() == 0 {
        return Detail::new("api-json-empty");
    }
    Detail::new("api-json-syntax")
        .words("reason", syntax_words(&message(inner)))
        .number("line", inner.line() as u64)
        .number("column", inner.column() as u64)
}

/// serde_json's words for what broke the syntax, in the API's where it has them.
fn syntax_words(serde: &str) -> Detail {
    let id = match serde {
        "expected value" => "api-json-expected-value",
        "trailing characters" => "api-json-trailing-characters",
        "trailing comma" => "api-json-trailing-comma",
        "key must be a string" => "api-json-key-string",
        "expected `:`" => "api-json-expected-colon",
        "expected `,` or `}`" => "api-json-expected-comma-brace",
        "expected `,` or `]`" => "api-json-expected-comma-bracket",
        "EOF while parsing a value" => "api-json-eof-value",
        "EOF while parsing an object" => "api-json-eof-object",
        "EOF while parsing a list" => "api-json-eof-list",
        "EOF while parsing a string" => "api-json-eof-string",
        "invalid number" => "api-json-invalid-number",
        "invalid escape" => "api-json-invalid-escape",
        other => return text(other),
    };
    Detail::new(id)
}

#[cfg(test)]
mod tests {
    use super::{shape_words, syntax_words};
    use crate::locale::Locale;

    fn words(field: Option<&str>, text: &str) -> String {
        shape_words(field, text).render(Locale::En)
    }

    #[test]
    fn serde_messages_read_as_words() {
        assert_eq!(
            words(None, "missing field `opponents`"),
            "the field \"opponents\" is missing"
        );
        assert_eq!(
            words(None, "unknown field `colour`, expected one of `a`, `b`"),
            "there is no field \"colour\" here; the fields are \"a\", \"b\""
        );
        assert_eq!(
            words(Some("matches"), "invalid type: string \"3\", expected u32"),
            "\"matches\" must be a whole number, 0 or more, not the string \"3\""
        );
        assert_eq!(
            words(Some("opponents"), "invalid type: map, expected a sequence"),
            "\"opponents\" must be a list, not an object"
        );
        assert_eq!(
            words(Some("matches"), "invalid value: integer `-1`, expected u32"),
            "\"matches\" must be a whole number, 0 or more, not the number -1"
        );
    }

    #[test]
    fn serde_messages_read_as_words_in_russian_and_czech() {
        let ru = shape_words(Some("matches"), "invalid type: string \"3\", expected u32");
        assert_eq!(
            ru.render(Locale::Ru),
            "поле \"matches\" должно быть целым числом от 0 и больше, а не строкой \"3\""
        );
        let cs = shape_words(None, "missing field `opponents`");
        assert_eq!(cs.render(Locale::Cs), "chybí pole \"opponents\"");
        assert_eq!(
            syntax_words("expected value").render(Locale::Cs),
            "čekala se hodnota"
        );
        // serde's words the API has none for stay as serde wrote them.
        assert_eq!(
            syntax_words("recursion limit exceeded").render(Locale::Ru),
            "recursion limit exceeded"
        );
    }
}
