//! Logs: a finished match's actions stored compactly and read back through the engine, with its
//! say lines, answer times, faults' steps and the decisions each seat's kit played at random;
//! and retention dropping old ladder logs only.

use cardarena_store::{FaultRecord, LogState, MatchKind, PlayRecord, now_ms};

use crate::common::{Db, claim_all, durak_log, new_match, register, result};

on_both!(logs_timing_and_retention);

async fn logs_timing_and_retention(db: &Db) {
    let store = db.store().await;
    let ids = register(&store, &["talker", "quiet"]).await;
    let seats = [ids[0].as_str(), ids[1].as_str()];
    let made = store
        .create_matches(&[
            new_match(MatchKind::Ladder, 31, &seats),
            new_match(MatchKind::Practice, 32, &seats),
        ])
        .await
        .unwrap();
    assert_eq!(claim_all(&store).await.len(), 2);
    let mut actions = durak_log(31, 2);
    assert!(actions.len() > 10);
    actions[0].say = Some("Good luck, have fun".into());
    actions[3].say = Some("Ha — a six!".into());
    let mut outcome = result(&[2, 1]);
    outcome.actions = actions.clone();
    outcome.seats[0].fault = Some(("timeout".into(), "no answer in 1000 ms".into()));
    outcome.seats[1].fallbacks = 7;
    let record = PlayRecord {
        timing: (0..actions.len() as u32).map(|i| i * 7).collect(),
        faults: vec![
            Some(FaultRecord {
                step: Some(5),
                status: Some(504),
                ms: Some(1000),
                body: Some("gateway timeout".into()),
            }),
            None,
        ],
    };
    assert!(
        store
            .finish_match_recorded(&made[0], None, &outcome, &record)
            .await
            .unwrap()
    );
    let mut practice = result(&[1, 2]);
    practice.actions = durak_log(32, 2);
    assert!(store.finish_match(&made[1], &practice).await.unwrap());

    let detail = store.match_detail(&made[0]).await.unwrap().unwrap();
    assert_eq!(detail.log, LogState::Kept);
    assert_eq!(detail.actions, actions);
    assert!(
        detail.summary.rules_version.is_some(),
        "stamped with the rules it was played by"
    );
    assert_eq!(store.play_record(&made[0]).await.unwrap(), record);
    let fallbacks: Vec<u32> = detail.summary.seats.iter().map(|s| s.fallbacks).collect();
    assert_eq!(fallbacks, [0, 7]);
    let recent = store.recent_fallbacks(&ids[1], 50).await.unwrap();
    assert_eq!(
        (recent.seats, recent.with_fallbacks, recent.decisions),
        (2, 1, 7)
    );
    let window = store.recent_fallbacks(&ids[1], 1).await.unwrap();
    assert_eq!(
        window.decisions, 0,
        "the latest match only: the practice one"
    );
    let blob = db
        .rows("SELECT log FROM matches WHERE log IS NOT NULL")
        .await;
    assert_eq!(blob.len(), 2, "a log a finished match");

    // Retention drops the old ladder log, its says and its times; the practice log stays.
    assert_eq!(store.drop_ladder_logs(now_ms() - 60_000).await.unwrap(), 0);
    assert_eq!(store.drop_ladder_logs(now_ms() + 1).await.unwrap(), 1);
    assert_eq!(store.drop_ladder_logs(now_ms() + 1).await.unwrap(), 0);
    let dropped = store.match_detail(&made[0]).await.unwrap().unwrap();
    assert!(
        matches!(dropped.log, LogState::Dropped { .. }),
        "{:?}",
        dropped.log
    );
    assert!(dropped.actions.is_empty());
    assert_eq!(dropped.summary.seats[1].rank, Some(1), "the result stays");
    assert!(store.play_record(&made[0]).await.unwrap().timing.is_empty());
    assert!(db.rows("SELECT idx FROM says").await.is_empty());
    let kept = store.match_detail(&made[1]).await.unwrap().unwrap();
    assert_eq!(
        (kept.log, kept.actions.len()),
        (LogState::Kept, practice.actions.len())
    );
}
