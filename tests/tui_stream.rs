//! The stream view on the embedded engine's stream: it follows writes made while it runs,
//! newest first, decoded into entities; filters by key, prefix, entity and event; pauses (no
//! reads while paused); opens a record as its old → new diff; and a burst larger than its buffer
//! keeps the newest records and says how many it dropped; `s` starts it again from now, the
//! oldest record or a time. Snapshots of both screens.

mod tui_support;

use std::time::Duration;

use ddbx::app::action::{Action, Clock};
use ddbx::app::read::{Read, ReadFor};
use ddbx::app::state::stream::rows::{DiffMark, diff_rows, visible};
use ddbx::app::state::{Mode, Overlay, PromptKind, Settings, View, ViewMode};
use ddbx::backend::{
    ChangeKind, Condition, DeleteRequest, ExpressionParams, IteratorStart, PutRequest, ReturnValues,
};
use ddbx::domain::civil::UtcInstant;
use ddbx::domain::stream_start::{StreamStart, readable};
use ddbx::domain::value::{AttrValue, Item};
use tui_support::screen::screen;
use tui_support::stream::{start_from, unix_now, wait_in_real_time};
use tui_support::{Harness, NOW, started_demo};

fn item(pairs: &[(&str, &str)]) -> Item {
    pairs
        .iter()
        .map(|(name, value)| ((*name).to_owned(), AttrValue::s(*value)))
        .collect()
}

async fn put(harness: &Harness, item: Item) {
    let request = PutRequest {
        table: ddbx::demo::TABLE_NAME.to_owned(),
        item,
        condition: Condition::new("attribute_not_exists(#missing)"),
        params: ExpressionParams {
            names: [("#missing".to_owned(), "noSuchAttribute".to_owned())].into(),
            values: std::collections::BTreeMap::new(),
        },
        return_values: ReturnValues::None,
    };
    harness.backend.put_item(request).await.expect("put");
}

async fn delete(harness: &Harness, pk: &str, sk: &str) {
    let request = DeleteRequest {
        table: ddbx::demo::TABLE_NAME.to_owned(),
        key: item(&[("PK", pk), ("SK", sk)]),
        condition: Condition::new("attribute_exists(PK)"),
        params: ExpressionParams::default(),
        return_values: ReturnValues::None,
    };
    harness.backend.delete_item(request).await.expect("delete");
}

/// Lets `seconds` pass on the app's clock (one tick every 250 ms), running what each tick asks.
async fn wait(harness: &mut Harness, seconds: f64) {
    let ticks = (seconds * 4.0).ceil() as u32;
    for _ in 0..ticks {
        let uptime = harness.state.clock.uptime + Duration::from_millis(250);
        harness
            .act(Action::Tick(Clock {
                uptime,
                unix_seconds: NOW,
            }))
            .await;
    }
}

async fn following_demo() -> Harness {
    let mut harness = started_demo(40, Settings::default()).await;
    harness.act(Action::ShowStream).await;
    assert!(
        matches!(harness.state.mode(), Mode::View(ViewMode::Stream)),
        "{:?}",
        harness.state.mode()
    );
    wait(&mut harness, 1.0).await;
    harness
}

fn kinds(harness: &Harness) -> Vec<ChangeKind> {
    visible(&harness.state)
        .iter()
        .map(|entry| entry.record.kind)
        .collect()
}

#[tokio::test]
async fn writes_made_while_it_runs_show_newest_first_with_their_entity() {
    let mut harness = following_demo().await;
    assert!(kinds(&harness).is_empty(), "LATEST: nothing from before");
    put(
        &harness,
        item(&[("PK", "USER#zz"), ("SK", "PROFILE"), ("name", "Ada")]),
    )
    .await;
    put(
        &harness,
        item(&[("PK", "USER#zz"), ("SK", "PROFILE"), ("name", "Grace")]),
    )
    .await;
    delete(&harness, "USER#zz", "PROFILE").await;
    wait(&mut harness, 1.0).await;
    assert_eq!(
        kinds(&harness),
        [ChangeKind::Remove, ChangeKind::Modify, ChangeKind::Insert]
    );
    let newest = visible(&harness.state)[0];
    assert!(newest.entity.is_some(), "decoded: {newest:?}");
    let reads: Vec<&Read> = harness.reads_for(ReadFor::Stream);
    assert!(
        reads
            .iter()
            .any(|read| matches!(read, Read::DescribeStream { .. }))
    );
    assert!(
        reads
            .iter()
            .any(|read| matches!(read, Read::ShardIterator(_)))
    );

    // The MODIFY opens as the diff of `name`, old → new.
    harness.act(Action::CursorDown).await;
    harness.act(Action::Open).await;
    let View::StreamRecord { entry, .. } = harness.state.views.current() else {
        panic!("a record opens: {:?}", harness.state.views.current());
    };
    let rows = diff_rows(entry);
    let name = rows
        .iter()
        .find(|row| row.name == "name")
        .expect("name row");
    assert_eq!(name.mark, DiffMark::Changed);
    assert_eq!(
        (name.old.as_deref(), name.new.as_deref()),
        (Some("Ada"), Some("Grace"))
    );
    let text = screen(&harness.state, 100, 24);
    assert!(text.contains("Ada → Grace"), "{text}");
    assert!(
        text.contains("who: unknown (streams carry no principal)"),
        "{text}"
    );
}

#[tokio::test]
async fn the_filter_keeps_records_by_key_prefix_entity_and_event() {
    let mut harness = following_demo().await;
    put(&harness, item(&[("PK", "USER#f1"), ("SK", "PROFILE")])).await;
    put(&harness, item(&[("PK", "USER#f1"), ("SK", "ORDER#1")])).await;
    put(&harness, item(&[("PK", "GROUP#f2"), ("SK", "META")])).await;
    delete(&harness, "USER#f1", "ORDER#1").await;
    wait(&mut harness, 1.0).await;
    assert_eq!(kinds(&harness).len(), 4);
    let filter = |harness: &mut Harness, text: &str| {
        harness.act_only(Action::FilterStream);
        let Some(Overlay::Prompt(prompt)) = &harness.state.overlay else {
            panic!("the filter prompt opens");
        };
        assert_eq!(prompt.kind, PromptKind::StreamFilter);
        harness.act_only(Action::LineStart);
        harness.act_only(Action::DeleteToEnd);
        for ch in text.chars() {
            harness.act_only(Action::Input(ch));
        }
        harness.act_only(Action::Submit);
    };
    filter(&mut harness, "pk=USER#f1 prefix=ORDER#");
    assert_eq!(kinds(&harness), [ChangeKind::Remove, ChangeKind::Insert]);
    filter(&mut harness, "pk=USER#f1 prefix=ORDER# event=INSERT");
    assert_eq!(kinds(&harness), [ChangeKind::Insert]);
    filter(&mut harness, "prefix=GROUP#");
    assert_eq!(kinds(&harness), [ChangeKind::Insert]);
    filter(&mut harness, "event=bogus");
    assert!(
        format!("{:?}", harness.state.notice).contains("bogus"),
        "the wrong part is named: {:?}",
        harness.state.notice
    );
    let text = screen(&harness.state, 100, 24);
    assert!(
        text.contains("filter: prefix=GROUP#"),
        "the filter stays as it was: {text}"
    );
    filter(&mut harness, "");
    assert_eq!(kinds(&harness).len(), 4);
}

#[tokio::test]
async fn a_paused_view_reads_nothing_until_resumed() {
    let mut harness = following_demo().await;
    harness.act(Action::TogglePauseScan).await;
    let before = harness.reads_for(ReadFor::Stream).len();
    put(&harness, item(&[("PK", "USER#p"), ("SK", "PROFILE")])).await;
    wait(&mut harness, 2.0).await;
    assert_eq!(harness.reads_for(ReadFor::Stream).len(), before);
    assert!(kinds(&harness).is_empty());
    assert!(screen(&harness.state, 100, 24).contains("PAUSED"));
    harness.act(Action::TogglePauseScan).await;
    wait(&mut harness, 1.0).await;
    assert_eq!(kinds(&harness), [ChangeKind::Insert]);
}

#[tokio::test]
async fn a_burst_beyond_the_buffer_keeps_the_newest_and_says_how_many_were_dropped() {
    let mut harness = following_demo().await;
    const BURST: usize = 12_500;
    for n in 0..BURST {
        put(
            &harness,
            item(&[("PK", &format!("USER#b{n:05}")), ("SK", "PROFILE")]),
        )
        .await;
    }
    let started = std::time::Instant::now();
    wait(&mut harness, 10.0).await;
    let view = harness.state.stream.as_ref().expect("following");
    assert_eq!(view.buffer.received, BURST as u64);
    assert_eq!(view.buffer.len(), view.buffer.capacity());
    assert_eq!(view.buffer.dropped, (BURST - view.buffer.capacity()) as u64);
    let newest = visible(&harness.state)[0];
    assert_eq!(
        newest.record.keys.get("PK"),
        Some(&AttrValue::s(format!("USER#b{:05}", BURST - 1)))
    );
    let drawn = std::time::Instant::now();
    let text = screen(&harness.state, 100, 24);
    let draw_time = drawn.elapsed();
    assert!(text.contains("2500 oldest dropped"), "{text}");
    assert!(
        draw_time < Duration::from_millis(500),
        "one frame over a full buffer took {draw_time:?}"
    );
    eprintln!(
        "stream view: {BURST} records taken in {:?}; one frame drawn in {draw_time:?}",
        started.elapsed()
    );
}

#[tokio::test]
async fn snapshots_of_the_list_and_a_record() {
    let mut harness = following_demo().await;
    put(
        &harness,
        item(&[("PK", "USER#s1"), ("SK", "PROFILE"), ("name", "Ada")]),
    )
    .await;
    put(
        &harness,
        item(&[
            ("PK", "USER#s1"),
            ("SK", "PROFILE"),
            ("name", "Grace"),
            ("tier", "gold"),
        ]),
    )
    .await;
    wait(&mut harness, 1.0).await;
    // Creation times are the wall clock's: fixed here so the snapshot holds still.
    let view = harness.state.stream.as_mut().expect("following");
    let fixed: Vec<_> = view.buffer.visible_mut().collect();
    for entry in fixed {
        entry.record.created_at = Some(NOW + 3723);
        entry.record.sequence = "000000000000000000042".to_owned();
    }
    insta::assert_snapshot!("stream_list_80x24", screen(&harness.state, 80, 24));
    harness.act(Action::Open).await;
    insta::assert_snapshot!("stream_record_80x24", screen(&harness.state, 80, 24));
}

/// The real binary in a pseudo-terminal: the demo's stream view opens with a key, an item
/// deleted in the same session shows there as a REMOVE, and it opens as its diff.
#[test]
fn in_a_terminal_a_write_made_in_the_demo_shows_in_its_stream_view() {
    use tui_support::pty::PtySession;
    let mut session = PtySession::spawn(&["--demo"], &[]);
    session.wait_until("discovery to complete", |screen| {
        screen.contains("complete ")
    });
    session.send("L");
    // The view says it follows only once DescribeStream has answered, a moment after it opens.
    session.wait_until("the stream view following its shard", |screen| {
        screen.contains("no changes yet") && screen.contains("following · 1 shard open")
    });
    session.send("q");
    session.wait_until("the collections again", |screen| {
        !screen.contains("Stream ·")
    });
    session.send("\r");
    session.wait_until("the partitions", |screen| {
        !screen.contains("no changes yet")
    });
    session.send("\r");
    session.wait_until("a partition's items", |screen| screen.contains('▾'));
    session.send("j");
    session.send("d");
    session.wait_for("Preview");
    session.send("y");
    session.wait_until("the delete to land", |screen| !screen.contains("Preview"));
    session.send("L");
    session.wait_until("the delete as a REMOVE record", |screen| {
        screen.contains("REMOVE") && screen.contains("1 received")
    });
    session.send("\r");
    let record = session.wait_for("who: unknown (streams carry no principal)");
    assert!(record.contains("REMOVE · sequence"), "{record}");
    session.send("q");
    session.send("q");
    session.send("q");
    session.send("q");
    session.send("q");
}

/// Resident memory of this process in bytes (Linux), to measure a full buffer.
fn resident_bytes() -> Option<u64> {
    let statm = std::fs::read_to_string("/proc/self/statm").ok()?;
    let pages: u64 = statm.split_whitespace().nth(1)?.parse().ok()?;
    Some(pages * 4096)
}

/// Memory of a 100,000-record buffer of demo-sized MODIFY records with both images: measured
/// as the growth of resident memory while it fills, and bounded so a regression shows.
#[test]
fn a_buffer_of_100k_records_stays_within_its_memory_budget() {
    use ddbx::app::state::stream::{StreamBuffer, StreamEntry};
    use ddbx::backend::ChangeRecord;
    let (_, items) = ddbx::demo::generate(1, 200);
    let before = resident_bytes();
    let mut buffer = StreamBuffer::new(100_000);
    for n in 0..100_000_usize {
        let image = items[n % items.len()].clone();
        let keys: Item = image
            .iter()
            .filter(|(name, _)| *name == "PK" || *name == "SK")
            .map(|(name, value)| (name.clone(), value.clone()))
            .collect();
        buffer.push(StreamEntry {
            record: ChangeRecord {
                kind: ChangeKind::Modify,
                sequence: format!("{n:021}"),
                created_at: Some(NOW),
                keys,
                old_image: Some(image.clone()),
                new_image: Some(image),
            },
            entity: Some("Order".to_owned()),
        });
    }
    assert_eq!(buffer.len(), 100_000);
    if let (Some(before), Some(after)) = (before, resident_bytes()) {
        let grown = after.saturating_sub(before);
        eprintln!(
            "stream buffer: 100000 records take {:.1} MiB ({} bytes a record)",
            grown as f64 / f64::from(1 << 20),
            grown / 100_000
        );
        assert!(grown < 1 << 30, "100k records took {grown} bytes");
    }
}

#[tokio::test]
async fn t_reads_the_stream_again_from_its_oldest_record() {
    let mut harness = started_demo(40, Settings::default()).await;
    put(
        &harness,
        item(&[("PK", "USER#early"), ("SK", "PROFILE"), ("name", "Ada")]),
    )
    .await;
    harness.act(Action::ShowStream).await;
    wait(&mut harness, 1.0).await;
    assert!(kinds(&harness).is_empty(), "LATEST: nothing from before");
    put(
        &harness,
        item(&[("PK", "USER#late"), ("SK", "PROFILE"), ("name", "Grace")]),
    )
    .await;
    wait(&mut harness, 1.0).await;
    assert_eq!(kinds(&harness), [ChangeKind::Insert]);

    harness.act(Action::StreamFromOldest).await;
    wait(&mut harness, 1.0).await;
    let partitions: Vec<String> = visible(&harness.state)
        .iter()
        .map(|entry| format!("{:?}", entry.record.keys.get("PK")))
        .collect();
    let early = partitions
        .iter()
        .filter(|pk| pk.contains("USER#early"))
        .count();
    let late = partitions
        .iter()
        .filter(|pk| pk.contains("USER#late"))
        .count();
    assert_eq!(
        (early, late),
        (1, 1),
        "each write once, the earlier one too: {partitions:?}"
    );
    let starts: Vec<&Read> = harness.reads_for(ReadFor::Stream);
    assert!(
        starts.iter().any(|read| matches!(
            read,
            Read::ShardIterator(request) if request.start == IteratorStart::TrimHorizon
        )),
        "{starts:?}"
    );
    let text = screen(&harness.state, 100, 30);
    assert!(text.contains("oldest record"), "{text}");
}

fn partitions(harness: &Harness) -> Vec<String> {
    visible(&harness.state)
        .iter()
        .filter_map(|entry| match entry.record.keys.get("PK") {
            Some(AttrValue::S(pk)) => Some(pk.clone()),
            _ => None,
        })
        .collect()
}

fn started_at(harness: &Harness) -> StreamStart {
    harness
        .state
        .stream
        .as_ref()
        .expect("following")
        .follow
        .since
}

#[tokio::test]
async fn s_starts_the_view_again_from_latest_the_oldest_record_or_a_time() {
    let mut harness = started_demo(40, Settings::default()).await;
    put(&harness, item(&[("PK", "USER#early"), ("SK", "PROFILE")])).await;
    // The cut is the next second of the wall clock: the earlier write is before it, the later
    // one in it or after.
    let early = unix_now();
    while unix_now() <= early {
        std::thread::sleep(Duration::from_millis(20));
    }
    let cut = unix_now();
    put(&harness, item(&[("PK", "USER#late"), ("SK", "PROFILE")])).await;
    harness.act(Action::ShowStream).await;
    wait_in_real_time(&mut harness, 1.0).await;
    assert!(kinds(&harness).is_empty(), "LATEST: nothing from before");
    assert!(screen(&harness.state, 100, 24).contains("│from now · no filter"));

    // A time: every shard from its oldest record, what came before the time skipped.
    let cut_text = UtcInstant::from_seconds(cut).to_string();
    start_from(&mut harness, &cut_text).await;
    wait_in_real_time(&mut harness, 1.0).await;
    assert_eq!(partitions(&harness), ["USER#late"]);
    assert_eq!(
        started_at(&harness),
        StreamStart::At(UtcInstant::from_seconds(cut))
    );
    let reads: Vec<&Read> = harness.reads_for(ReadFor::Stream);
    assert!(reads.iter().any(|read| matches!(
        read,
        Read::ShardIterator(request) if request.start == IteratorStart::TrimHorizon
    )));
    let header = format!(
        "from {} · no filter",
        readable(UtcInstant::from_seconds(cut))
    );
    let text = screen(&harness.state, 100, 24);
    assert!(text.contains(&header), "{header}: {text}");

    // A duration back from the app's clock: both writes, once each (the records held let go).
    let typed_at = harness.state.clock.unix_seconds;
    start_from(&mut harness, "10m").await;
    wait_in_real_time(&mut harness, 1.0).await;
    let mut seen = partitions(&harness);
    seen.retain(|pk| pk == "USER#early" || pk == "USER#late");
    assert_eq!(seen, ["USER#late", "USER#early"], "newest first, each once");
    assert_eq!(
        started_at(&harness),
        StreamStart::At(UtcInstant::from_seconds(typed_at - 600))
    );

    // By name: the oldest record, then now (which lets the records held go).
    start_from(&mut harness, "oldest").await;
    assert_eq!(started_at(&harness), StreamStart::TrimHorizon);
    assert!(screen(&harness.state, 100, 24).contains("from the oldest record · no filter"));
    start_from(&mut harness, "latest").await;
    wait_in_real_time(&mut harness, 1.0).await;
    assert_eq!(started_at(&harness), StreamStart::Latest);
    assert!(
        kinds(&harness).is_empty(),
        "from now: {:?}",
        partitions(&harness)
    );
}

#[tokio::test]
async fn a_start_that_cannot_be_used_is_refused_with_the_prompt_left_open() {
    let mut harness = following_demo().await;
    let clock = Clock {
        uptime: harness.state.clock.uptime,
        unix_seconds: unix_now(),
    };
    harness.act(Action::Tick(clock)).await;
    let before = harness.state.stream.clone();
    let tomorrow = UtcInstant::from_seconds(unix_now() + 86_400).to_string();
    for (typed, said) in [("yesterday", "15m"), (tomorrow.as_str(), "in the future")] {
        let sent = harness.reads_for(ReadFor::Stream).len();
        start_from(&mut harness, typed).await;
        let Some(Overlay::Prompt(prompt)) = &harness.state.overlay else {
            panic!("the prompt stays open: {:?}", harness.state.overlay);
        };
        assert_eq!(
            (prompt.kind, prompt.text.text()),
            (PromptKind::StreamStart, typed)
        );
        let notice = format!("{:?}", harness.state.notice);
        assert!(notice.contains(said), "{typed}: {notice}");
        assert_eq!(harness.state.stream, before, "{typed}: nothing changes");
        assert_eq!(
            harness.reads_for(ReadFor::Stream).len(),
            sent,
            "nothing sent"
        );
        harness.act(Action::Back).await;
    }

    // Two days back is more than the stream holds: read from its oldest record, and said so.
    start_from(&mut harness, "2d").await;
    let notice = format!("{:?}", harness.state.notice);
    assert!(
        notice.contains("the stream holds 24 hours; reading from its oldest record"),
        "{notice}"
    );
    assert!(matches!(started_at(&harness), StreamStart::At(_)));
}

/// An endpoint whose table description says a stream is enabled but names none to read (an
/// endpoint that does not serve DynamoDB Streams): `L` says the endpoint does not serve Streams,
/// instead of asking for a stream the description shows as enabled, and reads nothing.
#[tokio::test]
async fn a_stream_enabled_but_not_served_is_said_to_be_the_endpoints() {
    let mut harness = started_demo(10, Settings::default()).await;
    if let ddbx::app::state::Loadable::Loaded(description) = &mut harness.state.table.description
        && let Some(stream) = description.stream.as_mut()
    {
        assert!(stream.enabled, "the demo's table has a stream");
        stream.latest_arn = None;
    } else {
        panic!("the demo's table is described with a stream");
    }
    harness.act(Action::ShowStream).await;
    assert!(harness.state.stream.is_none(), "nothing is followed");
    let Some(ddbx::app::state::Notice::Error(said)) = &harness.state.notice else {
        panic!("a notice: {:?}", harness.state.notice);
    };
    assert!(
        said.contains("this endpoint does not serve DynamoDB Streams"),
        "{said}"
    );
    assert!(!said.contains("enable one"), "{said}");
}

/// Left for another screen, the stream view's follower reads on (the spinner turns for it): the
/// status line says so and which key shows it, and says nothing once the stream view is back.
#[tokio::test]
async fn a_stream_followed_behind_another_screen_is_said_in_the_status_line() {
    let mut harness = following_demo().await;
    let on_stream = screen(&harness.state, 100, 24);
    assert!(!on_stream.contains("[stream followed"), "{on_stream}");
    harness.act(Action::ShowOverview).await;
    let elsewhere = screen(&harness.state, 100, 24);
    assert!(
        elsewhere.contains("[stream followed: L shows it]"),
        "{elsewhere}"
    );
    harness.act(Action::ShowStream).await;
    assert!(!screen(&harness.state, 100, 24).contains("[stream followed"));
}
