//! JSON Schemas (draft 2020-12) of what a game puts on the wire: its options, a seat's view, an
//! action and the outcome, generated from the Rust types with schemars.
//!
//! Each schema is standalone (its own `$defs`). What the server writes (views, outcomes) is
//! described as serialised, so every field it always writes is required, `null` included; what
//! a bot or an organiser sends (actions, options) as deserialised, so a field with a default
//! may be left out. Objects take no property their type does not have, and integers no value
//! their Rust type cannot hold.

use schemars::generate::SchemaSettings;
use schemars::transform::RecursiveTransform;
use schemars::{JsonSchema, Schema, SchemaGenerator};
use serde_json::{Value, json};

use crate::game::{Game, Outcome};

/// A generator of draft 2020-12 schemas of values as they are serialised.
pub fn for_serialize() -> SchemaGenerator {
    SchemaSettings::draft2020_12()
        .for_serialize()
        .with_transform(RecursiveTransform(integer_bounds as fn(&mut Schema)))
        .into_generator()
}

/// A generator of draft 2020-12 schemas of values as they are deserialised.
pub fn for_deserialize() -> SchemaGenerator {
    SchemaSettings::draft2020_12()
        .for_deserialize()
        .with_transform(RecursiveTransform(integer_bounds as fn(&mut Schema)))
        .into_generator()
}

/// Bounds an integer by its Rust type: schemars names the type in `format` (`"uint32"`), which
/// validators need not check, so `minimum` and `maximum` say it too where nothing narrower does.
fn integer_bounds(schema: &mut Schema) {
    let (min, max) = match schema.get("format").and_then(Value::as_str) {
        Some("uint8") => (json!(0), json!(u8::MAX)),
        Some("uint16") => (json!(0), json!(u16::MAX)),
        Some("uint32") => (json!(0), json!(u32::MAX)),
        Some("uint64" | "uint") => (json!(0), json!(u64::MAX)),
        Some("int8") => (json!(i8::MIN), json!(i8::MAX)),
        Some("int16") => (json!(i16::MIN), json!(i16::MAX)),
        Some("int32") => (json!(i32::MIN), json!(i32::MAX)),
        Some("int64" | "int") => (json!(i64::MIN), json!(i64::MAX)),
        _ => return,
    };
    if let Some(object) = schema.as_object_mut() {
        object.entry("minimum").or_insert(min);
        object.entry("maximum").or_insert(max);
    }
}

/// The schema of `T` as serialised (the server writes it).
pub fn serialized<T: JsonSchema + ?Sized>() -> Value {
    for_serialize().into_root_schema_for::<T>().to_value()
}

/// The schema of `T` as deserialised (the server reads it).
pub fn deserialized<T: JsonSchema + ?Sized>() -> Value {
    for_deserialize().into_root_schema_for::<T>().to_value()
}

/// The schema of `G`'s options as a match accepts them (`{}` gives the defaults).
pub fn options<G: Game>() -> Value {
    deserialized::<G::Options>()
}

/// The schema of a seat's view of `G`, as a bot receives it.
pub fn view<G: Game>() -> Value {
    serialized::<G::View>()
}

/// The schema of one of `G`'s actions, as `legal_actions` lists it and a bot may answer it.
pub fn action<G: Game>() -> Value {
    deserialized::<G::Action>()
}

/// The schema of a finished game's outcome (every game's is the same).
pub fn outcome() -> Value {
    serialized::<Outcome>()
}
