//! A durak action in words for spectators ([`Game::describe`](crate::Game::describe)), read
//! against the game before it: "attacks with 7H", "adds 7D", "beats 7H with 9H", "takes 3
//! cards", "done"; then what the engine plays by itself because of it (a take when nothing
//! beats, a lead from a one-card hand, the end of a turn nothing can continue, the refill, who
//! goes out, the result), told from playing the action on a copy: "attacks with JD; seat 1
//! cannot beat it and takes 4 cards; seat 0 draws 2 cards".

use super::{Durak, DurakAction, Observer, Phase};
use crate::cards::Card;
use crate::game::Seat;

/// `action` and what the engine then plays by itself, in a few plain words, as `game` stands
/// before it. Names only cards that lie face up on the table (a card drawn is only counted).
pub(super) fn describe(game: &Durak, action: &DurakAction) -> String {
    let own = decision(game, action);
    let mut story = Story {
        events: Vec::new(),
        forced: false,
    };
    let mut copy = game.clone();
    if copy.apply_observed(action, &mut story).is_err() {
        return own;
    }
    let mut words = vec![own];
    words.extend(story.words(game, action));
    if let Some(result) = super::table::result(&copy) {
        let mut text = result.text;
        text[..1].make_ascii_lowercase();
        words.push(format!("the game is over: {text}"));
    }
    words.join("; ")
}

/// The decision itself in words.
fn decision(game: &Durak, action: &DurakAction) -> String {
    match *action {
        DurakAction::Attack { card } if game.phase == Phase::Continue => format!("adds {card}"),
        DurakAction::Attack { card } => format!("attacks with {card}"),
        DurakAction::Beat { card } => match game.pending_attack() {
            Some(attack) => format!("beats {attack} with {card}"),
            None => format!("beats with {card}"),
        },
        DurakAction::Take => match taken(game) {
            1 => "takes 1 card".into(),
            n => format!("takes {n} cards"),
        },
        DurakAction::Done => "done".into(),
    }
}

/// How many cards the defender takes: the table, and what the attacker then throws in (the engine
/// plays those for it), counted by playing the take on a copy.
fn taken(game: &Durak) -> usize {
    let mut count = Count(None);
    let mut copy = game.clone();
    match copy.apply_observed(&DurakAction::Take, &mut count) {
        Ok(()) => count.0.unwrap_or(0),
        Err(_) => game.played().len(),
    }
}

/// One thing that happened while an action was applied, and whether the engine played it by
/// itself (after the decision).
#[derive(Debug, Clone)]
enum Event {
    Attacked(Seat, Card, bool),
    Beaten,
    Taken(Seat, usize, bool),
    Drew(Seat),
    TurnEnded(bool),
    Out(Vec<Seat>),
}

/// Records what happens while an action is applied.
struct Story {
    events: Vec<Event>,
    forced: bool,
}

impl Observer for Story {
    fn attacked(&mut self, seat: Seat, card: Card) {
        self.events.push(Event::Attacked(seat, card, self.forced));
    }
    fn beaten(&mut self, _seat: Seat, _card: Card) {
        self.events.push(Event::Beaten);
    }
    fn taken(&mut self, seat: Seat, cards: &[Card]) {
        self.events
            .push(Event::Taken(seat, cards.len(), self.forced));
    }
    fn drew(&mut self, seat: Seat, _card: Card) {
        self.events.push(Event::Drew(seat));
    }
    fn turn_ended(&mut self) {
        self.events.push(Event::TurnEnded(self.forced));
    }
    fn turn_started(&mut self, game: &Durak) {
        self.out(game);
    }
    fn game_ended(&mut self, game: &Durak) {
        self.out(game);
    }
    fn forced(&mut self) {
        self.forced = true;
    }
}

impl Story {
    /// Notes the seats that have gone out by now (compared with the game before, in `words`).
    fn out(&mut self, game: &Durak) {
        let out = (0..game.players).filter(|&s| !game.in_game[s]).collect();
        self.events.push(Event::Out(out));
    }

    /// What happened besides the decision `action` itself, in words, `before` being the game
    /// before it.
    fn words(&self, before: &Durak, action: &DurakAction) -> Vec<String> {
        let mut words = Vec::new();
        let mut on_table = before.played().len();
        let mut thrown: Vec<Card> = Vec::new();
        let mut draws: Vec<(Seat, usize)> = Vec::new();
        let mut out_before: Vec<Seat> = (0..before.players)
            .filter(|&s| !before.in_game[s])
            .collect();
        let mut skip_own = matches!(action, DurakAction::Attack { .. });
        let flush_draws = |draws: &mut Vec<(Seat, usize)>, words: &mut Vec<String>| {
            if draws.is_empty() {
                return;
            }
            let each: Vec<String> = draws
                .drain(..)
                .map(|(s, n)| format!("seat {s} draws {}", crate::verdict::cards(n)))
                .collect();
            words.push(each.join(", "));
        };
        let mut attacker = before.attacker;
        for event in &self.events {
            match *event {
                Event::Attacked(_, _, false) if skip_own => {
                    skip_own = false;
                    on_table += 1;
                }
                Event::Attacked(seat, card, forced) => {
                    if on_table == 0 && forced {
                        words.push(format!("seat {seat} attacks with its last card, {card}"));
                    } else {
                        thrown.push(card);
                    }
                    attacker = seat;
                    on_table += 1;
                }
                Event::Taken(seat, n, forced) => {
                    let mut told = match forced {
                        true => format!(
                            "seat {seat} cannot beat it and takes {}",
                            crate::verdict::cards(n)
                        ),
                        false => String::new(),
                    };
                    if !thrown.is_empty() {
                        let list: Vec<String> = thrown.iter().map(Card::to_string).collect();
                        let gave = format!("seat {attacker} throws in {}", list.join(" "));
                        told = match told.is_empty() {
                            true => gave,
                            false => format!("{told} ({gave})"),
                        };
                        thrown.clear();
                    }
                    if !told.is_empty() {
                        words.push(told);
                    }
                    on_table = 0;
                }
                Event::Beaten => on_table += 1,
                Event::Drew(seat) => match draws.last_mut() {
                    Some((last, n)) if *last == seat => *n += 1,
                    _ => draws.push((seat, 1)),
                },
                Event::TurnEnded(forced) => {
                    if on_table > 0 {
                        let beaten = format!(
                            "{} beaten off",
                            match on_table {
                                1 => "1 card is".to_string(),
                                n => format!("{n} cards are"),
                            }
                        );
                        words.push(match forced {
                            true => format!("seat {attacker} has nothing to add: {beaten}"),
                            false => beaten,
                        });
                    }
                    on_table = 0;
                    flush_draws(&mut draws, &mut words);
                }
                Event::Out(ref out) => {
                    let new: Vec<Seat> = out
                        .iter()
                        .copied()
                        .filter(|s| !out_before.contains(s))
                        .collect();
                    if !new.is_empty() {
                        let verb = if new.len() == 1 { "is" } else { "are" };
                        words.push(format!("{} {verb} out", crate::verdict::seats(&new)));
                    }
                    out_before = out.clone();
                }
            }
        }
        flush_draws(&mut draws, &mut words);
        words
    }
}

/// Keeps the size of the first take it sees.
struct Count(Option<usize>);

impl Observer for Count {
    fn taken(&mut self, _seat: Seat, cards: &[Card]) {
        self.0.get_or_insert(cards.len());
    }
}

#[cfg(test)]
mod tests {
    use super::super::tests::{attack, beat, play, position};
    use super::*;
    use crate::Game;

    #[test]
    fn a_turn_in_words() {
        let mut game = position("6S", &["7H 7D 10C", "9H 8C KD"], "", 0, 1);
        assert_eq!(game.describe(&attack("7H")), "attacks with 7H");
        play(&mut game, &[attack("7H")]);
        assert_eq!(game.describe(&beat("9H")), "beats 7H with 9H");
        // The attacker throws in 7D when the defender takes: two cards. Its last card, 10C,
        // then leads by itself, nothing beats it, and seat 0 is out.
        assert_eq!(
            game.describe(&DurakAction::Take),
            "takes 2 cards; seat 0 throws in 7D; seat 0 attacks with its last card, 10C; \
             seat 1 cannot beat it and takes 1 card; seat 0 is out; \
             the game is over: seat 1 is the fool, the last player holding cards (6)."
        );
        play(&mut game, &[beat("9H")]);
        assert_eq!(game.describe(&attack("7D")), "adds 7D");
        assert_eq!(
            game.describe(&DurakAction::Done),
            "done; 2 cards are beaten off"
        );
    }

    #[test]
    fn a_lone_card_taken_is_one_card() {
        let mut game = position("6S", &["7H 10C", "9H 8C KD"], "", 0, 1);
        play(&mut game, &[attack("7H")]);
        assert!(
            game.describe(&DurakAction::Take)
                .starts_with("takes 1 card; ")
        );
    }

    #[test]
    fn an_attack_nothing_beats_is_told_with_the_take() {
        // Seat 1 holds nothing that beats JD (no higher diamond, no trump): the engine takes.
        let game = position("6S", &["JD 7C 8C", "9H 8H 7H"], "", 0, 1);
        let words = game.describe(&attack("JD"));
        assert_eq!(
            words,
            "attacks with JD; seat 1 cannot beat it and takes 1 card"
        );
    }

    #[test]
    fn a_turn_nothing_can_continue_ends_in_words() {
        let mut game = position("6S", &["7H 10C", "9H 8C KD"], "", 0, 1);
        play(&mut game, &[attack("7H")]);
        assert_eq!(
            game.describe(&beat("9H")),
            "beats 7H with 9H; seat 0 has nothing to add: 2 cards are beaten off"
        );
    }
}
