//! Single path: only the connection's first subflow (the first path the flow lists) carries
//! data — the "single fast path" baseline of the ECF-3 paper, as an MPTCP connection.

use super::{Choice, PacketScheduler, SchedInput, Terms, NONE_AVAILABLE};

pub struct Single;

impl PacketScheduler for Single {
    fn name(&self) -> &'static str {
        "single"
    }

    fn decide(&mut self, input: &SchedInput, _out: &mut Terms) -> Choice {
        match input.subflows.first() {
            Some(s) if s.available => Choice::send(0, "the only subflow used"),
            _ => Choice::none(NONE_AVAILABLE),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::super::testing::*;
    use super::*;

    #[test]
    fn only_the_first_subflow() {
        assert_eq!(Single.pick(&input(&[sf(50, 10, true), sf(10, 10, true)], 5)).subflow, Some(0));
        assert_eq!(Single.pick(&input(&[sf(50, 10, false), sf(10, 10, true)], 5)).subflow, None);
    }
}
