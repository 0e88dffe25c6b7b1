//! Tournaments: entries in the order they came, stages started once and only in order with their
//! matches, the stage's counts and results, skipped bots, and the end.

use cardarena_store::{MatchKind, StageCounts, StageRef};
use serde_json::json;

use crate::common::{Db, claim_all, new_match, register, result};

on_both!(a_tournament_through_its_stages);

async fn a_tournament_through_its_stages(db: &Db) {
    let store = db.store().await;
    // Names against their joining order, so that no order by name or id passes by chance.
    let ids = register(&store, &["zulu", "alpha", "mike", "bravo"]).await;
    let stages = json!([{"kind": "house", "matches": 2}, {"kind": "final", "best": 2}]);
    store
        .insert_tournament("t1", "Spring cup", "durak", &stages, true)
        .await
        .unwrap();
    for id in &ids {
        assert!(store.add_entry("t1", id).await.unwrap());
    }
    assert!(
        !store.add_entry("t1", &ids[0]).await.unwrap(),
        "entered once"
    );
    let entries = store.entries("t1").await.unwrap();
    let names: Vec<&str> = entries.iter().map(|(_, name)| name.as_str()).collect();
    assert_eq!(
        names,
        ["zulu", "alpha", "mike", "bravo"],
        "in the order they joined"
    );
    let record = store.tournament("t1").await.unwrap().unwrap();
    assert_eq!(
        (record.status.as_str(), record.current_stage),
        ("open", None)
    );
    assert!(record.auto_advance);
    assert_eq!(record.stages, stages);

    // Stage 0: a match per pair of entrants in turn.
    let stage_match = |stage: u32, seed: u64, a: &str, b: &str| {
        let mut m = new_match(MatchKind::Tournament, seed, &[a, b]);
        m.stage = Some(StageRef {
            tournament_id: "t1".into(),
            stage,
            deal: Some(seed as u32),
            entrant: Some(a.to_string()),
        });
        m
    };
    let first: Vec<_> = (0..4)
        .map(|i| stage_match(0, i as u64, &ids[i], &ids[(i + 1) % 4]))
        .collect();
    assert!(
        !store.start_stage("t1", 1, &ids, &first).await.unwrap(),
        "not before stage 0"
    );
    assert!(store.start_stage("t1", 0, &ids, &first).await.unwrap());
    assert!(
        !store.start_stage("t1", 0, &ids, &first).await.unwrap(),
        "started once"
    );
    let counts = store.stage_counts("t1", 0).await.unwrap();
    assert_eq!(
        counts,
        StageCounts {
            queued: 4,
            ..StageCounts::default()
        }
    );
    assert_eq!(
        store.running_tournaments().await.unwrap(),
        ["t1".to_string()]
    );
    assert_eq!(store.stage("t1", 0).await.unwrap().unwrap().entrants, ids);

    // The last entrant is skipped: its one queued match left is cancelled.
    let claimed = store.claim_queued(3, 1000, "test").await.unwrap();
    assert_eq!(claimed.len(), 3);
    assert!(
        claimed
            .iter()
            .all(|m| m.stage.as_ref().is_some_and(|s| s.stage == 0))
    );
    assert!(store.skip_bot("t1", 0, &ids[3], "faults").await.unwrap());
    assert!(!store.skip_bot("t1", 0, &ids[3], "faults").await.unwrap());
    assert_eq!(store.skipped("t1", 0).await.unwrap(), [ids[3].clone()]);
    assert!(
        !store.finish_stage("t1", 0).await.unwrap(),
        "matches still running"
    );
    for (n, m) in claimed.iter().enumerate() {
        let mut outcome = result(&[1, 2]);
        if n == 1 {
            outcome.seats[1].fault = Some(("timeout".into(), "late".into()));
        }
        assert!(store.finish_match(&m.id, &outcome).await.unwrap());
    }
    let counts = store.stage_counts("t1", 0).await.unwrap();
    assert_eq!(
        (counts.finished, counts.cancelled, counts.queued),
        (3, 1, 0)
    );
    let results = store.stage_results("t1", 0).await.unwrap();
    assert_eq!(results.len(), 3);
    assert_eq!(results[0].seats[0].bot_id, ids[0]);
    assert_eq!((results[0].seats[0].rank, results[0].seats[1].rank), (1, 2));
    assert!(results[1].seats[1].faulted && !results[1].seats[0].faulted);
    // Each finished match with its place in the stage's layout (the cancelled one, the last,
    // keeps its place) and the entrant it was played for.
    let laid_out: Vec<(usize, Option<&str>)> = results
        .iter()
        .map(|m| (m.position, m.entrant.as_deref()))
        .collect();
    assert_eq!(
        laid_out,
        [
            (0, Some(ids[0].as_str())),
            (1, Some(ids[1].as_str())),
            (2, Some(ids[2].as_str()))
        ]
    );
    assert_eq!(
        claimed[0].stage.as_ref().unwrap().entrant.as_deref(),
        Some(ids[0].as_str()),
        "a claimed match names its entrant"
    );
    assert!(store.finish_stage("t1", 0).await.unwrap());
    assert!(!store.finish_stage("t1", 0).await.unwrap(), "ended once");
    assert!(
        store
            .stage("t1", 0)
            .await
            .unwrap()
            .unwrap()
            .finished_at
            .is_some()
    );

    // Stage 1 between the best two, then the end.
    let finalists = vec![ids[0].clone(), ids[1].clone()];
    let last = [stage_match(1, 9, &ids[0], &ids[1])];
    assert!(store.start_stage("t1", 1, &finalists, &last).await.unwrap());
    assert_eq!(
        store.tournament("t1").await.unwrap().unwrap().current_stage,
        Some(1)
    );
    let played = claim_all(&store).await;
    assert!(
        store
            .finish_match(&played[0], &result(&[2, 1]))
            .await
            .unwrap()
    );
    assert!(store.finish_stage("t1", 1).await.unwrap());
    store.finish_tournament("t1").await.unwrap();
    assert_eq!(
        store.tournament("t1").await.unwrap().unwrap().status,
        "finished"
    );
    assert!(store.running_tournaments().await.unwrap().is_empty());
    assert!(
        !store.start_stage("t1", 2, &finalists, &last).await.unwrap(),
        "finished"
    );
    let all = store.tournaments().await.unwrap();
    assert_eq!(all.len(), 1);
}
