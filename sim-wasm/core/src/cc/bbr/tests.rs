//! Unit tests of BBR's state machine, driven by hand-made ACKs.

use super::*;
use crate::cc::bbq::Bbq;
use crate::cc::bbr_a::{p_down, p_up, BbrA};
use crate::cc::da_bbr::DaBbr;
use crate::cc::RateSample;
use crate::engine::rng::derive_rng;
use crate::engine::time::NS_PER_MS;

const MS: u64 = NS_PER_MS;

fn init(seed: u64) -> CcInit {
    CcInit { mss: 1448, init_cwnd: 10, init_ssthresh: None, rng: derive_rng(seed, "flow", 0), coupling: None, bbr: Default::default() }
}

/// Feeds a controller ACKs as a path with a given bandwidth and RTT would produce them.
struct Driver<V: Variant> {
    bbr: Bbr<V>,
    now: Time,
    delivered: u64,
    events: Vec<CcEvent>,
}

impl<V: Variant> Driver<V> {
    fn new(v: V) -> Self {
        Driver { bbr: Bbr::new(init(1), &BbrParams::default(), v), now: 0, delivered: 0, events: Vec::new() }
    }

    /// One ACK `dt` after the last one that delivers `acked` packets and samples `bw`
    /// packets/s. With `new_round` the sampled packet was sent after the current round began.
    fn ack(&mut self, dt: Dur, acked: u32, bw: f64, rtt: Dur, in_flight: u32, new_round: bool) {
        self.now += dt;
        let prior_delivered =
            if new_round { self.delivered } else { self.bbr.s.next_round_delivered.saturating_sub(1) };
        self.delivered += acked as u64;
        let interval = rtt;
        let sample_pkts = (bw * interval as f64 / 1e9).round() as u64;
        let a = AckInfo {
            now: self.now,
            mss: 1448,
            acked,
            lost: 0,
            prior_in_flight: in_flight + acked,
            in_flight,
            delivered: self.delivered,
            lost_total: 0,
            rtt: Some(rtt),
            srtt: rtt,
            rate: RateSample { delivered: sample_pkts.max(1), prior_delivered, interval, is_app_limited: false },
            in_recovery: false,
            app_limited: false,
        };
        self.bbr.on_ack(&a, &mut self.events);
    }

    /// One round trip: a single ACK that starts a new round.
    fn round(&mut self, bw: f64, rtt: Dur, in_flight: u32) {
        self.ack(rtt, 10, bw, rtt, in_flight, true);
    }

    /// Drive STARTUP to a full pipe at `bw` and DRAIN out into PROBE_BW.
    fn drive_to_probe_bw(&mut self, bw: f64, rtt: Dur) {
        for _ in 0..6 {
            self.round(bw, rtt, 10);
        }
        assert_eq!(self.bbr.s.mode, Mode::ProbeBw);
    }
}

#[test]
fn full_pipe_after_three_rounds_below_25_percent_growth() {
    let mut d = Driver::new(Plain);
    let rtt = 100 * MS;
    // Doubling: still STARTUP.
    for bw in [100.0, 200.0, 400.0] {
        d.round(bw, rtt, 1000);
        assert_eq!(d.bbr.s.mode, Mode::Startup);
        assert_eq!(d.bbr.s.full_bw_count, 0);
    }
    // +20 % is below the 25 % threshold: counts as a flat round.
    d.round(480.0, rtt, 1000);
    assert_eq!(d.bbr.s.full_bw_count, 1);
    d.round(480.0, rtt, 1000);
    assert_eq!(d.bbr.s.full_bw_count, 2);
    assert!(!d.bbr.s.full_bw_reached, "two flat rounds are not enough");
    assert_eq!(d.bbr.metrics().pacing_gain, Some(HIGH_GAIN));
    d.round(480.0, rtt, 1000);
    assert!(d.bbr.s.full_bw_reached, "the third flat round fills the pipe");
    assert_eq!(d.bbr.s.mode, Mode::Drain, "inflight 1000 is far above one BDP (48 packets)");
    assert_eq!(d.bbr.s.pacing_gain, DRAIN_GAIN);
    assert_eq!(d.events, vec![CcEvent::State { from: "startup", to: "drain" }]);
}

#[test]
fn growth_of_25_percent_restarts_the_count() {
    let mut d = Driver::new(Plain);
    // 1 s rounds: the samples are exact packet counts.
    let rtt = 1000 * MS;
    d.round(100.0, rtt, 1000);
    d.round(110.0, rtt, 1000);
    d.round(120.0, rtt, 1000);
    assert_eq!(d.bbr.s.full_bw_count, 2);
    d.round(125.0, rtt, 1000);
    assert_eq!(d.bbr.s.full_bw_count, 0, "125 ≥ 1.25 × 100: the plateau moves up");
    assert_eq!(d.bbr.s.full_bw, 125.0);
}

#[test]
fn drain_ends_when_inflight_fits_one_bdp() {
    let mut d = Driver::new(Plain);
    let rtt = 100 * MS;
    for _ in 0..4 {
        d.round(400.0, rtt, 1000);
    }
    assert_eq!(d.bbr.s.mode, Mode::Drain);
    let target = d.bbr.inflight_target(400.0, 1.0);
    // BDP = 400 packets/s × 0.1 s = 40, plus the quantization budget.
    assert!((40..=60).contains(&target), "{target}");
    d.ack(MS, 1, 400.0, rtt, target + 1, false);
    assert_eq!(d.bbr.s.mode, Mode::Drain, "one packet above the target: keep draining");
    d.ack(MS, 1, 400.0, rtt, target, false);
    assert_eq!(d.bbr.s.mode, Mode::ProbeBw);
    assert_eq!(d.bbr.s.cwnd_gain, CWND_GAIN);
    assert!(matches!(d.events.last(), Some(CcEvent::Gain { .. })), "{:?}", d.events);
}

#[test]
fn probe_bw_starts_at_a_random_phase_but_never_the_drain_phase() {
    let mut seen = [0u32; CYCLE_LEN];
    for seed in 0..300 {
        let mut b = Bbr::new(init(seed), &BbrParams::default(), Plain);
        let mut ev = Vec::new();
        b.reset_probe_bw_mode(0, &mut ev);
        seen[b.s.cycle_idx] += 1;
        assert_eq!(b.s.pacing_gain, PACING_GAIN_CYCLE[b.s.cycle_idx]);
    }
    assert_eq!(seen[1], 0, "the 0.75 phase is never the first");
    for (i, n) in seen.iter().enumerate() {
        if i != 1 {
            assert!(*n > 15, "phase {i} drawn only {n} times out of 300: {seen:?}");
        }
    }
}

#[test]
fn gain_cycle_follows_linux_order_and_rules() {
    let mut d = Driver::new(Plain);
    let rtt = 100 * MS;
    d.drive_to_probe_bw(400.0, rtt);
    // Walk to the probe phase, one min_rtt per cruising phase.
    let mut guard = 0;
    while d.bbr.s.cycle_idx != 0 {
        d.ack(rtt + 1, 1, 400.0, rtt, 40, false);
        guard += 1;
        assert!(guard <= 8);
    }
    assert_eq!(d.bbr.s.pacing_gain, 1.25);
    // 1.25 lasts beyond min_rtt until inflight reaches 1.25 × BDP (+ budget) ...
    d.ack(rtt + 1, 1, 400.0, rtt, 40, false);
    assert_eq!(d.bbr.s.cycle_idx, 0, "inflight 40 < 1.25 BDP: keep probing");
    let probe_target = d.bbr.inflight_target(400.0, 1.25);
    d.ack(MS, 1, 400.0, rtt, probe_target, false);
    assert_eq!(d.bbr.s.cycle_idx, 1);
    assert_eq!(d.bbr.s.pacing_gain, 0.75);
    // ... 0.75 ends early once inflight is down to the BDP target.
    d.ack(MS, 1, 400.0, rtt, d.bbr.inflight_target(400.0, 1.0) - 1, false);
    assert_eq!(d.bbr.s.cycle_idx, 2);
    assert_eq!(d.bbr.s.pacing_gain, 1.0);
    // A cruising phase lasts exactly one min_rtt.
    d.ack(rtt - MS, 1, 400.0, rtt, 40, false);
    assert_eq!(d.bbr.s.cycle_idx, 2);
    d.ack(2 * MS, 1, 400.0, rtt, 40, false);
    assert_eq!(d.bbr.s.cycle_idx, 3);
    let gains: Vec<f64> = d
        .events
        .iter()
        .filter_map(|e| if let CcEvent::Gain { pacing_gain, .. } = e { Some(*pacing_gain) } else { None })
        .collect();
    let tail = &gains[gains.len() - 4..];
    assert_eq!(tail, &[1.25, 0.75, 1.0, 1.0]);
    // Pacing rate = gain × btl_bw × 0.99 on the wire.
    let expect = 400.0 * 1500.0 * 0.99;
    assert!((d.bbr.pacing_rate().unwrap() - expect).abs() < 1e-6);
}

#[test]
fn probe_rtt_after_10s_without_lower_rtt_holds_4_packets_for_200ms_and_a_round() {
    let mut d = Driver::new(Plain);
    let rtt = 100 * MS;
    d.drive_to_probe_bw(400.0, rtt);
    let cwnd_before = d.bbr.cwnd();
    assert!(cwnd_before > 4);
    // Larger RTTs only, for 10 s: min_rtt is not refreshed.
    let t0 = d.bbr.s.min_rtt_stamp;
    while d.now <= t0 + MIN_RTT_WINDOW - 100 * MS {
        d.ack(100 * MS, 10, 400.0, 110 * MS, 40, true);
        assert_ne!(d.bbr.s.mode, Mode::ProbeRtt, "at {} ms", (d.now - t0) / MS);
    }
    d.ack(100 * MS, 10, 400.0, 110 * MS, 40, true);
    assert_eq!(d.bbr.s.mode, Mode::ProbeRtt);
    assert_eq!(d.bbr.cwnd(), MIN_CWND);
    assert!(d.events.contains(&CcEvent::State { from: "probe_bw", to: "probe_rtt" }));
    // Inflight falls to 4: the 200 ms clock starts.
    d.ack(10 * MS, 1, 400.0, 100 * MS, 4, false);
    let start = d.now;
    assert_eq!(d.bbr.s.probe_rtt_done_stamp, Some(start + PROBE_RTT_DURATION));
    // A round passes, but 200 ms have not.
    d.ack(150 * MS, 4, 40.0, 100 * MS, 4, true);
    assert_eq!(d.bbr.s.mode, Mode::ProbeRtt);
    assert_eq!(d.bbr.cwnd(), MIN_CWND);
    // 200 ms passed and the round is done: back to PROBE_BW with the old window.
    d.ack(51 * MS, 4, 40.0, 100 * MS, 4, false);
    assert_eq!(d.bbr.s.mode, Mode::ProbeBw);
    assert!(d.bbr.cwnd() >= cwnd_before, "{} < {cwnd_before}", d.bbr.cwnd());
    assert_eq!(d.bbr.s.min_rtt, Some(100 * MS));
}

#[test]
fn probe_rtt_waits_for_a_full_round() {
    let mut d = Driver::new(Plain);
    d.drive_to_probe_bw(400.0, 100 * MS);
    d.now = d.bbr.s.min_rtt_stamp + MIN_RTT_WINDOW;
    d.ack(MS, 1, 400.0, 120 * MS, 4, false);
    assert_eq!(d.bbr.s.mode, Mode::ProbeRtt);
    // 300 ms at 4 packets but no ACK starts a new round: stay.
    d.ack(300 * MS, 1, 40.0, 120 * MS, 4, false);
    assert_eq!(d.bbr.s.mode, Mode::ProbeRtt);
    d.ack(MS, 1, 40.0, 120 * MS, 4, true);
    assert_eq!(d.bbr.s.mode, Mode::ProbeBw);
}

#[test]
fn recovery_conserves_packets_then_restores_the_window() {
    let mut d = Driver::new(Plain);
    d.drive_to_probe_bw(400.0, 100 * MS);
    let before = d.bbr.cwnd();
    let mut ev = Vec::new();
    d.bbr.on_enter_recovery(d.now, 30, &mut ev);
    d.ack(MS, 1, 400.0, 100 * MS, 20, false);
    assert_eq!(d.bbr.cwnd(), 21, "first round of recovery: inflight + acked");
    d.bbr.on_exit_recovery(d.now, &mut ev);
    d.ack(MS, 1, 400.0, 100 * MS, 20, false);
    assert!(d.bbr.cwnd() >= before.min(d.bbr.inflight_target(400.0, 2.0)), "restored");
}

#[test]
fn bbr_a_gain_functions_at_their_edges() {
    assert_eq!(p_up(1.0), 1.0);
    assert_eq!(p_down(1.0), 0.5);
    assert!((p_up(1e-12) - 1.5).abs() < 1e-9);
    assert!((p_down(1e-12) - 1.0).abs() < 1e-9);
    // Monotone in between.
    assert!(p_up(0.5) > p_up(0.9) && p_up(0.5) < 1.5);
    assert!(p_down(0.5) < p_down(0.1) && p_down(0.5) > 0.5);
}

#[test]
fn bbr_a_replaces_only_the_probe_slots() {
    let mut d = Driver::new(BbrA::new());
    d.drive_to_probe_bw(400.0, 100 * MS);
    // A short RTT after a long one: φ = 100/200 = 0.5.
    d.ack(MS, 1, 400.0, 200 * MS, 10, false);
    d.ack(MS, 1, 400.0, 100 * MS, 10, false);
    assert_eq!(d.bbr.metrics().extra, vec![0.5, p_up(0.5), p_down(0.5)]);
    assert_eq!(d.bbr.extra_metric_names(), &["phi", "p_up", "p_down"]);
    let ack = |in_flight: u32| AckInfo {
        now: d.now,
        mss: 1448,
        acked: 1,
        lost: 0,
        prior_in_flight: in_flight,
        in_flight,
        delivered: d.delivered,
        lost_total: 0,
        rtt: None,
        srtt: 0,
        rate: RateSample::default(),
        in_recovery: false,
        app_limited: false,
    };
    let mut s = &mut d.bbr.s;
    // BDP = 40 packets: 1.25 BDP = 50.
    s.cycle_idx = 0;
    assert_eq!(d.bbr.v.probe_bw_gain(&d.bbr.s, &ack(49)), p_up(0.5));
    assert_eq!(d.bbr.v.probe_bw_gain(&d.bbr.s, &ack(50)), 1.0, "pipe already full: no probe");
    s = &mut d.bbr.s;
    s.cycle_idx = 1;
    assert_eq!(d.bbr.v.probe_bw_gain(&d.bbr.s, &ack(51)), p_down(0.5), "a queue: drain");
    assert_eq!(d.bbr.v.probe_bw_gain(&d.bbr.s, &ack(40)), 1.0, "no queue, no loss: cruise");
    s = &mut d.bbr.s;
    s.last_round_loss_rate = 0.03;
    assert_eq!(d.bbr.v.probe_bw_gain(&d.bbr.s, &ack(40)), p_down(0.5), "loss > 2 %: drain");
    s = &mut d.bbr.s;
    for i in 2..CYCLE_LEN {
        s.cycle_idx = i;
        assert_eq!(d.bbr.v.probe_bw_gain(s, &ack(40)), 1.0);
    }
}

#[test]
fn bbq_shortens_the_probe_only_with_a_queue() {
    let mut d = Driver::new(Bbq::new(3 * MS, 0.01));
    d.drive_to_probe_bw(400.0, 100 * MS);
    d.bbr.s.cycle_idx = 0;
    d.bbr.s.last_rtt = Some(100 * MS);
    assert_eq!(d.bbr.v.phase_length(&d.bbr.s), 100 * MS, "no queue: a full min_rtt");
    d.bbr.s.last_rtt = Some(102 * MS);
    assert_eq!(d.bbr.v.phase_length(&d.bbr.s), 3 * MS, "RTT > 1.01 min_rtt: min(α, min_rtt)");
    d.bbr.s.cycle_idx = 2;
    assert_eq!(d.bbr.v.phase_length(&d.bbr.s), 100 * MS, "other phases unchanged");
    d.bbr.s.cycle_idx = 0;
    d.bbr.s.min_rtt = Some(2 * MS);
    d.bbr.s.last_rtt = Some(3 * MS);
    assert_eq!(d.bbr.v.phase_length(&d.bbr.s), 2 * MS, "never longer than min_rtt");
}

#[test]
fn da_bbr_scales_the_probe_bw_target_by_rtt_over_rtt_plus_min_rtt() {
    let mut da = Driver::new(DaBbr::new());
    let mut plain = Driver::new(Plain);
    da.drive_to_probe_bw(1000.0, 100 * MS);
    plain.drive_to_probe_bw(1000.0, 100 * MS);
    // RTT = min_rtt: factor 1/2; RTT = 3 × min_rtt: factor 3/4.
    da.bbr.s.last_rtt = Some(100 * MS);
    assert_eq!(plain.bbr.bdp(1000.0, 2.0), 200);
    assert_eq!(da.bbr.bdp(1000.0, 2.0), 100);
    da.bbr.s.last_rtt = Some(300 * MS);
    assert_eq!(da.bbr.bdp(1000.0, 2.0), 150);
    // Outside PROBE_BW the BDP is plain.
    da.bbr.s.mode = Mode::Drain;
    assert_eq!(da.bbr.bdp(1000.0, 2.0), 200);
    da.bbr.s.mode = Mode::ProbeBw;
    // min_rtt 20 % above the previous probe's: the path changed, plain BDP.
    da.bbr.v = DaBbr::new();
    da.bbr.s.min_rtt_stamp = 0;
    da.now = MIN_RTT_WINDOW + 1;
    da.bbr.v.on_ack(
        &da.bbr.s,
        &AckInfo {
            now: da.now,
            mss: 1448,
            acked: 1,
            lost: 0,
            prior_in_flight: 10,
            in_flight: 10,
            delivered: 0,
            lost_total: 0,
            rtt: Some(100 * MS),
            srtt: 100 * MS,
            rate: RateSample::default(),
            in_recovery: false,
            app_limited: false,
        },
    );
    da.bbr.s.min_rtt = Some(130 * MS);
    da.bbr.s.last_rtt = Some(130 * MS);
    assert_eq!(da.bbr.bdp(1000.0, 1.0), 130, "130 > 1.2 × 100: fall back to the plain BDP");
    // PROBE_RTT keeps a third of the window.
    da.bbr.s.cwnd = 90;
    assert_eq!(da.bbr.v.on_enter_probe_rtt(&da.bbr.s), 30);
}

#[test]
fn da_bbr_recovery_cuts_to_inflight_and_does_not_restore() {
    let mut d = Driver::new(DaBbr::new());
    d.drive_to_probe_bw(400.0, 100 * MS);
    let mut ev = Vec::new();
    d.bbr.on_enter_recovery(d.now, 30, &mut ev);
    d.ack(MS, 1, 400.0, 100 * MS, 20, false);
    assert_eq!(d.bbr.cwnd(), 20, "cwnd = inflight");
    assert_eq!(d.bbr.s.pacing_gain, 0.75);
    d.bbr.on_exit_recovery(d.now, &mut ev);
    d.ack(MS, 1, 400.0, 100 * MS, 20, false);
    assert_eq!(d.bbr.cwnd(), 21, "no restore: grows by the packet acked");
}

/// One round trip of a lossy path: `acked` packets delivered and `lost` marked lost on the
/// round's single ACK, which samples `bw` packets/s.
fn lossy_round<V: Variant>(d: &mut Driver<V>, lost_total: &mut u64, acked: u32, lost: u32, bw: f64, rtt: Dur) {
    d.now += rtt;
    let prior_delivered = d.delivered;
    d.delivered += acked as u64;
    *lost_total += lost as u64;
    let a = AckInfo {
        now: d.now,
        mss: 1448,
        acked,
        lost,
        prior_in_flight: 40 + acked,
        in_flight: 40,
        delivered: d.delivered,
        lost_total: *lost_total,
        rtt: Some(rtt),
        srtt: rtt,
        rate: RateSample {
            delivered: (bw * rtt as f64 / 1e9).round() as u64,
            prior_delivered,
            interval: rtt,
            is_app_limited: false,
        },
        in_recovery: true,
        app_limited: false,
    };
    d.bbr.on_ack(&a, &mut d.events);
}

/// Linux's long-term estimator (lt_bw.rs): a flow that loses a quarter of its packets while
/// delivering a steady 300 packets/s — below the 400 its windowed maximum remembers — paces at
/// gain 1 on the delivered 300 after two agreeing 4-round intervals, and probes again from its
/// windowed maximum 48 rounds later. With `lt_bw: false` it keeps probing at 400 throughout.
#[test]
fn steady_heavy_loss_switches_to_the_long_term_rate_for_48_rounds() {
    let rtt = 100 * MS;
    let wire = 1500.0 * 0.99;
    let mut d = Driver::new(Plain);
    d.drive_to_probe_bw(400.0, rtt);
    let mut lost_total = 0;
    // The log says when the long-term rate starts and stops being used, at what rate.
    let long_term = |events: &[CcEvent]| -> Vec<(bool, f64)> {
        events.iter().filter_map(|e| if let CcEvent::LongTermRate { engaged, rate_mbps } = *e { Some((engaged, rate_mbps)) } else { None }).collect()
    };
    let mbps_300 = 300.0 * 1500.0 * 8.0 / 1e6;
    // The first loss starts sampling; 4 rounds end the first interval, 4 more the second.
    for round in 1..=8 {
        assert!(!d.bbr.s.lt.use_bw, "round {round}: too early");
        lossy_round(&mut d, &mut lost_total, 30, 10, 400.0, rtt);
    }
    assert!(d.bbr.s.lt.use_bw, "two agreeing lossy intervals engage the long-term rate");
    let said = long_term(&d.events);
    assert!(matches!(said[..], [(true, r)] if (r - mbps_300).abs() < 0.02), "{said:?}");
    assert!((d.bbr.s.lt.bw - 300.0).abs() < 1.0, "long-term rate {} pkt/s", d.bbr.s.lt.bw);
    assert_eq!(d.bbr.max_bw(), 400.0, "the windowed maximum is kept, just not used");
    assert_eq!(d.bbr.s.pacing_gain, 1.0);
    assert!((d.bbr.pacing_rate().unwrap() - d.bbr.s.lt.bw * wire).abs() < 1e-6);
    // No probing while on the long-term rate ...
    for _ in 0..46 {
        lossy_round(&mut d, &mut lost_total, 30, 10, 400.0, rtt);
        assert_eq!(d.bbr.s.pacing_gain, 1.0);
        assert!(d.bbr.s.lt.use_bw);
    }
    // ... until 48 round trips have passed: back to the windowed maximum and gain cycling.
    lossy_round(&mut d, &mut lost_total, 30, 10, 400.0, rtt);
    lossy_round(&mut d, &mut lost_total, 30, 10, 400.0, rtt);
    assert!(!d.bbr.s.lt.use_bw);
    assert_eq!(d.bbr.bw(), 400.0);
    let said = long_term(&d.events);
    assert!(matches!(said[..], [(true, _), (false, r)] if (r - mbps_300).abs() < 0.02), "{said:?}");

    let mut off = Driver { bbr: Bbr::new(init(1), &BbrParams { lt_bw: false, ..BbrParams::default() }, Plain), now: 0, delivered: 0, events: Vec::new() };
    off.drive_to_probe_bw(400.0, rtt);
    let mut lost_total = 0;
    for _ in 0..20 {
        lossy_round(&mut off, &mut lost_total, 30, 10, 400.0, rtt);
    }
    assert!(!off.bbr.s.lt.use_bw);
    assert_eq!(off.bbr.bw(), 400.0);
    assert!(long_term(&off.events).is_empty());
}

/// Loss below Linux's 50/256 threshold never engages the long-term rate.
#[test]
fn moderate_loss_keeps_the_windowed_maximum() {
    let rtt = 100 * MS;
    let mut d = Driver::new(Plain);
    d.drive_to_probe_bw(400.0, rtt);
    let mut lost_total = 0;
    // 5 lost per 35 delivered: 14 % < 19.5 %.
    for _ in 0..40 {
        lossy_round(&mut d, &mut lost_total, 35, 5, 400.0, rtt);
        assert!(!d.bbr.s.lt.use_bw);
    }
}

/// `tcp.bbr: "ns3"` (model.rs): ns-3's TcpBbr, with the parameters a scenario leaves out.
fn ns3_driver(params: Option<serde_json::Value>) -> Driver<Plain> {
    let init = CcInit { bbr: BbrModel::Ns3, ..init(1) };
    let p = BbrParams::parse(&init, params.as_ref()).expect("valid params");
    Driver { bbr: Bbr::new(init, &p, Plain), now: 0, delivered: 0, events: Vec::new() }
}

/// ns-3's `InFlight`: `quanta = 3 * m_sendQuantum` with a one-segment quantum
/// (`SetSendQuantum`), + 2 segments in the 1.25 phase, no rounding. Linux's budget at the same
/// pacing rate (400 packets/s × 1500 × 0.99 ≈ 594 kB/s: 580 bytes per ms, under a segment, so
/// `bbr_min_tso_segs` = 2 above 1.2 Mbit/s) is 3 × 2, rounded up to even.
#[test]
fn ns3_budget_is_three_segments_plus_two_in_the_probe_phase() {
    let rtt = 100 * MS;
    let mut ns3 = ns3_driver(None);
    ns3.drive_to_probe_bw(400.0, rtt);
    let mut linux = Driver::new(Plain);
    linux.drive_to_probe_bw(400.0, rtt);
    for (cycle, ns3_budget, linux_budget) in [(1, 43, 46), (3, 43, 46), (0, 45, 48)] {
        ns3.bbr.s.cycle_idx = cycle;
        linux.bbr.s.cycle_idx = cycle;
        assert_eq!(ns3.bbr.quantization_budget(40), ns3_budget, "ns-3, phase {cycle}");
        assert_eq!(ns3.bbr.quantization_budget(41), ns3_budget + 1, "ns-3 does not round to even");
        assert_eq!(linux.bbr.quantization_budget(40), linux_budget, "Linux, phase {cycle}");
    }
    assert!(ns3.bbr.single_segments() && !linux.bbr.single_segments(), "ns-3 sends one segment per pacing slot");
}

/// ns-3's TcpBbr has no long-term estimator: the steady 20 % loss (10 of every 50 packets sent,
/// lost/delivered = 25 % ≥ Linux's 19.5 %) that switches Linux's BBR to its long-term rate
/// after two agreeing intervals leaves ns-3's probing from the windowed maximum. An explicit
/// `cc_params.lt_bw: true` still turns Linux's estimator on under ns3.
#[test]
fn ns3_never_engages_the_long_term_rate_at_20_percent_loss() {
    let rtt = 100 * MS;
    let engaged = |mut d: Driver<Plain>| {
        d.drive_to_probe_bw(400.0, rtt);
        let mut lost_total = 0;
        let mut ever = false;
        for _ in 0..30 {
            lossy_round(&mut d, &mut lost_total, 40, 10, 400.0, rtt);
            ever |= d.bbr.s.lt.use_bw;
        }
        let said = d.events.iter().any(|e| matches!(e, CcEvent::LongTermRate { .. }));
        assert_eq!(ever, said, "the event log says so when it engages");
        ever
    };
    assert!(engaged(Driver::new(Plain)), "Linux engages its long-term rate");
    assert!(!engaged(ns3_driver(None)), "ns-3 has none");
    assert!(!engaged(ns3_driver(Some(serde_json::json!({"header_bytes": 52})))), "other params leave the model's default");
    assert!(engaged(ns3_driver(Some(serde_json::json!({"lt_bw": true})))), "an explicit lt_bw wins");
}

/// ns-3's allowance rule (aggregation.rs `Epoch::ns3`) replaces Linux's under ns3, and an explicit
/// `extra_acked: false` turns it off as it does Linux's.
#[test]
fn ns3_uses_its_own_allowance_rule_unless_turned_off() {
    let d = ns3_driver(None);
    assert_eq!(d.bbr.s.aggregation.epoch_rule(), aggregation::Epoch::ns3(d.bbr.s.mss));
    assert_eq!(Driver::new(Plain).bbr.s.aggregation.epoch_rule(), aggregation::Epoch::LINUX);
    // A burst of ten 2-segment ACKs at once, after the pipe is full: Linux's allowance grows
    // with the burst, ns-3's stays at one ACK's 2896 bytes (under the 4096-byte epoch cap).
    // (STARTUP's 10-packet ACKs are single ACKs over the cap, which ns-3 counts whole: ten
    // rounds of 2-packet ACKs age them out of the filter first.)
    let burst = |mut d: Driver<Plain>| {
        d.drive_to_probe_bw(400.0, 100 * MS);
        for _ in 0..11 {
            d.ack(100 * MS, 2, 400.0, 100 * MS, 40, true);
        }
        for _ in 0..10 {
            d.ack(0, 2, 400.0, 100 * MS, 40, false);
        }
        d.bbr.s.aggregation.allowance(d.bbr.bw(), d.bbr.s.full_bw_reached)
    };
    assert_eq!(burst(ns3_driver(None)), 2);
    assert!(burst(Driver::new(Plain)) >= 18, "Linux counts the burst");
    assert_eq!(burst(ns3_driver(Some(serde_json::json!({"extra_acked": false})))), 0);
}
