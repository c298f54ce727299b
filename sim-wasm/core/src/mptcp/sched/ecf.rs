//! ECF, Earliest Completion First (Lim, Nahum, Towsley, Gibbens, CoNEXT 2017), with the
//! semantics of Linux multipath-tcp `net/mptcp/mptcp_ecf.c` (v0.95).
//!
//! x_f = the lowest-RTT subflow whether or not it can send now; x_s = minRTT's pick among
//! those that can. If x_s is x_f (or nothing can send) that is the answer. Otherwise, with
//! k = unsent bytes in the connection send buffer, δ = max(rttvar_f, rttvar_s), β = 1/4 and
//! `waiting` ∈ {0, 1} kept per connection:
//! ```text
//!   n_f = 1 + max(k, cwnd_f·MSS) / (cwnd_f·MSS)        rounds to finish on x_f, after waiting
//!   n_s =     max(k, cwnd_s·MSS) / (cwnd_s·MSS)        rounds to finish on x_s
//!   if n_f·rtt_f < (1 + waiting·β)·(rtt_s + δ):        waiting for x_f finishes sooner …
//!       if n_s·rtt_s ≥ 2·rtt_f + δ:                     … and x_s is really slower:
//!           waiting = 1; send nothing
//!       (else use x_s, waiting unchanged)
//!   else: waiting = 0; use x_s
//! ```
//! The waiting flag is Linux's `switching_margin`: once ECF has decided to wait, the slow
//! subflow has to look β better before it is used again (hysteresis against flapping).
//! δ is the RFC 6298 RTTVAR (Linux uses its own rttvar_us; **choice**, same role).

use super::{Decision, PacketScheduler, SchedInput, SchedParams, NONE_AVAILABLE};

/// Linux `mptcp_ecf_r_beta` = 4, i.e. β = 1/4.
pub const DEFAULT_BETA: f64 = 0.25;

pub struct Ecf {
    beta: f64,
    /// Linux `switching_margin`, ALGORITHMS.md's `waiting`.
    pub waiting: bool,
}

impl Ecf {
    pub fn new(beta: f64) -> Self {
        Ecf { beta, waiting: false }
    }

    pub fn boxed(p: &SchedParams) -> Result<Box<dyn PacketScheduler>, String> {
        let beta = p.beta.unwrap_or(DEFAULT_BETA);
        if !(beta.is_finite() && beta >= 0.0) {
            return Err(format!("sched_params.beta: must be ≥ 0 (got {beta})"));
        }
        Ok(Box::new(Ecf::new(beta)))
    }
}

impl PacketScheduler for Ecf {
    fn name(&self) -> &'static str {
        "ecf"
    }

    fn pick(&mut self, input: &SchedInput) -> Decision {
        let order = input.by_rtt();
        let Some(&fast) = order.first() else { return Decision::none(NONE_AVAILABLE) };
        let Some(best) = input.min_rtt_available() else { return Decision::none(NONE_AVAILABLE) };
        if best == fast {
            return Decision::send(best, "fastest subflow available");
        }
        let (f, s) = (&input.subflows[fast], &input.subflows[best]);
        let mss = input.mss.max(1) as f64;
        let k = input.unsent_bytes as f64;
        let (rtt_f, rtt_s) = (f.srtt as f64, s.srtt as f64);
        let delta = f.rttvar.max(s.rttvar) as f64;
        let win_f = f.cwnd.max(1) as f64 * mss;
        let win_s = s.cwnd.max(1) as f64 * mss;
        let n_f = 1.0 + k.max(win_f) / win_f;
        let n_s = k.max(win_s) / win_s;
        let w = if self.waiting { 1.0 } else { 0.0 };
        let terms = [
            ("n_f", n_f),
            ("rtt_f_ms", rtt_f / 1e6),
            ("n_s", n_s),
            ("rtt_s_ms", rtt_s / 1e6),
            ("delta_ms", delta / 1e6),
            ("waiting", w),
            ("k_bytes", k),
        ];
        if n_f * rtt_f < (1.0 + w * self.beta) * (rtt_s + delta) {
            if n_s * rtt_s >= 2.0 * rtt_f + delta {
                self.waiting = true;
                return Decision::none("waiting for the fastest subflow finishes sooner").with(&terms);
            }
            return Decision::send(best, "slower subflow is not much slower").with(&terms);
        }
        self.waiting = false;
        Decision::send(best, "slower subflow finishes sooner than waiting").with(&terms)
    }
}

#[cfg(test)]
mod tests {
    use super::super::testing::*;
    use super::super::SubflowView;
    use super::*;

    fn sub(rtt_ms: u64, rttvar_ms: u64, cwnd: u32, available: bool) -> SubflowView {
        SubflowView { srtt: rtt_ms * MS, rttvar: rttvar_ms * MS, cwnd, in_flight: 0, available }
    }

    #[test]
    fn table_of_branches() {
        // fast: 10 ms (rttvar 2.5), cwnd 10; slow: 100 ms (rttvar 25), cwnd 10.
        // (fast available, k packets, waiting before) → (pick, waiting after, reason)
        let cases = [
            (true, 500, false, Some(0), false, "fastest subflow available"),
            // k ≤ cwnd_f: n_f = 2 → 20 ms < 125 ms; n_s = 1 → 100 ≥ 45: wait.
            (false, 5, false, None, true, "waiting for the fastest subflow finishes sooner"),
            // k = 200: n_f = 21 → 210 ms ≥ 125 ms: use the slow one, waiting cleared.
            (false, 200, true, Some(1), false, "slower subflow finishes sooner than waiting"),
            // k = 130: n_f = 14 → 140 ms. Without waiting: 140 ≥ 125 → slow subflow ...
            (false, 130, false, Some(1), false, "slower subflow finishes sooner than waiting"),
            // ... with waiting: 140 < 1.25·125 = 156.25 → keep waiting (hysteresis).
            (false, 130, true, None, true, "waiting for the fastest subflow finishes sooner"),
        ];
        for (i, &(fast_avail, k, w0, want, w1, reason)) in cases.iter().enumerate() {
            let subs = [sub(10, 2, 10, fast_avail), sub(100, 25, 10, true)];
            let mut e = Ecf::new(DEFAULT_BETA);
            e.waiting = w0;
            let d = e.pick(&input(&subs, k));
            assert_eq!((d.subflow, e.waiting, d.reason), (want, w1, reason), "case {i}: {d:?}");
        }
    }

    #[test]
    fn slow_subflow_close_to_fast_is_used_and_waiting_kept() {
        // 2·10 = 20 < 15 + 10 (first test true), n_s·15 = 15 < 2·10 + 10 (second false).
        let subs = [sub(10, 2, 10, false), sub(15, 10, 10, true)];
        let mut e = Ecf::new(DEFAULT_BETA);
        e.waiting = true;
        let d = e.pick(&input(&subs, 5));
        assert_eq!((d.subflow, d.reason), (Some(1), "slower subflow is not much slower"));
        assert!(e.waiting, "this branch leaves the flag alone, as mptcp_ecf.c does");
        assert!(d.terms.iter().any(|t| t.name == "n_f" && t.value == 2.0));
    }

    #[test]
    fn nothing_available_sends_nothing() {
        let subs = [sub(10, 2, 10, false), sub(100, 25, 10, false)];
        assert_eq!(Ecf::new(0.25).pick(&input(&subs, 5)).subflow, None);
    }
}
