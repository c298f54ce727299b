//! Windowed max filter for BBR's bottleneck-bandwidth estimate.
//!
//! Model: the maximum of the samples seen over the last `window` time units (for BBR: round
//! trips), kept in O(1) memory with Kathleen Nichols' algorithm as used by Linux
//! lib/win_minmax.c: remember the best, second-best and third-best samples, each younger than
//! the one before, so that when the best ages out of the window a good replacement is already
//! at hand. The estimate may briefly hold a value up to ~1/4 window older than exact, which
//! BBR tolerates (it only needs "about 10 rounds").

/// One remembered sample: the time (round count) it was taken and its value.
#[derive(Debug, Clone, Copy, Default, PartialEq)]
struct Sample {
    t: u64,
    v: f64,
}

/// Windowed running maximum (Linux `struct minmax` with `minmax_running_max`).
#[derive(Debug, Clone, Default)]
pub struct WindowedMax {
    /// Best, second-best and third-best samples; `s[0]` is the current maximum.
    s: [Sample; 3],
}

impl WindowedMax {
    pub fn new() -> Self {
        WindowedMax::default()
    }

    /// The windowed maximum (0 before any sample).
    pub fn get(&self) -> f64 {
        self.s[0].v
    }

    /// Forget everything and start again from one sample.
    pub fn reset(&mut self, t: u64, v: f64) {
        self.s = [Sample { t, v }; 3];
    }

    /// Add sample `v` taken at time `t`; samples older than `window` drop out.
    pub fn update(&mut self, window: u64, t: u64, v: f64) {
        let new = Sample { t, v };
        // A new overall maximum, or nothing in the window any more: the sample is the whole
        // story.
        if v >= self.s[0].v || t.saturating_sub(self.s[2].t) > window {
            self.reset(t, v);
            return;
        }
        // Keep the ordering: a sample beating the second (third) best replaces it and every
        // older, smaller sample after it.
        if v >= self.s[1].v {
            self.s[1] = new;
            self.s[2] = new;
        } else if v >= self.s[2].v {
            self.s[2] = new;
        }
        self.age(window, new);
    }

    /// Let the best sample expire, and refresh the runners-up so they are spread over the
    /// window (a quarter and a half of it) instead of all being old.
    fn age(&mut self, window: u64, new: Sample) {
        let dt = new.t.saturating_sub(self.s[0].t);
        if dt > window {
            // The best has expired: promote the runners-up, possibly twice.
            self.s = [self.s[1], self.s[2], new];
            if new.t.saturating_sub(self.s[0].t) > window {
                self.s = [self.s[1], self.s[2], new];
            }
        } else if self.s[1].t == self.s[0].t && dt > window / 4 {
            // A quarter window passed without a distinct second choice: take this sample.
            self.s[1] = new;
            self.s[2] = new;
        } else if self.s[2].t == self.s[1].t && dt > window / 2 {
            // Half a window passed without a distinct third choice.
            self.s[2] = new;
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn max_holds_for_the_window_then_expires() {
        let mut f = WindowedMax::new();
        f.update(10, 0, 100.0);
        for t in 1..=10 {
            f.update(10, t, 50.0);
            assert_eq!(f.get(), 100.0, "round {t}: the peak is still inside the window");
        }
        f.update(10, 11, 50.0);
        assert_eq!(f.get(), 50.0, "11 rounds later the peak has aged out");
        f.update(10, 12, 70.0);
        assert_eq!(f.get(), 70.0, "a new maximum takes over at once");
    }
}
