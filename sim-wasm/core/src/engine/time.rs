//! Simulated time: integer nanoseconds.
//!
//! Integer time is what makes runs bit-identical across machines and between the native
//! build and wasm: no float rounding ever decides which event comes first.

/// A point in simulated time, in nanoseconds since the start of the run.
pub type Time = u64;
/// A span of simulated time, in nanoseconds.
pub type Dur = u64;

pub const NS_PER_US: u64 = 1_000;
pub const NS_PER_MS: u64 = 1_000_000;
pub const NS_PER_S: u64 = 1_000_000_000;

/// Seconds (as given by a user) to nanoseconds, rounded to the nearest nanosecond. Saturates:
/// negative and NaN give 0, anything beyond `Dur::MAX` gives `Dur::MAX` (Rust's float-to-int
/// casts saturate; validation keeps scenario values far inside the range anyway).
pub fn secs(s: f64) -> Dur {
    (s * NS_PER_S as f64).round() as Dur
}

/// Milliseconds to nanoseconds, rounded to the nearest nanosecond.
pub fn millis(ms: f64) -> Dur {
    (ms * NS_PER_MS as f64).round() as Dur
}

/// Nanoseconds to seconds, for reporting.
pub fn to_secs(t: Time) -> f64 {
    t as f64 / NS_PER_S as f64
}

/// Nanoseconds to milliseconds, for reporting.
pub fn to_millis(t: Time) -> f64 {
    t as f64 / NS_PER_MS as f64
}

/// Time to serialise `bytes` onto a link of `rate_bps` bits per second, rounded up so that a
/// link can never send faster than its rate.
///
/// Never panics: a rate of 0 (a rate the validator refuses, but a link built in code may have
/// one) or a time beyond `Dur::MAX` gives `Dur::MAX`, "never", which callers add with
/// `saturating_add` so the packet simply never arrives within the run.
pub fn tx_time(bytes: u32, rate_bps: u64) -> Dur {
    if rate_bps == 0 {
        return Dur::MAX;
    }
    // Every frame is ≤ 10⁴ bytes, so bits·ns fit in 64 bits and the division stays a 64-bit
    // one (a 128-bit division per packet offered showed in profiles); the same value either way.
    match (bytes as u64).checked_mul(8 * NS_PER_S) {
        Some(bits) => bits.div_ceil(rate_bps),
        None => {
            let bits = bytes as u128 * 8 * NS_PER_S as u128;
            Dur::try_from(bits.div_ceil(rate_bps as u128)).unwrap_or(Dur::MAX)
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn tx_time_saturates_instead_of_panicking() {
        assert_eq!(tx_time(1500, 12_000_000), 1_000_000);
        assert_eq!(tx_time(1, 8_000_000_000), 1, "rounded up");
        assert_eq!(tx_time(1500, 0), Dur::MAX, "a link of rate 0 never finishes");
        assert_eq!(tx_time(u32::MAX, 1), Dur::MAX, "too long to represent");
    }

    #[test]
    fn conversions_saturate() {
        assert_eq!(secs(-1.0), 0);
        assert_eq!(secs(f64::NAN), 0);
        assert_eq!(secs(1e300), Dur::MAX);
        assert_eq!(millis(1e300), Dur::MAX);
    }
}
