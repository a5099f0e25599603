//! "Why is this item not in my results?": the checks a Query applies to one item, in the order
//! DynamoDB applies them, each with the values involved and the read it rests on. Pure: the
//! caller reads the item (strongly consistent), the query's pages and the item's history, and
//! passes what it read in; nothing here claims more than that.

mod difference;
mod filter;
mod key;
pub mod literal;
mod outcome;
pub mod report;
mod step;
mod unprojected;

pub use difference::{Difference, first_difference};
pub use outcome::{
    Position, Reading, consistency_step, item_step, paging_step, request_step, summary,
};
pub use step::{Check, Step, Verdict};
pub use unprojected::without_projection;

use crate::domain::civil::UtcInstant;
use crate::domain::expr::prepare::PreparedQuery;
use crate::domain::index_membership::{Membership, Projected, membership};
use crate::domain::query_spec::read_from_table;
use crate::domain::schema::TableDescription;
use crate::domain::ttl::{TtlStatus, ttl_of};
use crate::domain::value::Item;

/// What every step computed from the item rests on.
pub const ITEM_READ: &str = "GetItem (ConsistentRead) of the key, and DescribeTable";

/// The query an item is explained against.
pub struct WhyQuery<'a> {
    pub table: &'a TableDescription,
    pub index: Option<&'a str>,
    pub prepared: &'a PreparedQuery,
}

/// The table's TTL attribute (when TTL is enabled) and the time to judge it at.
#[derive(Clone, Copy, Debug)]
pub struct TtlFacts<'a> {
    pub attribute: Option<&'a str>,
    pub now: UtcInstant,
}

/// The steps decided by the item itself: index membership, key condition, filter, projection
/// and TTL.
#[must_use]
pub fn explain_item(query: &WhyQuery<'_>, item: &Item, ttl: TtlFacts<'_>) -> Vec<Step> {
    let mut steps = Vec::new();
    let mut seen_item = item.clone();
    let mut hidden = Vec::new();
    if let Some(index) = query.index.and_then(|name| query.table.index(name)) {
        let found = membership(item, query.table, index);
        if let Membership::In {
            projected: Projected::Some { held, left_out },
            ..
        } = &found
        {
            seen_item.retain(|name, _| held.contains(&name.as_str()));
            hidden = left_out.iter().map(|name| (*name).to_owned()).collect();
        }
        steps.push(index_step(&found));
    }
    steps.push(key::key_condition_step(
        &query.prepared.key,
        item,
        ITEM_READ,
    ));
    if let Some(filter) = &query.prepared.filter {
        let seen = filter::Seen {
            item: &seen_item,
            hidden: &hidden,
            index: query.index,
        };
        steps.push(filter::filter_step(filter, &seen, ITEM_READ));
    }
    steps.extend(projection_step(query));
    steps.extend(ttl_step(item, ttl));
    steps
}

fn index_step(found: &Membership<'_>) -> Step {
    let verdict = match found {
        Membership::In { .. } => Verdict::Passes,
        Membership::NotIn { .. } => Verdict::Excludes,
    };
    let mut lines = vec![found.to_string()];
    if let Membership::NotIn { index, .. } = found {
        lines.push(format!(
            "an item is in {} only when it has every key attribute of the index, of the \
             declared type and not empty",
            index.name
        ));
    }
    Step::new(Check::Index, verdict, lines, ITEM_READ)
}

/// A local index fetches what it does not project from the table, at a read per item; a
/// global index refuses (see the request step), so only a local one gets here.
fn projection_step(query: &WhyQuery<'_>) -> Option<Step> {
    let index = query.index.and_then(|name| query.table.index(name))?;
    let missing = read_from_table(query.table, query.index, &query.prepared.projection);
    if missing.is_empty() {
        return None;
    }
    let lines = missing
        .iter()
        .map(|name| {
            format!(
                "{} does not project {name}: DynamoDB reads it from the table for each item, \
                 which costs a read of the whole item",
                index.name
            )
        })
        .collect();
    Some(Step::new(
        Check::Projection,
        Verdict::Note,
        lines,
        "DescribeTable (the index's projection)",
    ))
}

fn ttl_step(item: &Item, ttl: TtlFacts<'_>) -> Option<Step> {
    let attribute = ttl.attribute?;
    let status = ttl_of(item, attribute, ttl.now)?;
    let relied_on = "DescribeTimeToLive, and the item as GetItem returned it";
    let line = format!("{attribute}: {status}");
    Some(match status {
        TtlStatus::ExpiredNotDeleted { .. } => Step::new(
            Check::Ttl,
            Verdict::Note,
            vec![
                line,
                "DynamoDB deletes expired items in the background and returns them until then; \
                 an application that hides expired items will not show it"
                    .to_owned(),
            ],
            relied_on,
        ),
        _ => Step::new(Check::Ttl, Verdict::Passes, vec![line], relied_on),
    })
}
