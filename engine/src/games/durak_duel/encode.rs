//! Durak-duel's fixed encodings for learning (see [`crate::encode`]); the layouts are documented
//! in docs/games/durak-duel.md, "Encodings for learning".
//!
//! A card's slot is its place in the 36-card pack numbered rank-major from the six
//! (`6C 6D 6H 6S 7C … AS`): the engine's card number less that of 6♣. A set of cards of one rank
//! is numbered by its rank and its suits; a set of several ranks (only added to a round whose
//! cards are all beaten, or piled on after a pass) by its size and its cards' positions among the
//! hand's cards of ranks on the table, which tells the sets of one state apart (see the docs).

use super::{DurakDuel, DurakDuelAction, DurakDuelView, PACK_SIZE, Phase, STALL_LIMIT};
use crate::cards::{Card, CardSet, Rank};
use crate::encode::Encode;

/// The engine's number of the lowest card of the pack, 6♣.
const FIRST: usize = Rank::Six.index() * 4;
/// Sets of one rank: nine ranks, fifteen non-empty sets of suits each.
const ONE_RANK: usize = 9 * 15;
/// With `k` attack cards on the table (all beaten, or some after a pass), the most cards of
/// ranks on the table the attacker's hand can hold: the table's ranks are at most its `2k`
/// cards, four cards a rank less those on the table, and nine ranks in all. A set of several
/// ranks needs `1 <= k <= 4` (the round's six attack cards leave room for two or more).
const POOL: [usize; 5] = [0, 6, 12, 18, 24];

/// `BINOMIAL[n][k]`: n choose k, for the sets' numbering.
const BINOMIAL: [[usize; 6]; 25] = {
    let mut table = [[0; 6]; 25];
    let mut n = 0;
    while n < 25 {
        table[n][0] = 1;
        let mut k = 1;
        while k < 6 && k <= n {
            table[n][k] = table[n - 1][k - 1] + if k < n { table[n - 1][k] } else { 0 };
            k += 1;
        }
        n += 1;
    }
    table
};

/// `SIZE_START[k][s]`: with `k` attack cards on the table, where the sets of `s` cards start in
/// the block of sets of several ranks (the sets of 2 to `s - 1` cards of the pool before them);
/// `SIZE_START[k][6]` is how many sets that table allows.
const SIZE_START: [[usize; 7]; 5] = {
    let mut starts = [[0; 7]; 5];
    let mut k = 1;
    while k < 5 {
        let mut s = 3;
        while s < 7 {
            starts[k][s] = starts[k][s - 1]
                + if s - 1 <= 6 - k {
                    BINOMIAL[POOL[k]][s - 1]
                } else {
                    0
                };
            s += 1;
        }
        k += 1;
    }
    starts
};

/// The block of sets of several ranks: as many ids as the table that allows the most sets.
const MANY_RANKS: usize = {
    let mut most = 0;
    let mut k = 1;
    while k < 5 {
        if SIZE_START[k][6] > most {
            most = SIZE_START[k][6];
        }
        k += 1;
    }
    most
};

/// Where the action blocks start.
const ATTACK: usize = 0;
const MANY: usize = ATTACK + ONE_RANK;
/// Defences by a higher card of the suit: the 36 pairs of ranks, low and high, of each suit.
const DEFEND_SUIT: usize = MANY + MANY_RANKS;
/// Defences by a trump: each attack card, with the trump's rank.
const DEFEND_TRUMP: usize = DEFEND_SUIT + 4 * 36;
const COUNTER: usize = DEFEND_TRUMP + PACK_SIZE * 9;
const PASS: usize = COUNTER + ONE_RANK;
const PILE_ON: usize = PASS + 1;
const DONE: usize = PILE_ON + ONE_RANK;
const ACTIONS: usize = DONE + 1;

/// Where the observation's card vectors start (each [`PACK_SIZE`] long), then the rest.
const HAND: usize = 0;
const UNBEATEN: usize = HAND + PACK_SIZE;
const BEATEN: usize = UNBEATEN + PACK_SIZE;
const BEATING: usize = BEATEN + PACK_SIZE;
const DISCARD: usize = BEATING + PACK_SIZE;
const TRUMP_CARD: usize = DISCARD + PACK_SIZE;
const TRUMP_SUIT: usize = TRUMP_CARD + PACK_SIZE;
const PHASE: usize = TRUMP_SUIT + 4;
const DECK: usize = PHASE + 5;
const STALLED: usize = DECK + 1;
const SEATS: usize = STALLED + 1;
/// Values per seat: attacker, defender, opened the round, to act, hand size.
const PER_SEAT: usize = 5;
const OBSERVATION: usize = SEATS + 2 * PER_SEAT;

/// A card's slot in the 36-card pack.
fn slot(card: Card) -> usize {
    card.index() - FIRST
}

/// A card's rank from the six (0) to the ace (8), and its suit's number.
fn rank_suit(card: Card) -> (usize, usize) {
    (slot(card) / 4, slot(card) % 4)
}

impl Encode for DurakDuel {
    fn action_space(_players: usize) -> usize {
        ACTIONS
    }

    fn action_id(view: &DurakDuelView, action: &DurakDuelAction) -> usize {
        match action {
            DurakDuelAction::Attack { cards } => cards_id(view, cards, ATTACK),
            DurakDuelAction::PileOn { cards } => cards_id(view, cards, PILE_ON),
            // A counterattack is of the attacked rank.
            DurakDuelAction::Counterattack { cards } => COUNTER + one_rank_id(cards).unwrap_or(0),
            DurakDuelAction::Defend { attack, card } => {
                let (low, suit) = rank_suit(*attack);
                let (high, beating_suit) = rank_suit(*card);
                if suit == beating_suit {
                    DEFEND_SUIT + suit * 36 + BINOMIAL[high][2] + low
                } else {
                    DEFEND_TRUMP + slot(*attack) * 9 + high
                }
            }
            DurakDuelAction::Pass => PASS,
            DurakDuelAction::Done => DONE,
        }
    }

    fn observation_len(_players: usize) -> usize {
        OBSERVATION
    }

    fn observe(view: &DurakDuelView, out: &mut [f32]) {
        out.fill(0.0);
        for &card in &view.hand {
            out[HAND + slot(card)] = 1.0;
        }
        for pair in &view.table {
            match pair.beat {
                Some(beat) => {
                    out[BEATEN + slot(pair.attack)] = 1.0;
                    out[BEATING + slot(beat)] = 1.0;
                }
                None => out[UNBEATEN + slot(pair.attack)] = 1.0,
            }
        }
        for &card in &view.discard {
            out[DISCARD + slot(card)] = 1.0;
        }
        out[TRUMP_CARD + slot(view.trump)] = 1.0;
        out[TRUMP_SUIT + slot(view.trump) % 4] = 1.0;
        let phase = match view.phase {
            Phase::Open => 0,
            Phase::Defend => 1,
            Phase::Continue => 2,
            Phase::PileOn => 3,
            Phase::Over => 4,
        };
        out[PHASE + phase] = 1.0;
        // The deck holds at most what the deal left.
        out[DECK] = view.deck_size as f32 / (PACK_SIZE - 2 * super::HAND_SIZE) as f32;
        out[STALLED] = (view.stalled_rounds as f32 / STALL_LIMIT as f32).min(1.0);
        for k in 0..2 {
            let seat = (view.seat + k) % 2;
            let at = SEATS + PER_SEAT * k;
            out[at] = f32::from(u8::from(view.attacker == seat));
            out[at + 1] = f32::from(u8::from(view.defender == seat));
            out[at + 2] = f32::from(u8::from(view.starter == seat));
            out[at + 3] = f32::from(u8::from(view.to_act == Some(seat)));
            out[at + 4] = view.hand_sizes[seat] as f32 / PACK_SIZE as f32;
        }
    }
}

/// The id within a block of [`ONE_RANK`] of a set of cards of one rank: its rank's fifteen,
/// then its suits as a mask less one. `None` when the set spans several ranks.
fn one_rank_id(cards: &[Card]) -> Option<usize> {
    let (rank, _) = rank_suit(*cards.first()?);
    let mut mask = 0;
    for &card in cards {
        let (r, suit) = rank_suit(card);
        if r != rank {
            return None;
        }
        mask |= 1 << suit;
    }
    Some(rank * 15 + mask - 1)
}

/// The id of a set of `cards` (ascending) the attacker adds to the table of `view`: in the block
/// at `one` by rank and suits when the set is of one rank; else in the block of sets of several
/// ranks (shared by attacks and piling on), by the set's size and its cards' positions among the
/// hand's cards of ranks on the table, ranked in colexicographic order.
fn cards_id(view: &DurakDuelView, cards: &[Card], one: usize) -> usize {
    if let Some(id) = one_rank_id(cards) {
        return one + id;
    }
    let mut table = CardSet::EMPTY;
    for pair in &view.table {
        table.insert(pair.attack);
        if let Some(beat) = pair.beat {
            table.insert(beat);
        }
    }
    let hand: CardSet = view.hand.iter().copied().collect();
    let pool = (hand & table.whole_ranks()).bits();
    let mut id = SIZE_START[view.table.len()][cards.len()];
    for (i, &card) in cards.iter().enumerate() {
        let position = (pool & ((1u64 << card.index()) - 1)).count_ones() as usize;
        id += BINOMIAL[position][i + 1];
    }
    MANY + id
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::card_list::CardList;
    use crate::encode::checks::check;
    use crate::games::durak_duel::tests::{card, cards};
    use crate::games::durak_duel::{DuelTablePair, DurakDuelOptions};

    fn list(text: &str) -> CardList {
        cards(text).into()
    }

    #[test]
    fn random_games_meet_the_encoding_properties() {
        let used = check::<DurakDuel>(&DurakDuelOptions::default(), 2, 400);
        // Random hands seldom hold many cards of the table's ranks, so the block of sets of
        // several ranks, sized for the largest such hands, is mostly unused (about 160 of 969);
        // the rest is used but for the 18 one-rank sets of four no pile-on or counterattack has.
        assert!(used * 20 >= ACTIONS * 9, "used {used} of {ACTIONS} ids");
    }

    /// Seat 1 attacking after every attack card was beaten: 9♥ by J♥, 7♣ by 7♠ (trump ♠).
    fn continuing() -> DurakDuelView {
        DurakDuelView {
            seat: 1,
            round: 3,
            phase: Phase::Continue,
            to_act: Some(1),
            starter: 0,
            attacker: 1,
            defender: 0,
            trump: card("10S"),
            hand: ["6D", "7D", "7H", "9C", "JC", "AS"].map(card).to_vec(),
            deck_size: 12,
            hand_sizes: vec![4, 6],
            table: vec![
                DuelTablePair {
                    attack: card("9H"),
                    beat: Some(card("JH")),
                },
                DuelTablePair {
                    attack: card("7C"),
                    beat: Some(card("7S")),
                },
            ],
            discard: vec![card("6C"), card("KC")],
            stalled_rounds: 0,
        }
    }

    #[test]
    fn ids_name_the_cards_or_their_places() {
        let view = continuing();
        let id = |action| DurakDuel::action_id(&view, &action);
        let attack = |text| DurakDuelAction::Attack { cards: list(text) };
        // One rank: the rank's fifteen sets of suits, the mask less one.
        assert_eq!(id(attack("6C")), 0);
        assert_eq!(id(attack("7D 7H")), 15 + 0b0110 - 1);
        assert_eq!(id(attack("AS")), 8 * 15 + 0b1000 - 1);
        // Several ranks: the pool is 7♦ 7♥ 9♣ J♣ (positions 0 to 3), two on the table: the
        // pairs come first, in colexicographic order, then the triples.
        assert_eq!(id(attack("7D 9C")), MANY + 1);
        assert_eq!(id(attack("9C JC")), MANY + 5);
        assert_eq!(id(attack("7D 7H JC")), MANY + 66 + 1);
        assert_eq!(
            id(DurakDuelAction::PileOn {
                cards: list("7D 9C")
            }),
            MANY + 1
        );
        assert_eq!(
            id(DurakDuelAction::PileOn { cards: list("9C") }),
            PILE_ON + 3 * 15
        );
        // Defences: a higher card of the suit by the ranks' pair; a trump by the attack card
        // and the trump's rank.
        let defend = |attack, beat| DurakDuelAction::Defend {
            attack: card(attack),
            card: card(beat),
        };
        assert_eq!(id(defend("6C", "7C")), DEFEND_SUIT);
        assert_eq!(id(defend("KH", "AH")), DEFEND_SUIT + 2 * 36 + 35);
        assert_eq!(id(defend("9H", "6S")), DEFEND_TRUMP + 14 * 9);
        assert_eq!(id(defend("AD", "AS")), DEFEND_TRUMP + 33 * 9 + 8);
        let counter = DurakDuelAction::Counterattack {
            cards: list("9C 9D"),
        };
        assert_eq!(id(counter), COUNTER + 3 * 15 + 2);
        assert_eq!(id(DurakDuelAction::Pass), PASS);
        assert_eq!(id(DurakDuelAction::Done), DONE);
        assert_eq!(DurakDuel::action_space(2), 1844);
    }

    /// Every set of several ranks that `k` beaten attack cards can allow (the hand holding every
    /// other card of the table's ranks, as many ranks on the table as there can be) has its own
    /// id in the block: the pool bounds hold the largest case of each table.
    #[test]
    fn the_sets_of_several_ranks_of_the_largest_pools_fit_their_block() {
        for (k, &pool) in POOL.iter().enumerate().skip(1) {
            let mut view = continuing();
            let on_table = |rank: usize| Card::from_index(FIRST + rank * 4).unwrap();
            view.table = (0..k)
                .map(|i| DuelTablePair {
                    attack: on_table(2 * i),
                    beat: Some(on_table(2 * i + 1)),
                })
                .collect();
            view.hand = (0..2 * k)
                .flat_map(|r| (1..4).map(move |s| Card::from_index(FIRST + r * 4 + s).unwrap()))
                .collect();
            assert_eq!(view.hand.len(), pool);
            let mut ids = Vec::new();
            for mask in 0u32..1 << view.hand.len() {
                let size = mask.count_ones() as usize;
                if size < 2 || size > 6 - k {
                    continue;
                }
                let cards: Vec<Card> = (0..view.hand.len())
                    .filter(|&i| mask & 1 << i != 0)
                    .map(|i| view.hand[i])
                    .collect();
                let action = DurakDuelAction::Attack {
                    cards: cards.into(),
                };
                ids.push(DurakDuel::action_id(&view, &action));
            }
            let sets = ids.len();
            ids.retain(|&id| id >= MANY);
            assert!(
                ids.iter().all(|&id| id < MANY + MANY_RANKS),
                "{k} attack cards"
            );
            ids.sort_unstable();
            ids.dedup();
            // Only the sets of one rank left the block: in each rank on the table, its three
            // pairs and, when three cards may be added, its triple.
            let one_rank = 2 * k * if k < 4 { 4 } else { 3 };
            assert_eq!(ids.len(), sets - one_rank, "{k} attack cards");
        }
    }

    #[test]
    fn the_observation_puts_each_fact_in_its_slot() {
        let mut out = vec![0.5; DurakDuel::observation_len(2)];
        DurakDuel::observe(&continuing(), &mut out);
        assert_eq!(out.len(), 6 * 36 + 4 + 5 + 2 + 10);
        let ones: Vec<usize> = (0..out.len()).filter(|&i| out[i] == 1.0).collect();
        let expected = [
            // Hand 6♦ 7♦ 7♥ 9♣ J♣ A♠.
            1,
            5,
            6,
            12,
            20,
            35,
            // Beaten 7♣ and 9♥ by 7♠ and J♥; discard 6♣ K♣; trump card 10♠, suit ♠.
            72 + 4,
            72 + 14,
            108 + 7,
            108 + 22,
            144,
            144 + 28,
            180 + 19,
            216 + 3,
            // Phase continue; seat 1 (itself) attacks, to act; seat 0 defends, opened.
            220 + 2,
            227,
            230,
            233,
            234,
        ];
        assert_eq!(ones, expected);
        assert_eq!(out[225], 0.5);
        assert_eq!(out[231], 6.0 / 36.0);
        assert_eq!(out[236], 4.0 / 36.0);
    }
}
