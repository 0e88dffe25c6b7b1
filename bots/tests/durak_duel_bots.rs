//! The durak-duel house bots: `greedy` answers legally in whole games, beats `random` clearly,
//! and prefers what it says it prefers.

mod support;

use cardarena_bots::durak_duel::Greedy;
use cardarena_bots::{Bot, HouseGame, Played, play_match};
use cardarena_engine::games::durak_duel::{
    DuelTablePair, DurakDuel, DurakDuelAction, DurakDuelOptions, DurakDuelView, Phase,
};
use cardarena_engine::shuffle::derive_seed;
use cardarena_engine::{Card, CardList, Game};
use support::{play_house, runtime};

/// Plays one game with these house bots, each seeded from the game's seed; no seat may fault.
fn play(runtime: &tokio::runtime::Runtime, seed: u64, ids: [&str; 2]) -> Played<DurakDuel> {
    play_house::<DurakDuel>(runtime, &DurakDuelOptions::default(), seed, &ids)
}

fn card(text: &str) -> Card {
    text.parse().unwrap()
}

fn cards(texts: &[&str]) -> Vec<Card> {
    texts.iter().map(|t| card(t)).collect()
}

/// The card list of an action.
fn list(texts: &[&str]) -> CardList {
    texts.iter().map(|t| card(t)).collect()
}

#[test]
fn greedy_is_listed_first_so_it_substitutes_faulted_seats() {
    assert_eq!(DurakDuel::HOUSE_BOTS, ["greedy", "random", "expert"]);
    assert!(DurakDuel::house_bot("greedy", 0).is_some());
    assert!(DurakDuel::house_bot("nobody", 0).is_none());
}

#[test]
fn greedy_answers_legally_to_the_end_of_every_game() {
    let runtime = runtime();
    for seed in 0..300u64 {
        for ids in [
            ["greedy", "random"],
            ["random", "greedy"],
            ["greedy", "greedy"],
        ] {
            let played = play(&runtime, seed, ids);
            assert_eq!(played.outcome.seats.len(), 2);
            let mut last = played.initial.clone();
            for action in &played.actions {
                last.apply(action).unwrap();
            }
            assert!(last.to_act().is_none(), "seed {seed}: the game did not end");
        }
    }
}

#[test]
fn greedy_never_answers_outside_the_legal_list() {
    // Step by step, without the runner: every answer is one of the legal actions.
    for seed in 0..200u64 {
        let mut game = DurakDuel::new(&DurakDuelOptions::default(), 2, seed).unwrap();
        while let Some(seat) = game.to_act() {
            let view = game.view(seat);
            let legal = game.legal_actions();
            let action = Greedy.choose(&view, &legal).unwrap();
            assert!(
                legal.contains(&action),
                "seed {seed}: {action:?} not in {legal:?}"
            );
            game.apply(&action).unwrap();
        }
    }
}

#[test]
fn the_same_seed_replays_the_same_game() {
    let runtime = runtime();
    let a = play(&runtime, 17, ["greedy", "random"]);
    let b = play(&runtime, 17, ["greedy", "random"]);
    assert_eq!(a.actions, b.actions);
    assert_eq!(a.outcome, b.outcome);
}

#[test]
fn greedy_beats_random() {
    let runtime = runtime();
    let (mut wins, mut losses) = (0u32, 0u32);
    for game in 0..1000u64 {
        let seat = (game % 2) as usize;
        let ids = if seat == 0 {
            ["greedy", "random"]
        } else {
            ["random", "greedy"]
        };
        let played = play(&runtime, derive_seed(2024, game), ids);
        let score = played.outcome.seats[seat].score;
        if score == 1.0 {
            wins += 1;
        } else if score == 0.0 {
            losses += 1;
        }
    }
    // Measured: 950 wins, 39 losses (the CLI's 10,000 games: 95.0% wins, 4.0% losses).
    assert!(
        wins > 800 && losses < 150,
        "{wins} wins, {losses} losses in 1000"
    );
}

/// A view of seat 0 in round 3, the deck holding `deck_size` cards, trump clubs (7♣ turned up).
fn view(
    phase: Phase,
    hand: &[&str],
    table: &[(&str, Option<&str>)],
    deck_size: usize,
) -> DurakDuelView {
    let (attacker, defender) = match phase {
        Phase::Defend => (1, 0),
        _ => (0, 1),
    };
    let table: Vec<DuelTablePair> = table
        .iter()
        .map(|&(attack, beat)| DuelTablePair {
            attack: card(attack),
            beat: beat.map(card),
        })
        .collect();
    let hand = cards(hand);
    DurakDuelView {
        seat: 0,
        round: 3,
        phase,
        to_act: Some(0),
        starter: attacker,
        attacker,
        defender,
        trump: card("7C"),
        hand_sizes: vec![hand.len(), 6],
        hand,
        deck_size,
        table,
        discard: cards(&["6H", "9H"]),
        stalled_rounds: 0,
    }
}

/// The legal actions of `view`, listed as the engine would (only the kinds the tests need).
fn attacks(sets: &[&[&str]]) -> Vec<DurakDuelAction> {
    sets.iter()
        .map(|s| DurakDuelAction::Attack { cards: list(s) })
        .collect()
}

fn defend(attack: &str, with: &str) -> DurakDuelAction {
    DurakDuelAction::Defend {
        attack: card(attack),
        card: card(with),
    }
}

#[test]
fn greedy_opens_with_its_lowest_non_trump() {
    let v = view(Phase::Open, &["6C", "8D", "10S", "KH"], &[], 12);
    let legal = attacks(&[&["6C"], &["8D"], &["10S"], &["KH"]]);
    assert_eq!(
        Greedy.choose(&v, &legal),
        Some(DurakDuelAction::Attack {
            cards: list(&["8D"])
        })
    );
}

#[test]
fn greedy_lays_siege_with_a_low_rank_it_holds_twice() {
    let v = view(Phase::Open, &["8D", "8H", "9S", "AC"], &[], 12);
    let legal = attacks(&[&["8D"], &["8H"], &["8D", "8H"], &["9S"], &["AC"]]);
    assert_eq!(
        Greedy.choose(&v, &legal),
        Some(DurakDuelAction::Attack {
            cards: list(&["8D", "8H"])
        })
    );
}

#[test]
fn greedy_beats_with_the_suit_before_a_trump() {
    let v = view(
        Phase::Defend,
        &["6C", "9D", "JD", "QS"],
        &[("8D", None)],
        12,
    );
    let legal = vec![
        defend("8D", "6C"),
        defend("8D", "9D"),
        defend("8D", "JD"),
        DurakDuelAction::Pass,
    ];
    assert_eq!(Greedy.choose(&v, &legal), Some(defend("8D", "9D")));
}

#[test]
fn greedy_counterattacks_with_a_low_non_trump_of_the_rank() {
    let v = view(Phase::Defend, &["8H", "9D", "KS"], &[("8D", None)], 12);
    let legal = vec![
        defend("8D", "9D"),
        DurakDuelAction::Counterattack {
            cards: list(&["8H"]),
        },
        DurakDuelAction::Pass,
    ];
    assert_eq!(
        Greedy.choose(&v, &legal),
        Some(DurakDuelAction::Counterattack {
            cards: list(&["8H"])
        })
    );
}

#[test]
fn greedy_does_not_counterattack_with_a_trump() {
    // 8♣ is a trump: it defends with 9♦ rather than hand the trump over.
    let v = view(Phase::Defend, &["8C", "9D", "KS"], &[("8D", None)], 12);
    let legal = vec![
        defend("8D", "8C"),
        defend("8D", "9D"),
        DurakDuelAction::Counterattack {
            cards: list(&["8C"]),
        },
        DurakDuelAction::Pass,
    ];
    assert_eq!(Greedy.choose(&v, &legal), Some(defend("8D", "9D")));
}

#[test]
fn greedy_takes_rather_than_spend_a_high_trump_early() {
    let v = view(Phase::Defend, &["6D", "KC", "9H"], &[("7S", None)], 20);
    let legal = vec![defend("7S", "KC"), DurakDuelAction::Pass];
    assert_eq!(Greedy.choose(&v, &legal), Some(DurakDuelAction::Pass));
    // With the deck empty, it beats.
    let v = view(Phase::Defend, &["6D", "KC", "9H"], &[("7S", None)], 0);
    assert_eq!(Greedy.choose(&v, &legal), Some(defend("7S", "KC")));
}

#[test]
fn greedy_piles_on_its_low_cards_and_keeps_trumps() {
    let v = view(
        Phase::PileOn,
        &["8H", "9S", "9C", "AS"],
        &[("8D", Some("10D")), ("9D", None)],
        12,
    );
    let legal = vec![
        DurakDuelAction::PileOn {
            cards: list(&["8H"]),
        },
        DurakDuelAction::PileOn {
            cards: list(&["9C"]),
        },
        DurakDuelAction::PileOn {
            cards: list(&["9S"]),
        },
        DurakDuelAction::PileOn {
            cards: list(&["8H", "9C"]),
        },
        DurakDuelAction::PileOn {
            cards: list(&["8H", "9S"]),
        },
        DurakDuelAction::PileOn {
            cards: list(&["9C", "9S"]),
        },
        DurakDuelAction::PileOn {
            cards: list(&["8H", "9C", "9S"]),
        },
        DurakDuelAction::Done,
    ];
    assert_eq!(
        Greedy.choose(&v, &legal),
        Some(DurakDuelAction::PileOn {
            cards: list(&["8H", "9S"])
        })
    );
}

#[test]
fn greedy_is_done_when_nothing_cheap_is_left_to_add() {
    let v = view(
        Phase::Continue,
        &["8C", "AD", "KS"],
        &[("8D", Some("10D"))],
        12,
    );
    let legal = vec![
        DurakDuelAction::Attack {
            cards: list(&["8C"]),
        },
        DurakDuelAction::Done,
    ];
    assert_eq!(Greedy.choose(&v, &legal), Some(DurakDuelAction::Done));
}

#[test]
fn greedy_goes_out_when_the_deck_is_empty() {
    let v = view(Phase::Continue, &["8C", "10H"], &[("8D", Some("10D"))], 0);
    let legal = vec![
        DurakDuelAction::Attack {
            cards: list(&["8C"]),
        },
        DurakDuelAction::Attack {
            cards: list(&["10H"]),
        },
        DurakDuelAction::Attack {
            cards: list(&["8C", "10H"]),
        },
        DurakDuelAction::Done,
    ];
    assert_eq!(
        Greedy.choose(&v, &legal),
        Some(DurakDuelAction::Attack {
            cards: list(&["8C", "10H"])
        })
    );
}

/// Answers an action that is never legal.
struct Broken;

impl Bot<DurakDuel> for Broken {
    fn act<'a>(
        &'a mut self,
        _turn: cardarena_bots::Turn<'a, DurakDuel>,
    ) -> cardarena_bots::BotFuture<
        'a,
        Result<cardarena_bots::Reply<DurakDuelAction>, cardarena_bots::BotFault>,
    > {
        Box::pin(async move { Ok(cardarena_bots::Reply::silent(DurakDuelAction::Pass)) })
    }
}

#[test]
fn greedy_finishes_the_game_of_a_faulted_seat() {
    let runtime = runtime();
    let mut faulted = 0;
    for seed in 0..20u64 {
        let mut bots: Vec<Box<dyn Bot<DurakDuel>>> =
            vec![Box::new(Broken), DurakDuel::house_bot("greedy", 1).unwrap()];
        let played = runtime
            .block_on(play_match::<DurakDuel>(
                &DurakDuelOptions::default(),
                seed,
                &mut bots,
            ))
            .unwrap();
        // Seat 0 faults at its first attack (pass is legal only to a defender); a game that seat 1
        // wins before seat 0 ever attacks has no fault.
        if played.faults[0].is_some() {
            faulted += 1;
            assert_eq!(played.outcome.seats[0].rank, 2);
            assert_eq!(played.outcome.seats[1].rank, 1);
        }
        assert!(played.faults[1].is_none());
    }
    assert!(faulted > 10, "{faulted} faults in 20 games");
}
