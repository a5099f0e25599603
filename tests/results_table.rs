//! Snapshots of the results table widget: keys, entity and common attributes, a sort indicator,
//! a hidden column, the selected column scrolled into view, and hostile text escaped.

mod tui_support;

use ddbx::app::state::grid::columns::Columns;
use ddbx::domain::entity::EntityDecoder;
use ddbx::domain::number::Number;
use ddbx::domain::schema::{KeyAttribute, KeySchema, TableDescription};
use ddbx::domain::value::{AttrValue, Item, ValueType};
use ratatui::layout::Rect;
use tui_support::screen::draw;

fn description() -> TableDescription {
    TableDescription::new(
        "Shop",
        KeySchema::new(
            KeyAttribute::new("PK", ValueType::S),
            Some(KeyAttribute::new("SK", ValueType::S)),
        ),
    )
}

fn item(pk: &str, sk: &str, attributes: &[(&str, AttrValue)]) -> Item {
    let mut item = Item::new();
    item.insert("PK".to_owned(), AttrValue::s(pk));
    item.insert("SK".to_owned(), AttrValue::s(sk));
    for (name, value) in attributes {
        item.insert((*name).to_owned(), value.clone());
    }
    item
}

fn n(text: &str) -> AttrValue {
    AttrValue::N(Number::parse(text).expect("test number"))
}

fn items() -> Vec<Item> {
    vec![
        item(
            "USER#usr_1001",
            "METADATA",
            &[
                ("name", AttrValue::s("Ada\u{1b}[2J Lovelace")),
                ("email", AttrValue::s("ada@example.com")),
            ],
        ),
        item(
            "USER#usr_1001",
            "ORDER#2026-07-01#ord_9",
            &[("total", n("42.50")), ("status", AttrValue::s("PENDING"))],
        ),
        item(
            "USER#usr_1001",
            "ORDER#2026-07-03#ord_12",
            &[("total", n("9")), ("status", AttrValue::s("SHIPPED"))],
        ),
        item(
            "USER#usr_1001",
            "ORDER#2026-07-04#ord_15",
            &[
                ("total", n("12345678901234567890123456789012345678")),
                ("status", AttrValue::s("注文済み")),
            ],
        ),
    ]
}

fn screen(items: &[Item], columns: &Columns, cursor: usize, selected: usize, width: u16) -> String {
    let order = columns.order(items);
    let height = 7;
    draw(width, height, |frame| {
        ddbx::ui::widgets::grid::render(
            &ddbx::ui::theme::DARK,
            frame,
            Rect::new(0, 0, width, height),
            items,
            &order,
            columns,
            ddbx::ui::widgets::grid::Cursor {
                row: cursor,
                column: selected,
            },
        );
    })
}

#[test]
fn results_table_shows_keys_entity_and_common_attributes_sorted_with_a_hidden_column() {
    let items = items();
    let mut columns = Columns::choose(&items, &description(), &EntityDecoder::new());
    let titles: Vec<String> = columns.columns().iter().map(|c| c.title()).collect();
    let total = titles
        .iter()
        .position(|t| t == "total")
        .expect("total column");
    columns.sort_by(total);
    columns.sort_by(total);
    columns.toggle_hidden(titles.iter().position(|t| t == "email").expect("email"));
    let text = screen(&items, &columns, 1, total, 120);
    assert!(!text.contains('\u{1b}'), "escape reached the terminal");
    insta::assert_snapshot!("results_table_sorted_descending_by_total", text);
}

#[test]
fn results_table_scrolls_sideways_to_the_selected_column_on_a_narrow_screen() {
    let items = items();
    let columns = Columns::choose(&items, &description(), &EntityDecoder::new());
    let last = columns.len() - 1;
    insta::assert_snapshot!(
        "results_table_narrow_last_column",
        screen(&items, &columns, 0, last, 60)
    );
}

#[test]
fn an_empty_result_says_so_under_the_header() {
    let columns = Columns::choose(&[], &description(), &EntityDecoder::new());
    let text = screen(&[], &columns, 0, 0, 40);
    assert!(
        text.lines().nth(1).is_some_and(|line| line == "No items."),
        "{text}"
    );
}
