//! minRTT, the Linux MPTCP default scheduler (mptcp_sched.c `get_available_subflow`): among
//! the subflows that may send now, the one with the lowest smoothed RTT.

use super::{ms, Choice, PacketScheduler, SchedInput, Terms, NONE_AVAILABLE};

pub struct MinRtt;

impl PacketScheduler for MinRtt {
    fn name(&self) -> &'static str {
        "minrtt"
    }

    fn decide(&mut self, input: &SchedInput, out: &mut Terms) -> Choice {
        match input.min_rtt_available() {
            Some(i) => Choice::send(i, "lowest RTT among available subflows")
                .with(out, &[("rtt_ms", ms(input.subflows[i].srtt))]),
            None => Choice::none(NONE_AVAILABLE),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::super::testing::*;
    use super::*;

    #[test]
    fn table() {
        // (subflows, expected pick)
        let cases: &[(&[_], Option<usize>)] = &[
            (&[sf(30, 10, true), sf(10, 10, true), sf(20, 10, true)], Some(1)),
            (&[sf(30, 10, true), sf(10, 10, false), sf(20, 10, true)], Some(2)),
            (&[sf(30, 10, false), sf(10, 10, false)], None),
            (&[sf(10, 10, true), sf(10, 10, true)], Some(0)), // tie: lower index
        ];
        for (i, (subs, want)) in cases.iter().enumerate() {
            assert_eq!(MinRtt.pick(&input(subs, 5)).subflow, *want, "case {i}");
        }
    }
}
