//! Measuring a game's [`Calibration`]: how many steps of the expert's own rollouts one core
//! plays in a millisecond, and what a sampled deal costs in such steps. Run in a release build
//! (`examples/expert_calibrate.rs`) on an idle machine; the figures go into each game's
//! `EXPERT` constant.

use std::time::{Duration, Instant};

use cardarena_engine::playout::random_playout;
use cardarena_engine::shuffle::{below, rng};

use super::Calibration;
use super::search::{Scratch, rollout};
use crate::roster::HouseGame;

/// How many times the measurement runs; the fastest run counts, as the one least disturbed by
/// anything else on the machine.
const RUNS: usize = 3;

/// What one measurement found.
#[derive(Debug, Clone, Copy)]
pub struct Measured {
    /// The expert's rollouts (the game's rollout moves).
    pub expert: Calibration,
    /// Uniformly random play from the same samples, steps per ms: the engine's bare speed,
    /// measured alongside, so the ratio of the two holds on a busy machine too.
    pub random_steps_per_ms: u64,
}

/// The calibration of `G` measured here: rollouts and samples from positions every fifth
/// decision of `games` random games at the default table size.
pub fn measure<G: HouseGame>(games: u64) -> Measured {
    (0..RUNS)
        .map(|_| run::<G>(games))
        .max_by_key(|m| m.expert.steps_per_ms)
        .expect("at least one run")
}

/// One measurement.
fn run<G: HouseGame>(games: u64) -> Measured {
    let (mut random_steps, mut random_time) = (0u64, Duration::ZERO);
    let (mut steps, mut play_time) = (0u64, Duration::ZERO);
    let (mut samples, mut sample_time) = (0u64, Duration::ZERO);
    let mut buffer = Vec::new();
    for seed in 0..games {
        let mut game = G::new(&Default::default(), G::PLAYERS.default, seed).expect("valid setup");
        let mut choices = rng(seed);
        let mut decision = 0;
        while let Some(seat) = game.to_act()
            && decision <= 400
        {
            decision += 1;
            if decision % 5 == 0 {
                let view = game.view(seat);
                let mut scratch = Scratch::<G>::new(&view);
                let start = Instant::now();
                let sampled: Vec<G> = (0..20)
                    .map(|k| {
                        let sample = G::determinize(&view, &mut rng(k));
                        std::hint::black_box(G::sample_likelihood(&view, &sample));
                        sample
                    })
                    .collect();
                sample_time += start.elapsed();
                samples += sampled.len() as u64;
                let start = Instant::now();
                for (k, sample) in sampled.iter().enumerate() {
                    let mut played = sample.clone();
                    steps += rollout(sample, &mut played, seat, &mut rng(k as u64), &mut scratch).1;
                }
                play_time += start.elapsed();
                let start = Instant::now();
                for (k, sample) in sampled.iter().enumerate() {
                    let mut played = sample.clone();
                    random_steps += random_playout(&mut played, &mut rng(k as u64), &mut buffer)
                        .expect("legal play");
                }
                random_time += start.elapsed();
            }
            let legal = game.legal_actions();
            game.apply(&legal[below(&mut choices, legal.len())])
                .expect("a legal action");
        }
    }
    let per_ms = steps as f64 / play_time.as_secs_f64().max(1e-9) / 1000.0;
    let sample_ms = sample_time.as_secs_f64() * 1000.0 / samples.max(1) as f64;
    Measured {
        expert: Calibration {
            steps_per_ms: per_ms.round() as u64,
            sample_steps: (sample_ms * per_ms).round().max(1.0) as u64,
        },
        random_steps_per_ms: (random_steps as f64 / random_time.as_secs_f64().max(1e-9) / 1000.0)
            .round() as u64,
    }
}
