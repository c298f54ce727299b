//! ECF-3 (Takanashi & Kimura, "An Extension of MPTCP Packet Scheduling Algorithm ECF with
//! Three Subflows"), Algorithm 1, line for line. Subflows sorted by RTT are x_f, x_s, x_t;
//! k = unsent packets in the connection send buffer; T_wait = RTT_f + (k / CWND_f)·RTT_f is
//! when x_f could finish the rest if we waited for it:
//! ```text
//!   1  if x_f available:                               return x_f
//!   2  elif T_wait < RTT_s:                            return none (wait for x_f)
//!   3  elif x_s available:                             return x_s
//!   4  elif RTT_t < T_wait and x_t available:          return x_t
//!   5  else:                                           return none
//! ```
//! With more than three subflows only the three fastest are considered (that is the
//! algorithm; ECF-N generalises it). With two, line 4 has no x_t and falls to line 5.

use super::{ms, Choice, PacketScheduler, SchedInput, Term, Terms, NONE_AVAILABLE};

pub struct Ecf3;

impl PacketScheduler for Ecf3 {
    fn name(&self) -> &'static str {
        "ecf3"
    }

    fn decide(&mut self, input: &SchedInput, out: &mut Terms) -> Choice {
        let order = input.order;
        let sf = |j: usize| order.get(j).map(|&i| (i, &input.subflows[i]));
        let Some((f, xf)) = sf(0) else { return Choice::none(NONE_AVAILABLE) };
        // Line 1.
        if xf.available {
            return Choice::send(f, "line 1: fastest subflow available");
        }
        let k = input.unsent_packets() as f64;
        let rtt_f = xf.srtt as f64;
        let t_wait = rtt_f + k / xf.cwnd.max(1) as f64 * rtt_f;
        // The terms grow with the lines reached (the caller emptied `out`).
        let mut term = |name: &'static str, value: f64| out.push(Term { name, value });
        term("k_packets", k);
        term("cwnd_f", xf.cwnd as f64);
        term("rtt_f_ms", ms(xf.srtt));
        term("t_wait_ms", t_wait / 1e6);
        let Some((s, xs)) = sf(1) else {
            return Choice::none("line 5: no other subflow");
        };
        term("rtt_s_ms", ms(xs.srtt));
        // Line 2.
        if t_wait < xs.srtt as f64 {
            return Choice::none("line 2: waiting for the fastest beats the second");
        }
        // Line 3.
        if xs.available {
            return Choice::send(s, "line 3: second fastest available");
        }
        // Line 4.
        if let Some((t, xt)) = sf(2) {
            term("rtt_t_ms", ms(xt.srtt));
            if (xt.srtt as f64) < t_wait && xt.available {
                return Choice::send(t, "line 4: third beats waiting for the fastest");
            }
        }
        // Line 5.
        Choice::none("line 5: none worth using")
    }
}

#[cfg(test)]
mod tests {
    use super::super::testing::*;
    use super::*;

    #[test]
    fn every_line_of_algorithm_1() {
        // Subflows listed out of RTT order on purpose: indexes 2 (10 ms), 0 (40 ms), 1 (60 ms).
        // x_f has cwnd 10, so T_wait = 10 + k/10·10 ms = 10 + k ms.
        let case = |f: bool, s: bool, t: bool, k: u64| {
            let subs = [sf(40, 10, s), sf(60, 10, t), sf(10, 10, f)];
            let d = Ecf3.pick(&input(&subs, k));
            (d.subflow, d.reason.split(':').next().unwrap().to_string())
        };
        let l = |n: &str| n.to_string();
        assert_eq!(case(true, true, true, 100), (Some(2), l("line 1")));
        // k = 20: T_wait = 30 ms < RTT_s = 40 ms → wait even though x_s is free.
        assert_eq!(case(false, true, true, 20), (None, l("line 2")));
        // k = 40: T_wait = 50 ms ≥ 40 ms and x_s free → x_s.
        assert_eq!(case(false, true, true, 40), (Some(0), l("line 3")));
        // k = 60: T_wait = 70 ms; x_s busy; RTT_t = 60 < 70 and x_t free → x_t.
        assert_eq!(case(false, false, true, 60), (Some(1), l("line 4")));
        // k = 45: T_wait = 55 ms; x_s busy; RTT_t = 60 ≥ 55 → none.
        assert_eq!(case(false, false, true, 45), (None, l("line 5")));
        // k = 60 but x_t busy too → none.
        assert_eq!(case(false, false, false, 60), (None, l("line 5")));
    }

    #[test]
    fn two_subflows_fall_through_to_line_5() {
        let subs = [sf(10, 10, false), sf(40, 10, false)];
        assert_eq!(Ecf3.pick(&input(&subs, 100)).subflow, None);
        assert_eq!(Ecf3.pick(&input(&[sf(10, 10, false)], 100)).reason, "line 5: no other subflow");
    }

    #[test]
    fn ignores_a_fourth_subflow() {
        // x_s and x_t busy, a free fourth subflow with RTT below T_wait is still not used.
        let subs = [sf(10, 10, false), sf(20, 10, false), sf(30, 10, false), sf(40, 10, true)];
        assert_eq!(Ecf3.pick(&input(&subs, 1000)).subflow, None);
    }
}
