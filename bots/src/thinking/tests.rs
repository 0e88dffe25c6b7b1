use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::{Arc, Mutex};
use std::time::Duration;

use super::*;

/// A job of `tenant` that blocks its thread until the answer is sent on the returned sender.
fn gate(pool: &ThinkingPool, tenant: Tenant) -> std::sync::mpsc::Sender<()> {
    let (open, opened) = std::sync::mpsc::channel::<()>();
    tokio::spawn(pool.think(tenant, 1.0, move || opened.recv()));
    open
}

/// Waits until `pool` runs `n` searches.
async fn running(pool: &ThinkingPool, n: usize) {
    while pool.stats().running != n {
        tokio::time::sleep(Duration::from_millis(1)).await;
    }
}

#[tokio::test]
async fn a_search_answers_and_a_panicking_one_loses_only_its_answer() {
    let pool = ThinkingPool::new(1);
    assert_eq!(pool.think(Tenant::contest(), 1.0, || 6 * 7).await, Ok(42));
    let panicked = pool
        .think(Tenant::contest(), 1.0, || -> u32 {
            panic!("a search that fails")
        })
        .await;
    assert_eq!(panicked, Err(NoAnswer));
    assert_eq!(
        pool.think(Tenant::contest(), 1.0, || "still here").await,
        Ok("still here")
    );
    running(&pool, 0).await;
    let stats = pool.stats();
    assert_eq!(stats.lanes[0].jobs, 3);
    assert_eq!((stats.lanes[1].jobs, stats.lanes[2].jobs), (0, 0));
}

#[tokio::test]
async fn no_more_searches_run_at_once_than_the_pool_has_threads() {
    let pool = ThinkingPool::new(2);
    let now = Arc::new(AtomicUsize::new(0));
    let most = Arc::new(AtomicUsize::new(0));
    let searches: Vec<_> = (0..12)
        .map(|n| {
            let (now, most) = (now.clone(), most.clone());
            pool.think(Tenant::network(&format!("10.0.{n}.0/24")), 5.0, move || {
                let at_once = now.fetch_add(1, Ordering::SeqCst) + 1;
                most.fetch_max(at_once, Ordering::SeqCst);
                std::thread::sleep(Duration::from_millis(5));
                now.fetch_sub(1, Ordering::SeqCst);
            })
        })
        .collect();
    for search in futures_join(searches).await {
        search.unwrap();
    }
    assert_eq!(most.load(Ordering::SeqCst), 2);
}

#[tokio::test]
async fn a_search_whose_caller_left_before_its_turn_is_skipped() {
    let pool = ThinkingPool::new(1);
    let open = gate(&pool, Tenant::contest());
    running(&pool, 1).await;
    let ran = Arc::new(AtomicUsize::new(0));
    let counted = ran.clone();
    let abandoned = pool.think(Tenant::contest(), 1.0, move || {
        counted.fetch_add(1, Ordering::SeqCst);
    });
    drop(abandoned);
    open.send(()).unwrap();
    assert_eq!(pool.think(Tenant::contest(), 1.0, || ()).await, Ok(()));
    assert_eq!(ran.load(Ordering::SeqCst), 0);
}

#[tokio::test]
async fn a_newcomer_is_served_in_turns_with_a_tenant_that_queued_far_more() {
    let pool = ThinkingPool::new(1);
    let open = gate(&pool, Tenant::network("10.0.9.0/24"));
    running(&pool, 1).await;
    let order = Arc::new(Mutex::new(Vec::new()));
    let mut searches = Vec::new();
    for (name, jobs) in [("flood", 40), ("newcomer", 5)] {
        for _ in 0..jobs {
            let order = order.clone();
            let tenant = Tenant::network(name);
            searches.push(pool.think(tenant, 2.0, move || {
                std::thread::sleep(Duration::from_millis(2));
                order.lock().unwrap().push(name);
            }));
        }
    }
    let all = tokio::spawn(futures_join(searches));
    open.send(()).unwrap();
    all.await.unwrap();
    let order = order.lock().unwrap();
    // In turns, the newcomer's fifth search runs about tenth (first come first served: 45th).
    // Its bound leaves room for a loaded machine's uneven sleeps, which fair turns charge.
    let last_newcomer = order.iter().rposition(|n| *n == "newcomer").unwrap();
    assert!(
        last_newcomer < 25,
        "the newcomer's last search ran {last_newcomer}th: {order:?}"
    );
}

#[tokio::test]
async fn the_tenant_set_around_a_future_is_the_one_its_searches_see() {
    assert_eq!(current_tenant(), Tenant::contest());
    let seen = charged_to(Tenant::owner("b1"), async { current_tenant() }).await;
    assert_eq!(seen, Tenant::owner("b1"));
}

/// Awaits every future of `futures`, in order.
async fn futures_join<F: Future>(futures: Vec<F>) -> Vec<F::Output> {
    let mut outputs = Vec::with_capacity(futures.len());
    for future in futures {
        outputs.push(future.await);
    }
    outputs
}
