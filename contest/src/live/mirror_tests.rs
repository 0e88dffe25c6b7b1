//! A match played with a relay, mirrored from its records in another registry, gives the same
//! public frames as the registry of the process that played it: for every game, with the records
//! arriving out of order and twice, and a fault among them.

use std::future::Future;
use std::pin::Pin;
use std::time::Duration;

use cardarena_bots::{
    Bot, BotFault, FaultKind, GameVisitor, HouseGame, Observer, game_ids, play_match_observed,
    with_game,
};
use tokio::sync::broadcast::error::RecvError;
use tokio::sync::mpsc;

use super::relay::Record;
use super::{Live, MirrorOf, Mirrors, Relays};

type BoxFuture<T> = Pin<Box<dyn Future<Output = T> + Send>>;

struct Mirrored;

impl GameVisitor for Mirrored {
    type Output = BoxFuture<()>;

    fn visit<G: HouseGame>(self) -> Self::Output {
        Box::pin(played_and_mirrored::<G>())
    }
}

/// The frames of `id` in `live`, as JSON.
fn frames_json(live: &Live, id: &str) -> Option<String> {
    live.frames(id)
        .map(|frames| serde_json::to_string(&frames).unwrap())
}

async fn played_and_mirrored<G: HouseGame>() {
    let id = format!("m-{}", G::ID);
    let seed = 41;
    let players = G::PLAYERS.min;
    let options = G::Options::default();
    let dealt = G::new(&options, players, seed).unwrap();
    let (out, mut published) = mpsc::channel(1 << 20);
    let relays = Relays::new(out);
    let here = Live::default();
    let mut observers = (here.begin(&id, &dealt), relays.begin(&id, 3));
    let fault = BotFault::new(FaultKind::Timeout, "no answer by the deadline");
    Observer::<G>::fault(&mut observers, 1, 0, &fault);
    let mut bots: Vec<Box<dyn Bot<G>>> = (0..players)
        .map(|seat| G::house_bot("random", seat as u64).unwrap())
        .collect();
    play_match_observed::<G>(&options, seed, &mut bots, None, &mut observers)
        .await
        .unwrap();
    assert!(published.try_recv().is_err(), "nothing published unwatched");
    assert!(relays.watch(&id), "the match is played here");
    let mut records: Vec<Record> = Vec::new();
    while let Ok(text) = published.try_recv() {
        records.push(serde_json::from_str(&text).unwrap());
    }
    let steps = here.frames(&id).unwrap().frames.len();
    assert_eq!(
        records.len(),
        steps + 1,
        "{}: one record an action and the fault",
        G::ID
    );

    let there = Live::default();
    let (watch, mut watched) = mpsc::channel(16);
    let mirrors = Mirrors::new(there.clone(), watch);
    let of = MirrorOf {
        id: id.clone(),
        game: G::ID.to_string(),
        options: serde_json::to_value(&options).unwrap(),
        seed,
        players,
        attempt: 3,
    };
    assert!(mirrors.attach(of));
    let mut subscription = there.subscribe(&id).unwrap().unwrap();
    assert_eq!(
        watched.recv().await.as_deref(),
        Some(id.as_str()),
        "it asks to watch"
    );
    // Out of order, and the first records twice (a second watch request's resend).
    let (first, second) = records.split_at(records.len() / 2);
    let again = &first[..first.len().min(100)];
    for record in second.iter().chain(first).chain(again).rev() {
        mirrors.record(record.clone());
    }
    let want = frames_json(&here, &id).unwrap();
    let mut got = None;
    for _ in 0..500 {
        got = frames_json(&there, &id);
        if got.as_deref() == Some(want.as_str()) {
            break;
        }
        tokio::time::sleep(Duration::from_millis(10)).await;
    }
    let got = got.unwrap_or_default();
    assert!(
        got == want,
        "{}: the mirror's frames ({} bytes) differ from the player's ({} bytes)",
        G::ID,
        got.len(),
        want.len()
    );
    relays.end(&id);
    let end: Record = serde_json::from_str(&published.try_recv().unwrap()).unwrap();
    mirrors.record(end);
    // The test reads no event before the end: a long match's lag is expected.
    loop {
        match subscription.events.recv().await {
            Ok(event) if event.name == "end" => break,
            Ok(_) | Err(RecvError::Lagged(_)) => continue,
            Err(RecvError::Closed) => panic!("{}: the feed closed without `end`", G::ID),
        }
    }
    assert!(
        there.frames(&id).is_none(),
        "the mirror ends with the match"
    );
    assert!(mirrors.is_empty());
}

#[tokio::test]
async fn a_mirror_gives_the_frames_of_the_process_that_plays_the_match() {
    for game in game_ids() {
        with_game(game, Mirrored).unwrap().await;
    }
}

#[tokio::test]
async fn a_record_of_another_attempt_ends_the_mirror() {
    let there = Live::default();
    let (watch, _watched) = mpsc::channel(16);
    let mirrors = Mirrors::new(there.clone(), watch);
    let of = MirrorOf {
        id: "m".into(),
        game: "durak".into(),
        options: serde_json::json!({}),
        seed: 7,
        players: 2,
        attempt: 1,
    };
    assert!(mirrors.attach(of.clone()));
    assert!(there.frames("m").is_some());
    let (out, mut published) = mpsc::channel(16);
    let relays = Relays::new(out);
    relays.begin("m", 2);
    relays.watch("m");
    relays.end("m");
    let end: Record = serde_json::from_str(&published.try_recv().unwrap()).unwrap();
    mirrors.record(end);
    for _ in 0..500 {
        if there.frames("m").is_none() {
            break;
        }
        tokio::time::sleep(Duration::from_millis(10)).await;
    }
    assert!(
        there.frames("m").is_none(),
        "the mirror of attempt 1 is gone"
    );
    assert!(
        !mirrors.attach(MirrorOf {
            game: "no-such-game".into(),
            ..of
        }),
        "an unknown game is not mirrored"
    );
}
