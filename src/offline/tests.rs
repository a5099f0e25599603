//! Offline loaders: formats, bad input, schema sources.

use std::io::Write;
use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicU32, Ordering};

use serde_json::json;

use super::*;
use crate::domain::schema::{IndexKind, Projection};
use crate::domain::value::{AttrValue, ValueType};

/// A fresh directory under the system temp dir, removed when dropped.
struct Scratch(PathBuf);

impl Scratch {
    fn new() -> Self {
        static NEXT: AtomicU32 = AtomicU32::new(0);
        let dir = std::env::temp_dir().join(format!(
            "ddbx-offline-{}-{}",
            std::process::id(),
            NEXT.fetch_add(1, Ordering::Relaxed)
        ));
        std::fs::create_dir_all(&dir).expect("create scratch dir");
        Self(dir)
    }

    fn write(&self, name: &str, text: &str) -> PathBuf {
        let path = self.0.join(name);
        if let Some(parent) = path.parent() {
            std::fs::create_dir_all(parent).expect("create parent");
        }
        std::fs::write(&path, text).expect("write file");
        path
    }

    fn write_gz(&self, name: &str, text: &str) -> PathBuf {
        let path = self.0.join(name);
        if let Some(parent) = path.parent() {
            std::fs::create_dir_all(parent).expect("create parent");
        }
        let file = std::fs::File::create(&path).expect("create gz");
        let mut encoder = flate2::write::GzEncoder::new(file, flate2::Compression::fast());
        encoder.write_all(text.as_bytes()).expect("write gz");
        encoder.finish().expect("finish gz");
        path
    }
}

impl Drop for Scratch {
    fn drop(&mut self) {
        let _ = std::fs::remove_dir_all(&self.0);
    }
}

const USER: &str = r#"{"PK":{"S":"USER#1"},"SK":{"S":"METADATA"},"big":{"N":"12345678901234567890123456789012345678"}}"#;
const ORDER: &str =
    r#"{"PK":{"S":"USER#1"},"SK":{"S":"ORDER#1"},"GSI1PK":{"S":"G"},"GSI1SK":{"S":"U"}}"#;

#[test]
fn a_scan_output_file_opens_with_an_inferred_schema_that_is_reported() {
    let scratch = Scratch::new();
    let path = scratch.write(
        "users.json",
        &format!("{{\n  \"Items\": [{USER}, {ORDER}],\n  \"Count\": 2,\n  \"ScannedCount\": 2,\n  \"ConsumedCapacity\": null\n}}\n"),
    );
    let opened = open(&path, None, BadLines::Stop).expect("opens");
    assert_eq!(opened.items.len(), 2);
    assert_eq!(opened.description.name, "users");
    assert_eq!(opened.description.key.partition.name, "PK");
    assert_eq!(opened.description.indexes.len(), 1);
    let inferred = opened.inferred.expect("inference is explained");
    assert!(
        inferred.contains("partition key PK (S), sort key SK (S)"),
        "{inferred}"
    );
    assert!(inferred.contains("GSI1"), "{inferred}");
}

#[test]
fn a_malformed_json_line_is_reported_with_file_and_line_then_skipped_or_fatal() {
    let scratch = Scratch::new();
    let path = scratch.write(
        "items.jsonl",
        &format!("{{\"Item\":{USER}}}\n{{not json\n\n{ORDER}\n{{\"PK\":{{\"N\":12}}}}\n"),
    );
    let opened = open(&path, None, BadLines::Skip).expect("skips bad lines");
    assert_eq!(opened.items.len(), 2);
    let lines: Vec<Option<usize>> = opened.warnings.iter().map(|w| w.line).collect();
    assert_eq!(lines, [Some(2), Some(5)]);
    assert!(
        opened.warnings[0]
            .to_string()
            .starts_with(&format!("{}:2: invalid JSON", path.display()))
    );
    let error = open(&path, None, BadLines::Stop).expect_err("stops at the first bad line");
    assert_eq!(error.0.line, Some(2));
}

fn write_export(scratch: &Scratch, format: &str, item_count: u64) -> PathBuf {
    let root = "AWSDynamoDB/01234567890123-abcdef";
    scratch.write(
        &format!("{root}/manifest-summary.json"),
        &json!({
            "version": "2020-06-30",
            "tableArn": "arn:aws:dynamodb:eu-west-1:123456789012:table/Orders",
            "itemCount": item_count,
            "outputFormat": format,
        })
        .to_string(),
    );
    scratch.write(
        &format!("{root}/manifest-files.json"),
        &format!(
            "{}\n{}\n",
            json!({"itemCount": 1, "dataFileS3Key": format!("{root}/data/a.json.gz")}),
            json!({"itemCount": 1, "dataFileS3Key": format!("{root}/data/b.json.gz")}),
        ),
    );
    scratch.write_gz(
        &format!("{root}/data/a.json.gz"),
        &format!("{{\"Item\":{USER}}}\n"),
    );
    scratch.write_gz(
        &format!("{root}/data/b.json.gz"),
        &format!("{{\"Item\":{ORDER}}}\n"),
    );
    scratch.0.clone()
}

#[test]
fn an_export_folder_opens_from_its_parent_with_the_table_name_of_its_manifest() {
    let scratch = Scratch::new();
    let folder = write_export(&scratch, "DYNAMODB_JSON", 2);
    let opened = open(&folder, None, BadLines::Stop).expect("opens");
    assert_eq!(opened.description.name, "Orders");
    assert_eq!(opened.items.len(), 2);
    assert!(opened.warnings.is_empty(), "{:?}", opened.warnings);
    let big = opened
        .items
        .iter()
        .find_map(|item| item.get("big"))
        .expect("big number kept");
    assert_eq!(
        format!("{big:?}"),
        "N(12345678901234567890123456789012345678)"
    );
}

#[test]
fn an_export_whose_manifest_count_differs_warns() {
    let scratch = Scratch::new();
    let folder = write_export(&scratch, "DYNAMODB_JSON", 3);
    let opened = open(&folder, None, BadLines::Stop).expect("opens");
    assert_eq!(opened.warnings.len(), 1);
    assert!(
        opened.warnings[0]
            .message
            .contains("reports 3 items but 2 were read")
    );
}

#[test]
fn an_ion_export_is_refused_with_a_clear_message() {
    let scratch = Scratch::new();
    let folder = write_export(&scratch, "ION", 2);
    let error = open(&folder, None, BadLines::Skip).expect_err("ION is not supported");
    assert!(
        error
            .to_string()
            .contains("export format ION is not supported"),
        "{error}"
    );
}

fn describe_json() -> serde_json::Value {
    json!({"Table": {
        "TableName": "Orders",
        "AttributeDefinitions": [
            {"AttributeName": "PK", "AttributeType": "S"},
            {"AttributeName": "SK", "AttributeType": "S"},
            {"AttributeName": "GSI1PK", "AttributeType": "S"},
            {"AttributeName": "GSI1SK", "AttributeType": "N"},
            {"AttributeName": "LSK", "AttributeType": "B"}
        ],
        "KeySchema": [{"AttributeName": "PK", "KeyType": "HASH"}, {"AttributeName": "SK", "KeyType": "RANGE"}],
        "GlobalSecondaryIndexes": [{
            "IndexName": "GSI1",
            "KeySchema": [{"AttributeName": "GSI1PK", "KeyType": "HASH"}, {"AttributeName": "GSI1SK", "KeyType": "RANGE"}],
            "Projection": {"ProjectionType": "INCLUDE", "NonKeyAttributes": ["status"]},
            "IndexStatus": "ACTIVE"
        }, {
            "IndexName": "Multi",
            "KeySchema": [{"AttributeName": "GSI1PK", "KeyType": "HASH"}, {"AttributeName": "SK", "KeyType": "HASH"}],
            "Projection": {"ProjectionType": "ALL"}
        }, {
            "IndexName": "RangeFirst",
            "KeySchema": [{"AttributeName": "SK", "KeyType": "RANGE"}, {"AttributeName": "GSI1PK", "KeyType": "HASH"}],
            "Projection": {"ProjectionType": "ALL"}
        }],
        "LocalSecondaryIndexes": [{
            "IndexName": "LSI1",
            "KeySchema": [{"AttributeName": "PK", "KeyType": "HASH"}, {"AttributeName": "LSK", "KeyType": "RANGE"}],
            "Projection": {"ProjectionType": "KEYS_ONLY"}
        }],
        "TableStatus": "ACTIVE",
        "BillingModeSummary": {"BillingMode": "PAY_PER_REQUEST"}
    }})
}

#[test]
fn a_describe_table_document_gives_keys_indexes_projections_and_unsupported_indexes() {
    let description = parse_describe_table(&describe_json()).expect("valid");
    assert_eq!(description.name, "Orders");
    assert_eq!(
        description.key.sort.as_ref().map(|s| s.name.as_str()),
        Some("SK")
    );
    let gsi = description.index("GSI1").expect("GSI1");
    assert_eq!(gsi.projection, Projection::Include(vec!["status".into()]));
    assert_eq!(
        gsi.key.sort.as_ref().map(|s| s.value_type),
        Some(ValueType::N)
    );
    let lsi = description.index("LSI1").expect("LSI1");
    assert_eq!(
        (lsi.kind, &lsi.projection),
        (IndexKind::Local, &Projection::KeysOnly)
    );
    let multi = description
        .index("Multi")
        .expect("a multi-attribute GSI is kept");
    assert_eq!(multi.key.partition_label(), "GSI1PK + SK");
    assert_eq!(multi.key.sort_label(), None);
    assert_eq!(description.unsupported_indexes, ["RangeFirst"]);
}

#[test]
fn with_a_schema_items_with_invalid_index_keys_stay_in_the_table_and_keyless_items_are_skipped() {
    let scratch = Scratch::new();
    let schema = scratch.write("schema.json", &describe_json().to_string());
    let data = scratch.write(
        "items.jsonl",
        &[
            USER.to_owned(),
            // GSI1SK must be N: kept in the table, left out of GSI1.
            ORDER.to_owned(),
            r#"{"SK":{"S":"no partition key"}}"#.to_owned(),
        ]
        .join("\n"),
    );
    let (engine, opened) = open_backend(&data, Some(&schema), BadLines::Stop).expect("opens");
    assert_eq!(opened.items_read, 3);
    assert_eq!(opened.inferred, None);
    let description = engine.describe("Orders").expect("table exists");
    assert_eq!(description.item_count, Some(2));
    assert_eq!(
        description.index("GSI1").and_then(|i| i.item_count),
        Some(0)
    );
    let messages: Vec<&str> = opened.warnings.iter().map(|w| w.message.as_str()).collect();
    assert_eq!(messages.len(), 2, "{messages:?}");
    assert!(messages.iter().any(|m| m.contains("Missing the key PK")));
    assert!(messages.iter().any(|m| {
        m.contains("Type mismatch for Index Key GSI1SK Expected: N Actual: S IndexName: GSI1")
    }));
    assert_eq!(engine_kind(&engine), "file");
}

fn engine_kind(engine: &MemoryBackend) -> String {
    use crate::backend::Backend;
    engine.connection().kind
}

#[test]
fn items_without_any_pk_attribute_cannot_be_inferred_and_say_how_to_fix_it() {
    let items = vec![[("id".to_owned(), AttrValue::s("1"))].into_iter().collect()];
    let error = infer_schema("T", &items).expect_err("no PK");
    assert!(error.contains("--schema"), "{error}");
}

#[test]
fn a_missing_file_is_an_error_naming_it() {
    let path = Path::new("/nonexistent/ddbx/items.json");
    let error = open(path, None, BadLines::Skip).expect_err("missing");
    assert!(
        error
            .to_string()
            .starts_with("/nonexistent/ddbx/items.json: cannot read"),
        "{error}"
    );
}

#[test]
fn a_bad_line_inside_a_gzipped_data_file_names_that_file_and_line() {
    let scratch = Scratch::new();
    let folder = write_export(&scratch, "DYNAMODB_JSON", 3);
    let data = scratch
        .0
        .join("AWSDynamoDB/01234567890123-abcdef/data/b.json.gz");
    scratch.write_gz(
        "AWSDynamoDB/01234567890123-abcdef/data/b.json.gz",
        &format!("{{\"Item\":{ORDER}}}\n{{\"Item\":{{\"PK\":{{\"SS\":[]}}}}}}\n"),
    );
    // The manifest counts the file's records, the bad one included.
    scratch.write(
        "AWSDynamoDB/01234567890123-abcdef/manifest-files.json",
        &format!(
            "{}\n{}\n",
            json!({"itemCount": 1, "dataFileS3Key": "data/a.json.gz"}),
            json!({"itemCount": 2, "dataFileS3Key": "data/b.json.gz"}),
        ),
    );
    let error = open(&folder, None, BadLines::Stop).expect_err("stops");
    assert_eq!(
        (error.0.file.as_deref(), error.0.line),
        (Some(data.as_path()), Some(2))
    );
    let opened = open(&folder, None, BadLines::Skip).expect("skips");
    assert_eq!(opened.items.len(), 2);
    assert_eq!(
        opened.warnings.len(),
        2,
        "the bad line and the manifest count"
    );
}

#[test]
fn an_export_folder_streams_into_a_read_only_ready_engine_with_every_item() {
    let scratch = Scratch::new();
    let folder = write_export(&scratch, "DYNAMODB_JSON", 2);
    let (engine, report) = open_backend(&folder, None, BadLines::Stop).expect("opens");
    assert_eq!(report.items_read, 2);
    assert_eq!(report.description.name, "Orders");
    assert_eq!(report.description.item_count, Some(2));
    assert_eq!(
        report.description.index("GSI1").and_then(|i| i.item_count),
        Some(1)
    );
    assert!(report.inferred.is_some());
    assert_eq!(engine_kind(&engine), "file");
}

#[test]
fn a_schema_that_matches_no_item_lists_a_hundred_skips_and_counts_the_rest() {
    let scratch = Scratch::new();
    let schema = scratch.write("schema.json", &describe_json().to_string());
    let lines: Vec<String> = (0..250)
        .map(|i| format!(r#"{{"pk":{{"S":"USER#{i}"}}}}"#))
        .collect();
    let data = scratch.write("items.jsonl", &lines.join("\n"));
    let (_, report) = open_backend(&data, Some(&schema), BadLines::Skip).expect("opens");
    assert_eq!(report.description.item_count, Some(0));
    assert_eq!(report.warnings.len(), 101);
    assert!(
        report.warnings[0]
            .message
            .contains("Missing the key PK in the item")
    );
    assert_eq!(
        report.warnings[100].message,
        "... and 150 more items skipped"
    );
}
