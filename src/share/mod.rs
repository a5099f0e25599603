//! Share the current query as a snippet someone can paste and run: an AWS CLI command, a boto3
//! script or a JavaScript SDK v3 script. Pure text generation.
//!
//! Every snippet reproduces the request from its first page and follows every page, as ddbx
//! does (the AWS CLI paginates by itself; the scripts loop on `LastEvaluatedKey`), and prints
//! the items as DynamoDB JSON. Values are written with their exact type (38-digit numbers stay
//! strings, binary stays bytes). Snippets point at the connection's endpoint, region and
//! profile when ddbx has them, and never hold credentials: the runner's own credential chain
//! applies, as for ddbx itself.

mod aws_cli;
mod boto3;
mod fields;
mod javascript;
mod literal;

use crate::backend::{Connection, QueryRequest, Select};

/// Which snippet to produce.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum SnippetKind {
    AwsCli,
    Boto3,
    JavaScript,
}

impl SnippetKind {
    pub const ALL: [Self; 3] = [Self::AwsCli, Self::Boto3, Self::JavaScript];

    /// How the snippet is called in menus and status messages.
    #[must_use]
    pub const fn label(self) -> &'static str {
        match self {
            Self::AwsCli => "AWS CLI command",
            Self::Boto3 => "Python (boto3) script",
            Self::JavaScript => "JavaScript (SDK v3) script",
        }
    }
}

/// A runnable snippet reproducing `request` (first page; with a comment/loop note for pagination),
/// pointing at `connection`'s endpoint/region/profile when set. Never contains credentials.
#[must_use]
pub fn snippet(kind: SnippetKind, request: &QueryRequest, connection: &Connection) -> String {
    match kind {
        SnippetKind::AwsCli => aws_cli::command(request, connection),
        SnippetKind::Boto3 => boto3::script(request, connection),
        SnippetKind::JavaScript => javascript::script(request, connection),
    }
}

/// The request's `Select` as the API spells it, when it is not the default.
fn select_name(select: Select) -> Option<&'static str> {
    match select {
        Select::Default => None,
        Select::AllAttributes => Some("ALL_ATTRIBUTES"),
        Select::AllProjectedAttributes => Some("ALL_PROJECTED_ATTRIBUTES"),
        Select::Count => Some("COUNT"),
    }
}

/// The endpoint a snippet should name: none for the real AWS endpoints, which the SDKs derive
/// from the region, and none for backends that are not reachable over the network.
fn endpoint_of(connection: &Connection) -> Option<&str> {
    if connection.kind != "aws" {
        return None;
    }
    connection.endpoint.as_deref().filter(|url| !url.is_empty())
}

fn region_of(connection: &Connection) -> Option<&str> {
    connection
        .region
        .as_deref()
        .filter(|region| !region.is_empty())
}

fn profile_of(connection: &Connection) -> Option<&str> {
    connection
        .profile
        .as_deref()
        .filter(|profile| !profile.is_empty())
}

/// A note when the snippet cannot talk to where ddbx is connected (the demo or an offline file).
fn offline_note(connection: &Connection) -> Option<String> {
    (connection.kind != "aws").then(|| {
        format!(
            "ddbx is reading a {} table here; point this at a real DynamoDB endpoint to run it",
            connection.kind
        )
    })
}

#[cfg(test)]
mod tests;
