//! The table sizes a bot plays on the ladder (migration 0020): stored at registration or later,
//! read back by every query that reads a bot, `None` (every size) by default and for house bots,
//! cleared again, a change cancelling the bot's queued ladder match; and the unfinished
//! tournaments a bot is entered in.

use cardarena_store::{MatchKind, NewBot};
use serde_json::json;

use crate::common::{Db, http_bot, new_match};

on_both!(
    sizes_are_stored_and_read_back,
    entered_tournaments_are_the_unfinished_ones
);

async fn sizes_are_stored_and_read_back(db: &Db) {
    let store = db.store().await;
    let pair = NewBot {
        ladder_players: Some(vec![2, 3]),
        ..http_bot("pair")
    };
    let open = http_bot("open");
    store.insert_bot(&pair).await.unwrap();
    store.insert_bot(&open).await.unwrap();
    let house = store.ensure_house_bot("durak", "random").await.unwrap();

    let read = |id: String| {
        let store = store.clone();
        async move { store.bot(&id).await.unwrap().unwrap() }
    };
    let pair_read = read(pair.id.clone()).await;
    assert_eq!(pair_read.ladder_players, Some(vec![2, 3]));
    assert!(pair_read.plays_at(2) && pair_read.plays_at(3) && !pair_read.plays_at(4));
    assert_eq!(read(open.id.clone()).await.ladder_players, None);
    let house_read = read(house.clone()).await;
    assert_eq!(house_read.ladder_players, None);
    assert!((2..=6).all(|n| house_read.plays_at(n)));
    // Every query that reads whole bots reads the column too.
    let listed = store.bots(Some("durak")).await.unwrap();
    let listed_pair = listed.iter().find(|b| b.id == pair.id).unwrap();
    assert_eq!(listed_pair.ladder_players, Some(vec![2, 3]));

    // A change cancels the bot's queued ladder match, drawn for its old sizes, and no other.
    let ladder = new_match(MatchKind::Ladder, 1, &[&open.id, &house]);
    let practice = new_match(MatchKind::Practice, 2, &[&open.id, &house]);
    let ids = store.create_matches(&[ladder, practice]).await.unwrap();
    assert!(
        store
            .set_ladder_players(&open.id, Some(&[4]))
            .await
            .unwrap()
    );
    for (id, status) in ids.iter().zip(["cancelled", "queued"]) {
        let rows = db
            .rows(&format!("SELECT status FROM matches WHERE id = '{id}'"))
            .await;
        let stored: String = sqlx::Row::try_get(&rows[0], "status").unwrap();
        assert_eq!(stored, status);
    }
    assert_eq!(read(open.id.clone()).await.ladder_players, Some(vec![4]));
    assert!(store.set_ladder_players(&pair.id, None).await.unwrap());
    assert_eq!(read(pair.id.clone()).await.ladder_players, None);
    // The column holds the list as JSON text, as the migration says.
    let rows = db
        .rows(&format!(
            "SELECT ladder_players FROM bots WHERE id = '{}'",
            open.id
        ))
        .await;
    let text: Option<String> = sqlx::Row::try_get(&rows[0], "ladder_players").unwrap();
    assert_eq!(text.as_deref(), Some("[4]"));

    assert!(
        !store
            .set_ladder_players("nobody", Some(&[2]))
            .await
            .unwrap()
    );
    store.remove_bot(&open.id).await.unwrap();
    assert!(
        !store
            .set_ladder_players(&open.id, Some(&[2]))
            .await
            .unwrap(),
        "a removed bot's sizes stay as they were"
    );
}

async fn entered_tournaments_are_the_unfinished_ones(db: &Db) {
    let store = db.store().await;
    let bot = http_bot("entrant");
    store.insert_bot(&bot).await.unwrap();
    let stages = json!([{"kind": "house", "opponents": ["random"], "matches": 1}]);
    for (id, name) in [("t1", "First"), ("t2", "Second"), ("t3", "Not entered")] {
        store
            .insert_tournament(id, name, "durak", &stages, false)
            .await
            .unwrap();
    }
    assert!(store.entered_tournaments(&bot.id).await.unwrap().is_empty());
    assert!(store.add_entry("t1", &bot.id).await.unwrap());
    assert!(store.add_entry("t2", &bot.id).await.unwrap());
    let names = |list: Vec<cardarena_store::TournamentRecord>| -> Vec<String> {
        list.into_iter().map(|t| t.name).collect()
    };
    let entered = store.entered_tournaments(&bot.id).await.unwrap();
    assert_eq!(names(entered), ["First", "Second"]);
    store.finish_tournament("t1").await.unwrap();
    let entered = store.entered_tournaments(&bot.id).await.unwrap();
    assert_eq!(
        names(entered),
        ["Second"],
        "a finished tournament holds nothing"
    );
}
