//! The analysis queue: requesters served in turns, where a queued request stands, the bound per
//! requester, and a full queue making room by dropping what nobody asked after.

use cardarena_store::{AnalysisRequest, AnalysisState, MatchKind, Requested, Store};

use crate::common::{Db, new_match, register};

on_both!(
    requesters_take_turns_and_a_queued_request_knows_its_place,
    a_requester_has_its_bound_and_a_full_queue_drops_the_unwatched,
);

/// `n` durak matches (the queue only needs their ids).
async fn matches(store: &Store, n: u64) -> Vec<String> {
    let bots = register(store, &["a", "b"]).await;
    let ids: Vec<&str> = bots.iter().map(String::as_str).collect();
    let new: Vec<_> = (0..n)
        .map(|k| new_match(MatchKind::Practice, k, &ids))
        .collect();
    store.create_matches(&new).await.unwrap()
}

/// Asks for match `id`'s analysis for `requester`, at most `max_pending` pending in all and
/// `per_requester` each.
async fn ask(store: &Store, id: &str, requester: &str, max_pending: u32) -> Requested {
    let request = AnalysisRequest {
        id,
        game: "durak",
        total: 10,
        budget_ms: 5,
        requester,
        max_pending,
        per_requester: Some(3),
    };
    let requested = store.request_analysis(request).await.unwrap();
    // Requests are stamped in ms: the next one is later.
    tokio::time::sleep(std::time::Duration::from_millis(2)).await;
    requested
}

/// The analyses queued before match `id`'s.
async fn ahead(store: &Store, id: &str) -> u32 {
    match store.analysis(id, "durak").await.unwrap() {
        Some(AnalysisState::Queued { ahead, .. }) => ahead,
        other => panic!("not queued: {other:?}"),
    }
}

async fn requesters_take_turns_and_a_queued_request_knows_its_place(db: &Db) {
    let store = db.store().await;
    let ids = matches(&store, 6).await;
    // The flood asks three times, then two others once each.
    for id in &ids[..3] {
        ask(&store, id, "net:flood", 100).await;
    }
    ask(&store, &ids[3], "net:second", 100).await;
    ask(&store, &ids[4], "bot:third", 100).await;
    // Round one: each requester's oldest; then the flood's others.
    assert_eq!(ahead(&store, &ids[0]).await, 0);
    assert_eq!(ahead(&store, &ids[3]).await, 1);
    assert_eq!(ahead(&store, &ids[4]).await, 2);
    assert_eq!(ahead(&store, &ids[1]).await, 3);
    assert_eq!(ahead(&store, &ids[2]).await, 4);
    let mut claimed = Vec::new();
    while let Some(c) = store.claim_analysis("w").await.unwrap() {
        claimed.push((c.match_id, c.requester));
        // A newcomer asks after the first claim: it goes before the flood's second.
        if claimed.len() == 1 {
            ask(&store, &ids[5], "net:newcomer", 100).await;
        }
    }
    let order: Vec<&str> = claimed.iter().map(|(_, r)| r.as_str()).collect();
    assert_eq!(
        order,
        [
            "net:flood",
            "net:second",
            "bot:third",
            "net:newcomer",
            "net:flood",
            "net:flood"
        ]
    );
}

async fn a_requester_has_its_bound_and_a_full_queue_drops_the_unwatched(db: &Db) {
    let store = db.store().await;
    let ids = matches(&store, 6).await;
    for id in &ids[..3] {
        assert!(matches!(
            ask(&store, id, "net:one", 4).await,
            Requested::Pending(_)
        ));
    }
    assert_eq!(
        ask(&store, &ids[3], "net:one", 4).await,
        Requested::RequesterFull { max: 3 }
    );
    assert!(matches!(
        ask(&store, &ids[3], "net:two", 4).await,
        Requested::Pending(_)
    ));
    // Full, and everyone asked after theirs lately.
    assert_eq!(
        ask(&store, &ids[4], "net:three", 4).await,
        Requested::QueueFull { max: 4 }
    );
    // Nobody has asked after the second for two minutes: it makes room.
    let old = cardarena_store::analysis_queue::UNWATCHED_AFTER_MS * 2;
    db.rows(&format!(
        "UPDATE analyses SET viewed_at = viewed_at - {old} WHERE match_id = '{}'",
        ids[1]
    ))
    .await;
    assert!(matches!(
        ask(&store, &ids[4], "net:three", 4).await,
        Requested::Pending(_)
    ));
    assert_eq!(store.analysis(&ids[1], "durak").await.unwrap(), None);
    // Full again, every analysis in it asked after lately.
    assert_eq!(
        ask(&store, &ids[5], "net:four", 4).await,
        Requested::QueueFull { max: 4 }
    );
}
