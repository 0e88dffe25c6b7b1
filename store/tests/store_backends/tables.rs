//! Tables for people: a table is dealt running at once with its person seats, within the limits
//! counted in the same transaction, found by a seat's token, and cancelled by a restart.

use cardarena_store::{
    MatchKind, MatchStatus, Networks, NewTable, TableLimits, TableRefusal, WriterLock,
};

use crate::common::{Db, new_match, register};

on_both!(
    tables_keep_their_limits,
    tables_are_shared_between_networks_and_newcomers
);

async fn tables_keep_their_limits(db: &Db) {
    let store = db.store().await;
    let person = store.ensure_person_bot("durak").await.unwrap();
    let ids = register(&store, &["host"]).await;
    let table = |token: &str, client: &str| NewTable {
        new_match: new_match(MatchKind::Human, 5, &[person.as_str(), &ids[0]]),
        persons: vec![(0, token.to_string())],
        client: client.to_string(),
    };
    let limits = TableLimits {
        server: 3,
        per_client: 1,
        per_network: 10,
        per_client_hour: 2,
        per_bot: 2,
        per_bot_hour: 10,
        networks: Networks::default(),
    };
    let opened = store
        .open_table(&table("t1", "10.0.0.1"), limits, "test")
        .await
        .unwrap()
        .unwrap();
    assert_eq!(opened.seats[0].bot_id, person);
    assert_eq!(opened.seats[1].name, "host");
    let seat = store.person_seat("t1").await.unwrap().unwrap();
    assert_eq!((seat.match_id.as_str(), seat.seat), (opened.id.as_str(), 0));
    assert_eq!(store.person_seat("t0").await.unwrap(), None);
    let summary = store.match_summary(&opened.id).await.unwrap().unwrap();
    assert_eq!(
        (summary.status, summary.kind.as_str()),
        (MatchStatus::Running, "human")
    );

    assert_eq!(
        store
            .open_table(&table("t2", "10.0.0.1"), limits, "test")
            .await
            .unwrap()
            .err(),
        Some(TableRefusal::ClientOpen(1))
    );
    store
        .open_table(&table("t2", "10.0.0.2"), limits, "test")
        .await
        .unwrap()
        .unwrap();
    assert_eq!(
        store
            .open_table(&table("t3", "10.0.0.3"), limits, "test")
            .await
            .unwrap()
            .err(),
        Some(TableRefusal::BotBusy(ids[0].clone(), 2))
    );
    let roomy = TableLimits {
        per_bot: 10,
        ..limits
    };
    store
        .open_table(&table("t3", "10.0.0.3"), roomy, "test")
        .await
        .unwrap()
        .unwrap();
    assert_eq!(
        store
            .open_table(&table("t4", "10.0.0.4"), roomy, "test")
            .await
            .unwrap()
            .err(),
        Some(TableRefusal::ServerFull(3))
    );

    // A restart cancels open tables (their people's moves are gone) rather than replaying them.
    // On a shared database, when the lease of the process playing them passes.
    let why = if let Some(sole) = WriterLock::take(&db.url).unwrap() {
        assert_eq!(store.cancel_interrupted_tables(&sole).await.unwrap(), 3);
        assert_eq!(store.requeue_interrupted(&sole).await.unwrap(), 0);
        "restarted"
    } else {
        db.rows("UPDATE matches SET lease_until = 0 WHERE status = 'running'")
            .await;
        assert_eq!(store.reap_leases().await.unwrap().cancelled, 3);
        "stopped"
    };
    let cancelled = store.match_summary(&opened.id).await.unwrap().unwrap();
    assert_eq!(cancelled.status, MatchStatus::Cancelled);
    assert!(cancelled.error.unwrap().contains(why));
    // The hour's count still holds what was opened.
    assert!(
        store
            .open_table(&table("t5", "10.0.0.2"), roomy, "test")
            .await
            .unwrap()
            .is_ok()
    );
    let generous = TableLimits {
        per_client: 5,
        ..roomy
    };
    assert_eq!(
        store
            .open_table(&table("t6", "10.0.0.2"), generous, "test")
            .await
            .unwrap()
            .err(),
        Some(TableRefusal::ClientHour(2))
    );
}

/// A network (/24) has its limit of open tables, and the last quarter of the server's tables
/// go only to clients with none open.
async fn tables_are_shared_between_networks_and_newcomers(db: &Db) {
    let store = db.store().await;
    let person = store.ensure_person_bot("durak").await.unwrap();
    let house = store.ensure_house_bot("durak", "random").await.unwrap();
    let table = |token: &str, client: &str| NewTable {
        new_match: new_match(MatchKind::Human, 5, &[person.as_str(), &house]),
        persons: vec![(0, token.to_string())],
        client: client.to_string(),
    };
    let limits = TableLimits {
        server: 8,
        per_client: 3,
        per_network: 2,
        per_client_hour: 30,
        per_bot: 2,
        per_bot_hour: 10,
        networks: Networks::default(),
    };
    let open = |token: &'static str, client: &'static str| {
        let (store, table) = (store.clone(), table(token, client));
        async move {
            store
                .open_table(&table, limits, "test")
                .await
                .unwrap()
                .err()
        }
    };
    assert_eq!(open("a1", "10.0.1.1").await, None);
    assert_eq!(open("a2", "10.0.1.2").await, None);
    // A third address of 10.0.1.0/24 finds its network's two open.
    assert_eq!(
        open("a3", "10.0.1.3").await,
        Some(TableRefusal::NetworkOpen(2))
    );
    for (token, client) in [
        ("b1", "10.0.2.1"),
        ("b2", "10.0.2.1"),
        ("c1", "10.0.3.1"),
        ("g1", "10.0.7.1"),
    ] {
        assert_eq!(open(token, client).await, None);
    }
    // Six of eight open: the last two are for clients with no table open.
    assert_eq!(
        open("c2", "10.0.3.1").await,
        Some(TableRefusal::Reserved(2))
    );
    assert_eq!(open("d1", "10.0.4.1").await, None);
    assert_eq!(open("e1", "10.0.5.1").await, None);
    assert_eq!(
        open("f1", "10.0.6.1").await,
        Some(TableRefusal::ServerFull(8))
    );
}
