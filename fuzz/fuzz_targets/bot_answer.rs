//! The HTTP bot answer parser (`cardarena_bots::http::parse_answer`, which dial-out answers go
//! through too). The first byte picks the game, then the deal and a few legal actions give the
//! legal actions of some moment; the rest is the answer body, as it comes or wrapped as an
//! `action` or `action_index`. An answer that parses names a legal action; one that does not is a
//! fault whose detail stays short whatever the body; and every legal action, by value and by
//! index, parses to itself.
#![no_main]

use cardarena_bots::http::{MAX_ANSWER_BYTES, parse_answer};
use cardarena_bots::{GameVisitor, HouseGame, game_ids, with_game};
use cardarena_fuzz::{Bytes, deal, play_legal};
use libfuzzer_sys::fuzz_target;
use serde_json::json;

/// The longest fault detail a body of any size may give: the quotes of a body are cut.
const MAX_DETAIL_BYTES: usize = 4096;

struct Answer<'a, 'b>(&'a mut Bytes<'b>);

impl GameVisitor for Answer<'_, '_> {
    type Output = ();

    fn visit<G: HouseGame>(self) {
        let bytes = self.0;
        let Some(dealt) = deal::<G>(bytes) else {
            return;
        };
        let mut game = dealt.game;
        let steps = usize::from(bytes.byte());
        play_legal(&mut game, bytes, steps);
        let legal = game.legal_actions();
        if let Some(index) = bytes.pick(&(0..legal.len()).collect::<Vec<_>>()).copied() {
            let by_value = json!({"action": legal[index], "say": "gg"}).to_string();
            let reply = parse_answer(by_value.as_bytes(), &legal).expect("a legal action parses");
            assert_eq!(reply.action, legal[index]);
            assert_eq!(reply.say.as_deref(), Some("gg"));
            let by_index = json!({ "action_index": index }).to_string();
            let reply = parse_answer(by_index.as_bytes(), &legal).expect("a legal index parses");
            assert_eq!(reply.action, legal[index]);
        }
        let mode = bytes.byte();
        let rest = bytes.rest();
        let body = match mode % 4 {
            0 => [b"{\"action\":", rest, b"}"].concat(),
            1 => [b"{\"action_index\":", rest, b"}"].concat(),
            _ => rest.to_vec(),
        };
        if body.len() > MAX_ANSWER_BYTES {
            return;
        }
        match parse_answer::<G::Action>(&body, &legal) {
            Ok(reply) => assert!(legal.contains(&reply.action), "parsed an illegal action"),
            Err(fault) => assert!(
                fault.detail.len() <= MAX_DETAIL_BYTES,
                "a fault detail of {} bytes",
                fault.detail.len()
            ),
        }
    }
}

fuzz_target!(|data: &[u8]| {
    let mut bytes = Bytes::new(data);
    let Some(id) = bytes.pick(game_ids()) else {
        return;
    };
    with_game(id, Answer(&mut bytes));
});
