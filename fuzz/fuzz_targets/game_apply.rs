//! Every game's `apply` from legal-or-not actions. One target for all games: the first byte picks
//! the game from the server's list (`cardarena_bots::game_ids`), so a new game is fuzzed as soon as
//! the server plays it, and the one corpus and binary cover all six. Then seats, options and seed,
//! then steps: a legal action by a byte, or an arbitrary one (a changed legal action's JSON or any
//! JSON, read as the server reads a bot's answer). Checked at each step: the invariants of
//! `cardarena_fuzz::check_state`, and that `apply` accepts exactly the legal actions and leaves
//! the game unchanged when it refuses one.
#![no_main]

use std::collections::BTreeSet;

use cardarena_bots::{GameVisitor, HouseGame, game_ids, with_game};
use cardarena_engine::RuleError;
use cardarena_fuzz::{Bytes, arbitrary_action, check_state, collect_words, deal, pack};
use libfuzzer_sys::fuzz_target;

struct Apply<'a, 'b>(&'a mut Bytes<'b>);

impl GameVisitor for Apply<'_, '_> {
    type Output = ();

    fn visit<G: HouseGame>(self) {
        let bytes = self.0;
        let Some(dealt) = deal::<G>(bytes) else {
            return;
        };
        let mut game = dealt.game;
        let pack = pack(&game);
        let mut words = BTreeSet::new();
        collect_words(
            &serde_json::to_value(game.table(cardarena_engine::Eye::All)).unwrap(),
            &mut words,
        );
        let mut legal = Vec::new();
        while !bytes.is_empty() {
            game.legal_actions_into(&mut legal);
            check_state(&game, &pack, &legal);
            let action = match bytes.byte() % 3 {
                0 => {
                    for action in &legal {
                        collect_words(&serde_json::to_value(action).unwrap(), &mut words);
                    }
                    let word_list: Vec<String> = words.iter().cloned().collect();
                    match arbitrary_action::<G>(bytes, &legal, &word_list) {
                        Some(action) => action,
                        None => continue,
                    }
                }
                _ => match bytes.pick(&legal) {
                    Some(action) => action.clone(),
                    None => continue,
                },
            };
            if legal.contains(&action) {
                if let Err(error) = game.apply(&action) {
                    panic!("{} refused a legal action {action:?}: {error}", G::ID);
                }
                continue;
            }
            let before = format!("{game:?}");
            match game.apply(&action) {
                Ok(()) => panic!("{} applied an illegal action {action:?}", G::ID),
                Err(error) => {
                    assert_eq!(
                        format!("{game:?}"),
                        before,
                        "a refused action changed the game"
                    );
                    if game.to_act().is_none() {
                        assert_eq!(error, RuleError::GameOver);
                    }
                }
            }
        }
        game.legal_actions_into(&mut legal);
        check_state(&game, &pack, &legal);
    }
}

fuzz_target!(|data: &[u8]| {
    let mut bytes = Bytes::new(data);
    let Some(id) = bytes.pick(game_ids()) else {
        return;
    };
    with_game(id, Apply(&mut bytes));
});
