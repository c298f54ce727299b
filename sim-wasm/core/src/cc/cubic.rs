//! CUBIC congestion control (RFC 9438), the Linux default.
//!
//! Model (as Linux net/ipv4/tcp_cubic.c runs it; docs/model/tcp.md §CUBIC): after a loss at
//! window W_max the window follows a cubic curve in the time t since the congestion-avoidance
//! epoch began, `W_cubic(t) = C·(t − K)³ + W_max` with `K = ∛((W_max − cwnd_epoch)/C)`
//! (RFC 9438 §4.2, Linux `bic_K`), cwnd_epoch being the window when the epoch began: concave
//! up to W_max (fast recovery of the old window, then a plateau where the last loss
//! happened), convex beyond it (probing for more). When the epoch starts at or above W_max
//! (no loss yet, or W_max forgotten after a timeout) K = 0 and the curve is anchored at the
//! current window (Linux `bic_origin_point = cwnd`). It never grows slower than Reno would
//! (the "Reno-friendly" estimate W_est, RFC 9438 §4.3), and before the first loss never
//! slower than 5 % per round trip (Linux `bictcp_update`'s `cnt ≤ 20` while
//! `last_max_cwnd == 0`; see [`Cubic::growth_per_packet`]). Slow start is ended early by HyStart
//! (`hystart.rs`), on by default as in Linux and ns-3. A timeout resets the controller as
//! Linux's `bictcp_reset` does: W_max is forgotten.
//!
//! ```text
//!  W ^           . . . convex (probing)
//!    |        _.'
//!  Wmax ----=' <- plateau
//!    |   .'  concave (recovering)
//!    | .'
//!    +---------------------------> t since loss
//! ```

use super::hystart::{Exit, HyStart, HyStartParams};
use super::{parse_params, AckInfo, CcEvent, CcInit, CcMetrics, CongestionControl};
use crate::engine::math::cbrt;
use crate::engine::time::{Time, NS_PER_S};
use serde::{Deserialize, Serialize};

/// RFC 9438 §4.1 constants, exposed so a class can see what they do.
#[derive(Debug, Clone, Deserialize, Serialize, schemars::JsonSchema)]
#[serde(deny_unknown_fields, default)]
pub struct CubicParams {
    /// How aggressively the cubic grows, > 0 (RFC 9438 §5.1: 0.4).
    #[schemars(title = "C", extend("exclusiveMinimum" = 0))]
    pub c: f64,
    /// Multiplicative decrease factor β_cubic, in (0, 1) (RFC 9438 §4.6: 0.7).
    #[schemars(title = "β (decrease)", extend("exclusiveMinimum" = 0, "exclusiveMaximum" = 1))]
    pub beta: f64,
    /// Release bandwidth sooner when W_max shrinks (RFC 9438 §4.7).
    #[schemars(title = "Fast convergence")]
    pub fast_convergence: bool,
    /// Slow start ends here at the latest; absent = unbounded (RFC 5681: "arbitrarily high").
    #[schemars(title = "Initial ssthresh", extend("x-unit" = "packets", "x-none" = "unbounded"))]
    pub initial_ssthresh: Option<u32>,
    /// HyStart (Linux tcp_cubic `hystart*` parameters).
    #[schemars(title = "HyStart")]
    pub hystart: HyStartParams,
}

impl Default for CubicParams {
    fn default() -> Self {
        CubicParams { c: 0.4, beta: 0.7, fast_convergence: true, initial_ssthresh: None, hystart: HyStartParams::default() }
    }
}

const STATES: &[&str] = &["slow_start", "congestion_avoidance", "recovery"];
const SLOW_START: u8 = 0;
const CONG_AVOID: u8 = 1;
const RECOVERY: u8 = 2;

pub struct Cubic {
    p: CubicParams,
    /// Window in packets, fractional so per-ACK growth accumulates exactly.
    cwnd: f64,
    ssthresh: f64,
    /// Window just before the last reduction (RFC 9438 W_max, Linux `last_max_cwnd`);
    /// 0 = none (no loss yet, or forgotten after a timeout).
    w_max: f64,
    /// Where the current curve plateaus: W_max, or the epoch's starting window when that
    /// is at or above W_max (Linux `bic_origin_point`).
    origin: f64,
    /// Time the current congestion-avoidance epoch began (RFC 9438 t = now − epoch_start).
    epoch_start: Option<Time>,
    k: f64,
    /// Reno-friendly estimate W_est (RFC 9438 §4.3).
    w_est: f64,
    state: u8,
    hystart: HyStart,
}

impl Cubic {
    pub fn new(init: &CcInit, p: CubicParams) -> Self {
        let ssthresh = p.initial_ssthresh.or(init.init_ssthresh).map_or(f64::INFINITY, |s| s as f64);
        Cubic {
            cwnd: init.init_cwnd.max(1) as f64,
            ssthresh,
            w_max: 0.0,
            origin: 0.0,
            epoch_start: None,
            k: 0.0,
            w_est: 0.0,
            state: SLOW_START,
            hystart: HyStart::new(p.hystart.clone()),
            p,
        }
    }

    pub fn boxed(
        init: CcInit,
        params: Option<&serde_json::Value>,
    ) -> Result<Box<dyn CongestionControl>, String> {
        let p: CubicParams = parse_params(params)?;
        if !(p.c > 0.0) {
            return Err("c: must be > 0".into());
        }
        if !(p.beta > 0.0 && p.beta < 1.0) {
            return Err("beta: must be in (0, 1)".into());
        }
        Ok(Box::new(Cubic::new(&init, p)))
    }

    fn set_state(&mut self, to: u8, events: &mut Vec<CcEvent>) {
        if to != self.state {
            events.push(CcEvent::State { from: STATES[self.state as usize], to: STATES[to as usize] });
            self.state = to;
        }
    }

    /// W_cubic(t), RFC 9438 eq. 1, with t in seconds.
    fn w_cubic(&self, t: f64) -> f64 {
        let d = t - self.k;
        self.p.c * d * d * d + self.origin
    }

    /// Window growth per packet acknowledged in congestion avoidance, towards `target`: Linux
    /// keeps it as `ca->cnt`, the packets acknowledged per one-packet increase, and this is
    /// 1/cnt (bictcp_update, then `tcp_cong_avoid_ai`). Three rules set it, in the kernel's
    /// order:
    /// - the curve: close (target − cwnd)/cwnd per packet (cnt = cwnd / (target − cwnd));
    ///   at or below the window, nearly nothing (cnt = 100·cwnd);
    /// - **no loss yet** (`last_max_cwnd == 0`): at least 1/20 per packet, i.e. the window
    ///   grows by at least 5 % per RTT ("the initial growth of cubic function may be too
    ///   conservative when the available bandwidth is still unknown") — exponentially in round
    ///   trips, so a short-RTT flow grows much faster than a long-RTT one before the first loss
    ///   (docs/model/linux-kernel.md §CUBIC);
    /// - **Reno-friendliness** (`tcp_friendliness`, RFC 9438 §4.3): when the Reno estimate
    ///   W_est is ahead, close the gap within one window's worth of ACKs (cnt ≤ cwnd/(W_est −
    ///   cwnd)); W_est grows by α = 3(1 − β)/(1 + β) per window, Reno's average rate;
    /// and never faster than 1 packet per 2 acknowledged (cnt ≥ 2: at most ×1.5 per RTT).
    fn growth_per_packet(&self, target: f64) -> f64 {
        let mut per_packet = if target > self.cwnd { (target - self.cwnd) / self.cwnd } else { 1.0 / (100.0 * self.cwnd) };
        if self.w_max == 0.0 {
            per_packet = per_packet.max(1.0 / 20.0);
        }
        if self.w_est > self.cwnd {
            per_packet = per_packet.max((self.w_est - self.cwnd) / self.cwnd);
        }
        per_packet.min(0.5)
    }

    /// RFC 9438 §4.6–4.7: remember W_max (reduced further under fast convergence) and cut.
    fn reduce(&mut self) {
        self.w_max = if self.p.fast_convergence && self.cwnd < self.w_max {
            self.cwnd * (1.0 + self.p.beta) / 2.0
        } else {
            self.cwnd
        };
        self.ssthresh = (self.cwnd * self.p.beta).max(2.0);
        self.epoch_start = None;
    }
}

impl CongestionControl for Cubic {
    fn name(&self) -> &'static str {
        "cubic"
    }

    fn on_ack(&mut self, ack: &AckInfo, events: &mut Vec<CcEvent>) {
        // Linux calls cubictcp_acked (HyStart) for every ACK with an RTT sample, before
        // growing the window, in any state.
        let in_ss = self.cwnd < self.ssthresh;
        if ack.acked > 0 {
            if let Some(exit) = self.hystart.on_ack(ack, self.cwnd(), in_ss, self.epoch_start) {
                self.ssthresh = self.cwnd.floor().max(2.0);
                let reason = match exit {
                    Exit::AckTrain => "ack_train",
                    Exit::Delay => "delay",
                };
                events.push(CcEvent::HyStartExit { reason, cwnd: self.cwnd() });
            }
        }
        if ack.in_recovery || ack.acked == 0 {
            return;
        }
        let mut acked = ack.acked as f64;
        if self.cwnd < self.ssthresh {
            let grow = acked.min(self.ssthresh - self.cwnd);
            self.cwnd += grow;
            acked -= grow;
            if acked <= 0.0 {
                return;
            }
        }
        self.set_state(CONG_AVOID, events);
        let epoch = match self.epoch_start {
            Some(e) => e,
            None => {
                // RFC 9438 §4.2: a new epoch starts at the first ACK in congestion avoidance,
                // K = ∛((W_max − cwnd_epoch)/C); at or above W_max the curve is anchored at
                // the current window with K = 0 (Linux bictcp_update).
                if self.w_max <= self.cwnd {
                    self.k = 0.0;
                    self.origin = self.cwnd;
                } else {
                    self.k = cbrt((self.w_max - self.cwnd) / self.p.c);
                    self.origin = self.w_max;
                }
                self.w_est = self.cwnd;
                self.epoch_start = Some(ack.now);
                ack.now
            }
        };
        // Linux bictcp_update: aim at where the curve will be one *minimum* RTT from now
        // (`t += usecs_to_jiffies(ca->delay_min)`; RFC 9438 §4.2 says RTT, Linux takes the
        // minimum so a standing queue does not speed the growth up).
        let ahead = self.hystart.delay_min as f64 / NS_PER_S as f64;
        let t = (ack.now - epoch) as f64 / NS_PER_S as f64;
        let target = self.w_cubic(t + ahead);
        let alpha = 3.0 * (1.0 - self.p.beta) / (1.0 + self.p.beta);
        self.w_est += alpha * acked / self.cwnd;
        self.cwnd += self.growth_per_packet(target) * acked;
    }

    fn on_enter_recovery(&mut self, _now: Time, _in_flight: u32, events: &mut Vec<CcEvent>) {
        self.reduce();
        self.cwnd = self.ssthresh;
        self.w_est = self.cwnd;
        self.set_state(RECOVERY, events);
    }

    fn on_exit_recovery(&mut self, _now: Time, events: &mut Vec<CcEvent>) {
        self.set_state(CONG_AVOID, events);
    }

    fn on_rto(&mut self, now: Time, _in_flight: u32, events: &mut Vec<CcEvent>) {
        // Linux tcp_enter_loss: ssthresh from cubictcp_recalc_ssthresh (as for a loss), then
        // the Loss state resets CUBIC (bictcp_reset: W_max forgotten) and HyStart; the
        // window restarts from one packet in slow start.
        self.reduce();
        self.on_rto_same_window(now, 0, events);
    }

    fn on_rto_same_window(&mut self, now: Time, _in_flight: u32, events: &mut Vec<CcEvent>) {
        // The Loss state resets CUBIC every time (cubictcp_state); only ssthresh is kept.
        self.w_max = 0.0;
        self.origin = 0.0;
        self.k = 0.0;
        self.cwnd = 1.0;
        self.w_est = 0.0;
        self.hystart.on_timeout(now);
        self.set_state(SLOW_START, events);
    }

    fn limit_cwnd(&mut self, max: u32) {
        self.cwnd = self.cwnd.min(max.max(1) as f64);
    }

    fn cwnd(&self) -> u32 {
        (self.cwnd as u32).max(1)
    }

    fn state_names(&self) -> &'static [&'static str] {
        STATES
    }

    fn metrics(&self) -> CcMetrics {
        CcMetrics {
            state: self.state,
            ssthresh: self.ssthresh.is_finite().then_some(self.ssthresh as u32),
            ..CcMetrics::default()
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::cc::reno::tests::{ack, init};
    use crate::engine::time::NS_PER_MS;

    /// Feed one window of ACKs per RTT for `secs` seconds; returns (cwnd halfway, cwnd at end).
    fn run(c: &mut Cubic, rtt_ms: u64, secs: f64, half: f64) -> (f64, f64) {
        let (mut now, mut at_half, mut ev) = (0, 0.0, vec![]);
        while (now as f64) < secs * 1e9 {
            now += rtt_ms * NS_PER_MS;
            let mut a = ack(now, c.cwnd());
            a.srtt = rtt_ms * NS_PER_MS;
            c.on_ack(&a, &mut ev);
            if at_half == 0.0 && now as f64 >= half * 1e9 {
                at_half = c.cwnd;
            }
        }
        (at_half, c.cwnd)
    }

    /// After a loss at W_max, CUBIC regains W_max after K seconds (concave, then a plateau)
    /// and grows beyond it (convex), following C·(t − K)³ + W_max.
    #[test]
    fn cubic_growth_follows_the_curve() {
        let mut c = Cubic::new(&init(1000), CubicParams::default());
        let mut ev = vec![];
        c.on_enter_recovery(0, 1000, &mut ev);
        assert!((c.cwnd - 700.0).abs() < 1e-9, "β = 0.7 cut: {}", c.cwnd);
        c.on_exit_recovery(0, &mut ev);
        // K = ∛(1000·0.3/0.4) ≈ 9.09 s; at a 100 ms RTT the cubic term beats Reno-friendliness.
        let k = cbrt(1000.0 * 0.3 / 0.4);
        let (half, end) = run(&mut c, 100, k + 2.0, k / 2.0);
        // Concave: halfway to K, W_cubic ≈ 1000 − 0.4·4.5³ ≈ 962.
        assert!(half > 950.0 && half < 975.0, "halfway to K: {half}");
        // Convex: 2 s past K it is above W_max by about C·2³ = 3.2 packets.
        assert!(end > 1001.0 && end < 1010.0, "2 s past K: {end}");
    }

    /// On a short RTT, Reno would grow faster than the cubic curve; CUBIC then tracks the
    /// Reno-friendly estimate (≈ 0.53 packets per RTT with β = 0.7) instead.
    #[test]
    fn reno_friendly_region_on_short_rtt() {
        let mut c = Cubic::new(&init(100), CubicParams::default());
        let mut ev = vec![];
        c.on_enter_recovery(0, 100, &mut ev);
        c.on_exit_recovery(0, &mut ev);
        let (_, end) = run(&mut c, 10, 2.0, 1.0);
        let reno_friendly = 70.0 + 200.0 * 3.0 * 0.3 / 1.7;
        assert!((end - reno_friendly).abs() < 3.0, "cwnd {end}, expected ≈ {reno_friendly}");
    }

    /// RFC 9438 §4.2 / Linux bictcp_update: K = ∛((W_max − cwnd_epoch)/C), from the window the
    /// epoch starts at, not from W_max·(1 − β).
    #[test]
    fn k_comes_from_the_epochs_starting_window() {
        let mut c = Cubic::new(&init(100), CubicParams::default());
        let mut ev = vec![];
        c.on_enter_recovery(0, 100, &mut ev); // W_max = 100
        c.cwnd = 50.0; // e.g. PRR took the flight lower than β·W_max
        c.ssthresh = 50.0;
        c.on_ack(&ack(1, 1), &mut ev);
        assert!((c.k - cbrt(50.0 / 0.4)).abs() < 1e-9, "K {} vs ∛(50/0.4)", c.k);
        assert!((c.origin - 100.0).abs() < 1e-9, "anchored at W_max");
    }

    /// With no loss yet (or W_max forgotten) the curve is anchored at the current window with
    /// K = 0, and W_max is not overwritten.
    #[test]
    fn no_loss_yet_anchors_the_curve_at_cwnd() {
        let mut c = Cubic::new(&init(40), CubicParams { initial_ssthresh: Some(40), ..CubicParams::default() });
        let mut ev = vec![];
        c.on_ack(&ack(1, 1), &mut ev);
        assert_eq!(c.k, 0.0);
        assert!((c.origin - 40.0).abs() < 1.1);
        assert_eq!(c.w_max, 0.0, "no loss, no W_max");
    }

    /// Before the first loss (W_max = 0) Linux caps `ca->cnt` at 20: the window grows by at
    /// least 5 % per round trip whatever the cubic curve says, so in the same 0.2 s a 10 ms
    /// flow multiplies its window by 1.05²⁰ ≈ 2.65 and a 50 ms flow by 1.05⁴ ≈ 1.22.
    #[test]
    fn before_the_first_loss_the_window_grows_five_percent_per_rtt() {
        for (rtt_ms, rounds) in [(10u64, 20), (50, 4)] {
            let mut c = Cubic::new(&init(100), CubicParams { initial_ssthresh: Some(100), ..CubicParams::default() });
            let (_, end) = run(&mut c, rtt_ms, 0.2, 0.1);
            let expected = 100.0 * 1.05f64.powi(rounds);
            assert!((end / expected - 1.0).abs() < 0.02, "{rtt_ms} ms: cwnd {end}, 5 %/RTT gives {expected}");
        }
        // After a loss the floor is gone: the same 0.2 s from a cut at W_max = 100 stays on the
        // concave curve, just above β·W_max.
        let mut c = Cubic::new(&init(100), CubicParams::default());
        let mut ev = vec![];
        c.on_enter_recovery(0, 100, &mut ev);
        c.on_exit_recovery(0, &mut ev);
        let (_, end) = run(&mut c, 10, 0.2, 0.1);
        assert!(end < 85.0, "no 5 % floor once W_max is known: {end}");
    }

    /// Linux's Reno-friendliness only raises the growth rate (`ca->cnt` capped); it never
    /// lowers the window to W_est.
    #[test]
    fn reno_friendliness_never_lowers_the_window() {
        let mut c = Cubic::new(&init(100), CubicParams::default());
        let mut ev = vec![];
        c.on_enter_recovery(0, 100, &mut ev);
        c.on_exit_recovery(0, &mut ev);
        let mut prev = c.cwnd;
        let mut now = 0;
        for _ in 0..200 {
            now += 10 * NS_PER_MS;
            let mut a = ack(now, c.cwnd());
            a.srtt = 10 * NS_PER_MS;
            c.on_ack(&a, &mut ev);
            assert!(c.cwnd >= prev, "cwnd fell from {prev} to {}", c.cwnd);
            prev = c.cwnd;
        }
    }

    /// A timeout forgets W_max (Linux bictcp_reset) and restarts slow start from one packet.
    #[test]
    fn timeout_resets_w_max() {
        let mut c = Cubic::new(&init(100), CubicParams::default());
        let mut ev = vec![];
        c.on_rto(0, 100, &mut ev);
        assert_eq!((c.cwnd(), c.w_max), (1, 0.0));
        assert!((c.ssthresh - 70.0).abs() < 1e-9, "ssthresh = β·cwnd");
    }

    #[test]
    fn fast_convergence_lowers_w_max() {
        let mut c = Cubic::new(&init(100), CubicParams::default());
        let mut ev = vec![];
        c.on_enter_recovery(0, 100, &mut ev); // W_max = 100, cwnd 70
        c.on_enter_recovery(0, 70, &mut ev); // 70 < 100: W_max = 70·1.7/2
        assert!((c.w_max - 59.5).abs() < 1e-9);
        assert!((c.cwnd - 49.0).abs() < 1e-9);
    }
}
