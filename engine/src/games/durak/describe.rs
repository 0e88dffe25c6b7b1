//! A durak action in words for spectators ([`Game::describe`](crate::Game::describe)), read
//! against the game before it: "attacks with 7♥", "adds 7♦", "beats 7♥ with 9♥", "takes 3
//! cards", "is done"; then what the engine plays by itself because of it (a take when nothing
//! beats, a lead from a one-card hand, the end of a turn nothing can continue, the refill, who
//! goes out, the result), told from playing the action on a copy: "seat 0 attacks with J♦; seat
//! 1 cannot beat it and takes 4 cards; seat 0 draws 2 cards".

use super::{Durak, DurakAction, Observer, Phase};
use crate::cards::Card;
use crate::game::Seat;
use crate::phrase::{Arg, Phrase};

/// `action` and what the engine then plays by itself, as phrases, as `game` stands before it.
/// Names only cards that lie face up on the table (a card drawn is only counted).
pub(super) fn describe(game: &Durak, action: &DurakAction) -> Vec<Phrase> {
    let own = decision(game, action);
    let mut story = Story {
        events: Vec::new(),
        forced: false,
    };
    let mut copy = game.clone();
    if copy.apply_observed(action, &mut story).is_err() {
        return vec![own];
    }
    let mut words = vec![own];
    words.extend(story.words(game, action));
    if let Some(result) = super::table::result(&copy) {
        words.extend(crate::describe::game_over(result.text));
    }
    words
}

/// The decision itself.
fn decision(game: &Durak, action: &DurakAction) -> Phrase {
    let actor = crate::Game::to_act(game).unwrap_or_default();
    let phrase = match *action {
        DurakAction::Attack { card } if game.phase == Phase::Continue => {
            Phrase::new("durak-adds").card("card", card)
        }
        DurakAction::Attack { card } => Phrase::new("durak-attacks").card("card", card),
        DurakAction::Beat { card } => match game.pending_attack() {
            Some(attack) => Phrase::new("durak-beats")
                .card("attack", attack)
                .card("card", card),
            None => Phrase::new("durak-beats-with").card("card", card),
        },
        DurakAction::Take => Phrase::new("durak-takes").count("count", taken(game)),
        DurakAction::Done => Phrase::new("durak-done"),
    };
    phrase.seat("actor", actor)
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

    /// What happened besides the decision `action` itself, `before` being the game before it.
    fn words(&self, before: &Durak, action: &DurakAction) -> Vec<Phrase> {
        let mut words = Vec::new();
        let mut on_table = before.played().len();
        let mut thrown: Vec<Card> = Vec::new();
        let mut draws: Vec<(Seat, usize)> = Vec::new();
        let mut out_before: Vec<Seat> = (0..before.players)
            .filter(|&s| !before.in_game[s])
            .collect();
        let mut skip_own = matches!(action, DurakAction::Attack { .. });
        let flush_draws = |draws: &mut Vec<(Seat, usize)>, words: &mut Vec<Phrase>| {
            words.extend(
                draws
                    .drain(..)
                    .map(|(s, n)| Phrase::new("draws-cards").seat("seat", s).count("count", n)),
            );
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
                        words.push(
                            Phrase::new("durak-last-card")
                                .seat("seat", seat)
                                .card("card", card),
                        );
                    } else {
                        thrown.push(card);
                    }
                    attacker = seat;
                    on_table += 1;
                }
                Event::Taken(seat, n, forced) => {
                    let gave = (!thrown.is_empty()).then(|| std::mem::take(&mut thrown));
                    let told = match (forced, gave) {
                        (true, Some(cards)) => Some(
                            Phrase::new("durak-cannot-beat-thrown")
                                .seat("thrower", attacker)
                                .cards("cards", cards),
                        ),
                        (true, None) => Some(Phrase::new("durak-cannot-beat")),
                        (false, Some(cards)) => Some(
                            Phrase::new("durak-throws-in")
                                .seat("seat", attacker)
                                .cards("cards", cards),
                        ),
                        (false, None) => None,
                    };
                    words.extend(told.map(|phrase| match forced {
                        true => phrase.seat("seat", seat).count("count", n),
                        false => phrase,
                    }));
                    on_table = 0;
                }
                Event::Beaten => on_table += 1,
                Event::Drew(seat) => match draws.last_mut() {
                    Some((last, n)) if *last == seat => *n += 1,
                    _ => draws.push((seat, 1)),
                },
                Event::TurnEnded(forced) => {
                    if on_table > 0 {
                        words.push(
                            match forced {
                                true => Phrase::new("durak-nothing-to-add").seat("seat", attacker),
                                false => Phrase::new("durak-beaten-off"),
                            }
                            .count("count", on_table),
                        );
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
                        words.push(Phrase::new("durak-out").arg("seats", Arg::Seats(new)));
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
    use crate::phrase::english::{Names, words};

    /// `action` of `game` in English, the seats numbered.
    fn say(game: &Durak, action: &DurakAction) -> String {
        words(&game.describe(action), &Names::numbered())
    }

    #[test]
    fn a_turn_in_phrases() {
        let game = position("6S", &["7H 7D 10C", "9H 8C KD"], "", 0, 1);
        assert_eq!(
            game.describe(&attack("7H")),
            [Phrase::new("durak-attacks")
                .seat("actor", 0)
                .card("card", "7H".parse().unwrap())]
        );
    }

    #[test]
    fn a_turn_in_words() {
        let mut game = position("6S", &["7H 7D 10C", "9H 8C KD"], "", 0, 1);
        assert_eq!(say(&game, &attack("7H")), "Seat 0 attacks with 7♥");
        play(&mut game, &[attack("7H")]);
        assert_eq!(say(&game, &beat("9H")), "Seat 1 beats 7♥ with 9♥");
        // The attacker throws in 7D when the defender takes: two cards. Its last card, 10C,
        // then leads by itself, nothing beats it, and seat 0 is out.
        assert_eq!(
            say(&game, &DurakAction::Take),
            "Seat 1 takes 2 cards; seat 0 throws in 7♦; seat 0 attacks with its last card, 10♣; \
             seat 1 cannot beat it and takes 1 card; seat 0 is out; \
             the game is over: seat 1 is the fool, the last player holding cards (6)"
        );
        let names = ["ann".to_string(), "bob".to_string()];
        assert_eq!(
            words(
                &game.describe(&DurakAction::Take),
                &Names::new(&names, Some(1))
            ),
            "You take 2 cards; ann throws in 7♦; ann attacks with its last card, 10♣; \
             you cannot beat it and take 1 card; ann is out; \
             the game is over: you are the fool, the last player holding cards (6)"
        );
        play(&mut game, &[beat("9H")]);
        assert_eq!(say(&game, &attack("7D")), "Seat 0 adds 7♦");
        assert_eq!(
            say(&game, &DurakAction::Done),
            "Seat 0 is done; 2 cards are beaten off"
        );
    }

    #[test]
    fn a_lone_card_taken_is_one_card() {
        let mut game = position("6S", &["7H 10C", "9H 8C KD"], "", 0, 1);
        play(&mut game, &[attack("7H")]);
        assert!(say(&game, &DurakAction::Take).starts_with("Seat 1 takes 1 card; "));
    }

    #[test]
    fn an_attack_nothing_beats_is_told_with_the_take() {
        // Seat 1 holds nothing that beats JD (no higher diamond, no trump): the engine takes.
        let game = position("6S", &["JD 7C 8C", "9H 8H 7H"], "", 0, 1);
        assert_eq!(
            say(&game, &attack("JD")),
            "Seat 0 attacks with J♦; seat 1 cannot beat it and takes 1 card"
        );
    }

    #[test]
    fn a_turn_nothing_can_continue_ends_in_words() {
        let mut game = position("6S", &["7H 10C", "9H 8C KD"], "", 0, 1);
        play(&mut game, &[attack("7H")]);
        assert_eq!(
            say(&game, &beat("9H")),
            "Seat 1 beats 7♥ with 9♥; seat 0 has nothing to add: 2 cards are beaten off"
        );
    }
}
