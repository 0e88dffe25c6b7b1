//! The bot page's rating chart, drawn on the server as an SVG: μ as a line in a band of μ ± σ,
//! the conservative rating μ − 3σ as a second line, axes with ticks (the rating up the side, the
//! bot's rated matches along the bottom), and a marker where each version of the bot started.
//! The points are the store's sample of the bot's whole rated history ([`RatingPoint`]), so a
//! long history is a few hundred points, whatever its length.

use cardarena_rating::Skill;
use cardarena_store::RatingPoint;

use super::format::localised;
use crate::locale::Locale;

/// The drawing's size in px (the SVG scales to its box).
const WIDTH: f64 = 720.0;
const HEIGHT: f64 = 260.0;
/// The plot area's margins: room for the tick labels and the axis titles.
const LEFT: f64 = 52.0;
const RIGHT: f64 = 14.0;
const TOP: f64 = 14.0;
const BOTTOM: f64 = 38.0;
/// About how many ticks an axis has.
const TICKS: f64 = 6.0;

/// A tick of an axis: where (px along the axis), its value and its label.
#[derive(Debug, Clone, PartialEq)]
pub(super) struct Tick {
    /// The position in px: y for the rating axis, x for the matches axis.
    pub at: String,
    /// The value in plain digits, for programs ("-2.5").
    pub value: String,
    /// The value as the reader's language writes it ("-2,5"), as printed.
    pub label: String,
}

/// Where a version of the bot started.
#[derive(Debug, Clone, PartialEq)]
pub(super) struct Marker {
    /// The x of its line, px.
    pub x: String,
    /// Its number.
    pub version: u32,
    /// The rated match (from 1) it started at.
    pub from: u64,
    /// What it is, in the reader's language (the page sets it).
    pub title: String,
}

/// The chart, every number ready to print into the template's SVG.
#[derive(Debug, Clone, PartialEq)]
pub(super) struct RatingChart {
    /// The drawing's width and height, px.
    pub width: String,
    /// See `width`.
    pub height: String,
    /// The plot area's edges, px.
    pub left: String,
    /// See `left`.
    pub right: String,
    /// See `left`.
    pub top: String,
    /// See `left`.
    pub bottom: String,
    /// Where the ticks end outside the plot: the x of the rating's, the y of the matches'.
    pub y_tick_x: String,
    /// See `y_tick_x`.
    pub x_tick_y: String,
    /// The middle of each axis, for its title.
    pub mid_x: String,
    /// See `mid_x`.
    pub mid_y: String,
    /// Where each axis's title sits, px: the x of the rating's, the y of the matches'.
    pub y_title_x: String,
    /// See `y_title_x`.
    pub x_title_y: String,
    /// The path of the band μ ± σ (a closed shape).
    pub band: String,
    /// The path of μ.
    pub mu: String,
    /// The path of μ − 3σ.
    pub low: String,
    /// The rating axis's ticks.
    pub y_ticks: Vec<Tick>,
    /// The matches axis's ticks.
    pub x_ticks: Vec<Tick>,
    /// Where each version started.
    pub versions: Vec<Marker>,
    /// The rated matches drawn.
    pub matches: u64,
    /// How many points they are drawn as.
    pub points: usize,
    /// Whether that is fewer than one a match.
    pub downsampled: bool,
}

/// One point of the chart: x in rated matches, the skill there.
#[derive(Debug, Clone, Copy)]
struct Point {
    x: f64,
    skill: Skill,
}

impl RatingChart {
    /// The chart of a bot's history: `history` in order (as the store samples it), ending at its
    /// `current` skill after `matches` rated matches (a new version may have widened it since the
    /// last), with a marker for each of `versions` (number, the rated match it starts at). None
    /// when it has no rated match. Its tick labels are written as `locale` writes numbers.
    pub(super) fn new(
        locale: Locale,
        history: &[RatingPoint],
        current: Option<Skill>,
        matches: u64,
        versions: &[(u32, u64)],
    ) -> Option<RatingChart> {
        history.last()?;
        let matches = matches.max(history.last().map_or(0, |p| p.nth));
        let mut points: Vec<Point> = history
            .iter()
            .map(|p| Point {
                x: p.nth as f64,
                skill: p.skill,
            })
            .collect();
        if let Some(skill) = current {
            points.push(Point {
                x: matches as f64,
                skill,
            });
        }
        let (lo, hi) = points.iter().fold((f64::MAX, f64::MIN), |(lo, hi), p| {
            let low = p.skill.rating().min(p.skill.mu - p.skill.sigma);
            (lo.min(low), hi.max(p.skill.mu + p.skill.sigma))
        });
        let y_step = nice_step(hi - lo);
        let (y_min, y_max) = (
            (lo / y_step).floor() * y_step,
            (hi / y_step).ceil() * y_step,
        );
        let y_max = if y_max > y_min { y_max } else { y_min + y_step };
        let x_max = (matches as f64).max(1.0);
        let x_step = nice_step(x_max).max(1.0);
        let px = |x: f64| LEFT + x / x_max * (WIDTH - LEFT - RIGHT);
        let py = |y: f64| HEIGHT - BOTTOM - (y - y_min) / (y_max - y_min) * (HEIGHT - TOP - BOTTOM);
        let tick = |at: f64, value: f64, step: f64| {
            let value = label(value, step);
            Tick {
                at: px1(at),
                label: localised(locale, &value),
                value,
            }
        };
        let line = |value: &dyn Fn(Skill) -> f64| {
            path(points.iter().map(|p| (px(p.x), py(value(p.skill)))))
        };
        let upper = points
            .iter()
            .map(|p| (px(p.x), py(p.skill.mu + p.skill.sigma)));
        let lower = points
            .iter()
            .rev()
            .map(|p| (px(p.x), py(p.skill.mu - p.skill.sigma)));
        let band = format!("{}Z", path(upper.chain(lower)));
        let versions = versions
            .iter()
            .map(|&(version, from)| Marker {
                x: px1(px((from as f64 - 0.5).clamp(0.0, x_max))),
                version,
                from,
                title: String::new(),
            })
            .collect();
        Some(RatingChart {
            width: px1(WIDTH),
            height: px1(HEIGHT),
            left: px1(LEFT),
            right: px1(WIDTH - RIGHT),
            top: px1(TOP),
            bottom: px1(HEIGHT - BOTTOM),
            y_tick_x: px1(LEFT - 5.0),
            x_tick_y: px1(HEIGHT - BOTTOM + 5.0),
            mid_x: px1((LEFT + WIDTH - RIGHT) / 2.0),
            mid_y: px1((TOP + HEIGHT - BOTTOM) / 2.0),
            y_title_x: px1(14.0),
            x_title_y: px1(HEIGHT - 6.0),
            band,
            mu: line(&|s| s.mu),
            low: line(&|s| s.rating()),
            y_ticks: ticks(y_min, y_max, y_step)
                .map(|v| tick(py(v), v, y_step))
                .collect(),
            x_ticks: ticks(0.0, x_max, x_step)
                .map(|v| tick(px(v), v, x_step))
                .collect(),
            versions,
            matches,
            downsampled: (history.len() as u64) < matches,
            points: points.len(),
        })
    }
}

/// A round step (1, 2 or 5 times a power of ten) that cuts `span` into about [`TICKS`] parts.
fn nice_step(span: f64) -> f64 {
    if span <= 0.0 || !span.is_finite() {
        return 1.0;
    }
    let raw = span / TICKS;
    let power = 10f64.powf(raw.log10().floor());
    let step = [1.0, 2.0, 5.0, 10.0]
        .into_iter()
        .find(|m| m * power >= raw)
        .unwrap_or(10.0);
    step * power
}

/// The multiples of `step` from `from` to `to`, both included (within rounding).
fn ticks(from: f64, to: f64, step: f64) -> impl Iterator<Item = f64> {
    let first = (from / step).ceil() as i64;
    let last = (to / step + 1e-9).floor() as i64;
    (first..=last).map(move |i| i as f64 * step)
}

/// A tick's value in plain digits: as many decimals as the step needs.
fn label(value: f64, step: f64) -> String {
    let decimals = if step >= 1.0 {
        0
    } else {
        (-step.log10()).ceil() as usize
    };
    let text = format!("{value:.decimals$}");
    // "-0" reads as a glitch.
    match text.trim_start_matches('-').trim_matches(['0', '.']) {
        "" => "0".to_string(),
        _ => text,
    }
}

/// A coordinate, one decimal.
fn px1(v: f64) -> String {
    format!("{v:.1}")
}

/// An SVG path through the points: "M x y L x y …".
fn path(points: impl Iterator<Item = (f64, f64)>) -> String {
    let mut out = String::new();
    for (i, (x, y)) in points.enumerate() {
        out.push_str(if i == 0 { "M" } else { " L" });
        out.push_str(&format!("{x:.1} {y:.1}"));
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    fn point(nth: u64, version: Option<u32>, mu: f64, sigma: f64) -> RatingPoint {
        RatingPoint {
            nth,
            version,
            skill: Skill { mu, sigma },
        }
    }

    #[test]
    fn steps_are_round_and_labels_as_precise_as_the_step() {
        assert_eq!(nice_step(30.0), 5.0);
        assert_eq!(nice_step(100_000.0), 20_000.0);
        assert_eq!(nice_step(1.0), 0.2);
        assert_eq!(nice_step(0.0), 1.0);
        let t: Vec<f64> = ticks(-7.5, 12.0, 5.0).collect();
        assert_eq!(t, [-5.0, 0.0, 5.0, 10.0]);
        assert_eq!(label(0.4, 0.2), "0.4");
        assert_eq!(label(-0.0, 5.0), "0");
        assert_eq!(label(20_000.0, 20_000.0), "20000");
    }

    #[test]
    fn no_history_no_chart() {
        assert_eq!(
            RatingChart::new(Locale::En, &[], Some(Skill::INITIAL), 0, &[(1, 1)]),
            None
        );
    }

    #[test]
    fn the_chart_has_axes_a_band_and_a_marker_per_version() {
        let history = [
            point(1, Some(1), 26.0, 8.0),
            point(3, Some(1), 28.0, 6.0),
            point(4, Some(2), 27.0, 6.5),
            point(9, Some(2), 30.0, 4.0),
            point(10, Some(3), 29.0, 4.5),
        ];
        let versions = [(1, 1), (2, 4), (3, 10)];
        let chart = RatingChart::new(Locale::En, &history, None, 10, &versions).expect("a chart");
        assert_eq!(chart.matches, 10);
        assert_eq!(chart.points, 5);
        let versions: Vec<(u32, u64)> =
            chart.versions.iter().map(|m| (m.version, m.from)).collect();
        assert_eq!(versions, [(1, 1), (2, 4), (3, 10)]);
        // The rating axis covers μ − 3σ (26 − 24 = 2) to μ + σ (34): 32 in about six steps is
        // 5.3 each, rounded up to 10.
        let y: Vec<&str> = chart.y_ticks.iter().map(|t| t.label.as_str()).collect();
        assert_eq!(y, ["0", "10", "20", "30", "40"]);
        let x: Vec<&str> = chart.x_ticks.iter().map(|t| t.label.as_str()).collect();
        assert_eq!(x, ["0", "2", "4", "6", "8", "10"]);
        // Higher ratings are higher up; the band is closed.
        let y_of = |label: &str| -> f64 {
            let tick = chart.y_ticks.iter().find(|t| t.label == label).unwrap();
            tick.at.parse().unwrap()
        };
        assert!(y_of("30") < y_of("0"));
        assert_eq!(y_of("0"), HEIGHT - BOTTOM);
        assert_eq!(y_of("40"), TOP);
        assert!(chart.band.starts_with('M') && chart.band.ends_with('Z'));
        assert_eq!(chart.mu.matches(" L").count(), 4);
    }

    #[test]
    fn the_current_skill_ends_the_lines() {
        let history = [point(250, None, 30.0, 2.0), point(500, None, 31.0, 1.5)];
        let widened = Skill {
            mu: 31.0,
            sigma: 4.4,
        };
        let chart =
            RatingChart::new(Locale::En, &history, Some(widened), 500, &[]).expect("a chart");
        assert!(chart.versions.is_empty());
        assert_eq!(chart.points, 3);
        // The last point is the widened rating at the right edge, lower than the one before.
        let ends: Vec<(f64, f64)> = chart
            .low
            .split(" L")
            .map(|p| {
                let mut xy = p
                    .trim_start_matches('M')
                    .split(' ')
                    .map(|v| v.parse().unwrap());
                (xy.next().unwrap(), xy.next().unwrap())
            })
            .collect();
        assert_eq!(format!("{:.1}", ends[2].0), chart.right);
        assert!(ends[2].1 > ends[1].1, "{ends:?}");
    }

    #[test]
    fn tick_labels_are_written_as_the_language_writes_numbers() {
        let history = [point(1, None, 1.0, 0.1), point(2, None, 1.6, 0.1)];
        let chart = RatingChart::new(Locale::Ru, &history, None, 2, &[]).expect("a chart");
        let y: Vec<(&str, &str)> = chart
            .y_ticks
            .iter()
            .map(|t| (t.value.as_str(), t.label.as_str()))
            .collect();
        assert!(y.contains(&("1.2", "1,2")), "{y:?}");
        assert!(y.iter().all(|(v, l)| v.replace('.', ",") == *l), "{y:?}");
    }
}
