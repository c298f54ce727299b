//! Building a run from a scenario: the network (`topology`).

pub mod topology;
