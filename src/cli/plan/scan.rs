//! `ddbx scan`: one request per segment (one segment unless `--segments N`).

use super::{page_limit, resolve_target};
use crate::backend::{ExpressionParams, ScanRequest};
use crate::cli::args::ScanArgs;
use crate::cli::error::CliError;
use crate::cli::expression::compile_read_expressions;
use crate::domain::schema::TableDescription;

/// DynamoDB's upper bound for `TotalSegments`.
const MAX_SEGMENTS: u32 = 1_000_000;

/// The first request (without its segment number), how many segments to read it in, and how
/// many matching items to print at most.
#[derive(Clone, Debug, PartialEq)]
pub struct ScanPlan {
    pub request: ScanRequest,
    /// `TotalSegments`; 1 for a plain scan.
    pub total_segments: u32,
    pub max_items: Option<u64>,
}

/// Checks `--segments`, which needs no table description.
pub fn check_segments(segments: Option<u32>) -> Result<(), CliError> {
    match segments {
        Some(n) if n == 0 || n > MAX_SEGMENTS => Err(CliError::usage(format!(
            "--segments {n}: must be between 1 and {MAX_SEGMENTS}"
        ))),
        _ => Ok(()),
    }
}

/// Plans `ddbx scan` against `table`'s description.
pub fn plan_scan(table: &TableDescription, args: &ScanArgs) -> Result<ScanPlan, CliError> {
    check_segments(args.segments)?;
    let target = resolve_target(table, args.read.index.as_deref())?;
    let mut params = ExpressionParams::default();
    // A scan's filter may name key attributes, so no schema check applies to it.
    let expressions = compile_read_expressions(
        args.read.filter.as_deref(),
        args.read.project.as_deref(),
        &mut params,
        |_| Ok(()),
    )?;
    let mut template = ScanRequest::new(table.name.clone());
    template.index = target.index.map(str::to_owned);
    template.filter = expressions.filter;
    template.projection = expressions.projection;
    template.params = params;
    template.limit = page_limit(&args.read);
    Ok(ScanPlan {
        request: template,
        total_segments: args.segments.unwrap_or(1),
        max_items: args.read.max_items,
    })
}

#[cfg(test)]
mod tests {
    use clap::Parser;

    use super::*;
    use crate::cli::args::{Cli, Command};
    use crate::cli::plan::fixtures;

    fn plan(extra: &[&str]) -> Result<ScanPlan, CliError> {
        let argv = ["ddbx", "scan"].into_iter().chain(extra.iter().copied());
        match Cli::try_parse_from(argv)
            .expect("valid command line")
            .command
        {
            Some(Command::Scan(args)) => plan_scan(&fixtures::single_table(), &args),
            other => panic!("expected scan, got {other:?}"),
        }
    }

    #[test]
    fn a_plain_scan_is_one_unsegmented_request() {
        let plan = plan(&["--limit", "5", "--max-items", "9"]).expect("valid");
        assert_eq!(plan.total_segments, 1);
        let request = &plan.request;
        assert_eq!(request.table, "app");
        assert_eq!(request.segment, None);
        assert_eq!(request.limit, Some(5));
        assert!(request.params.is_empty());
        assert_eq!(plan.max_items, Some(9));
    }

    #[test]
    fn segments_are_counted_and_the_request_carries_the_index() {
        let plan = plan(&["--segments", "3", "--index", "GSI1"]).expect("valid");
        assert_eq!(plan.total_segments, 3);
        assert_eq!(plan.request.segment, None, "numbered when sent");
        assert_eq!(plan.request.index.as_deref(), Some("GSI1"));
    }

    #[test]
    fn zero_or_too_many_segments_are_refused() {
        for n in ["0", "1000001"] {
            let Err(CliError::Usage(message)) = plan(&["--segments", n]) else {
                panic!("expected a usage error for {n}");
            };
            assert!(message.contains("--segments"), "{message}");
        }
    }

    #[test]
    fn an_unknown_index_is_refused() {
        let Err(CliError::Usage(message)) = plan(&["--index", "GSI7"]) else {
            panic!("expected a usage error");
        };
        assert!(message.contains("no index named `GSI7`"), "{message}");
    }
}
