//! The fifty-six house bots: `greedy` answers legally in whole matches of 4 and 6 players, its team
//! beats a team of `random` clearly, and it bids, hides and plays as it says it does.

mod support;

use cardarena_bots::fifty_six::Greedy;
use cardarena_bots::{HouseGame, Played};
use cardarena_engine::games::fifty_six::{
    Bid, FiftySix, FiftySixAction, FiftySixOptions, FiftySixView, Phase, PlayedCard, Trick,
};
use cardarena_engine::{Card, Game};
use support::{play_house, runtime};

fn play(runtime: &tokio::runtime::Runtime, seed: u64, ids: &[&str]) -> Played<FiftySix> {
    play_house::<FiftySix>(runtime, &FiftySixOptions::default(), seed, ids)
}

fn cards(text: &str) -> Vec<Card> {
    text.split_whitespace()
        .map(|t| t.parse().unwrap())
        .collect()
}

/// Seat 0's view of a 4-player deal in `phase` with this hand; the rest is filled in by tests.
fn view(phase: Phase, hand: &str) -> FiftySixView {
    FiftySixView {
        seat: 0,
        players: 4,
        team: 0,
        to_act: Some(0),
        phase,
        dealer: 3,
        deal: 0,
        deals: 4,
        void_deals: 0,
        hand: cards(hand),
        hand_sizes: vec![cards(hand).len(), 8, 8, 8],
        bidding: vec![],
        standing_bid: None,
        bidder: None,
        trump_card: None,
        trump_revealed: false,
        reveal: None,
        tani: false,
        sitting_out: vec![],
        trick: Trick {
            leader: 1,
            cards: vec![],
        },
        tricks: vec![],
        card_points: [0, 0],
        totals: [0, 0],
        last_deal: None,
    }
}

/// A trick led by seat 1 with these cards, played by seats 1, 2, 3 in turn.
fn trick(text: &str) -> Trick {
    Trick {
        leader: 1,
        cards: cards(text)
            .into_iter()
            .enumerate()
            .map(|(i, card)| PlayedCard { seat: 1 + i, card })
            .collect(),
    }
}

fn bids(range: std::ops::RangeInclusive<u32>, pass: bool) -> Vec<FiftySixAction> {
    let mut legal: Vec<FiftySixAction> =
        range.map(|points| FiftySixAction::Bid { points }).collect();
    if pass {
        legal.push(FiftySixAction::Pass);
    }
    legal
}

fn plays(text: &str) -> Vec<FiftySixAction> {
    cards(text)
        .into_iter()
        .map(|card| FiftySixAction::Play { card })
        .collect()
}

fn card(text: &str) -> Card {
    text.parse().unwrap()
}

#[test]
fn greedy_is_listed_first_so_it_substitutes_faulted_seats() {
    assert_eq!(
        FiftySix::HOUSE_BOTS,
        ["greedy", "bold", "cautious", "random", "expert"]
    );
    assert!(FiftySix::house_bot("greedy", 0).is_some());
    assert!(FiftySix::house_bot("nobody", 0).is_none());
}

#[test]
fn greedy_answers_legally_to_the_end_of_every_match() {
    let runtime = runtime();
    for seed in 0..60u64 {
        for ids in [
            &["greedy", "random", "greedy", "random"][..],
            &["random", "greedy", "random", "greedy"],
            &["greedy", "greedy", "greedy", "greedy"],
            &["greedy", "random", "greedy", "random", "greedy", "random"],
        ] {
            let played = play(&runtime, seed, ids);
            assert_eq!(played.outcome.seats.len(), ids.len());
            let mut last = played.initial.clone();
            for action in &played.actions {
                last.apply(action).unwrap();
            }
            assert!(
                last.to_act().is_none(),
                "seed {seed}: the match did not end"
            );
        }
    }
}

#[test]
fn greedy_never_answers_outside_the_legal_list() {
    for players in [4, 6] {
        for seed in 0..100u64 {
            let mut game = FiftySix::new(&FiftySixOptions::default(), players, seed).unwrap();
            while let Some(seat) = game.to_act() {
                let legal = game.legal_actions();
                let choice = Greedy::default().choose(&game.view(seat), &legal).unwrap();
                assert!(legal.contains(&choice), "{choice:?} not in {legal:?}");
                game.apply(&choice).unwrap();
            }
        }
    }
}

#[test]
fn a_team_of_greedy_beats_a_team_of_random_clearly() {
    let runtime = runtime();
    for players in [4usize, 6] {
        let (mut wins, mut losses) = (0, 0);
        for seed in 0..200u64 {
            // Greedy takes the even seats in even seeds and the odd seats in odd ones.
            let greedy_team = (seed % 2) as usize;
            let ids: Vec<&str> = (0..players)
                .map(|s| {
                    if s % 2 == greedy_team {
                        "greedy"
                    } else {
                        "random"
                    }
                })
                .collect();
            let played = play(&runtime, seed, &ids);
            if played.outcome.is_win(greedy_team) {
                wins += 1;
            } else if played.outcome.is_win(1 - greedy_team) {
                losses += 1;
            }
        }
        assert!(
            wins > 3 * losses,
            "{players} players: greedy's team won {wins}, lost {losses} of 200"
        );
    }
}

#[test]
fn greedy_opens_at_the_minimum_and_bids_by_its_hand() {
    // The first bidder may not pass: the least bid.
    let weak = view(Phase::Bidding, "QC KD 10H QS KS 10C KC QD");
    assert_eq!(
        Greedy::default().choose(&weak, &bids(28..=56, false)),
        Some(FiftySixAction::Bid { points: 28 })
    );
    // A weak hand passes over an opponent's 28; a strong one raises by the least it may.
    let mut over = weak.clone();
    over.standing_bid = Some(Bid {
        seat: 3,
        points: 28,
    });
    assert_eq!(
        Greedy::default().choose(&over, &bids(29..=56, true)),
        Some(FiftySixAction::Pass)
    );
    let mut strong = view(Phase::Bidding, "JH JH 9H AH 10H JS 9S AC");
    strong.standing_bid = Some(Bid {
        seat: 3,
        points: 30,
    });
    assert_eq!(
        Greedy::default().choose(&strong, &bids(31..=56, true)),
        Some(FiftySixAction::Bid { points: 31 })
    );
    // Not over a teammate's 28–39 with a merely good hand.
    let mut partner = view(Phase::Bidding, "JH 9H AH 10H QS KS 10C QD");
    partner.players = 6;
    partner.hand_sizes = vec![8; 6];
    partner.standing_bid = Some(Bid {
        seat: 2,
        points: 30,
    });
    assert_eq!(
        Greedy::default().choose(&partner, &bids(40..=56, true)),
        Some(FiftySixAction::Pass)
    );
}

#[test]
fn greedy_bids_tani_only_with_a_hand_that_takes_every_trick() {
    let mut tani = view(Phase::Bidding, "JH JH 9H 9H AH AH JS JC");
    tani.standing_bid = Some(Bid {
        seat: 3,
        points: 40,
    });
    assert_eq!(
        Greedy::default().choose(&tani, &bids(41..=56, true)),
        Some(FiftySixAction::Bid { points: 56 })
    );
    let mut short = view(Phase::Bidding, "JH JH 9H 9H AH 10C JS JC");
    short.standing_bid = Some(Bid {
        seat: 3,
        points: 40,
    });
    assert_ne!(
        Greedy::default().choose(&short, &bids(41..=56, true)),
        Some(FiftySixAction::Bid { points: 56 })
    );
}

#[test]
fn greedy_hides_the_cheapest_card_of_its_longest_suit() {
    let hand = "JH 9H 10H KH JS AS 9C QD";
    let legal: Vec<FiftySixAction> = cards(hand)
        .into_iter()
        .map(|card| FiftySixAction::HideTrump { card })
        .collect();
    assert_eq!(
        Greedy::default().choose(&view(Phase::HidingTrump, hand), &legal),
        Some(FiftySixAction::HideTrump { card: card("KH") })
    );
}

#[test]
fn greedy_takes_an_opponents_trick_as_cheaply_as_it_can_when_last() {
    let mut last = view(Phase::Playing, "JH 9H AH QH");
    last.trick = trick("10H KH AC");
    assert_eq!(
        Greedy::default().choose(&last, &plays("JH 9H AH QH")),
        Some(FiftySixAction::Play { card: card("AH") })
    );
}

#[test]
fn greedy_gives_points_to_a_teammate_holding_the_trick_with_a_jack() {
    // Seat 2 (a teammate) leads here with the jack; seat 3 followed; seat 0 plays last.
    let mut gift = view(Phase::Playing, "9S 10S QS KD");
    gift.trick = Trick {
        leader: 2,
        cards: vec![
            PlayedCard {
                seat: 2,
                card: card("JS"),
            },
            PlayedCard {
                seat: 3,
                card: card("AS"),
            },
        ],
    };
    gift.trick.leader = 2;
    // Three seats have played once seat 1 has too; with seat 1 still to come, the jack is sure.
    assert_eq!(
        Greedy::default().choose(&gift, &plays("9S 10S QS")),
        Some(FiftySixAction::Play { card: card("9S") })
    );
}

#[test]
fn greedy_calls_for_the_trump_against_a_rich_trick_and_cuts_once_it_is_known() {
    let mut void = view(Phase::Playing, "9C QC KD");
    void.trick = trick("JH 9H");
    let mut legal = plays("9C QC KD");
    legal.push(FiftySixAction::RevealTrump);
    assert_eq!(
        Greedy::default().choose(&void, &legal),
        Some(FiftySixAction::RevealTrump)
    );
    // Revealed: clubs are trump; it cuts with its cheapest club that wins.
    void.trump_card = Some(card("AC"));
    void.trump_revealed = true;
    assert_eq!(
        Greedy::default().choose(&void, &plays("9C QC KD")),
        Some(FiftySixAction::Play { card: card("QC") })
    );
    // A poor trick is not worth a call: it throws its cheapest card.
    let mut poor = view(Phase::Playing, "9C QC KD");
    poor.trick = trick("QH");
    let mut legal = plays("9C QC KD");
    legal.push(FiftySixAction::RevealTrump);
    assert_eq!(
        Greedy::default().choose(&poor, &legal),
        Some(FiftySixAction::Play { card: card("QC") })
    );
}

/// Each team's match total summed over `matches` matches of `players`: `a` in the even seats of
/// even seeds and the odd seats of odd ones, `b` in the others. Returns (a's sum, b's sum).
fn team_totals(a: &str, b: &str, players: usize, matches: u64) -> (f64, f64) {
    let runtime = runtime();
    let (mut ours, mut theirs) = (0.0, 0.0);
    for seed in 0..matches {
        let a_team = (seed % 2) as usize;
        let ids: Vec<&str> = (0..players)
            .map(|s| if s % 2 == a_team { a } else { b })
            .collect();
        let played = play(&runtime, seed, &ids);
        // Every seat scores its team's total: seat a_team is on a's team, the next seat on b's.
        ours += played.outcome.seats[a_team].score;
        theirs += played.outcome.seats[1 - a_team].score;
    }
    (ours, theirs)
}

#[test]
fn the_tuned_margin_outscores_bold_bidding_at_six_players() {
    // Without a margin greedy fails too many contracts: in self-play it made 59.5% of them at 6
    // players, below the two in three a contract needs (+1 made, −2 failed).
    let (tuned, bold) = team_totals("greedy", "bold", 6, 300);
    assert!(tuned > bold, "greedy's teams scored {tuned}, bold's {bold}");
}

#[test]
fn every_bidding_style_finishes_its_matches() {
    let runtime = runtime();
    for seed in 0..20 {
        let played = play(&runtime, seed, &["bold", "cautious", "greedy", "random"]);
        assert_eq!(played.outcome.seats.len(), 4);
    }
}

#[test]
fn the_expert_bids_as_greedy_does_and_searches_the_play() {
    use cardarena_bots::expert::{Calibration, Expert};
    use cardarena_engine::shuffle::{below, rng};
    let small = Calibration {
        steps_per_ms: 20,
        sample_steps: 20,
    };
    let (mut bids, mut searched) = (0, 0);
    for seed in 0..6 {
        let mut game = FiftySix::new(&Default::default(), 4, seed).unwrap();
        let expert = Expert::<FiftySix>::new(seed, 1, small);
        let mut choices = rng(seed);
        for decision in 1..40 {
            let Some(seat) = game.to_act() else { break };
            let (view, legal) = (game.view(seat), game.legal_actions());
            let choice = expert.choose(seat, decision, &view, &legal);
            if view.phase == Phase::Bidding {
                assert_eq!(Some(choice.action), Greedy::default().choose(&view, &legal));
                assert!(FiftySix::expert_rule(&view, &legal).is_some());
                bids += 1;
            } else if legal.len() > 1 {
                assert!(choice.rollouts > 0);
                searched += 1;
            }
            game.apply(&legal[below(&mut choices, legal.len())])
                .unwrap();
        }
    }
    assert!(bids > 0 && searched > 0);
}
