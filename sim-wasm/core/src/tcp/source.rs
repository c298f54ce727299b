//! Where a TCP sender's new data comes from: an endless byte stream (bulk), a transfer of a
//! known size, or — for an MPTCP subflow — the connection, which hands the subflow one data
//! sequence number at a time as its packet scheduler decides.
//!
//! Sequence numbers count segments (MSS each, the last of a sized transfer possibly shorter).
//! A subflow's segments carry the connection-level data sequence number (DSN) of the data they
//! hold, and its last segment's FIN flag stands for the connection's DATA_FIN.

use crate::metrics::FlowStats;

/// What an MPTCP subflow counts of its own (the connection reads these).
#[derive(Debug, Clone, Default)]
pub struct SubflowMode {
    /// The subflow's number in its connection (index into `FlowStats::subflows`).
    pub index: usize,
    /// Retransmission timeouts so far (the connection reinjects data after each).
    pub rtos: u64,
    /// Data packets sent on this subflow, retransmissions included, and the retransmissions.
    pub sent_packets: u64,
    pub retransmitted_packets: u64,
    /// Payload bytes of first transmissions (the subflow's share of the connection's data).
    pub data_bytes: u64,
}

/// The connection's side of a subflow's data.
#[derive(Debug, Clone, Default)]
pub struct ConnectionFeed {
    pub mode: SubflowMode,
    /// (DSN, length) of the new segment being sent.
    next: Option<(u64, u32)>,
    /// The connection's last DSN, once known.
    data_fin: Option<u64>,
}

#[derive(Debug, Clone)]
pub enum DataSource {
    /// An endless byte stream.
    Bulk,
    /// `segs` segments, the last one `last_len` bytes.
    Sized { segs: u64, last_len: u32 },
    /// An MPTCP subflow, fed by its connection.
    Connection(ConnectionFeed),
}

impl DataSource {
    /// A transfer of `size_bytes` (`None`: bulk) in segments of `mss` bytes.
    pub fn of_size(size_bytes: Option<u64>, mss: u32) -> DataSource {
        let mss = mss as u64;
        match size_bytes {
            None => DataSource::Bulk,
            Some(b) => {
                let segs = b.div_ceil(mss);
                DataSource::Sized { segs, last_len: (b - (segs - 1) * mss) as u32 }
            }
        }
    }

    /// Subflow `index` of an MPTCP connection.
    pub fn subflow(index: usize) -> DataSource {
        DataSource::Connection(ConnectionFeed { mode: SubflowMode { index, ..SubflowMode::default() }, ..ConnectionFeed::default() })
    }

    /// Whether the sender may send a new segment of its own now (`nxt`, `una` in segments,
    /// `rwnd` the receive window in segments). A subflow's new data comes from its connection
    /// instead ([`DataSource::hand`]).
    pub fn has_new_data(&self, nxt: u64, una: u64, rwnd: u64) -> bool {
        let more = match self {
            DataSource::Bulk => true,
            DataSource::Sized { segs, .. } => nxt < *segs,
            DataSource::Connection(_) => return false,
        };
        more && nxt - una < rwnd
    }

    /// Whether the new data left from `nxt` on is at most `room` segments and will not grow:
    /// a sized flow's last data (its last buffer carries FIN, which Linux never holds back,
    /// tcp/defer.rs). Never for bulk data or a subflow.
    pub fn last_data_within(&self, nxt: u64, room: u32) -> bool {
        matches!(self, DataSource::Sized { segs, .. } if segs.saturating_sub(nxt) <= u64::from(room))
    }

    /// Every segment is acknowledged (never for bulk or a subflow, which its connection ends).
    pub fn done(&self, una: u64) -> bool {
        matches!(self, DataSource::Sized { segs, .. } if una >= *segs)
    }

    /// The connection hands the subflow data `dsn` of `len` bytes for its next new segment.
    pub fn hand(&mut self, dsn: u64, len: u32) {
        if let DataSource::Connection(feed) = self {
            feed.next = Some((dsn, len));
        }
    }

    /// The connection's last DSN: the segment that carries it carries the DATA_FIN.
    pub fn set_data_fin(&mut self, dsn: u64) {
        if let DataSource::Connection(feed) = self {
            feed.data_fin = Some(dsn);
        }
    }

    /// (DSN, payload length) of new segment `seq`.
    pub fn new_segment(&mut self, seq: u64, mss: u32) -> (u64, u32) {
        match self {
            DataSource::Bulk => (seq, mss),
            DataSource::Sized { segs, last_len } => (seq, if *segs == seq + 1 { *last_len } else { mss }),
            DataSource::Connection(feed) => feed.next.take().expect("a subflow sends new data only when its connection hands it some"),
        }
    }

    /// Whether segment `seq` carrying `dsn` ends the data (its FIN flag).
    pub fn is_last(&self, seq: u64, dsn: u64) -> bool {
        match self {
            DataSource::Bulk => false,
            DataSource::Sized { segs, .. } => *segs == seq + 1,
            DataSource::Connection(feed) => feed.data_fin == Some(dsn),
        }
    }

    pub fn is_subflow(&self) -> bool {
        matches!(self, DataSource::Connection(_))
    }

    /// The subflow's own counts (`None` for a plain TCP flow).
    pub fn subflow_mode(&self) -> Option<&SubflowMode> {
        match self {
            DataSource::Connection(feed) => Some(&feed.mode),
            _ => None,
        }
    }

    pub fn subflow_mode_mut(&mut self) -> Option<&mut SubflowMode> {
        match self {
            DataSource::Connection(feed) => Some(&mut feed.mode),
            _ => None,
        }
    }

    /// Count a transmission of `len` payload bytes (`first`: not a retransmission) in the
    /// subflow's own counts and its connection's per-subflow statistics.
    pub fn count_transmission(&mut self, first: bool, len: u32, stats: &mut FlowStats) {
        let Some(sub) = self.subflow_mode_mut() else { return };
        let st = stats.subflows.get_mut(sub.index);
        sub.sent_packets += 1;
        if first {
            sub.data_bytes += len as u64;
        } else {
            sub.retransmitted_packets += 1;
        }
        if let Some(st) = st {
            st.sent_packets += 1;
            if first {
                st.data_bytes += len as u64;
            } else {
                st.retransmitted_packets += 1;
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_sized_transfer_ends_with_a_short_segment_and_its_fin() {
        let mut s = DataSource::of_size(Some(2500), 1000);
        assert!(s.has_new_data(2, 0, 100));
        assert!(!s.has_new_data(3, 0, 100), "three segments in all");
        assert_eq!(s.new_segment(1, 1000), (1, 1000));
        assert_eq!(s.new_segment(2, 1000), (2, 500));
        assert!(s.is_last(2, 2) && !s.is_last(1, 1));
        assert!(s.done(3) && !s.done(2));
    }

    #[test]
    fn bulk_is_limited_only_by_the_receive_window() {
        let s = DataSource::of_size(None, 1448);
        assert!(s.has_new_data(10_000, 9_990, 11));
        assert!(!s.has_new_data(10_000, 9_989, 11));
        assert!(!s.done(u64::MAX));
    }

    #[test]
    fn a_subflow_sends_what_its_connection_hands_it() {
        let mut s = DataSource::subflow(2);
        assert!(!s.has_new_data(0, 0, 100), "a subflow never picks its own data");
        s.hand(41, 700);
        assert_eq!(s.new_segment(0, 1448), (41, 700));
        s.set_data_fin(41);
        assert!(s.is_last(0, 41), "the DATA_FIN rides on the segment with the last DSN");
        let mut stats = FlowStats::default();
        s.count_transmission(true, 700, &mut stats);
        s.count_transmission(false, 700, &mut stats);
        let m = s.subflow_mode().unwrap();
        assert_eq!((m.index, m.sent_packets, m.retransmitted_packets, m.data_bytes), (2, 2, 1, 700));
    }
}
