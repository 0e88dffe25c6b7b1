//! Leases: a claim holds a match under its process's id and a new attempt; renewal keeps what is
//! held; a lease that passes gives the match back to the queue (a table people play is cancelled);
//! a result is stored only under the lease it was played with, so a match is finished once; a
//! process that stops hands its matches back; signals reach this process.

use std::time::Duration;

use cardarena_store::{Lease, MatchKind, MatchStatus, Networks, Signal, TableLimits, WorkerInfo};
use sqlx::Row;

use crate::common::{Db, new_match, register, result};

on_both!(
    a_lost_lease_gives_the_match_back_and_refuses_the_old_result,
    renewal_keeps_what_a_process_holds_and_release_hands_it_back,
    a_table_whose_lease_passes_is_cancelled,
    a_signal_reaches_the_subscribers
);

/// Makes every running match's lease pass, as if its process had stopped renewing.
async fn expire_leases(db: &Db) {
    db.rows("UPDATE matches SET lease_until = 0 WHERE status = 'running'")
        .await;
}

async fn status_of(db: &Db, id: &str) -> (String, i64) {
    let rows = db
        .rows(&format!(
            "SELECT status, attempt FROM matches WHERE id = '{id}'"
        ))
        .await;
    (rows[0].get("status"), rows[0].get("attempt"))
}

async fn a_lost_lease_gives_the_match_back_and_refuses_the_old_result(db: &Db) {
    let store = db.store().await;
    let ids = register(&store, &["ann"]).await;
    let random = store.ensure_house_bot("durak", "random").await.unwrap();
    let queued = store
        .create_matches(&[new_match(MatchKind::Ladder, 1, &[&ids[0], &random])])
        .await
        .unwrap();
    let first = store.claim_queued(10, 10, "w1").await.unwrap();
    assert_eq!(first.len(), 1);
    assert_eq!(
        first[0].lease,
        Lease {
            worker: "w1".into(),
            attempt: 1
        }
    );
    // Nothing to reap while the lease runs.
    assert_eq!(store.reap_leases().await.unwrap().requeued, 0);
    expire_leases(db).await;
    let reaped = store.reap_leases().await.unwrap();
    assert_eq!((reaped.requeued, reaped.cancelled), (1, 0));
    assert_eq!(status_of(db, &queued[0]).await, ("queued".into(), 1));
    let second = store.claim_queued(10, 10, "w2").await.unwrap();
    assert_eq!(second[0].lease.attempt, 2, "played again: a new attempt");
    // The first process comes back with its result: refused, nothing rated.
    let stored = store
        .finish_match_recorded(
            &queued[0],
            Some(&first[0].lease),
            &result(&[1, 2]),
            &Default::default(),
        )
        .await
        .unwrap();
    assert!(!stored, "the result of a lease that passed is refused");
    assert_eq!(status_of(db, &queued[0]).await, ("running".into(), 2));
    // Nor can it fail the match now played by another.
    store
        .fail_match(&queued[0], Some(&first[0].lease), "gone")
        .await
        .unwrap();
    assert_eq!(status_of(db, &queued[0]).await.0, "running");
    // The holder's result is stored, once.
    let lease = &second[0].lease;
    let (outcome, record) = (result(&[2, 1]), Default::default());
    let finish = || store.finish_match_recorded(&queued[0], Some(lease), &outcome, &record);
    assert!(finish().await.unwrap());
    assert!(!finish().await.unwrap(), "a second result is refused");
    let rated = db
        .rows("SELECT COUNT(*) AS n FROM matches WHERE rating_seq IS NOT NULL")
        .await;
    assert_eq!(rated[0].get::<i64, _>("n"), 1);
    let detail = store.match_detail(&queued[0]).await.unwrap().unwrap();
    assert_eq!(detail.summary.status, MatchStatus::Finished);
    assert_eq!(detail.summary.attempt, 2);
}

async fn renewal_keeps_what_a_process_holds_and_release_hands_it_back(db: &Db) {
    let store = db.store().await;
    let ids = register(&store, &["ann", "bob"]).await;
    let random = store.ensure_house_bot("durak", "random").await.unwrap();
    let queued = store
        .create_matches(&[
            new_match(MatchKind::Ladder, 1, &[&ids[0], &random]),
            new_match(MatchKind::Ladder, 2, &[&ids[1], &random]),
        ])
        .await
        .unwrap();
    let info = |id: &str| WorkerInfo {
        id: id.into(),
        role: "worker".into(),
        host: "here".into(),
        pid: 7,
        slots: 1,
    };
    store.register_worker(&info("w1")).await.unwrap();
    store.register_worker(&info("w2")).await.unwrap();
    let one = store.claim_queued(1, 10, "w1").await.unwrap();
    let two = store.claim_queued(1, 10, "w2").await.unwrap();
    assert_eq!(
        store.renew_leases("w1").await.unwrap(),
        vec![one[0].id.clone()]
    );
    assert_eq!(
        store.renew_leases("w2").await.unwrap(),
        vec![two[0].id.clone()]
    );
    let workers = store.workers().await.unwrap();
    assert_eq!(workers.len(), 2);
    assert!(workers.iter().all(|w| w.playing == 1), "{workers:?}");
    // w1 stops cleanly: its match is queued again at once; w2's is untouched.
    assert_eq!(store.release_leases("w1").await.unwrap(), 1);
    assert!(store.renew_leases("w1").await.unwrap().is_empty());
    assert_eq!(status_of(db, &one[0].id).await.0, "queued");
    assert_eq!(status_of(db, &two[0].id).await.0, "running");
    assert!(queued.contains(&one[0].id));
}

async fn a_table_whose_lease_passes_is_cancelled(db: &Db) {
    let store = db.store().await;
    let random = store.ensure_house_bot("durak", "random").await.unwrap();
    let person = store.ensure_person_bot("durak").await.unwrap();
    let mut table = new_match(MatchKind::Human, 3, &[&person, &random]);
    table.rated = false;
    let opened = store
        .open_table(
            &cardarena_store::NewTable {
                new_match: table,
                persons: vec![(0, "token-hash".into())],
                client: "127.0.0.1".into(),
            },
            TableLimits {
                server: 10,
                per_client: 10,
                per_network: 10,
                per_client_hour: 10,
                per_bot: 10,
                per_bot_hour: 10,
                networks: Networks::default(),
            },
            "serve-1",
        )
        .await
        .unwrap()
        .unwrap();
    assert_eq!(opened.lease.worker, "serve-1");
    expire_leases(db).await;
    let reaped = store.reap_leases().await.unwrap();
    assert_eq!((reaped.requeued, reaped.cancelled), (0, 1));
    assert_eq!(status_of(db, &opened.id).await.0, "cancelled");
}

async fn a_signal_reaches_the_subscribers(db: &Db) {
    let store = db.store().await;
    let mut signals = store.subscribe_signals();
    let other = db.store().await;
    // A listener may take a moment to start: send until one arrives.
    let mut got = None;
    for _ in 0..50 {
        other.signal(Signal::Watch("m-1".into())).await.unwrap();
        match tokio::time::timeout(Duration::from_millis(200), signals.recv()).await {
            Ok(Ok(Signal::Watch(id))) => {
                got = Some(id);
                break;
            }
            _ => continue,
        }
    }
    if db.url.starts_with("sqlite") {
        // One process per SQLite database: a signal goes round the store that sent it only.
        assert_eq!(got, None, "another store's signal");
        store.signal(Signal::Queue).await.unwrap();
        assert_eq!(signals.recv().await.unwrap(), Signal::Queue);
    } else {
        assert_eq!(got.as_deref(), Some("m-1"), "a NOTIFY through PostgreSQL");
    }
}
