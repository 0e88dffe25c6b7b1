//! Standings: the leaderboard in conservative-rating order with names breaking ties bytewise,
//! one bot's rating, and its rating history in the order results were applied, sampled.

use cardarena_store::MatchKind;

use crate::common::{Db, claim_all, new_match, register, result};

on_both!(leaderboard_and_rating_history);

async fn leaderboard_and_rating_history(db: &Db) {
    let store = db.store().await;
    let ids = register(&store, &["strong", "middling", "weak", "Idle"]).await;
    assert!(store.leaderboard("durak").await.unwrap().is_empty());
    let seats: Vec<&str> = ids[..3].iter().map(String::as_str).collect();
    let rated: Vec<_> = (0..6)
        .map(|i| new_match(MatchKind::Ladder, i, &seats))
        .collect();
    let made = store.create_matches(&rated).await.unwrap();
    claim_all(&store).await;
    // Finished out of creation order: the rating order is the order results were stored.
    for i in [2, 0, 1, 5, 3, 4] {
        assert!(
            store
                .finish_match(&made[i], &result(&[1, 2, 3]))
                .await
                .unwrap()
        );
    }
    let board = store.leaderboard("durak").await.unwrap();
    let names: Vec<&str> = board.iter().map(|r| r.name.as_str()).collect();
    assert_eq!(
        names,
        ["strong", "middling", "weak"],
        "rated bots only, best first"
    );
    assert!(
        board
            .windows(2)
            .all(|w| w[0].skill.rating() >= w[1].skill.rating())
    );
    assert_eq!((board[0].matches, board[0].wins, board[2].wins), (6, 6, 0));
    assert_eq!(store.rating_of(&ids[3]).await.unwrap(), None);

    let history = store.rating_chart(&ids[0], 100).await.unwrap();
    let order: Vec<u64> = history.iter().map(|p| p.nth).collect();
    assert_eq!(order, [1, 2, 3, 4, 5, 6]);
    assert!(
        history.windows(2).all(|w| w[1].skill.mu >= w[0].skill.mu),
        "a winner climbs"
    );
    assert!(history.iter().all(|p| p.version == Some(1)));
    assert_eq!(history.last().unwrap().skill, board[0].skill);
    // Sampled: three parts of two matches each by creation, the last created of each part, in
    // rating order (matches 2, 4 and 6 moved the rating third, fifth and fourth).
    let sampled = store.rating_chart(&ids[0], 3).await.unwrap();
    let nth: Vec<u64> = sampled.iter().map(|p| p.nth).collect();
    assert_eq!(nth, [3, 4, 5]);
    assert!(sampled.iter().all(|p| history.contains(p)));
    assert!(store.rating_chart(&ids[3], 100).await.unwrap().is_empty());

    // Equal ratings (one match, drawn by three new bots) fall back on names, bytewise.
    let twins = register(&store, &["twin-b", "Twin-a", "twin_c"]).await;
    let seats: Vec<&str> = twins.iter().map(String::as_str).collect();
    store
        .create_matches(&[new_match(MatchKind::Ladder, 40, &seats)])
        .await
        .unwrap();
    for id in claim_all(&store).await {
        assert!(store.finish_match(&id, &result(&[1, 1, 1])).await.unwrap());
    }
    let board = store.leaderboard("durak").await.unwrap();
    let tied: Vec<&str> = board
        .iter()
        .filter(|r| twins.contains(&r.bot_id))
        .map(|r| r.name.as_str())
        .collect();
    assert_eq!(tied, ["Twin-a", "twin-b", "twin_c"]);
}
