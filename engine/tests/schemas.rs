//! The JSON Schemas of every game (`cardarena_engine::schema`) against what serde really writes
//! and reads:
//!
//! - every seat's view at every step of random games of every game, at every table size, every
//!   legal action, the outcome and the default options validate;
//! - the schemas are exact where a bot relies on them: a card outside the pack's names, an
//!   unknown `kind`, a missing field or a property the type does not have fails, and of every
//!   legal action's mutations (a field dropped, a value changed, the `kind` swapped, a property
//!   added) none passes the action schema that serde would refuse; those that only drop or
//!   change a field pass exactly when serde reads them;
//! - every field a view holds is required by its schema, and every `kind` the action schema
//!   names is one random play reaches;
//! - every schema is itself a valid draft 2020-12 schema.

use std::collections::BTreeSet;

use cardarena_engine::games::{
    bridge::Bridge, durak::Durak, durak_duel::DurakDuel, fifty_six::FiftySix, most::Most,
    prsi::Prsi,
};
use cardarena_engine::shuffle::{RiffleShuffle, ShuffleModel, below, rng};
use cardarena_engine::{Card, Game, schema};
use jsonschema::Validator;
use serde_json::{Value, json};

/// A validator for `schema`, which must itself be a valid draft 2020-12 schema.
fn validator(schema: &Value) -> Validator {
    assert_eq!(
        schema["$schema"], "https://json-schema.org/draft/2020-12/schema",
        "{schema}"
    );
    jsonschema::meta::validate(schema).unwrap_or_else(|e| panic!("not a valid schema: {e}"));
    jsonschema::draft202012::new(schema).unwrap()
}

/// Asserts that `instance` validates, naming the first error.
fn assert_valid(validator: &Validator, instance: &Value, what: &str) {
    if let Err(error) = validator.validate(instance) {
        panic!(
            "{what} fails its schema at {}: {error}\n{instance}",
            error.instance_path()
        );
    }
}

/// Every `kind` an action schema names (the `const` of each variant's tag).
fn kinds(action_schema: &Value) -> BTreeSet<String> {
    action_schema["oneOf"]
        .as_array()
        .expect("an action schema is a oneOf of tagged variants")
        .iter()
        .map(|variant| {
            variant["properties"]["kind"]["const"]
                .as_str()
                .expect("every variant has a constant kind")
                .to_string()
        })
        .collect()
}

/// The strings of a JSON array (a schema's `required`).
fn names(array: &Value) -> BTreeSet<String> {
    array
        .as_array()
        .unwrap()
        .iter()
        .map(|name| name.as_str().unwrap().to_string())
        .collect()
}

/// One game's schemas, compiled, and what the random games showed of them.
struct Checker<G: Game> {
    view: Validator,
    view_required: BTreeSet<String>,
    action: Validator,
    outcome: Validator,
    kinds: BTreeSet<String>,
    seen_kinds: BTreeSet<String>,
    views: usize,
    actions: usize,
    _game: std::marker::PhantomData<G>,
}

impl<G: Game> Checker<G> {
    fn new() -> Self {
        let action = schema::action::<G>();
        let view = schema::view::<G>();
        Checker {
            view: validator(&view),
            view_required: names(&view["required"]),
            action: validator(&action),
            outcome: validator(&schema::outcome()),
            kinds: kinds(&action),
            seen_kinds: BTreeSet::new(),
            views: 0,
            actions: 0,
            _game: std::marker::PhantomData,
        }
    }

    /// Plays a random game from `seed`, checking every seat's view at every step, every legal
    /// action and the outcome.
    fn play(&mut self, options: &G::Options, players: usize, seed: u64) {
        let mut game = G::new(options, players, seed).unwrap();
        let mut rng = rng(seed ^ 0x5c_4e3a);
        let mut legal = Vec::new();
        loop {
            for seat in 0..players {
                let view = serde_json::to_value(game.view(seat)).unwrap();
                assert_valid(&self.view, &view, &format!("{} view", G::ID));
                let written: BTreeSet<String> = view.as_object().unwrap().keys().cloned().collect();
                assert_eq!(
                    written,
                    self.view_required,
                    "{}: every field a view holds is required, and no other",
                    G::ID
                );
                self.views += 1;
            }
            if game.to_act().is_none() {
                break;
            }
            game.legal_actions_into(&mut legal);
            for action in &legal {
                let json = serde_json::to_value(action).unwrap();
                assert_valid(&self.action, &json, &format!("{} action", G::ID));
                self.seen_kinds
                    .insert(json["kind"].as_str().unwrap().to_string());
                self.check_mutations(&json);
                self.actions += 1;
            }
            let action = legal[below(&mut rng, legal.len())].clone();
            game.apply(&action).unwrap();
        }
        let outcome = serde_json::to_value(game.outcome().unwrap()).unwrap();
        assert_valid(&self.outcome, &outcome, &format!("{} outcome", G::ID));
    }

    /// Checks the action schema against serde on mutations of one legal action.
    fn check_mutations(&self, action: &Value) {
        let object = action.as_object().unwrap();
        let mut exact = Vec::new();
        for key in object.keys() {
            let mut dropped = action.clone();
            dropped.as_object_mut().unwrap().remove(key);
            exact.push(dropped);
            for bad in [json!("11X"), json!("10H"), json!(3), json!(null), json!([])] {
                let mut changed = action.clone();
                changed[key] = bad;
                exact.push(changed);
            }
        }
        for mutated in &exact {
            let serde_reads = serde_json::from_value::<G::Action>(mutated.clone()).is_ok();
            assert_eq!(
                self.action.is_valid(mutated),
                serde_reads,
                "{} action schema and serde disagree on {mutated}",
                G::ID
            );
        }
        let mut loose = Vec::new();
        for kind in &self.kinds {
            let mut swapped = action.clone();
            swapped["kind"] = json!(kind);
            loose.push(swapped);
        }
        let mut extra = action.clone();
        extra["mood"] = json!(7);
        assert!(
            !self.action.is_valid(&extra),
            "{} action schema takes an unknown property: {extra}",
            G::ID
        );
        loose.push(extra);
        for mutated in &loose {
            if self.action.is_valid(mutated) {
                assert!(
                    serde_json::from_value::<G::Action>(mutated.clone()).is_ok(),
                    "{} action schema takes what serde refuses: {mutated}",
                    G::ID
                );
            }
        }
    }

    /// Checks the options schema, then plays `seeds` games at every table size with each of
    /// `options`; asserts that thousands of views were checked and every kind was reached.
    fn run(mut self, options: &[G::Options], seeds: u64) {
        let options_schema = validator(&schema::options::<G>());
        for given in options {
            let json = serde_json::to_value(given).unwrap();
            assert_valid(&options_schema, &json, &format!("{} options", G::ID));
        }
        assert_valid(&options_schema, &json!({}), "empty options");
        for bad in [
            json!({"colour": "blue"}),
            json!({"shuffle": {"kind": "overhand"}}),
            json!({"shuffle": {"kind": "riffle", "riffles": 0}}),
            json!({"shuffle": {"kind": "riffle", "packet": 14}}),
            json!({"shuffle": {"kind": "uniform", "riffles": 3}}),
            json!([]),
        ] {
            assert!(
                !options_schema.is_valid(&bad),
                "{} options schema takes {bad}",
                G::ID
            );
        }
        for given in options {
            for players in G::PLAYERS.counts() {
                for seed in 0..seeds {
                    self.play(given, players, seed);
                }
            }
        }
        assert!(
            self.views >= 2_000 && self.actions >= 1_000,
            "{}: only {} views and {} actions checked",
            G::ID,
            self.views,
            self.actions
        );
        assert_eq!(
            self.seen_kinds,
            self.kinds,
            "{}: the action kinds random play reached are not the schema's",
            G::ID
        );
    }
}

/// The default options and the same with a riffle shuffle, as `G`'s options JSON allows; for
/// a game of several deals with `single_deal`, the riffled one plays a single deal.
fn with_riffle<G: Game>() -> Vec<G::Options> {
    let mut riffled = serde_json::to_value(G::Options::default()).unwrap();
    riffled["shuffle"] = serde_json::to_value(ShuffleModel::Riffle(RiffleShuffle {
        riffles: 2,
        cut: true,
        packet: 3,
    }))
    .unwrap();
    if riffled.get("single_deal").is_some() {
        riffled["single_deal"] = json!(true);
    }
    vec![
        G::Options::default(),
        serde_json::from_value(riffled).unwrap(),
    ]
}

#[test]
fn durak_views_actions_and_outcomes_fit_the_schemas() {
    Checker::<Durak>::new().run(&with_riffle::<Durak>(), 6);
}

#[test]
fn bridge_views_actions_and_outcomes_fit_the_schemas() {
    Checker::<Bridge>::new().run(&with_riffle::<Bridge>(), 1);
}

#[test]
fn durak_duel_views_actions_and_outcomes_fit_the_schemas() {
    Checker::<DurakDuel>::new().run(&with_riffle::<DurakDuel>(), 12);
}

#[test]
fn prsi_views_actions_and_outcomes_fit_the_schemas() {
    Checker::<Prsi>::new().run(&with_riffle::<Prsi>(), 6);
}

#[test]
fn most_views_actions_and_outcomes_fit_the_schemas() {
    Checker::<Most>::new().run(&with_riffle::<Most>(), 1);
}

#[test]
fn fifty_six_views_actions_and_outcomes_fit_the_schemas() {
    Checker::<FiftySix>::new().run(&with_riffle::<FiftySix>(), 3);
}

#[test]
fn the_card_schema_names_every_card_exactly() {
    let card = validator(&schema::serialized::<Card>());
    let mut names = BTreeSet::new();
    for index in 0..54 {
        let json = serde_json::to_value(Card::from_index(index).unwrap()).unwrap();
        assert_valid(&card, &json, "a card");
        names.insert(json.as_str().unwrap().to_string());
    }
    assert_eq!(names.len(), 54);
    for bad in ["11X", "1H", "10", "H", "ah", "10HH", "JJ", "", "RJ ", "0C"] {
        assert!(!card.is_valid(&json!(bad)), "{bad:?} passes as a card");
        assert!(bad.parse::<Card>().is_err());
    }
    assert!(!card.is_valid(&json!(12)));
}

#[test]
fn mutated_actions_fail_their_schemas() {
    let durak = validator(&schema::action::<Durak>());
    assert!(durak.is_valid(&json!({"kind": "attack", "card": "10C"})));
    assert!(durak.is_valid(&json!({"kind": "take"})));
    for bad in [
        json!({"kind": "attack", "card": "11X"}),
        json!({"kind": "attack"}),
        json!({"kind": "fly"}),
        json!({"card": "10C"}),
        json!({"kind": "take", "card": "10C"}),
        json!("take"),
    ] {
        assert!(!durak.is_valid(&bad), "durak action schema takes {bad}");
    }
    let prsi = validator(&schema::action::<Prsi>());
    assert!(prsi.is_valid(&json!({"kind": "play", "cards": ["QS"], "suit": "D"})));
    assert!(prsi.is_valid(&json!({"kind": "play", "cards": ["10H", "10C"]})));
    for bad in [
        json!({"kind": "play", "cards": ["QS"], "suit": "X"}),
        json!({"kind": "play", "cards": ["11X"]}),
        json!({"kind": "play", "cards": vec![json!("7C"); 14]}),
    ] {
        assert!(!prsi.is_valid(&bad), "prsi action schema takes {bad}");
    }
    let most = validator(&schema::action::<Most>());
    let meld = json!({"kind": "meld", "cards": ["3D", "5D"], "jokers": [{"joker": "RJ", "stands_for": "4D"}]});
    assert!(most.is_valid(&meld));
    let mut three_jokers = meld.clone();
    three_jokers["jokers"] = Value::Array(vec![json!({"joker": "RJ", "stands_for": "4D"}); 3]);
    assert!(!most.is_valid(&three_jokers));
}

#[test]
fn outcomes_need_every_field_and_a_place_from_one() {
    let outcome = validator(&schema::outcome());
    assert!(
        outcome.is_valid(&json!({"seats": [{"rank": 1, "score": 1.0}, {"rank": 2, "score": -3}]}))
    );
    for bad in [
        json!({"seats": [{"rank": 0, "score": 1.0}]}),
        json!({"seats": [{"rank": 1}]}),
        json!({"seats": [{"rank": 1, "score": 1.0, "bonus": 2}]}),
        json!({}),
    ] {
        assert!(!outcome.is_valid(&bad), "the outcome schema takes {bad}");
    }
}
