//! The large-table question's sample answer: the first page of each of 100 segments in the
//! spread order, never a second page, with the rows and the progress line showing estimates.

mod tui_support;

use std::collections::BTreeSet;

use ddbx::app::action::Action;
use ddbx::app::read::{Read, ReadFor};
use ddbx::app::state::{Overlay, ScanStatus, Settings};
use tui_support::screen::screen;
use tui_support::started_demo;

fn asking() -> Settings {
    Settings {
        large_table_bytes: 0,
        ..Settings::default()
    }
}

#[tokio::test]
async fn the_large_table_question_offers_a_sample_with_its_budget() {
    let harness = started_demo(500, asking()).await;
    assert!(matches!(
        harness.state.overlay,
        Some(Overlay::ConfirmScan { .. })
    ));
    let text = screen(&harness.state, 80, 24);
    assert!(text.contains("s: sample"), "{text}");
    assert!(text.contains("segments"), "{text}");
}

#[tokio::test]
async fn a_sample_reads_the_first_page_of_each_segment_once_and_shows_estimates() {
    let mut harness = started_demo(5_000, asking()).await;
    assert_eq!(harness.scans(), 0, "nothing is read before the answer");
    harness.act(Action::SampleScan).await;
    let reads = harness.reads_for(ReadFor::Discovery);
    let mut segments = BTreeSet::new();
    for read in &reads {
        let Read::Scan(request) = read else {
            panic!("discovery reads are scans: {read:?}");
        };
        assert_eq!(request.start_key, None, "only first pages");
        let (segment, total) = request.segment.expect("a segment");
        assert_eq!(total, 100);
        assert!(segments.insert(segment), "segment {segment} read twice");
    }
    assert_eq!(reads.len(), 100);
    let discovery = &harness.state.explore.discovery;
    assert_eq!(discovery.status, ScanStatus::Complete);
    let run = discovery.sample.as_ref().expect("a sample");
    assert_eq!(run.plan.answered, 100);
    let found = discovery.found.as_ref().expect("found");
    for group in found.groups() {
        let (partitions, items) = run.group_figures(group.id).expect("an estimate");
        assert!(
            partitions.starts_with('~') && items.starts_with('~'),
            "{items}"
        );
    }
    let text = screen(&harness.state, 100, 24);
    assert!(text.contains("sampled 100 of 100 segments"), "{text}");
    assert!(text.contains('±'), "{text}");
}

#[tokio::test]
async fn pausing_a_sample_stops_new_pages_and_resuming_reads_only_unread_segments() {
    let mut harness = started_demo(5_000, asking()).await;
    let first = harness.act_only(Action::SampleScan);
    assert_eq!(first.len(), 8, "eight pages in flight: {first:?}");
    harness.act_only(Action::TogglePauseScan);
    harness.run(first).await;
    assert_eq!(harness.scans(), 8, "no page is issued while paused");
    harness.act(Action::TogglePauseScan).await;
    assert_eq!(harness.reads_for(ReadFor::Discovery).len(), 100);
    assert_eq!(harness.state.explore.discovery.status, ScanStatus::Complete);
}
