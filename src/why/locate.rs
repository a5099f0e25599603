//! Runs the query (every page, its Limit and order) to find where the item falls in the
//! results. The projection is left out, so every returned item carries its table key, which is
//! how the item is recognised; the step's "relied on" says so.

use super::request::WhyRequest;
use crate::backend::{Backend, BackendError};
use crate::domain::figures::counted;
use crate::domain::why::{Position, Reading, without_projection};

pub async fn locate(backend: &dyn Backend, why: &WhyRequest) -> Result<Reading, BackendError> {
    let mut request = without_projection(&why.query);
    request.start_key = None;
    let mut pages = 0_u64;
    let mut items = 0_u64;
    let position = loop {
        let page = backend.query(request.clone()).await?;
        pages += 1;
        let row = page
            .items
            .iter()
            .position(|item| why.table.primary_key_of(item).as_ref() == Some(&why.key));
        if let Some(row) = row {
            let row = row as u64 + 1;
            break Position::Found {
                page: pages,
                row,
                overall: items + row,
            };
        }
        items += page.items.len() as u64;
        match page.last_evaluated_key {
            Some(start) if pages < why.max_pages => request.start_key = Some(start),
            last => {
                break Position::NotFound {
                    pages,
                    items,
                    complete: last.is_none(),
                };
            }
        }
    };
    Ok(Reading {
        position,
        max_items: why.max_items,
        limit: why.query.limit,
        request: relied_on(why, pages),
    })
}

fn relied_on(why: &WhyRequest, pages: u64) -> String {
    let target = why
        .query
        .index
        .as_ref()
        .map_or_else(String::new, |index| format!(" of {index}"));
    let order = if why.query.forward {
        ""
    } else {
        ", descending"
    };
    format!(
        "the query{target}{order}, without a ProjectionExpression ({} read)",
        counted(pages, "page", "pages")
    )
}
