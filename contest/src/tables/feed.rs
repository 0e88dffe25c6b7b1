//! The table's observer of its match: after each move it draws every person seat's table, lists
//! the move in words, and, when a person seat acts next, reads that seat's choices (each legal
//! action in words read from the action alone, never from cards the seat may not see, and as a
//! bot would send it, with the cards of the seat's hand it plays).

use std::sync::Arc;

use cardarena_bots::{BotFault, Observer, Step};
use cardarena_engine::describe::json_words;
use cardarena_engine::table::cards_in_json;
use cardarena_engine::{Eye, Game, Phrase, Seat};
use serde_json::{Value, json};

use super::state::{Move, TableState};

/// Feeds a table's state from its match.
pub struct TableFeed<G: Game> {
    table: Arc<TableState>,
    persons: Vec<bool>,
    /// The move being played, read against the game before it: (words, hidden words).
    words: Option<(Vec<Phrase>, Option<Vec<Phrase>>)>,
    legal: Vec<G::Action>,
}

impl<G: Game> TableFeed<G> {
    /// The feed of `table`, whose person seats are those `persons` marks.
    pub fn new(table: Arc<TableState>, persons: Vec<bool>) -> TableFeed<G> {
        TableFeed {
            table,
            persons,
            words: None,
            legal: Vec::new(),
        }
    }

    /// Each person seat's table, `Value::Null` for the others.
    pub fn tables(game: &G, persons: &[bool]) -> Vec<Value> {
        persons
            .iter()
            .enumerate()
            .map(|(seat, &person)| match person {
                true => serde_json::to_value(game.table(Eye::Seat(seat))).unwrap_or_default(),
                false => Value::Null,
            })
            .collect()
    }

    /// The choices of decision `decision` of `game`, if a person seat takes it.
    fn choices(&mut self, game: &G, decision: u32) -> Option<(u32, Vec<Value>)> {
        let seat = game.to_act().filter(|&s| self.persons[s])?;
        let hand: Vec<String> = game
            .table(Eye::Seat(seat))
            .hands
            .get(seat)
            .map(|pile| pile.cards.iter().map(ToString::to_string).collect())
            .unwrap_or_default();
        game.legal_actions_into(&mut self.legal);
        let choices = self
            .legal
            .iter()
            .enumerate()
            .map(|(index, action)| {
                let json = serde_json::to_value(action).unwrap_or_default();
                let mut cards: Vec<String> = cards_in_json(&json)
                    .iter()
                    .map(ToString::to_string)
                    .filter(|card| hand.contains(card))
                    .collect();
                cards.dedup();
                // Words from the action alone: the game's own words are read against the whole
                // game and may tell what the seat may not see yet ("takes 4 cards", "seat 0 has
                // nothing to add").
                let words = json_words(&json);
                json!({"index": index, "words": words, "action": json, "cards": cards})
            })
            .collect();
        Some((decision, choices))
    }

    /// Shows the dealt game: the tables and the first choices.
    pub fn dealt(&mut self, game: &G) {
        let choices = self.choices(game, 1);
        let tables = Self::tables(game, &self.persons);
        self.table.moved(game.to_act(), tables, choices, None);
    }
}

impl<G: Game> Observer<G> for TableFeed<G> {
    fn before(&mut self, game: &G, action: &G::Action) {
        self.words = Some((game.describe(action), game.hidden(action)));
    }

    fn action(
        &mut self,
        game: &G,
        decision: u32,
        seat: Seat,
        _action: &G::Action,
        step: Step,
        _say: Option<&str>,
    ) {
        let (phrases, hidden) = self.words.take().unwrap_or_default();
        let played = Move {
            step: decision,
            seat,
            phrases,
            hidden,
            by: step.by,
        };
        let choices = self.choices(game, decision + 1);
        let tables = Self::tables(game, &self.persons);
        self.table
            .moved(game.to_act(), tables, choices, Some(played));
    }

    fn fault(&mut self, _decision: u32, seat: Seat, fault: &BotFault) {
        self.table
            .replaced(seat, fault.kind.as_str(), &fault.detail);
    }
}
