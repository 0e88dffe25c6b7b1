//! The stored match log's codec for any game by id: a log of actions in the game's JSON to the
//! engine's compact blob ([`crate::log`]) and back. The blob means nothing without its
//! [`Deal`] (game, options, seats and seed), which the decoder replays to read it.
//!
//! It lives in the engine, beside the catalog of games ([`crate::catalog`]), so that the store
//! (which sits below everything that plays) needs nothing but the engine to read a log, and so
//! that the fuzz targets (fuzz/ at the repository root) reach it without building the server.

use serde_json::Value;

use crate::catalog::{RulesVisitor, with_rules};
use crate::{Game, log};

/// Why a log could not be encoded or decoded.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum LogCodecError {
    /// No game has this id.
    #[error("unknown game {0:?}")]
    UnknownGame(String),
    /// The deal's options or seat count do not fit the game.
    #[error("bad options: {0}")]
    Options(String),
    /// The blob does not decode, or the actions do not encode.
    #[error("the stored log: {0}")]
    Log(#[from] log::LogError),
    /// An action is not one of the game's actions, or does not replay.
    #[error("action {index}: {detail}")]
    Action {
        /// The action's index in the log.
        index: usize,
        /// What went wrong.
        detail: String,
    },
}

/// The deal a stored log replays from: what [`encode_log`] and [`decode_log`] need besides it.
#[derive(Debug, Clone, Copy)]
pub struct Deal<'a> {
    /// The game's id.
    pub game: &'a str,
    /// The game's options.
    pub options: &'a Value,
    /// The number of seats.
    pub players: usize,
    /// The deal's seed.
    pub seed: u64,
}

impl Deal<'_> {
    /// The deal's game, dealt.
    fn deal<G: Game>(&self) -> Result<G, LogCodecError> {
        let options: G::Options = serde_json::from_value(self.options.clone())
            .map_err(|e| LogCodecError::Options(e.to_string()))?;
        G::new(&options, self.players, self.seed).map_err(|e| LogCodecError::Options(e.to_string()))
    }
}

/// Encodes a log of actions (as the game's JSON) into the engine's compact blob; refuses a log
/// that does not replay from the deal.
pub fn encode_log(deal: &Deal<'_>, actions: &[Value]) -> Result<Vec<u8>, LogCodecError> {
    struct Encode<'a, 'b>(&'a Deal<'b>, &'a [Value]);
    impl RulesVisitor for Encode<'_, '_> {
        type Output = Result<Vec<u8>, LogCodecError>;
        fn visit<G: Game>(self) -> Self::Output {
            let initial = self.0.deal::<G>()?;
            let actions = self
                .1
                .iter()
                .enumerate()
                .map(|(index, json)| {
                    serde_json::from_value::<G::Action>(json.clone()).map_err(|e| {
                        LogCodecError::Action {
                            index,
                            detail: e.to_string(),
                        }
                    })
                })
                .collect::<Result<Vec<_>, _>>()?;
            Ok(log::encode(&initial, &actions)?)
        }
    }
    with_rules(deal.game, Encode(deal, actions))
        .ok_or_else(|| LogCodecError::UnknownGame(deal.game.to_string()))?
}

/// Decodes a blob written by [`encode_log`] back into (seat, action as the game's JSON), by
/// replaying the deal. Damaged or hostile bytes are an error, never a panic.
pub fn decode_log(deal: &Deal<'_>, blob: &[u8]) -> Result<Vec<(usize, Value)>, LogCodecError> {
    struct Decode<'a, 'b>(&'a Deal<'b>, &'a [u8]);
    impl RulesVisitor for Decode<'_, '_> {
        type Output = Result<Vec<(usize, Value)>, LogCodecError>;
        fn visit<G: Game>(self) -> Self::Output {
            let mut game = self.0.deal::<G>()?;
            let actions = log::decode(&game, self.1)?;
            let mut out = Vec::with_capacity(actions.len());
            for action in &actions {
                let seat = game.to_act().unwrap_or_default();
                out.push((seat, serde_json::to_value(action).unwrap_or(Value::Null)));
                game.apply(action).map_err(|e| LogCodecError::Action {
                    index: out.len() - 1,
                    detail: e.to_string(),
                })?;
            }
            Ok(out)
        }
    }
    with_rules(deal.game, Decode(deal, blob))
        .ok_or_else(|| LogCodecError::UnknownGame(deal.game.to_string()))?
}

#[cfg(test)]
mod tests {
    use serde_json::{Value, json};

    use super::*;
    use crate::catalog::GAME_IDS;

    /// A whole game of the deal, played by scattered picks among the legal actions, as JSON.
    fn played(deal: &Deal<'_>) -> Vec<(usize, Value)> {
        struct Play<'a, 'b>(&'a Deal<'b>);
        impl RulesVisitor for Play<'_, '_> {
            type Output = Vec<(usize, Value)>;
            fn visit<G: Game>(self) -> Self::Output {
                let mut game = self.0.deal::<G>().unwrap();
                let mut out = Vec::new();
                while let Some(seat) = game.to_act() {
                    assert!(out.len() < 100_000, "{} does not end", G::ID);
                    let legal = game.legal_actions();
                    let action = legal[(out.len() * 7919 + 13) % legal.len()].clone();
                    out.push((seat, serde_json::to_value(&action).unwrap()));
                    game.apply(&action).unwrap();
                }
                out
            }
        }
        with_rules(deal.game, Play(deal)).unwrap()
    }

    #[test]
    fn every_game_round_trips() {
        let options = json!({});
        for &game in GAME_IDS {
            let players = with_rules(game, Players).unwrap();
            let deal = Deal {
                game,
                options: &options,
                players,
                seed: 7,
            };
            let log = played(&deal);
            let actions: Vec<Value> = log.iter().map(|(_, a)| a.clone()).collect();
            let blob = encode_log(&deal, &actions).unwrap();
            assert_eq!(decode_log(&deal, &blob).unwrap(), log, "{game}");
        }
    }

    struct Players;
    impl RulesVisitor for Players {
        type Output = usize;
        fn visit<G: Game>(self) -> usize {
            G::PLAYERS.default
        }
    }

    #[test]
    fn damaged_blobs_and_bad_deals_are_errors() {
        let options = json!({});
        let deal = Deal {
            game: "durak",
            options: &options,
            players: 2,
            seed: 1,
        };
        assert!(matches!(decode_log(&deal, &[]), Err(LogCodecError::Log(_))));
        assert!(matches!(
            decode_log(&deal, &[1, 0xff]),
            Err(LogCodecError::Log(_))
        ));
        let unknown = Deal {
            game: "chess",
            ..deal
        };
        assert_eq!(
            decode_log(&unknown, &[1, 0]),
            Err(LogCodecError::UnknownGame("chess".into()))
        );
        let crowded = Deal {
            players: 99,
            ..deal
        };
        assert!(matches!(
            decode_log(&crowded, &[1, 0]),
            Err(LogCodecError::Options(_))
        ));
        let wrong = json!({"kind": "nothing"});
        assert!(matches!(
            encode_log(&deal, &[wrong]),
            Err(LogCodecError::Action { index: 0, .. })
        ));
    }
}
