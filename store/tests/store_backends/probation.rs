//! Probation: a bot paused for faults is not brought back by a ping (nor hurried by a
//! connection); its probation match is queued once, is judged once it ends (read from the store,
//! whichever process played it), counts for nothing in the pause rule's record, and its owner's
//! resume, pause or move ends it.

use cardarena_store::{BotKind, MatchKind, MatchStatus, PauseReason, Store, now_ms};

use crate::common::{Db, claim_all, new_match, register, result};

on_both!(probation_after_a_pause_for_faults);

/// Pauses the active bot `id` for faults and returns its queued probation against `house`.
async fn on_probation(store: &Store, id: &str, url: &str, house: &str) -> String {
    assert!(
        store
            .pause_for_faults(id, "5 faulted matches in a row", 1000, now_ms() + 1000)
            .await
            .unwrap()
    );
    let probation = new_match(MatchKind::Practice, 7, &[id, house]);
    store
        .start_probation(id, Some(url), &probation, "on probation")
        .await
        .unwrap()
        .expect("queued")
}

/// Claims and finishes the match `id`, the first seat faulting if `faulted`.
async fn play(store: &Store, id: &str, faulted: bool) {
    assert_eq!(claim_all(store).await, [id.to_string()]);
    let mut outcome = result(&[2, 1]);
    if faulted {
        outcome.seats[0].fault = Some(("http_status".into(), "500".into()));
    }
    assert!(store.finish_match(id, &outcome).await.unwrap());
}

async fn probation_after_a_pause_for_faults(db: &Db) {
    let store = db.store().await;
    let bot = register(&store, &["faulter"]).await.remove(0);
    let bot = bot.as_str();
    let url = "http://127.0.0.1:9/faulter";
    let house = store.ensure_house_bot("durak", "greedy").await.unwrap();
    assert!(store.check_passed(bot, Some(url)).await.unwrap());
    assert!(
        store
            .pause_for_faults(bot, "5 faulted matches in a row", 1000, now_ms() + 1000)
            .await
            .unwrap()
    );
    let paused = store.bot(bot).await.unwrap().unwrap().health;

    // A ping shows only that it answers: it stays paused. A connection does not hurry it.
    assert!(!store.check_passed(bot, Some(url)).await.unwrap());
    assert!(!store.check_soon(bot).await.unwrap());
    let still = store.bot(bot).await.unwrap().unwrap().health;
    assert_eq!(still.paused, Some(PauseReason::Faults));
    assert_eq!(
        still.next_check_at, paused.next_check_at,
        "its back-off stands"
    );

    // Its probation is queued once, for the bot still at its URL; nothing else is due meanwhile.
    let probation = new_match(MatchKind::Practice, 7, &[bot, &house]);
    let elsewhere = Some("http://127.0.0.1:9/elsewhere");
    let none = store.start_probation(bot, elsewhere, &probation, "on probation");
    assert_eq!(none.await.unwrap(), None);
    assert_eq!(
        db.rows("SELECT id FROM matches").await.len(),
        0,
        "nothing queued"
    );
    let first = store
        .start_probation(bot, Some(url), &probation, "on probation")
        .await
        .unwrap()
        .expect("queued");
    let again = store.start_probation(bot, Some(url), &probation, "again");
    assert_eq!(again.await.unwrap(), None, "one probation at a time");
    let out = store.bot(bot).await.unwrap().unwrap().health;
    assert_eq!(out.probation_match.as_deref(), Some(first.as_str()));
    assert_eq!(
        (out.next_check_at, out.paused),
        (None, Some(PauseReason::Faults))
    );
    assert!(
        store
            .take_due_checks(i64::MAX, i64::MAX, 10)
            .await
            .unwrap()
            .is_empty()
    );
    assert!(
        store
            .active_bots("durak")
            .await
            .unwrap()
            .iter()
            .all(|b| b.id != bot)
    );
    assert!(
        store.ended_probations().await.unwrap().is_empty(),
        "still queued"
    );

    // It faults: judged once, and the pause rule's record is untouched (practice).
    play(&store, &first, true).await;
    assert!(store.recorded_match_bots(&first).await.unwrap().is_empty());
    let ended = store.ended_probations().await.unwrap();
    assert_eq!(ended.len(), 1);
    assert_eq!((ended[0].bot_id.as_str(), ended[0].backoff_ms), (bot, 1000));
    assert_eq!(ended[0].probation.status, MatchStatus::Finished);
    assert_eq!(
        ended[0].probation.fault,
        Some(("http_status".into(), "500".into()))
    );
    let next = now_ms() + 2000;
    assert!(
        store
            .probation_failed(bot, &first, "faulted", 2000, next)
            .await
            .unwrap()
    );
    assert!(
        !store
            .probation_failed(bot, &first, "faulted", 4000, next)
            .await
            .unwrap()
    );
    let failed = store.bot(bot).await.unwrap().unwrap().health;
    assert_eq!(failed.paused, Some(PauseReason::Faults));
    assert_eq!(
        (failed.backoff_ms, failed.next_check_at),
        (2000, Some(next))
    );
    assert_eq!(failed.probation_match, None);
    assert_eq!(failed.last_probation.as_deref(), Some(first.as_str()));
    assert_eq!((failed.recent_matches, failed.recent_faults), (0, 0));
    assert!(store.ended_probations().await.unwrap().is_empty());

    // The next one plays clean: the bot is active again, counting afresh.
    let second = store
        .start_probation(bot, Some(url), &probation, "on probation")
        .await
        .unwrap()
        .expect("queued");
    play(&store, &second, false).await;
    let ended = store.ended_probations().await.unwrap();
    assert_eq!(ended[0].probation.fault, None);
    assert!(store.probation_passed(bot, &second).await.unwrap());
    assert!(!store.probation_passed(bot, &second).await.unwrap());
    let passed = store.bot(bot).await.unwrap().unwrap().health;
    assert_eq!((passed.paused, passed.matches_since_active), (None, 0));
    assert_eq!(passed.last_probation.as_deref(), Some(second.as_str()));
    let shown = store.probation_match(&second, bot).await.unwrap().unwrap();
    assert_eq!((shown.status, shown.fault), (MatchStatus::Finished, None));

    // The owner's resume, pause or move ends a probation: a queued probation match is cancelled.
    let third = on_probation(&store, bot, url, &house).await;
    store.resume_by_owner(bot).await.unwrap();
    let resumed = store.bot(bot).await.unwrap().unwrap().health;
    assert_eq!(resumed.paused, Some(PauseReason::Unchecked));
    assert_eq!(resumed.probation_match, None);
    let cancelled = store.match_summary(&third).await.unwrap().unwrap();
    assert_eq!(cancelled.status, MatchStatus::Cancelled);
    assert!(
        store.check_passed(bot, Some(url)).await.unwrap(),
        "a ping is enough"
    );

    let fourth = on_probation(&store, bot, url, &house).await;
    store.pause_by_owner(bot).await.unwrap();
    let held = store.bot(bot).await.unwrap().unwrap().health;
    assert_eq!(
        (held.paused, held.probation_match),
        (Some(PauseReason::Owner), None)
    );
    let cancelled = store.match_summary(&fourth).await.unwrap().unwrap();
    assert_eq!(cancelled.status, MatchStatus::Cancelled);

    store.resume_by_owner(bot).await.unwrap();
    assert!(store.check_passed(bot, Some(url)).await.unwrap());
    let fifth = on_probation(&store, bot, url, &house).await;
    let moved = BotKind::Http {
        url: "http://127.0.0.1:9/moved".into(),
    };
    store.set_bot_program(bot, &moved).await.unwrap();
    let moved = store.bot(bot).await.unwrap().unwrap().health;
    assert_eq!(
        (moved.paused, moved.probation_match),
        (Some(PauseReason::Unchecked), None)
    );
    let cancelled = store.match_summary(&fifth).await.unwrap().unwrap();
    assert_eq!(cancelled.status, MatchStatus::Cancelled);
    assert!(store.ended_probations().await.unwrap().is_empty());
}
