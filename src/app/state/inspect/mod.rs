//! The item inspector: one item as rows of attributes and the facts derived from them (entity,
//! key parts, size, index membership, TTL, related partitions).

pub mod inspector;
pub mod item_facts;
pub mod partial;
pub mod row;
