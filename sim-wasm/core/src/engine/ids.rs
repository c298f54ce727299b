//! The ids every layer shares: a flow's index in the run's flow table, an agent (transport
//! endpoint), a link, a path, a node. Plain integers, so tables index by them directly; they
//! live here, at the bottom, because metrics (fed by events that name flows), the network and
//! the transports all use them.

pub type AgentId = u32;
pub type LinkId = u32;
pub type PathId = u32;
pub type NodeId = u32;
/// Index of a flow in the run's flow table (reports use the flow's string id).
pub type FlowIdx = u32;
