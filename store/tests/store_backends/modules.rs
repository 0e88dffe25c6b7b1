//! Module bots: registered without a module (no version until the first upload), each upload a
//! version naming its module by hash, modules stored once, the same hash again no new version,
//! a module bot's matches claimed only by processes that run modules, and retention dropping the
//! modules no live bot and no recent version names.

use cardarena_store::{
    BotKind, ClaimScope, KEPT_MODULE_VERSIONS, MatchKind, NewBot, ProgramChange, now_ms,
};

use crate::common::{Db, new_match};

on_both!(modules_are_versions_stored_once_and_dropped_when_unused);

fn module_bot(name: &str) -> NewBot {
    NewBot {
        id: uuid::Uuid::new_v4().to_string(),
        name: name.to_string(),
        game: "durak".to_string(),
        kind: BotKind::Module { hash: None },
        token_hash: Some(format!("token-of-{name}")),
        secret_hash: Some(format!("secret-of-{name}")),
        ladder_players: None,
    }
}

fn module(n: u32) -> BotKind {
    BotKind::Module {
        hash: Some(format!("{n:064x}")),
    }
}

async fn modules_are_versions_stored_once_and_dropped_when_unused(db: &Db) {
    let store = db.store().await;
    let bot = module_bot("wasm");
    store.insert_bot(&bot).await.unwrap();
    assert!(store.bot_versions(&bot.id).await.unwrap().is_empty());
    let stored = store.bot(&bot.id).await.unwrap().unwrap();
    assert_eq!(stored.kind, BotKind::Module { hash: None });
    assert!(stored.kind.is_contestant());

    // Uploads: each new module a version; the same one again none.
    let hash = |n: u32| format!("{n:064x}");
    for n in 1..=(KEPT_MODULE_VERSIONS as u32 + 2) {
        store.put_module(&hash(n), &[n as u8; 100]).await.unwrap();
        store.put_module(&hash(n), &[n as u8; 100]).await.unwrap();
        let change = store.set_bot_program(&bot.id, &module(n)).await.unwrap();
        assert_eq!(change, ProgramChange::NewVersion(n));
    }
    let last = KEPT_MODULE_VERSIONS as u32 + 2;
    let change = store.set_bot_program(&bot.id, &module(last)).await.unwrap();
    assert_eq!(change, ProgramChange::Same);
    let versions = store.bot_versions(&bot.id).await.unwrap();
    assert_eq!(versions.last().unwrap().kind, module(last));
    assert_eq!(
        store.module_bytes(&hash(3)).await.unwrap(),
        Some(vec![3; 100])
    );
    assert!(store.has_module(&hash(1)).await.unwrap());
    assert_eq!(
        store.module_totals().await.unwrap(),
        (u64::from(last), 100 * u64::from(last))
    );

    // A process that runs no modules does not claim its match; one that does, does.
    let house = store.ensure_house_bot("durak", "random").await.unwrap();
    store
        .create_matches(&[new_match(MatchKind::Practice, 1, &[&bot.id, &house])])
        .await
        .unwrap();
    let without = ClaimScope::ALL.without_modules();
    let claimed = store.claim_scoped(10, 10, "serve", without).await.unwrap();
    assert!(claimed.is_empty(), "claimed without modules: {claimed:?}");
    let claimed = store
        .claim_scoped(10, 10, "worker", ClaimScope::NO_DIAL)
        .await
        .unwrap();
    assert_eq!(claimed.len(), 1);
    assert_eq!(claimed[0].seats[0].kind, module(last));

    // Retention keeps the modules of the latest versions only; a module stored just now (its
    // version not written yet) stays too.
    store.put_module(&hash(99), b"uploading").await.unwrap();
    let dropped = store.drop_unused_modules(now_ms() - 60_000).await.unwrap();
    assert_eq!(dropped, 0, "everything is younger than the cut");
    let dropped = store.drop_unused_modules(now_ms() + 1).await.unwrap();
    let kept = KEPT_MODULE_VERSIONS as u32;
    assert_eq!(dropped, u64::from(last - kept) + 1);
    assert!(!store.has_module(&hash(1)).await.unwrap());
    assert!(!store.has_module(&hash(99)).await.unwrap());
    for n in (last - kept + 1)..=last {
        assert!(store.has_module(&hash(n)).await.unwrap(), "module {n}");
    }
}
