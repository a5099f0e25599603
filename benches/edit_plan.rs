//! Saving an edit, without the network: parse the edited text, diff it against the item as read,
//! plan the conditioned write and render its preview. For a typical demo item, an item with a
//! 350 KB attribute, and an item of 400 attributes (the minimal diff's worst realistic case).

use std::hint::black_box;

use criterion::{Criterion, criterion_group, criterion_main};
use ddbx::domain::edit::{
    ConditionMode, EditContext, EditFormat, parse_edited, plan_edit, render_for_edit,
    request_preview,
};
use ddbx::domain::schema::{KeyAttribute, KeySchema, TableDescription};
use ddbx::domain::value::{AttrValue, Item, ValueType};

fn table() -> TableDescription {
    TableDescription::new(
        "bench",
        KeySchema::new(
            KeyAttribute::new("PK", ValueType::S),
            Some(KeyAttribute::new("SK", ValueType::S)),
        ),
    )
}

fn keyed(extra: impl IntoIterator<Item = (String, AttrValue)>) -> Item {
    let mut item = Item::from([
        ("PK".to_owned(), AttrValue::s("DOC#1")),
        ("SK".to_owned(), AttrValue::s("BODY")),
        ("version".to_owned(), AttrValue::n(12)),
        ("status".to_owned(), AttrValue::s("draft")),
    ]);
    item.extend(extra);
    item
}

fn typical() -> Item {
    let (_, items) = ddbx::demo::generate(ddbx::demo::DEFAULT_SEED, 2_000);
    let mut item = items
        .into_iter()
        .max_by_key(Item::len)
        .expect("the demo has items");
    item.insert("status".to_owned(), AttrValue::s("draft"));
    item
}

fn items() -> Vec<(&'static str, Item)> {
    vec![
        ("typical", typical()),
        (
            "350KB",
            keyed([(
                "body".to_owned(),
                AttrValue::s("lorem ipsum ".repeat(350 * 1024 / 12)),
            )]),
        ),
        (
            "400_attributes",
            keyed((0..400).map(|i| (format!("attribute_{i}"), AttrValue::n(i)))),
        ),
    ]
}

fn save(c: &mut Criterion) {
    let description = table();
    for (name, original) in items() {
        let ctx = EditContext {
            table: "bench",
            description: &description,
            version_attribute: None,
        };
        let text = render_for_edit(&original, EditFormat::TypedJson).replacen(
            "\"status\": \"draft\"",
            "\"status\": \"final\"",
            1,
        );
        c.bench_function(&format!("save/{name}"), |b| {
            b.iter(|| {
                let edited = parse_edited(black_box(&text), EditFormat::TypedJson)
                    .expect("the bench text parses");
                let planned = plan_edit(&ctx, &original, &edited, ConditionMode::Auto)
                    .expect("the bench edit plans");
                black_box(request_preview(&planned.plan))
            });
        });
    }
}

criterion_group!(benches, save);
criterion_main!(benches);
