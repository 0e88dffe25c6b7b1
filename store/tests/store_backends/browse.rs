//! Finding matches: keyed pages newest first in both directions, the filters by bot, kind, game
//! and stage, and a bot's head-to-head record.

use cardarena_store::{MatchFilter, MatchKind, PageAt, StageRef};

use crate::common::{Db, claim_all, new_match, register, result};

on_both!(pages_filters_and_rivalries);

async fn pages_filters_and_rivalries(db: &Db) {
    let store = db.store().await;
    let ids = register(&store, &["me", "rival"]).await;
    let (me, rival) = (ids[0].as_str(), ids[1].as_str());
    let random = store.ensure_house_bot("durak", "random").await.unwrap();
    store
        .insert_tournament("t", "Cup", "durak", &serde_json::json!([]), false)
        .await
        .unwrap();
    // Seven ladder matches against the rival (won, drawn, lost in turn), three practice
    // matches against the random bot, two of the tournament's stage 0.
    let mut made = Vec::new();
    for i in 0..7 {
        made.push(new_match(MatchKind::Ladder, i, &[me, rival]));
    }
    for i in 0..3 {
        made.push(new_match(MatchKind::Practice, 10 + i, &[me, &random]));
    }
    for i in 0..2 {
        let mut m = new_match(MatchKind::Tournament, 20 + i, &[rival, &random]);
        m.stage = Some(StageRef {
            tournament_id: "t".into(),
            stage: 0,
            deal: None,
            entrant: None,
        });
        made.push(m);
    }
    let ids = store.create_matches(&made).await.unwrap();
    assert_eq!(claim_all(&store).await.len(), 12);
    for (i, id) in ids.iter().enumerate() {
        let ranks: &[u32] = match i % 3 {
            0 => &[1, 2],
            1 => &[1, 1],
            _ => &[2, 1],
        };
        assert!(store.finish_match(id, &result(ranks)).await.unwrap());
    }

    // My matches, three a page, newest first, then older, then newer again.
    let mine = MatchFilter {
        bot_id: Some(me.to_string()),
        ..MatchFilter::default()
    };
    let first = store
        .browse_matches(&mine, PageAt::Newest, 3)
        .await
        .unwrap();
    let first_ids: Vec<&str> = first.matches.iter().map(|(_, m)| m.id.as_str()).collect();
    assert_eq!(first_ids, [ids[9].as_str(), &ids[8], &ids[7]]);
    assert!(!first.has_newer && first.has_older);
    let oldest_shown = first.matches.last().unwrap().0;
    let second = store
        .browse_matches(&mine, PageAt::Before(oldest_shown), 3)
        .await
        .unwrap();
    assert_eq!(second.matches[0].1.id, ids[6]);
    assert!(second.has_newer && second.has_older);
    let back = store
        .browse_matches(&mine, PageAt::After(second.matches[0].0), 3)
        .await
        .unwrap();
    assert_eq!(back.matches, first.matches);
    assert!(!back.has_newer && back.has_older);
    let all_mine = store
        .browse_matches(&mine, PageAt::Newest, 100)
        .await
        .unwrap();
    assert_eq!(all_mine.matches.len(), 10);
    assert!(!all_mine.has_older);

    // Filters: a kind of mine, a game's, a stage's.
    let practice = MatchFilter {
        kind: Some(MatchKind::Practice),
        ..mine.clone()
    };
    let page = store
        .browse_matches(&practice, PageAt::Newest, 10)
        .await
        .unwrap();
    assert_eq!(page.matches.len(), 3);
    assert!(page.matches.iter().all(|(_, m)| m.kind == "practice"));
    let ladder = MatchFilter {
        kind: Some(MatchKind::Ladder),
        ..mine.clone()
    };
    assert_eq!(
        store
            .browse_matches(&ladder, PageAt::Newest, 10)
            .await
            .unwrap()
            .matches
            .len(),
        7
    );
    let game = MatchFilter {
        game: Some("durak".into()),
        ..MatchFilter::default()
    };
    assert_eq!(
        store
            .browse_matches(&game, PageAt::Newest, 100)
            .await
            .unwrap()
            .matches
            .len(),
        12
    );
    let stage = MatchFilter {
        stage: Some(("t".into(), 0)),
        ..MatchFilter::default()
    };
    let staged = store
        .browse_matches(&stage, PageAt::Newest, 100)
        .await
        .unwrap();
    assert_eq!(staged.matches.len(), 2);
    assert_eq!(staged.matches[0].1.id, ids[11]);
    let nothing = MatchFilter {
        game: Some("bridge".into()),
        ..MatchFilter::default()
    };
    assert!(
        store
            .browse_matches(&nothing, PageAt::Newest, 10)
            .await
            .unwrap()
            .matches
            .is_empty()
    );

    // Head to head: ladder matches 0..7 went won, drawn, lost, won, drawn, lost, won; the
    // practice matches (7..10 by creation, so i % 3 = 1, 2, 0) drawn, lost, won.
    let (rivals, window) = store.rivalries(me, None, 2000).await.unwrap();
    assert_eq!(window, 10);
    let against_rival = rivals.iter().find(|r| r.bot_id == rival).unwrap();
    assert_eq!(against_rival.name, "rival");
    assert_eq!(
        (
            against_rival.matches,
            against_rival.wins,
            against_rival.draws,
            against_rival.losses
        ),
        (7, 3, 2, 2)
    );
    assert_eq!(rivals[0].bot_id, rival, "most met first");
    let (practice_rivals, window) = store
        .rivalries(me, Some(MatchKind::Practice), 2000)
        .await
        .unwrap();
    assert_eq!(window, 3);
    assert_eq!(practice_rivals.len(), 1);
    let r = &practice_rivals[0];
    assert_eq!(
        (r.name.as_str(), r.wins, r.draws, r.losses),
        ("random@durak", 1, 1, 1)
    );
    let (ladder_rivals, window) = store
        .rivalries(me, Some(MatchKind::Ladder), 4)
        .await
        .unwrap();
    assert_eq!(
        (window, ladder_rivals[0].matches),
        (4, 4),
        "the latest four only"
    );
}
