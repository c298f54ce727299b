//! ECF-N: ECF-3's rule for any number of subflows (a lab extension, docs/spec/ALGORITHMS.md §2.2).
//! Subflows sorted by RTT x_1 … x_N, T_wait = RTT_1 + (k / CWND_1)·RTT_1:
//! ```text
//!   if x_1 available: return x_1
//!   for j = 2 … N (RTT order):
//!       if x_j is no faster than waiting for x_1: return none      (ECF-3 lines 2 and 5)
//!       if x_j available: return x_j                               (ECF-3 lines 3 and 4)
//!   return none
//! ```
//! "No faster than waiting" keeps ECF-3's comparisons, ties included: for x_2 it is
//! T_wait < RTT_2 (line 2), for the others RTT_j ≥ T_wait (line 4's `RTT_t < T_wait`), so
//! with three subflows ECF-N decides exactly as ECF-3. Since subflows are sorted, once one
//! is slower than waiting every later one is too.

use super::{ms, Choice, PacketScheduler, SchedInput, Terms, NONE_AVAILABLE};

pub struct EcfN;

impl PacketScheduler for EcfN {
    fn name(&self) -> &'static str {
        "ecf-n"
    }

    fn decide(&mut self, input: &SchedInput, out: &mut Terms) -> Choice {
        let order = input.order;
        let Some(&first) = order.first() else { return Choice::none(NONE_AVAILABLE) };
        let x1 = &input.subflows[first];
        if x1.available {
            return Choice::send(first, "fastest subflow available");
        }
        let k = input.unsent_packets() as f64;
        let rtt_1 = x1.srtt as f64;
        let t_wait = rtt_1 + k / x1.cwnd.max(1) as f64 * rtt_1;
        for (j, &i) in order.iter().enumerate().skip(1) {
            let x = &input.subflows[i];
            let rtt = x.srtt as f64;
            let terms = [("k_packets", k), ("rtt_1_ms", ms(x1.srtt)), ("t_wait_ms", t_wait / 1e6), ("rtt_j_ms", rtt / 1e6), ("j", (j + 1) as f64)];
            let slower = if j == 1 { t_wait < rtt } else { rtt >= t_wait };
            if slower {
                return Choice::none("waiting for the fastest beats the next subflow").with(out, &terms);
            }
            if x.available {
                return Choice::send(i, "faster than waiting for the fastest").with(out, &terms);
            }
        }
        Choice::none(NONE_AVAILABLE)
    }
}

#[cfg(test)]
mod tests {
    use super::super::ecf3::Ecf3;
    use super::super::testing::*;
    use super::*;

    #[test]
    fn uses_the_fifth_subflow_when_it_beats_waiting() {
        // T_wait = 10 + 100/10·10 = 110 ms; x_2 … x_4 busy, x_5 (50 ms) free → used.
        let subs = [sf(10, 10, false), sf(20, 10, false), sf(30, 10, false), sf(40, 10, false), sf(50, 10, true)];
        assert_eq!(EcfN.pick(&input(&subs, 100)).subflow, Some(4));
        // With k = 30, T_wait = 40 ms: x_4 (40 ms) is no faster → stop before x_5.
        assert_eq!(EcfN.pick(&input(&subs, 30)).subflow, None);
    }

    #[test]
    fn equals_ecf3_with_three_subflows() {
        let rtts = [10u64, 25, 40, 60];
        for &a in &rtts {
            for &b in &rtts {
                for &c in &rtts {
                    for mask in 0..8u8 {
                        for k in [0u64, 5, 15, 30, 45, 100] {
                            let subs = [sf(a, 10, mask & 1 != 0), sf(b, 8, mask & 2 != 0), sf(c, 12, mask & 4 != 0)];
                            let inp = input(&subs, k);
                            assert_eq!(EcfN.pick(&inp).subflow, Ecf3.pick(&inp).subflow, "{a} {b} {c} {mask} {k}");
                        }
                    }
                }
            }
        }
    }
}
