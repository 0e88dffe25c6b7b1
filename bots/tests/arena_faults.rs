//! The match runner with bots that fault, say things, or play illegal moves: the faulted seat is
//! substituted, the game goes on to its end, and the forfeit ranks the seat last.

use cardarena_bots::{Bot, BotFault, BotFuture, By, FaultKind, HouseGame, Reply, Turn, play_match};
use cardarena_engine::Game;
use cardarena_engine::games::durak::{Durak, DurakAction, DurakOptions, STALL_LIMIT};

/// Plays the first legal action, saying its decision number (each even decision marked as its
/// kit's fallback), until decision `fail_at`, where it answers with `answer` instead.
struct Scripted {
    fail_at: u32,
    answer: Result<DurakAction, BotFault>,
}

impl Bot<Durak> for Scripted {
    fn act<'a>(
        &'a mut self,
        turn: Turn<'a, Durak>,
    ) -> BotFuture<'a, Result<Reply<DurakAction>, BotFault>> {
        let reply = if turn.decision >= self.fail_at {
            self.answer.clone().map(Reply::silent)
        } else {
            Ok(Reply {
                action: turn.legal_actions[0],
                say: Some(format!("decision {}", turn.decision)),
                fallback: turn.decision.is_multiple_of(2),
            })
        };
        Box::pin(async move { reply })
    }
}

fn run(first: Scripted) -> cardarena_bots::Played<Durak> {
    let mut bots: Vec<Box<dyn Bot<Durak>>> = vec![
        Box::new(first),
        Durak::house_bot("greedy", 1).unwrap(),
        Durak::house_bot("random", 2).unwrap(),
    ];
    tokio::runtime::Builder::new_current_thread()
        .build()
        .unwrap()
        .block_on(play_match::<Durak>(&DurakOptions::default(), 7, &mut bots))
        .unwrap()
}

fn replay(played: &cardarena_bots::Played<Durak>) -> Durak {
    let mut game = played.initial.clone();
    for action in &played.actions {
        game.apply(action).unwrap();
    }
    game
}

#[test]
fn a_bot_that_faults_forfeits_and_the_game_still_ends() {
    let fault = BotFault::new(FaultKind::Timeout, "no answer in 1000 ms");
    let played = run(Scripted {
        fail_at: 3,
        answer: Err(fault.clone()),
    });
    let recorded = played.faults[0].as_ref().expect("seat 0 faulted");
    assert_eq!(
        (recorded.kind, &recorded.detail),
        (fault.kind, &fault.detail)
    );
    assert!(recorded.answer.as_ref().is_some_and(|a| a.ms.is_some()));
    assert!(played.faults[1..].iter().all(Option::is_none));
    // Seat 0 faulted at its first decision from 3 on; its substitute played from there.
    let at = played.fault_steps[0].expect("the step is recorded");
    assert!(at >= 3 && played.fault_steps[1..].iter().all(Option::is_none));
    assert_eq!(played.steps.len(), played.actions.len());
    for (index, (step, &seat)) in played.steps.iter().zip(&played.actors).enumerate() {
        let substituted = seat == 0 && index as u32 + 1 >= at;
        let by = if substituted { By::Substitute } else { By::Bot };
        assert_eq!(step.by, by, "decision {}", index + 1);
    }
    assert_eq!(played.actors[at as usize - 1], 0);
    // Its kit's fallbacks are counted up to its fault, never the substitute's moves after it.
    let own_even = (played.actors.iter().enumerate())
        .filter(|&(index, &seat)| seat == 0 && (index as u32 + 1) < at && index % 2 == 1)
        .count();
    assert_eq!(played.fallbacks, vec![own_even as u32, 0, 0]);
    let last = played.outcome.seats.iter().map(|s| s.rank).max().unwrap();
    assert_eq!(played.outcome.seats[0].rank, last);
    assert!(played.outcome.seats[1..].iter().all(|s| s.rank < last));
    assert_eq!(replay(&played).outcome(), Some(played.game_outcome.clone()));
}

#[test]
fn an_illegal_action_is_a_fault_and_is_never_applied() {
    let bogus = DurakAction::Attack {
        card: "RJ".parse().unwrap(),
    };
    let played = run(Scripted {
        fail_at: 1,
        answer: Ok(bogus),
    });
    let fault = played.faults[0].as_ref().unwrap();
    assert_eq!(fault.kind, FaultKind::IllegalAction);
    assert!(!played.actions.contains(&bogus));
    assert_eq!(replay(&played).outcome(), Some(played.game_outcome.clone()));
}

#[test]
fn says_are_kept_with_the_decision_they_came_with() {
    let played = run(Scripted {
        fail_at: u32::MAX,
        answer: Err(BotFault::illegal("never")),
    });
    assert_eq!(played.faults, vec![None, None, None]);
    assert_eq!(
        played.outcome, played.game_outcome,
        "fallbacks are not faults"
    );
    let even = (played.actors.iter().enumerate())
        .filter(|&(index, &seat)| seat == 0 && index % 2 == 1)
        .count();
    assert!(even > 0);
    assert_eq!(played.fallbacks, vec![even as u32, 0, 0]);
    assert!(!played.says.is_empty());
    for (n, said) in played.says.iter().enumerate() {
        assert_eq!(said.seat, 0);
        assert_eq!(said.text, format!("decision {}", said.index + 1));
        assert!(n == 0 || said.index > played.says[n - 1].index);
    }
}

/// Always plays the first legal action: in durak, with every seat doing so, some deals cycle.
struct First;

impl Bot<Durak> for First {
    fn act<'a>(
        &'a mut self,
        turn: Turn<'a, Durak>,
    ) -> BotFuture<'a, Result<Reply<DurakAction>, BotFault>> {
        let action = turn.legal_actions[0];
        Box::pin(async move { Ok(Reply::silent(action)) })
    }
}

#[test]
fn a_deal_where_legal_play_cycles_ends_by_the_no_progress_rule() {
    // Seed 47 with four first-action players cycles for ever under legal play (found by playing
    // seeds 0..3000); it used to be cut off at the decision cap, unrated. The rule that ends a game
    // without progress (durak's rule 19) ends it well before the cap, with a fool.
    let mut bots: Vec<Box<dyn Bot<Durak>>> = (0..4).map(|_| Box::new(First) as _).collect();
    let played = tokio::runtime::Builder::new_current_thread()
        .build()
        .unwrap()
        .block_on(play_match::<Durak>(&DurakOptions::default(), 47, &mut bots))
        .unwrap_or_else(|e| panic!("seed 47: {e}"));
    let mut end = played.initial.clone();
    for action in &played.actions {
        end.apply(action).unwrap();
    }
    assert_eq!(end.stalled_turns(), STALL_LIMIT);
    assert!(end.deck().is_empty());
    assert!(
        played.actions.len() < 1_000,
        "{} decisions",
        played.actions.len()
    );
    let fool = end.fool().expect("one player holds the most cards");
    let most = (0..4).map(|s| end.hand(s).len()).max().unwrap();
    assert_eq!(end.hand(fool).len(), most);
    assert!(played.outcome.is_loss(fool));
    assert!(played.faults.iter().all(Option::is_none));
}

/// Plays the first legal action after a pause.
struct Slow(std::time::Duration);

impl Bot<Durak> for Slow {
    fn act<'a>(
        &'a mut self,
        turn: Turn<'a, Durak>,
    ) -> BotFuture<'a, Result<Reply<DurakAction>, BotFault>> {
        let (action, pause) = (turn.legal_actions[0], self.0);
        Box::pin(async move {
            tokio::time::sleep(pause).await;
            Ok(Reply::silent(action))
        })
    }
}

#[test]
fn the_wall_clock_cap_faults_the_bot_being_waited_on_and_the_match_ends() {
    let pause = std::time::Duration::from_millis(20);
    let mut bots: Vec<Box<dyn Bot<Durak>>> = vec![
        Box::new(Slow(pause)),
        Durak::house_bot("greedy", 1).unwrap(),
        Box::new(Slow(pause)),
    ];
    let cap = Some(std::time::Duration::from_millis(100));
    let played = tokio::runtime::Builder::new_current_thread()
        .enable_time()
        .build()
        .unwrap()
        .block_on(cardarena_bots::play_match_within::<Durak>(
            &DurakOptions::default(),
            7,
            &mut bots,
            cap,
        ))
        .unwrap();
    let faulted: Vec<&BotFault> = played.faults.iter().flatten().collect();
    assert_eq!(
        faulted.len(),
        1,
        "only the bot waited on at the cap: {faulted:?}"
    );
    assert_eq!(faulted[0].kind, FaultKind::Timeout);
    assert!(faulted[0].detail.contains("wall-clock cap of 100 ms"));
    assert!(played.faults[1].is_none());
}
