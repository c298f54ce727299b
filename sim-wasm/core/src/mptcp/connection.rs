//! The two ends of an MPTCP connection (see the module header of `mptcp` for the model).
//!
//! Sender: the application's data, numbered by data sequence number (DSN), waits in a send
//! buffer of `send_buffer_bytes`; the packet scheduler picks a subflow for each segment;
//! DATA_ACKs free the buffer. Receiver: one TCP receiver per subflow (its own cumulative ACK
//! and SACK) plus the connection-level reorder buffer; every subflow ACK carries the
//! connection's DATA_ACK and window.
//!
//! Setup (docs/model/mptcp.md §Setup): with the scenario's handshake on, the first subflow
//! sends an MP_CAPABLE SYN; once its SYN-ACK is back the connection is up and every further
//! subflow sends an MP_JOIN SYN on its own path. A subflow carries data only once its own
//! SYN-ACK is back, and the packet scheduler never sees a subflow that is still joining
//! (Linux `mptcp_is_def_unavailable`: a subflow not yet established is unavailable).
//!
//! Timers of the sender agent: `Timer::Start` starts the connection; subflow i's sender sets
//! `TcpTimer::Rto { sub: i }` and `TcpTimer::Pace { sub: i }`. Of the receiver agent: subflow
//! receiver j's delayed ACK is `TcpTimer::DelayedAck { sub: j }`.

use super::flow_sched::{size_class, PathChoice, CLASS_NAMES};
use super::sched::{self, rtt_order, PacketScheduler, RttOrder, SchedInput, SubflowView, Terms};
use super::MptcpConfig;

use crate::cc;
use crate::engine::rng::{derive_rng, SimRng};
use crate::engine::time::{to_millis, to_secs, Time};
use crate::metrics::{EventKind, SeriesId, SubflowStats};
use crate::net::packet::{AgentId, Body, FlowIdx, Handshake, Packet, PathId};
use crate::net::Route;
use crate::sim::flow_series::{FlowReading, FlowRecorder, FlowSeriesSet, Lifetime};
use crate::sim::{Agent, FlowSnapshot, SubflowSnapshot, Timer, World};
use crate::tcp::receiver::TcpReceiver;
use crate::tcp::sender::{SenderSetup, TcpSender};
use crate::tcp::timer::TcpTimer;
use crate::tcp::TcpConfig;
use std::cell::Cell;
use std::collections::{BTreeSet, VecDeque};
use std::rc::Rc;

/// Everything a connection is built from.
pub struct MptcpSetup {
    pub flow: FlowIdx,
    pub sender: AgentId,
    pub receiver: AgentId,
    pub routes: Rc<Vec<Route>>,
    pub spec: Rc<MptcpConfig>,
    pub cfg: TcpConfig,
    pub cc: String,
    pub cc_params: Option<serde_json::Value>,
    pub size_bytes: Option<u64>,
    pub seed: u64,
    /// Which copy of a `count`ed flow this is (0 for a single flow).
    pub copy_index: usize,
    /// Record per-subflow and receive-buffer series (flows of the `flows` list, not the
    /// thousands a traffic section generates).
    pub series: bool,
}

struct Subflow {
    tcp: TcpSender,
    route: usize,
    rtos_seen: u64,
}

pub struct MptcpSender {
    flow: FlowIdx,
    me: AgentId,
    peer: AgentId,
    routes: Rc<Vec<Route>>,
    spec: Rc<MptcpConfig>,
    cfg: TcpConfig,
    cc: String,
    cc_params: Option<serde_json::Value>,
    seed: u64,
    total_segs: Option<u64>,
    last_len: u32,
    sndbuf_segs: u64,
    started: bool,
    done: bool,
    subs: Vec<Subflow>,
    sched: Box<dyn PacketScheduler>,
    /// Next new DSN; everything below it was sent at least once.
    next_dsn: u64,
    /// Highest DATA_ACK seen: the receiver holds every DSN below it.
    data_ack: u64,
    /// Receive window in segments beyond the DATA_ACK.
    window: u64,
    /// DSNs to send again on any subflow (reinjected after an RTO), and the set of them.
    reinject: VecDeque<u64>,
    queued: BTreeSet<u64>,
    last_logged: Option<(Option<usize>, &'static str)>,
    /// Series per candidate route (registered at build, so the page knows them from the start).
    /// Per subflow (by route): its window, flight and RTT, recorded by the recorder every
    /// transport uses (sim/flow_series.rs); the connection's goodput is recorded once, below.
    sub_series: Vec<(usize, FlowRecorder)>,
    conn_series: Option<(SeriesId, SeriesId)>,
    last_goodput: (f64, u64),
    recv_occupancy: Rc<Cell<u64>>,
    /// The size class the flow scheduler used, once it chose the paths (for the snapshot).
    size_class: Option<&'static str>,
    views: Vec<SubflowView>,
    /// `views[k]` is subflow `view_sub[k]` (only established subflows are offered).
    view_sub: Vec<usize>,
    /// The terms of the scheduler's latest decision (logged when the decision changes).
    terms: Terms,
    /// The subflows' shared view for coupled controllers (LIA); every subflow gets it.
    coupled: crate::cc::SharedCoupledGroup,
    /// Which copy of a counted flow this is (for `first_path: spread`).
    copy_index: usize,
}

/// Routes the flow may use.
fn candidates(spec: &MptcpConfig, n_routes: usize) -> Vec<usize> {
    spec.paths.clone().unwrap_or_else(|| (0..n_routes.min(super::MAX_SUBFLOWS)).collect())
}

/// Build both ends; the sender starts at `start`.
pub fn build(s: MptcpSetup, start: Time, w: &mut World) -> (MptcpSender, MptcpReceiver) {
    let mss = s.cfg.mss as u64;
    let (total_segs, last_len) = match s.size_bytes {
        Some(b) => (Some(b.div_ceil(mss)), (b - (b.div_ceil(mss) - 1) * mss) as u32),
        None => (None, s.cfg.mss),
    };
    let cand = candidates(&s.spec, s.routes.len());
    let owner = w.flows[s.flow as usize].id.clone();
    let sub_series = if s.series {
        cand.iter()
            .map(|&r| {
                let o = format!("{owner}@p{}", r + 1);
                (r, FlowRecorder::register(&mut w.rec, &o, FlowSeriesSet::WINDOW, None))
            })
            .collect()
    } else {
        Vec::new()
    };
    let conn_series = s.series.then(|| {
        (
            w.rec.register("flow", &owner, "goodput", "Mbit/s", None),
            w.rec.register("flow", &owner, "recv_buffer", "bytes", None),
        )
    });
    let class = size_class(s.size_bytes, s.spec.class_bounds);
    let stats = &mut w.flows[s.flow as usize];
    stats.scheduler = Some(s.spec.scheduler.clone());
    stats.size_class = Some(CLASS_NAMES[class]);
    // The validator built this scheduler already.
    let sched = sched::make(&s.spec.scheduler, &s.spec.sched_params).expect("a validated MPTCP scheduler");
    let occupancy = Rc::new(Cell::new(0));
    let recv_segs = s.spec.recv_buffer_bytes / mss;
    let receiver = MptcpReceiver {
        flow: s.flow,
        me: s.receiver,
        peer: s.sender,
        routes: s.routes.clone(),
        cfg: s.cfg.clone(),
        subs: Vec::new(),
        data_cum: 0,
        ooo: OooSet::default(),
        fin: total_segs.map(|t| (t - 1, last_len)),
        cap_segs: recv_segs,
        occupancy: occupancy.clone(),
        max_occupancy: 0,
    };
    w.start_timer(s.sender, start);
    let sender = MptcpSender {
        flow: s.flow,
        me: s.sender,
        peer: s.receiver,
        routes: s.routes,
        cfg: s.cfg,
        cc: s.cc,
        cc_params: s.cc_params,
        seed: s.seed,
        total_segs,
        last_len,
        sndbuf_segs: (s.spec.send_buffer_bytes / mss).max(1),
        spec: s.spec,
        started: false,
        done: false,
        subs: Vec::new(),
        sched,
        next_dsn: 0,
        data_ack: 0,
        window: recv_segs,
        reinject: VecDeque::new(),
        queued: BTreeSet::new(),
        last_logged: None,
        sub_series,
        conn_series,
        last_goodput: (0.0, 0),
        recv_occupancy: occupancy,
        size_class: None,
        views: Vec::new(),
        view_sub: Vec::new(),
        terms: Terms::new(),
        coupled: Default::default(),
        copy_index: s.copy_index,
    };
    (sender, receiver)
}

impl MptcpSender {
    fn rng(&self, kind: &str, i: u64) -> SimRng {
        derive_rng(self.seed, kind, (self.flow as u64) << 8 | i)
    }

    /// The flow starts: choose its paths and open a subflow on each.
    fn start(&mut self, w: &mut World) {
        self.started = true;
        let cand = candidates(&self.spec, self.routes.len());
        let paths: Vec<PathChoice> = cand
            .iter()
            .map(|&r| {
                let route = self.routes[r];
                let cached = w.path_srtt.get(route.forward as usize).copied().unwrap_or(0);
                PathChoice { route: r, srtt: if cached > 0 { cached } else { route.rtt_ns } }
            })
            .collect();
        let class = size_class(w.flows[self.flow as usize].size_bytes, self.spec.class_bounds);
        let mut rng = self.rng("mptcp-paths", 0);
        let fs = self.spec.flow_sched.make(self.spec.class_subflows, self.spec.first_path, self.copy_index);
        let mut chosen = fs.choose(class, &paths, &mut rng);
        if let (Some(n), super::flow_sched::FlowSchedKind::Mptcp) = (self.spec.subflows, self.spec.flow_sched) {
            chosen.truncate(n.max(1));
        }
        self.size_class = Some(CLASS_NAMES[class]);
        w.log.push(
            w.now,
            Some(self.flow),
            EventKind::MptcpPaths { size_class: CLASS_NAMES[class], paths: chosen.iter().map(|&r| r as u32 + 1).collect() },
        );
        // Exactly as many as there are paths: a Vec's first allocation holds four elements,
        // and a subflow is ~900 bytes, most connections of a traffic run having one.
        self.subs.reserve_exact(chosen.len());
        w.flows[self.flow as usize].subflows.reserve_exact(chosen.len());
        for (i, &r) in chosen.iter().enumerate() {
            let route = self.routes[r];
            let mut init = self.cfg.cc_init(self.rng("subflow", i as u64));
            init.coupling = Some(cc::Coupling { group: self.coupled.clone(), me: i });
            // Validated with the scenario, so it builds.
            let ctl = cc::make(&self.cc, init, self.cc_params.as_ref()).expect("a validated congestion controller");
            let setup = SenderSetup { flow: self.flow, me: self.me, receiver: self.peer, path: route.forward, cfg: self.cfg.clone(), cc: ctl };
            let mut tcp = TcpSender::new_subflow(setup, i, route.rtt_ns);
            if let Some(t) = self.total_segs {
                tcp.set_data_fin(t - 1);
            }
            self.subs.push(Subflow { tcp, route: r, rtos_seen: 0 });
            w.flows[self.flow as usize].subflows.push(SubflowStats { path: r as u32 + 1, ..SubflowStats::default() });
        }
        if self.cfg.handshake {
            // MP_CAPABLE on the first subflow; the others join once it is up.
            if let Some(first) = self.subs.first_mut() {
                first.tcp.open(Handshake::MpCapable, w);
            }
        }
        self.push(w);
    }

    /// A SYN-ACK came back on subflow `i`: it is established; after the MP_CAPABLE one,
    /// every other subflow starts its MP_JOIN.
    fn on_syn_ack(&mut self, i: usize, kind: Handshake, w: &mut World) {
        if !self.subs[i].tcp.on_syn_ack(w) {
            return;
        }
        if kind == Handshake::MpCapable {
            for s in self.subs.iter_mut().skip(1) {
                s.tcp.open(Handshake::MpJoin, w);
            }
        }
        self.after_subflow_event(i, w);
    }

    fn seg_len(&self, dsn: u64) -> u32 {
        if self.total_segs == Some(dsn + 1) { self.last_len } else { self.cfg.mss }
    }

    /// New segments the application has put in the send buffer and nobody has sent yet.
    fn unsent_new(&self) -> u64 {
        let in_buffer_unsent = self.sndbuf_segs.saturating_sub(self.next_dsn - self.data_ack);
        match self.total_segs {
            Some(t) => t.saturating_sub(self.next_dsn).min(in_buffer_unsent),
            None => in_buffer_unsent,
        }
    }

    /// The next DSN to send: a reinjection, else new data the receive window allows.
    fn next_data(&mut self) -> Option<u64> {
        while let Some(&d) = self.reinject.front() {
            if d >= self.data_ack {
                return Some(d);
            }
            self.reinject.pop_front();
            self.queued.remove(&d);
        }
        (self.unsent_new() > 0 && self.next_dsn < self.data_ack + self.window).then_some(self.next_dsn)
    }

    /// Hand segments to subflows until the scheduler says stop or nothing is left.
    fn push(&mut self, w: &mut World) {
        if !self.started || self.done {
            return;
        }
        // The views are built at the first decision of this call and then kept: sending a
        // segment changes only the sending subflow's view (its window, its pacing), and
        // nothing here changes an RTT, so the RTT order holds for the whole call too. Each
        // decision used to rebuild every view and sort them again. Empty until built (an
        // established subflow has a place in it).
        let mut order = RttOrder::new();
        loop {
            let Some(dsn) = self.next_data() else {
                for s in self.subs.iter_mut() {
                    if s.tcp.window_room() > 0 {
                        s.tcp.mark_app_limited();
                    }
                }
                break;
            };
            if order.is_empty() {
                self.views.clear();
                self.view_sub.clear();
                for (k, s) in self.subs.iter().enumerate() {
                    if s.tcp.established() {
                        self.view_sub.push(k);
                        self.views.push(view_of(&s.tcp, w.now));
                    }
                }
                if self.views.is_empty() {
                    break; // still connecting
                }
                order = rtt_order(&self.views);
            }
            let unsent = (self.unsent_new() + self.reinject.len() as u64) * self.cfg.mss as u64;
            self.terms.clear();
            let input = SchedInput { subflows: &self.views, order: &order, unsent_bytes: unsent, mss: self.cfg.mss };
            let d = self.sched.decide(&input, &mut self.terms);
            let key = (d.subflow, d.reason);
            if self.last_logged != Some(key) {
                self.last_logged = Some(key);
                let sub = d.subflow.and_then(|k| self.view_sub.get(k).copied());
                let path = sub.map(|i| self.subs[i].route as u32 + 1);
                w.log.push_sched(w.now, Some(self.flow), sub.map(|i| i as u32), path, d.reason, &self.terms);
            }
            let Some(k) = d.subflow.filter(|&k| k < self.views.len() && self.views[k].available) else { break };
            let i = self.view_sub[k];
            if self.reinject.front() == Some(&dsn) {
                self.reinject.pop_front();
                self.queued.remove(&dsn);
            } else {
                self.next_dsn += 1;
            }
            let len = self.seg_len(dsn);
            self.subs[i].tcp.send_data(dsn, len, w);
            self.views[k] = view_of(&self.subs[i].tcp, w.now);
        }
        for s in self.subs.iter_mut() {
            s.tcp.wake_for_pacing(w);
        }
    }

    /// After a subflow event: reinject what a timed-out subflow holds, finish when all is acked.
    fn after_subflow_event(&mut self, i: usize, w: &mut World) {
        let rtos = self.subs[i].tcp.subflow_stats().rtos;
        if rtos > self.subs[i].rtos_seen {
            self.subs[i].rtos_seen = rtos;
            if self.spec.reinject_on_rto && self.subs.len() > 1 {
                let data_ack = self.data_ack;
                let stuck: Vec<u64> = self.subs[i].tcp.undelivered_dsns().filter(|&d| d >= data_ack).collect();
                for d in stuck {
                    if self.queued.insert(d) {
                        self.reinject.push_back(d);
                    }
                }
            }
        }
        if self.total_segs.is_some_and(|t| self.data_ack >= t) {
            self.finish();
        } else {
            self.push(w);
        }
    }

    fn finish(&mut self) {
        self.done = true;
        if self.sub_series.is_empty() {
            // A generated connection: nothing reads its subflows once it is done (no series,
            // no snapshot), so they go — with 10⁵ connections per run, what finished ones keep
            // is most of the run's memory.
            self.subs = Vec::new();
        } else {
            // Keep the last view of each subflow for the snapshot, drop the scoreboards.
            for s in self.subs.iter_mut() {
                s.tcp.stop();
                s.tcp.release_scoreboard();
            }
        }
        self.reinject = VecDeque::new();
        self.queued.clear();
        self.views = Vec::new();
        self.view_sub = Vec::new();
        self.terms = Terms::new();
    }
}

/// What the scheduler may know of a subflow at `now`.
fn view_of(tcp: &TcpSender, now: Time) -> SubflowView {
    SubflowView {
        srtt: tcp.srtt(),
        rttvar: tcp.rttvar(),
        cwnd: tcp.cwnd(),
        in_flight: tcp.in_flight(),
        available: tcp.can_send(now) && !tcp.in_rto_recovery(),
    }
}

impl Agent for MptcpSender {
    fn samples(&self) -> bool {
        !self.sub_series.is_empty() || self.conn_series.is_some()
    }

    fn on_packet(&mut self, pkt: Packet, w: &mut World) {
        if self.done {
            return;
        }
        let Some(i) = self.subs.iter().position(|s| self.routes[s.route].reverse == pkt.path) else { return };
        if let Body::SynAck(kind) = pkt.body {
            self.on_syn_ack(i, kind, w);
            return;
        }
        if let Body::MptcpAck(a) = pkt.body {
            if !self.subs[i].tcp.established() {
                return;
            }
            self.subs[i].tcp.on_ack(a.ack, w);
            if a.data_ack > self.data_ack {
                self.data_ack = a.data_ack;
            }
            self.window = a.window;
            self.after_subflow_event(i, w);
        }
    }

    fn on_timer(&mut self, timer: Timer, w: &mut World) {
        let sub = match TcpTimer::of(timer) {
            None => {
                if !self.started {
                    self.start(w);
                }
                return;
            }
            Some(t @ (TcpTimer::Rto { .. } | TcpTimer::Pace { .. } | TcpTimer::Reorder { .. } | TcpTimer::Probe { .. })) => t.sub() as usize,
            Some(other) => unreachable!("an MPTCP sender never sets {other:?}"),
        };
        if self.done {
            return;
        }
        if sub < self.subs.len() {
            self.subs[sub].tcp.on_own_timer(timer, w);
            self.after_subflow_event(sub, w);
        }
    }

    fn sample(&mut self, w: &mut World) {
        let t = to_secs(w.now);
        let f = &w.flows[self.flow as usize];
        // A subflow lives within its connection's lifetime.
        let life = Lifetime::at(w.now, f.start, f.completed_at);
        for (r, s) in &mut self.sub_series {
            if let Some(sf) = self.subs.iter().find(|x| x.route == *r) {
                let srtt = (sf.tcp.srtt() > 0).then_some(sf.tcp.srtt());
                let reading = FlowReading { in_flight: sf.tcp.in_flight(), srtt, delivery_rate_bps: 0.0, bytes_delivered: 0, life };
                s.record(&mut w.rec, t, sf.tcp.controller(), &reading);
            }
        }
        if let Some((goodput, buffer)) = self.conn_series {
            let bytes = w.flows[self.flow as usize].bytes_delivered;
            let (t0, b0) = self.last_goodput;
            if t > t0 {
                w.rec.push(goodput, t, (bytes - b0) as f64 * 8.0 / (t - t0) / 1e6);
            }
            self.last_goodput = (t, bytes);
            w.rec.push(buffer, t, self.recv_occupancy.get() as f64);
        }
    }

    fn flight_by_path(&self, each: &mut dyn FnMut(u32, Time)) {
        for sf in &self.subs {
            each(sf.tcp.in_flight(), sf.tcp.srtt());
        }
    }

    fn memory_bytes(&self) -> usize {
        // The subflows' vector (by capacity: it holds the TCP senders themselves), each one's
        // scoreboard and boxed controller, the scheduler's views and the reinjection queue.
        self.subs.capacity() * std::mem::size_of::<Subflow>()
            + self.subs.iter().map(|s| s.tcp.state_bytes() + 256).sum::<usize>()
            + self.views.capacity() * std::mem::size_of::<SubflowView>()
            + self.reinject.capacity() * 8
            + self.queued.len() * 32
    }

    fn snapshot(&self) -> Option<FlowSnapshot> {
        // Generated flows (no series) only show while they run, so a snapshot of a busy
        // traffic run stays small.
        if self.sub_series.is_empty() && (!self.started || self.done) {
            return None;
        }
        let total: u64 = self.subs.iter().map(|s| s.tcp.subflow_stats().data_bytes).sum();
        let subflows: Vec<SubflowSnapshot> = self
            .subs
            .iter()
            .map(|s| SubflowSnapshot {
                path: s.route as u32 + 1,
                cwnd: s.tcp.cwnd(),
                inflight: s.tcp.in_flight(),
                srtt_ms: to_millis(s.tcp.srtt()),
                bytes_share: if total > 0 { s.tcp.subflow_stats().data_bytes as f64 / total as f64 } else { 0.0 },
                state: {
                    let cc = s.tcp.controller();
                    cc.state_names().get(cc.metrics().state as usize).copied().unwrap_or("?")
                },
            })
            .collect();
        Some(FlowSnapshot {
            id: String::new(),
            cwnd: subflows.iter().map(|s| s.cwnd).sum(),
            inflight: subflows.iter().map(|s| s.inflight).sum(),
            srtt_ms: subflows.iter().map(|s| s.srtt_ms).reduce(f64::min).unwrap_or(0.0),
            state: if self.done { "done" } else if self.started { "mptcp" } else { "waiting" },
            subflows: Some(subflows),
            recv_buffer_bytes: Some(self.recv_occupancy.get()),
            size_class: self.size_class,
            ..FlowSnapshot::default()
        })
    }
}

pub struct MptcpReceiver {
    flow: FlowIdx,
    me: AgentId,
    peer: AgentId,
    routes: Rc<Vec<Route>>,
    cfg: TcpConfig,
    /// (forward path, subflow receiver), in order of first arrival.
    subs: Vec<(PathId, TcpReceiver)>,
    /// Next DSN expected in order: the DATA_ACK.
    data_cum: u64,
    /// DSNs held out of order: the receive buffer's occupancy.
    ooo: OooSet,
    /// (last DSN, its length), for finite flows.
    fin: Option<(u64, u32)>,
    cap_segs: u64,
    occupancy: Rc<Cell<u64>>,
    max_occupancy: u64,
}

/// The DSNs a receiver holds out of order, all above its in-order point: a bitmap over a
/// window that slides with that point (bit i of word k stands for DSN `base + 64·k + i`).
/// Every data segment of a connection that has a hole in its stream goes in here and comes
/// out when the hole fills; as a `BTreeSet` that was an allocation and a free per segment on
/// multipath runs, where paths of different RTTs keep holes open all the time. Here an
/// insertion sets a bit, and the memory is one bit per DSN between the in-order point and the
/// highest DSN held (at most the receive window).
#[derive(Debug, Default)]
struct OooSet {
    /// The DSN of bit 0 of the first word: a multiple of 64, at or below every DSN held.
    base: u64,
    words: VecDeque<u64>,
    len: usize,
}

impl OooSet {
    fn contains(&self, dsn: u64) -> bool {
        let Some(off) = dsn.checked_sub(self.base) else { return false };
        self.words.get((off / 64) as usize).is_some_and(|w| w >> (off % 64) & 1 == 1)
    }

    /// Hold `dsn` (at or above the floor last given to [`OooSet::advance`]). False if held.
    fn insert(&mut self, dsn: u64) -> bool {
        debug_assert!(dsn >= self.base, "DSN {dsn} below the window's base {}", self.base);
        let off = dsn.saturating_sub(self.base);
        let k = (off / 64) as usize;
        if k >= self.words.len() {
            self.words.resize(k + 1, 0);
        }
        let bit = 1u64 << (off % 64);
        let fresh = self.words[k] & bit == 0;
        self.words[k] |= bit;
        self.len += usize::from(fresh);
        fresh
    }

    /// Stop holding `dsn`; false if it was not held.
    fn remove(&mut self, dsn: u64) -> bool {
        if !self.contains(dsn) {
            return false;
        }
        let off = dsn - self.base;
        self.words[(off / 64) as usize] &= !(1u64 << (off % 64));
        self.len -= 1;
        true
    }

    /// Nothing below `floor` will be held again (the in-order point moved there): drop the
    /// words wholly below it.
    fn advance(&mut self, floor: u64) {
        while self.base + 64 <= floor {
            if self.words.pop_front().is_none() {
                self.base = floor - floor % 64;
                return;
            }
            self.base += 64;
        }
    }

    fn len(&self) -> usize {
        self.len
    }

    fn memory_bytes(&self) -> usize {
        self.words.capacity() * 8
    }
}

impl MptcpReceiver {
    fn bytes_in_order(&self) -> u64 {
        match self.fin {
            Some((f, len)) if self.data_cum > f => f * self.cfg.mss as u64 + len as u64,
            _ => self.data_cum * self.cfg.mss as u64,
        }
    }

    /// Connection-level reassembly of one segment.
    fn accept(&mut self, dsn: u64, w: &mut World) {
        if dsn < self.data_cum || self.ooo.contains(dsn) {
            return; // a reinjected copy that arrived second
        }
        if dsn == self.data_cum {
            self.data_cum += 1;
            while self.ooo.remove(self.data_cum) {
                self.data_cum += 1;
            }
            self.ooo.advance(self.data_cum);
        } else {
            self.ooo.insert(dsn);
        }
        let occ = self.ooo.len() as u64 * self.cfg.mss as u64;
        self.occupancy.set(occ);
        self.max_occupancy = self.max_occupancy.max(occ);
        let bytes = self.bytes_in_order();
        let stats = &mut w.flows[self.flow as usize];
        stats.bytes_delivered = bytes;
        if stats.completed_at.is_none() && self.fin.is_some_and(|(f, _)| self.data_cum > f) {
            stats.completed_at = Some(w.now);
            w.log.push(w.now, Some(self.flow), EventKind::FlowCompleted);
        }
    }
}

impl Agent for MptcpReceiver {
    fn samples(&self) -> bool {
        false
    }

    fn on_packet(&mut self, pkt: Packet, w: &mut World) {
        let j = match self.subs.iter().position(|(p, _)| *p == pkt.path) {
            Some(j) => j,
            None => {
                let Some(route) = self.routes.iter().find(|r| r.forward == pkt.path) else { return };
                let j = self.subs.len();
                // Grow one at a time (at most MAX_SUBFLOWS): most connections have one subflow.
                self.subs.reserve_exact(1);
                let r = TcpReceiver::new_subflow(self.flow, self.me, self.peer, route.reverse, self.cfg.clone(), j);
                self.subs.push((pkt.path, r));
                j
            }
        };
        let d = match pkt.body {
            Body::MptcpData(d) => d,
            Body::Syn(kind) => return self.subs[j].1.on_syn(kind, w),
            _ => return,
        };
        w.flows[self.flow as usize].received_packets += 1;
        self.accept(d.dsn, w);
        let ack = (self.data_cum, self.cap_segs);
        let r = &mut self.subs[j].1;
        r.data_ack = Some(ack);
        r.on_data(&d.data, pkt.ecn == crate::net::packet::Ecn::Ce, w);
    }

    fn on_timer(&mut self, timer: Timer, w: &mut World) {
        let Some(TcpTimer::DelayedAck { sub }) = TcpTimer::of(timer) else { unreachable!("an MPTCP receiver never sets {timer:?}") };
        let ack = (self.data_cum, self.cap_segs);
        if let Some((_, r)) = self.subs.get_mut(sub as usize) {
            r.data_ack = Some(ack);
            r.on_delack_timer(w);
        }
    }

    fn memory_bytes(&self) -> usize {
        self.ooo.memory_bytes()
            + self.subs.capacity() * std::mem::size_of::<(PathId, TcpReceiver)>()
            + self.subs.iter().map(|(_, r)| r.state_bytes()).sum::<usize>()
    }

    /// Data held in the connection-level receive buffer, out of order.
    fn held_bytes(&self) -> u64 {
        self.ooo.len() as u64 * self.cfg.mss as u64
    }
}

#[cfg(test)]
mod tests {
    use super::OooSet;
    use std::collections::BTreeSet;

    /// The receiver's use of the set, step by step against a `BTreeSet` (what it replaced):
    /// segments arrive in a scrambled order spanning several 64-DSN words, out-of-order ones
    /// are held, in-order ones advance the point and release what they join up with.
    #[test]
    fn ooo_set_matches_a_btreeset_through_reassembly() {
        let mut set = OooSet::default();
        let mut model = BTreeSet::new();
        let mut cum = 0u64;
        // 0..1000 in a fixed scramble (a stride coprime with 1000), plus duplicates.
        let order: Vec<u64> = (0..1000u64).map(|i| (i * 337) % 1000).chain([5, 999, 640]).collect();
        for dsn in order {
            if dsn < cum {
                assert!(!set.contains(dsn));
                continue;
            }
            assert_eq!(set.contains(dsn), model.contains(&dsn), "dsn {dsn}");
            if dsn == cum {
                cum += 1;
                loop {
                    let (a, b) = (set.remove(cum), model.remove(&cum));
                    assert_eq!(a, b, "remove {cum}");
                    if !a {
                        break;
                    }
                    cum += 1;
                }
                set.advance(cum);
            } else {
                assert_eq!(set.insert(dsn), model.insert(dsn), "insert {dsn}");
            }
            assert_eq!(set.len(), model.len());
            assert!(set.base <= cum && set.base % 64 == 0);
        }
        assert_eq!(cum, 1000, "every DSN delivered in order at the end");
        assert_eq!(set.len(), 0);
        assert!(set.words.len() <= 1, "words below the in-order point are dropped: {}", set.words.len());
    }

    #[test]
    fn ooo_set_far_ahead_and_advance_past_empty_words() {
        let mut set = OooSet::default();
        assert!(set.insert(1000));
        assert!(!set.insert(1000), "already held");
        assert!(set.contains(1000) && !set.contains(999) && !set.contains(1001));
        assert_eq!(set.len(), 1);
        // The in-order point jumps past everything held but 1000: the set keeps it.
        set.advance(990);
        assert_eq!(set.base, 960);
        assert!(set.contains(1000));
        assert!(set.remove(1000) && !set.remove(1000));
        // Past the end of the words: the base follows the floor.
        set.advance(5000);
        assert_eq!(set.base, 4992);
        assert!(set.words.is_empty() && set.len() == 0);
    }
}
