//! Follow one packet (issue 32 §2): the journey of one data packet of one flow, hop by hop, and
//! of the ACK that covers it, with the times the engine gave it — what the page draws when a
//! user clicks "Follow" on a packet, and where its step control goes next. An ACK can be
//! followed on its own too (its journey back to the sender), which is also how the page learns
//! which duplicate a picked ACK is.
//!
//! **What a hop is.** The link model (net/link.rs) decides a packet's whole stay on a link when
//! the link takes it: it is *queued* when offered (`World::send`), starts serialising at `tx`
//! (the transmitter frees up: the queueing wait is `tx − queued`), is on the wire at `wire` (=
//! `tx` + size·8/rate: serialisation) and reaches the far end at `arrive` (propagation, plus the
//! link's jitter). `wire` is the link's `busy_until` at the moment it hands the packet to the
//! wire (DropTail's admission or the AQM's dequeue), so these are the engine's own numbers, not
//! a reconstruction. A packet lost on a hop ends there, with the cause (queue, AQM, wire).
//!
//! **Which packet.** A packet is named as `drops` names it (net/named_drop.rs): flow, number
//! (TCP segment, MPTCP subflow sequence, QUIC packet number; an ACK's cumulative ACK, QUIC's
//! largest acknowledged + 1) and, for MPTCP, the path. Every packet of that name is a
//! *candidate*, counted from 1 in the order its sender put them on their first link (so the
//! follower also says which transmission the chosen one is: for an ACK, the first with its
//! number and then each duplicate, as `drops` counts them). The page picks one by where it saw
//! it: the candidate on link `link` at time `at` (a dot of the network picture; when the dot
//! also gives the time it left the link's transmitter, `wire`, the candidate that left then —
//! duplicate ACKs a few µs apart share a link at one instant, but no two packets leave one
//! transmitter at once), or without a link the candidate sent closest to `at` (a line of the
//! sequence diagram, whose start is the send time).
//!
//! **Recognising it on later hops.** Packets carry no id; a packet is recognised by the trace's
//! fingerprint (sim/trace.rs `identity`: a TCP segment by number and send stamp, a QUIC packet by
//! its number, an ACK by its cumulative ACK, SACK blocks and ECE) *and* by time: it is offered to
//! hop h + 1 exactly when it arrived from hop h, and delivered exactly then after the last hop.
//! Two packets of one flow never arrive over one link at the same instant (each takes its
//! serialisation time), so the match is exact even for identical duplicate ACKs.
//!
//! **The ACK that covers it** (data packets only: a followed ACK is its own last leg). The first
//! ACK its receiver sends, at or after the delivery, on the
//! reverse path of the data's route, that acknowledges it: TCP and MPTCP (subflow numbers) a
//! cumulative ACK beyond the segment or a SACK block holding it (RFC 2018); QUIC an ACK range
//! holding its packet number (RFC 9000 §19.3).
//!
//! **Cost.** Off unless a packet is followed (the world holds `None`: one branch per packet
//! event). On, it looks only at the followed flow's packets. It only reads packets, so
//! following never changes a result.

use crate::engine::time::{to_secs, Time};
use crate::metrics::DropCause;
use crate::net::named_drop::name_of;
use crate::net::packet::{Body, FlowIdx, Packet, PathId};
use crate::sim::trace::{identity, Key};
use serde::Serialize;

/// Candidates kept at most (packets of one name): a segment is rarely sent more than a few
/// times, but one cumulative ACK can be duplicated once per segment of a window after a loss.
const MAX_CANDIDATES: usize = 4096;

/// What to follow: see the module header.
#[derive(Debug, Clone, PartialEq)]
pub struct FollowSpec {
    pub flow: FlowIdx,
    /// Follow an ACK (named by `seq`, its cumulative ACK) rather than a data packet.
    pub ack: bool,
    /// Data packet number: segment, subflow sequence or QUIC packet number; an ACK's cumulative ACK.
    pub seq: u64,
    /// The data's network path (an MPTCP subflow's); `None`: any.
    pub path: Option<PathId>,
    /// The link the packet was seen on at `at`; `None`: the transmission sent closest to `at`.
    pub link: Option<u32>,
    /// When it left `link`'s transmitter (end of serialisation), if the page knows it.
    pub wire: Option<Time>,
    pub at: Time,
}

/// What the page asks to follow (`Simulation::follow`): the names a user sees, resolved by
/// the simulation (the link by its name).
#[derive(Debug, Clone, PartialEq, serde::Deserialize, Serialize, ts_rs::TS)]
#[serde(deny_unknown_fields)]
pub struct FollowRequest {
    /// The flow's index.
    pub flow: u32,
    /// Follow an ACK: `seq` is then its cumulative ACK (QUIC: largest acknowledged + 1), as the
    /// picture, the sequence diagram and `drops`' `ack` name it.
    #[serde(default)]
    pub ack: bool,
    /// Data packet number (or, with `ack`, the ACK's number), as the picture and the sequence
    /// diagram name it.
    pub seq: u64,
    /// The packet's network path as the trace records it (an MPTCP subflow's; an ACK's is the
    /// reverse path it travels); none: any.
    #[serde(default)]
    pub path: Option<u32>,
    /// The link it was seen on at `at_s`; none: the transmission sent closest to `at_s`.
    #[serde(default)]
    pub link: Option<String>,
    /// When it left that link's transmitter (the picture's `PacketMark::wire_s`): tells apart
    /// packets of one name on the link at once (duplicate ACKs); none: the first there at `at_s`.
    #[serde(default)]
    pub wire_s: Option<f64>,
    pub at_s: f64,
}

/// One hop as the engine timed it; `Time::MAX`: not (yet) known.
#[derive(Debug, Clone, Copy)]
struct Hop {
    link: u32,
    queued: Time,
    tx: Time,
    wire: Time,
    arrive: Time,
    lost: Option<(Time, DropCause)>,
}

#[derive(Debug, Clone)]
struct Leg {
    key: Key,
    /// Data: the segment / packet number; ACK: its cumulative ACK (QUIC: largest + 1).
    number: u64,
    path: PathId,
    hops: Vec<Hop>,
    delivered: Option<Time>,
}

impl Leg {
    fn start(now: Time, pkt: &Packet, link: u32) -> Leg {
        Leg {
            key: identity(pkt),
            number: name_of(&pkt.body).map_or(0, |(_, n)| n),
            path: pkt.path,
            hops: vec![Hop { link, queued: now, tx: Time::MAX, wire: Time::MAX, arrive: Time::MAX, lost: None }],
            delivered: None,
        }
    }

    /// `pkt` is this leg's packet on its current hop (offered to the next one at `now` when
    /// `next`, else still on the last one recorded).
    fn is(&self, pkt: &Packet, now: Time, next: bool) -> bool {
        let Some(last) = self.hops.last() else { return false };
        if last.lost.is_some() || self.delivered.is_some() || pkt.path != self.path {
            return false;
        }
        let on_last = pkt.hop as usize + 1 == self.hops.len();
        let arrived = pkt.hop as usize == self.hops.len() && last.arrive == now;
        (if next { arrived } else { on_last }) && identity(pkt) == self.key
    }

    /// Every known time of the leg.
    fn times(&self) -> impl Iterator<Item = Time> + '_ {
        self.hops
            .iter()
            .flat_map(|h| [h.queued, h.tx, h.wire, h.arrive, h.lost.map_or(Time::MAX, |l| l.0)])
            .chain(self.delivered)
            .filter(|&t| t != Time::MAX)
    }
}

#[derive(Debug, Clone)]
struct Candidate {
    data: Leg,
    /// The ACK path of the data's route; `None` when the route is unknown (no ACK is looked for).
    ack_path: Option<PathId>,
    ack: Option<Leg>,
}

/// The follower: every transmission of the named packet, each with its ACK.
#[derive(Debug)]
pub struct Follower {
    pub spec: FollowSpec,
    /// The flow's routes as (forward, reverse) paths, to find where its ACKs come back.
    routes: Vec<(PathId, PathId)>,
    candidates: Vec<Candidate>,
}

/// One hop of a journey, for the page: simulated seconds, `null` while not known.
#[derive(Debug, Clone, PartialEq, Serialize, ts_rs::TS)]
pub struct JourneyHop {
    pub link: String,
    /// Offered to the link (joins its queue).
    pub queued_s: f64,
    /// Starts serialising: `tx_s − queued_s` is the wait in the queue.
    pub tx_s: Option<f64>,
    /// Serialised, on the wire: `wire_s − tx_s` is the serialisation time.
    pub wire_s: Option<f64>,
    /// Reaches the far end: `arrive_s − wire_s` is the propagation (plus jitter).
    pub arrive_s: Option<f64>,
    /// Lost on this hop: when, and why.
    pub lost_s: Option<f64>,
    pub lost: Option<DropCause>,
}

/// One direction of a journey: the data packet, or the ACK that covers it.
#[derive(Debug, Clone, PartialEq, Serialize, ts_rs::TS)]
pub struct JourneyLeg {
    /// Data: segment / packet number; ACK: cumulative ACK (QUIC: largest acknowledged + 1).
    pub number: u64,
    /// The network path (MPTCP subflows differ by path).
    pub path: u32,
    pub hops: Vec<JourneyHop>,
    /// Reached its destination (the receiver, or the ACK the sender).
    pub delivered_s: Option<f64>,
}

/// The followed packet's journey (`Simulation::journey`).
#[derive(Debug, Clone, PartialEq, Serialize, ts_rs::TS)]
pub struct Journey {
    pub flow: u32,
    pub flow_id: String,
    /// The followed packet is an ACK: `data` is its journey (and `ack` is none).
    pub is_ack: bool,
    /// Which transmission of its number this is (1 = the original; an ACK: 1 = the first ACK
    /// with its number, then each duplicate), and how many the sender has made so far.
    pub transmission: u32,
    pub transmissions: u32,
    pub data: JourneyLeg,
    /// The ACK that covers it, once its receiver has sent one.
    pub ack: Option<JourneyLeg>,
    /// Nothing more will happen to it: the ACK arrived, or the data was lost.
    pub complete: bool,
}

impl Follower {
    pub fn new(spec: FollowSpec, routes: Vec<(PathId, PathId)>) -> Self {
        Follower { spec, routes, candidates: Vec::new() }
    }

    /// Every leg of every candidate, mutably.
    fn legs(&mut self) -> impl Iterator<Item = &mut Leg> {
        self.candidates.iter_mut().flat_map(|c| std::iter::once(&mut c.data).chain(c.ack.as_mut()))
    }

    /// A host or router offers `pkt` to `link` at `now` (`World::send`).
    pub fn on_offer(&mut self, now: Time, pkt: &Packet, link: u32) {
        if pkt.flow != self.spec.flow {
            return;
        }
        if pkt.hop > 0 {
            if let Some(leg) = self.legs().find(|l| l.is(pkt, now, true)) {
                leg.hops.push(Hop { link, queued: now, tx: Time::MAX, wire: Time::MAX, arrive: Time::MAX, lost: None });
            }
            return;
        }
        match name_of(&pkt.body) {
            Some((ack, n)) if ack == self.spec.ack && n == self.spec.seq && self.spec.path.is_none_or(|p| p == pkt.path) && self.candidates.len() < MAX_CANDIDATES => {
                // A followed ACK is not itself covered by anything.
                let ack_path = if ack { None } else { self.routes.iter().find(|r| r.0 == pkt.path).map(|r| r.1) };
                self.candidates.push(Candidate { data: Leg::start(now, pkt, link), ack_path, ack: None });
            }
            Some((true, _)) => {
                for c in &mut self.candidates {
                    if c.ack.is_none() && c.data.delivered.is_some() && c.ack_path == Some(pkt.path) && covers(&pkt.body, c.data.number) {
                        c.ack = Some(Leg::start(now, pkt, link));
                    }
                }
            }
            _ => {}
        }
    }

    /// `link` took `pkt`: it serialises from `tx` to `wire` and arrives at `arrive`.
    pub fn on_wire(&mut self, pkt: &Packet, tx: Time, wire: Time, arrive: Time) {
        if pkt.flow != self.spec.flow {
            return;
        }
        if let Some(leg) = self.legs().find(|l| l.is(pkt, 0, false)) {
            let h = leg.hops.last_mut().expect("a leg has a hop");
            if h.tx == Time::MAX {
                (h.tx, h.wire, h.arrive) = (tx, wire, arrive);
            }
        }
    }

    /// `pkt` was lost at `now` on its current hop.
    pub fn on_drop(&mut self, now: Time, pkt: &Packet, cause: DropCause) {
        if pkt.flow != self.spec.flow {
            return;
        }
        if let Some(leg) = self.legs().find(|l| l.is(pkt, 0, false)) {
            leg.hops.last_mut().expect("a leg has a hop").lost = Some((now, cause));
        }
    }

    /// `pkt` reached its destination at `now` (it left its last link).
    pub fn on_deliver(&mut self, now: Time, pkt: &Packet) {
        if pkt.flow != self.spec.flow {
            return;
        }
        if let Some(leg) = self.legs().find(|l| l.is(pkt, now, true)) {
            leg.delivered = Some(now);
        }
    }

    /// The candidate the spec picks (see the module header), by index.
    fn chosen(&self) -> Option<usize> {
        let at = self.spec.at;
        match (self.spec.link, self.spec.wire) {
            // Serialisation ends are whole nanoseconds; the page's seconds round-trip within one.
            (Some(link), Some(wire)) => self.candidates.iter().position(|c| c.data.hops.iter().any(|h| h.link == link && h.wire != Time::MAX && h.wire.abs_diff(wire) <= 1)),
            (Some(link), None) => self.candidates.iter().position(|c| {
                c.data.hops.iter().any(|h| h.link == link && h.queued <= at && (h.arrive == Time::MAX || at <= h.arrive) && h.lost.is_none_or(|l| at <= l.0))
            }),
            (None, _) => (0..self.candidates.len()).min_by_key(|&i| self.candidates[i].data.hops[0].queued.abs_diff(at)),
        }
    }

    /// The chosen packet's journey so far; `None` before it is sent (or when the picked dot is
    /// not one of the name's transmissions). `link_name` names a link index.
    pub fn journey(&self, flow_id: &str, link_name: impl Fn(u32) -> String) -> Option<Journey> {
        let i = self.chosen()?;
        let c = &self.candidates[i];
        let leg = |l: &Leg| JourneyLeg {
            number: l.number,
            path: l.path,
            hops: l
                .hops
                .iter()
                .map(|h| {
                    let known = |t: Time| (t != Time::MAX).then(|| to_secs(t));
                    JourneyHop {
                        link: link_name(h.link),
                        queued_s: to_secs(h.queued),
                        tx_s: known(h.tx),
                        wire_s: known(h.wire),
                        arrive_s: known(h.arrive),
                        lost_s: h.lost.map(|l| to_secs(l.0)),
                        lost: h.lost.map(|l| l.1),
                    }
                })
                .collect(),
            delivered_s: l.delivered.map(to_secs),
        };
        Some(Journey {
            flow: self.spec.flow,
            flow_id: flow_id.to_string(),
            is_ack: self.spec.ack,
            transmission: i as u32 + 1,
            transmissions: self.candidates.len() as u32,
            data: leg(&c.data),
            ack: c.ack.as_ref().map(leg),
            complete: self.done(c),
        })
    }

    /// The chosen packet's first known event time after `now` (its future times on a hop are
    /// known once the link has taken it); `None` when none is known yet.
    pub fn next_after(&self, now: Time) -> Option<Time> {
        let c = &self.candidates[self.chosen()?];
        c.data.times().chain(c.ack.iter().flat_map(|a| a.times())).filter(|&t| t > now).min()
    }

    /// Whether nothing more can happen to the chosen packet (see [`Journey::complete`]).
    pub fn complete(&self) -> bool {
        self.chosen().is_some_and(|i| self.done(&self.candidates[i]))
    }

    /// Nothing more can happen to candidate `c`: a leg was lost, or its last leg arrived (a
    /// data packet's covering ACK at the sender; a followed ACK itself).
    fn done(&self, c: &Candidate) -> bool {
        let lost = |l: &Leg| l.hops.iter().any(|h| h.lost.is_some());
        let last = if self.spec.ack { Some(&c.data) } else { c.ack.as_ref() };
        lost(&c.data) || last.is_some_and(|a| lost(a) || a.delivered.is_some())
    }
}

/// Whether ACK `body` acknowledges data packet `number` (see the module header).
fn covers(body: &Body, number: u64) -> bool {
    match body {
        Body::TcpAck(a) | Body::MptcpAck(crate::net::packet::MptcpAck { ack: a, .. }) => a.cum > number || a.blocks().any(|(s, e)| s <= number && number < e),
        Body::QuicAck(a) => a.ranges.iter().any(|&(s, e)| s <= number && number < e),
        _ => false,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::net::packet::{Ecn, TcpAck, TcpData};

    fn data(seq: u64, sent_at: Time, hop: u16) -> Packet {
        Packet { flow: 0, dst: 1, path: 0, hop, ecn: Ecn::NotEct, wire_bytes: 1500, body: Body::TcpData(TcpData { seq, len: 1448, fin: false, sent_at, cwr: false }) }
    }

    fn ack(cum: u64, sack: &[(u64, u64)], hop: u16) -> Packet {
        Packet { flow: 0, dst: 0, path: 1, hop, ecn: Ecn::NotEct, wire_bytes: 64, body: Body::TcpAck(TcpAck::new(cum, sack, false)) }
    }

    /// A two-hop journey: queued, serialised, propagated, handed on at its arrival; the first
    /// ACK beyond it is followed back; an earlier ACK that does not cover it is not.
    #[test]
    fn a_packet_and_its_ack_hop_by_hop() {
        let mut f = Follower::new(FollowSpec { flow: 0, ack: false, seq: 5, path: None, link: Some(7), wire: None, at: 150 }, vec![(0, 1)]);
        f.on_offer(100, &data(5, 100, 0), 3);
        f.on_wire(&data(5, 100, 0), 110, 120, 140);
        // Another segment on hop 1 at the same instant is not it.
        f.on_offer(140, &data(6, 101, 1), 7);
        f.on_offer(140, &data(5, 100, 1), 7);
        f.on_wire(&data(5, 100, 1), 150, 160, 200);
        f.on_deliver(200, &data(5, 100, 2));
        f.on_offer(205, &ack(5, &[], 0), 8);
        f.on_offer(210, &ack(6, &[], 0), 8);
        f.on_wire(&ack(6, &[], 0), 210, 211, 230);
        f.on_deliver(230, &ack(6, &[], 1));
        let j = f.journey("f", |l| format!("l{l}")).expect("chosen");
        assert_eq!(j.transmission, 1);
        assert_eq!(j.data.hops.len(), 2);
        assert_eq!(j.data.hops[1].link, "l7");
        assert_eq!((j.data.hops[1].queued_s, j.data.hops[1].tx_s, j.data.hops[1].arrive_s), (140e-9, Some(150e-9), Some(200e-9)));
        assert_eq!(j.data.delivered_s, Some(200e-9));
        let a = j.ack.expect("covered by ACK 6");
        assert_eq!((a.number, a.delivered_s), (6, Some(230e-9)));
        assert!(j.complete && f.complete());
        assert_eq!(f.next_after(150), Some(160));
        assert_eq!(f.next_after(230), None);
        // A SACK block holding it covers it too.
        assert!(covers(&ack(3, &[(5, 6)], 0).body, 5) && !covers(&ack(3, &[(6, 7)], 0).body, 5));
    }

    /// Two transmissions: the first lost on hop 0, the second delivered; the link and time
    /// pick one, the send time the other.
    #[test]
    fn transmissions_are_told_apart() {
        let spec = FollowSpec { flow: 0, ack: false, seq: 5, path: None, link: None, wire: None, at: 0 };
        let mut f = Follower::new(spec.clone(), vec![(0, 1)]);
        f.on_offer(100, &data(5, 100, 0), 3);
        f.on_drop(100, &data(5, 100, 0), DropCause::Queue);
        f.on_offer(300, &data(5, 300, 0), 3);
        f.on_wire(&data(5, 300, 0), 300, 310, 330);
        let j = f.journey("f", |l| l.to_string()).unwrap();
        assert_eq!((j.transmission, j.transmissions, j.data.hops[0].lost), (1, 2, Some(DropCause::Queue)));
        assert!(j.complete);
        f.spec.at = 290;
        assert_eq!(f.journey("f", |l| l.to_string()).unwrap().transmission, 2);
        f.spec = FollowSpec { link: Some(3), at: 320, ..spec };
        let j = f.journey("f", |l| l.to_string()).unwrap();
        assert_eq!((j.transmission, j.complete, j.data.hops[0].wire_s), (2, false, Some(310e-9)));
    }
}
