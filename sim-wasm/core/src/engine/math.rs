//! Transcendental functions for the simulation.
//!
//! `f64::ln`, `exp`, `cbrt`, `powf` call the platform's libm natively and a different port
//! in wasm; the two may differ in the last bit, and one differing bit can reorder events.
//! Every algorithm therefore uses these wrappers over the pure-Rust `libm` crate, which gives
//! the same answer everywhere — the price of "same seed ⇒ identical results in wasm".

#[inline]
pub fn ln(x: f64) -> f64 {
    libm::log(x)
}
#[inline]
pub fn exp(x: f64) -> f64 {
    libm::exp(x)
}
#[inline]
pub fn cbrt(x: f64) -> f64 {
    libm::cbrt(x)
}
#[inline]
pub fn powf(x: f64, y: f64) -> f64 {
    libm::pow(x, y)
}
#[inline]
pub fn sqrt(x: f64) -> f64 {
    // IEEE 754 requires sqrt to be correctly rounded, so it is identical on every platform.
    x.sqrt()
}
