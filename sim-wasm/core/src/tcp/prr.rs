//! Proportional Rate Reduction for one fast recovery (RFC 6937; Linux `tcp_cwnd_reduction`
//! in tcp_input.c). Without it the sender would stop sending until the flight fell to the new
//! window and then burst; PRR instead sends about ssthresh/prior_cwnd packets per packet
//! delivered, so the flight shrinks smoothly and retransmissions are spread out.

#[derive(Debug, Clone, Copy)]
pub struct Prr {
    /// cwnd before the reduction (RFC 6937 RecoverFS; Linux uses prior_cwnd).
    prior_cwnd: u64,
    ssthresh: u64,
    /// Packets delivered (cumulatively or by SACK) since recovery started.
    delivered: u64,
    /// Packets sent since recovery started.
    out: u64,
    /// The window this ACK allows: packets in flight + the send quota.
    window: u32,
}

impl Prr {
    /// A reduction from `prior_cwnd` to `ssthresh` begins.
    pub fn new(prior_cwnd: u64, ssthresh: u64) -> Prr {
        Prr { prior_cwnd, ssthresh, delivered: 0, out: 0, window: 0 }
    }

    /// The window PRR allows now (packets in flight + the send quota).
    pub fn window(&self) -> u32 {
        self.window
    }

    /// A packet was sent during the reduction.
    pub fn on_sent(&mut self) {
        self.out += 1;
    }

    /// The send quota after an ACK that delivered `newly` packets, `pipe` still in flight.
    pub fn on_ack(&mut self, newly: u64, pipe: u32, una_advanced: bool, newly_lost: bool) {
        if newly == 0 {
            self.window = pipe + u32::from(self.out == 0);
            return;
        }
        self.delivered += newly;
        let pipe64 = pipe as u64;
        let quota = if pipe64 > self.ssthresh {
            // Proportional part: deliveries × ssthresh / prior_cwnd, rounded up, minus what
            // was already sent.
            (self.ssthresh * self.delivered).div_ceil(self.prior_cwnd.max(1)).saturating_sub(self.out)
        } else {
            // Slow-start reduction bound: grow back towards ssthresh, at most one more than
            // delivered.
            let mut q = self.delivered.saturating_sub(self.out).max(newly);
            if una_advanced && !newly_lost {
                q += 1;
            }
            q.min(self.ssthresh - pipe64)
        };
        // The first ACK of recovery always lets the fast retransmission go.
        let quota = quota.max(u64::from(self.out == 0));
        self.window = pipe.saturating_add(quota.min(u32::MAX as u64) as u32);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn halving_sends_one_packet_per_two_delivered_then_rebuilds_to_ssthresh() {
        // RFC 6937 §3 example: cwnd 20 → ssthresh 10, one loss.
        let mut p = Prr::new(20, 10);
        p.on_ack(1, 18, false, true);
        assert_eq!(p.window(), 19, "the first ACK lets the fast retransmission go");
        p.on_sent();
        p.on_ack(1, 17, false, false);
        assert_eq!(p.window(), 17, "1 of 2 delivered: ⌈10·2/20⌉ − 1 sent = 0 more");
        p.on_ack(1, 16, false, false);
        assert_eq!(p.window(), 17, "3 delivered: ⌈10·3/20⌉ − 1 = 1 more");
        // Below ssthresh the flight grows back by at most one more than delivered.
        let mut q = Prr::new(20, 10);
        q.on_ack(2, 5, true, false);
        assert_eq!(q.window(), 5 + 3);
    }
}
