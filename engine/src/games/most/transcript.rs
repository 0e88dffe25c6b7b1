//! A plain-text log of a most match, written by replaying its actions: each deal's hands and
//! first bridge card, every move by seat name with the cards it moved (a meld shown whole, a
//! joker as `BJ=7H`), each deal's end and points, and the places. Seed 001 gives no notation, so
//! the format is this module's own (RULES.md, "The log").

use std::fmt::Write;

use super::{MeldKind, Most, MostAction, Phase, TableMeld};
use crate::cards::Card;
use crate::game::Game;
use crate::shuffle::ShuffleModel;

/// The log of `actions` played from `initial`, players named by seat; `None` if an action does
/// not apply (the log is not of this game).
pub(super) fn write(initial: &Most, actions: &[MostAction], names: &[String]) -> Option<String> {
    let name = |seat: usize| {
        names
            .get(seat)
            .cloned()
            .unwrap_or_else(|| format!("seat {seat}"))
    };
    let options = &initial.options;
    let shuffle = match options.shuffle {
        ShuffleModel::Uniform => "uniform shuffle".to_string(),
        ShuffleModel::Riffle(r) => r.to_string(),
    };
    let length = if options.single_deal {
        "one deal".to_string()
    } else {
        format!(
            "to {} points, at most {} deals",
            options.target, options.max_deals
        )
    };
    let mut out = String::new();
    let _ = writeln!(
        out,
        "Most, {} players, {length}, {shuffle}",
        initial.players
    );
    deal_header(&mut out, initial, &name);
    let mut game = initial.clone();
    for action in actions {
        let before = game.clone();
        let seat = before.to_act;
        game.apply(action).ok()?;
        let text = match action {
            MostAction::Draw => format!("draws {}", before.deck.last()?),
            MostAction::Take { index } => {
                format!("takes {} from the bridge", cards(&before.bridge[*index..]))
            }
            MostAction::Meld { .. } => format!("melds {}", meld(game.melds.last()?)),
            MostAction::LayOff {
                meld: at,
                card,
                stands_for,
            } => {
                let laid = slot(*card, stands_for.unwrap_or(*card));
                format!("lays off {laid}: {}", owned(&game.melds[*at], &name))
            }
            MostAction::Swap { meld: at, card } => {
                let joker = game.hands[seat] - before.hands[seat];
                format!(
                    "swaps {card} for {}: {}",
                    cards(&joker.iter().collect::<Vec<_>>()),
                    owned(&game.melds[*at], &name)
                )
            }
            MostAction::Discard { card } => format!("discards {card}"),
        };
        let _ = writeln!(out, "{}: {text}", name(seat));
        if game.deal != before.deal {
            let why = if before.hands[seat].len() == 1 {
                format!("{} goes out", name(seat))
            } else {
                "the deck is empty".to_string()
            };
            deal_footer(&mut out, &game, &why, &name);
            if game.phase != Phase::Over {
                deal_header(&mut out, &game, &name);
            }
        }
    }
    if let Some(outcome) = game.outcome() {
        let places: Vec<String> = outcome
            .seats
            .iter()
            .enumerate()
            .map(|(seat, r)| format!("{} {} ({})", name(seat), r.rank, game.totals[seat]))
            .collect();
        let _ = writeln!(out, "Match over, places: {}", places.join(", "));
    }
    Some(out)
}

/// Cards as the log writes them, space-separated.
pub(super) fn cards(cards: &[Card]) -> String {
    let texts: Vec<String> = cards.iter().map(Card::to_string).collect();
    texts.join(" ")
}

/// A card as it lies in a meld: itself, or a joker with the card it stands for, `BJ=7H`.
pub(super) fn slot(card: Card, stands_for: Card) -> String {
    if card == stands_for {
        card.to_string()
    } else {
        format!("{card}={stands_for}")
    }
}

/// A meld's cards in table order, a joker as `BJ=7H`.
pub(super) fn meld(meld: &TableMeld) -> String {
    let texts: Vec<String> = meld
        .slots
        .iter()
        .map(|s| slot(s.card, s.stands_for))
        .collect();
    texts.join(" ")
}

/// A meld's kind in a word: `run` or `set`.
pub(super) fn kind(kind: MeldKind) -> &'static str {
    match kind {
        MeldKind::Run => "run",
        MeldKind::Set => "set",
    }
}

/// A meld with its owner and kind: `Bob's run 5C 6C 7C 8C`.
fn owned(m: &TableMeld, name: &impl Fn(usize) -> String) -> String {
    format!("{}'s {} {}", name(m.owner), kind(m.kind), meld(m))
}

fn deal_header(out: &mut String, game: &Most, name: &impl Fn(usize) -> String) {
    let _ = writeln!(
        out,
        "Deal {}, dealer {}, bridge {}",
        game.deal + 1,
        name(game.dealer),
        cards(&game.bridge)
    );
    for seat in 0..game.players {
        let hand: Vec<Card> = game.hands[seat].iter().collect();
        let _ = writeln!(out, "  {}: {}", name(seat), cards(&hand));
    }
}

fn deal_footer(out: &mut String, game: &Most, why: &str, name: &impl Fn(usize) -> String) {
    let scores: Vec<String> = game
        .last_scores()
        .iter()
        .enumerate()
        .map(|(seat, points)| format!("{} {points:+} = {}", name(seat), game.totals[seat]))
        .collect();
    let _ = writeln!(out, "Deal {} over, {why}: {}", game.deal, scores.join(", "));
}

#[cfg(test)]
mod tests {
    use super::super::{JokerAs, JokerList, Most, MostAction, Phase};
    use crate::cards::{Card, CardSet};
    use crate::game::Game;

    fn c(text: &str) -> Card {
        text.parse().unwrap()
    }

    fn set(text: &str) -> CardSet {
        text.split_whitespace().map(c).collect()
    }

    #[test]
    fn the_transcript_logs_each_move_with_its_cards_and_the_deal_s_points() {
        let initial = Most::from_position(
            vec![set("BJ 8H 9H 7D 7C 5S 10H"), set("7H 2C")],
            vec![c("7S")],
            vec![c("4S"), c("3S")],
            Vec::new(),
            vec![false, false],
            0,
            Phase::Draw,
            None,
        );
        let actions = [
            MostAction::Take { index: 0 },
            MostAction::Meld {
                cards: [c("7C"), c("7D"), c("7S")].into(),
                jokers: JokerList::new(),
            },
            MostAction::Meld {
                cards: [c("8H"), c("9H")].into(),
                jokers: [JokerAs {
                    joker: c("BJ"),
                    stands_for: c("7H"),
                }]
                .into(),
            },
            MostAction::Discard { card: c("5S") },
            MostAction::Draw,
            MostAction::Swap {
                meld: 1,
                card: c("7H"),
            },
            MostAction::Discard { card: c("2C") },
            MostAction::Draw,
            MostAction::LayOff {
                meld: 1,
                card: c("10H"),
                stands_for: None,
            },
            MostAction::Discard { card: c("4S") },
        ];
        let names = ["Ann".to_string(), "Bob".to_string()];
        let log = Most::transcript(&initial, &actions, &names).unwrap();
        let expected = "\
Most, 2 players, one deal, uniform shuffle
Deal 1, dealer Bob, bridge 7S
  Ann: 5S 7C 7D 8H 9H 10H BJ
  Bob: 2C 7H
Ann: takes 7S from the bridge
Ann: melds 7C 7D 7S
Ann: melds BJ=7H 8H 9H
Ann: discards 5S
Bob: draws 3S
Bob: swaps 7H for BJ: Ann's run 7H 8H 9H
Bob: discards 2C
Ann: draws 4S
Ann: lays off 10H: Ann's run 7H 8H 9H 10H
Ann: discards 4S
Deal 1 over, Ann goes out: Ann +35 = 35, Bob -100 = -100
Match over, places: Ann 1 (35), Bob 2 (-100)
";
        assert_eq!(log, expected);
        assert_eq!(
            Most::transcript(&initial, &actions[1..], &names),
            None,
            "a log that does not apply"
        );
    }
}
