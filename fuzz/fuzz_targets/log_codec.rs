//! The stored match log's codec (`cardarena_engine::log_codec`, what the server's store reads and
//! writes). The first byte picks the game, then seats, options and seed deal it; then either any
//! blob is decoded (an error or a log that encodes back to the same bytes, never a panic), or a
//! game of legal actions picked by the bytes is encoded and must decode to the same seats and
//! actions.
#![no_main]

use cardarena_bots::{GameVisitor, HouseGame, game_ids, with_game};
use cardarena_engine::log_codec::{Deal, decode_log, encode_log};
use cardarena_fuzz::{Bytes, deal};
use libfuzzer_sys::fuzz_target;
use serde_json::Value;

struct Codec<'a, 'b>(&'a str, &'a mut Bytes<'b>);

impl GameVisitor for Codec<'_, '_> {
    type Output = ();

    fn visit<G: HouseGame>(self) {
        let Codec(id, bytes) = self;
        let Some(dealt) = deal::<G>(bytes) else {
            return;
        };
        let deal = Deal {
            game: id,
            options: &dealt.options,
            players: dealt.players,
            seed: dealt.seed,
        };
        match bytes.byte() % 4 {
            0 => {
                // Any blob at all, the format byte included.
                decodes_back(&deal, bytes.rest());
            }
            1 => {
                let mut blob = vec![cardarena_engine::log::FORMAT];
                blob.extend_from_slice(bytes.rest());
                decodes_back(&deal, &blob);
            }
            _ => {
                let mut game = dealt.game;
                let mut log = Vec::new();
                while let Some(seat) = game.to_act() {
                    let legal = game.legal_actions();
                    if bytes.is_empty() {
                        break;
                    }
                    let action = bytes
                        .pick(&legal)
                        .expect("a seat to act has a legal action");
                    log.push((seat, serde_json::to_value(action).unwrap()));
                    game.apply(action).expect("a legal action applies");
                }
                let actions: Vec<Value> = log.iter().map(|(_, a)| a.clone()).collect();
                let blob = encode_log(&deal, &actions).expect("legal actions encode");
                assert_eq!(
                    decode_log(&deal, &blob).expect("an encoded log decodes"),
                    log
                );
            }
        }
    }
}

/// Decodes `blob`; a blob that decodes is the one encoding of its actions.
fn decodes_back(deal: &Deal<'_>, blob: &[u8]) {
    if let Ok(decoded) = decode_log(deal, blob) {
        let actions: Vec<Value> = decoded.into_iter().map(|(_, a)| a).collect();
        let again = encode_log(deal, &actions).expect("decoded actions encode");
        assert_eq!(again, blob, "a decoded log encodes to the same bytes");
    }
}

fuzz_target!(|data: &[u8]| {
    let mut bytes = Bytes::new(data);
    let Some(id) = bytes.pick(game_ids()) else {
        return;
    };
    with_game(id, Codec(id, &mut bytes));
});
