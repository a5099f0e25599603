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
mod connection;
mod fields;
mod javascript;
mod literal;

use crate::backend::{Connection, QueryRequest};

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

#[cfg(test)]
mod tests;
