//! `durak-duel`: the 1-vs-1 Durak of seed 002, with sieges (an attack of several cards of one
//! rank), counterattacks and piling on after a pass.
//!
//! Every decision is an atomic action a bot picks from the legal list: open a round with a set of
//! cards of one rank, defend one attack card with one card, counterattack with cards of the attacked
//! rank, pass (take), add cards after every attack card is beaten, pile on after a pass, or be done.
//! The rules and every decision on the seed's gaps are in RULES.md beside this file.

mod check;
mod deal;
mod describe;
mod determinize;
mod encode;
mod ending;
mod lists;
mod table;
mod transcript;
mod view;

#[cfg(test)]
mod ending_tests;
#[cfg(test)]
mod table_tests;
#[cfg(test)]
mod tests;
#[cfg(test)]
mod transcript_tests;

use schemars::JsonSchema;
use serde::{Deserialize, Serialize};

pub use ending::STALL_LIMIT;
pub use table::DurakDuelLayout;
pub use view::{DuelTablePair, DurakDuelView};

use ending::Ending;
use lists::subsets;

use crate::card_list::CardList;
use crate::cards::{Card, CardSet, Rank, Suit, pack};
use crate::game::{Game, Outcome, PlayerCount, RuleError, Seat, SetupError};
use crate::relabel;
use crate::shuffle::{self, ShuffleModel};

/// The cards each player is dealt and refills to.
pub const HAND_SIZE: usize = 6;
/// Cards in the pack: six to ace in four suits.
pub const PACK_SIZE: usize = 36;
/// The most attack cards a round can hold (the round ends when six are defended).
pub const MAX_ATTACKS: usize = 6;

/// Options of a durak-duel game; `{}` in JSON gives the defaults.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(default, deny_unknown_fields)]
pub struct DurakDuelOptions {
    /// How the match seed shuffles the deck: uniformly (the default), or by a dealer's riffles, a
    /// cut and a deal in packets from the pack in order (see RULES.md).
    pub shuffle: ShuffleModel,
}

/// One decision in durak-duel. Card lists name each card once, in ascending order (rank, then
/// suit in the order ♣ ♦ ♥ ♠), exactly as [`Game::legal_actions`] lists them.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[schemars(deny_unknown_fields)]
#[serde(tag = "kind", rename_all = "snake_case")]
pub enum DurakDuelAction {
    /// The attacker puts cards on the table: to open the round, one card or several of one rank
    /// (a siege); or, once every attack card is beaten, any cards whose ranks are on the table.
    Attack {
        /// The cards played, ascending.
        cards: CardList,
    },
    /// The defender beats one unbeaten attack card with one card from hand.
    Defend {
        /// The attack card beaten.
        attack: Card,
        /// The card that beats it.
        card: Card,
    },
    /// The defender adds cards of the attacked rank before any defence; the roles turn and the
    /// other player must now answer every attack card.
    Counterattack {
        /// The cards added, ascending.
        cards: CardList,
    },
    /// The defender gives up the round and will take every card on the table.
    Pass,
    /// After a pass, the attacker adds cards whose ranks are on the table for the defender to
    /// take too.
    PileOn {
        /// The cards added, ascending.
        cards: CardList,
    },
    /// The attacker ends the round: every attack card is beaten (or, after a pass, nothing more
    /// is piled on).
    Done,
}

impl DurakDuelAction {
    /// The card list of an attack, counterattack or pile-on.
    fn cards_mut(&mut self) -> Option<&mut CardList> {
        match self {
            DurakDuelAction::Attack { cards }
            | DurakDuelAction::Counterattack { cards }
            | DurakDuelAction::PileOn { cards } => Some(cards),
            _ => None,
        }
    }
}

/// Where the current round stands.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(rename_all = "snake_case")]
pub enum Phase {
    /// The attacker opens the round.
    Open,
    /// The defender answers: defend, counterattack or pass.
    Defend,
    /// Every attack card is beaten; the attacker adds cards or is done.
    Continue,
    /// The defender passed; the attacker piles on or is done, then the defender takes.
    PileOn,
    /// The game is over.
    Over,
}

/// A durak-duel game in progress: the whole state, hidden cards included.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct DurakDuel {
    /// The deck, drawn from the front: `deck[drawn..]` is what is left; the trump card is last.
    deck: [Card; PACK_SIZE],
    drawn: u8,
    trump: Card,
    trump_suit: Suit,
    hands: [CardSet; 2],
    /// The seat that opened the round (it refills first after a defended round).
    starter: Seat,
    attacker: Seat,
    defender: Seat,
    /// The round's attack cards in the order played, and what beat each.
    attacks: [Card; MAX_ATTACKS],
    beats: [Option<Card>; MAX_ATTACKS],
    table_len: u8,
    discard: CardSet,
    phase: Phase,
    round: u32,
    /// Rounds in a row, with the deck empty, in which nothing left play (rule 13).
    stalled: u32,
    ending: Option<Ending>,
}

/// Whether `card` beats `attack` with `trump` as trump suit: a higher card of the same suit, or
/// any trump when the attack card is not a trump.
pub fn beats(card: Card, attack: Card, trump: Suit) -> bool {
    if card.suit() == attack.suit() {
        card.rank() > attack.rank()
    } else {
        card.suit() == Some(trump)
    }
}

impl DurakDuel {
    /// The trump card, the bottom card of the deck, turned face up.
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

    /// The cards still in the deck, in the order they will be drawn (the trump card last).
    pub fn deck(&self) -> &[Card] {
        &self.deck[self.drawn as usize..]
    }

    /// The round's attack cards in the order played, each with the card that beat it, if any.
    pub fn pairs(&self) -> Vec<(Card, Option<Card>)> {
        (0..self.table_len as usize)
            .map(|i| (self.attacks[i], self.beats[i]))
            .collect()
    }

    /// Every card on the table, attack and defence cards alike.
    pub fn table_cards(&self) -> CardSet {
        let mut cards = CardSet::EMPTY;
        for i in self.table_slots() {
            cards.insert(self.attacks[i]);
            if let Some(beat) = self.beats[i] {
                cards.insert(beat);
            }
        }
        cards
    }

    /// The cards discarded in earlier defended rounds.
    pub fn discard(&self) -> CardSet {
        self.discard
    }

    /// The seat attacking now (after a counterattack, the player who counterattacked).
    pub fn attacker(&self) -> Seat {
        self.attacker
    }

    /// The seat defending now.
    pub fn defender(&self) -> Seat {
        self.defender
    }

    /// The seat that opened the current round.
    pub fn starter(&self) -> Seat {
        self.starter
    }

    /// Where the round stands.
    pub fn phase(&self) -> Phase {
        self.phase
    }

    /// The number of the current round, from 1.
    pub fn round(&self) -> u32 {
        self.round
    }

    /// The winner, once the game is over and not drawn.
    pub fn winner(&self) -> Option<Seat> {
        match self.ending {
            Some(Ending::Winner(seat)) => Some(seat),
            _ => None,
        }
    }

    /// Rounds in a row, ending with the one before this, played with the deck empty in which
    /// nothing left play (the defender took); at [`STALL_LIMIT`] the game ends.
    pub fn stalled_rounds(&self) -> u32 {
        self.stalled
    }

    /// Whether the game ended in a draw: nobody ahead when the game stopped progressing.
    pub fn is_draw(&self) -> bool {
        self.ending == Some(Ending::Draw)
    }

    /// Every card that beats `attack` (as [`beats`] says): the higher ones of its suit, and
    /// every trump when it is not a trump.
    fn beaters(&self, attack: Card) -> CardSet {
        let trumps = CardSet::of_suit(self.trump_suit);
        let above = CardSet::above_in_suit(attack);
        if trumps.contains(attack) {
            above
        } else {
            above | trumps
        }
    }

    fn table_slots(&self) -> std::ops::Range<usize> {
        0..self.table_len as usize
    }

    fn unbeaten(&self) -> usize {
        self.table_slots()
            .filter(|&i| self.beats[i].is_none())
            .count()
    }

    fn any_beaten(&self) -> bool {
        self.table_slots().any(|i| self.beats[i].is_some())
    }

    /// Every card whose rank is on the table.
    fn table_ranks(&self) -> CardSet {
        self.table_cards().whole_ranks()
    }

    /// The most cards the attacker may open with: six, and no more than the defender holds.
    fn open_limit(&self) -> usize {
        MAX_ATTACKS.min(self.hands[self.defender].len())
    }

    /// The most cards the attacker may add now (after all are beaten, or piling on): up to six
    /// attack cards in the round, and no more unbeaten ones than the defender holds.
    fn add_limit(&self) -> usize {
        let room = MAX_ATTACKS - self.table_len as usize;
        room.min(
            self.hands[self.defender]
                .len()
                .saturating_sub(self.unbeaten()),
        )
    }

    /// The defender's cards that may counterattack, and how many at most: cards of the attacked
    /// rank, only before any defence, and only while the other player would hold at least as many
    /// cards as there would be attack cards.
    fn counter_options(&self) -> (CardSet, usize) {
        if self.any_beaten() || self.table_len == 0 {
            return (CardSet::EMPTY, 0);
        }
        let Some(rank) = self.attacks[0].rank() else {
            return (CardSet::EMPTY, 0);
        };
        let len = self.table_len as usize;
        let max = (MAX_ATTACKS - len).min(self.hands[self.attacker].len().saturating_sub(len));
        (self.hands[self.defender] & CardSet::of_rank(rank), max)
    }

    /// The position of `attack` among the unbeaten attack cards.
    fn unbeaten_slot(&self, attack: Card) -> Option<usize> {
        self.table_slots()
            .find(|&i| self.attacks[i] == attack && self.beats[i].is_none())
    }

    fn add_attacks(&mut self, seat: Seat, cards: &[Card]) {
        for &card in cards {
            self.hands[seat].remove(card);
            let slot = self.table_len as usize;
            self.attacks[slot] = card;
            self.beats[slot] = None;
            self.table_len += 1;
        }
    }

    /// After a defence: ends the round when it is over (six defended, or a hand empty), else
    /// hands the turn to the attacker once every attack card is beaten.
    fn after_defence(&mut self) {
        if self.unbeaten() > 0 {
            return;
        }
        if self.table_len as usize == MAX_ATTACKS
            || self.hands[self.attacker].is_empty()
            || self.hands[self.defender].is_empty()
        {
            self.end_round(false);
        } else {
            self.phase = Phase::Continue;
        }
    }

    /// Ends the round: the defender takes the table (`taken`) or it is discarded; the round's
    /// winner is decided, hands are refilled, and the game ends or the winner opens the next round.
    fn end_round(&mut self, taken: bool) {
        let table = self.table_cards();
        self.table_len = 0;
        let deck_was_empty = self.deck().is_empty();
        let winner = if taken {
            self.hands[self.defender] |= table;
            self.refill(self.attacker);
            self.attacker
        } else {
            self.discard |= table;
            let winner = if deck_was_empty && self.hands[self.attacker].is_empty() {
                self.attacker
            } else {
                self.defender
            };
            self.refill(self.starter);
            self.refill(1 - self.starter);
            winner
        };
        self.stalled = if taken && deck_was_empty {
            self.stalled + 1
        } else {
            0
        };
        match self.ending() {
            Some(ending) => self.finish(ending),
            None => self.start_round(winner),
        }
    }

    fn start_round(&mut self, attacker: Seat) {
        self.starter = attacker;
        self.attacker = attacker;
        self.defender = 1 - attacker;
        self.round += 1;
        self.phase = Phase::Open;
    }

    /// Draws cards for `seat` from the front of the deck until it holds six or the deck is empty.
    fn refill(&mut self, seat: Seat) {
        while self.hands[seat].len() < HAND_SIZE && (self.drawn as usize) < PACK_SIZE {
            let card = self.deck[self.drawn as usize];
            self.drawn += 1;
            self.hands[seat].insert(card);
        }
    }

    fn finish(&mut self, ending: Ending) {
        self.ending = Some(ending);
        self.phase = Phase::Over;
    }
}

/// The pack before the shuffle: six to ace in ♣ ♦ ♥ ♠.
pub fn duel_pack() -> Vec<Card> {
    pack(Rank::Six, Suit::ALL)
}

/// [`duel_pack`] as an array: suit by suit, six to ace.
const PACK: [Card; PACK_SIZE] = {
    let mut cards = [Card::BLACK_JOKER; PACK_SIZE];
    let mut i = 0;
    while i < PACK_SIZE {
        cards[i] = Card::new(Rank::ALL[Rank::Six.index() + i % 9], Suit::ALL[i / 9]);
        i += 1;
    }
    cards
};

impl Game for DurakDuel {
    const ID: &'static str = "durak-duel";
    const RULES_VERSION: u32 = 2;
    const RELABELS: bool = true;
    const PLAYERS: PlayerCount = PlayerCount {
        min: 2,
        max: 2,
        default: 2,
        step: 1,
    };

    type Options = DurakDuelOptions;
    type Action = DurakDuelAction;
    type View = DurakDuelView;
    type Layout = DurakDuelLayout;

    fn new(options: &DurakDuelOptions, players: usize, seed: u64) -> Result<Self, SetupError> {
        SetupError::check_players::<DurakDuel>(players)?;
        options
            .shuffle
            .validate()
            .map_err(|detail| SetupError::Options {
                game: DurakDuel::ID,
                detail,
            })?;
        let (seed, suits) = relabel::split_seed(seed);
        match options.shuffle {
            // The pack in order, on the stack: a game's deal allocates nothing.
            ShuffleModel::Uniform => {
                let mut order = PACK;
                shuffle::shuffle_with_seed(&mut order, seed);
                suits.cards(&mut order);
                Ok(DurakDuel::deal(&order))
            }
            ShuffleModel::Riffle(riffle) => {
                // The pack lies 6♣ on top; the deal's hands in turn, then the deck from its top.
                let mut order = duel_pack();
                riffle.shuffle(&mut order, &mut shuffle::rng(shuffle::derive_seed(seed, 0)));
                let hands = riffle.deal(&mut order, 2, HAND_SIZE);
                let mut order: Vec<Card> = hands.into_iter().flatten().chain(order).collect();
                suits.cards(&mut order);
                Ok(DurakDuel::deal(&order))
            }
        }
    }

    fn players(&self) -> usize {
        2
    }

    fn to_act(&self) -> Option<Seat> {
        match self.phase {
            Phase::Open | Phase::Continue | Phase::PileOn => Some(self.attacker),
            Phase::Defend => Some(self.defender),
            Phase::Over => None,
        }
    }

    fn legal_actions_into(&self, out: &mut Vec<DurakDuelAction>) {
        out.clear();
        let attacker_hand = self.hands[self.attacker];
        match self.phase {
            Phase::Open => {
                let limit = self.open_limit();
                // The ranks in hand, lowest first: the four bits of the lowest card's rank.
                let mut left = attacker_hand.bits();
                while left != 0 {
                    let rank = 0b1111 << (left.trailing_zeros() & !3);
                    left &= !rank;
                    let pool = attacker_hand & CardSet::from_bits(rank);
                    subsets(pool, limit, out, |cards| DurakDuelAction::Attack { cards });
                }
            }
            Phase::Continue => {
                let pool = attacker_hand & self.table_ranks();
                subsets(pool, self.add_limit(), out, |cards| {
                    DurakDuelAction::Attack { cards }
                });
                out.push(DurakDuelAction::Done);
            }
            Phase::PileOn => {
                let pool = attacker_hand & self.table_ranks();
                subsets(pool, self.add_limit(), out, |cards| {
                    DurakDuelAction::PileOn { cards }
                });
                out.push(DurakDuelAction::Done);
            }
            Phase::Defend => {
                let hand = self.hands[self.defender];
                for i in self.table_slots() {
                    if self.beats[i].is_some() {
                        continue;
                    }
                    let attack = self.attacks[i];
                    for card in hand & self.beaters(attack) {
                        out.push(DurakDuelAction::Defend { attack, card });
                    }
                }
                let (pool, max) = self.counter_options();
                subsets(pool, max, out, |cards| DurakDuelAction::Counterattack {
                    cards,
                });
                out.push(DurakDuelAction::Pass);
            }
            Phase::Over => {}
        }
    }

    fn apply(&mut self, action: &DurakDuelAction) -> Result<(), RuleError> {
        self.check(action)?;
        match action {
            DurakDuelAction::Attack { cards } => {
                self.add_attacks(self.attacker, cards);
                self.phase = Phase::Defend;
            }
            DurakDuelAction::Defend { attack, card } => {
                if let Some(slot) = self.unbeaten_slot(*attack) {
                    self.hands[self.defender].remove(*card);
                    self.beats[slot] = Some(*card);
                }
                self.after_defence();
            }
            DurakDuelAction::Counterattack { cards } => {
                self.add_attacks(self.defender, cards);
                std::mem::swap(&mut self.attacker, &mut self.defender);
            }
            DurakDuelAction::Pass => self.phase = Phase::PileOn,
            DurakDuelAction::PileOn { cards } => {
                self.add_attacks(self.attacker, cards);
                self.end_round(true);
            }
            DurakDuelAction::Done => {
                let taken = self.phase == Phase::PileOn;
                self.end_round(taken);
            }
        }
        Ok(())
    }

    fn describe(&self, action: &DurakDuelAction) -> Vec<crate::phrase::Phrase> {
        describe::describe(self, action)
    }

    fn view(&self, seat: Seat) -> DurakDuelView {
        DurakDuelView::of(self, seat)
    }

    fn view_into(&self, seat: Seat, out: &mut DurakDuelView) {
        out.refill(self, seat);
    }

    fn table(&self, eye: crate::table::Eye) -> crate::table::Table<DurakDuelLayout> {
        table::table(self, eye)
    }

    fn outcome(&self) -> Option<Outcome> {
        self.ending.map(Ending::outcome)
    }

    fn transcript(
        initial: &DurakDuel,
        actions: &[DurakDuelAction],
        names: &[String],
    ) -> Option<String> {
        Some(transcript::write(initial, actions, names))
    }
}
