//! Claims and results from several processes at once, on PostgreSQL only (SQLite is one
//! process's, and runs every write alone). Each "process" is a store of its own, with its own
//! pool of connections, as a `cardarena worker` has. A claim proceeds while a result waits in
//! its transaction, and so does a result of other bots, while a result of the same contestant
//! waits for it; a result sharing the house bot is stored while a rating pass runs, and applied
//! by that pass's holder after; many claims and results at once keep each bot's cap, finish
//! every match once, number the rated ones without a gap and keep every bot's rating chain.

use std::collections::BTreeMap;
use std::time::Duration;

use cardarena_store::{MatchKind, Store};
use sqlx::Row;

use crate::common::{Db, new_match, register, result};

/// How long a write that must not wait is given: far more than it takes, far less than forever.
const PROMPT: Duration = Duration::from_secs(10);

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_claim_and_other_bots_results_proceed_while_a_result_waits() {
    let db = Db::postgres();
    let store = db.store().await;
    let ids = register(&store, &["ann", "bob", "cyd", "dee"]).await;
    let (ann, bob, cyd, dee) = (&ids[0], &ids[1], &ids[2], &ids[3]);
    let random = store.ensure_house_bot("durak", "random").await.unwrap();
    let playing = store
        .create_matches(&[
            new_match(MatchKind::Ladder, 1, &[ann, &random]),
            new_match(MatchKind::Ladder, 2, &[bob, cyd]),
            new_match(MatchKind::Ladder, 3, &[ann, dee]),
        ])
        .await
        .unwrap();
    assert_eq!(store.claim_queued(10, 10, "w1").await.unwrap().len(), 3);
    let queued = store
        .create_matches(&[new_match(MatchKind::Ladder, 4, &[cyd, dee])])
        .await
        .unwrap();

    // Another connection holds ann's row: the result of ann's first match stops there, in the
    // middle of its transaction, with its locks taken.
    let mut holder = outside(&db).await.begin().await.unwrap();
    sqlx::query("SELECT id FROM bots WHERE id = $1 FOR UPDATE")
        .bind(ann)
        .fetch_all(&mut *holder)
        .await
        .unwrap();
    let finish = |store: &Store, id: &str, ranks: [u32; 2]| {
        let (store, id) = (store.clone(), id.to_string());
        tokio::spawn(async move { store.finish_match(&id, &result(&ranks)).await.unwrap() })
    };
    let first = finish(&store, &playing[0], [1, 2]);
    tokio::time::sleep(Duration::from_millis(500)).await;
    assert!(!first.is_finished(), "the result waits for ann's row");

    // A claim, from another process, does not wait for it.
    let other = db.store().await;
    let claimed = tokio::time::timeout(PROMPT, other.claim_queued(10, 10, "w2"))
        .await
        .expect("a claim proceeds while a result waits")
        .unwrap();
    assert_eq!(
        claimed.iter().map(|m| m.id.as_str()).collect::<Vec<_>>(),
        [queued[0].as_str()]
    );
    // Nor does a result of other bots; a result of ann's waits for the first.
    let others = finish(&other, &playing[1], [2, 1]);
    assert!(
        tokio::time::timeout(PROMPT, others).await.is_ok(),
        "a result of other bots proceeds"
    );
    let second = finish(&other, &playing[2], [2, 1]);
    tokio::time::sleep(Duration::from_millis(500)).await;
    assert!(
        !second.is_finished(),
        "ann's next result waits for her first"
    );
    holder.rollback().await.unwrap();
    assert!(first.await.unwrap() && second.await.unwrap());

    // Numbered in the order the passes found them: ann's first ran the pass in its own
    // transaction before it waited for her row, and bob's and cyd's, stored while it held the
    // pass, and then ann's second came after, her second starting from where her first ended.
    let order = db
        .rows(&format!(
            "SELECT m.id, m.rating_seq, s.mu_before, s.mu_after FROM matches m
             JOIN seats s ON s.match_id = m.id
             WHERE s.bot_id = '{ann}' OR m.id = '{}' ORDER BY m.rating_seq",
            playing[1]
        ))
        .await;
    let seqs: Vec<(String, i64)> = (order.iter())
        .map(|r| (r.get("id"), r.get("rating_seq")))
        .collect();
    assert_eq!(
        seqs,
        [
            (playing[0].clone(), 1),
            (playing[1].clone(), 2),
            (playing[1].clone(), 2),
            (playing[2].clone(), 3)
        ]
    );
    let mu_after_first: f64 = order[0].get("mu_after");
    let mu_before_second: f64 = order[3].get("mu_before");
    assert_eq!(mu_before_second, mu_after_first, "ann's chain is unbroken");
}

/// The rating pass's PostgreSQL advisory lock (the bytes of "ratingsq", as the store names it).
const RATINGS_LOCK: i64 = 0x7261_7469_6e67_7371;

/// Waits until `sql` (a count named `n`) reads `n`, or fails after [`PROMPT`] saying `what`.
async fn until_count(db: &Db, sql: &str, n: i64, what: &str) {
    let started = std::time::Instant::now();
    while db.rows(sql).await[0].get::<i64, _>("n") != n {
        assert!(started.elapsed() < PROMPT, "{what}");
        tokio::time::sleep(Duration::from_millis(20)).await;
    }
}

/// A pool of its own on `db`, outside every store.
async fn outside(db: &Db) -> sqlx::AnyPool {
    sqlx::any::install_default_drivers();
    sqlx::AnyPool::connect(&db.url).await.unwrap()
}

/// Each seat row of `bot` in rated matches, in `rating_seq` order: the match, its number, its
/// rating before and after, and the bot's count of rated matches then.
async fn chain_of(db: &Db, bot: &str) -> Vec<(String, i64, f64, f64, i64)> {
    let rows = db
        .rows(&format!(
            "SELECT m.id, m.rating_seq, s.mu_before, s.mu_after, s.rated_nth
             FROM matches m JOIN seats s ON s.match_id = m.id
             WHERE s.bot_id = '{bot}' AND m.rating_seq IS NOT NULL ORDER BY m.rating_seq"
        ))
        .await;
    (rows.iter())
        .map(|r| {
            let id = r.get("id");
            (
                id,
                r.get("rating_seq"),
                r.get("mu_before"),
                r.get("mu_after"),
                r.get("rated_nth"),
            )
        })
        .collect()
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_result_sharing_the_house_bot_is_stored_while_a_pass_runs_and_applied_after_it() {
    let db = Db::postgres();
    let store = db.store().await;
    let ids = register(&store, &["ann", "bob", "cyd"]).await;
    let random = store.ensure_house_bot("durak", "random").await.unwrap();
    let playing = store
        .create_matches(&[
            new_match(MatchKind::Ladder, 1, &[&ids[0], &random]),
            new_match(MatchKind::Ladder, 2, &[&random, &ids[1]]),
            new_match(MatchKind::Ladder, 3, &[&ids[2], &random]),
        ])
        .await
        .unwrap();
    assert_eq!(store.claim_queued(10, 10, "w1").await.unwrap().len(), 3);
    assert!(
        store
            .finish_match(&playing[0], &result(&[1, 2]))
            .await
            .unwrap()
    );

    // Another connection holds the house bot's rating row: the next result's pass, in its own
    // transaction, stops there with the rating lock taken.
    let mut holder = outside(&db).await.begin().await.unwrap();
    sqlx::query("SELECT mu FROM ratings WHERE bot_id = $1 FOR UPDATE")
        .bind(&random)
        .fetch_all(&mut *holder)
        .await
        .unwrap();
    let (first, id) = (store.clone(), playing[1].clone());
    let first =
        tokio::spawn(async move { first.finish_match(&id, &result(&[1, 2])).await.unwrap() });
    tokio::time::sleep(Duration::from_millis(500)).await;
    assert!(!first.is_finished(), "the pass waits for the rating row");

    // Another process's result of the house bot's next match is stored without waiting, due.
    let other = db.store().await;
    let stored = tokio::time::timeout(PROMPT, other.finish_match(&playing[2], &result(&[2, 1])))
        .await
        .expect("a result sharing the house bot is stored while a pass runs")
        .unwrap();
    assert!(stored);
    let due = format!(
        "SELECT COUNT(*) AS n FROM matches
         WHERE id = '{}' AND status = 'finished' AND rating_due = 1 AND rating_seq IS NULL",
        playing[2]
    );
    until_count(&db, &due, 1, "stored as due").await;

    // The pass under way ends; its holder applies what came in meanwhile before it returns.
    holder.rollback().await.unwrap();
    assert!(tokio::time::timeout(PROMPT, first).await.unwrap().unwrap());
    assert!(!store.ratings_due().await.unwrap(), "nothing left due");
    let chain = chain_of(&db, &random).await;
    let order: Vec<(&str, i64)> = chain.iter().map(|c| (c.0.as_str(), c.1)).collect();
    assert_eq!(
        order,
        [
            (playing[0].as_str(), 1),
            (playing[1].as_str(), 2),
            (playing[2].as_str(), 3)
        ]
    );
    for pair in chain.windows(2) {
        assert_eq!(pair[1].2, pair[0].3, "the house bot's chain is unbroken");
    }
    assert_eq!(chain.iter().map(|c| c.4).collect::<Vec<_>>(), [1, 2, 3]);
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_result_left_due_by_a_stopped_pass_is_applied_by_the_sweep() {
    let db = Db::postgres();
    let store = db.store().await;
    let ids = register(&store, &["ann", "bob"]).await;
    let playing = store
        .create_matches(&[new_match(MatchKind::Ladder, 1, &[&ids[0], &ids[1]])])
        .await
        .unwrap();
    assert_eq!(store.claim_queued(10, 10, "w1").await.unwrap().len(), 1);
    // A pass of another process holds the lock, then that process stops: its connection goes
    // before it looks for results left due.
    let mut holder = outside(&db).await.acquire().await.unwrap();
    sqlx::query("SELECT pg_advisory_lock($1)")
        .bind(RATINGS_LOCK)
        .execute(&mut *holder)
        .await
        .unwrap();
    let stored = tokio::time::timeout(PROMPT, store.finish_match(&playing[0], &result(&[2, 1])))
        .await
        .expect("a result is stored while a pass holds the lock")
        .unwrap();
    assert!(stored);
    holder.close().await.unwrap();
    assert!(store.ratings_due().await.unwrap(), "left due");
    assert!(chain_of(&db, &ids[0]).await.is_empty());
    assert_eq!(store.rate_due().await.unwrap(), 1);
    assert!(!store.ratings_due().await.unwrap());
    for bot in &ids {
        let chain = chain_of(&db, bot).await;
        assert_eq!(chain.len(), 1, "{bot}");
        assert_eq!((chain[0].1, chain[0].4), (1, 1), "{bot}");
    }
}

/// Three processes claim and finish 90 rated matches of six bots at once, each bot allowed two
/// running matches: every match is finished once; the rated ones are numbered 1 to 90; each
/// bot's chain is unbroken in that order; and by the claims' and results' own timestamps no bot
/// ever had more than two matches running.
#[tokio::test(flavor = "multi_thread", worker_threads = 4)]
async fn processes_claiming_and_finishing_at_once_keep_caps_order_and_chains() {
    const MATCHES: usize = 90;
    const CAP: u32 = 2;
    let db = Db::postgres();
    let store = db.store().await;
    let ids = register(&store, &["a", "b", "c", "d", "e", "f"]).await;
    let random = store.ensure_house_bot("durak", "random").await.unwrap();
    let new: Vec<_> = (0..MATCHES)
        .map(|i| {
            let seats = match i % 3 {
                0 => vec![ids[i % 6].as_str(), ids[(i + 1) % 6].as_str()],
                1 => vec![ids[i % 6].as_str(), random.as_str()],
                _ => vec![
                    ids[i % 6].as_str(),
                    ids[(i + 3) % 6].as_str(),
                    random.as_str(),
                ],
            };
            new_match(MatchKind::Ladder, i as u64, &seats)
        })
        .collect();
    store.create_matches(&new).await.unwrap();

    let mut processes = Vec::new();
    for p in 0..3u64 {
        let store = db.store().await;
        processes.push(tokio::spawn(async move {
            let worker = format!("process-{p}");
            let mut playing = tokio::task::JoinSet::new();
            let pending = || store.pending_matches(MatchKind::Ladder, "durak");
            while pending().await.unwrap() > 0 {
                let claimed = store.claim_queued(4, CAP, &worker).await.unwrap();
                for (k, m) in claimed.into_iter().enumerate() {
                    let store = store.clone();
                    playing.spawn(async move {
                        let (record, lease) = (Default::default(), Some(&m.lease));
                        // "Playing": long enough for matches of one bot to overlap.
                        let ms = 5 + (m.seed + k as u64 + p) % 20;
                        tokio::time::sleep(Duration::from_millis(ms)).await;
                        let ranks: Vec<u32> = (1..=m.seats.len() as u32).collect();
                        (store.finish_match_recorded(&m.id, lease, &result(&ranks), &record))
                            .await
                            .unwrap()
                    });
                }
                tokio::time::sleep(Duration::from_millis(3)).await;
                while let Some(done) = playing.try_join_next() {
                    assert!(done.unwrap(), "a result under its lease is stored");
                }
            }
            while let Some(done) = playing.join_next().await {
                assert!(done.unwrap());
            }
        }));
    }
    for process in processes {
        process.await.unwrap();
    }

    let statuses = db
        .rows("SELECT status, COUNT(*) AS n, MAX(attempt) AS attempts FROM matches GROUP BY status")
        .await;
    assert_eq!(statuses.len(), 1);
    assert_eq!(statuses[0].get::<String, _>("status"), "finished");
    assert_eq!(statuses[0].get::<i64, _>("n"), MATCHES as i64);
    assert_eq!(
        statuses[0].get::<i64, _>("attempts"),
        1,
        "each claimed once"
    );

    let seats = db
        .rows(
            "SELECT m.rating_seq, m.started_at, m.finished_at, s.bot_id, b.kind,
                 s.mu_before, s.mu_after, s.rated_nth
             FROM matches m JOIN seats s ON s.match_id = m.id JOIN bots b ON b.id = s.bot_id
             ORDER BY m.rating_seq, s.seat",
        )
        .await;
    let mut sequence: Vec<i64> = seats.iter().map(|r| r.get("rating_seq")).collect();
    sequence.dedup();
    assert_eq!(sequence, (1..=MATCHES as i64).collect::<Vec<_>>());
    let mut chains: BTreeMap<String, Vec<(f64, f64, i64)>> = BTreeMap::new();
    let mut spans: BTreeMap<String, Vec<(i64, i64)>> = BTreeMap::new();
    for row in &seats {
        let bot: String = row.get("bot_id");
        chains.entry(bot.clone()).or_default().push((
            row.get("mu_before"),
            row.get("mu_after"),
            row.get("rated_nth"),
        ));
        if row.get::<String, _>("kind") == "http" {
            let span = (row.get("started_at"), row.get("finished_at"));
            spans.entry(bot).or_default().push(span);
        }
    }
    for (bot, chain) in &chains {
        for (n, pair) in chain.windows(2).enumerate() {
            assert_eq!(pair[1].0, pair[0].1, "{bot}'s chain at its match {}", n + 2);
        }
        let nth: Vec<i64> = chain.iter().map(|c| c.2).collect();
        assert_eq!(nth, (1..=chain.len() as i64).collect::<Vec<_>>(), "{bot}");
    }
    // A claim starts a match after reading which are running, and a result is stamped before
    // it commits: matches of one bot that overlap in these stamps were running at once.
    let mut busiest = 0;
    for (bot, spans) in &spans {
        let mut edges: Vec<(i64, i32)> = (spans.iter())
            .flat_map(|&(start, end)| [(start, 1), (end, -1)])
            .collect();
        edges.sort();
        let mut running = 0;
        for (_, step) in edges {
            running += step;
            assert!(running <= CAP as i32, "{bot} ran {running} matches at once");
            busiest = busiest.max(running);
        }
    }
    assert_eq!(busiest, CAP as i32, "the cap was reached, so it was tested");
}
