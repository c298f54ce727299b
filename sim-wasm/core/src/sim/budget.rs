//! The run's budgets: at most `limits.max_events` events and `limits.max_memory_mb` of
//! memory, so a runaway scenario stops with a clear message instead of freezing a tab.
//!
//! The event budget is exact, checked after every event. The memory budget is an estimate of
//! what the run holds, in three parts (docs/ARCHITECTURE.md §Budgets):
//! - **fixed**: the agents', flows', links' and paths' structures, measured once when the run
//!   is built ([`Budget::measure_fixed`]);
//! - **fast**: the event queue, the packets in flight, the recorded series and the event log —
//!   a few capacities, read at every check;
//! - **agents**: each agent's growing state (scoreboards, buffers; for a flow's sender its
//!   flow's subflow records), stream records and link queues — recounted only for the agents
//!   that handled an event since the last count ([`Budget::touch`]), every
//!   [`AGENT_MEMORY_EVERY`] events far from the budget and far more often near it.
//!
//! The recorder holds the share of the budget the rest leaves it and refuses to grow past it
//! (`Recorder::budget`), so a sample tick cannot overshoot between two checks.

use super::{Agent, World};
use crate::engine::time::to_secs;
use crate::metrics::FlowStats;
use crate::net::packet::AgentId;

/// How often (in events) the per-agent part of the memory estimate is recomputed far from the
/// budget: once per this many events or once per agent, whichever is rarer (the recount visits
/// every agent), and whenever the cheap parts grew by 1/32 of the budget since the last
/// recount. Within 10 % of the budget it is recomputed far more often (see `check_memory`).
pub const AGENT_MEMORY_EVERY: u64 = 4096;
/// How often (in events) the memory budget is checked: often enough that what a few events
/// allocate is small next to any budget (one event sends at most an initial window), rarely
/// enough to cost nothing per event. Series cannot grow past the budget in between (the
/// recorder holds its share of it) and the event budget is checked after every event.
const MEMORY_CHECK_EVERY: u32 = 32;
/// Heap bytes per agent not seen by `size_of_val` or `Agent::memory_bytes`: the boxed
/// congestion controller, small initial allocations, the allocator's headers.
const AGENT_OVERHEAD_BYTES: usize = 128;

/// Which budget an event exhausted.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Exceeded {
    Events,
    Memory,
}

/// The budgets and the memory estimate's bookkeeping.
#[derive(Debug, Default)]
pub struct Budget {
    pub max_events: u64,
    pub max_memory_bytes: f64,
    /// Memory that does not change during the run (see the module header).
    fixed_bytes: usize,
    /// The per-agent part of the estimate as last computed (agents' scoreboards and buffers,
    /// QUIC stream records, link queues).
    agent_bytes: usize,
    /// Events until `agent_bytes` is recomputed.
    agent_countdown: u64,
    /// Events until the memory budget is checked again.
    memory_countdown: u32,
    /// The cheap parts of the estimate when `agent_bytes` was last recomputed.
    fast_at_recount: usize,
    /// Per agent: its part of the memory estimate when last counted, and their sum.
    agent_mem: Vec<usize>,
    agent_mem_sum: usize,
    /// Per agent: the flow it sends for (whose subflow records only it grows), if any.
    sends_for: Vec<Option<u32>>,
    /// Agents that handled an event since the last count, each once (with their flags): only
    /// these can have grown or shrunk, so a recount visits them instead of every agent (a run
    /// with 10⁵ flows spent a tenth of its time recounting agents long finished or not yet
    /// started). The sum is the same as a full recount's.
    touched: Vec<u32>,
    touched_flag: Vec<bool>,
}

fn subflow_records(f: &FlowStats) -> usize {
    f.subflows.capacity() * std::mem::size_of::<crate::metrics::SubflowStats>()
}

impl Budget {
    pub fn new(max_events: u64, max_memory_bytes: f64) -> Self {
        Budget { max_events, max_memory_bytes, memory_countdown: 1, ..Budget::default() }
    }

    /// Note that agent `k` handled an event (its memory may have changed).
    #[inline]
    pub fn touch(&mut self, k: AgentId) {
        let k = k as usize;
        if !self.touched_flag[k] {
            self.touched_flag[k] = true;
            self.touched.push(k as u32);
        }
    }

    /// The parts of the memory estimate that are cheap to read (a few capacities).
    fn memory_fast(w: &World) -> usize {
        w.queue.memory_bytes() + w.net.pool.memory_bytes() + w.rec.memory_bytes() + w.log.memory_bytes() + w.class_series.as_ref().map_or(0, |c| c.memory_bytes())
    }

    /// Agent `k`'s part of the memory estimate: its state, and for a flow's sender the flow's
    /// subflow records, which only its sender grows.
    fn memory_of_agent(&self, w: &World, agents: &[Box<dyn Agent>], k: usize) -> usize {
        let subflows = self.sends_for[k].map_or(0, |f| subflow_records(&w.flows[f as usize]));
        agents[k].memory_bytes() + subflows
    }

    fn memory_of_streams_and_links(w: &World) -> usize {
        w.streams.iter().map(|s| s.memory_bytes()).sum::<usize>() + w.net.links.iter().map(|l| l.memory_bytes()).sum::<usize>()
    }

    /// The parts that grow with the agents: stream records and link queues (few, counted in
    /// full) and the agents' own parts (recounted for the agents touched since the last count).
    pub(crate) fn recount_agents(&mut self, w: &World, agents: &[Box<dyn Agent>]) -> usize {
        let mut touched = std::mem::take(&mut self.touched);
        for &k in &touched {
            let k = k as usize;
            self.touched_flag[k] = false;
            let now = self.memory_of_agent(w, agents, k);
            self.agent_mem_sum = self.agent_mem_sum - self.agent_mem[k] + now;
            self.agent_mem[k] = now;
        }
        touched.clear();
        self.touched = touched;
        self.agent_mem_sum + Self::memory_of_streams_and_links(w)
    }

    /// The parts that visit every agent, stream record and link (a full count).
    pub(crate) fn memory_of_agents(&self, w: &World, agents: &[Box<dyn Agent>]) -> usize {
        (0..agents.len()).map(|k| self.memory_of_agent(w, agents, k)).sum::<usize>() + Self::memory_of_streams_and_links(w)
    }

    /// Record the memory that stays fixed for the whole run (call once, after building it).
    /// A `Vec`, not a slice: the list's own capacity counts.
    #[allow(clippy::ptr_arg)]
    pub fn measure_fixed(&mut self, w: &mut World, agents: &Vec<Box<dyn Agent>>) {
        let n = agents.len();
        self.sends_for = vec![None; n];
        for (i, f) in w.flows.iter().enumerate() {
            self.sends_for[f.sender as usize] = Some(i as u32);
        }
        let agent_structs: usize = agents.iter().map(|a| std::mem::size_of_val(&**a) + AGENT_OVERHEAD_BYTES).sum::<usize>()
            + agents.capacity() * std::mem::size_of::<Box<dyn Agent>>();
        let flows = w.flows.capacity() * std::mem::size_of::<FlowStats>()
            + w.flows.iter().map(|f| f.id.capacity() + f.cc.capacity()).sum::<usize>();
        let net = w.net.links.capacity() * std::mem::size_of::<crate::net::link::Link>()
            + w.net.paths.iter().map(|p| p.capacity() * 4 + 24).sum::<usize>()
            + w.net.nodes.iter().map(|n| n.name.capacity() + std::mem::size_of_val(n)).sum::<usize>();
        let streams = w.streams.capacity() * std::mem::size_of::<crate::metrics::streams::StreamStats>();
        // The recount's own bookkeeping: a count, a flag, room for a touched index and the
        // flow sent for, per agent.
        let bookkeeping = n * (std::mem::size_of::<usize>() + 1 + 4 + std::mem::size_of::<Option<u32>>());
        self.fixed_bytes = agent_structs + flows + net + streams + w.path_srtt.capacity() * 8 + bookkeeping;
        self.agent_mem = (0..n).map(|k| self.memory_of_agent(w, agents, k)).collect();
        self.agent_mem_sum = self.agent_mem.iter().sum();
        self.touched_flag = vec![false; n];
        self.touched = Vec::with_capacity(n.min(4096));
        self.agent_bytes = self.agent_mem_sum + Self::memory_of_streams_and_links(w);
        self.set_series_budget(w);
    }

    /// What the recorded series may hold: the budget less everything else.
    fn set_series_budget(&self, w: &mut World) {
        let rest = self.fixed_bytes + w.queue.memory_bytes() + w.net.pool.memory_bytes() + w.log.memory_bytes() + self.agent_bytes;
        let budget = self.max_memory_bytes.min(usize::MAX as f64) as usize;
        w.rec.budget = budget.saturating_sub(rest);
    }

    /// Estimated bytes the run holds: fixed structures, events, packets, series, agents.
    pub fn estimate(&self, w: &World, agents: &[Box<dyn Agent>]) -> usize {
        self.fixed_bytes + Self::memory_fast(w) + self.memory_of_agents(w, agents)
    }

    /// The estimate by part, for diagnostics: (part, bytes).
    pub fn report(&self, w: &World, agents: &[Box<dyn Agent>]) -> Vec<(&'static str, usize)> {
        vec![
            ("fixed (agents, flows, links)", self.fixed_bytes),
            ("events", w.queue.memory_bytes()),
            ("packets", w.net.pool.memory_bytes()),
            ("series", w.rec.memory_bytes()),
            ("event log", w.log.memory_bytes()),
            ("agents' state", agents.iter().map(|a| a.memory_bytes()).sum()),
            ("streams", w.streams.iter().map(|s| s.memory_bytes()).sum()),
            ("link queues", w.net.links.iter().map(|l| l.memory_bytes()).sum()),
            ("subflow records", w.flows.iter().map(subflow_records).sum()),
        ]
    }

    /// After every event: the event budget, exactly. Every [`MEMORY_CHECK_EVERY`] events (at
    /// once when a series was refused a point): the memory budget, from its cheap parts and the
    /// agents' part as last counted (recounted every [`AGENT_MEMORY_EVERY`] events, often near
    /// the budget, and whenever the total looks over it).
    #[inline]
    pub fn after_event(&mut self, w: &mut World, agents: &[Box<dyn Agent>]) -> Option<Exceeded> {
        if w.events_processed >= self.max_events {
            return Some(Exceeded::Events);
        }
        self.memory_countdown -= 1;
        if self.memory_countdown == 0 || w.rec.over_budget {
            self.memory_countdown = MEMORY_CHECK_EVERY;
            if self.check_memory(w, agents) {
                return Some(Exceeded::Memory);
            }
        }
        None
    }

    /// Whether the memory budget is exceeded.
    #[cold]
    #[inline(never)]
    fn check_memory(&mut self, w: &mut World, agents: &[Box<dyn Agent>]) -> bool {
        let budget = self.max_memory_bytes;
        self.agent_countdown = self.agent_countdown.saturating_sub(MEMORY_CHECK_EVERY as u64);
        let fast = Self::memory_fast(w);
        let total = (self.fixed_bytes + fast + self.agent_bytes) as f64;
        let grown = fast.saturating_sub(self.fast_at_recount) as f64 > budget / 32.0;
        if total > budget || grown || self.agent_countdown == 0 {
            self.agent_bytes = self.recount_agents(w, agents);
            self.fast_at_recount = fast;
            // Near the budget, recount often enough that the agents' growth since the last
            // count stays small (a recount costs one call per agent, so at most ~16 calls per
            // event); far from it, rarely.
            let near = total > 0.9 * budget;
            self.agent_countdown = if near {
                (agents.len() as u64 / 16).clamp(16, AGENT_MEMORY_EVERY)
            } else {
                AGENT_MEMORY_EVERY.max(agents.len() as u64)
            };
        }
        let exceeded = w.rec.over_budget || (self.fixed_bytes + Self::memory_fast(w) + self.agent_bytes) as f64 > budget;
        self.set_series_budget(w);
        exceeded
    }

    /// Why the run stopped, for `Exceeded::Events` at `w.now`.
    pub fn events_message(&self, w: &World) -> String {
        format!(
            "stopped at t = {:.3} s: the event budget of {} events (limits.max_events) was reached",
            to_secs(w.now),
            self.max_events
        )
    }

    /// Why the run stopped, for `Exceeded::Memory` at `w.now`.
    pub fn memory_message(&self, w: &World) -> String {
        format!(
            "stopped at t = {:.3} s: the run needed more than {:.0} MiB (limits.max_memory_mb: flows, \
             packets, events and recorded series); fewer flows, a smaller buffer, fewer points \
             (metrics.max_points) or a shorter run fits",
            to_secs(w.now),
            self.max_memory_bytes / 1048576.0
        )
    }
}
