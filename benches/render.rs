//! One frame with a million discovered items (target < 5 ms: only visible rows are built), and
//! one scan page applied plus a frame while discovery streams (target: key press → frame < 16 ms).
//! The stream view's frame over 10,000 held records under a filter, beside one pass of the filter
//! over all of them: what every frame paid before the kept records were a list of their own.

use std::hint::black_box;

use criterion::{Criterion, criterion_group, criterion_main};
use ddbx::app::action::Action;
use ddbx::app::command::Command;
use ddbx::app::read::{ReadAnswer, ReadFor, ReadJob};
use ddbx::app::state::stream::{StreamEntry, StreamView};
use ddbx::app::state::{Settings, State, View};
use ddbx::app::update::{start, update};
use ddbx::backend::{ChangeKind, ChangeRecord, Connection, Page};
use ddbx::domain::change_filter::ChangeFilter;
use ddbx::domain::schema::{KeyAttribute, KeySchema, TableDescription};
use ddbx::domain::stream_start::StreamStart;
use ddbx::domain::value::{AttrValue, Item, ValueType};
use ddbx::keymap::Keymap;
use ratatui::Terminal;
use ratatui::backend::TestBackend;

const PREFIXES: [&str; 5] = ["USER", "ORDER", "STORE", "GROUP", "ACCOUNT"];

fn item(n: usize) -> Item {
    let prefix = PREFIXES[n % PREFIXES.len()];
    // 10 items per partition: 100,000 partitions for a million items.
    let partition = n / 10;
    let mut item = Item::new();
    item.insert(
        "PK".to_owned(),
        AttrValue::s(format!("{prefix}#id_{partition:07}")),
    );
    let sk = if n.is_multiple_of(10) {
        "METADATA".to_owned()
    } else {
        format!("ORDER#2026-07-{:02}#o{n}", n % 28 + 1)
    };
    item.insert("SK".to_owned(), AttrValue::s(sk));
    item
}

fn description() -> TableDescription {
    let mut description = TableDescription::new(
        "Bench",
        KeySchema::new(
            KeyAttribute::new("PK", ValueType::S),
            Some(KeyAttribute::new("SK", ValueType::S)),
        ),
    );
    description.item_count = Some(2_000_000);
    description
}

/// A state whose discovery scan is running and has found `items` items.
fn streaming_state(items: usize) -> (State, Vec<Command>) {
    let mut state = State::new(
        "Bench",
        Connection::default(),
        Keymap::defaults(),
        Settings::default(),
    );
    let commands = start(&mut state);
    let Some(Command::Read(ReadJob { id, .. })) = commands.first().cloned() else {
        panic!("describe first");
    };
    let mut next = update(
        &mut state,
        Action::ReadDone {
            id,
            owner: ReadFor::Description,
            result: Ok(ReadAnswer::Described(Box::new(description()))),
        },
    );
    let mut n = 0;
    while n < items {
        let Some(Command::Read(ReadJob { id, .. })) = next.first().cloned() else {
            panic!("the scan continues");
        };
        let page_items: Vec<Item> = (n..(n + 1000).min(items)).map(item).collect();
        n += page_items.len();
        let key = page_items.last().cloned();
        next = update(
            &mut state,
            Action::ReadDone {
                id,
                owner: ReadFor::Discovery,
                result: Ok(ReadAnswer::Page(Page {
                    count: 1000,
                    scanned_count: 1000,
                    items: page_items,
                    last_evaluated_key: key,
                    consumed: None,
                })),
            },
        );
    }
    (state, next)
}

fn draw(terminal: &mut Terminal<TestBackend>, state: &State) {
    terminal
        .draw(|frame| ddbx::ui::render(frame, black_box(state)))
        .expect("draw");
}

fn render(c: &mut Criterion) {
    let (mut state, pending) = streaming_state(1_000_000);
    let mut terminal = Terminal::new(TestBackend::new(120, 40)).expect("terminal");
    c.bench_function("frame_prefixes_1m_items", |b| {
        b.iter(|| draw(&mut terminal, &state))
    });
    state.views.open(View::Partitions {
        prefix: Some("USER".to_owned()),
        cursor: 0,
    });
    c.bench_function("frame_partitions_top_1m_items", |b| {
        b.iter(|| draw(&mut terminal, &state))
    });
    state.views.open(View::Partitions {
        prefix: Some("USER".to_owned()),
        cursor: 19_999,
    });
    c.bench_function("frame_partitions_bottom_1m_items", |b| {
        b.iter(|| draw(&mut terminal, &state))
    });
    state.views.back();
    state.views.back();
    let Some(Command::Read(ReadJob { id, .. })) = pending.first().cloned() else {
        panic!("the scan continues");
    };
    let page: Vec<Item> = (1_000_000..1_001_000).map(item).collect();
    c.bench_function("scan_page_of_1000_then_key_then_frame_at_1m", |b| {
        b.iter_batched(
            || state.clone(),
            |mut state| {
                update(
                    &mut state,
                    Action::ReadDone {
                        id,
                        owner: ReadFor::Discovery,
                        result: Ok(ReadAnswer::Page(Page {
                            count: 1000,
                            scanned_count: 1000,
                            items: page.clone(),
                            last_evaluated_key: None,
                            consumed: None,
                        })),
                    },
                );
                update(&mut state, Action::CursorDown);
                draw(&mut terminal, &state);
                // Returned so that dropping a million-item state is not timed.
                state
            },
            criterion::BatchSize::LargeInput,
        );
    });
}

fn stream_entry(n: usize) -> StreamEntry {
    let image = item(n);
    let kind = [ChangeKind::Insert, ChangeKind::Modify, ChangeKind::Remove][n % 3];
    StreamEntry {
        record: ChangeRecord {
            kind,
            sequence: format!("{n:021}"),
            created_at: Some(1_764_806_400),
            keys: image.clone(),
            old_image: Some(image.clone()),
            new_image: Some(image),
        },
        entity: Some(PREFIXES[n % PREFIXES.len()].to_owned()),
    }
}

fn stream_view(c: &mut Criterion) {
    const HELD: usize = 10_000;
    let (mut state, _) = streaming_state(0);
    let filter = ChangeFilter {
        prefix: Some("USER#".to_owned()),
        ..ChangeFilter::default()
    };
    let mut view = StreamView::new("arn:stream".to_owned(), StreamStart::Latest, HELD);
    view.buffer.set_filter(filter.clone(), &description().key);
    for n in 0..HELD {
        view.buffer.push(stream_entry(n));
    }
    state.stream = Some(view);
    state.views.open(View::Stream { cursor: 0 });
    let mut terminal = Terminal::new(TestBackend::new(120, 40)).expect("terminal");
    c.bench_function("stream_frame_10k_records_filtered", |b| {
        b.iter(|| draw(&mut terminal, &state))
    });
    c.bench_function("stream_record_arrives_then_frame_10k", |b| {
        let mut n = HELD;
        b.iter(|| {
            if let Some(view) = &mut state.stream {
                view.buffer.push(stream_entry(n));
            }
            n += 1;
            draw(&mut terminal, &state);
        })
    });
    let key = description().key;
    let held: Vec<StreamEntry> = (0..HELD).map(stream_entry).collect();
    c.bench_function("stream_filter_pass_over_10k_records", |b| {
        b.iter(|| {
            held.iter()
                .filter(|entry| {
                    filter.keeps(&entry.record, entry.entity.as_deref(), black_box(&key))
                })
                .count()
        })
    });
}

criterion_group!(benches, render, stream_view);
criterion_main!(benches);
