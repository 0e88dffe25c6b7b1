//! One scale for match results: a seat's place turned into a value from 1 (first) to 0 (last),
//! tied seats sharing the places they occupy, so that tables of any size and any game compare.
//! It sits below the store and everything that scores, so each reads results the same way.

/// One seat of a finished match, as standings read it.
#[derive(Debug, Clone, PartialEq)]
pub struct SeatResult {
    /// The bot.
    pub bot_id: String,
    /// Its place (1 for the best; tied seats share one).
    pub rank: u32,
    /// The game's score.
    pub score: f64,
    /// Whether it faulted.
    pub faulted: bool,
}

/// The place value of every seat of a match, from the match's places by seat.
///
/// A seat whose group of tied seats occupies places b + 1 … b + g (b seats placed strictly
/// better, g seats in the group) has the average place p = b + (g + 1) / 2, and the value
/// (n − p) / (n − 1) for n seats: a sole winner 1, a sole loser 0, two survivors of three-player
/// durak 0.75 each, every seat 0.5 when all tie. The values of a match add up to n / 2, as the
/// places 1 … n are shared out whole. A lone seat scores 1.
pub fn place_values(ranks: &[u32]) -> Vec<f64> {
    let n = ranks.len();
    if n < 2 {
        return vec![1.0; n];
    }
    ranks
        .iter()
        .map(|&rank| {
            let better = ranks.iter().filter(|&&r| r < rank).count() as f64;
            let tied = ranks.iter().filter(|&&r| r == rank).count() as f64;
            let place = better + (tied + 1.0) / 2.0;
            (n as f64 - place) / (n as f64 - 1.0)
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::place_values;

    fn close(got: &[f64], want: &[f64]) -> bool {
        got.len() == want.len() && got.iter().zip(want).all(|(a, b)| (a - b).abs() < 1e-12)
    }

    #[test]
    fn the_survivors_of_three_player_durak_share_first_and_second_place() {
        assert!(close(&place_values(&[1, 2, 1]), &[0.75, 0.0, 0.75]));
    }

    #[test]
    fn three_tied_for_first_of_four_share_the_first_three_places() {
        // Places 1, 2, 3 shared: p = 2, value (4 − 2) / 3.
        let v = place_values(&[1, 1, 2, 1]);
        assert!(close(&v, &[2.0 / 3.0, 2.0 / 3.0, 0.0, 2.0 / 3.0]), "{v:?}");
    }

    #[test]
    fn a_table_that_ties_all_through_scores_one_half_each() {
        assert!(close(&place_values(&[1, 1]), &[0.5, 0.5]));
        assert!(close(&place_values(&[1; 6]), &[0.5; 6]));
    }

    #[test]
    fn a_sole_winner_scores_one_and_a_sole_loser_zero() {
        assert!(close(&place_values(&[2, 1]), &[0.0, 1.0]));
        let v = place_values(&[3, 1, 2, 4]);
        assert!(close(&v, &[1.0 / 3.0, 1.0, 2.0 / 3.0, 0.0]), "{v:?}");
        // Ties in the middle leave the ends whole.
        assert!(close(&place_values(&[1, 2, 2, 3]), &[1.0, 0.5, 0.5, 0.0]));
        assert!(close(&place_values(&[1]), &[1.0]));
    }
}
