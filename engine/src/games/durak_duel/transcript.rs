//! A plain-text log of a durak-duel game (seed 002 gives no log format), written by replaying its
//! actions: the trump card and the hands as dealt, who opens, then each round with both hands at
//! its start, every decision, the take or the discard, the draws, and the result.

use std::fmt::Write;

use super::describe::{list, words};
use super::{DurakDuel, DurakDuelAction, Phase, STALL_LIMIT};
use crate::cards::{Card, CardSet};
use crate::game::Game;

/// The log of `actions` played from `initial`, players named by seat; it stops at the first
/// action the game refuses.
pub(super) fn write(initial: &DurakDuel, actions: &[DurakDuelAction], names: &[String]) -> String {
    let names: Vec<String> = (0..2)
        .map(|s| names.get(s).cloned().unwrap_or_else(|| format!("Seat {s}")))
        .collect();
    let mut out = String::new();
    let _ = writeln!(out, "Durak duel");
    let _ = writeln!(
        out,
        "Trump: {}, the bottom card of the deck",
        initial.trump()
    );
    for (seat, name) in names.iter().enumerate() {
        let _ = writeln!(out, "{name}: {}", cards(initial.hand(seat)));
    }
    let opener = initial.starter();
    let trumps = CardSet::of_suit(initial.trump_suit());
    let lowest = (initial.hand(0) | initial.hand(1)) & trumps;
    let _ = match lowest.lowest() {
        Some(low) if initial.hand(opener).contains(low) => writeln!(
            out,
            "{} holds the lowest trump, {low}, and opens",
            names[opener]
        ),
        Some(_) => writeln!(out, "{} opens", names[opener]),
        None => writeln!(out, "Neither holds a trump: {} opens", names[opener]),
    };
    round_header(&mut out, initial, &names);
    let mut game = initial.clone();
    for action in actions {
        let before = game.clone();
        if game.apply(action).is_err() {
            break;
        }
        let _ = writeln!(out, "  {}", said(&before, action, &names));
        if game.round() != before.round() || game.phase() == Phase::Over {
            round_end(&mut out, &before, action, &game, &names);
            if game.phase() == Phase::Over {
                ending(&mut out, &game, &names);
            } else {
                round_header(&mut out, &game, &names);
            }
        }
    }
    out
}

/// A round's first line: who attacks whom, both hands and the deck's size.
fn round_header(out: &mut String, game: &DurakDuel, names: &[String]) {
    let (a, d) = (game.attacker(), game.defender());
    let _ = writeln!(
        out,
        "Round {}: {} ({}) attacks {} ({}), deck {}",
        game.round(),
        names[a],
        cards(game.hand(a)),
        names[d],
        cards(game.hand(d)),
        game.deck().len()
    );
}

/// One decision in words, as `before` was when it was taken.
fn said(before: &DurakDuel, action: &DurakDuelAction, names: &[String]) -> String {
    let seat = before.to_act().map_or("?", |s| names[s].as_str());
    let words = words(before, action);
    match action {
        DurakDuelAction::Counterattack { .. } => {
            format!("{seat} {words}: {} defends now", names[before.attacker()])
        }
        _ => format!("{seat} {words}"),
    }
}

/// What ended the round: the take or the discard, then each seat's draws in order.
fn round_end(
    out: &mut String,
    before: &DurakDuel,
    action: &DurakDuelAction,
    after: &DurakDuel,
    names: &[String],
) {
    let mut table = before.table_cards();
    match action {
        DurakDuelAction::PileOn { cards } => table |= cards.iter().copied().collect::<CardSet>(),
        DurakDuelAction::Defend { card, .. } => {
            table.insert(*card);
        }
        _ => {}
    }
    let _ = if before.phase() == Phase::PileOn {
        writeln!(out, "  {} takes {}", names[before.defender()], cards(table))
    } else {
        writeln!(out, "  Discarded: {}", cards(table))
    };
    let drawn = &before.deck()[..before.deck().len() - after.deck().len()];
    for seat in [before.starter(), 1 - before.starter()] {
        let got: Vec<Card> = drawn
            .iter()
            .copied()
            .filter(|&c| after.hand(seat).contains(c))
            .collect();
        if !got.is_empty() {
            let _ = writeln!(out, "  {} draws {}", names[seat], list(&got));
        }
    }
}

/// The result line (and why, when the game stopped for want of progress).
fn ending(out: &mut String, game: &DurakDuel, names: &[String]) {
    if game.stalled_rounds() >= STALL_LIMIT {
        let _ = writeln!(
            out,
            "No progress in {STALL_LIMIT} rounds: the fewer cards win"
        );
    }
    let _ = match game.winner() {
        Some(winner) if game.hand(winner).is_empty() => {
            writeln!(out, "Winner: {}, out of cards", names[winner])
        }
        Some(winner) => writeln!(out, "Winner: {}", names[winner]),
        None => writeln!(out, "Draw"),
    };
}

/// Cards ascending, space-separated; `-` for none.
fn cards(set: CardSet) -> String {
    list(&set.iter().collect::<Vec<Card>>())
}
