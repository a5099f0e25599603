//! One frame with a million discovered items (target < 5 ms: only visible rows are built), and
//! one scan page applied plus a frame while discovery streams (target: key press → frame < 16 ms).

use std::hint::black_box;

use criterion::{Criterion, criterion_group, criterion_main};
use ddbx::app::action::Action;
use ddbx::app::command::Command;
use ddbx::app::read::{ReadAnswer, ReadFor, ReadJob};
use ddbx::app::state::{Settings, State, View};
use ddbx::app::update::{start, update};
use ddbx::backend::{Connection, Page};
use ddbx::domain::schema::{KeyAttribute, KeySchema, TableDescription};
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
    state.history.open(View::Partitions {
        prefix: Some("USER".to_owned()),
        cursor: 0,
    });
    c.bench_function("frame_partitions_top_1m_items", |b| {
        b.iter(|| draw(&mut terminal, &state))
    });
    state.history.open(View::Partitions {
        prefix: Some("USER".to_owned()),
        cursor: 19_999,
    });
    c.bench_function("frame_partitions_bottom_1m_items", |b| {
        b.iter(|| draw(&mut terminal, &state))
    });
    state.history.back();
    state.history.back();
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

criterion_group!(benches, render);
criterion_main!(benches);
