//! One bulk run split across workers (`--segments N --slice i/k`), each worker a process with
//! its own journal as on separate machines: four slices of one `bulk --add` adjust every item
//! exactly once, even when one slice is killed with SIGKILL mid-run and resumed; each slice is
//! journaled as its own run naming the slice. Four `export --slice` parts concatenated are the
//! whole export, losslessly. Bad slices are refused with exit 2 before anything is sent.

use std::collections::{BTreeMap, BTreeSet};
use std::path::PathBuf;
use std::process::{Child, Command, Stdio};
use std::time::{Duration, Instant};

use ddbx::domain::value::Item;
use ddbx::journal::{BatchOutcome, Journal};

use crate::common::{Fixture, count, key_text, number, summary, version_of, versioned_items};
use crate::support::Server;
use crate::support::cli::{Run, ddbx_command, run_command};

const ITEMS: usize = 3_000;
const SEGMENTS: &str = "8";
const WORKERS: u32 = 4;
/// The slice that is killed and resumed.
const KILLED: u32 = 2;

/// Worker `slice` of [`WORKERS`]: the bulk command line and its own journal.
struct Worker<'a> {
    fixture: &'a Fixture,
    slice: u32,
}

impl Worker<'_> {
    fn journal(&self) -> PathBuf {
        self.fixture
            .state
            .join(format!("worker-{}.jsonl", self.slice))
    }

    fn command(&self, extra: &[&str]) -> Command {
        let slice = format!("{}/{WORKERS}", self.slice);
        let mut args = vec!["bulk", "--segments", SEGMENTS, "--slice", &slice];
        args.extend(["--add", "hits=1", "--rate", "300"]);
        args.extend(extra);
        let mut command = self.fixture.command(&args);
        command.env("DDBX_JOURNAL", self.journal());
        command
    }

    /// The id of the worker's run, once its header is journaled.
    fn batch_id(&self) -> Option<String> {
        let text = std::fs::read_to_string(self.journal()).ok()?;
        let rest = text.split("\"batch\":\"").nth(1)?;
        rest.split('"').next().map(str::to_owned)
    }

    /// The keys this worker's journal records as written, each with how many times.
    fn written_keys(&self) -> BTreeMap<String, usize> {
        let batch = self.batch_id().expect("the worker journaled its run");
        let log = Journal::open(self.journal())
            .batch_log(&batch)
            .expect("journal");
        let header = log.header.expect("the run's header");
        let words = format!("slice {}/{WORKERS} of {SEGMENTS} segments", self.slice);
        assert!(header.plan.contains(&words), "{}", header.plan);
        let mut written = BTreeMap::new();
        for record in log.records {
            if matches!(record.outcome, Some(BatchOutcome::Written { .. })) {
                *written.entry(key_text(&record.entry.key)).or_default() += 1;
            }
        }
        written
    }
}

/// Every item with a `hits` counter at 0, which the run adds 1 to.
fn counted_items() -> Vec<Item> {
    versioned_items(ITEMS)
        .into_iter()
        .map(|mut item| {
            item.insert("hits".to_owned(), number("0"));
            item
        })
        .collect()
}

/// Kills the worker's process with SIGKILL once its journal holds `answered` outcomes.
fn kill_mid_run(worker: &Worker<'_>, child: &mut Child, answered: usize) -> String {
    let deadline = Instant::now() + Duration::from_secs(120);
    loop {
        assert!(
            child.try_wait().expect("status").is_none(),
            "the slice ended before it was killed"
        );
        assert!(Instant::now() < deadline, "the slice never got going");
        if let Some(batch) = worker.batch_id() {
            let log = Journal::open(worker.journal()).batch_log(&batch);
            let done = log.map_or(0, |log| {
                log.records.iter().filter(|r| r.outcome.is_some()).count()
            });
            if done >= answered {
                child.kill().expect("SIGKILL");
                let status = child.wait().expect("reaped");
                assert_eq!(status.code(), None, "killed by a signal");
                return batch;
            }
        }
        std::thread::sleep(Duration::from_millis(2));
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn four_slices_adjust_every_item_exactly_once_with_one_killed_and_resumed() {
    let Some(fixture) = Fixture::new(Server::DdbLocal, "bulk-slices").await else {
        return;
    };
    fixture.seed(&counted_items()).await;
    let workers: Vec<Worker<'_>> = (1..=WORKERS)
        .map(|slice| Worker {
            fixture: &fixture,
            slice,
        })
        .collect();
    let mut children: Vec<Child> = workers
        .iter()
        .map(|worker| {
            let mut command = worker.command(&[]);
            command.stdout(Stdio::piped()).stderr(Stdio::piped());
            command.spawn().expect("the ddbx binary starts")
        })
        .collect();
    let killed = &workers[KILLED as usize - 1];
    let batch = kill_mid_run(killed, &mut children[KILLED as usize - 1], 100);
    let mut written = 0;
    for (worker, child) in workers.iter().zip(children) {
        if worker.slice == KILLED {
            continue;
        }
        let output = child.wait_with_output().expect("the slice ends");
        let run = Run {
            code: output.status.code(),
            stdout: String::from_utf8(output.stdout).expect("UTF-8"),
            stderr: String::from_utf8(output.stderr).expect("UTF-8"),
        }
        .success();
        let slice_written = count(&summary(&run), "written");
        assert!(slice_written > 0, "slice {} wrote nothing", worker.slice);
        written += slice_written;
    }
    let before = killed.written_keys().len();
    assert!(
        before > 0 && before < ITEMS / 2,
        "killed after {before} writes"
    );

    let resumed = run_command(killed.command(&["--resume", &batch])).success();
    let resumed = summary(&resumed);
    written += count(&resumed, "written");
    assert_eq!(written, ITEMS as u64, "written over all slices: {resumed}");

    for item in fixture.items().await {
        assert_eq!(item.get("hits"), Some(&number("1")), "{item:?}");
        assert_eq!(version_of(&item), "2", "written once: {item:?}");
    }
    let mut all: BTreeMap<String, usize> = BTreeMap::new();
    for worker in &workers {
        for (key, times) in worker.written_keys() {
            assert_eq!(times, 1, "slice {} wrote {key} {times} times", worker.slice);
            *all.entry(key).or_default() += 1;
        }
    }
    assert_eq!(all.len(), ITEMS, "every key journaled as written");
    assert!(all.values().all(|&n| n == 1), "a key written by two slices");
}

fn export(fixture: &Fixture, slice: Option<u32>) -> Vec<String> {
    let slice = slice.map(|i| format!("{i}/{WORKERS}"));
    let mut args = vec!["export", "--format", "ddb", "--segments", SEGMENTS];
    if let Some(slice) = &slice {
        args.extend(["--slice", slice]);
    }
    let run = fixture.ddbx(&args).success();
    run.stdout.lines().map(str::to_owned).collect()
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn four_export_slices_concatenated_are_the_whole_export() {
    let Some(fixture) = Fixture::new(Server::DdbLocal, "export-slices").await else {
        return;
    };
    // Spread over many partitions: a segment holds whole partitions.
    let items: Vec<Item> = crate::files::rich_items_of(400)
        .into_iter()
        .enumerate()
        .map(|(i, mut item)| {
            let pk = ddbx::domain::value::AttrValue::s(format!("USER#{}", i % 97));
            item.insert("PK".to_owned(), pk);
            item
        })
        .collect();
    fixture.seed(&items).await;
    let mut whole = export(&fixture, None);
    assert_eq!(whole.len(), items.len());
    let mut parts = Vec::new();
    for slice in 1..=WORKERS {
        let part = export(&fixture, Some(slice));
        assert!(!part.is_empty(), "slice {slice} exported nothing");
        assert!(
            part.len() < items.len(),
            "slice {slice} exported everything"
        );
        parts.extend(part);
    }
    let distinct: BTreeSet<&String> = parts.iter().collect();
    assert_eq!(distinct.len(), parts.len(), "an item in two slices");
    parts.sort();
    whole.sort();
    assert_eq!(parts, whole, "the parts concatenated are the whole export");
    let exported: Vec<Item> = parts
        .iter()
        .map(|line| ddbx::domain::ddb_json::item_from_str(line).expect("DynamoDB JSON"))
        .collect();
    let mut seeded: Vec<String> = items.iter().map(key_text).collect();
    seeded.sort();
    let mut keys: Vec<String> = exported.iter().map(key_text).collect();
    keys.sort();
    assert_eq!(keys, seeded);
    for item in &exported {
        let original = items
            .iter()
            .find(|seeded| key_text(seeded) == key_text(item))
            .expect("a seeded item");
        assert_eq!(item, original, "lossless");
    }
}

/// A loopback URL where nothing listens: a command that tried to connect would fail with exit
/// 1, so exit 2 proves it was refused before anything was sent.
fn closed_endpoint() -> String {
    let listener = std::net::TcpListener::bind("127.0.0.1:0").expect("a free port");
    let port = listener.local_addr().expect("bound").port();
    format!("http://127.0.0.1:{port}")
}

/// `diff` of one slice of four, plus `extra`.
fn diff_slice<'a>(extra: &[&'a str]) -> Vec<&'a str> {
    let mut args = vec![
        "diff",
        "--to-table",
        "OrdersV2",
        "--segments",
        "4",
        "--slice",
        "1/4",
    ];
    args.extend(extra);
    args
}

#[test]
fn bad_slices_are_refused_with_exit_two_before_anything_is_sent() {
    let endpoint = closed_endpoint();
    let cases: Vec<(Vec<&str>, &[&str])> = vec![
        (vec!["bulk", "--slice", "1/4", "--delete"], &["--segments"]),
        (vec!["export", "--slice", "1/2"], &["--segments"]),
        (
            vec!["copy", "--to-table", "OrdersV2", "--slice", "1/2"],
            &["--segments"],
        ),
        (
            vec!["bulk", "--segments", "4", "--slice", "5/4", "--delete"],
            &["between 1 and k", "--slice 1/4"],
        ),
        (
            vec!["export", "--segments", "4", "--slice", "0/4"],
            &["$((INDEX+1))"],
        ),
        (
            vec!["export", "--segments", "4", "--slice", "one/4"],
            &["whole numbers"],
        ),
        (
            vec!["bulk", "--segments", "4", "--slice", "1/8", "--delete"],
            &["--segments 8 or more"],
        ),
        (
            vec!["export", "--segments", "4", "--slice", "1/4", "--pk", "P"],
            &["with --pk the scope is one partition"],
        ),
        (
            vec![
                "diff",
                "--to-table",
                "OrdersV2",
                "--segments",
                "2",
                "--slice",
                "1/4",
            ],
            &["--segments 4 or more"],
        ),
        (
            vec!["diff", "--to-table", "OrdersV2", "--slice", "1/4"],
            &["--segments"],
        ),
        (
            diff_slice(&["--rewrite-prefix", "ORG#=TENANT#"]),
            &["--rewrite-prefix changes the keys", "nothing was read"],
        ),
        (
            diff_slice(&["--from-model", "a.json", "--to-model", "b.json"]),
            &["--from-model/--to-model match items", "nothing was read"],
        ),
        (
            vec![
                "diff",
                "--to-file",
                "x.jsonl",
                "--segments",
                "4",
                "--slice",
                "1/4",
            ],
            &["an export is read by the embedded engine"],
        ),
        (diff_slice(&["--pk", "P"]), &["read by Query"]),
        (diff_slice(&["--to-index", "G"]), &["an index's segments"]),
        (
            diff_slice(&["--sample", "5%"]),
            &["--sample chooses its own segments"],
        ),
    ];
    for (args, needles) in cases {
        let mut command = ddbx_command();
        command.args(["--endpoint-url", &endpoint, "--table", "Orders"]);
        command.args(&args);
        let run = run_command(command);
        assert_eq!(run.code, Some(2), "{args:?}: {}", run.stderr);
        assert_eq!(run.stdout, "", "{args:?}");
        for needle in needles {
            assert!(run.stderr.contains(needle), "{args:?}: {}", run.stderr);
        }
    }
}
