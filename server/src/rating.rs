//! Skill ratings: Weng-Lin (the Bradley–Terry full-pair model, as OpenSkill) for free-for-all
//! matches of any size, each seat a team of one.

use skillratings::MultiTeamOutcome;
use skillratings::weng_lin::{WengLinConfig, WengLinRating, weng_lin_multi_team};

/// A bot's skill estimate: mean and uncertainty.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Skill {
    /// The estimated skill.
    pub mu: f64,
    /// The uncertainty of the estimate (one standard deviation).
    pub sigma: f64,
}

impl Skill {
    /// The rating of a bot that has not played: mu 25, sigma 25/3.
    pub const INITIAL: Skill = Skill {
        mu: 25.0,
        sigma: 25.0 / 3.0,
    };

    /// The conservative rating shown and sorted on: mu − 3·sigma.
    pub fn rating(self) -> f64 {
        self.mu - 3.0 * self.sigma
    }
}

/// The skills after one match in which `players[i]` finished at place `ranks[i]` (1 is best,
/// ties share a place).
pub fn rate(players: &[Skill], ranks: &[u32]) -> Vec<Skill> {
    let ratings: Vec<[WengLinRating; 1]> = players
        .iter()
        .map(|s| {
            [WengLinRating {
                rating: s.mu,
                uncertainty: s.sigma,
            }]
        })
        .collect();
    let teams: Vec<(&[WengLinRating], MultiTeamOutcome)> = ratings
        .iter()
        .zip(ranks)
        .map(|(r, &rank)| (&r[..], MultiTeamOutcome::new(rank as usize)))
        .collect();
    weng_lin_multi_team(&teams, &WengLinConfig::new())
        .into_iter()
        .map(|team| Skill {
            mu: team[0].rating,
            sigma: team[0].uncertainty,
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_winner_rises_the_loser_falls_and_everyone_grows_surer() {
        let after = rate(&[Skill::INITIAL; 3], &[1, 2, 3]);
        assert!(after[0].mu > 25.0 && after[2].mu < 25.0);
        assert!(after[0].mu > after[1].mu && after[1].mu > after[2].mu);
        assert!(after.iter().all(|s| s.sigma < Skill::INITIAL.sigma));
    }

    #[test]
    fn a_shared_place_between_equals_moves_nobody() {
        let after = rate(&[Skill::INITIAL; 2], &[1, 1]);
        assert!((after[0].mu - 25.0).abs() < 1e-9 && (after[1].mu - 25.0).abs() < 1e-9);
    }

    #[test]
    fn the_conservative_rating_is_mu_minus_three_sigma() {
        assert!(Skill::INITIAL.rating().abs() < 1e-12);
        assert_eq!(
            Skill {
                mu: 30.0,
                sigma: 2.0
            }
            .rating(),
            24.0
        );
    }
}
