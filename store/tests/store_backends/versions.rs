//! Bot versions and dial-out bots: registration makes version 1, a change of program (a new URL,
//! a switch to dial-out and back) or the owner's word makes the next, the rating carries over
//! with its sigma widened and its mu kept, each seat records the version that played it, and a
//! dial-out bot is pinged like an HTTP bot (over its connection: no URL).

use cardarena_rating::Skill;
use cardarena_store::{BotKind, MatchKind, PauseReason, ProgramChange, now_ms};

use crate::common::{Db, claim_all, http_bot, new_match, register, result};

on_both!(
    versions_carry_the_rating_over,
    dial_out_bots_are_contestants
);

async fn versions_carry_the_rating_over(db: &Db) {
    let store = db.store().await;
    let ids = register(&store, &["changing", "steady"]).await;
    let (bot, other) = (ids[0].as_str(), ids[1].as_str());
    let random = store.ensure_house_bot("durak", "random").await.unwrap();
    let first = store.bot_versions(bot).await.unwrap();
    assert_eq!(first.len(), 1);
    assert_eq!(
        (first[0].version, first[0].start, first[0].from_rated),
        (1, None, 1)
    );
    assert!(store.bot_versions(&random).await.unwrap().is_empty());

    // Three rated matches won by version 1.
    for seed in 0..3 {
        store
            .create_matches(&[new_match(MatchKind::Ladder, seed, &[bot, other, &random])])
            .await
            .unwrap();
        let id = claim_all(&store).await.remove(0);
        assert!(store.finish_match(&id, &result(&[1, 2, 3])).await.unwrap());
    }
    let before = store.rating_of(bot).await.unwrap().unwrap().skill;

    // The same URL again is no new version; a new one is, and widens sigma only.
    let same = BotKind::Http {
        url: "http://127.0.0.1:9/changing".into(),
    };
    assert_eq!(
        store.set_bot_program(bot, &same).await.unwrap(),
        ProgramChange::Same
    );
    let moved = BotKind::Http {
        url: "http://127.0.0.1:9/v2".into(),
    };
    assert_eq!(
        store.set_bot_program(bot, &moved).await.unwrap(),
        ProgramChange::NewVersion(2)
    );
    let after = store.rating_of(bot).await.unwrap().unwrap().skill;
    assert_eq!(after.mu, before.mu, "mu is kept");
    assert!(
        (after.sigma - before.sigma.hypot(25.0 / 6.0)).abs() < 1e-9,
        "{after:?}"
    );
    assert!(after.sigma <= Skill::INITIAL.sigma);

    // A queued match is played by the version current when it is claimed.
    store
        .create_matches(&[new_match(MatchKind::Ladder, 10, &[bot, other, &random])])
        .await
        .unwrap();
    assert_eq!(
        store
            .new_version(bot, Some("a better opening"))
            .await
            .unwrap(),
        Some(3)
    );
    let widened_again = store.rating_of(bot).await.unwrap().unwrap().skill;
    let id = claim_all(&store).await.remove(0);
    assert!(store.finish_match(&id, &result(&[1, 2, 3])).await.unwrap());
    let seats = store.match_summary(&id).await.unwrap().unwrap().seats;
    let versions: Vec<Option<u32>> = seats.iter().map(|s| s.version).collect();
    assert_eq!(versions, [Some(3), Some(1), None], "contestants only");

    let versions = store.bot_versions(bot).await.unwrap();
    let summary: Vec<(u32, u64, u64, Option<&str>)> = versions
        .iter()
        .map(|v| (v.version, v.matches, v.from_rated, v.note.as_deref()))
        .collect();
    assert_eq!(
        summary,
        [
            (1, 3, 1, None),
            (2, 0, 4, None),
            (3, 1, 4, Some("a better opening"))
        ]
    );
    assert_eq!(versions[1].kind, moved);
    assert_eq!(versions[1].start, Some(after));
    assert_eq!(versions[2].start, Some(widened_again));
    assert_eq!(
        store.new_version(&random, None).await.unwrap(),
        None,
        "house bots have none"
    );

    // The chart's points carry each rated match's number and version.
    let chart = store.rating_chart(bot, 500).await.unwrap();
    let points: Vec<(u64, Option<u32>)> = chart.iter().map(|p| (p.nth, p.version)).collect();
    assert_eq!(
        points,
        [(1, Some(1)), (2, Some(1)), (3, Some(1)), (4, Some(3))]
    );
}

async fn dial_out_bots_are_contestants(db: &Db) {
    let store = db.store().await;
    let mut dialer = http_bot("dialer");
    dialer.kind = BotKind::Dial;
    store.insert_bot(&dialer).await.unwrap();
    let bot = dialer.id.as_str();
    let stored = store.bot(bot).await.unwrap().unwrap();
    assert_eq!(stored.kind, BotKind::Dial);
    assert_eq!(stored.health.paused, Some(PauseReason::Unchecked));
    let versions = store.bot_versions(bot).await.unwrap();
    assert_eq!((versions.len(), &versions[0].kind), (1, &BotKind::Dial));

    // Pinged like an HTTP bot, over its connection: no URL to compare.
    let now = now_ms();
    let due = store
        .take_due_checks(now + 1, now + 60_000, 10)
        .await
        .unwrap();
    assert!(due.iter().any(|b| b.id == bot), "{due:?}");
    assert!(!store.check_passed(bot, Some("http://x/")).await.unwrap());
    assert!(store.check_passed(bot, None).await.unwrap());
    assert_eq!(store.active_bots("durak").await.unwrap().len(), 1);

    // Switching to HTTP and back are versions 2 and 3, each unchecked again.
    let http = BotKind::Http {
        url: "http://127.0.0.1:9/d".into(),
    };
    assert_eq!(
        store.set_bot_program(bot, &http).await.unwrap(),
        ProgramChange::NewVersion(2)
    );
    let moved = store.bot(bot).await.unwrap().unwrap();
    assert_eq!(
        (moved.kind, moved.health.paused),
        (http, Some(PauseReason::Unchecked))
    );
    assert!(
        !store.check_passed(bot, None).await.unwrap(),
        "no longer dial-out"
    );
    assert_eq!(
        store.set_bot_program(bot, &BotKind::Dial).await.unwrap(),
        ProgramChange::NewVersion(3)
    );
    assert_eq!(
        store.set_bot_program(bot, &BotKind::Dial).await.unwrap(),
        ProgramChange::Same
    );
    assert_eq!(store.bot(bot).await.unwrap().unwrap().kind, BotKind::Dial);

    // It holds a ladder seat as a contestant does.
    let random = store.ensure_house_bot("durak", "random").await.unwrap();
    store
        .create_matches(&[new_match(MatchKind::Ladder, 1, &[bot, &random])])
        .await
        .unwrap();
    assert_eq!(
        store.busy_on_ladder("durak", 4, "expert").await.unwrap(),
        [bot.to_string()]
    );
    let removed = store
        .set_bot_program(&random, &BotKind::Dial)
        .await
        .unwrap();
    assert_eq!(
        removed,
        ProgramChange::NoBot,
        "a house bot has no program to change"
    );
}
