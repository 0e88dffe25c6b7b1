//! What the fuzz targets share: reading choices from the fuzzer's bytes, dealing any game from
//! them (players and options within the game's ranges, mostly), choosing a legal or an arbitrary
//! action, and the invariants the engine promises ([`cardarena_engine::Game`]'s documentation).

use std::collections::BTreeSet;

use cardarena_engine::shuffle::{RiffleShuffle, ShuffleModel};
use cardarena_engine::{Card, Eye, Game};
use serde_json::{Value, json};

/// The fuzzer's bytes, read front to back; reads past the end give zeros.
#[derive(Debug, Clone)]
pub struct Bytes<'a> {
    data: &'a [u8],
}

impl<'a> Bytes<'a> {
    /// Reads `data`.
    pub fn new(data: &'a [u8]) -> Bytes<'a> {
        Bytes { data }
    }

    /// Whether every byte is read.
    pub fn is_empty(&self) -> bool {
        self.data.is_empty()
    }

    /// The next byte, 0 past the end.
    pub fn byte(&mut self) -> u8 {
        self.take(1).first().copied().unwrap_or(0)
    }

    /// The next eight bytes as a little-endian number, zero-filled past the end.
    pub fn u64(&mut self) -> u64 {
        let mut eight = [0u8; 8];
        let got = self.take(8);
        eight[..got.len()].copy_from_slice(got);
        u64::from_le_bytes(eight)
    }

    /// The next `n` bytes, fewer at the end.
    pub fn take(&mut self, n: usize) -> &'a [u8] {
        let (head, tail) = self.data.split_at(n.min(self.data.len()));
        self.data = tail;
        head
    }

    /// Every byte left.
    pub fn rest(&mut self) -> &'a [u8] {
        self.take(self.data.len())
    }

    /// One of `items` by the next byte; `None` when there are none.
    pub fn pick<'i, T>(&mut self, items: &'i [T]) -> Option<&'i T> {
        let byte = usize::from(self.byte());
        items.get(byte % items.len().max(1))
    }
}

/// A game dealt from the bytes, with what dealt it (the inputs of the stored log's deal).
#[derive(Debug, Clone)]
pub struct Dealt<G> {
    /// The game as dealt.
    pub game: G,
    /// Its options, as JSON.
    pub options: Value,
    /// Its seat count.
    pub players: usize,
    /// Its seed.
    pub seed: u64,
}

/// Deals a game of `G` from the bytes: a seat count the game allows (one byte in 32 asks for
/// any count, to check the refusal), options from [`options`], a seed. `None` when the game
/// refuses the seats or options, which it must do with an error, never a panic.
pub fn deal<G: Game>(bytes: &mut Bytes<'_>) -> Option<Dealt<G>> {
    let counts: Vec<usize> = G::PLAYERS.counts().collect();
    let players = match bytes.byte() {
        0..=7 => usize::from(bytes.byte() % 12),
        _ => *bytes.pick(&counts)?,
    };
    let options = self::options(bytes, serde_json::to_value(G::Options::default()).ok()?);
    let seed = bytes.u64();
    let parsed: G::Options = serde_json::from_value(options.clone()).ok()?;
    let game = G::new(&parsed, players, seed).ok()?;
    Some(Dealt {
        game,
        options,
        players,
        seed,
    })
}

/// A game's options from its defaults' JSON: each number, flag, unset field and shuffle model
/// set from the bytes. Numbers are mostly small or the default, so most options are within the
/// game's ranges and matches stay short; the rest test the game's refusal.
pub fn options(bytes: &mut Bytes<'_>, defaults: Value) -> Value {
    match defaults {
        Value::Object(fields) => Value::Object(
            fields
                .into_iter()
                .map(|(key, value)| {
                    let value = match (key.as_str(), value) {
                        ("shuffle", _) => {
                            let model = shuffle(bytes.byte());
                            options(bytes, model)
                        }
                        (_, value) => options(bytes, value),
                    };
                    (key, value)
                })
                .collect(),
        ),
        Value::Bool(default) => Value::Bool(match bytes.byte() % 3 {
            0 => default,
            n => n == 1,
        }),
        Value::Number(default) => match bytes.byte() {
            byte @ 0..=127 => json!(byte % 8),
            byte @ 128..=223 => json!(byte - 128),
            224..=254 => Value::Number(default),
            255 => json!(bytes.u64() >> (bytes.byte() % 64)),
        },
        Value::Null => match bytes.byte() % 4 {
            0 => json!(bytes.u64() % 10_000),
            _ => Value::Null,
        },
        other => other,
    }
}

/// A shuffle model by a byte: mostly uniform, else a dealer's riffle to vary.
fn shuffle(byte: u8) -> Value {
    let model = match byte % 4 {
        0 => ShuffleModel::Riffle(RiffleShuffle::default()),
        _ => ShuffleModel::Uniform,
    };
    serde_json::to_value(model).unwrap_or(Value::Null)
}

/// The cards of the whole pack, sorted: every card once face up when every eye sees all.
pub fn pack<G: Game>(game: &G) -> Vec<Card> {
    let (mut up, down) = game.table(Eye::All).face_up();
    assert_eq!(down, 0, "Eye::All shows every card face up");
    up.sort();
    up
}

/// Checks the invariants of a game in any state: the seat to act has a legal action and a game
/// over has none and an outcome for every seat; the cards are the pack's (`pack`, sorted); the
/// public table, the seat's view and the actions' words build (and serialize) without a panic.
pub fn check_state<G: Game>(game: &G, pack: &[Card], legal: &[G::Action]) {
    match game.to_act() {
        Some(seat) => {
            assert!(
                seat < game.players(),
                "seat {seat} acts at a table of {}",
                game.players()
            );
            assert!(
                !legal.is_empty(),
                "seat {seat} is to act with no legal action"
            );
            assert!(game.outcome().is_none(), "a running game has an outcome");
            let view = serde_json::to_value(game.view(seat));
            assert!(view.is_ok(), "the view serializes");
            for action in legal {
                let _ = game.describe(action);
                let _ = game.hidden(action);
            }
        }
        None => {
            assert!(legal.is_empty(), "a finished game has legal actions");
            let outcome = game.outcome().expect("a finished game has an outcome");
            assert_eq!(outcome.seats.len(), game.players(), "an outcome per seat");
        }
    }
    assert_eq!(self::pack(game), pack, "cards are conserved");
    let public = serde_json::to_value(game.table(Eye::Public));
    assert!(public.is_ok(), "the public table serializes");
}

/// Every string in `value` (cards, kinds, suits), added to `words`.
pub fn collect_words(value: &Value, words: &mut BTreeSet<String>) {
    match value {
        Value::String(text) => {
            words.insert(text.clone());
        }
        Value::Array(items) => items.iter().for_each(|v| collect_words(v, words)),
        Value::Object(fields) => fields.iter().for_each(|(key, v)| {
            words.insert(key.clone());
            collect_words(v, words);
        }),
        _ => {}
    }
}

/// An action of `G` that may well be illegal: a legal action's JSON with one part changed (a word
/// from `words`, a number, a dropped field, an extra card in a list) or any JSON the bytes spell,
/// read as the server reads a bot's action. `None` when the JSON is not one of the game's
/// actions (the server's `illegal_action` fault before the engine is asked).
pub fn arbitrary_action<G: Game>(
    bytes: &mut Bytes<'_>,
    legal: &[G::Action],
    words: &[String],
) -> Option<G::Action> {
    let mut value = match bytes.pick(legal) {
        Some(action) if !bytes.byte().is_multiple_of(4) => serde_json::to_value(action).ok()?,
        _ => {
            let length = usize::from(bytes.byte());
            return serde_json::from_slice(bytes.take(length)).ok();
        }
    };
    let leaves = count_leaves(&value).max(1);
    let mut target = usize::from(bytes.byte()) % leaves;
    let word = bytes.pick(words).cloned().unwrap_or_default();
    let change = match bytes.byte() % 5 {
        0 | 1 => Change::Set(Value::String(word)),
        2 => Change::Set(json!(bytes.byte())),
        3 => Change::Drop,
        _ => Change::Append(Value::String(word)),
    };
    change_leaf(&mut value, &mut target, &change);
    serde_json::from_value(value).ok()
}

/// What [`arbitrary_action`] does to one leaf.
enum Change {
    /// Puts this value in its place.
    Set(Value),
    /// Removes it from its object or list.
    Drop,
    /// Adds this value to the list it is in (or puts a list of it in its place).
    Append(Value),
}

fn count_leaves(value: &Value) -> usize {
    match value {
        Value::Array(items) => items.iter().map(count_leaves).sum::<usize>() + 1,
        Value::Object(fields) => fields.values().map(count_leaves).sum(),
        _ => 1,
    }
}

/// Applies `change` to leaf number `target` (counting down) of `value`; true once done.
fn change_leaf(value: &mut Value, target: &mut usize, change: &Change) -> bool {
    match value {
        Value::Object(fields) => {
            let keys: Vec<String> = fields.keys().cloned().collect();
            for key in keys {
                let leaf = !matches!(fields[&key], Value::Object(_) | Value::Array(_));
                if leaf && *target == 0 && matches!(change, Change::Drop) {
                    fields.remove(&key);
                    return true;
                }
                if change_leaf(
                    fields.get_mut(&key).expect("a key just listed"),
                    target,
                    change,
                ) {
                    return true;
                }
            }
            false
        }
        Value::Array(items) => {
            if *target == 0 {
                match change {
                    Change::Drop => drop(items.pop()),
                    Change::Append(extra) | Change::Set(extra) => items.push(extra.clone()),
                }
                return true;
            }
            *target -= 1;
            items
                .iter_mut()
                .any(|item| change_leaf(item, target, change))
        }
        leaf => {
            if *target > 0 {
                *target -= 1;
                return false;
            }
            *leaf = match change {
                Change::Set(new) => new.clone(),
                Change::Drop => Value::Null,
                Change::Append(extra) => json!([leaf.clone(), extra]),
            };
            true
        }
    }
}

/// Plays legal actions picked by the bytes, one byte each, for at most `steps` actions or until
/// the game ends (a quick way to some moment of a game: the states on the way are not checked).
pub fn play_legal<G: Game>(game: &mut G, bytes: &mut Bytes<'_>, steps: usize) {
    let mut legal = Vec::new();
    for _ in 0..steps {
        game.legal_actions_into(&mut legal);
        let Some(action) = bytes.pick(&legal).cloned() else {
            return;
        };
        game.apply(&action).expect("a legal action applies");
    }
}
