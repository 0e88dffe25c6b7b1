//! Whose turn it is: the thinking pool's order of service, free of threads and clocks so that
//! it can be tested step by step.
//!
//! Work waits in one queue per [`Tenant`]. When a thread is free it serves, first, the [`Lane`]
//! that has used the least of the pool lately, among lanes with work waiting; then, within it,
//! the tenant that has used the least lately; then that tenant's oldest job. "Lately" is CPU
//! time decayed with a half-life of [`HALF_LIFE`]: a tenant that has been thinking for minutes
//! has a large figure, a newcomer none, so a newcomer is served first until it has had about as
//! much as the others, and after that each tenant with work waiting gets an equal share. A job is
//! charged what it is expected to cost when it starts (so that two threads freed at once do not
//! both pick the same tenant) and set right with what it really took when it ends.

use std::collections::{HashMap, VecDeque};
use std::time::{Duration, Instant};

use super::{Lane, Tenant};

/// How fast past use is forgotten: a tenant's use counts half after this long.
pub const HALF_LIFE: Duration = Duration::from_secs(60);
/// A tenant with no work waiting or running whose decayed use has fallen under this is
/// forgotten (it would be served first anyway).
const FORGET_BELOW_MS: f64 = 1.0;

/// Use decayed over time, in ms of a thread.
#[derive(Debug, Clone, Copy)]
struct Decayed {
    ms: f64,
    at: Instant,
}

impl Decayed {
    fn new(now: Instant) -> Decayed {
        Decayed { ms: 0.0, at: now }
    }

    /// The figure at `now`.
    fn at(&self, now: Instant) -> f64 {
        let elapsed = now.saturating_duration_since(self.at).as_secs_f64();
        self.ms * 0.5f64.powf(elapsed / HALF_LIFE.as_secs_f64())
    }

    /// Adds `ms` (negative to set a charge right) at `now`.
    fn add(&mut self, ms: f64, now: Instant) {
        self.ms = (self.at(now) + ms).max(0.0);
        self.at = now;
    }
}

/// One tenant's waiting jobs and its use.
#[derive(Debug)]
struct TenantState<J> {
    queue: VecDeque<(J, f64, Instant)>,
    used: Decayed,
    running: usize,
}

/// The pool's order of service over jobs of type `J`.
#[derive(Debug)]
pub struct Fair<J> {
    tenants: HashMap<Tenant, TenantState<J>>,
    lanes: [Decayed; Lane::ALL.len()],
    queued: [usize; Lane::ALL.len()],
}

/// A job taken from the queue: what to run, whose it is, what it was charged and how long it
/// waited.
#[derive(Debug)]
pub struct Taken<J> {
    /// The job.
    pub job: J,
    /// Its tenant.
    pub tenant: Tenant,
    /// What it was charged when it started, in ms.
    pub charged_ms: f64,
    /// How long it waited in the queue.
    pub waited: Duration,
}

impl<J> Fair<J> {
    /// An empty queue at `now`.
    pub fn new(now: Instant) -> Fair<J> {
        Fair {
            tenants: HashMap::new(),
            lanes: [Decayed::new(now); Lane::ALL.len()],
            queued: [0; Lane::ALL.len()],
        }
    }

    /// Queues `job` of `tenant`, expected to cost `estimate_ms`.
    pub fn push(&mut self, tenant: Tenant, job: J, estimate_ms: f64, now: Instant) {
        self.queued[tenant.lane.index()] += 1;
        self.tenants
            .entry(tenant)
            .or_insert_with(|| TenantState {
                queue: VecDeque::new(),
                used: Decayed::new(now),
                running: 0,
            })
            .queue
            .push_back((job, estimate_ms, now));
    }

    /// Jobs waiting in `lane`.
    pub fn queued(&self, lane: Lane) -> usize {
        self.queued[lane.index()]
    }

    /// The next job to run, charged to its tenant and lane, or `None` when nothing waits.
    pub fn pop(&mut self, now: Instant) -> Option<Taken<J>> {
        let lane = Lane::ALL
            .into_iter()
            .filter(|lane| self.queued[lane.index()] > 0)
            .min_by(|a, b| {
                let (a, b) = (self.lanes[a.index()].at(now), self.lanes[b.index()].at(now));
                a.total_cmp(&b)
            })?;
        let tenant = self
            .tenants
            .iter()
            .filter(|(t, s)| t.lane == lane && !s.queue.is_empty())
            .min_by(|(_, a), (_, b)| {
                let by_use = a.used.at(now).total_cmp(&b.used.at(now));
                by_use.then_with(|| a.queue[0].2.cmp(&b.queue[0].2))
            })
            .map(|(t, _)| t.clone())?;
        let state = self.tenants.get_mut(&tenant)?;
        let (job, estimate_ms, queued_at) = state.queue.pop_front()?;
        state.used.add(estimate_ms, now);
        state.running += 1;
        self.lanes[lane.index()].add(estimate_ms, now);
        self.queued[lane.index()] -= 1;
        Some(Taken {
            job,
            tenant,
            charged_ms: estimate_ms,
            waited: now.saturating_duration_since(queued_at),
        })
    }

    /// A job of `tenant` charged `charged_ms` ended having taken `took_ms`: its tenant and lane
    /// are set right, and tenants with nothing left to remember are forgotten.
    pub fn done(&mut self, tenant: &Tenant, charged_ms: f64, took_ms: f64, now: Instant) {
        let correction = took_ms - charged_ms;
        self.lanes[tenant.lane.index()].add(correction, now);
        if let Some(state) = self.tenants.get_mut(tenant) {
            state.used.add(correction, now);
            state.running = state.running.saturating_sub(1);
        }
        self.tenants.retain(|_, s| {
            !s.queue.is_empty() || s.running > 0 || s.used.at(now) >= FORGET_BELOW_MS
        });
    }

    /// Tenants remembered (waiting, running, or used lately).
    pub fn tenants(&self) -> usize {
        self.tenants.len()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn net(n: u8) -> Tenant {
        Tenant::network(&format!("10.0.{n}.0/24"))
    }

    /// Runs `fair` on one thread for `jobs` jobs of 10 ms each, every job ending before the next
    /// starts, and counts whose they were.
    fn serve(fair: &mut Fair<u32>, jobs: usize, now: &mut Instant) -> HashMap<Tenant, usize> {
        let mut served = HashMap::new();
        for _ in 0..jobs {
            let Some(taken) = fair.pop(*now) else { break };
            *now += Duration::from_millis(10);
            fair.done(&taken.tenant, taken.charged_ms, 10.0, *now);
            *served.entry(taken.tenant).or_insert(0) += 1;
        }
        served
    }

    #[test]
    fn tenants_with_work_waiting_take_equal_turns_however_much_each_queued() {
        let mut now = Instant::now();
        let mut fair = Fair::new(now);
        for job in 0..300 {
            fair.push(net(1), job, 10.0, now);
        }
        for job in 0..30 {
            fair.push(net(2), job, 10.0, now);
            fair.push(net(3), job, 10.0, now);
        }
        let served = serve(&mut fair, 60, &mut now);
        assert_eq!(served[&net(1)], 20);
        assert_eq!(served[&net(2)], 20);
        assert_eq!(served[&net(3)], 20);
    }

    #[test]
    fn a_newcomer_is_served_before_tenants_that_have_been_thinking() {
        let mut now = Instant::now();
        let mut fair = Fair::new(now);
        for job in 0..1000 {
            for n in 1..=5 {
                fair.push(net(n), job, 10.0, now);
            }
        }
        serve(&mut fair, 500, &mut now);
        for job in 0..10 {
            fair.push(net(9), job, 10.0, now);
        }
        let served = serve(&mut fair, 10, &mut now);
        assert_eq!(served.get(&net(9)), Some(&10), "{served:?}");
    }

    #[test]
    fn a_lane_gets_its_share_however_many_tenants_crowd_another() {
        let mut now = Instant::now();
        let mut fair = Fair::new(now);
        for n in 0..30 {
            for job in 0..100 {
                fair.push(net(n), job, 10.0, now);
            }
        }
        for job in 0..100 {
            fair.push(Tenant::contest(), job, 10.0, now);
        }
        let served = serve(&mut fair, 200, &mut now);
        assert_eq!(served[&Tenant::contest()], 100);
        let strangers: usize = (0..30).map(|n| served.get(&net(n)).unwrap_or(&0)).sum();
        assert_eq!(strangers, 100);
    }

    #[test]
    fn a_job_that_costs_more_than_expected_is_charged_what_it_took() {
        let mut now = Instant::now();
        let mut fair = Fair::new(now);
        for job in 0..20 {
            fair.push(net(1), job, 10.0, now);
            fair.push(net(2), job, 10.0, now);
        }
        // Each of net 1's jobs takes 100 ms, net 2's 10: net 2 runs about ten for each of net 1's.
        let mut served = HashMap::new();
        for _ in 0..22 {
            let taken = fair.pop(now).unwrap();
            let took = if taken.tenant == net(1) { 100.0 } else { 10.0 };
            now += Duration::from_millis(took as u64);
            fair.done(&taken.tenant, taken.charged_ms, took, now);
            *served.entry(taken.tenant).or_insert(0) += 1;
        }
        assert_eq!(served[&net(1)], 2, "{served:?}");
        assert_eq!(served[&net(2)], 20, "{served:?}");
    }

    #[test]
    fn use_is_forgotten_over_time_and_idle_tenants_are_dropped() {
        let mut now = Instant::now();
        let mut fair = Fair::new(now);
        fair.push(net(1), 0, 5000.0, now);
        let taken = fair.pop(now).unwrap();
        fair.done(&taken.tenant, taken.charged_ms, 5000.0, now);
        assert_eq!(fair.tenants(), 1);
        now += HALF_LIFE * 14;
        fair.push(net(2), 0, 1.0, now);
        let taken = fair.pop(now).unwrap();
        fair.done(&taken.tenant, taken.charged_ms, 0.0, now);
        assert_eq!(fair.tenants(), 0, "5 s halved 14 times is under 1 ms");
        assert!(fair.pop(now).is_none());
    }
}
