//! The JSON of bot protocol version 1: what the server sends ([`TurnRequest`], [`MatchStart`],
//! [`MatchEnd`]) and how a bot's answer is read ([`parse_answer`]). docs/protocol.md describes
//! the same for bot authors.

use cardarena_engine::{Outcome, Seat};
use schemars::JsonSchema;
use serde::de::DeserializeOwned;
use serde::{Deserialize, Serialize};

use crate::bot::{BotFault, FaultKind, Reply};

/// The protocol version this module speaks, sent as `"protocol"` in every request.
pub const PROTOCOL_VERSION: u32 = 1;

/// The largest answer body accepted, in bytes (64 KiB).
pub const MAX_ANSWER_BYTES: usize = 64 * 1024;

/// The most characters of a bot's answer quoted in a fault's detail.
pub const QUOTE_CHARS: usize = 200;

/// The `"type"` of a request.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum MessageType {
    /// A decision: the answer is an action.
    Turn,
    /// The match is about to start; the answer is ignored.
    MatchStart,
    /// The match is over; the answer is ignored.
    MatchEnd,
    /// A health check outside any match: the answer must be a JSON object (`{"pong": true}`).
    Ping,
}

/// The body of a `"turn"` request: one decision of seat `seat`.
#[derive(Debug, Serialize, JsonSchema)]
#[schemars(deny_unknown_fields, rename = "turn")]
pub struct TurnRequest<'a, V, A> {
    /// Always [`PROTOCOL_VERSION`].
    #[schemars(extend("const" = PROTOCOL_VERSION))]
    pub protocol: u32,
    /// Always [`MessageType::Turn`].
    #[serde(rename = "type")]
    #[schemars(with = "String", extend("const" = "turn"))]
    pub kind: MessageType,
    /// The match's id (also in the `X-Cardarena-Match` header).
    pub match_id: &'a str,
    /// Which time the match is played: 1, then one more each time it is played again under the
    /// same `match_id` (after the server stopped mid-match, or a worker's lease passed); the
    /// latest attempt's result is the match's.
    #[schemars(range(min = 1))]
    pub attempt: u32,
    /// The game's id, e.g. `"durak"`.
    pub game: &'a str,
    /// The seat the bot plays, from 0.
    pub seat: Seat,
    /// The number of this decision in the match, from 1.
    #[schemars(range(min = 1))]
    pub turn: u32,
    /// How long the bot has to answer, in milliseconds.
    pub deadline_ms: u64,
    /// Extra time the bot may still draw on across the match, in milliseconds: an answer later
    /// than `deadline_ms` uses up the bank by the difference.
    pub time_bank_ms: u64,
    /// What is left of the seat's match clock, in milliseconds: the time its answers may still
    /// take in this match, all calls together. Absent when the match has no clock.
    #[serde(skip_serializing_if = "Option::is_none")]
    #[schemars(with = "u64")]
    pub clock_ms: Option<u64>,
    /// What the seat may see (the game's view JSON).
    pub view: &'a V,
    /// The actions the bot may choose from; never empty.
    #[schemars(length(min = 1))]
    pub legal_actions: &'a [A],
}

impl<'a, V, A> TurnRequest<'a, V, A> {
    /// A turn request of protocol version 1, for the match's first attempt.
    #[allow(clippy::too_many_arguments)]
    pub fn new(
        match_id: &'a str,
        game: &'a str,
        seat: Seat,
        turn: u32,
        deadline_ms: u64,
        view: &'a V,
        legal_actions: &'a [A],
    ) -> Self {
        TurnRequest {
            protocol: PROTOCOL_VERSION,
            kind: MessageType::Turn,
            match_id,
            attempt: 1,
            game,
            seat,
            turn,
            deadline_ms,
            time_bank_ms: 0,
            clock_ms: None,
            view,
            legal_actions,
        }
    }

    /// The same request with `time_bank_ms` of extra time left.
    pub fn with_time_bank(self, time_bank_ms: u64) -> Self {
        TurnRequest {
            time_bank_ms,
            ..self
        }
    }

    /// The same request with `clock_ms` left on the seat's match clock.
    pub fn with_clock(self, clock_ms: Option<u64>) -> Self {
        TurnRequest { clock_ms, ..self }
    }

    /// The same request for the match's `attempt` (1 unless it is played again).
    pub fn with_attempt(self, attempt: u32) -> Self {
        TurnRequest { attempt, ..self }
    }
}

/// The body of a `"match_start"` request, sent once before the bot's first decision.
#[derive(Debug, Serialize, JsonSchema)]
#[schemars(deny_unknown_fields, rename = "match_start")]
pub struct MatchStart<'a, O> {
    /// Always [`PROTOCOL_VERSION`].
    #[schemars(extend("const" = PROTOCOL_VERSION))]
    pub protocol: u32,
    /// Always [`MessageType::MatchStart`].
    #[serde(rename = "type")]
    #[schemars(with = "String", extend("const" = "match_start"))]
    pub kind: MessageType,
    /// The match's id.
    pub match_id: &'a str,
    /// Which time the match is played: 1, then one more each time it is played again under the
    /// same `match_id` (after the server stopped mid-match, or a worker's lease passed); the
    /// latest attempt's result is the match's.
    #[schemars(range(min = 1))]
    pub attempt: u32,
    /// The game's id.
    pub game: &'a str,
    /// The seat the bot plays, from 0.
    pub seat: Seat,
    /// The number of seats.
    pub players: usize,
    /// The game's options as JSON.
    pub options: &'a O,
    /// The per-decision deadline, in milliseconds.
    pub deadline_ms: u64,
}

impl<'a, O> MatchStart<'a, O> {
    /// A match-start request of protocol version 1, for the match's first attempt.
    pub fn new(
        match_id: &'a str,
        game: &'a str,
        seat: Seat,
        players: usize,
        options: &'a O,
        deadline_ms: u64,
    ) -> Self {
        MatchStart {
            protocol: PROTOCOL_VERSION,
            kind: MessageType::MatchStart,
            match_id,
            attempt: 1,
            game,
            seat,
            players,
            options,
            deadline_ms,
        }
    }

    /// The same message for the match's `attempt` (1 unless it is played again).
    pub fn with_attempt(self, attempt: u32) -> Self {
        MatchStart { attempt, ..self }
    }
}

/// The body of a `"match_end"` request, sent once the match is over.
#[derive(Debug, Serialize, JsonSchema)]
#[schemars(deny_unknown_fields, rename = "match_end")]
pub struct MatchEnd<'a> {
    /// Always [`PROTOCOL_VERSION`].
    #[schemars(extend("const" = PROTOCOL_VERSION))]
    pub protocol: u32,
    /// Always [`MessageType::MatchEnd`].
    #[serde(rename = "type")]
    #[schemars(with = "String", extend("const" = "match_end"))]
    pub kind: MessageType,
    /// The match's id.
    pub match_id: &'a str,
    /// Which time the match is played: 1, then one more each time it is played again under the
    /// same `match_id` (after the server stopped mid-match, or a worker's lease passed); the
    /// latest attempt's result is the match's.
    #[schemars(range(min = 1))]
    pub attempt: u32,
    /// The game's id.
    pub game: &'a str,
    /// The seat the bot played, from 0.
    pub seat: Seat,
    /// The result, forfeits applied: `{"seats": [{"rank", "score"}, …]}` by seat.
    pub outcome: &'a Outcome,
}

impl<'a> MatchEnd<'a> {
    /// A match-end request of protocol version 1, for the match's first attempt.
    pub fn new(match_id: &'a str, game: &'a str, seat: Seat, outcome: &'a Outcome) -> Self {
        MatchEnd {
            protocol: PROTOCOL_VERSION,
            kind: MessageType::MatchEnd,
            match_id,
            attempt: 1,
            game,
            seat,
            outcome,
        }
    }

    /// The same message for the match's `attempt` (1 unless it is played again).
    pub fn with_attempt(self, attempt: u32) -> Self {
        MatchEnd { attempt, ..self }
    }
}

/// The body of a `"ping"` request: the server's health check of a bot, outside any match. A bot
/// joins the ladder once it answers one, and a paused bot comes back the same way.
#[derive(Debug, Serialize, JsonSchema)]
#[schemars(deny_unknown_fields, rename = "ping")]
pub struct Ping<'a> {
    /// Always [`PROTOCOL_VERSION`].
    #[schemars(extend("const" = PROTOCOL_VERSION))]
    pub protocol: u32,
    /// Always [`MessageType::Ping`].
    #[serde(rename = "type")]
    #[schemars(with = "String", extend("const" = "ping"))]
    pub kind: MessageType,
    /// The bot's id, as registration gave it.
    pub bot_id: &'a str,
    /// A random value, new for every ping, so that no two pings sign the same body.
    pub nonce: &'a str,
}

impl<'a> Ping<'a> {
    /// A ping of protocol version 1.
    pub fn new(bot_id: &'a str, nonce: &'a str) -> Self {
        Ping {
            protocol: PROTOCOL_VERSION,
            kind: MessageType::Ping,
            bot_id,
            nonce,
        }
    }
}

/// Reads a ping's answer: any JSON object passes (`{"pong": true}` is what the kits send);
/// anything else is a `bad_json` fault saying what came back.
pub fn parse_pong(body: &[u8]) -> Result<(), BotFault> {
    match serde_json::from_slice::<serde_json::Value>(body) {
        Ok(serde_json::Value::Object(_)) => Ok(()),
        _ => Err(not_an_answer(body, None)),
    }
}

/// A turn's answer as read off the wire; unknown fields are ignored.
#[derive(Deserialize)]
struct RawAnswer {
    #[serde(default)]
    action: Option<serde_json::Value>,
    #[serde(default)]
    action_index: Option<serde_json::Value>,
    #[serde(default)]
    say: Option<serde_json::Value>,
    #[serde(default)]
    fallback: Option<serde_json::Value>,
}

/// Reads a turn's answer body: `{"action": <action>}` or `{"action_index": n}`, with an optional
/// string `"say"` and an optional `"fallback": true` (the bot's kit played the action at random
/// because the bot's strategy failed). Broken JSON, a non-object, neither or both of `action`
/// and `action_index`, or an `action_index` that is not a non-negative integer is a `bad_json`
/// fault; an action that is not one of the game's actions or not among `legal`, or an index out
/// of range, is an `illegal_action` fault. A `say` that is not a string is ignored, and so is a
/// `fallback` that is not `true` (`false`, or any other value).
pub fn parse_answer<A>(body: &[u8], legal: &[A]) -> Result<Reply<A>, BotFault>
where
    A: DeserializeOwned + PartialEq + Clone,
{
    // serde reads a struct from a JSON array too (positionally): only an object is an answer.
    let starts_an_object = body.iter().find(|b| !b.is_ascii_whitespace()) == Some(&b'{');
    let raw: RawAnswer = match starts_an_object {
        true => serde_json::from_slice(body).map_err(|e| not_an_answer(body, Some(e)))?,
        false => return Err(not_an_answer(body, None)),
    };
    let action = match (raw.action, raw.action_index) {
        (Some(_), Some(_)) => {
            return Err(bad_json(format!(
                "the answer has both \"action\" and \"action_index\": {}",
                quote_bytes(body)
            )));
        }
        (None, None) => {
            return Err(bad_json(format!(
                "the answer has neither \"action\" nor \"action_index\": {}",
                quote_bytes(body)
            )));
        }
        (None, Some(index)) => {
            let Some(i) = index.as_u64() else {
                return Err(bad_json(format!(
                    "\"action_index\" must be a non-negative integer, not {}",
                    quote_value(&index)
                )));
            };
            match usize::try_from(i).ok().and_then(|i| legal.get(i)) {
                Some(action) => action.clone(),
                None => {
                    return Err(BotFault::illegal(format!(
                        "\"action_index\" {i} is out of range: there are {} legal actions",
                        legal.len()
                    )));
                }
            }
        }
        (Some(value), None) => {
            let action = A::deserialize(&value).map_err(|e| {
                BotFault::illegal(format!(
                    "{} is not an action of this game ({})",
                    quote_value(&value),
                    cut_chars(&e.to_string(), QUOTE_CHARS)
                ))
            })?;
            if !legal.contains(&action) {
                return Err(BotFault::illegal(format!(
                    "{} is not among the legal actions",
                    quote_value(&value)
                )));
            }
            action
        }
    };
    let say = match raw.say {
        Some(serde_json::Value::String(text)) => Some(text),
        _ => None,
    };
    let fallback = raw.fallback == Some(serde_json::Value::Bool(true));
    Ok(Reply {
        action,
        say,
        fallback,
    })
}

/// The fault for a body that did not read as an answer object, saying why.
fn not_an_answer(body: &[u8], error: Option<serde_json::Error>) -> BotFault {
    if body.iter().all(u8::is_ascii_whitespace) {
        return bad_json("the answer is empty");
    }
    match serde_json::from_slice::<serde_json::Value>(body) {
        Err(e) => bad_json(format!(
            "the answer is not JSON ({e}): {}",
            quote_bytes(body)
        )),
        Ok(serde_json::Value::Object(_)) => bad_json(format!(
            "the answer is not a valid answer object ({}): {}",
            error.map_or_else(String::new, |e| e.to_string()),
            quote_bytes(body)
        )),
        Ok(_) => bad_json(format!(
            "the answer is not a JSON object: {}",
            quote_bytes(body)
        )),
    }
}

fn bad_json(detail: impl Into<String>) -> BotFault {
    BotFault::new(FaultKind::BadJson, detail)
}

/// At most [`QUOTE_CHARS`] characters of `body`, as text, marked when cut.
pub(crate) fn quote_bytes(body: &[u8]) -> String {
    // Four bytes per character at most: enough bytes for QUOTE_CHARS characters.
    let head = &body[..body.len().min(4 * QUOTE_CHARS)];
    let text = String::from_utf8_lossy(head);
    let cut = cut_chars(&text, QUOTE_CHARS);
    if cut.len() < text.len() || head.len() < body.len() {
        format!("{cut}…")
    } else {
        cut.to_owned()
    }
}

fn quote_value(value: &serde_json::Value) -> String {
    let text = value.to_string();
    let cut = cut_chars(&text, QUOTE_CHARS);
    if cut.len() < text.len() {
        format!("{cut}…")
    } else {
        text
    }
}

fn cut_chars(text: &str, chars: usize) -> &str {
    match text.char_indices().nth(chars) {
        Some((end, _)) => &text[..end],
        None => text,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use cardarena_engine::SeatResult;
    use cardarena_engine::games::durak::DurakAction;

    fn legal() -> Vec<DurakAction> {
        vec![
            DurakAction::Beat {
                card: "10C".parse().unwrap(),
            },
            DurakAction::Take,
        ]
    }

    fn parse(body: &str) -> Result<Reply<DurakAction>, BotFault> {
        parse_answer(body.as_bytes(), &legal())
    }

    fn fault(body: &str) -> (FaultKind, String) {
        let fault = parse(body).unwrap_err();
        (fault.kind, fault.detail)
    }

    #[test]
    fn answers_by_action_or_by_index_with_or_without_say() {
        let take = Reply::silent(DurakAction::Take);
        assert_eq!(parse(r#"{"action_index": 1}"#), Ok(take.clone()));
        assert_eq!(parse(r#"{"action": {"kind": "take"}}"#), Ok(take.clone()));
        assert_eq!(
            parse(r#"{"action":{"card":"10C","kind":"beat"},"say":"hi","mood":7}"#),
            Ok(Reply {
                action: legal()[0],
                say: Some("hi".into()),
                fallback: false,
            })
        );
        assert_eq!(parse(r#" {"action_index":1,"say":42} "#), Ok(take.clone()));
        assert_eq!(parse(r#"{"action_index":1,"say":null}"#), Ok(take));
    }

    #[test]
    fn fallback_is_read_when_true_and_ignored_otherwise() {
        let read =
            |more: &str| parse(&format!(r#"{{"action_index":1{more}}}"#)).map(|r| r.fallback);
        assert_eq!(
            (read(r#","fallback":true"#), read("")),
            (Ok(true), Ok(false))
        );
        for value in ["false", "null", r#""true""#, "1", "[true]", "{}"] {
            assert_eq!(
                read(&format!(r#","fallback":{value}"#)),
                Ok(false),
                "{value}"
            );
        }
        // It changes none of the answer's faults.
        let kinds = [
            r#"{"fallback":true}"#,
            r#"{"action_index":5,"fallback":true}"#,
        ];
        let kinds = kinds.map(|body| fault(body).0);
        assert_eq!(kinds, [FaultKind::BadJson, FaultKind::IllegalAction]);
    }

    #[test]
    fn broken_answers_are_bad_json_and_say_what_was_wrong() {
        let cases = [
            ("", "empty"),
            ("   ", "empty"),
            ("take", "not JSON"),
            (r#"{"action_index": 1"#, "not JSON"),
            ("[1]", "not a JSON object"),
            (r#"[{"kind":"take"}]"#, "not a JSON object"),
            (r#"[null, 1]"#, "not a JSON object"),
            ("1", "not a JSON object"),
            ("null", "not a JSON object"),
            (r#""take""#, "not a JSON object"),
            ("{}", "neither"),
            (r#"{"say":"hi"}"#, "neither"),
            (r#"{"action":null}"#, "neither"),
            (r#"{"action":{"kind":"take"},"action_index":1}"#, "both"),
            (r#"{"action_index":"1"}"#, "non-negative integer"),
            (r#"{"action_index":-1}"#, "non-negative integer"),
            (r#"{"action_index":1.5}"#, "non-negative integer"),
            (r#"{"action_index":1,"action_index":0}"#, "duplicate"),
        ];
        for (body, said) in cases {
            let (kind, detail) = fault(body);
            assert_eq!(kind, FaultKind::BadJson, "{body}: {detail}");
            assert!(detail.contains(said), "{body}: {detail}");
        }
    }

    #[test]
    fn wrong_or_unlisted_actions_and_bad_indexes_are_illegal() {
        let cases = [
            (r#"{"action_index": 2}"#, "out of range"),
            (r#"{"action_index": 18446744073709551615}"#, "out of range"),
            (r#"{"action": {"kind": "fly"}}"#, "not an action"),
            (r#"{"action": "take"}"#, "not an action"),
            (
                r#"{"action": {"kind": "beat", "card": "ZZ"}}"#,
                "not an action",
            ),
            (r#"{"action": {"kind": "done"}}"#, "not among the legal"),
            (
                r#"{"action": {"kind": "beat", "card": "JC"}}"#,
                "not among the legal",
            ),
        ];
        for (body, said) in cases {
            let (kind, detail) = fault(body);
            assert_eq!(kind, FaultKind::IllegalAction, "{body}: {detail}");
            assert!(detail.contains(said), "{body}: {detail}");
        }
    }

    #[test]
    fn quotes_are_cut_to_200_characters_and_survive_broken_utf8() {
        let long = format!("<html>{}</html>", "ы".repeat(1000));
        let (_, detail) = fault(&long);
        let quoted = detail.split_once(": ").unwrap().1;
        assert!(quoted.chars().count() <= QUOTE_CHARS + 1, "{detail}");
        assert!(quoted.ends_with('…'));
        let fault = parse_answer::<DurakAction>(&[0xff, 0xfe, b'{'], &legal()).unwrap_err();
        assert_eq!(fault.kind, FaultKind::BadJson);
        let deep = "[".repeat(100_000);
        assert_eq!(fault_kind(&deep), FaultKind::BadJson);
    }

    fn fault_kind(body: &str) -> FaultKind {
        parse(body).unwrap_err().kind
    }

    #[test]
    fn a_pong_is_any_json_object() {
        assert_eq!(parse_pong(br#"{"pong": true}"#), Ok(()));
        assert_eq!(parse_pong(b" {} "), Ok(()));
        for (body, said) in [
            (&b""[..], "empty"),
            (b"pong", "not JSON"),
            (b"[true]", "not a JSON object"),
            (b"<html>ok</html>", "not JSON"),
        ] {
            let fault = parse_pong(body).unwrap_err();
            assert_eq!(fault.kind, FaultKind::BadJson);
            assert!(fault.detail.contains(said), "{}", fault.detail);
        }
    }

    #[test]
    fn requests_carry_the_version_and_type() {
        let legal = legal();
        let turn = TurnRequest::new("m1", "durak", 1, 7, 1000, &"view", &legal);
        let json = serde_json::to_value(&turn).unwrap();
        assert_eq!(
            json,
            serde_json::json!({
                "protocol": 1, "type": "turn", "match_id": "m1", "attempt": 1, "game": "durak",
                "seat": 1,
                "turn": 7, "deadline_ms": 1000, "time_bank_ms": 0, "view": "view",
                "legal_actions": [{"kind": "beat", "card": "10C"}, {"kind": "take"}]
            })
        );
        let options = serde_json::json!({});
        let start = serde_json::to_value(MatchStart::new("m1", "durak", 0, 3, &options, 50));
        assert_eq!(
            start.unwrap(),
            serde_json::json!({
                "protocol": 1, "type": "match_start", "match_id": "m1", "attempt": 1,
                "game": "durak", "seat": 0, "players": 3, "options": {}, "deadline_ms": 50
            })
        );
        let outcome = Outcome {
            seats: vec![SeatResult {
                rank: 1,
                score: 1.0,
            }],
        };
        // The worked example of docs/protocol.md, byte for byte, and its signature.
        let bot_id = "7c9e6679-7425-40de-944b-e07fc1f90ae7";
        let ping = serde_json::to_vec(&Ping::new(bot_id, "3f2a9c0d5e7b1a46")).unwrap();
        assert_eq!(
            String::from_utf8_lossy(&ping),
            format!(
                r#"{{"protocol":1,"type":"ping","bot_id":"{bot_id}","nonce":"3f2a9c0d5e7b1a46"}}"#
            )
        );
        #[cfg(feature = "remote")]
        assert_eq!(
            crate::http::sign(b"my bot secret", &ping),
            "sha256=2279af867406debe5375bf2d78a07895e696b41abb802ab4814aff8e1bb028a4"
        );
        let end = MatchEnd::new("m1", "durak", 0, &outcome).with_attempt(2);
        assert_eq!(
            serde_json::to_value(end).unwrap(),
            serde_json::json!({
                "protocol": 1, "type": "match_end", "match_id": "m1", "attempt": 2,
                "game": "durak", "seat": 0, "outcome": {"seats": [{"rank": 1, "score": 1.0}]}
            })
        );
    }
}
