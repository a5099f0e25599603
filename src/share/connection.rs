//! What a snippet says about where it runs: endpoint, region and profile of the connection, and
//! a note when that is not a DynamoDB endpoint.

use crate::backend::Connection;

/// The endpoint a snippet should name: none for the real AWS endpoints, which the SDKs derive
/// from the region, and none for backends that are not reachable over the network.
pub fn endpoint_of(connection: &Connection) -> Option<&str> {
    if connection.kind != "aws" {
        return None;
    }
    connection.endpoint.as_deref().filter(|url| !url.is_empty())
}

pub fn region_of(connection: &Connection) -> Option<&str> {
    connection
        .region
        .as_deref()
        .filter(|region| !region.is_empty())
}

pub fn profile_of(connection: &Connection) -> Option<&str> {
    connection
        .profile
        .as_deref()
        .filter(|profile| !profile.is_empty())
}

/// A note when the snippet cannot talk to where ddbx is connected (the demo or an offline file).
pub fn offline_note(connection: &Connection) -> Option<String> {
    (connection.kind != "aws").then(|| {
        format!(
            "ddbx is reading a {} table here; point this at a real DynamoDB endpoint to run it",
            connection.kind
        )
    })
}
