//! What every transport endpoint shares, whatever its protocol: the congestion-control
//! driver (the controller, the events it emits, the pacer and its timer, the readout the
//! snapshot and the series show). TCP senders, MPTCP subflows (which are TCP senders) and QUIC
//! senders each own one [`CcDriver`], so a fix to pacing or to how a controller's events reach
//! the log is made once.
//!
//! Linux has the same split: `tcp_congestion_ops` is called from one place in tcp_input.c
//! (`tcp_cong_control`), and the pacing clock is one (`tcp_update_pacing_rate`,
//! `tcp_pacing_check` in tcp_output.c) for every congestion control.

pub mod cc_driver;

pub use cc_driver::{CcDriver, PacingClock};
