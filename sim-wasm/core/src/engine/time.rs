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

/// Seconds (as given by a user) to nanoseconds, rounded to the nearest nanosecond.
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
pub fn tx_time(bytes: u32, rate_bps: u64) -> Dur {
    let bits = bytes as u128 * 8 * NS_PER_S as u128;
    bits.div_ceil(rate_bps as u128) as Dur
}
