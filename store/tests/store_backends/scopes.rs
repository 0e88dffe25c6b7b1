//! Scoped claims: a dial-out bot's connection is held by the `serve` process it reached, so workers
//! never claim its matches and `serve --no-play` claims only those.

use cardarena_store::{BotKind, ClaimScope, MatchKind};

use crate::common::{Db, http_bot, new_match};

on_both!(claims_are_scoped_by_dial_out_seats);

async fn claims_are_scoped_by_dial_out_seats(db: &Db) {
    let store = db.store().await;
    let called = http_bot("called");
    let dialler = cardarena_store::NewBot {
        kind: BotKind::Dial,
        ..http_bot("dialler")
    };
    store.insert_bot(&called).await.unwrap();
    store.insert_bot(&dialler).await.unwrap();
    let random = store.ensure_house_bot("durak", "random").await.unwrap();
    let queued = [
        new_match(MatchKind::Practice, 1, &[&called.id, &random]),
        new_match(MatchKind::Practice, 2, &[&dialler.id, &random]),
        new_match(MatchKind::Practice, 3, &[&random, &random]),
    ];
    let ids = store.create_matches(&queued).await.unwrap();

    let worker = store
        .claim_scoped(10, 10, "worker", ClaimScope::NO_DIAL)
        .await
        .unwrap();
    let mut taken: Vec<&str> = worker.iter().map(|m| m.id.as_str()).collect();
    taken.sort();
    let mut expected = vec![ids[0].as_str(), ids[2].as_str()];
    expected.sort();
    assert_eq!(
        taken, expected,
        "a worker takes every match but the dial-out bot's"
    );
    assert!(
        store
            .claim_scoped(10, 10, "worker", ClaimScope::NO_DIAL)
            .await
            .unwrap()
            .is_empty()
    );

    let serve = store
        .claim_scoped(10, 10, "serve", ClaimScope::DIAL)
        .await
        .unwrap();
    let taken: Vec<&str> = serve.iter().map(|m| m.id.as_str()).collect();
    assert_eq!(
        taken,
        [ids[1].as_str()],
        "serve --no-play takes the dial-out bot's match"
    );
}
