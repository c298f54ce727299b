//! The timers a TCP endpoint sets for itself. The engine carries them as opaque
//! [`OwnTimer`]s; TCP alone knows what each kind means. `sub` is the MPTCP subflow the timer
//! belongs to (0 for plain TCP), so a connection hands each subflow its own.

use crate::sim::{OwnTimer, Timer};

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum TcpTimer {
    /// The retransmission timer (RFC 6298).
    Rto { sub: u16 },
    /// Pacing: the next packet may leave.
    Pace { sub: u16 },
    /// The receiver's delayed ACK (RFC 1122 §4.2.3.2).
    DelayedAck { sub: u16 },
    /// RACK's reordering timer (RFC 8985 §6.3; Linux ICSK_TIME_REO_TIMEOUT).
    Reorder { sub: u16 },
    /// The tail-loss probe (RFC 8985 §7; Linux ICSK_TIME_LOSS_PROBE).
    Probe { sub: u16 },
}

const RTO: u8 = 0;
const PACE: u8 = 1;
const DELAYED_ACK: u8 = 2;
const REORDER: u8 = 3;
const PROBE: u8 = 4;

impl TcpTimer {
    /// The TCP timer an engine timer carries (`None` for the flow's start).
    pub fn of(timer: Timer) -> Option<TcpTimer> {
        let Timer::Own(OwnTimer { kind, index: sub }) = timer else { return None };
        Some(match kind {
            RTO => TcpTimer::Rto { sub },
            PACE => TcpTimer::Pace { sub },
            DELAYED_ACK => TcpTimer::DelayedAck { sub },
            REORDER => TcpTimer::Reorder { sub },
            PROBE => TcpTimer::Probe { sub },
            _ => unreachable!("TCP sets no timer of kind {kind}"),
        })
    }

    /// The subflow the timer belongs to.
    pub fn sub(self) -> u16 {
        match self {
            TcpTimer::Rto { sub }
            | TcpTimer::Pace { sub }
            | TcpTimer::DelayedAck { sub }
            | TcpTimer::Reorder { sub }
            | TcpTimer::Probe { sub } => sub,
        }
    }
}

impl From<TcpTimer> for Timer {
    fn from(t: TcpTimer) -> Timer {
        let kind = match t {
            TcpTimer::Rto { .. } => RTO,
            TcpTimer::Pace { .. } => PACE,
            TcpTimer::DelayedAck { .. } => DELAYED_ACK,
            TcpTimer::Reorder { .. } => REORDER,
            TcpTimer::Probe { .. } => PROBE,
        };
        Timer::Own(OwnTimer { kind, index: t.sub() })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_kind_round_trips_through_the_engine() {
        for t in [TcpTimer::Rto { sub: 3 }, TcpTimer::Pace { sub: 0 }, TcpTimer::DelayedAck { sub: 7 }, TcpTimer::Reorder { sub: 2 }, TcpTimer::Probe { sub: 1 }] {
            assert_eq!(TcpTimer::of(Timer::from(t)), Some(t));
        }
        assert_eq!(TcpTimer::of(Timer::Start), None);
    }
}
