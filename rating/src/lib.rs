//! cardarena-rating: skill ratings, Weng-Lin (the Bradley–Terry full-pair model, as OpenSkill) for
//! matches of any size: each seat a team of one, or, in a game of partnerships, each partnership
//! one team. A pure leaf: the store's rating pass applies it to stored results and the pages
//! draw it; it imports nothing of cardarena, so the rating model can be read, tested and changed
//! without the store or the server.

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

    /// The skill a new version of a bot starts from: mu kept, sigma widened by
    /// [`VERSION_WIDENING`] (in quadrature), never past a newcomer's.
    pub fn widened(self) -> Skill {
        let sigma = self.sigma.hypot(VERSION_WIDENING);
        Skill {
            mu: self.mu,
            sigma: sigma.min(Skill::INITIAL.sigma),
        }
    }
}

/// How much uncertainty a new version of a bot adds to its rating: 25/6, half a newcomer's
/// sigma (docs/architecture.md, "Bot versions", says why).
pub const VERSION_WIDENING: f64 = 25.0 / 6.0;

/// The skills after one match in which `players[i]` finished at place `ranks[i]` (1 is best,
/// ties share a place). With `partnerships`, the even seats and the odd seats are two teams
/// (their members share a place): a team's skill is its members' together, and each member moves
/// by its share of the team's uncertainty. Otherwise every seat is a team of one.
pub fn rate(players: &[Skill], ranks: &[u32], partnerships: bool) -> Vec<Skill> {
    let team_of = |seat: usize| if partnerships { seat % 2 } else { seat };
    let count = if partnerships {
        players.len().min(2)
    } else {
        players.len()
    };
    let mut members: Vec<Vec<usize>> = vec![Vec::new(); count];
    for seat in 0..players.len() {
        members[team_of(seat)].push(seat);
    }
    let ratings: Vec<Vec<WengLinRating>> = members
        .iter()
        .map(|seats| {
            seats
                .iter()
                .map(|&s| WengLinRating {
                    rating: players[s].mu,
                    uncertainty: players[s].sigma,
                })
                .collect()
        })
        .collect();
    let teams: Vec<(&[WengLinRating], MultiTeamOutcome)> = ratings
        .iter()
        .zip(&members)
        .map(|(r, seats)| {
            let rank = seats.iter().map(|&s| ranks[s]).min().unwrap_or(1);
            (&r[..], MultiTeamOutcome::new(rank as usize))
        })
        .collect();
    let mut after = players.to_vec();
    for (team, seats) in weng_lin_multi_team(&teams, &WengLinConfig::new())
        .into_iter()
        .zip(&members)
    {
        for (rating, &seat) in team.iter().zip(seats) {
            after[seat] = Skill {
                mu: rating.rating,
                sigma: rating.uncertainty,
            };
        }
    }
    after
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_winner_rises_the_loser_falls_and_everyone_grows_surer() {
        let after = rate(&[Skill::INITIAL; 3], &[1, 2, 3], false);
        assert!(after[0].mu > 25.0 && after[2].mu < 25.0);
        assert!(after[0].mu > after[1].mu && after[1].mu > after[2].mu);
        assert!(after.iter().all(|s| s.sigma < Skill::INITIAL.sigma));
    }

    #[test]
    fn partners_rise_and_fall_together_and_count_as_one_team() {
        let after = rate(&[Skill::INITIAL; 4], &[1, 2, 1, 2], true);
        assert_eq!(after[0], after[2]);
        assert_eq!(after[1], after[3]);
        assert!(after[0].mu > 25.0 && after[1].mu < 25.0);
        // One win of a pair over a pair is one comparison, not four seats beating two each.
        let apart = rate(&[Skill::INITIAL; 4], &[1, 2, 1, 2], false);
        assert!(
            after[0].mu - 25.0 < apart[0].mu - 25.0,
            "{after:?} {apart:?}"
        );
        // A strong partner gains less from a win than a weak one: shares follow uncertainty.
        let sure = Skill {
            mu: 30.0,
            sigma: 1.0,
        };
        let after = rate(
            &[sure, Skill::INITIAL, Skill::INITIAL, Skill::INITIAL],
            &[1, 2, 1, 2],
            true,
        );
        assert!(after[0].mu - 30.0 < after[2].mu - 25.0, "{after:?}");
    }

    #[test]
    fn a_shared_place_between_equals_moves_nobody() {
        let after = rate(&[Skill::INITIAL; 2], &[1, 1], false);
        assert!((after[0].mu - 25.0).abs() < 1e-9 && (after[1].mu - 25.0).abs() < 1e-9);
    }

    #[test]
    fn a_new_version_keeps_mu_and_widens_sigma_up_to_a_newcomers() {
        let sure = Skill {
            mu: 31.0,
            sigma: 1.0,
        };
        let widened = sure.widened();
        assert_eq!(widened.mu, 31.0);
        assert!((widened.sigma - (1.0f64 + (25.0f64 / 6.0).powi(2)).sqrt()).abs() < 1e-12);
        assert!(widened.sigma > 4.0 && widened.sigma < Skill::INITIAL.sigma);
        assert_eq!(Skill::INITIAL.widened(), Skill::INITIAL);
        let unsure = Skill {
            mu: 20.0,
            sigma: 8.0,
        };
        assert_eq!(unsure.widened().sigma, Skill::INITIAL.sigma);
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
