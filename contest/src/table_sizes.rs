//! The table sizes a bot plays on the ladder (issue 44: a policy trained at 2 seats crashed at 3,
//! 4 and 5, since its observation's length depends on the table's size). Its owner names them at
//! registration or later (`"ladder_players": [2, 3]`); none named means every size its game
//! seats. The ladder seats it only there, its probation match is at the smallest, and practice
//! and tournament entry refuse a size outside them. This module checks a list where it arrives
//! and puts the sizes in words; the store keeps them ([`BotRecord::ladder_players`]).

use cardarena_engine::PlayerCount;
use cardarena_store::BotRecord;

use crate::games::GameInfo;

/// The longest list of table sizes accepted, duplicates included: longer than any game's list of
/// sizes, and short enough that a list of a thousand is refused before it is read through.
pub const MAX_SIZES: usize = 16;

/// The sizes of `sizes` (as a request gives them) that a bot of `game` may play at: sorted,
/// without duplicates. The error is a sentence for the person who sent them.
pub fn check(game: &GameInfo, sizes: &[u64]) -> Result<Vec<usize>, String> {
    let seats = game.players.describe();
    if sizes.is_empty() {
        return Err(format!(
            "name at least one table size: {} seats {seats} players",
            game.id
        ));
    }
    if sizes.len() > MAX_SIZES {
        return Err(format!(
            "a list of table sizes has at most {MAX_SIZES} entries: {} seats {seats} players",
            game.id
        ));
    }
    let mut out = Vec::with_capacity(sizes.len());
    for &size in sizes {
        match usize::try_from(size) {
            Ok(n) if game.players.allows(n) => out.push(n),
            _ => return Err(format!("{} seats {seats} players, not {size}", game.id)),
        }
    }
    out.sort_unstable();
    out.dedup();
    Ok(out)
}

/// Every size the bot plays on the ladder at, fewest first: its list, or every size its game
/// seats.
pub fn of(bot: &BotRecord, players: PlayerCount) -> Vec<usize> {
    match &bot.ladder_players {
        Some(sizes) => sizes.clone(),
        None => players.counts().collect(),
    }
}

/// A list of numbers in words: "2", "2 and 3", "2, 3 and 4".
pub fn list_in_words(sizes: &[usize]) -> String {
    let words: Vec<String> = sizes.iter().map(usize::to_string).collect();
    match words.as_slice() {
        [] => String::new(),
        [one] => one.clone(),
        [init @ .., last] => format!("{} and {last}", init.join(", ")),
    }
}

/// Where the bot plays, for a sentence: "at 2 seats only", "at 2 and 3 seats".
pub fn plays_at_in_words(sizes: &[usize]) -> String {
    match sizes {
        [one] => format!("at {one} seats only"),
        _ => format!("at {} seats", list_in_words(sizes)),
    }
}

/// The bot's sizes as its pages say them (the My bots page's script says them alike): "Plays the
/// ladder at 2 and 3 seats.", or, at every size, "Plays the ladder at 2, 3 and 4 seats: every
/// size durak seats."
pub fn sentence(bot: &BotRecord, game: &GameInfo) -> String {
    let sizes = of(bot, game.players);
    let at = plays_at_in_words(&sizes);
    let every = sizes.iter().copied().eq(game.players.counts());
    match (every, sizes.as_slice()) {
        (true, [one]) => format!(
            "Plays the ladder at {one} seats, the only size {} seats.",
            game.id
        ),
        (true, _) => format!("Plays the ladder {at}: every size {} seats.", game.id),
        (false, _) => format!("Plays the ladder {at}."),
    }
}

/// Why the bot (of a game seating `players`) is not seated at a table of `size`, for the person
/// who asked: "pair plays at 2 seats only; this practice match seats 4", where `what` is "this
/// practice match", what would seat it.
pub fn outside(bot: &BotRecord, players: PlayerCount, what: &str, size: usize) -> String {
    format!(
        "{} plays {}; {what} seats {size}",
        bot.name,
        plays_at_in_words(&of(bot, players))
    )
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::games;

    #[test]
    fn a_list_is_checked_against_the_game_sorted_and_deduplicated() {
        let durak = games::game("durak").unwrap();
        assert_eq!(check(&durak, &[3, 2, 3]), Ok(vec![2, 3]));
        let fifty_six = games::game("fifty-six").unwrap();
        assert_eq!(check(&fifty_six, &[6, 4, 6, 4]), Ok(vec![4, 6]));
        assert_eq!(
            check(&fifty_six, &[4, 3]),
            Err("fifty-six seats 4 or 6 players, not 3".to_string())
        );
        assert_eq!(
            check(&durak, &[]),
            Err("name at least one table size: durak seats 2 to 4 players".to_string())
        );
        assert!(
            check(&durak, &[u64::MAX])
                .unwrap_err()
                .ends_with("not 18446744073709551615")
        );
        let long = vec![2; MAX_SIZES + 1];
        assert!(
            check(&durak, &long)
                .unwrap_err()
                .contains("at most 16 entries")
        );
        assert_eq!(check(&durak, &[2; MAX_SIZES]), Ok(vec![2]));
    }

    #[test]
    fn sizes_read_as_words() {
        assert_eq!(list_in_words(&[2]), "2");
        assert_eq!(list_in_words(&[2, 3]), "2 and 3");
        assert_eq!(list_in_words(&[2, 3, 5]), "2, 3 and 5");
        assert_eq!(plays_at_in_words(&[2]), "at 2 seats only");
        assert_eq!(plays_at_in_words(&[4, 6]), "at 4 and 6 seats");
    }
}
