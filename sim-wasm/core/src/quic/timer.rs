//! The timers a QUIC endpoint sets for itself; the engine carries them as opaque
//! [`OwnTimer`]s.

use crate::sim::{OwnTimer, Timer};

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum QuicTimer {
    /// The sender's loss-detection / probe timer (RFC 9002 §6.2).
    Loss,
    /// The sender's pacing.
    Pace,
    /// The next message of the sender's stream source `i`.
    Source(u16),
    /// The receiver's delayed ACK (max_ack_delay, RFC 9000 §13.2.1).
    Ack,
}

const LOSS: u8 = 0;
const PACE: u8 = 1;
const SOURCE: u8 = 2;
const ACK: u8 = 3;

impl QuicTimer {
    /// The QUIC timer an engine timer carries (`None` for the flow's start).
    pub fn of(timer: Timer) -> Option<QuicTimer> {
        let Timer::Own(OwnTimer { kind, index }) = timer else { return None };
        Some(match kind {
            LOSS => QuicTimer::Loss,
            PACE => QuicTimer::Pace,
            SOURCE => QuicTimer::Source(index),
            ACK => QuicTimer::Ack,
            _ => unreachable!("QUIC sets no timer of kind {kind}"),
        })
    }
}

impl From<QuicTimer> for Timer {
    fn from(t: QuicTimer) -> Timer {
        let (kind, index) = match t {
            QuicTimer::Loss => (LOSS, 0),
            QuicTimer::Pace => (PACE, 0),
            QuicTimer::Source(i) => (SOURCE, i),
            QuicTimer::Ack => (ACK, 0),
        };
        Timer::Own(OwnTimer { kind, index })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_kind_round_trips_through_the_engine() {
        for t in [QuicTimer::Loss, QuicTimer::Pace, QuicTimer::Source(5), QuicTimer::Ack] {
            assert_eq!(QuicTimer::of(Timer::from(t)), Some(t));
        }
        assert_eq!(QuicTimer::of(Timer::Start), None);
    }
}
