//! A plain-text log of a bridge match: each deal's hands and up-card, every decision with the
//! cards it moved, the cards sevens and eights made others take, and each deal's points.

use std::fmt::Write;

use super::{Bridge, BridgeAction};
use crate::game::Game;

/// The log of `actions` played from `initial`, players named by seat; `None` if an action does
/// not apply (the log is not of this game).
pub(super) fn write(
    initial: &Bridge,
    actions: &[BridgeAction],
    names: &[String],
) -> Option<String> {
    let name = |seat: usize| {
        names
            .get(seat)
            .cloned()
            .unwrap_or_else(|| format!("seat {seat}"))
    };
    let mut game = initial.clone();
    let mut out = String::new();
    let mut deal = 0;
    for action in actions {
        if game.deal != deal {
            deal = game.deal;
            deal_header(&mut out, &game, &name);
        }
        let seat = game.current;
        let before = game.hands[seat];
        let hands_before = game.hands;
        game.apply(action).ok()?;
        let text = match *action {
            BridgeAction::Play {
                card,
                suit: Some(suit),
            } => format!("plays {card}, orders {}", suit.letter()),
            BridgeAction::Play { card, .. } => format!("plays {card}"),
            BridgeAction::Draw => {
                let drawn: Vec<String> = (game.hands[seat] - before)
                    .iter()
                    .map(|c| c.to_string())
                    .collect();
                format!("draws {}", drawn.join(" "))
            }
            BridgeAction::EndTurn => "ends the turn".to_string(),
        };
        let _ = writeln!(out, "{}: {text}", name(seat));
        if *action == BridgeAction::EndTurn && game.deal == deal {
            for other in (0..game.players).filter(|&o| o != seat) {
                let taken = game.hands[other] - hands_before[other];
                if !taken.is_empty() {
                    let cards: Vec<String> = taken.iter().map(|c| c.to_string()).collect();
                    let _ = writeln!(out, "  {} takes {}", name(other), cards.join(" "));
                }
            }
        }
        if game.deal != deal || game.over {
            deal_footer(&mut out, &game, &name);
        }
    }
    if game.over {
        let outcome = game.outcome()?;
        let places: Vec<String> = outcome
            .seats
            .iter()
            .enumerate()
            .map(|(seat, r)| format!("{} {}", name(seat), r.rank))
            .collect();
        let _ = writeln!(out, "Places: {}", places.join(", "));
    }
    Some(out)
}

fn deal_header(out: &mut String, game: &Bridge, name: &impl Fn(usize) -> String) {
    let _ = writeln!(
        out,
        "Deal {}, dealer {}, up-card {}",
        game.deal,
        name(game.dealer),
        game.top()
    );
    for seat in 0..game.players {
        let hand: Vec<String> = game.hands[seat].iter().map(|c| c.to_string()).collect();
        let _ = writeln!(out, "  {}: {}", name(seat), hand.join(" "));
    }
}

fn deal_footer(out: &mut String, game: &Bridge, name: &impl Fn(usize) -> String) {
    let Some(points) = game.scores.last() else {
        return;
    };
    let scores: Vec<String> = (0..game.players)
        .map(|seat| format!("{} +{} = {}", name(seat), points[seat], game.totals[seat]))
        .collect();
    let _ = writeln!(out, "Deal over: {}", scores.join(", "));
}
