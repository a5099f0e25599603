//! `--model` files in the formats other tools write, read against tables the libraries wrote
//! themselves into dynalite: a OneTable schema file (written by OneTable's `getCurrentSchema`)
//! and the AWS DynamoDB MCP server's `schema.json` (hand-written from that tool's documented
//! format, tests/fixtures/models/mcp_shop_schema.json: the tool needs a language model to run).
//! Each names the entities, drives the palette, and reports the entities matching no item.

mod support;
mod tui_support;

use std::path::{Path, PathBuf};
use std::sync::Arc;

use ddbx::app::action::Action;
use ddbx::app::state::{Settings, View};
use ddbx::domain::decoding::explain;
use ddbx::domain::entity::{EntityDecoder, EntitySource};
use ddbx::domain::model::Model;
use ddbx::domain::model_formats::parse_model;
use ddbx::domain::value::{AttrValue, Item};
use support::libraries::{dynalite_backend, harness, read_table, write_with_library};
use support::scratch::Scratch;
use support::unique_table_name;
use tui_support::Harness;

fn load(path: &Path) -> Model {
    let text = std::fs::read_to_string(path).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
    let file = path.display().to_string();
    parse_model(path, &text, &file, None).unwrap_or_else(|e| panic!("{e}"))
}

fn mcp_fixture() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/fixtures/models/mcp_shop_schema.json")
}

fn text<'a>(item: &'a Item, name: &str) -> &'a str {
    item.get(name).and_then(AttrValue::as_s).unwrap_or_default()
}

/// Runs the palette's pattern `name` with `parameters` and returns the items it read.
async fn run_pattern(harness: &mut Harness, name: &str, parameters: &[&str]) -> Vec<Item> {
    harness.act(Action::OpenPalette).await;
    for c in name.chars() {
        harness.act(Action::Input(c)).await;
    }
    harness.act(Action::Submit).await;
    for parameter in parameters {
        for c in parameter.chars() {
            harness.act(Action::Input(c)).await;
        }
        harness.act(Action::Submit).await;
    }
    let View::QueryResults { run, .. } = harness.state.views.current() else {
        panic!("{name} ran: {:?}", harness.state.overlay)
    };
    harness.state.queries.runs[*run].items.to_vec()
}

async fn started_with(endpoint: &str, table: &str, model: Model) -> Harness {
    let backend = Arc::new(dynalite_backend(endpoint).await);
    let mut harness = Harness::new(backend, table, Settings::default());
    harness.state.entities = EntityDecoder::with_model(model);
    harness.start().await;
    harness
}

#[tokio::test]
async fn the_mcp_server_schema_names_the_toolbox_table_and_drives_the_palette() {
    let Some(env) = harness() else { return };
    let table = unique_table_name("toolbox-mcp");
    write_with_library("toolbox-shop.cjs", &env, &[&table]);
    let model = load(&mcp_fixture());
    // `read_table` runs its own runtime, so off this test's.
    let (description, items) = {
        let (endpoint, name) = (env.0.clone(), table.clone());
        std::thread::spawn(move || read_table(&endpoint, &name))
            .join()
            .expect("read")
    };
    let decoder = EntityDecoder::with_model(model.clone());
    for item in &items {
        let entity = decoder.decode(item, &description.key).expect("an entity");
        let expected = match text(item, "_et") {
            "Customer" => "CustomerProfile",
            "Order" => "CustomerOrder",
            "Product" => "CatalogProduct",
            other => panic!("unexpected entity {other}"),
        };
        assert_eq!(
            (entity.name.as_str(), entity.source),
            (expected, EntitySource::Model)
        );
    }

    let mut harness = started_with(&env.0, &table, model).await;
    let orders = run_pattern(&mut harness, "orders_of_customer", &["c-0003"]).await;
    assert!(!orders.is_empty());
    for order in &orders {
        assert_eq!(
            (text(order, "PK"), text(order, "_et")),
            ("CUSTOMER#c-0003", "Order")
        );
    }
    let profile = run_pattern(&mut harness, "get_customer", &["c-0004"]).await;
    assert_eq!(profile.len(), 1);
    assert_eq!(text(&profile[0], "email"), "c4@example.com");

    let fixture = mcp_fixture();
    let run = support::cli::ddbx(
        &env.0,
        Some(&table),
        &["--model", fixture.to_str().expect("utf-8"), "collections"],
    )
    .success();
    let customer = run
        .json_lines()
        .into_iter()
        .find(|line| line["prefix"] == "CUSTOMER")
        .expect("the CUSTOMER collection");
    assert_eq!(customer["holds"], "CustomerOrder + CustomerProfile");
    assert!(
        run.stderr.contains("model: DynamoDB MCP server schema ")
            && run.stderr.contains(": 4 entities, 2 access patterns"),
        "{}",
        run.stderr
    );
    assert!(
        run.stderr
            .contains("model: no item of the table matches the templates of Ghost"),
        "{}",
        run.stderr
    );
    assert!(
        run.stderr.contains(&format!(
            "grammars: dynamodb-toolbox 100% (of {count} items scanned); the model matched {count} items",
            count = items.len()
        )),
        "{}",
        run.stderr
    );
}

#[tokio::test]
async fn a_onetable_schema_file_from_onetable_itself_is_a_model() {
    let Some(env) = harness() else { return };
    let table = unique_table_name("onetable-file");
    let dir = Scratch::new("onetable");
    let schema = dir.join("schema.json");
    let schema_arg = schema.to_str().expect("utf-8 path");
    write_with_library("onetable-crm.cjs", &env, &[&table, schema_arg]);
    let model = load(&schema);
    let names: Vec<&str> = model.entities.iter().map(|e| e.name.as_str()).collect();
    assert_eq!(names, ["Account", "Invoice", "User"]);
    assert_eq!(
        model.origin.as_deref(),
        Some(format!("OneTable schema {schema_arg}").as_str())
    );

    let mut harness = started_with(&env.0, &table, model).await;
    let users = run_pattern(&mut harness, "Users of an account", &["acc003"]).await;
    assert!(!users.is_empty());
    for user in &users {
        assert_eq!(
            (text(user, "pk"), text(user, "_type")),
            ("account#acc003", "User")
        );
    }

    let run = support::cli::ddbx(
        &env.0,
        Some(&table),
        &["--model", schema_arg, "collections"],
    )
    .success();
    drop(dir);
    let account = run
        .json_lines()
        .into_iter()
        .find(|line| line["prefix"] == "account")
        .expect("the account collection");
    let holds = account["holds"].as_str().expect("holds");
    assert!(
        holds.contains("Account") && holds.contains("User"),
        "{holds}"
    );
    assert!(
        run.stderr.contains(&format!(
            "model: OneTable schema {schema_arg}: 3 entities, 2 access patterns"
        )),
        "{}",
        run.stderr
    );
    assert!(
        !run.stderr.contains("matches the templates of"),
        "{}",
        run.stderr
    );
}

/// The DTOs dynamodb-toolbox itself writes of the shop (tests/libraries/toolbox-shop-dto.cjs),
/// in a scratch directory (removed when dropped) with the file's path.
fn toolbox_dtos(env: &(String, String), table: &str, variant: &[&str]) -> (Scratch, PathBuf) {
    let dir = Scratch::new("toolbox-dto");
    let path = dir.join(format!("dto{}.json", variant.join("-")));
    let path_arg = path.to_str().expect("utf-8 path");
    let args: Vec<&str> = [table, path_arg]
        .into_iter()
        .chain(variant.iter().copied())
        .collect();
    write_with_library("toolbox-shop-dto.cjs", env, &args);
    (dir, path)
}

#[tokio::test]
async fn toolbox_dtos_name_the_entities_by_their_marker_and_drive_the_palette() {
    let Some(env) = harness() else { return };
    let table = unique_table_name("toolbox-dto");
    write_with_library("toolbox-shop.cjs", &env, &[&table]);
    let (dto_dir, dto) = toolbox_dtos(&env, &table, &[]);
    let model = load(&dto);
    let (description, items) = {
        let (endpoint, name) = (env.0.clone(), table.clone());
        std::thread::spawn(move || read_table(&endpoint, &name))
            .join()
            .expect("read")
    };
    assert_eq!(
        model.table.as_ref().map(|t| t.mismatches(&description)),
        Some(Vec::new())
    );
    let decoder = EntityDecoder::with_model(model.clone());
    for item in &items {
        let entity = decoder.decode(item, &description.key).expect("an entity");
        assert_eq!(
            (entity.name.as_str(), entity.source),
            (text(item, "_et"), EntitySource::Model)
        );
        let explained = explain(&decoder, item, &description.key);
        assert_eq!(
            explained.entity,
            format!(
                "{}, the model's entity named by its _et attribute",
                text(item, "_et")
            )
        );
    }

    let orders_of = |customer: &str| {
        items
            .iter()
            .filter(|item| text(item, "PK") == format!("CUSTOMER#{customer}"))
            .filter(|item| text(item, "_et") == "Order")
            .count()
    };
    let mut harness = started_with(&env.0, &table, model).await;
    let orders = run_pattern(&mut harness, "Order by PK", &["CUSTOMER#c-0003"]).await;
    assert_eq!(orders.len(), orders_of("c-0003"));
    assert!(!orders.is_empty());
    for order in &orders {
        assert_eq!(text(order, "_et"), "Order", "{order:?}");
    }
    // The index keyed by the marker needs no value: its partition is the entity.
    let customers = run_pattern(&mut harness, "Customer by _et on byType", &[]).await;
    assert_eq!(customers.len(), 25);
    assert!(customers.iter().all(|item| text(item, "_et") == "Customer"));

    let dto_arg = dto.to_str().expect("utf-8");
    let run =
        support::cli::ddbx(&env.0, Some(&table), &["--model", dto_arg, "collections"]).success();
    drop(dto_dir);
    let customer = run
        .json_lines()
        .into_iter()
        .find(|line| line["prefix"] == "CUSTOMER")
        .expect("the CUSTOMER collection");
    let holds = customer["holds"].as_str().expect("holds");
    assert!(
        holds.contains("Customer") && holds.contains("Order"),
        "{holds}"
    );
    assert!(
        run.stderr.contains(&format!(
            "model: dynamodb-toolbox DTO {dto_arg}: 3 entities, 6 access patterns"
        )),
        "{}",
        run.stderr
    );
    assert!(
        run.stderr.contains(&format!(
            "the model matched {count} items",
            count = items.len()
        )),
        "{}",
        run.stderr
    );
    assert!(!run.stderr.contains("model: no item"), "{}", run.stderr);
    assert!(!run.stderr.contains("the model's"), "{}", run.stderr);
}

#[tokio::test]
async fn toolbox_dtos_of_another_design_are_reported_headless_and_in_the_overview() {
    let Some(env) = harness() else { return };
    let table = unique_table_name("toolbox-stale");
    write_with_library("toolbox-shop.cjs", &env, &[&table]);
    let (dto_dir, dto) = toolbox_dtos(&env, &table, &["stale"]);
    let expected = [
        "the model's partition key of the table is pk (string), the table's is PK (string)",
        "the model's sort key of the table is sk (string), the table's is SK (string)",
        "the model's index byTenant (tenant (string)) is not on the table",
        "no item of the table has _et = Coupon",
    ];

    let dto_arg = dto.to_str().expect("utf-8");
    let run =
        support::cli::ddbx(&env.0, Some(&table), &["--model", dto_arg, "collections"]).success();
    for misfit in expected {
        assert!(
            run.stderr.contains(&format!("model: {misfit}")),
            "{misfit}: {}",
            run.stderr
        );
    }

    let mut harness = started_with(&env.0, &table, load(&dto)).await;
    drop(dto_dir);
    harness.act(Action::ShowOverview).await;
    let overview = tui_support::screen::screen(&harness.state, 140, 30);
    for misfit in expected {
        assert!(overview.contains(misfit), "{misfit}:\n{overview}");
    }
}
