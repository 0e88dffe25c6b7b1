//! Bots: registration, taken names, paging by name, house and person rows, and bot health (pings
//! due, passed and failed, the recent-fault record, pauses and what they cancel).

use cardarena_store::{
    BotKind, MatchKind, NewBot, PauseReason, ProgramChange, StoreError, UnusedFull, now_ms,
};

use crate::common::{Db, http_bot, new_match, register, result};

on_both!(
    registering_and_names,
    health_checks_and_pauses,
    ladder_seats_of_busy_bots,
    registration_keeps_a_cap_on_unused_bots
);

/// The cap counts contestants' bots that never answered and sit in no match, removed ones
/// included; a bot that answers a ping or is seated in a match makes room.
async fn registration_keeps_a_cap_on_unused_bots(db: &Db) {
    let store = db.store().await;
    // House bots and the people's rows are never unused.
    store.ensure_house_bot("durak", "random").await.unwrap();
    store.ensure_person_bot("durak").await.unwrap();
    let dial = NewBot {
        kind: BotKind::Dial,
        ..http_bot("d1")
    };
    let mut bots = vec![http_bot("u1"), dial, http_bot("u3")];
    for bot in &bots {
        assert_eq!(store.register_bot(bot, 3).await.unwrap(), Ok(()));
    }
    let fourth = http_bot("u4");
    assert_eq!(
        store.register_bot(&fourth, 3).await.unwrap(),
        Err(UnusedFull(3))
    );
    assert!(store.bot(&fourth.id).await.unwrap().is_none());
    // A removed bot's row stays, and so does its count.
    assert!(store.remove_bot(&bots[2].id).await.unwrap());
    assert_eq!(
        store.register_bot(&fourth, 3).await.unwrap(),
        Err(UnusedFull(3))
    );
    // A ping passing makes room (over the dial-out connection: no URL).
    assert!(store.check_passed(&bots[1].id, None).await.unwrap());
    assert_eq!(store.register_bot(&fourth, 3).await.unwrap(), Ok(()));
    bots.push(fourth);
    assert_eq!(
        store.register_bot(&http_bot("u5"), 3).await.unwrap(),
        Err(UnusedFull(3))
    );
    // So does a seat in a match, answered or not.
    let house = store.ensure_house_bot("durak", "random").await.unwrap();
    let practice = new_match(MatchKind::Practice, 7, &[&bots[0].id, &house]);
    store
        .queue_practice(&bots[0].id, &[practice], 10)
        .await
        .unwrap()
        .unwrap();
    assert_eq!(
        store.register_bot(&http_bot("u5"), 3).await.unwrap(),
        Ok(())
    );
    // Within the cap, a taken name is still refused as such.
    assert!(matches!(
        store.register_bot(&http_bot("u1"), 100).await,
        Err(StoreError::NameTaken(_))
    ));
}

async fn registering_and_names(db: &Db) {
    let store = db.store().await;
    let alice = http_bot("alice");
    store.insert_bot(&alice).await.unwrap();
    let again = store.insert_bot(&http_bot("alice")).await;
    assert!(
        matches!(again, Err(StoreError::NameTaken(ref name)) if name == "alice"),
        "{again:?}"
    );
    let stored = store.bot(&alice.id).await.unwrap().unwrap();
    assert_eq!(stored.name, "alice");
    assert_eq!(
        stored.kind,
        BotKind::Http {
            url: "http://127.0.0.1:9/alice".into()
        }
    );
    assert_eq!(stored.secret_hash.as_deref(), Some("secret-of-alice"));
    assert_eq!(stored.health.paused, Some(PauseReason::Unchecked));
    assert!(!stored.deleted);
    assert_eq!(
        store.bot_id_by_token("token-of-alice").await.unwrap(),
        Some(alice.id.clone())
    );
    assert_eq!(
        store.bot_id_by_token("token-of-nobody").await.unwrap(),
        None
    );

    // A house bot and a person row are made once, whoever asks first.
    let greedy = store.ensure_house_bot("durak", "greedy").await.unwrap();
    assert_eq!(
        store.ensure_house_bot("durak", "greedy").await.unwrap(),
        greedy
    );
    let person = store.ensure_person_bot("durak").await.unwrap();
    assert_eq!(
        store.bot(&person).await.unwrap().unwrap().kind,
        BotKind::Person
    );
    let house = store.bot(&greedy).await.unwrap().unwrap();
    assert_eq!(house.health.paused, None, "a house bot is active at once");

    // Names page in byte order (capitals first), whatever the database's collation.
    register(&store, &["beta", "Zed", "_under", "alpha-2", "alpha"]).await;
    let names: Vec<String> = store
        .bots(Some("durak"))
        .await
        .unwrap()
        .into_iter()
        .map(|b| b.name)
        .collect();
    let mut bytewise = names.clone();
    bytewise.sort();
    assert_eq!(names, bytewise);
    assert_eq!(names.first().map(String::as_str), Some("Zed"));
    let page = store
        .bots_page(Some("durak"), Some("alpha"), 2)
        .await
        .unwrap();
    let page: Vec<&str> = page.iter().map(|b| b.name.as_str()).collect();
    assert_eq!(page, ["alpha-2", "beta"]);
    assert!(store.bots(Some("bridge")).await.unwrap().is_empty());

    // A removed bot keeps its name and row, and leaves the lists.
    assert!(store.remove_bot(&alice.id).await.unwrap());
    assert!(!store.remove_bot(&alice.id).await.unwrap());
    assert!(store.bot(&alice.id).await.unwrap().unwrap().deleted);
    assert!(matches!(
        store.insert_bot(&http_bot("alice")).await,
        Err(StoreError::NameTaken(_))
    ));
    assert!(
        store
            .bots(None)
            .await
            .unwrap()
            .iter()
            .all(|b| b.id != alice.id)
    );
}

async fn health_checks_and_pauses(db: &Db) {
    let store = db.store().await;
    let ids = register(&store, &["pinged", "other"]).await;
    let (bot, other) = (ids[0].as_str(), ids[1].as_str());
    let url = "http://127.0.0.1:9/pinged";
    let now = now_ms();
    assert!(
        store
            .next_check_due()
            .await
            .unwrap()
            .is_some_and(|at| at <= now)
    );

    // Due pings are taken once: the next check moves on while the ping is out.
    let taken = store
        .take_due_checks(now + 1, now + 60_000, 10)
        .await
        .unwrap();
    assert_eq!(taken.len(), 2);
    assert!(
        store
            .take_due_checks(now + 1, now + 60_000, 10)
            .await
            .unwrap()
            .is_empty()
    );
    store
        .check_failed(bot, Some(url), "connection refused", 1000, now + 1000)
        .await
        .unwrap();
    let failed = store.bot(bot).await.unwrap().unwrap().health;
    assert_eq!(failed.detail.as_deref(), Some("connection refused"));
    assert_eq!(
        (failed.backoff_ms, failed.next_check_at),
        (1000, Some(now + 1000))
    );
    assert!(
        !store
            .check_passed(bot, Some("http://elsewhere/"))
            .await
            .unwrap()
    );
    assert!(
        !store.check_passed(bot, None).await.unwrap(),
        "not dial-out"
    );
    assert!(store.check_passed(bot, Some(url)).await.unwrap());
    assert!(
        store
            .check_passed(other, Some("http://127.0.0.1:9/other"))
            .await
            .unwrap()
    );
    assert_eq!(store.bot(bot).await.unwrap().unwrap().health.paused, None);
    assert_eq!(store.active_bots("durak").await.unwrap().len(), 2);

    // Each finished ladder match shifts one bit into the bot's record: 1 where it faulted, never
    // for the decisions its kit played at random.
    let random = store.ensure_house_bot("durak", "random").await.unwrap();
    for faulted in [true, false, true] {
        store
            .create_matches(&[new_match(MatchKind::Ladder, 3, &[bot, &random])])
            .await
            .unwrap();
        let id = crate::common::claim_all(&store).await.remove(0);
        let mut outcome = result(&[2, 1]);
        outcome.seats[0].fallbacks = 40;
        if faulted {
            outcome.seats[0].fault = Some(("timeout".into(), "no answer".into()));
        }
        assert!(store.finish_match(&id, &outcome).await.unwrap());
        let recorded = store.recorded_match_bots(&id).await.unwrap();
        assert_eq!(recorded.len(), 2, "both bots of the match");
    }
    let health = store.bot(bot).await.unwrap().unwrap().health;
    assert_eq!(health.recent_faults, 0b101);
    assert_eq!((health.faults(), health.recent_matches), (2, 3));
    assert_eq!(health.matches_since_active, 3);

    // Pausing for faults cancels the bot's queued ladder matches, and only when it was active.
    let queued = store
        .create_matches(&[new_match(MatchKind::Ladder, 4, &[bot, &random])])
        .await
        .unwrap();
    assert!(
        store
            .pause_for_faults(bot, "faulted", 2000, now + 2000)
            .await
            .unwrap()
    );
    assert!(
        !store
            .pause_for_faults(bot, "faulted", 2000, now + 2000)
            .await
            .unwrap()
    );
    let cancelled = store.match_summary(&queued[0]).await.unwrap().unwrap();
    assert_eq!(cancelled.status.as_str(), "cancelled");
    assert_eq!(
        store.bot(bot).await.unwrap().unwrap().health.paused,
        Some(PauseReason::Faults)
    );
    assert_eq!(
        store.active_bots("durak").await.unwrap().len(),
        2,
        "other and random"
    );

    // The owner's pause holds pings off until the owner resumes it.
    store.pause_by_owner(other).await.unwrap();
    let paused = store.bot(other).await.unwrap().unwrap().health;
    assert_eq!(
        (paused.paused, paused.next_check_at),
        (Some(PauseReason::Owner), None)
    );
    let moved = BotKind::Http {
        url: "http://127.0.0.1:9/moved".into(),
    };
    assert_eq!(
        store.set_bot_program(other, &moved).await.unwrap(),
        ProgramChange::NewVersion(2)
    );
    let moved = store.bot(other).await.unwrap().unwrap();
    assert_eq!(
        moved.health.paused,
        Some(PauseReason::Owner),
        "still the owner's pause"
    );
    store.resume_by_owner(other).await.unwrap();
    let resumed = store.bot(other).await.unwrap().unwrap().health;
    assert_eq!(resumed.paused, Some(PauseReason::Unchecked));
    assert!(resumed.next_check_at.is_some());
}

async fn ladder_seats_of_busy_bots(db: &Db) {
    let store = db.store().await;
    let ids = register(&store, &["hog", "calm"]).await;
    let (hog, calm) = (ids[0].as_str(), ids[1].as_str());
    let random = store.ensure_house_bot("durak", "random").await.unwrap();
    let ladder = store
        .create_matches(&[new_match(MatchKind::Ladder, 1, &[hog, &random])])
        .await
        .unwrap();
    let busy = store.busy_on_ladder("durak", 3, "expert").await.unwrap();
    assert_eq!(busy, [hog.to_string()], "seated in a pending ladder match");
    // Three practice matches make a backlog at a concurrency of 3: the ladder match behind it
    // is cancelled, and the calm bot is not touched.
    let practice: Vec<_> = (0..3)
        .map(|seed| new_match(MatchKind::Practice, seed, &[hog, &random]))
        .collect();
    store.create_matches(&practice).await.unwrap();
    store
        .create_matches(&[new_match(MatchKind::Practice, 9, &[calm, &random])])
        .await
        .unwrap();
    assert_eq!(
        store
            .cancel_ladder_behind_backlogs("durak", 4)
            .await
            .unwrap(),
        0
    );
    assert_eq!(
        store
            .cancel_ladder_behind_backlogs("durak", 3)
            .await
            .unwrap(),
        1
    );
    let m = store.match_summary(&ladder[0]).await.unwrap().unwrap();
    assert_eq!(m.status.as_str(), "cancelled");
    let busy = store.busy_on_ladder("durak", 3, "expert").await.unwrap();
    assert_eq!(
        busy,
        [hog.to_string()],
        "its backlog keeps it off the ladder"
    );
    assert!(
        store
            .busy_on_ladder("durak", 4, "expert")
            .await
            .unwrap()
            .is_empty()
    );

    // The expert plays one ladder match at a time on the whole server: seated in one of prsi,
    // it is busy for durak too; a practice match does not count.
    let durak_expert = store.ensure_house_bot("durak", "expert").await.unwrap();
    let prsi_expert = store.ensure_house_bot("prsi", "expert").await.unwrap();
    let prsi_random = store.ensure_house_bot("prsi", "random").await.unwrap();
    let mut prsi_practice = new_match(MatchKind::Practice, 5, &[&prsi_expert, &prsi_random]);
    prsi_practice.game = "prsi".into();
    store.create_matches(&[prsi_practice]).await.unwrap();
    assert!(
        store
            .busy_on_ladder("durak", 4, "expert")
            .await
            .unwrap()
            .is_empty()
    );
    let mut prsi_ladder = new_match(MatchKind::Ladder, 6, &[&prsi_expert, &prsi_random]);
    prsi_ladder.game = "prsi".into();
    store.create_matches(&[prsi_ladder]).await.unwrap();
    assert_eq!(
        store.busy_on_ladder("durak", 4, "expert").await.unwrap(),
        [durak_expert],
        "the expert is on a ladder already"
    );
}
