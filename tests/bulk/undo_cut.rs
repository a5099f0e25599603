//! Undo after a write was cut off in flight, through a fault proxy in front of DynamoDB Local: a
//! bulk run writes every item, then a single-item update loses its connection (the proxy resets
//! it after reading the request, before DynamoDB Local sees it). Undo settles the cut write by
//! reading the item, says it was never applied and stops; asked again, it undoes the whole run —
//! never one item of it — and the dry run shows the plan that then runs.

use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};

use crate::common::{Fixture, count, number, summary, versioned_items};
use crate::support::Server;
use crate::support::fault_proxy::{Fault, FaultProxy, Plan};

const ITEMS: usize = 21;

/// Resets every `UpdateItem` while `cut` is set; passes everything else.
fn cutting_updates(cut: &Arc<AtomicBool>) -> Plan {
    let cut = Arc::clone(cut);
    Arc::new(move |_, target: &str| {
        if cut.load(Ordering::SeqCst) && target.ends_with(".UpdateItem") {
            Fault::Reset
        } else {
            Fault::Pass
        }
    })
}

#[tokio::test]
async fn undo_after_a_cut_off_write_settles_it_then_undoes_the_whole_run() {
    let Some(mut fixture) = Fixture::new(Server::DdbLocal, "undo-cut").await else {
        return;
    };
    fixture.seed(&versioned_items(ITEMS)).await;
    let cut = Arc::new(AtomicBool::new(false));
    let proxy = FaultProxy::start(Some(&fixture.endpoint), cutting_updates(&cut));
    fixture.endpoint = proxy.endpoint();
    let in_run = |items: &[ddbx::domain::value::Item]| {
        items
            .iter()
            .filter(|item| item.get("bulk") == Some(&number("1")))
            .count()
    };

    fixture.ddbx(&["bulk", "--set", "bulk=1"]).success();
    assert_eq!(in_run(&fixture.items().await), ITEMS);

    cut.store(true, Ordering::SeqCst);
    let single = fixture.ddbx(&[
        "update",
        "--pk",
        "ITEM#00003",
        "--sk",
        "A",
        "--set",
        "note=\"x\"",
    ]);
    assert_eq!(
        single.code,
        Some(1),
        "the cut write fails: {}",
        single.stderr
    );
    assert!(
        single.stderr.contains("network error"),
        "a broken connection is reported as such: {}",
        single.stderr
    );
    cut.store(false, Ordering::SeqCst);

    fixture
        .ddbx(&["undo"])
        .refused(1, &["was never applied", "nothing undone"]);
    assert_eq!(
        in_run(&fixture.items().await),
        ITEMS,
        "settling the cut write undid nothing of the run"
    );

    let dry = fixture.ddbx(&["undo", "--dry-run"]).success();
    assert_eq!(
        count(&summary(&dry), "writes"),
        ITEMS as u64,
        "{}",
        dry.stdout
    );
    assert_eq!(
        in_run(&fixture.items().await),
        ITEMS,
        "a dry run writes nothing"
    );

    let undo = fixture.ddbx(&["undo"]).success();
    assert_eq!(
        count(&summary(&undo), "written"),
        ITEMS as u64,
        "{}",
        undo.stdout
    );
    let items = fixture.items().await;
    assert_eq!(in_run(&items), 0, "the whole run is undone");
    assert!(items.iter().all(|item| !item.contains_key("note")));
    drop(proxy);
}
