//! JSON Schemas (draft 2020-12) of what a game puts on the wire: its options, a seat's view, an
//! action and the outcome, generated from the Rust types with schemars.
//!
//! Each schema is standalone (its own `$defs`). What the server writes (views, outcomes) is
//! described as serialised, so every field it always writes is required, `null` included; what
//! a bot or an organiser sends (actions, options) as deserialised, so a field with a default
//! may be left out. Objects take no property their type does not have.

use schemars::generate::SchemaSettings;
use schemars::{JsonSchema, SchemaGenerator};
use serde_json::Value;

use crate::game::{Game, Outcome};

/// A generator of draft 2020-12 schemas of values as they are serialised.
pub fn for_serialize() -> SchemaGenerator {
    SchemaSettings::draft2020_12()
        .for_serialize()
        .into_generator()
}

/// A generator of draft 2020-12 schemas of values as they are deserialised.
pub fn for_deserialize() -> SchemaGenerator {
    SchemaSettings::draft2020_12()
        .for_deserialize()
        .into_generator()
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
