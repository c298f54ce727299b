//! A re-armable timer on top of the event queue.
//!
//! TCP re-arms its retransmission timer on almost every ACK. Scheduling a fresh event each
//! time would fill the queue with dead events, so a slot keeps at most one live event: moving
//! the deadline later costs nothing (the early event fires, sees the new deadline and
//! reschedules itself once), moving it earlier schedules a new event and the old one is
//! recognised as stale when it fires.

use super::time::Time;

#[derive(Debug, Clone, Copy, Default)]
pub struct TimerSlot {
    deadline: Option<Time>,
    /// Time of the event this slot is waiting for; events at other times are stale.
    scheduled: Option<Time>,
}

impl TimerSlot {
    /// Set the deadline. Returns a time at which the caller must schedule a timer event.
    #[must_use]
    pub fn arm(&mut self, at: Time) -> Option<Time> {
        self.deadline = Some(at);
        match self.scheduled {
            Some(s) if s <= at => None,
            _ => {
                self.scheduled = Some(at);
                Some(at)
            }
        }
    }

    pub fn cancel(&mut self) {
        self.deadline = None;
    }

    pub fn is_armed(&self) -> bool {
        self.deadline.is_some()
    }

    pub fn deadline(&self) -> Option<Time> {
        self.deadline
    }

    /// A timer event for this slot fired at `now`. Returns `Fire` if the timer expired,
    /// `Reschedule(t)` if the deadline moved later (schedule an event at t), or `Stale`.
    #[must_use]
    pub fn on_event(&mut self, now: Time) -> TimerFired {
        if self.scheduled != Some(now) {
            return TimerFired::Stale;
        }
        self.scheduled = None;
        match self.deadline {
            Some(d) if d <= now => {
                self.deadline = None;
                TimerFired::Fire
            }
            Some(d) => {
                self.scheduled = Some(d);
                TimerFired::Reschedule(d)
            }
            None => TimerFired::Stale,
        }
    }
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum TimerFired {
    Fire,
    Reschedule(Time),
    Stale,
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn later_deadline_reuses_the_pending_event() {
        let mut t = TimerSlot::default();
        assert_eq!(t.arm(100), Some(100));
        assert_eq!(t.arm(150), None, "no new event for a later deadline");
        assert_eq!(t.on_event(100), TimerFired::Reschedule(150));
        assert_eq!(t.on_event(150), TimerFired::Fire);
    }

    #[test]
    fn earlier_deadline_and_cancel() {
        let mut t = TimerSlot::default();
        assert_eq!(t.arm(100), Some(100));
        assert_eq!(t.arm(50), Some(50));
        assert_eq!(t.on_event(50), TimerFired::Fire);
        assert_eq!(t.on_event(100), TimerFired::Stale);
        assert_eq!(t.arm(200), Some(200));
        t.cancel();
        assert_eq!(t.on_event(200), TimerFired::Stale);
    }
}
