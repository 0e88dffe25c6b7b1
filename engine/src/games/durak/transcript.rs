//! The game log in the format of seed 000's reference program (`Deck random`, `Trump`, the hands,
//! then one block per turn), written by replaying a game's actions with an observer.

use std::fmt::Write;

use super::{Durak, DurakAction, Observer, STALL_LIMIT, sort_hand};
use crate::cards::{Card, CardSet, Rank};
use crate::game::Seat;
use crate::shuffle::ShuffleModel;

/// Writes the transcript of `actions` played from `initial`; stops at the first action the game
/// refuses.
pub(super) fn write(initial: &Durak, actions: &[DurakAction], names: &[String]) -> String {
    let mut log = Log {
        out: String::new(),
        names: (0..initial.players)
            .map(|s| names.get(s).cloned().unwrap_or_else(|| format!("Seat {s}")))
            .collect(),
    };
    match (initial.deck_number, initial.shuffle) {
        (Some(number), _) => writeln!(log.out, "Deck random: {number}"),
        (None, ShuffleModel::Uniform) => writeln!(log.out, "Deck seed: {}", initial.seed),
        (None, ShuffleModel::Riffle(r)) => {
            writeln!(log.out, "Deck seed: {}, {r}", initial.seed)
        }
    }
    .ok();
    writeln!(log.out, "Trump: {}", text(initial.trump)).ok();
    for seat in 0..initial.players {
        writeln!(log.out, "{}: {}", log.names[seat], hand_text(initial, seat)).ok();
    }
    log.out.push('\n');
    log.turn_started(initial);
    let mut game = initial.clone();
    for action in actions {
        if game.apply_observed(action, &mut log).is_err() {
            break;
        }
    }
    log.out
}

struct Log {
    out: String,
    names: Vec<String>,
}

impl Observer for Log {
    fn turn_started(&mut self, game: &Durak) {
        let (a, d) = (game.attacker, game.defender);
        writeln!(
            self.out,
            "{:02}: {}({}) vs {}({})",
            game.turn,
            self.names[a],
            hand_text(game, a),
            self.names[d],
            hand_text(game, d)
        )
        .ok();
    }

    fn attacked(&mut self, seat: Seat, card: Card) {
        writeln!(self.out, "    {} --> {}", self.names[seat], text(card)).ok();
    }

    fn beaten(&mut self, seat: Seat, card: Card) {
        writeln!(self.out, "    {} <-- {}", text(card), self.names[seat]).ok();
    }

    fn taken(&mut self, seat: Seat, cards: &[Card]) {
        for &card in cards {
            writeln!(self.out, "    {} <-- {}", self.names[seat], text(card)).ok();
        }
    }

    fn drew(&mut self, seat: Seat, card: Card) {
        writeln!(self.out, "    (deck) {} + {}", self.names[seat], text(card)).ok();
    }

    fn turn_ended(&mut self) {
        self.out.push('\n');
    }

    fn game_ended(&mut self, game: &Durak) {
        if game.stalled_turns() >= STALL_LIMIT {
            writeln!(self.out, "No progress in {STALL_LIMIT} turns").ok();
        }
        match game.fool() {
            Some(fool) => writeln!(self.out, "Fool: {}", self.names[fool]),
            None => writeln!(self.out, "Draw"),
        }
        .ok();
    }
}

fn hand_text(game: &Durak, seat: Seat) -> String {
    cards_text(game.hand(seat), game)
}

fn cards_text(cards: CardSet, game: &Durak) -> String {
    let texts: Vec<String> = sort_hand(cards, game.trump_suit)
        .into_iter()
        .map(text)
        .collect();
    texts.join(",")
}

/// A card as the reference log writes it: Russian rank letters (В, Д, К, Т) and suit symbols.
fn text(card: Card) -> String {
    let rank = match card.rank() {
        Some(Rank::Jack) => "В",
        Some(Rank::Queen) => "Д",
        Some(Rank::King) => "К",
        Some(Rank::Ace) => "Т",
        Some(rank) => rank.text(),
        None => "?",
    };
    let suit = card.suit().map_or('?', |s| s.symbol());
    format!("{rank}{suit}")
}
