//! `most`: the rummy "Мост" (bridge) of seed 001, 2 to 6 players with a 54-card pack.
//!
//! A turn is a chain of atomic actions: draw from the deck or take from the bridge (a card and
//! every card after it), then melds, lay-offs and joker swaps, then one discard onto the bridge.
//! The rules and every decision on the seed's gaps are in RULES.md beside this file.

mod describe;
mod melds;
mod table;
mod transcript;
mod view;

#[cfg(test)]
mod table_tests;
#[cfg(test)]
mod tests;

use serde::{Deserialize, Serialize};

pub use melds::meld_shape;
pub use table::{MeldOnTable, MostLayout};

use melds::windows;
pub use view::MostView;

use crate::cards::{Card, CardSet, Rank, Suit, pack};
use crate::game::{Game, Outcome, PlayerCount, RuleError, Seat, SeatResult, SetupError};
use crate::shuffle::{self, ShuffleModel};

/// The cards each player is dealt.
pub const HAND_SIZE: usize = 6;
/// Cards in the pack: 52 standard cards and two jokers.
pub const PACK_SIZE: usize = 54;
/// What a joker left in hand costs at the end of a deal.
pub const JOKER_PENALTY: i32 = 100;

/// Options of a most match.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(default, deny_unknown_fields)]
pub struct MostOptions {
    /// The match ends after the deal in which someone's total reaches this many points.
    pub target: i32,
    /// Play one deal only, placed by its points (for short matches).
    pub single_deal: bool,
    /// A guard against matches nobody wins: the match ends after this many deals at most.
    pub max_deals: u32,
    /// How the match seed shuffles each deal: uniformly (the default), or by a dealer's riffles, a
    /// cut and a deal in packets, starting from the pack in order and then from the last deal's
    /// cards as the table gathers them (see RULES.md).
    pub shuffle: ShuffleModel,
}

impl Default for MostOptions {
    fn default() -> MostOptions {
        MostOptions {
            target: 500,
            single_deal: false,
            max_deals: 50,
            shuffle: ShuffleModel::Uniform,
        }
    }
}

/// A joker in a meld or lay-off and the card it stands for.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct JokerAs {
    /// The joker (`BJ` or `RJ`).
    pub joker: Card,
    /// The standard card it stands for.
    pub stands_for: Card,
}

/// One decision in most.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "kind", rename_all = "snake_case", deny_unknown_fields)]
pub enum MostAction {
    /// Take the top card of the deck.
    Draw,
    /// Take the bridge card at `index` (0 is the oldest) and every card after it; a meld with
    /// that card must follow in this turn.
    Take {
        /// The position in the bridge.
        index: usize,
    },
    /// Put down a new meld of three or more: a run in one suit (wrapping …K, A, 2…) or one rank
    /// in different suits.
    Meld {
        /// The standard cards from hand, ascending, each once.
        cards: Vec<Card>,
        /// The jokers from hand with the cards they stand for, ordered by joker (`BJ` first).
        jokers: Vec<JokerAs>,
    },
    /// Add one card to meld `meld` (anyone's), once the player has a meld of their own.
    LayOff {
        /// The meld's index on the table.
        meld: usize,
        /// The card from hand.
        card: Card,
        /// For a joker, the card it stands for; absent for a standard card.
        #[serde(default, skip_serializing_if = "Option::is_none")]
        stands_for: Option<Card>,
    },
    /// Put `card` from hand into meld `meld` in place of the joker standing for it; the joker
    /// goes to the hand.
    Swap {
        /// The meld's index on the table.
        meld: usize,
        /// The standard card the joker stands for.
        card: Card,
    },
    /// End the turn by putting a card onto the bridge.
    Discard {
        /// The card.
        card: Card,
    },
}

/// The shape of a meld on the table.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum MeldKind {
    /// A run in one suit.
    Run,
    /// Cards of one rank in different suits.
    Set,
}

/// One card in a meld.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub struct Slot {
    /// The card lying there: the standard card itself or a joker.
    pub card: Card,
    /// The standard card it is (for a joker, the card it stands for).
    pub stands_for: Card,
    /// The seat that put it there and scores it.
    pub by: Seat,
}

/// A meld on the table.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct TableMeld {
    /// The seat that put the meld down.
    pub owner: Seat,
    /// Run or set.
    pub kind: MeldKind,
    /// The cards: a run from its lowest card along the wrap, a set by suit.
    pub slots: Vec<Slot>,
}

/// Where the turn stands.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Phase {
    /// The player to act draws or takes from the bridge.
    Draw,
    /// The player melds, lays off, swaps, and ends with a discard.
    Play,
    /// The match is over.
    Over,
}

/// A most match in progress: the whole state, hidden cards included.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Most {
    options: MostOptions,
    players: usize,
    seed: u64,
    /// Deals finished so far.
    deal: u32,
    dealer: Seat,
    /// The deck, drawn from the end.
    deck: Vec<Card>,
    bridge: Vec<Card>,
    hands: Vec<CardSet>,
    melds: Vec<TableMeld>,
    melded: Vec<bool>,
    to_act: Seat,
    phase: Phase,
    /// The bridge card taken this turn that a meld must still use.
    pending: Option<Card>,
    totals: Vec<i32>,
    /// Every finished deal's points, deal by deal, `players` to a deal.
    scores: Vec<i32>,
    /// Turns finished in this deal.
    turns: u32,
}

/// A card's points: 2 to 9 count 5, 10 to king 10, ace 15; a joker 0.
pub fn card_points(card: Card) -> i32 {
    match card.rank() {
        None => 0,
        Some(Rank::Ace) => 15,
        Some(rank) if rank >= Rank::Ten => 10,
        Some(_) => 5,
    }
}

/// What a card left in hand costs: its points, a joker 100.
pub fn hand_penalty(card: Card) -> i32 {
    if card.is_joker() {
        JOKER_PENALTY
    } else {
        card_points(card)
    }
}

/// The 54 cards of a fresh pack: the standard cards, then the black and red jokers.
pub fn most_pack() -> Vec<Card> {
    let mut cards = pack(Rank::Two, Suit::ALL);
    cards.push(Card::BLACK_JOKER);
    cards.push(Card::RED_JOKER);
    cards
}

impl Most {
    /// The options the match was set up with.
    pub fn options(&self) -> &MostOptions {
        &self.options
    }

    /// The cards in `seat`'s hand.
    pub fn hand(&self, seat: Seat) -> CardSet {
        self.hands.get(seat).copied().unwrap_or_default()
    }

    /// The cards left in the deck, the next to be drawn last.
    pub fn deck(&self) -> &[Card] {
        &self.deck
    }

    /// The bridge, the oldest card first.
    pub fn bridge(&self) -> &[Card] {
        &self.bridge
    }

    /// The melds on the table.
    pub fn melds(&self) -> &[TableMeld] {
        &self.melds
    }

    /// Whether `seat` has put down a meld of their own in this deal.
    pub fn has_melded(&self, seat: Seat) -> bool {
        self.melded.get(seat).copied().unwrap_or(false)
    }

    /// Where the turn stands.
    pub fn phase(&self) -> Phase {
        self.phase
    }

    /// The bridge card taken this turn that a meld must still use.
    pub fn pending(&self) -> Option<Card> {
        self.pending
    }

    /// The number of deals finished.
    pub fn deals_played(&self) -> u32 {
        self.deal
    }

    /// The dealer of the current (or last) deal.
    pub fn dealer(&self) -> Seat {
        self.dealer
    }

    /// The match totals by seat.
    pub fn totals(&self) -> &[i32] {
        &self.totals
    }

    /// The points of the last finished deal by seat (zeros before the first ends).
    pub fn last_scores(&self) -> &[i32] {
        const NONE: [i32; 6] = [0; 6];
        self.scores
            .rchunks(self.players)
            .next()
            .unwrap_or(&NONE[..self.players])
    }

    /// Every standard card the table shows, as itself or through a joker.
    pub fn table_represented(&self) -> CardSet {
        self.melds
            .iter()
            .flat_map(|m| m.slots.iter().map(|s| s.stands_for))
            .collect()
    }

    /// Every card lying on the table (jokers as jokers).
    pub fn table_cards(&self) -> CardSet {
        self.melds
            .iter()
            .flat_map(|m| m.slots.iter().map(|s| s.card))
            .collect()
    }

    /// The points `seat` would score if the deal ended now: cards they put on the table, minus
    /// their hand.
    pub fn deal_points(&self, seat: Seat) -> i32 {
        let table: i32 = self
            .melds
            .iter()
            .flat_map(|m| m.slots.iter())
            .filter(|s| s.by == seat)
            .map(|s| card_points(s.card))
            .sum();
        table - self.hands[seat].iter().map(hand_penalty).sum::<i32>()
    }

    /// A builder for tests: a position of the current deal with these hands, bridge, deck and
    /// melds, `seat` to act in `phase`.
    #[doc(hidden)]
    #[allow(clippy::too_many_arguments)]
    pub fn from_position(
        hands: Vec<CardSet>,
        bridge: Vec<Card>,
        deck: Vec<Card>,
        melds: Vec<TableMeld>,
        melded: Vec<bool>,
        to_act: Seat,
        phase: Phase,
        pending: Option<Card>,
    ) -> Most {
        let players = hands.len();
        Most {
            options: MostOptions {
                single_deal: true,
                ..MostOptions::default()
            },
            players,
            seed: 0,
            deal: 0,
            dealer: (to_act + players - 1) % players,
            deck,
            bridge,
            hands,
            melds,
            melded,
            to_act,
            phase,
            pending,
            totals: vec![0; players],
            scores: Vec::new(),
            turns: 0,
        }
    }

    /// The last deal's cards as the table gathers them, top first: the melds in the order they
    /// were put down (each in table order, jokers as jokers), the bridge oldest first, each hand
    /// from seat 0 on (a hand in card order), and the undrawn deck below them all, as it lay.
    fn gathered(&self) -> Vec<Card> {
        let melds = self
            .melds
            .iter()
            .flat_map(|m| m.slots.iter().map(|s| s.card));
        let hands = self.hands.iter().flat_map(|hand| hand.iter());
        let deck = self.deck.iter().rev().copied();
        melds
            .chain(self.bridge.iter().copied())
            .chain(hands)
            .chain(deck)
            .collect()
    }

    fn start_deal(&mut self) {
        let seed = shuffle::derive_seed(self.seed, self.deal as u64);
        self.dealer = self.deal as usize % self.players;
        let mut cards = match self.options.shuffle {
            ShuffleModel::Uniform => {
                let mut cards = most_pack();
                shuffle::shuffle_with_seed(&mut cards, seed);
                for seat in 0..self.players {
                    self.hands[seat] = CardSet::EMPTY;
                }
                for _ in 0..HAND_SIZE {
                    for k in 0..self.players {
                        let seat = (self.dealer + 1 + k) % self.players;
                        let card = cards.pop().expect("54 cards deal six to six players");
                        self.hands[seat].insert(card);
                    }
                }
                cards
            }
            ShuffleModel::Riffle(riffle) => {
                // The first deal from the pack in order (2♣ on top), later ones from the cards
                // as gathered; packets from the seat after the dealer, the rest laid out to be
                // drawn from the end.
                let mut cards = if self.deal == 0 {
                    most_pack()
                } else {
                    self.gathered()
                };
                riffle.shuffle(&mut cards, &mut shuffle::rng(seed));
                let hands = riffle.deal(&mut cards, self.players, HAND_SIZE);
                for (k, hand) in hands.into_iter().enumerate() {
                    self.hands[(self.dealer + 1 + k) % self.players] = hand.into_iter().collect();
                }
                cards.reverse();
                cards
            }
        };
        self.bridge = vec![cards.pop().expect("a card for the bridge")];
        self.deck = cards;
        self.melds.clear();
        self.melded = vec![false; self.players];
        self.to_act = (self.dealer + 1) % self.players;
        self.phase = Phase::Draw;
        self.pending = None;
        self.turns = 0;
    }

    fn end_deal(&mut self) {
        let scores: Vec<i32> = (0..self.players).map(|s| self.deal_points(s)).collect();
        for (total, score) in self.totals.iter_mut().zip(&scores) {
            *total += score;
        }
        self.scores.extend(scores);
        self.deal += 1;
        let reached = self.totals.iter().any(|&t| t >= self.options.target);
        if self.options.single_deal || reached || self.deal >= self.options.max_deals {
            self.phase = Phase::Over;
            self.pending = None;
        } else {
            self.start_deal();
        }
    }

    /// Whether a joker may stand for `card` for the player to act: a standard card that is not in
    /// their hand, not on the table (itself or through a joker) and not on the bridge.
    fn free(&self, card: Card, table: CardSet) -> bool {
        !card.is_joker()
            && !self.hands[self.to_act].contains(card)
            && !table.contains(card)
            && !self.bridge.contains(&card)
    }

    /// Every meld the player to act may put down now (pending card included if any), in a stable
    /// order: sets by rank, then runs by suit, length and start.
    fn melds_into(&self, out: &mut Vec<MostAction>) {
        let hand = self.hands[self.to_act];
        let table = self.table_represented();
        let jokers: Vec<Card> = hand.iter().filter(|c| c.is_joker()).collect();
        for window in windows() {
            if hand.len() < window.len() + 1 {
                continue;
            }
            if let Some(p) = self.pending.filter(|p| !p.is_joker())
                && !window.contains(&p)
            {
                continue;
            }
            let mut naturals = Vec::new();
            let mut gaps = Vec::new();
            let mut ok = true;
            for &card in window {
                if hand.contains(card) {
                    if table.contains(card) {
                        ok = false;
                        break;
                    }
                    naturals.push(card);
                } else if self.free(card, table) {
                    gaps.push(card);
                } else {
                    ok = false;
                    break;
                }
            }
            if !ok || gaps.len() > jokers.len() {
                continue;
            }
            naturals.sort();
            let mut push = |js: Vec<JokerAs>| {
                let mut js = js;
                js.sort_by_key(|j| j.joker);
                let uses_pending = match self.pending {
                    None => true,
                    Some(p) if p.is_joker() => js.iter().any(|j| j.joker == p),
                    Some(p) => naturals.contains(&p),
                };
                if uses_pending {
                    out.push(MostAction::Meld {
                        cards: naturals.clone(),
                        jokers: js,
                    });
                }
            };
            match (gaps.as_slice(), jokers.as_slice()) {
                ([], _) => push(vec![]),
                ([g], js) => {
                    for &j in js {
                        push(vec![JokerAs {
                            joker: j,
                            stands_for: *g,
                        }]);
                    }
                }
                ([g, h], [a, b]) => {
                    push(vec![
                        JokerAs {
                            joker: *a,
                            stands_for: *g,
                        },
                        JokerAs {
                            joker: *b,
                            stands_for: *h,
                        },
                    ]);
                    push(vec![
                        JokerAs {
                            joker: *a,
                            stands_for: *h,
                        },
                        JokerAs {
                            joker: *b,
                            stands_for: *g,
                        },
                    ]);
                }
                _ => {}
            }
        }
    }

    /// Whether taking the bridge from `index` leaves a meld with the taken card.
    fn can_take(&self, index: usize) -> bool {
        if index >= self.bridge.len() {
            return false;
        }
        let mut copy = self.clone();
        copy.take(index);
        let mut melds = Vec::new();
        copy.melds_into(&mut melds);
        !melds.is_empty()
    }

    fn take(&mut self, index: usize) {
        let taken = self.bridge.split_off(index);
        self.pending = Some(taken[0]);
        for card in taken {
            self.hands[self.to_act].insert(card);
        }
        self.phase = Phase::Play;
    }

    /// Refuses an action that is not legal now, saying why.
    fn check(&self, action: &MostAction) -> Result<(), RuleError> {
        let illegal = |why: String| Err(RuleError::Illegal(why));
        let seat = self.to_act;
        let hand = self.hands[seat];
        let table = self.table_represented();
        match (self.phase, action) {
            (Phase::Over, _) => Err(RuleError::GameOver),
            (Phase::Draw, MostAction::Draw) => {
                if self.deck.is_empty() {
                    illegal("the deck is empty".into())
                } else {
                    Ok(())
                }
            }
            (Phase::Draw, MostAction::Take { index }) => {
                if self.can_take(*index) {
                    Ok(())
                } else {
                    illegal(format!(
                        "taking the bridge from {index} allows no meld with that card"
                    ))
                }
            }
            (Phase::Play, MostAction::Meld { cards, jokers }) => {
                if !cards.windows(2).all(|w| w[0] < w[1]) {
                    return illegal("list the meld's cards once each, ascending".into());
                }
                if !jokers.windows(2).all(|w| w[0].joker < w[1].joker) {
                    return illegal("list the jokers once each, BJ first".into());
                }
                for &card in cards {
                    if card.is_joker() || !hand.contains(card) {
                        return illegal(format!("{card} is not a standard card in hand"));
                    }
                    if table.contains(card) {
                        return illegal(format!("a joker on the table stands for {card}"));
                    }
                }
                for j in jokers {
                    if !j.joker.is_joker() || !hand.contains(j.joker) {
                        return illegal(format!("{} is not a joker in hand", j.joker));
                    }
                    if !self.free(j.stands_for, table) {
                        return illegal(format!("a joker may not stand for {}", j.stands_for));
                    }
                }
                let represented: Vec<Card> = cards
                    .iter()
                    .copied()
                    .chain(jokers.iter().map(|j| j.stands_for))
                    .collect();
                if meld_shape(&represented).is_none() {
                    return illegal("not a run or a set of three or more".into());
                }
                if represented.len() >= hand.len() {
                    return illegal("a card must stay in hand for the discard".into());
                }
                match self.pending {
                    Some(p) if !cards.contains(&p) && !jokers.iter().any(|j| j.joker == p) => {
                        illegal(format!("the meld must use {p}, taken from the bridge"))
                    }
                    _ => Ok(()),
                }
            }
            (Phase::Play, _) if self.pending.is_some() => illegal(format!(
                "first meld with {}, taken from the bridge",
                self.pending.unwrap_or(Card::RED_JOKER)
            )),
            (
                Phase::Play,
                MostAction::LayOff {
                    meld,
                    card,
                    stands_for,
                },
            ) => {
                if !self.melded[seat] {
                    return illegal("lay off only after a meld of your own".into());
                }
                let Some(m) = self.melds.get(*meld) else {
                    return illegal(format!("no meld {meld}"));
                };
                if !hand.contains(*card) {
                    return illegal(format!("{card} is not in hand"));
                }
                let is = match (card.is_joker(), stands_for) {
                    (false, None) if table.contains(*card) => {
                        return illegal(format!("a joker on the table stands for {card}"));
                    }
                    (false, None) => *card,
                    (true, Some(x)) if self.free(*x, table) => *x,
                    (true, Some(x)) => return illegal(format!("a joker may not stand for {x}")),
                    _ => return illegal("a joker names the card it stands for; no other".into()),
                };
                if !m.extensions().contains(&is) {
                    return illegal(format!("{is} does not extend meld {meld}"));
                }
                if hand.len() < 2 {
                    return illegal("a card must stay in hand for the discard".into());
                }
                Ok(())
            }
            (Phase::Play, MostAction::Swap { meld, card }) => {
                let Some(m) = self.melds.get(*meld) else {
                    return illegal(format!("no meld {meld}"));
                };
                if card.is_joker() || !hand.contains(*card) {
                    return illegal(format!("{card} is not a standard card in hand"));
                }
                if m.slots
                    .iter()
                    .any(|s| s.card.is_joker() && s.stands_for == *card)
                {
                    Ok(())
                } else {
                    illegal(format!("no joker stands for {card} in meld {meld}"))
                }
            }
            (Phase::Play, MostAction::Discard { card }) => {
                if !hand.contains(*card) {
                    illegal(format!("{card} is not in hand"))
                } else if !card.is_joker() && table.contains(*card) {
                    illegal(format!("a joker on the table stands for {card}"))
                } else {
                    Ok(())
                }
            }
            (phase, action) => illegal(format!("{action:?} is not a move in the {phase:?} phase")),
        }
    }
}

impl Game for Most {
    const ID: &'static str = "most";
    const RULES_VERSION: u32 = 1;
    const PLAYERS: PlayerCount = PlayerCount {
        min: 2,
        max: 6,
        default: 2,
        step: 1,
    };

    type Options = MostOptions;
    type Action = MostAction;
    type View = MostView;
    type Layout = MostLayout;

    fn new(options: &MostOptions, players: usize, seed: u64) -> Result<Most, SetupError> {
        SetupError::check_players::<Most>(players)?;
        if options.target <= 0 || options.max_deals == 0 {
            return Err(SetupError::Options {
                game: Most::ID,
                detail: "target and max_deals must be positive".into(),
            });
        }
        options
            .shuffle
            .validate()
            .map_err(|detail| SetupError::Options {
                game: Most::ID,
                detail,
            })?;
        let mut game = Most {
            options: options.clone(),
            players,
            seed,
            deal: 0,
            dealer: 0,
            deck: Vec::new(),
            bridge: Vec::new(),
            hands: vec![CardSet::EMPTY; players],
            melds: Vec::new(),
            melded: vec![false; players],
            to_act: 0,
            phase: Phase::Draw,
            pending: None,
            totals: vec![0; players],
            scores: Vec::new(),
            turns: 0,
        };
        game.start_deal();
        Ok(game)
    }

    fn players(&self) -> usize {
        self.players
    }

    fn to_act(&self) -> Option<Seat> {
        (self.phase != Phase::Over).then_some(self.to_act)
    }

    fn legal_actions_into(&self, out: &mut Vec<MostAction>) {
        out.clear();
        let seat = self.to_act;
        let hand = self.hands.get(seat).copied().unwrap_or_default();
        match self.phase {
            Phase::Over => {}
            Phase::Draw => {
                if !self.deck.is_empty() {
                    out.push(MostAction::Draw);
                }
                for index in 0..self.bridge.len() {
                    if self.can_take(index) {
                        out.push(MostAction::Take { index });
                    }
                }
            }
            Phase::Play => {
                self.melds_into(out);
                if self.pending.is_some() {
                    return;
                }
                let table = self.table_represented();
                if self.melded[seat] && hand.len() >= 2 {
                    for (i, m) in self.melds.iter().enumerate() {
                        for x in m.extensions() {
                            if hand.contains(x) && !table.contains(x) {
                                out.push(MostAction::LayOff {
                                    meld: i,
                                    card: x,
                                    stands_for: None,
                                });
                            } else if self.free(x, table) {
                                for j in hand.iter().filter(|c| c.is_joker()) {
                                    out.push(MostAction::LayOff {
                                        meld: i,
                                        card: j,
                                        stands_for: Some(x),
                                    });
                                }
                            }
                        }
                    }
                }
                for (i, m) in self.melds.iter().enumerate() {
                    for s in &m.slots {
                        if s.card.is_joker() && hand.contains(s.stands_for) {
                            out.push(MostAction::Swap {
                                meld: i,
                                card: s.stands_for,
                            });
                        }
                    }
                }
                for card in hand {
                    if card.is_joker() || !table.contains(card) {
                        out.push(MostAction::Discard { card });
                    }
                }
            }
        }
    }

    fn apply(&mut self, action: &MostAction) -> Result<(), RuleError> {
        self.check(action)?;
        let seat = self.to_act;
        match action {
            MostAction::Draw => {
                if let Some(card) = self.deck.pop() {
                    self.hands[seat].insert(card);
                }
                self.phase = Phase::Play;
            }
            MostAction::Take { index } => self.take(*index),
            MostAction::Meld { cards, jokers } => {
                let mut slots: Vec<Slot> = Vec::new();
                for &card in cards {
                    self.hands[seat].remove(card);
                    slots.push(Slot {
                        card,
                        stands_for: card,
                        by: seat,
                    });
                }
                for j in jokers {
                    self.hands[seat].remove(j.joker);
                    slots.push(Slot {
                        card: j.joker,
                        stands_for: j.stands_for,
                        by: seat,
                    });
                }
                let represented: Vec<Card> = slots.iter().map(|s| s.stands_for).collect();
                let (kind, order) = meld_shape(&represented).expect("checked");
                let slots = order
                    .iter()
                    .map(|c| {
                        *slots
                            .iter()
                            .find(|s| s.stands_for == *c)
                            .expect("same cards")
                    })
                    .collect();
                self.melds.push(TableMeld {
                    owner: seat,
                    kind,
                    slots,
                });
                self.melded[seat] = true;
                self.pending = None;
            }
            MostAction::LayOff {
                meld,
                card,
                stands_for,
            } => {
                self.hands[seat].remove(*card);
                self.melds[*meld].add(Slot {
                    card: *card,
                    stands_for: stands_for.unwrap_or(*card),
                    by: seat,
                });
            }
            MostAction::Swap { meld, card } => {
                let slot = self.melds[*meld]
                    .slots
                    .iter_mut()
                    .find(|s| s.card.is_joker() && s.stands_for == *card)
                    .expect("checked");
                let joker = slot.card;
                slot.card = *card;
                slot.by = seat;
                self.hands[seat].remove(*card);
                self.hands[seat].insert(joker);
            }
            MostAction::Discard { card } => {
                self.hands[seat].remove(*card);
                self.bridge.push(*card);
                if self.hands[seat].is_empty() {
                    self.end_deal();
                } else {
                    self.to_act = (seat + 1) % self.players;
                    self.phase = Phase::Draw;
                    self.turns += 1;
                    if self.deck.is_empty() {
                        self.end_deal();
                    }
                }
            }
        }
        Ok(())
    }

    fn describe(&self, action: &MostAction) -> String {
        describe::describe(self, action)
    }

    fn view(&self, seat: Seat) -> MostView {
        MostView::of(self, seat)
    }

    fn table(&self, eye: crate::table::Eye) -> crate::table::Table<MostLayout> {
        table::table(self, eye)
    }

    fn outcome(&self) -> Option<Outcome> {
        if self.phase != Phase::Over {
            return None;
        }
        let seats = self
            .totals
            .iter()
            .map(|&t| SeatResult {
                rank: 1 + self.totals.iter().filter(|&&o| o > t).count() as u32,
                score: f64::from(t),
            })
            .collect();
        Some(Outcome { seats })
    }

    fn transcript(initial: &Most, actions: &[MostAction], names: &[String]) -> Option<String> {
        transcript::write(initial, actions, names)
    }
}
