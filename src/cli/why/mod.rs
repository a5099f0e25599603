//! `ddbx why --pk V [--sk V] <query options>`: why an item is or is not in a query's results,
//! read by [`crate::why`] and printed for a ticket or as JSON. Never writes.

mod print;

use std::io::Write;

use super::args::OutputFormat;
use super::args::why::WhyArgs;
use super::args::{QueryArgs, ReadOptions};
use super::error::CliError;
use super::plan::{plan_get, plan_query_as_written};
use super::schema_cache;
use crate::backend::Backend;
use crate::why::WhyRequest;

/// Refusals that need no connection: an index query needs its own partition value.
pub fn check_before_connecting(args: &WhyArgs) -> Result<(), CliError> {
    if args.read.index.is_some() && args.query_pk.is_none() && args.expr.is_none() {
        return Err(CliError::usage(
            "--index: give the query's partition key value with --query-pk V (or the whole key \
             condition with --expr); --pk and --sk stay the item's key in the table",
        ));
    }
    super::plan::check_read_limits(&args.read)
}

pub async fn run(
    backend: &dyn Backend,
    table_name: &str,
    args: &WhyArgs,
    format: Option<OutputFormat>,
    out: &mut dyn Write,
) -> Result<(), CliError> {
    let (table, extras) = schema_cache::describe_with_extras(backend, table_name).await?;
    let plan = plan_query_as_written(&table, &query_args(args))?;
    crate::why::prepare(&table, &plan.request)
        .map_err(|message| CliError::usage(format!("the query: {message}")))?;
    let key = plan_get(&table, &args.key)?.key;
    let request = WhyRequest {
        ttl_attribute: extras.enabled_ttl_attribute().map(str::to_owned),
        table,
        key,
        query: plan.request,
        max_items: plan.max_items,
        journal: crate::journal::Journal::default_path(),
        max_pages: args.max_pages,
        max_requests: args.max_requests,
    };
    let steps = crate::why::explain(backend, &request).await?;
    let report = print::Report {
        table: &request.table,
        key: &request.key,
        request: &request.query,
        steps: &steps,
    };
    print::write(&report, format, out)
}

/// The query, as `ddbx query` would take it.
#[must_use]
fn query_args(args: &WhyArgs) -> QueryArgs {
    let pk = match (&args.query_pk, &args.expr, &args.read.index) {
        (Some(pk), _, _) => Some(pk.clone()),
        (None, None, None) => Some(args.key.pk.clone()),
        _ => None,
    };
    QueryArgs {
        pk,
        sort_key: args.sort_key.clone(),
        expr: args.expr.clone(),
        values: args.values.clone(),
        names: args.names.clone(),
        read: ReadOptions {
            index: args.read.index.clone(),
            filter: args.read.filter.clone(),
            project: args.read.project.clone(),
            limit: args.read.limit,
            max_items: args.read.max_items,
        },
        desc: args.desc,
        consistent: args.consistent,
    }
}
