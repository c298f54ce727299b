//! ECF, Earliest Completion First (Lim, Nahum, Towsley, Gibbens, CoNEXT 2017), with the
//! arithmetic of Linux multipath-tcp `net/mptcp/mptcp_ecf.c` (v0.95,
//! `ecf_get_available_subflow`).
//!
//! x_f = the lowest-RTT subflow whether or not it can send now; x_s = minRTT's pick among
//! those that can. If x_s is x_f (or nothing can send) that is the answer. Otherwise, all in
//! integer microseconds and bytes as mptcp_ecf.c computes them:
//! ```text
//!   srtt_f, srtt_s     = Linux srtt_us >> 3, i.e. the smoothed RTT in µs (ours: srtt ns / 1000)
//!   rttvar_f, rttvar_s = Linux rttvar_us >> 1 (ours: TcpSender::rttvar() ns / 1000, then >> 1)
//!   δ   = max(rttvar_f, rttvar_s)        — Linux floors rttvar_us at tcp_rto_min (200 ms),
//!                                          so δ ≥ 100 ms on any subflow with an RTT sample
//!   W_f = cwnd_f·MSS,  W_s = cwnd_s·MSS,  k = unsent bytes at the connection level
//!   x_f = max(k, W_f),  x_s = max(k, W_s)
//!   first test  (wait would finish sooner):
//!       r_beta·srtt_f·(x_f + W_f)  <  r_beta·W_f·(srtt_s + δ) + waiting·W_f·(srtt_s + δ)
//!     ⇔ n_f·srtt_f < (1 + waiting/r_beta)·(srtt_s + δ)   with n_f = 1 + x_f/W_f (a ratio,
//!                                                           never rounded: no division)
//!   second test (x_s is really slower):
//!       srtt_s·x_s  ≥  W_s·(2·srtt_f + δ)
//!     ⇔ n_s·srtt_s ≥ 2·srtt_f + δ                         with n_s = x_s/W_s
//!   first and second true:  waiting = 1; send nothing (wait for x_f)
//!   first true, second not: use x_s, waiting unchanged
//!   first false:            waiting = 0; use x_s
//! ```
//! β = 1/r_beta with Linux `mptcp_ecf_r_beta` = 4. `waiting` is Linux's `switching_margin`,
//! one flag per connection (ecfsched_cb lives in the meta socket's mpcb): once ECF has waited,
//! the slow subflow has to look β better before it is used again (hysteresis).
//!
//! **choice** (three, all where mptcp_ecf.c cannot be followed literally):
//! - The products are evaluated wide (u128). In mptcp_ecf.c they are `u32 * u32` products
//!   assigned to `u64` — C evaluates them in 32 bits, so they wrap once srtt(µs) × bytes passes
//!   2³² (e.g. 50 ms × 86 kB); the `/* to avoid overflow, using u64 */` comment shows the wrap
//!   is unintended, and modelling it would make decisions hinge on an overflow.
//! - `sched_params.beta` is a real in [0, 10]. When 1/β is an integer it is Linux's r_beta and
//!   the first test is the integer one above exactly; any other β (Linux's integer r_beta cannot
//!   express it) is taken as a ratio of millionths, and β = 0 means no hysteresis.
//! - cwnd is taken as at least 1 packet (Linux's snd_cwnd never goes below 1 either).
//!
//! k is the bytes in the connection send buffer not yet on any subflow (Linux approximates it
//! from the meta socket's queued bytes minus the subflows' queues and in-flight data).

use super::{Choice, PacketScheduler, SchedInput, SchedParams, Terms, NONE_AVAILABLE};
use crate::engine::time::Dur;

/// Linux `mptcp_ecf_r_beta` = 4, i.e. β = 1/4.
pub const DEFAULT_BETA: f64 = 0.25;

/// Denominator for a β that is not 1/n (see the header).
const BETA_MILLIONTHS: u64 = 1_000_000;

pub struct Ecf {
    /// β = beta_num / beta_den; Linux: 1 / mptcp_ecf_r_beta, i.e. (1, 4).
    beta_num: u64,
    beta_den: u64,
    /// Linux `switching_margin`, docs/spec/ALGORITHMS.md's `waiting`.
    pub waiting: bool,
}

/// β as the ratio the first test multiplies by: (1, r_beta) when 1/β is a whole number, as
/// Linux's integer `mptcp_ecf_r_beta`; otherwise millionths.
fn beta_ratio(beta: f64) -> (u64, u64) {
    if beta <= 0.0 {
        return (0, 1);
    }
    let r = 1.0 / beta;
    if r >= 1.0 && (r - r.round()).abs() < 1e-9 {
        (1, r.round() as u64)
    } else {
        ((beta * BETA_MILLIONTHS as f64).round() as u64, BETA_MILLIONTHS)
    }
}

/// Nanoseconds to whole microseconds, as Linux keeps its RTT state (truncating).
fn us(d: Dur) -> u128 {
    (d / 1000) as u128
}

impl Ecf {
    pub fn new(beta: f64) -> Self {
        let (beta_num, beta_den) = beta_ratio(beta);
        Ecf { beta_num, beta_den, waiting: false }
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

    fn decide(&mut self, input: &SchedInput, out: &mut Terms) -> Choice {
        let order = input.order;
        let Some(&fast) = order.first() else { return Choice::none(NONE_AVAILABLE) };
        let Some(best) = input.min_rtt_available() else { return Choice::none(NONE_AVAILABLE) };
        if best == fast {
            return Choice::send(best, "fastest subflow available");
        }
        let (f, s) = (&input.subflows[fast], &input.subflows[best]);
        let mss = input.mss.max(1) as u128;
        let k = input.unsent_bytes as u128;
        // Linux: srtt_us >> 3 and rttvar_us >> 1, in µs.
        let (srtt_f, srtt_s) = (us(f.srtt), us(s.srtt));
        let (rttvar_f, rttvar_s) = (us(f.rttvar) >> 1, us(s.rttvar) >> 1);
        let delta = rttvar_f.max(rttvar_s);
        let win_f = f.cwnd.max(1) as u128 * mss;
        let win_s = s.cwnd.max(1) as u128 * mss;
        let x_f = k.max(win_f);
        let x_s = k.max(win_s);
        let w = self.waiting as u128;
        // First test: n_f·srtt_f < (1 + waiting·β)·(srtt_s + δ), cross-multiplied.
        let lhs = srtt_f * (x_f + win_f);
        let rhs = win_f * (srtt_s + delta);
        let (num, den) = (self.beta_num as u128, self.beta_den as u128);
        let wait_sooner = den * lhs < den * rhs + w * num * rhs;
        // Second test: n_s·srtt_s ≥ 2·srtt_f + δ, cross-multiplied.
        let lhs_s = srtt_s * x_s;
        let rhs_s = win_s * (2 * srtt_f + delta);
        let much_slower = lhs_s >= rhs_s;
        let ms = |v: u128| v as f64 / 1e3;
        let terms = [
            ("n_f", (x_f + win_f) as f64 / win_f as f64),
            ("rtt_f_ms", ms(srtt_f)),
            ("n_s", x_s as f64 / win_s as f64),
            ("rtt_s_ms", ms(srtt_s)),
            ("delta_ms", ms(delta)),
            ("waiting", w as f64),
            ("beta", num as f64 / den as f64),
            ("k_bytes", k as f64),
        ];
        if wait_sooner {
            if much_slower {
                self.waiting = true;
                return Choice::none("waiting for the fastest subflow finishes sooner").with(out, &terms);
            }
            return Choice::send(best, "slower subflow is not much slower").with(out, &terms);
        }
        self.waiting = false;
        Choice::send(best, "slower subflow finishes sooner than waiting").with(out, &terms)
    }
}

#[cfg(test)]
mod tests {
    use super::super::testing::*;
    use super::super::SubflowView;
    use super::*;

    /// A subflow with the sender's smoothed RTT and Linux-style rttvar_us, both in ns.
    fn sub(srtt: Dur, rttvar: Dur, cwnd: u32, available: bool) -> SubflowView {
        SubflowView { srtt, rttvar, cwnd, in_flight: 0, available }
    }

    fn term(d: &Decision, name: &str) -> f64 {
        d.terms.iter().find(|t| t.name == name).unwrap_or_else(|| panic!("no term {name}: {d:?}")).value
    }

    const WAIT: &str = "waiting for the fastest subflow finishes sooner";
    const NOT_MUCH: &str = "slower subflow is not much slower";
    const SOONER: &str = "slower subflow finishes sooner than waiting";

    /// (fast available, k packets, waiting before) → (pick, waiting after, reason, n_f), on
    /// x_f = 10 ms and x_s = `slow_ms`, both with rttvar_us at Linux's 200 ms floor, cwnd 10,
    /// MSS 1000.
    type Case = (bool, u64, bool, Option<usize>, bool, &'static str, f64);

    fn check(slow_ms: u64, cases: &[Case]) {
        for (i, &(fast_avail, k, w0, want, w1, reason, n_f)) in cases.iter().enumerate() {
            let subs = [sub(10 * MS, 200 * MS, 10, fast_avail), sub(slow_ms * MS, 200 * MS, 10, true)];
            let mut e = Ecf::new(DEFAULT_BETA);
            e.waiting = w0;
            let d = e.pick(&input(&subs, k));
            assert_eq!((d.subflow, e.waiting, d.reason), (want, w1, reason), "slow {slow_ms} ms, case {i}: {d:?}");
            if fast_avail {
                continue;
            }
            assert_eq!(term(&d, "n_f"), n_f, "case {i}");
            // mptcp_ecf.c: δ = max(rttvar_us >> 1) = 200 ms >> 1.
            assert_eq!(term(&d, "delta_ms"), 100.0, "case {i}");
        }
    }

    #[test]
    fn first_test_with_linux_rttvar_us() {
        // δ = 100 ms: without waiting, x_f must finish before srtt_s + δ = 200 ms; with
        // waiting, before (1 + 1/4)·200 = 250 ms. Second test: n_s·100 ≥ 2·10 + 100 = 120 ms.
        check(
            100,
            &[
                (true, 500, false, Some(0), false, "fastest subflow available", 0.0),
                // n_f = 21 → 210 ms ≥ 200 ms: use the slow subflow. (With δ = rttvar_us
                // unshifted, 210 < 300 would wait: the shift matters.)
                (false, 200, false, Some(1), false, SOONER, 21.0),
                // ... but once waiting, 210 < 250: keep waiting (n_s = 20 → 2000 ≥ 120).
                (false, 200, true, None, true, WAIT, 21.0),
                // Boundaries of r_beta·lhs < r_beta·rhs + waiting·rhs (strict).
                (false, 239, true, None, true, WAIT, 24.9),
                (false, 240, true, Some(1), false, SOONER, 25.0),
                (false, 189, false, None, true, WAIT, 19.9),
                (false, 190, false, Some(1), false, SOONER, 20.0),
                // k below one window: x_f = W_f, n_f = 2 → 20 ms < 200; n_s = 1 → 100 < 120.
                (false, 5, false, Some(1), false, NOT_MUCH, 2.0),
                (false, 5, true, Some(1), true, NOT_MUCH, 2.0),
            ],
        );
    }

    #[test]
    fn second_test_two_rtt_f_plus_delta() {
        // x_s = 40 ms: first test n_f·10 < 140 holds for k < 130; second: n_s·40 ≥ 120 ms.
        check(
            40,
            &[
                (false, 30, false, None, true, WAIT, 4.0),        // n_s = 3: 120 ≥ 120 (not strict)
                (false, 29, false, Some(1), false, NOT_MUCH, 3.9), // n_s = 2.9: 116 < 120
                (false, 29, true, Some(1), true, NOT_MUCH, 3.9),   // this branch keeps the flag
            ],
        );
    }

    #[test]
    fn delta_is_half_the_larger_rttvar_us_in_whole_microseconds() {
        // rttvar_us: 200 001 µs (+999 ns dropped) on x_f, 300 ms on x_s → δ = max(100 000,
        // 150 000) µs; srtt keeps whole µs too.
        let subs = [sub(10 * MS + 999, 200 * MS + 1999, 10, false), sub(100 * MS, 300 * MS, 10, true)];
        let d = Ecf::new(DEFAULT_BETA).pick(&input(&subs, 5));
        assert_eq!((term(&d, "delta_ms"), term(&d, "rtt_f_ms"), term(&d, "rtt_s_ms")), (150.0, 10.0, 100.0));
        let subs = [sub(10 * MS, 200 * MS + 1999, 10, false), sub(100 * MS, 3 * MS, 10, true)];
        let d = Ecf::new(DEFAULT_BETA).pick(&input(&subs, 5));
        assert_eq!(term(&d, "delta_ms"), 100.0, "200 001 µs >> 1 = 100 000 µs");
        assert!(term(&d, "delta_ms") >= 100.0, "Linux's 200 ms floor on rttvar_us gives δ ≥ 100 ms");
    }

    #[test]
    fn beta_is_linux_r_beta_when_one_over_beta_is_whole() {
        assert_eq!(beta_ratio(0.25), (1, 4));
        assert_eq!(beta_ratio(0.5), (1, 2));
        assert_eq!(beta_ratio(1.0), (1, 1));
        assert_eq!(beta_ratio(0.3), (300_000, 1_000_000));
        assert_eq!(beta_ratio(2.0), (2_000_000, 1_000_000));
        assert_eq!(beta_ratio(0.0), (0, 1));
        // β = 0: no hysteresis, so n_f = 24.9 → 249 ms ≥ 200 ms uses the slow subflow even
        // while waiting.
        let subs = [sub(10 * MS, 200 * MS, 10, false), sub(100 * MS, 200 * MS, 10, true)];
        let mut e = Ecf::new(0.0);
        e.waiting = true;
        assert_eq!(e.pick(&input(&subs, 239)).reason, SOONER);
        assert!(!e.waiting);
    }

    #[test]
    fn large_products_do_not_wrap() {
        // 500 ms × 100 MB is far past 2³²; the comparison still comes out as the ratios say:
        // n_f = 1 + 10⁸/10⁴ → ≈ 5000 s on x_f vs 1 s + δ on x_s.
        let subs = [sub(500 * MS, 200 * MS, 10, false), sub(900 * MS, 200 * MS, 10, true)];
        let d = Ecf::new(DEFAULT_BETA).pick(&input(&subs, 100_000));
        assert_eq!((d.subflow, d.reason), (Some(1), SOONER));
    }

    #[test]
    fn nothing_available_sends_nothing() {
        let subs = [sub(10 * MS, 200 * MS, 10, false), sub(100 * MS, 200 * MS, 10, false)];
        assert_eq!(Ecf::new(0.25).pick(&input(&subs, 5)).subflow, None);
    }
}
