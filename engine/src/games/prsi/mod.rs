//! `prsi`: Czech Mau-Mau of seed 003 with the 32-card German deck written in French text form
//! (leaves = spades, hearts = hearts, bells = diamonds, acorns = clubs; under = J, over = Q; the
//! green under is `JS`).
//!
//! A turn is one atomic action: play one to four cards of one value, draw, or stand (against
//! aces). The rules and every decision on the seed's gaps are in RULES.md beside this file.

mod clone;
mod describe;
mod determinize;
mod encode;
mod table;
mod transcript;
mod view;

#[cfg(test)]
mod table_tests;
#[cfg(test)]
mod tests;
#[cfg(test)]
mod transcript_tests;

use schemars::JsonSchema;
use serde::{Deserialize, Serialize};

pub use table::PrsiLayout;
pub use view::PrsiView;

use crate::card_list::CardList;
use crate::cards::{Card, CardSet, Rank, Suit, pack};
use crate::game::{Game, Outcome, PlayerCount, RuleError, Seat, SeatResult, SetupError};
use crate::shuffle::{self, ShuffleModel};

/// Cards in the pack: seven to ace in four suits.
pub const PACK_SIZE: usize = 32;
/// The most cards dealt to each player.
pub const HAND_SIZE: usize = 5;
/// The fewest cards left in the deck after the deal (the seed's rule).
pub const MIN_DECK_AFTER_DEAL: usize = 5;
/// After this many turns the game ends and the players still in are placed by hand size.
pub const MAX_TURNS: u32 = 2_000;
/// The green under ("leaves under"), which cancels the sevens' draw and goes on anything.
pub const GREEN_UNDER: Card = Card::new(Rank::Jack, Suit::Spades);

/// Options of a prsi game.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(default, deny_unknown_fields)]
pub struct PrsiOptions {
    /// Cards to draw for each seven played: 3 as the seed says, or the usual 2.
    #[schemars(range(min = 2, max = 3))]
    pub seven_draw: u32,
    /// How the match seed shuffles the deck and each pile turned into a new deck: uniformly (the
    /// default), or by a dealer's riffles, a cut and a deal in packets (see RULES.md).
    pub shuffle: ShuffleModel,
}

impl Default for PrsiOptions {
    fn default() -> Self {
        PrsiOptions {
            seven_draw: 3,
            shuffle: ShuffleModel::Uniform,
        }
    }
}

/// One decision in prsi.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[schemars(deny_unknown_fields)]
#[serde(tag = "kind", rename_all = "snake_case")]
pub enum PrsiAction {
    /// Play one to four cards of one value, in the order laid: the last card becomes the top,
    /// and it is the card that must fit the pile when the play fits by suit, and the card that
    /// must be the green under when the play goes as one. The cards before the last are listed
    /// ascending. `suit` is the suit chosen with overs (queens), and only with them.
    Play {
        /// The cards, in the order laid.
        cards: CardList,
        /// The suit asked for, with overs only.
        #[serde(default, skip_serializing_if = "Option::is_none")]
        suit: Option<Suit>,
    },
    /// Draw: one card, or every card the pending sevens ask for.
    Draw,
    /// Against pending aces: play no ace and lose the turn.
    Stand,
}

/// A prsi game in progress: the whole state, hidden cards included.
#[derive(Debug, PartialEq, Eq)]
pub struct Prsi {
    seed: u64,
    seven_draw: u32,
    shuffle: ShuffleModel,
    /// The pulling pile, drawn from the end.
    deck: Vec<Card>,
    /// The discard pile, bottom first; the last card is the top.
    pile: Vec<Card>,
    hands: Vec<CardSet>,
    turn: Seat,
    /// The seed's SV[a]: turns still to stand or answer with an ace.
    aces: u32,
    /// The seed's SV[suit]: the suit the next card must follow.
    suit: Suit,
    /// Cards the pending sevens make the next player draw; 0 when no seven is pending.
    sevens: u32,
    /// Seats in the order they went out.
    out: Vec<Seat>,
    turns: u32,
    reshuffles: u32,
    over: bool,
}

/// The pack before the shuffle: seven to ace in ♣ ♦ ♥ ♠.
pub fn prsi_pack() -> Vec<Card> {
    pack(Rank::Seven, Suit::ALL)
}

/// A play with no cards yet and no suit chosen: what each listed play starts as.
const BLANK_PLAY: PrsiAction = PrsiAction::Play {
    cards: CardList::new(),
    suit: None,
};

/// The suits an over (queen) may ask for, in the order the plays are listed.
const OVERS: [Option<Suit>; 4] = [
    Some(Suit::Clubs),
    Some(Suit::Diamonds),
    Some(Suit::Hearts),
    Some(Suit::Spades),
];

/// Pushes onto `out` a play of every subset of `pool` (1 to 4 cards of one value) in each order
/// the game lists (every last card, the cards before it ascending) whose last card is in
/// `lasts`, once for each of `suits` (`[None]` but for overs). Each play is pushed blank and
/// filled where it lies in `out`: no list is built on the stack only to be copied a byte at a
/// time.
fn plays(pool: CardSet, lasts: CardSet, suits: &[Option<Suit>], out: &mut Vec<PrsiAction>) {
    if pool.len() == 1 {
        // One card (the usual case): it fits, or the caller would not have asked.
        let card = pool.lowest().unwrap_or(GREEN_UNDER);
        for &suit in suits {
            push_play(out, &[], card, suit);
        }
        return;
    }
    let mut cards = [GREEN_UNDER; 4];
    let mut n = 0;
    for card in pool {
        cards[n] = card;
        n += 1;
    }
    for mask in 1u32..(1 << n) {
        for l in 0..n {
            if mask & (1 << l) == 0 || !lasts.contains(cards[l]) {
                continue;
            }
            let mut before = [GREEN_UNDER; 3];
            let mut k = 0;
            for (i, &card) in cards[..n].iter().enumerate() {
                if i != l && mask & (1 << i) != 0 {
                    before[k] = card;
                    k += 1;
                }
            }
            for &suit in suits {
                push_play(out, &before[..k], cards[l], suit);
            }
        }
    }
}

/// Pushes the play of `before` then `last`, asking for `suit`.
fn push_play(out: &mut Vec<PrsiAction>, before: &[Card], last: Card, suit: Option<Suit>) {
    out.push(BLANK_PLAY);
    if let Some(PrsiAction::Play {
        cards: list,
        suit: asked,
    }) = out.last_mut()
    {
        for &card in before {
            list.push(card);
        }
        list.push(last);
        *asked = suit;
    }
}

impl Prsi {
    /// The cards in `seat`'s hand.
    pub fn hand(&self, seat: Seat) -> CardSet {
        self.hands.get(seat).copied().unwrap_or_default()
    }

    /// The pulling pile, the next card to draw last.
    pub fn deck(&self) -> &[Card] {
        &self.deck
    }

    /// The discard pile, bottom first; the last card is the top.
    pub fn pile(&self) -> &[Card] {
        &self.pile
    }

    /// The top card of the discard pile.
    pub fn top(&self) -> Card {
        *self.pile.last().expect("the pile always has a top card")
    }

    /// The suit the next card must follow.
    pub fn suit(&self) -> Suit {
        self.suit
    }

    /// Turns still to stand or answer with an ace (the seed's SV[a]).
    pub fn aces(&self) -> u32 {
        self.aces
    }

    /// Cards the next draw takes because of pending sevens; 0 when none is pending.
    pub fn sevens(&self) -> u32 {
        self.sevens
    }

    /// Seats in the order they went out.
    pub fn out(&self) -> &[Seat] {
        &self.out
    }

    /// Turns played so far.
    pub fn turns(&self) -> u32 {
        self.turns
    }

    /// Cards drawn per seven.
    pub fn seven_draw(&self) -> u32 {
        self.seven_draw
    }

    /// Whether a play of these cards (already checked to be one value, from the hand) fits now.
    /// The last card laid decides both the suit fit and the green under (RULES.md, rule 4).
    fn fits(&self, cards: &[Card]) -> bool {
        let rank = cards[0].rank();
        let last = cards[cards.len() - 1];
        if self.aces > 0 {
            return rank == Some(Rank::Ace);
        }
        let green_last = last == GREEN_UNDER;
        if self.sevens > 0 {
            return rank == Some(Rank::Seven) || green_last;
        }
        let top = self.top();
        top == GREEN_UNDER || green_last || rank == top.rank() || last.suit() == Some(self.suit)
    }

    /// The cards a play may end with now, [`Prsi::fits`] as a set: whether a play fits depends
    /// on its value and its last card only, and the value is the last card's.
    fn fitting_lasts(&self) -> CardSet {
        if self.aces > 0 {
            return CardSet::of_rank(Rank::Ace);
        }
        let mut green = CardSet::EMPTY;
        green.insert(GREEN_UNDER);
        if self.sevens > 0 {
            return CardSet::of_rank(Rank::Seven) | green;
        }
        let top = self.top();
        match top.rank() {
            _ if top == GREEN_UNDER => CardSet::from_rank(Rank::Seven),
            Some(rank) => CardSet::of_rank(rank) | CardSet::of_suit(self.suit) | green,
            None => CardSet::of_suit(self.suit) | green,
        }
    }

    /// Refuses an action that is not legal now, saying why.
    fn check(&self, action: &PrsiAction) -> Result<(), RuleError> {
        let illegal = |why: String| Err(RuleError::Illegal(why));
        if self.over {
            return Err(RuleError::GameOver);
        }
        match action {
            PrsiAction::Stand if self.aces == 0 => {
                illegal("stand only against pending aces".into())
            }
            PrsiAction::Draw if self.aces > 0 => {
                illegal("against pending aces, play an ace or stand".into())
            }
            PrsiAction::Stand | PrsiAction::Draw => Ok(()),
            PrsiAction::Play { cards, suit } => {
                let hand = self.hands[self.turn];
                if cards.is_empty() || cards.len() > 4 {
                    return illegal("play one to four cards".into());
                }
                if let Some(card) = cards.iter().find(|&&c| !hand.contains(c)) {
                    return illegal(format!("{card} is not in the hand"));
                }
                if cards.iter().copied().collect::<CardSet>().len() != cards.len() {
                    return illegal("a card is listed twice".into());
                }
                if cards.iter().any(|c| c.rank() != cards[0].rank()) {
                    return illegal("the cards played are of one value".into());
                }
                if !cards[..cards.len() - 1].windows(2).all(|w| w[0] < w[1]) {
                    return illegal("list the cards before the last one ascending".into());
                }
                let overs = cards[0].rank() == Some(Rank::Queen);
                if overs != suit.is_some() {
                    return illegal("choose a suit with overs (Q), and only with them".into());
                }
                if !self.fits(cards) {
                    return illegal(format!("{cards:?} does not go on {} now", self.top()));
                }
                Ok(())
            }
        }
    }

    /// Draws `n` cards for the seat to act, turning the pile (all but its top) into a new,
    /// reshuffled deck when the deck runs out. Draws fewer when there are no more cards.
    fn draw(&mut self, n: u32) {
        for _ in 0..n {
            if self.deck.is_empty() {
                if self.pile.len() <= 1 {
                    return;
                }
                // The deck is empty: it takes the pile's cards and the pile its buffer.
                let top = self.pile.pop().expect("pile has a top");
                std::mem::swap(&mut self.deck, &mut self.pile);
                self.pile.push(top);
                self.reshuffles += 1;
                let seed = shuffle::derive_seed(self.seed, self.reshuffles as u64);
                match self.shuffle {
                    ShuffleModel::Uniform => shuffle::shuffle_with_seed(&mut self.deck, seed),
                    ShuffleModel::Riffle(riffle) => {
                        // The pile turned face down: its bottom card on top. Riffled top first,
                        // then laid out to be drawn from the end.
                        riffle.shuffle(&mut self.deck, &mut shuffle::rng(seed));
                        self.deck.reverse();
                    }
                }
            }
            let card = self.deck.pop().expect("deck is not empty");
            self.hands[self.turn].insert(card);
        }
    }

    fn still_in(&self) -> usize {
        self.hands.iter().filter(|h| !h.is_empty()).count()
    }

    /// Passes the turn on to the next player with cards, or ends the game.
    fn advance(&mut self) {
        self.turns += 1;
        if self.still_in() <= 1 {
            if let Some(last) = (0..self.hands.len()).find(|&s| !self.hands[s].is_empty()) {
                self.out.push(last);
            }
            self.over = true;
            return;
        }
        if self.turns >= MAX_TURNS {
            self.over = true;
            return;
        }
        let n = self.hands.len();
        let mut next = (self.turn + 1) % n;
        while self.hands[next].is_empty() {
            next = (next + 1) % n;
        }
        self.turn = next;
    }

    /// Deals the pack for `players` as `options` shuffle it with `seed`: five cards to each player
    /// (seat 0 first), then one card face up on the pile. Seat 0 plays first.
    fn deal(options: &PrsiOptions, players: usize, seed: u64) -> Prsi {
        let per = HAND_SIZE.min((PACK_SIZE - 1 - MIN_DECK_AFTER_DEAL) / players);
        let mut deck = prsi_pack();
        let hands = match options.shuffle {
            ShuffleModel::Uniform => {
                // Drawn from the end of the shuffled pack, one card at a time.
                shuffle::shuffle_with_seed(&mut deck, seed);
                let mut hands = vec![CardSet::EMPTY; players];
                for _ in 0..per {
                    for hand in hands.iter_mut() {
                        hand.insert(deck.pop().expect("enough cards"));
                    }
                }
                hands
            }
            ShuffleModel::Riffle(riffle) => {
                // The pack lies 7♣ on top; what the packets leave is laid out to be drawn from
                // the end.
                riffle.shuffle(&mut deck, &mut shuffle::rng(shuffle::derive_seed(seed, 0)));
                let hands = riffle.deal(&mut deck, players, per);
                deck.reverse();
                hands.into_iter().map(CardSet::from_iter).collect()
            }
        };
        let top = deck.pop().expect("enough cards");
        Prsi {
            seed,
            seven_draw: options.seven_draw,
            shuffle: options.shuffle,
            deck,
            pile: {
                // Room for the whole pack, so laying cards never reallocates.
                let mut pile = Vec::with_capacity(PACK_SIZE);
                pile.push(top);
                pile
            },
            hands,
            turn: 0,
            aces: 0,
            suit: top.suit().unwrap_or(Suit::Spades),
            sevens: 0,
            out: Vec::with_capacity(players),
            turns: 0,
            reshuffles: 0,
            over: false,
        }
    }
}

impl Game for Prsi {
    const ID: &'static str = "prsi";
    const RULES_VERSION: u32 = 2;
    const PLAYERS: PlayerCount = PlayerCount {
        min: 2,
        max: 5,
        default: 2,
        step: 1,
    };

    type Options = PrsiOptions;
    type Action = PrsiAction;
    type View = PrsiView;
    type Layout = PrsiLayout;

    fn new(options: &PrsiOptions, players: usize, seed: u64) -> Result<Self, SetupError> {
        SetupError::check_players::<Prsi>(players)?;
        if !(2..=3).contains(&options.seven_draw) {
            return Err(SetupError::Options {
                game: Prsi::ID,
                detail: format!("seven_draw is 3 or 2, not {}", options.seven_draw),
            });
        }
        options
            .shuffle
            .validate()
            .map_err(|detail| SetupError::Options {
                game: Prsi::ID,
                detail,
            })?;
        Ok(Prsi::deal(options, players, seed))
    }

    fn players(&self) -> usize {
        self.hands.len()
    }

    fn to_act(&self) -> Option<Seat> {
        (!self.over).then_some(self.turn)
    }

    fn legal_actions_into(&self, out: &mut Vec<PrsiAction>) {
        out.clear();
        if self.over {
            return;
        }
        let hand = self.hands[self.turn];
        let lasts = self.fitting_lasts();
        // Only the values with a card that may end a play, lowest first.
        let mut fitting = hand & lasts;
        while let Some(rank) = fitting.lowest().and_then(Card::rank) {
            let of_rank = CardSet::of_rank(rank);
            fitting = fitting - of_rank;
            let suits: &[Option<Suit>] = if rank == Rank::Queen { &OVERS } else { &[None] };
            plays(hand & of_rank, lasts, suits, out);
        }
        if self.aces > 0 {
            out.push(PrsiAction::Stand);
        } else {
            out.push(PrsiAction::Draw);
        }
    }

    fn apply(&mut self, action: &PrsiAction) -> Result<(), RuleError> {
        self.check(action)?;
        match action {
            PrsiAction::Stand => self.aces -= 1,
            PrsiAction::Draw => {
                let n = self.sevens.max(1);
                self.sevens = 0;
                self.draw(n);
            }
            PrsiAction::Play { cards, suit } => {
                for &card in cards {
                    self.hands[self.turn].remove(card);
                    self.pile.push(card);
                }
                let n = cards.len() as u32;
                let last = cards[cards.len() - 1];
                match last.rank() {
                    Some(Rank::Ace) => self.aces += n,
                    Some(Rank::Seven) => self.sevens += self.seven_draw * n,
                    _ => {}
                }
                if last == GREEN_UNDER {
                    self.sevens = 0;
                }
                self.suit = suit.or(last.suit()).unwrap_or(Suit::Spades);
                if self.hands[self.turn].is_empty() {
                    self.out.push(self.turn);
                }
            }
        }
        self.advance();
        Ok(())
    }

    fn describe(&self, action: &PrsiAction) -> Vec<crate::phrase::Phrase> {
        describe::describe(self, action)
    }

    fn view(&self, seat: Seat) -> PrsiView {
        PrsiView::of(self, seat)
    }

    fn view_into(&self, seat: Seat, out: &mut PrsiView) {
        out.refill(self, seat);
    }

    fn table(&self, eye: crate::table::Eye) -> crate::table::Table<PrsiLayout> {
        table::table(self, eye)
    }

    fn outcome(&self) -> Option<Outcome> {
        if !self.over {
            return None;
        }
        let players = self.hands.len();
        let mut rank = vec![0u32; players];
        for (place, &seat) in self.out.iter().enumerate() {
            rank[seat] = place as u32 + 1;
        }
        // Players still in when the turn limit ends the game: placed after those out, by hand
        // size (fewer cards better), equal sizes sharing a place.
        for (seat, place) in rank.iter_mut().enumerate() {
            if *place == 0 {
                let better = (0..players)
                    .filter(|&s| {
                        !self.out.contains(&s) && self.hands[s].len() < self.hands[seat].len()
                    })
                    .count();
                *place = (self.out.len() + better + 1) as u32;
            }
        }
        let seats = rank
            .into_iter()
            .map(|r| SeatResult {
                rank: r,
                score: (players as u32 - r) as f64,
            })
            .collect();
        Some(Outcome { seats })
    }

    fn transcript(initial: &Prsi, actions: &[PrsiAction], names: &[String]) -> Option<String> {
        Some(transcript::write(initial, actions, names))
    }
}
