//! A plain-text log of a prsi game (seed 003 gives no log format), written by replaying its
//! actions: the hands as dealt and the first top card, then each turn by seat name (the cards
//! played, an over's suit, what is left pending, the cards drawn, reshuffles, who goes out) and
//! the places.

use std::fmt::Write;

use super::{GREEN_UNDER, MAX_TURNS, Prsi, PrsiAction};
use crate::cards::{Card, Rank};
use crate::game::Game;
use crate::shuffle::ShuffleModel;

/// The log of `actions` played from `initial`, players named by seat; it stops at the first
/// action the game refuses.
pub(super) fn write(initial: &Prsi, actions: &[PrsiAction], names: &[String]) -> String {
    let players = initial.players();
    let names: Vec<String> = (0..players)
        .map(|s| names.get(s).cloned().unwrap_or_else(|| format!("Seat {s}")))
        .collect();
    let shuffle = match initial.shuffle {
        ShuffleModel::Uniform => String::new(),
        ShuffleModel::Riffle(riffle) => format!(", {riffle}"),
    };
    let mut out = String::new();
    let _ = writeln!(
        out,
        "Prsi, {players} players, {} cards a seven, deck seed {}{shuffle}",
        initial.seven_draw, initial.seed
    );
    for (seat, name) in names.iter().enumerate() {
        let _ = writeln!(out, "{name}: {}", list(initial.hand(seat).iter()));
    }
    let _ = writeln!(out, "Top card: {}", initial.top());
    let mut game = initial.clone();
    for action in actions {
        let before = game.clone();
        if game.apply(action).is_err() {
            break;
        }
        turn(&mut out, &before, action, &game, &names);
    }
    if game.over {
        result(&mut out, &game, &names);
    }
    out
}

/// One turn's line (and a reshuffle's, before it).
fn turn(out: &mut String, before: &Prsi, action: &PrsiAction, after: &Prsi, names: &[String]) {
    let seat = before.turn;
    let name = &names[seat];
    if after.reshuffles > before.reshuffles {
        let _ = writeln!(
            out,
            "  The pile but its top card is shuffled into a new deck"
        );
    }
    let mut line = format!("Turn {}: {name} ", before.turns + 1);
    match action {
        PrsiAction::Stand => line.push_str("stands"),
        PrsiAction::Draw => {
            let drawn = after
                .hand(seat)
                .iter()
                .filter(|&c| !before.hand(seat).contains(c));
            let drawn = list(drawn);
            if drawn == "-" {
                line.push_str("draws nothing: no card is left");
            } else {
                let _ = write!(line, "draws {drawn}");
            }
        }
        PrsiAction::Play { cards, suit } => {
            let _ = write!(line, "plays {}", list(cards.iter().copied()));
            if let Some(suit) = suit {
                let _ = write!(line, " and asks for {}", suit.letter());
            }
            let last = cards[cards.len() - 1];
            if last == GREEN_UNDER && before.sevens > 0 {
                line.push_str(", cancelling the draw");
            }
            match last.rank() {
                Some(Rank::Seven) => {
                    let _ = write!(line, ", {} to draw", after.sevens);
                }
                Some(Rank::Ace) => {
                    let _ = write!(line, ", {} to stand", after.aces);
                }
                _ => {}
            }
            if after.out.len() > before.out.len() && after.out[before.out.len()] == seat {
                let _ = write!(line, "; out in place {}", before.out.len() + 1);
            }
        }
    }
    let _ = writeln!(out, "{line}");
}

/// The places at the end (and why, when the turn limit ended the game).
fn result(out: &mut String, game: &Prsi, names: &[String]) {
    if game.turns >= MAX_TURNS && game.out.len() < game.players() {
        let _ = writeln!(
            out,
            "Turn limit: {MAX_TURNS} turns; the players still in are placed by hand size"
        );
    }
    let Some(outcome) = game.outcome() else {
        return;
    };
    let mut seats: Vec<usize> = (0..game.players()).collect();
    seats.sort_by_key(|&s| (outcome.seats[s].rank, s));
    let places: Vec<String> = seats
        .iter()
        .map(|&s| format!("{} {}", outcome.seats[s].rank, names[s]))
        .collect();
    let _ = writeln!(out, "Result: {}", places.join(", "));
}

/// Cards in the order given, space-separated; `-` for none.
pub(super) fn list(cards: impl Iterator<Item = Card>) -> String {
    let texts: Vec<String> = cards.map(|c| c.to_string()).collect();
    if texts.is_empty() {
        "-".into()
    } else {
        texts.join(" ")
    }
}
