//! The organiser's actions: a hold the owner's resume and the health loop cannot lift, what each
//! action cancels, what a hold keeps the bot out of (the ladder's pool, the claim, due pings,
//! probation, the leaderboard), the actions kept with who and why, and a deletion's.

use cardarena_store::{
    ActionRefused, MatchKind, OrganiserAction, OrganiserHold, PauseReason, StageRef, now_ms,
};

use crate::common::{Db, claim_all, new_match, register, result};

on_both!(organiser_holds_and_actions);

async fn organiser_holds_and_actions(db: &Db) {
    let store = db.store().await;
    let ids = register(&store, &["held", "other", "third"]).await;
    let (bot, other, third) = (ids[0].as_str(), ids[1].as_str(), ids[2].as_str());
    let greedy = store.ensure_house_bot("durak", "greedy").await.unwrap();
    for (id, name) in [(bot, "held"), (other, "other"), (third, "third")] {
        let url = format!("http://127.0.0.1:9/{name}");
        assert!(store.check_passed(id, Some(&url)).await.unwrap());
    }
    // A rated result, so that the bot is on the leaderboard.
    let played = store
        .create_matches(&[new_match(MatchKind::Ladder, 1, &[bot, other])])
        .await
        .unwrap();
    assert_eq!(claim_all(&store).await, played);
    assert!(
        store
            .finish_match(&played[0], &result(&[1, 2]))
            .await
            .unwrap()
    );

    // Queued: a ladder match, a practice match and a tournament match.
    let mut stage_match = new_match(MatchKind::Tournament, 4, &[bot, third]);
    stage_match.stage = Some(StageRef {
        tournament_id: "t1".into(),
        stage: 0,
        deal: None,
        entrant: Some(bot.to_string()),
    });
    store
        .insert_tournament("t1", "cup", "durak", &serde_json::json!([]), false)
        .await
        .unwrap();
    assert!(
        store
            .start_stage(
                "t1",
                0,
                &[bot.to_string(), third.to_string()],
                &[stage_match]
            )
            .await
            .unwrap()
    );
    let queued = store
        .create_matches(&[
            new_match(MatchKind::Ladder, 2, &[bot, other]),
            new_match(MatchKind::Practice, 3, &[bot, &greedy]),
        ])
        .await
        .unwrap();
    let status = |id: String| {
        let store = store.clone();
        async move {
            store
                .match_summary(&id)
                .await
                .unwrap()
                .unwrap()
                .status
                .as_str()
        }
    };

    // The organiser pauses it: its ladder and practice matches are cancelled, its tournament
    // match waits, unclaimed.
    let pause = store
        .organiser_act(bot, OrganiserAction::Pause, "spams its say lines", "Ann")
        .await
        .unwrap();
    assert_eq!(pause, Ok(()));
    assert_eq!(status(queued[0].clone()).await, "cancelled");
    assert_eq!(status(queued[1].clone()).await, "cancelled");
    assert!(
        claim_all(&store).await.is_empty(),
        "its tournament match waits"
    );
    let record = store.bot(bot).await.unwrap().unwrap();
    assert_eq!(record.organiser, Some(OrganiserHold::Paused));
    let pool: Vec<String> = (store.active_bots("durak").await.unwrap())
        .into_iter()
        .map(|b| b.id)
        .collect();
    assert!(!pool.contains(&bot.to_string()), "off the ladder's pool");
    assert!(pool.contains(&other.to_string()));

    // Neither its owner's pause and resume nor a due ping lifts the hold.
    store.pause_by_owner(bot).await.unwrap();
    store.resume_by_owner(bot).await.unwrap();
    let record = store.bot(bot).await.unwrap().unwrap();
    assert_eq!(record.organiser, Some(OrganiserHold::Paused));
    assert_eq!(record.health.paused, Some(PauseReason::Unchecked));
    let due = store
        .take_due_checks(now_ms() + 1, now_ms() + 5000, 10)
        .await
        .unwrap();
    assert!(due.iter().all(|b| b.id != bot), "no ping while held");
    assert_eq!(
        store.next_check_due().await.unwrap(),
        None,
        "and no ping is due to wake the health loop"
    );

    // An action that does not apply is refused and not kept.
    for (action, hold) in [
        (OrganiserAction::Pause, Some(OrganiserHold::Paused)),
        (OrganiserAction::Reinstate, Some(OrganiserHold::Paused)),
    ] {
        let refused = store
            .organiser_act(bot, action, "again", "Ann")
            .await
            .unwrap();
        assert_eq!(refused, Err(ActionRefused::Held(hold)));
    }
    let refused = store
        .organiser_act(&greedy, OrganiserAction::Pause, "house", "Ann")
        .await
        .unwrap();
    assert_eq!(refused, Err(ActionRefused::NotContestant));
    let refused = store
        .organiser_act("nobody", OrganiserAction::Pause, "who", "Ann")
        .await
        .unwrap();
    assert_eq!(refused, Err(ActionRefused::NoSuchBot));

    // The resume lifts it: a ping is due at once, and its tournament match may start.
    let before = now_ms();
    let resume = store
        .organiser_act(
            bot,
            OrganiserAction::Resume,
            "it was a misunderstanding",
            "Ann",
        )
        .await
        .unwrap();
    assert_eq!(resume, Ok(()));
    let record = store.bot(bot).await.unwrap().unwrap();
    assert_eq!(record.organiser, None);
    assert_eq!(record.health.paused, Some(PauseReason::Unchecked));
    assert!(record.health.next_check_at.is_some_and(|at| at >= before));
    let tournament_match = claim_all(&store).await;
    assert_eq!(
        tournament_match.len(),
        1,
        "the waiting tournament match starts"
    );
    assert!(
        store
            .finish_match(&tournament_match[0], &result(&[1, 2]))
            .await
            .unwrap()
    );

    // Disqualified: off the leaderboard, every queued match cancelled, its results kept.
    let on_board = |rows: Vec<cardarena_store::LeaderRow>| rows.iter().any(|r| r.bot_id == bot);
    assert!(on_board(store.leaderboard("durak").await.unwrap()));
    let later = store
        .create_matches(&[new_match(MatchKind::Practice, 5, &[bot, &greedy])])
        .await
        .unwrap();
    let disqualify = store
        .organiser_act(
            bot,
            OrganiserAction::Disqualify,
            "ran two bots as one",
            "Bob",
        )
        .await
        .unwrap();
    assert_eq!(disqualify, Ok(()));
    assert_eq!(status(later[0].clone()).await, "cancelled");
    assert!(!on_board(store.leaderboard("durak").await.unwrap()));
    assert!(
        store.rating_of(bot).await.unwrap().is_some(),
        "its rating is kept"
    );
    assert_eq!(status(played[0].clone()).await, "finished");
    assert_eq!(
        store.bot(bot).await.unwrap().unwrap().organiser,
        Some(OrganiserHold::Disqualified)
    );
    let refused = store
        .organiser_act(bot, OrganiserAction::Resume, "no", "Bob")
        .await
        .unwrap();
    assert_eq!(
        refused,
        Err(ActionRefused::Held(Some(OrganiserHold::Disqualified)))
    );
    let reinstate = store
        .organiser_act(bot, OrganiserAction::Reinstate, "cleared on appeal", "Bob")
        .await
        .unwrap();
    assert_eq!(reinstate, Ok(()));
    assert!(on_board(store.leaderboard("durak").await.unwrap()));

    // Every action is kept, newest first, with who and why; a page at a time.
    let actions = store.organiser_actions(bot, None, 10).await.unwrap();
    let kept: Vec<(&str, &str, &str)> = actions
        .iter()
        .map(|a| (a.action.as_str(), a.by.as_str(), a.reason.as_str()))
        .collect();
    assert_eq!(
        kept,
        [
            ("reinstate", "Bob", "cleared on appeal"),
            ("disqualify", "Bob", "ran two bots as one"),
            ("resume", "Ann", "it was a misunderstanding"),
            ("pause", "Ann", "spams its say lines"),
        ]
    );
    assert_eq!(store.organiser_action_count(bot).await.unwrap(), 4);
    let page = store
        .organiser_actions(bot, Some(actions[1].number), 1)
        .await
        .unwrap();
    assert_eq!(page[0].action, OrganiserAction::Resume);
    assert!(actions.iter().all(|a| a.at >= before - 60_000));

    // Deleted: gone from lists, its token stops working, its results keep its name.
    let queued = store
        .create_matches(&[new_match(MatchKind::Practice, 6, &[bot, &greedy])])
        .await
        .unwrap();
    let delete = store
        .organiser_act(bot, OrganiserAction::Delete, "asked to leave", "Ann")
        .await
        .unwrap();
    assert_eq!(delete, Ok(()));
    assert_eq!(status(queued[0].clone()).await, "cancelled");
    assert!(store.bot(bot).await.unwrap().unwrap().deleted);
    assert_eq!(store.bot_id_by_token("token-of-held").await.unwrap(), None);
    let names: Vec<String> = (store.bots(Some("durak")).await.unwrap())
        .into_iter()
        .map(|b| b.name)
        .collect();
    assert!(!names.contains(&"held".to_string()), "{names:?}");
    let old = store.match_summary(&played[0]).await.unwrap().unwrap();
    assert!(old.seats.iter().any(|s| s.name == "held"));
    let refused = store
        .organiser_act(bot, OrganiserAction::Pause, "after", "Ann")
        .await
        .unwrap();
    assert_eq!(refused, Err(ActionRefused::NoSuchBot));
    assert_eq!(store.organiser_action_count(bot).await.unwrap(), 5);
}
