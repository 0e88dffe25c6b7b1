//! Matches: the fair claim (tournaments first, owners in turn, the per-bot cap), a result and its
//! rating update committed together, failures, restarts and the practice queue's limit, and the
//! rating order when many results are stored at once.

use std::collections::{BTreeMap, HashSet};

use cardarena_store::{MatchKind, MatchStatus, QueueFull, StageRef, WriterLock};

use crate::common::{Db, claim_all, new_match, register, result};

on_both!(
    fair_claim,
    a_claim_reads_on_past_an_owners_blocked_matches,
    a_result_and_its_rating_commit_together,
    concurrent_results_keep_the_rating_chain
);

async fn fair_claim(db: &Db) {
    let store = db.store().await;
    let ids = register(&store, &["hog", "modest"]).await;
    let (hog, modest) = (ids[0].as_str(), ids[1].as_str());
    let random = store.ensure_house_bot("durak", "random").await.unwrap();
    // The hog asks first, for five; the modest bot then for one; a tournament's match comes last.
    let hogs: Vec<_> = (0..5)
        .map(|seed| new_match(MatchKind::Practice, seed, &[hog, &random]))
        .collect();
    let hogs = store.create_matches(&hogs).await.unwrap();
    let modests = store
        .create_matches(&[new_match(MatchKind::Practice, 7, &[modest, &random])])
        .await
        .unwrap();
    store
        .insert_tournament("cup", "Cup", "durak", &serde_json::json!([]), false)
        .await
        .unwrap();
    let mut cup = new_match(MatchKind::Tournament, 8, &[&random, &random]);
    cup.stage = Some(StageRef {
        tournament_id: "cup".into(),
        stage: 0,
        deal: None,
        entrant: None,
    });
    let cups = store.create_matches(&[cup]).await.unwrap();

    let claimed = store.claim_queued(3, 4, "test").await.unwrap();
    let claimed: Vec<&str> = claimed.iter().map(|m| m.id.as_str()).collect();
    assert_eq!(claimed[0], cups[0], "a tournament's match first");
    let rest: HashSet<&str> = claimed[1..].iter().copied().collect();
    let expected: HashSet<&str> = [hogs[0].as_str(), modests[0].as_str()].into();
    assert_eq!(rest, expected, "then each practising bot's oldest, in turn");

    // The hog has one match running; at a cap of two it gets one more, whatever is free.
    let next = store.claim_queued(10, 2, "test").await.unwrap();
    assert_eq!(next.len(), 1);
    assert_eq!(next[0].id, hogs[1]);
    assert_eq!(next[0].seats[0].bot_id, hog);
    assert_eq!(next[0].seats[1].name, "random@durak");
    assert_eq!(next[0].time_bank_ms, 500);
    assert_eq!(next[0].wall_clock_ms, Some(60_000));
    assert!(store.claim_queued(10, 2, "test").await.unwrap().is_empty());
    // A finished match frees its slot.
    assert!(
        store
            .finish_match(&hogs[0], &result(&[1, 2]))
            .await
            .unwrap()
    );
    let freed = store.claim_queued(10, 2, "test").await.unwrap();
    assert_eq!(
        freed.iter().map(|m| m.id.clone()).collect::<Vec<_>>(),
        [hogs[2].clone()]
    );
    assert_eq!(
        store
            .pending_matches(MatchKind::Practice, "durak")
            .await
            .unwrap(),
        5
    );

    // The practice queue's limit is counted with the insert.
    let more: Vec<_> = (0..2)
        .map(|seed| new_match(MatchKind::Practice, seed, &[hog, &random]))
        .collect();
    assert_eq!(
        store.queue_practice(hog, &more, 3).await.unwrap(),
        Err(QueueFull { queued: 2 })
    );
    assert_eq!(
        store
            .queue_practice(hog, &more, 4)
            .await
            .unwrap()
            .unwrap()
            .len(),
        2
    );
}

/// An owner's first queued matches all wait for a bot at its cap: a claim of one match reads on
/// past them (more than its first read of eight) to the owner's first match it may start, and
/// leaves the blocked ones queued in their order.
async fn a_claim_reads_on_past_an_owners_blocked_matches(db: &Db) {
    let store = db.store().await;
    let ids = register(&store, &["busy", "x", "y", "z"]).await;
    let (busy, x, y, z) = (&ids[0], &ids[1], &ids[2], &ids[3]);
    store
        .create_matches(&[new_match(MatchKind::Ladder, 1, &[busy, x])])
        .await
        .unwrap();
    assert_eq!(store.claim_queued(1, 1, "test").await.unwrap().len(), 1);
    let blocked: Vec<_> = (0..30)
        .map(|seed| new_match(MatchKind::Ladder, seed, &[busy, y]))
        .collect();
    let blocked = store.create_matches(&blocked).await.unwrap();
    let free = store
        .create_matches(&[new_match(MatchKind::Ladder, 31, &[y, z])])
        .await
        .unwrap();
    let claimed = store.claim_queued(1, 1, "test").await.unwrap();
    assert_eq!(
        claimed.iter().map(|m| m.id.as_str()).collect::<Vec<_>>(),
        [free[0].as_str()]
    );
    // Nothing else may start: y is at its cap now, busy still.
    assert!(store.claim_queued(10, 1, "test").await.unwrap().is_empty());
    for id in &blocked {
        let summary = store.match_summary(id).await.unwrap().unwrap();
        assert_eq!(summary.status, MatchStatus::Queued, "{id}");
    }
}

async fn a_result_and_its_rating_commit_together(db: &Db) {
    let store = db.store().await;
    let ids = register(&store, &["first", "second", "third"]).await;
    let seats: Vec<&str> = ids.iter().map(String::as_str).collect();
    let made = store
        .create_matches(&[
            new_match(MatchKind::Ladder, 11, &seats),
            new_match(MatchKind::Practice, 12, &seats),
            new_match(MatchKind::Ladder, 13, &[seats[0], seats[0]]),
            new_match(MatchKind::Ladder, 14, &seats),
        ])
        .await
        .unwrap();
    assert_eq!(claim_all(&store).await.len(), 4);
    let mut faulted = result(&[1, 2, 3]);
    faulted.seats[2].fault = Some(("illegal_action".into(), "not legal".into()));
    assert!(store.finish_match(&made[0], &faulted).await.unwrap());
    assert!(
        !store.finish_match(&made[0], &faulted).await.unwrap(),
        "finished once only"
    );
    assert!(
        store
            .finish_match(&made[1], &result(&[1, 1, 1]))
            .await
            .unwrap()
    );
    assert!(
        store
            .finish_match(&made[2], &result(&[1, 2]))
            .await
            .unwrap()
    );
    store
        .fail_match(&made[3], None, "the engine refused the deal")
        .await
        .unwrap();

    let rated = store.match_summary(&made[0]).await.unwrap().unwrap();
    assert_eq!(rated.status, MatchStatus::Finished);
    assert!(rated.rated);
    assert_eq!(
        rated.seats[2].fault.as_ref().map(|f| f.0.as_str()),
        Some("illegal_action")
    );
    assert_eq!(rated.seats[0].rank, Some(1));
    assert_eq!(rated.seats[1].score, Some(8.0));
    assert!(rated.seats.iter().all(|s| s.rating_after.is_some()));
    let winner = store.rating_of(&ids[0]).await.unwrap().unwrap();
    assert_eq!((winner.matches, winner.wins, winner.faults), (1, 1, 0));
    let faulter = store.rating_of(&ids[2]).await.unwrap().unwrap();
    assert_eq!((faulter.matches, faulter.wins, faulter.faults), (1, 0, 1));
    assert!(winner.skill.mu > faulter.skill.mu);
    // Practice and a bot meeting itself move no rating; a failed match says why.
    let practice = store.match_summary(&made[1]).await.unwrap().unwrap();
    assert!(!practice.rated && practice.seats.iter().all(|s| s.rating_after.is_none()));
    let alone = store.match_summary(&made[2]).await.unwrap().unwrap();
    assert!(alone.seats.iter().all(|s| s.rating_after.is_none()));
    let failed = store.match_summary(&made[3]).await.unwrap().unwrap();
    assert_eq!(failed.status, MatchStatus::Failed);
    assert_eq!(failed.error.as_deref(), Some("the engine refused the deal"));
    let sequence = db
        .rows("SELECT rating_seq FROM matches WHERE rating_seq IS NOT NULL")
        .await;
    assert_eq!(
        sequence.len(),
        1,
        "one rated result, one place in the rating order"
    );

    // A server stopped mid-match plays it again: running goes back to the queue.
    store
        .create_matches(&[new_match(MatchKind::Ladder, 15, &seats)])
        .await
        .unwrap();
    assert_eq!(claim_all(&store).await.len(), 1);
    // Only the holder of a SQLite database's writer lock may requeue: it proves that whoever
    // left the match running is gone.
    if let Some(sole) = WriterLock::take(&db.url).unwrap() {
        assert_eq!(store.requeue_interrupted(&sole).await.unwrap(), 1);
    } else {
        // A shared database has no such lock: its running matches may be live workers', and
        // their leases decide.
        db.rows("UPDATE matches SET lease_until = 0 WHERE status = 'running'")
            .await;
        assert_eq!(store.reap_leases().await.unwrap().requeued, 1);
    }
    assert_eq!(
        store
            .pending_matches(MatchKind::Ladder, "durak")
            .await
            .unwrap(),
        1
    );
    assert_eq!(store.match_ids().await.unwrap().len(), 5);
}

/// Many rated results stored at once, as a busy server (or several processes on one database)
/// stores them: every one takes the next place in the rating order, none twice, and each bot's
/// ratings form one chain, each match's "before" the previous match's "after".
async fn concurrent_results_keep_the_rating_chain(db: &Db) {
    const MATCHES: usize = 24;
    let store = db.store().await;
    let ids = register(&store, &["a", "b", "c", "d"]).await;
    let new: Vec<_> = (0..MATCHES)
        .map(|i| {
            let seats: Vec<&str> = (0..3).map(|k| ids[(i + k) % 4].as_str()).collect();
            new_match(MatchKind::Ladder, i as u64, &seats)
        })
        .collect();
    store.create_matches(&new).await.unwrap();
    let claimed = claim_all(&store).await;
    assert_eq!(claimed.len(), MATCHES);
    let finishing: Vec<_> = claimed
        .into_iter()
        .enumerate()
        .map(|(i, id)| {
            let store = store.clone();
            tokio::spawn(async move {
                let ranks = [
                    1 + (i % 3) as u32,
                    1 + ((i + 1) % 3) as u32,
                    1 + ((i + 2) % 3) as u32,
                ];
                store.finish_match(&id, &result(&ranks)).await.unwrap()
            })
        })
        .collect();
    for task in finishing {
        assert!(task.await.unwrap());
    }
    let rows = db
        .rows(
            "SELECT m.rating_seq, s.bot_id, s.mu_before, s.mu_after FROM matches m
             JOIN seats s ON s.match_id = m.id ORDER BY m.rating_seq, s.seat",
        )
        .await;
    use sqlx::Row;
    let mut chains: BTreeMap<String, Vec<(i64, f64, f64)>> = BTreeMap::new();
    let mut sequence = Vec::new();
    for row in &rows {
        let seq: i64 = row.get("rating_seq");
        if sequence.last() != Some(&seq) {
            sequence.push(seq);
        }
        chains.entry(row.get("bot_id")).or_default().push((
            seq,
            row.get("mu_before"),
            row.get("mu_after"),
        ));
    }
    assert_eq!(sequence, (1..=MATCHES as i64).collect::<Vec<_>>());
    for (bot, chain) in &chains {
        assert_eq!(chain[0].1, 25.0, "{bot} starts from the initial rating");
        for pair in chain.windows(2) {
            assert_eq!(
                pair[1].1, pair[0].2,
                "{bot}: match {} starts where {} ended",
                pair[1].0, pair[0].0
            );
        }
        let now = store.rating_of(bot).await.unwrap().unwrap();
        assert_eq!(now.skill.mu, chain.last().unwrap().2);
        assert_eq!(now.matches, chain.len() as u64);
    }
}
