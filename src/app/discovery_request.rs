//! The Scan request discovery sends is shared with `ddbx collections`, so it lives in the domain.

pub use crate::domain::discovery_scan::discovery_scan;
