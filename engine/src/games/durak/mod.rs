//! `durak`: the 2–4 player Durak of seed 000, played exactly as its reference program plays it.
//!
//! Every decision the seed's fixed strategy takes (which card to lead, whether to continue and with
//! what, which card to beat with, whether to take) is an action a bot chooses; the strategy itself is
//! the house bot `reference`. Decisions with one possible answer are played by the engine. The rules
//! and every decision on the seed's gaps are in RULES.md beside this file.

mod describe;
mod determinize;
mod encode;
mod ending;
mod order;
mod table;
mod transcript;
mod turns;
mod view;

#[cfg(test)]
mod ending_tests;
#[cfg(test)]
mod table_tests;
#[cfg(test)]
mod tests;

use schemars::JsonSchema;
use serde::{Deserialize, Serialize};

pub use ending::STALL_LIMIT;
pub use order::{seed_order, sort_hand};
pub use table::DurakLayout;
pub use view::{DurakView, TablePair};

use crate::cards::{Card, CardSet, Rank, Suit, pack};
use crate::game::{Game, Outcome, PlayerCount, RuleError, Seat, SetupError};
use crate::relabel;
use crate::shuffle::{self, RiffleShuffle, ShuffleModel};
use ending::Ending;

/// The cards each player is dealt and refills to.
pub const HAND_SIZE: usize = 6;
/// Cards in the pack: six to ace in four suits.
pub const PACK_SIZE: usize = 36;
const MAX_PLAYERS: usize = 4;

/// Options of a durak game.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(default, deny_unknown_fields)]
// A deck number and a riffle shuffle are refused together (see `Durak::new`).
#[schemars(extend("not" = {
    "required": ["deck_number", "shuffle"],
    "properties": {
        "deck_number": {"type": "integer"},
        "shuffle": {"properties": {"kind": {"const": "riffle"}}},
    },
}))]
pub struct DurakOptions {
    /// Seed 000's "random number": when set, the deck is ordered from it by the seed's 1000-step
    /// rule and the match seed is not used for the deal.
    pub deck_number: Option<u64>,
    /// How the match seed shuffles the deck: uniformly (the default), or by a dealer's riffles, a
    /// cut and a deal in packets from the pack in seed order (see RULES.md). A riffle shuffle and
    /// `deck_number` are two ways to order the deck; a match takes one.
    pub shuffle: ShuffleModel,
}

/// One decision in durak.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[schemars(deny_unknown_fields)]
#[serde(tag = "kind", rename_all = "snake_case")]
pub enum DurakAction {
    /// The attacker puts a card on the table: to lead the turn, or to continue it with a rank
    /// already on the table.
    Attack {
        /// The card played.
        card: Card,
    },
    /// The defender beats the unbeaten card on the table with this card.
    Beat {
        /// The card played.
        card: Card,
    },
    /// The defender takes every card of the turn.
    Take,
    /// The attacker ends the turn: every card on the table was beaten.
    Done,
}

/// Where the current turn stands.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(rename_all = "snake_case")]
pub enum Phase {
    /// The attacker leads the first card of the turn.
    Lead,
    /// The defender beats the unbeaten card or takes.
    Defend,
    /// Every card is beaten; the attacker continues with a rank on the table or ends the turn.
    Continue,
    /// The game is over.
    Over,
}

/// A durak game in progress: the whole state, hidden cards included.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Durak {
    seed: u64,
    deck_number: Option<u64>,
    shuffle: ShuffleModel,
    players: usize,
    /// The deck, drawn from the front: `deck[drawn..]` is what is left; the trump card is last.
    deck: [Card; PACK_SIZE],
    deck_len: u8,
    drawn: u8,
    trump: Card,
    trump_suit: Suit,
    hands: [CardSet; MAX_PLAYERS],
    in_game: [bool; MAX_PLAYERS],
    attacker: Seat,
    defender: Seat,
    /// This turn's cards in the order played: attack, beat, attack, beat…
    table: [Card; PACK_SIZE],
    table_len: u8,
    /// Every card whose rank is on the table this turn.
    table_ranks: CardSet,
    discard: CardSet,
    phase: Phase,
    turn: u32,
    /// Turns in a row, with the deck empty, in which nothing left play (rule 19).
    stalled: u32,
    ending: Option<Ending>,
}

/// Receives what happens in a game, for transcripts; every method does nothing by default, so the
/// plain game pays nothing for it.
pub(crate) trait Observer {
    fn turn_started(&mut self, _game: &Durak) {}
    fn attacked(&mut self, _seat: Seat, _card: Card) {}
    fn beaten(&mut self, _seat: Seat, _card: Card) {}
    fn taken(&mut self, _seat: Seat, _cards: &[Card]) {}
    fn drew(&mut self, _seat: Seat, _card: Card) {}
    fn turn_ended(&mut self) {}
    fn game_ended(&mut self, _game: &Durak) {}
    /// The decision is applied: what follows, the engine plays by itself.
    fn forced(&mut self) {}
}

impl Observer for () {}

impl Durak {
    /// The trump card, turned up after the deal and put at the bottom of the deck.
    pub fn trump(&self) -> Card {
        self.trump
    }

    /// The trump suit.
    pub fn trump_suit(&self) -> Suit {
        self.trump_suit
    }

    /// The cards in `seat`'s hand.
    pub fn hand(&self, seat: Seat) -> CardSet {
        self.hands.get(seat).copied().unwrap_or_default()
    }

    /// The cards still in the deck, in the order they will be drawn.
    pub fn deck(&self) -> &[Card] {
        &self.deck[self.drawn as usize..self.deck_len as usize]
    }

    /// This turn's cards in the order played (attack, beat, attack, beat…).
    pub fn played(&self) -> &[Card] {
        &self.table[..self.table_len as usize]
    }

    /// The cards beaten in earlier turns and put aside.
    pub fn discard(&self) -> CardSet {
        self.discard
    }

    /// The seat attacking this turn.
    pub fn attacker(&self) -> Seat {
        self.attacker
    }

    /// The seat defending this turn.
    pub fn defender(&self) -> Seat {
        self.defender
    }

    /// Where the turn stands.
    pub fn phase(&self) -> Phase {
        self.phase
    }

    /// The number of the current turn, from 1.
    pub fn turn(&self) -> u32 {
        self.turn
    }

    /// Turns in a row, ending with the one before this, played with the deck empty in which
    /// nothing left play (no card discarded, nobody out); at [`STALL_LIMIT`] the game ends.
    pub fn stalled_turns(&self) -> u32 {
        self.stalled
    }

    /// Whether `seat` still plays (has cards, or may still draw).
    pub fn in_game(&self, seat: Seat) -> bool {
        self.in_game.get(seat).copied().unwrap_or(false)
    }

    /// The seat that lost, once the game is over with a loser.
    pub fn fool(&self) -> Option<Seat> {
        match self.ending {
            Some(Ending::Fool(seat)) => Some(seat),
            _ => None,
        }
    }

    /// Whether the game ended with nobody left holding cards.
    pub fn is_draw(&self) -> bool {
        self.ending == Some(Ending::Draw)
    }

    /// The match seed the deck was shuffled with (uniformly or by riffles), or `None` when the deck
    /// came from a seed-000 number.
    pub fn deal_seed(&self) -> Option<u64> {
        self.deck_number.is_none().then_some(self.seed)
    }

    /// The seed-000 number the deck was ordered from, if any.
    pub fn deck_number(&self) -> Option<u64> {
        self.deck_number
    }

    fn is_trump(&self, card: Card) -> bool {
        card.suit() == Some(self.trump_suit)
    }

    /// The unbeaten attack card, while the defender is to answer it.
    fn pending_attack(&self) -> Option<Card> {
        (self.phase == Phase::Defend).then(|| self.table[self.table_len as usize - 1])
    }

    /// The defender's cards that beat `attack`: a higher card of its suit, or any trump when it is
    /// not a trump.
    fn beats(&self, attack: Card) -> CardSet {
        let hand = self.hands[self.defender];
        let mut beats = hand & CardSet::above_in_suit(attack);
        if !self.is_trump(attack) {
            beats |= hand & CardSet::of_suit(self.trump_suit);
        }
        beats
    }

    /// The attacker's cards that may continue the turn: ranks on the table, but not the highest
    /// trump in hand unless it is the only card left.
    fn continuations(&self) -> CardSet {
        let hand = self.hands[self.attacker];
        let mut cards = hand & self.table_ranks;
        if hand.len() > 1
            && let Some(highest_trump) = (hand & CardSet::of_suit(self.trump_suit)).highest()
        {
            cards.remove(highest_trump);
        }
        cards
    }

    /// Deals a game from a deck in pack order as the seed's number or the uniform shuffle left it
    /// (or the riffle deal laid out by [`riffle_order`]), the first card on top.
    fn deal(order: Vec<Card>, players: usize, seed: u64, options: &DurakOptions) -> Durak {
        let mut hands = [CardSet::EMPTY; MAX_PLAYERS];
        let mut cards = order.into_iter();
        for hand in hands.iter_mut().take(players) {
            *hand = cards.by_ref().take(HAND_SIZE).collect();
        }
        let mut rest: Vec<Card> = cards.collect();
        let trump = rest.remove(0);
        rest.push(trump);
        let mut deck = [trump; PACK_SIZE];
        deck[..rest.len()].copy_from_slice(&rest);
        let mut game = Durak {
            seed,
            deck_number: options.deck_number,
            shuffle: options.shuffle,
            players,
            deck,
            deck_len: rest.len() as u8,
            drawn: 0,
            trump,
            trump_suit: trump.suit().unwrap_or(Suit::Spades),
            hands,
            in_game: [false; MAX_PLAYERS],
            attacker: 0,
            defender: 1,
            table: [trump; PACK_SIZE],
            table_len: 0,
            table_ranks: CardSet::EMPTY,
            discard: CardSet::EMPTY,
            phase: Phase::Lead,
            turn: 1,
            stalled: 0,
            ending: None,
        };
        game.in_game[..players].fill(true);
        game
    }
}

/// The pack in seed 000's starting order: ♠, ♥, ♣, ♦, each from six to ace.
pub fn seed_pack() -> Vec<Card> {
    pack(
        Rank::Six,
        [Suit::Spades, Suit::Hearts, Suit::Clubs, Suit::Diamonds],
    )
}

/// The pack in seed order (6♠ on top), riffled and cut by `riffle` with draws keyed by
/// `derive_seed(seed, 0)` and dealt in packets to seats 0, 1, …, laid out as [`Durak::deal`] reads
/// a deck: each seat's six cards in turn, then the rest of the deck from its top.
fn riffle_order(riffle: &RiffleShuffle, players: usize, seed: u64) -> Vec<Card> {
    let mut deck = seed_pack();
    riffle.shuffle(&mut deck, &mut shuffle::rng(shuffle::derive_seed(seed, 0)));
    let hands = riffle.deal(&mut deck, players, HAND_SIZE);
    hands.into_iter().flatten().chain(deck).collect()
}

impl Game for Durak {
    const ID: &'static str = "durak";
    const RULES_VERSION: u32 = 2;
    const RELABELS: bool = true;
    const PLAYERS: PlayerCount = PlayerCount {
        min: 2,
        max: MAX_PLAYERS,
        default: 3,
        step: 1,
    };

    type Options = DurakOptions;
    type Action = DurakAction;
    type View = DurakView;
    type Layout = DurakLayout;

    fn new(options: &DurakOptions, players: usize, seed: u64) -> Result<Durak, SetupError> {
        SetupError::check_players::<Durak>(players)?;
        let bad = |detail: String| SetupError::Options {
            game: Durak::ID,
            detail,
        };
        options.shuffle.validate().map_err(bad)?;
        let (deal_seed, suits) = relabel::split_seed(seed);
        let mut order = seed_pack();
        match (options.deck_number, options.shuffle) {
            (Some(_), ShuffleModel::Riffle(_)) => {
                return Err(bad(
                    "deck_number and a riffle shuffle are two ways to order the deck; give one"
                        .into(),
                ));
            }
            (Some(number), ShuffleModel::Uniform) => {
                shuffle::move_to_front_order(&mut order, number)
            }
            (None, ShuffleModel::Uniform) => shuffle::shuffle_with_seed(&mut order, deal_seed),
            (None, ShuffleModel::Riffle(riffle)) => {
                order = riffle_order(&riffle, players, deal_seed)
            }
        }
        // A deck from seed 000's number is that number's deck, whatever the seed.
        if options.deck_number.is_none() {
            suits.cards(&mut order);
        }
        Ok(Durak::deal(order, players, seed, options))
    }

    fn players(&self) -> usize {
        self.players
    }

    fn to_act(&self) -> Option<Seat> {
        match self.phase {
            Phase::Lead | Phase::Continue => Some(self.attacker),
            Phase::Defend => Some(self.defender),
            Phase::Over => None,
        }
    }

    fn legal_actions_into(&self, out: &mut Vec<DurakAction>) {
        out.clear();
        match self.phase {
            Phase::Lead => out.extend(
                seed_order(self.hands[self.attacker], self.trump_suit)
                    .map(|card| DurakAction::Attack { card }),
            ),
            Phase::Continue => {
                out.extend(
                    seed_order(self.continuations(), self.trump_suit)
                        .map(|card| DurakAction::Attack { card }),
                );
                out.push(DurakAction::Done);
            }
            Phase::Defend => {
                if let Some(attack) = self.pending_attack() {
                    out.extend(
                        seed_order(self.beats(attack), self.trump_suit)
                            .map(|card| DurakAction::Beat { card }),
                    );
                }
                out.push(DurakAction::Take);
            }
            Phase::Over => {}
        }
    }

    fn apply(&mut self, action: &DurakAction) -> Result<(), RuleError> {
        self.apply_observed(action, &mut ())
    }

    fn view(&self, seat: Seat) -> DurakView {
        DurakView::of(self, seat)
    }

    fn view_into(&self, seat: Seat, out: &mut DurakView) {
        out.refill(self, seat);
    }

    fn describe(&self, action: &DurakAction) -> Vec<crate::phrase::Phrase> {
        describe::describe(self, action)
    }

    fn table(&self, eye: crate::table::Eye) -> crate::table::Table<DurakLayout> {
        table::table(self, eye)
    }

    fn outcome(&self) -> Option<Outcome> {
        self.ending.map(|ending| self.outcome_of(ending))
    }

    fn transcript(initial: &Durak, actions: &[DurakAction], names: &[String]) -> Option<String> {
        Some(transcript::write(initial, actions, names))
    }
}
