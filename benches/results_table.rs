//! The results table with 100,000 rows: one frame (target < 5 ms: only the visible window is
//! built), a frame with the cursor deep in a sorted result, and the costs a results view pays
//! when a page arrives (refreshing the columns) or the user sorts. The `compact` variants hold
//! the rows as the results view does, encoded, so a frame decodes its visible rows and a sort
//! decodes the sort column of every row.

use std::hint::black_box;

use criterion::{Criterion, criterion_group, criterion_main};
use ddbx::app::state::grid::columns::Columns;
use ddbx::domain::compact::{CompactItems, ItemRows};
use ddbx::domain::entity::EntityDecoder;
use ddbx::domain::number::Number;
use ddbx::domain::schema::{KeyAttribute, KeySchema, TableDescription};
use ddbx::domain::value::{AttrValue, Item, ValueType};
use ratatui::Terminal;
use ratatui::backend::TestBackend;

const ROWS: usize = 100_000;

fn item(n: usize) -> Item {
    let mut item = Item::new();
    let user = n / 20;
    item.insert("PK".to_owned(), AttrValue::s(format!("USER#usr_{user:06}")));
    if n.is_multiple_of(20) {
        item.insert("SK".to_owned(), AttrValue::s("METADATA"));
        item.insert(
            "name".to_owned(),
            AttrValue::s(format!("User number {user}")),
        );
        item.insert(
            "email".to_owned(),
            AttrValue::s(format!("u{user}@example.com")),
        );
    } else {
        item.insert(
            "SK".to_owned(),
            AttrValue::s(format!("ORDER#2026-07-{:02}#ord_{n}", n % 28 + 1)),
        );
        let total = Number::parse(&format!("{}.{:02}", n % 997, n % 100)).expect("number");
        item.insert("total".to_owned(), AttrValue::N(total));
        item.insert(
            "status".to_owned(),
            AttrValue::s(["PENDING", "SHIPPED"][n % 2]),
        );
        item.insert(
            "GSI1PK".to_owned(),
            AttrValue::s(format!("STORE#{}", n % 50)),
        );
    }
    item
}

fn description() -> TableDescription {
    TableDescription::new(
        "Bench",
        KeySchema::new(
            KeyAttribute::new("PK", ValueType::S),
            Some(KeyAttribute::new("SK", ValueType::S)),
        ),
    )
}

fn draw(
    terminal: &mut Terminal<TestBackend>,
    items: &dyn ItemRows,
    order: &[usize],
    columns: &Columns,
    cursor: usize,
) {
    terminal
        .draw(|frame| {
            let area = frame.area();
            let rows = ddbx::ui::widgets::grid::GridRows {
                items: black_box(items),
                order,
                columns,
            };
            let cursor = ddbx::ui::widgets::grid::Cursor {
                row: cursor,
                column: 3,
            };
            ddbx::ui::widgets::grid::render_marked(
                &ddbx::ui::theme::DARK,
                frame,
                area,
                &rows,
                cursor,
                None,
            );
        })
        .expect("draw");
}

fn results_table(c: &mut Criterion) {
    let items: Vec<Item> = (0..ROWS).map(item).collect();
    let entities = EntityDecoder::new();
    let mut columns = Columns::choose(&items, &description(), &entities);
    let mut terminal = Terminal::new(TestBackend::new(160, 48)).expect("terminal");
    let order = columns.order(&items);
    c.bench_function("results_table_frame_100k_rows_top", |b| {
        b.iter(|| draw(&mut terminal, &items, &order, &columns, 0));
    });
    let total = columns
        .columns()
        .iter()
        .position(|column| column.title() == "total")
        .expect("total column");
    columns.sort_by(total);
    let sorted = columns.order(&items);
    c.bench_function("results_table_frame_100k_rows_sorted_cursor_middle", |b| {
        b.iter(|| draw(&mut terminal, &items, &sorted, &columns, ROWS / 2));
    });
    c.bench_function("results_table_sort_100k_rows_by_number", |b| {
        b.iter(|| black_box(columns.order(black_box(&items))));
    });
    let compact = CompactItems::from(items.clone());
    c.bench_function(
        "results_table_frame_100k_rows_sorted_cursor_middle_compact",
        |b| {
            b.iter(|| draw(&mut terminal, &compact, &sorted, &columns, ROWS / 2));
        },
    );
    c.bench_function("results_table_sort_100k_rows_by_number_compact", |b| {
        b.iter(|| black_box(columns.order(black_box(&compact))));
    });
    let page: Vec<Item> = (ROWS..ROWS + 1000).map(item).collect();
    let mut grown = items.clone();
    grown.extend(page);
    c.bench_function("results_table_refresh_after_a_page_of_1000_at_100k", |b| {
        b.iter_batched(
            || columns.clone(),
            |mut columns| {
                columns.refresh(&grown, &description(), &entities);
                columns
            },
            criterion::BatchSize::SmallInput,
        );
    });
}

criterion_group!(benches, results_table);
criterion_main!(benches);
