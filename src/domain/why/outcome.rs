//! The steps that rest on what was read rather than on the item alone: whether the item exists
//! (and what history says of it when it does not), where the query's pages put it, whether
//! the table and the index disagree, and the one-line verdict.

use super::step::{Check, Step, Verdict};
use crate::domain::figures::{count, counted};

/// The item's existence, with what its history says when the table holds no such item.
#[must_use]
pub fn item_step(exists: bool, history: Vec<String>, history_read: &str) -> Step {
    if exists {
        return Step::new(
            Check::Item,
            Verdict::Passes,
            vec!["the table holds an item with this key".to_owned()],
            "GetItem (ConsistentRead)",
        );
    }
    let mut lines = vec!["the table holds no item with this key".to_owned()];
    lines.extend(history);
    Step::new(
        Check::Item,
        Verdict::Excludes,
        lines,
        &format!("GetItem (ConsistentRead); {history_read}"),
    )
}

/// A query DynamoDB refuses returns nothing, whatever the item holds.
#[must_use]
pub fn request_step(refusal: &str) -> Step {
    Step::new(
        Check::Request,
        Verdict::Excludes,
        vec![
            format!("DynamoDB refuses this query: {refusal}"),
            "a refused query returns no items, so it was not sent".to_owned(),
        ],
        "DescribeTable (the index's projection) and DynamoDB's validation rules",
    )
}

/// Where the item was found in the query's pages.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Position {
    /// On page `page` (from 1), row `row` of it, `overall` of the results (both from 1).
    Found { page: u64, row: u64, overall: u64 },
    /// Not in the `pages` read, which held `items` items; `complete` when the last page had no
    /// LastEvaluatedKey, so nothing is left to read.
    NotFound {
        pages: u64,
        items: u64,
        complete: bool,
    },
}

/// The query as it was run to locate the item.
#[derive(Clone, Debug)]
pub struct Reading {
    pub position: Position,
    /// How many matching items the reader looks at (`--max-items`, a view's first page).
    pub max_items: Option<u64>,
    /// The request's Limit: items evaluated per page, before the filter.
    pub limit: Option<u32>,
    /// The request, as it was sent, for the step's "relied on".
    pub request: String,
}

#[must_use]
pub fn paging_step(reading: &Reading) -> Step {
    let limit = reading
        .limit
        .map(|limit| {
            let items = counted(u64::from(limit), "item", "items");
            format!(" (Limit {limit}: at most {items} evaluated per page)")
        })
        .unwrap_or_default();
    let (verdict, line) = match reading.position {
        Position::Found { page, row, overall } => match reading.max_items {
            Some(max) if overall > max => (
                Verdict::Excludes,
                format!(
                    "it is result {} (page {page}, row {row}){limit}, but only the first {} \
                     results are read: it is beyond them",
                    count(overall),
                    count(max)
                ),
            ),
            _ => (
                Verdict::Passes,
                format!(
                    "it is result {} (page {page}, row {row}){limit}",
                    count(overall)
                ),
            ),
        },
        Position::NotFound {
            pages,
            items,
            complete: true,
        } => (
            Verdict::Excludes,
            format!(
                "it is not among the query's {} from {}{limit}, which is every page",
                counted(items, "result", "results"),
                counted(pages, "page", "pages")
            ),
        ),
        Position::NotFound { pages, items, .. } => (
            Verdict::NotKnown,
            format!(
                "it is not among the {} of the first {}{limit}; the rest was not read, so \
                 whether it comes later is not known",
                counted(items, "result", "results"),
                counted(pages, "page", "pages")
            ),
        ),
    };
    Step::new(Check::Paging, verdict, vec![line], &reading.request)
}

/// When the item as read now and the query's answer disagree, or the item changed lately: a
/// global index is updated asynchronously, so it can lag the table.
#[must_use]
pub fn consistency_step(
    predicted_in: bool,
    position: Position,
    global_index: Option<&str>,
    recent_change: Option<String>,
    history_read: &str,
) -> Option<Step> {
    let found = matches!(position, Position::Found { .. });
    let complete = matches!(position, Position::NotFound { complete: true, .. });
    let mut lines = Vec::new();
    let disagree = (predicted_in && complete) || (!predicted_in && found);
    if predicted_in && complete {
        lines.push(
            "the item as read now matches every check, yet the query did not return it".to_owned(),
        );
    } else if !predicted_in && found {
        lines.push(
            "the query returned it, yet the item as read now fails a check: it was read from a \
             different version of the item"
                .to_owned(),
        );
    } else if recent_change.is_none() {
        return None;
    }
    lines.push(match (global_index, &recent_change) {
        (Some(index), Some(change)) => format!(
            "{change}; {index} is a global index, updated asynchronously, and may not show it yet"
        ),
        (Some(index), None) => {
            format!("{index} is a global index, updated asynchronously: it may lag the table")
        }
        (None, Some(change)) => format!("{change}; it may have changed between the reads"),
        (None, None) => "it may have changed between the reads".to_owned(),
    });
    // A disagreement leaves the answer open; a recent change alone is only worth knowing.
    let verdict = if disagree {
        Verdict::NotKnown
    } else {
        Verdict::Note
    };
    Some(Step::new(Check::Consistency, verdict, lines, history_read))
}

/// `in the results` or `not in the results: key condition: …`, from the first step that
/// decides.
#[must_use]
pub fn summary(steps: &[Step]) -> String {
    if let Some(step) = steps.iter().find(|step| step.verdict == Verdict::Excludes) {
        let failing = step
            .lines
            .iter()
            .position(|line| line.starts_with('✗'))
            .unwrap_or(0);
        let mut reason = step
            .lines
            .get(failing)
            .map_or("", |line| line.trim_start_matches(['✗', ' ']))
            .to_owned();
        // A failing filter clause is followed by the item's values, indented under it.
        if let Some(detail) = step
            .lines
            .get(failing + 1)
            .filter(|line| line.starts_with("  "))
        {
            reason = format!("{reason} ({})", detail.trim());
        }
        return format!("not in the results: {}: {reason}", step.check.name());
    }
    if let Some(step) = steps.iter().find(|step| step.verdict == Verdict::NotKnown) {
        return format!(
            "not known: {}: {}",
            step.check.name(),
            step.lines.first().map_or("", String::as_str)
        );
    }
    "in the results".to_owned()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn reading(position: Position, max_items: Option<u64>) -> Reading {
        Reading {
            position,
            max_items,
            limit: None,
            request: "Query".to_owned(),
        }
    }

    #[test]
    fn an_item_beyond_what_is_read_is_excluded_by_paging() {
        let step = paging_step(&reading(
            Position::Found {
                page: 3,
                row: 2,
                overall: 1_202,
            },
            Some(100),
        ));
        assert_eq!(step.verdict, Verdict::Excludes);
        assert_eq!(
            step.lines[0],
            "it is result 1,202 (page 3, row 2), but only the first 100 results are read: it is beyond them"
        );
    }

    #[test]
    fn a_read_cut_short_never_claims_the_item_is_absent() {
        let step = paging_step(&reading(
            Position::NotFound {
                pages: 2,
                items: 40,
                complete: false,
            },
            None,
        ));
        assert_eq!(step.verdict, Verdict::NotKnown);
        assert!(step.lines[0].contains("not known"), "{}", step.lines[0]);
        assert!(summary(&[step]).starts_with("not known: paging"));
    }

    #[test]
    fn the_summary_names_the_first_excluding_step_and_its_failing_part() {
        let steps = vec![
            Step::new(
                Check::Item,
                Verdict::Passes,
                vec!["x".to_owned()],
                "GetItem",
            ),
            Step::new(
                Check::KeyCondition,
                Verdict::Excludes,
                vec!["✓ PK = 1".to_owned(), "✗ SK = 2: no".to_owned()],
                "GetItem",
            ),
        ];
        assert_eq!(
            summary(&steps),
            "not in the results: key condition: SK = 2: no"
        );
    }

    #[test]
    fn a_match_the_query_did_not_return_points_at_the_global_index() {
        let step = consistency_step(
            true,
            Position::NotFound {
                pages: 1,
                items: 3,
                complete: true,
            },
            Some("GSI1"),
            Some("the journal recorded an UpdateItem 2 s ago".to_owned()),
            "the journal",
        )
        .expect("a disagreement is explained");
        assert_eq!(step.verdict, Verdict::NotKnown);
        assert!(
            step.lines[1].contains("GSI1 is a global index"),
            "{:?}",
            step.lines
        );
    }
}
