//! Short lists held inline: [`CardList`], the cards an action names, and the [`InlineList`] it is
//! made of.
//!
//! An action that names several cards (prsi's run of one value, durak-duel's attack set, most's
//! meld) used to carry a `Vec<Card>`: one allocation for every such action each time the legal
//! actions were listed. An inline list is a fixed array and a length: `Copy`, no allocation, and
//! on the wire exactly the JSON array the `Vec` was, so bots see no change.

use std::fmt;
use std::hash::{Hash, Hasher};
use std::ops::Deref;

use schemars::{JsonSchema, Schema, SchemaGenerator, json_schema};
use serde::de::{Error as _, SeqAccess, Visitor};
use serde::{Deserialize, Deserializer, Serialize, Serializer};

use crate::cards::Card;

/// A value that fills the unused places of an [`InlineList`]; it is never read as an item.
pub trait Blank: Copy {
    /// The filler.
    const BLANK: Self;
}

impl Blank for Card {
    const BLANK: Card = Card::BLACK_JOKER;
}

/// Up to `N` items in a fixed array, in order: a `Vec` that never allocates. Compared, hashed,
/// printed and serialised as the slice of its items.
#[derive(Clone, Copy)]
pub struct InlineList<T: Blank, const N: usize> {
    items: [T; N],
    len: u8,
}

/// The most cards an action names: a run of a whole suit (most's longest meld).
pub const CARD_LIST_CAPACITY: usize = 13;

/// The cards an action names, up to [`CARD_LIST_CAPACITY`].
pub type CardList = InlineList<Card, CARD_LIST_CAPACITY>;

impl<T: Blank, const N: usize> InlineList<T, N> {
    /// The most items the list holds.
    pub const CAPACITY: usize = N;

    /// The empty list.
    pub const fn new() -> Self {
        InlineList {
            items: [T::BLANK; N],
            len: 0,
        }
    }

    /// The list of `item` alone.
    #[inline]
    pub const fn of_one(item: T) -> Self {
        let mut items = [T::BLANK; N];
        items[0] = item;
        InlineList { items, len: 1 }
    }

    /// Appends `item`.
    ///
    /// # Panics
    /// When the list already holds `N` items.
    pub fn push(&mut self, item: T) {
        assert!((self.len as usize) < N, "an inline list holds {N} items");
        self.items[self.len as usize] = item;
        self.len += 1;
    }

    /// Appends `item` unless the list is full; returns whether it was added.
    pub fn try_push(&mut self, item: T) -> bool {
        let room = (self.len as usize) < N;
        if room {
            self.items[self.len as usize] = item;
            self.len += 1;
        }
        room
    }

    /// The items as a slice.
    pub fn as_slice(&self) -> &[T] {
        &self.items[..self.len as usize]
    }

    /// The items as a mutable slice (to sort them, say).
    pub fn as_mut_slice(&mut self) -> &mut [T] {
        &mut self.items[..self.len as usize]
    }

    /// The list of these items.
    ///
    /// # Panics
    /// When there are more than `N`.
    pub fn from_slice(items: &[T]) -> Self {
        let mut list = Self::new();
        for &item in items {
            list.push(item);
        }
        list
    }
}

impl<T: Blank, const N: usize> Default for InlineList<T, N> {
    fn default() -> Self {
        Self::new()
    }
}

impl<T: Blank, const N: usize> Deref for InlineList<T, N> {
    type Target = [T];
    fn deref(&self) -> &[T] {
        self.as_slice()
    }
}

impl<T: Blank + PartialEq, const N: usize> PartialEq for InlineList<T, N> {
    fn eq(&self, other: &Self) -> bool {
        self.as_slice() == other.as_slice()
    }
}

impl<T: Blank + Eq, const N: usize> Eq for InlineList<T, N> {}

impl<T: Blank + PartialEq, const N: usize> PartialEq<[T]> for InlineList<T, N> {
    fn eq(&self, other: &[T]) -> bool {
        self.as_slice() == other
    }
}

impl<T: Blank + PartialEq, const N: usize> PartialEq<Vec<T>> for InlineList<T, N> {
    fn eq(&self, other: &Vec<T>) -> bool {
        self.as_slice() == other.as_slice()
    }
}

impl<T: Blank + Hash, const N: usize> Hash for InlineList<T, N> {
    fn hash<H: Hasher>(&self, state: &mut H) {
        self.as_slice().hash(state);
    }
}

impl<T: Blank + fmt::Debug, const N: usize> fmt::Debug for InlineList<T, N> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        fmt::Debug::fmt(self.as_slice(), f)
    }
}

impl<'a, T: Blank, const N: usize> IntoIterator for &'a InlineList<T, N> {
    type Item = &'a T;
    type IntoIter = std::slice::Iter<'a, T>;
    fn into_iter(self) -> Self::IntoIter {
        self.as_slice().iter()
    }
}

impl<T: Blank, const N: usize> IntoIterator for InlineList<T, N> {
    type Item = T;
    type IntoIter = std::iter::Take<std::array::IntoIter<T, N>>;
    fn into_iter(self) -> Self::IntoIter {
        self.items.into_iter().take(self.len as usize)
    }
}

impl<T: Blank, const N: usize> FromIterator<T> for InlineList<T, N> {
    /// # Panics
    /// When there are more than `N` items.
    fn from_iter<I: IntoIterator<Item = T>>(items: I) -> Self {
        let mut list = Self::new();
        for item in items {
            list.push(item);
        }
        list
    }
}

impl<T: Blank, const N: usize> From<&[T]> for InlineList<T, N> {
    fn from(items: &[T]) -> Self {
        Self::from_slice(items)
    }
}

impl<T: Blank, const N: usize> From<Vec<T>> for InlineList<T, N> {
    fn from(items: Vec<T>) -> Self {
        Self::from_slice(&items)
    }
}

impl<T: Blank, const N: usize, const K: usize> From<[T; K]> for InlineList<T, N> {
    fn from(items: [T; K]) -> Self {
        Self::from_slice(&items)
    }
}

impl<T: Blank + Serialize, const N: usize> Serialize for InlineList<T, N> {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        self.as_slice().serialize(serializer)
    }
}

impl<'de, T: Blank + Deserialize<'de>, const N: usize> Deserialize<'de> for InlineList<T, N> {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        struct ListVisitor<T, const N: usize>(std::marker::PhantomData<T>);

        impl<'de, T: Blank + Deserialize<'de>, const N: usize> Visitor<'de> for ListVisitor<T, N> {
            type Value = InlineList<T, N>;

            fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
                write!(f, "a list of at most {N} items")
            }

            fn visit_seq<A: SeqAccess<'de>>(self, mut seq: A) -> Result<Self::Value, A::Error> {
                let mut list = InlineList::new();
                while let Some(item) = seq.next_element()? {
                    if !list.try_push(item) {
                        return Err(A::Error::custom(format!(
                            "a list of at most {N} items, not more"
                        )));
                    }
                }
                Ok(list)
            }
        }

        deserializer.deserialize_seq(ListVisitor(std::marker::PhantomData))
    }
}

impl<T: Blank + JsonSchema, const N: usize> JsonSchema for InlineList<T, N> {
    fn inline_schema() -> bool {
        true
    }

    fn schema_name() -> std::borrow::Cow<'static, str> {
        format!("List_of_{}_max_{N}", T::schema_name()).into()
    }

    fn schema_id() -> std::borrow::Cow<'static, str> {
        format!("cardarena_engine::InlineList<{}, {N}>", T::schema_id()).into()
    }

    /// The JSON array it travels as, at most `N` items long (a longer one is refused).
    fn json_schema(generator: &mut SchemaGenerator) -> Schema {
        json_schema!({
            "type": "array",
            "items": generator.subschema_for::<T>(),
            "maxItems": N,
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn cards(texts: &[&str]) -> Vec<Card> {
        texts.iter().map(|t| t.parse().unwrap()).collect()
    }

    #[test]
    fn a_card_list_travels_as_the_vec_it_replaces() {
        for texts in [&[][..], &["7H"], &["7C", "7D", "7S"], &["2C"; 13]] {
            let vec = cards(texts);
            let list = CardList::from_slice(&vec);
            let json = serde_json::to_string(&list).unwrap();
            assert_eq!(json, serde_json::to_string(&vec).unwrap());
            assert_eq!(serde_json::from_str::<CardList>(&json).unwrap(), list);
            assert_eq!(format!("{list:?}"), format!("{vec:?}"));
            assert_eq!(list, vec);
        }
    }

    #[test]
    fn a_list_too_long_or_not_a_list_is_refused_not_a_panic() {
        let fourteen = serde_json::to_string(&cards(&["2C"; 14])).unwrap();
        let error = serde_json::from_str::<CardList>(&fourteen).unwrap_err();
        assert!(error.to_string().contains("at most 13"), "{error}");
        for bad in ["\"7H\"", "{}", "[\"ZZ\"]", "3"] {
            assert!(serde_json::from_str::<CardList>(bad).is_err(), "{bad}");
        }
    }

    #[test]
    fn equality_and_hash_ignore_the_unused_places() {
        let mut a = CardList::from(cards(&["7H", "8H"]));
        let b = CardList::from(cards(&["7H"]));
        assert_ne!(a, b);
        a = a.iter().copied().take(1).collect();
        assert_eq!(a, b);
        let hash = |list: &CardList| {
            use std::collections::hash_map::DefaultHasher;
            let mut hasher = DefaultHasher::new();
            list.hash(&mut hasher);
            hasher.finish()
        };
        assert_eq!(hash(&a), hash(&b));
    }

    #[test]
    #[should_panic(expected = "holds 13 items")]
    fn pushing_past_the_capacity_panics() {
        let mut list = CardList::new();
        for _ in 0..14 {
            list.push(Card::RED_JOKER);
        }
    }
}
