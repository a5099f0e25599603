//! Why an item is or is not in a query's results, read from the table: the item with a strongly
//! consistent GetItem, the query's pages until the item is found, and the item's history when
//! it is missing or the two reads disagree. The checks themselves are [`crate::domain::why`];
//! this adds the reads, for `ddbx why` and the terminal UI's `w` alike. Never writes.

mod item_history;
mod locate;
mod request;

pub use request::WhyRequest;

use crate::backend::{Backend, BackendError, GetRequest, QueryRequest};
use crate::domain::civil::UtcInstant;
use crate::domain::expr::prepare::{PreparedQuery, parse_query};
use crate::domain::expr::validate::check_index_projection;
use crate::domain::schema::{IndexKind, TableDescription};
use crate::domain::value::Item;
use crate::domain::why::{
    Position, Step, TtlFacts, Verdict, WhyQuery, consistency_step, explain_item, item_step,
    paging_step, request_step,
};

/// GetRecords calls allowed for the item's history.
pub const DEFAULT_HISTORY_REQUESTS: u32 = 50;
/// Query pages read to find the item.
pub const DEFAULT_MAX_PAGES: u64 = 100;

/// The steps, in DynamoDB's order. A query that cannot be parsed is explained as refused.
pub async fn explain(
    backend: &dyn Backend,
    request: &WhyRequest,
) -> Result<Vec<Step>, BackendError> {
    let prepared = match prepare(&request.table, &request.query) {
        Ok(prepared) => prepared,
        Err(message) => return Ok(vec![request_step(&message)]),
    };
    let item = read_item(backend, request).await?;
    Explaining {
        backend,
        request,
        prepared: &prepared,
        item: item.as_ref(),
        now: now(),
    }
    .steps()
    .await
}

/// Parses the query's expressions with the service's rules (everything but the
/// index-projection check, which is explained as a step).
pub fn prepare(table: &TableDescription, query: &QueryRequest) -> Result<PreparedQuery, String> {
    parse_query(table, &query.expressions(), &query.params).map_err(|error| error.message)
}

struct Explaining<'a> {
    backend: &'a dyn Backend,
    request: &'a WhyRequest,
    prepared: &'a PreparedQuery,
    /// The item as a strongly consistent GetItem returned it.
    item: Option<&'a Item>,
    now: UtcInstant,
}

impl Explaining<'_> {
    async fn steps(&self) -> Result<Vec<Step>, BackendError> {
        let (request, table) = (self.request, &self.request.table);
        let refusal = check_index_projection(
            table,
            request.query.index.as_deref(),
            self.prepared.filter.as_ref(),
            self.prepared.projection.as_ref(),
        )
        .err();
        let mut history = item_history::Lazy::new(request, self.now);
        let mut steps: Vec<Step> = refusal
            .iter()
            .map(|error| request_step(&error.message))
            .collect();
        let predicted_in = self.item_steps(&mut steps, &mut history).await;
        if refusal.is_some() {
            return Ok(steps);
        }
        let position = locate::locate(self.backend, request).await?;
        steps.push(paging_step(&position));
        let global = global_index(table, request.query.index.as_deref());
        let found = matches!(position.position, Position::Found { .. });
        if self.item.is_some() && (predicted_in != found || global.is_some()) {
            let (change, read) = history.recent_change(self.backend).await;
            steps.extend(consistency_step(
                predicted_in,
                position.position,
                global,
                change,
                &read,
            ));
        }
        Ok(steps)
    }

    /// The steps the item decides; true when none of them excludes it.
    async fn item_steps(
        &self,
        steps: &mut Vec<Step>,
        history: &mut item_history::Lazy<'_>,
    ) -> bool {
        let Some(item) = self.item else {
            let (lines, read) = history.deletion(self.backend).await;
            steps.push(item_step(false, lines, &read));
            return false;
        };
        steps.push(item_step(true, Vec::new(), ""));
        let query = WhyQuery {
            table: &self.request.table,
            index: self.request.query.index.as_deref(),
            prepared: self.prepared,
        };
        let ttl = TtlFacts {
            attribute: self.request.ttl_attribute.as_deref(),
            now: self.now,
        };
        let found = explain_item(&query, item, ttl);
        let passes = found.iter().all(|step| step.verdict != Verdict::Excludes);
        steps.extend(found);
        passes
    }
}

fn global_index<'a>(table: &TableDescription, index: Option<&'a str>) -> Option<&'a str> {
    let name = index?;
    (table.index(name)?.kind == IndexKind::Global).then_some(name)
}

async fn read_item(
    backend: &dyn Backend,
    request: &WhyRequest,
) -> Result<Option<Item>, BackendError> {
    let get = GetRequest {
        table: request.table.name.clone(),
        key: request.key.clone(),
        projection: None,
        params: Default::default(),
        consistent_read: true,
    };
    Ok(backend.get_item(get).await?.item)
}

fn now() -> UtcInstant {
    let since = std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .unwrap_or_default();
    UtcInstant::from_seconds(i64::try_from(since.as_secs()).unwrap_or(i64::MAX))
}
