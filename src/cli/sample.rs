//! A sampled discovery read: the first page of segments in the plan's spread order, a few in
//! flight at a time, until the budget stops it. Shared by `ddbx collections --sample-segments`
//! and the benchmark that samples a generated table.

use std::sync::Arc;
use std::time::{Duration, Instant};

use super::segments::{page_channel, spawn_segment};
use crate::backend::{Backend, BackendError, Page};
use crate::domain::collection::Collections;
use crate::domain::discovery_scan::discovery_scan;
use crate::domain::entity::EntityDecoder;
use crate::domain::sample::pages::SamplePages;
use crate::domain::sample::plan::{PAGES_IN_FLIGHT, SamplePlan, SampleStop};
use crate::domain::schema::TableDescription;

/// How a sample ended.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct SampleRead {
    pub stop: SampleStop,
    pub elapsed: Duration,
    /// Pages still in flight when the time budget ran out, abandoned unread.
    pub abandoned: u64,
}

/// Reads the sample `plan` describes, handing each page to `each`; the first error ends it.
///
/// # Errors
/// The first page that failed.
pub async fn read_sample(
    backend: &Arc<dyn Backend>,
    table: &TableDescription,
    plan: &mut SamplePlan,
    mut each: impl FnMut(&Page, &SamplePlan),
) -> Result<SampleRead, BackendError> {
    let started = Instant::now();
    let deadline = plan
        .budget
        .seconds
        .map(|seconds| started + Duration::from_secs_f64(seconds.max(0.0)));
    let (sender, mut pages) = page_channel(usize::try_from(PAGES_IN_FLIGHT).unwrap_or(1));
    let mut tasks = Vec::new();
    loop {
        while plan.in_flight() < PAGES_IN_FLIGHT {
            let Ok(segment) = plan.next_segment(started.elapsed()) else {
                break;
            };
            let request = discovery_scan(table, segment, plan.total_segments, None);
            tasks.push(spawn_segment(backend, request, Some(1), &sender));
        }
        if plan.in_flight() == 0 {
            break;
        }
        let next = match deadline {
            Some(deadline) => tokio::time::timeout_at(deadline.into(), pages.recv())
                .await
                .ok(),
            None => Some(pages.recv().await),
        };
        let Some(Some(page)) = next else {
            let abandoned = plan.in_flight();
            for task in &tasks {
                task.abort();
            }
            return Ok(SampleRead {
                stop: SampleStop::Seconds,
                elapsed: started.elapsed(),
                abandoned,
            });
        };
        let page = page?;
        let cost = page
            .consumed
            .as_ref()
            .map_or(0.0, |consumed| consumed.total);
        plan.answered(cost, page.last_evaluated_key.is_none());
        each(&page, plan);
    }
    Ok(SampleRead {
        stop: plan
            .stopped_by(started.elapsed())
            .unwrap_or(SampleStop::Segments),
        elapsed: started.elapsed(),
        abandoned: 0,
    })
}

/// A table's sample: its collections, what each page added to them, and how the read ended.
#[derive(Debug)]
pub struct Sampled {
    pub found: Collections,
    pub pages: SamplePages,
    pub read: SampleRead,
}

/// Samples `table` into its collections.
///
/// # Errors
/// The first page that failed.
pub async fn sample_collections(
    backend: &Arc<dyn Backend>,
    table: &TableDescription,
    plan: &mut SamplePlan,
    entities: EntityDecoder,
) -> Result<Sampled, BackendError> {
    let mut found = Collections::new(table.key.clone(), entities);
    let mut pages = SamplePages::default();
    let read = read_sample(backend, table, plan, |page, _| {
        found.add_page(&page.items);
        pages.record(&found, page.last_evaluated_key.is_some());
    })
    .await?;
    Ok(Sampled { found, pages, read })
}
