//! The GSI browser (the index list, an index's partitions and items) and the sparse-index
//! inspector.

pub(in crate::ui) mod browse;
pub(in crate::ui) mod coverage;
pub(in crate::ui) mod list;
