//! The Scan request discovery sends, shared by the TUI and `ddbx collections`: it projects only
//! what grouping needs (the table key and the type attributes entity decoding reads), so a
//! discovery scan moves keys, not whole items. (Capacity is charged on item size either way.)

use crate::domain::entity::TYPE_ATTRIBUTES;
use crate::domain::request::ScanRequest;
use crate::domain::schema::TableDescription;

/// One page request of segment `segment` of `segments` (no `Segment` for a single segment).
#[must_use]
pub fn discovery_scan(
    table: &TableDescription,
    segment: u32,
    segments: u32,
    limit: Option<u32>,
) -> ScanRequest {
    let mut request = ScanRequest::new(table.name.clone());
    let mut names = Vec::new();
    for (index, name) in table.key.names().chain(TYPE_ATTRIBUTES).enumerate() {
        let placeholder = format!("#a{index}");
        request
            .params
            .names
            .insert(placeholder.clone(), name.to_owned());
        names.push(placeholder);
    }
    request.projection = Some(names.join(", "));
    if segments > 1 {
        request.segment = Some((segment, segments));
    }
    request.limit = limit;
    request
}
