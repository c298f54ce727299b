//! Round-robin (Linux mptcp_rr.c with one segment per turn): subflows take turns in index
//! order; a subflow that cannot send now is skipped.

use super::{Choice, PacketScheduler, SchedInput, Terms, NONE_AVAILABLE};

#[derive(Default)]
pub struct RoundRobin {
    /// Index the next turn starts at.
    next: usize,
}

impl PacketScheduler for RoundRobin {
    fn name(&self) -> &'static str {
        "rr"
    }

    fn decide(&mut self, input: &SchedInput, _out: &mut Terms) -> Choice {
        let n = input.subflows.len();
        for k in 0..n {
            let i = (self.next + k) % n;
            if input.subflows[i].available {
                self.next = (i + 1) % n;
                return Choice::send(i, "next available subflow in turn");
            }
        }
        Choice::none(NONE_AVAILABLE)
    }
}

#[cfg(test)]
mod tests {
    use super::super::testing::*;
    use super::*;

    #[test]
    fn takes_turns_and_skips_busy_subflows() {
        let mut rr = RoundRobin::default();
        let subs = [sf(30, 10, true), sf(10, 10, true), sf(20, 10, true)];
        let picks: Vec<_> = (0..4).map(|_| rr.pick(&input(&subs, 5)).subflow.unwrap()).collect();
        assert_eq!(picks, vec![0, 1, 2, 0]);
        let busy = [sf(30, 10, true), sf(10, 10, false), sf(20, 10, true)];
        assert_eq!(rr.pick(&input(&busy, 5)).subflow, Some(2), "subflow 1's turn, but it is busy");
        assert_eq!(rr.pick(&input(&[sf(1, 1, false)], 5)).subflow, None);
    }
}
