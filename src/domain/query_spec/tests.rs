use super::template::{fill_prefix, template_of_key};
use super::*;
use crate::domain::key_template::KeyTemplate;
use crate::domain::schema::{
    IndexKind, IndexSchema, KeyAttribute, KeySchema, Projection, TableDescription,
};
use crate::domain::value::{AttrValue, ValueType};

fn key(partition: (&str, ValueType), sort: Option<(&str, ValueType)>) -> KeySchema {
    KeySchema::new(
        KeyAttribute::new(partition.0, partition.1),
        sort.map(|(name, value_type)| KeyAttribute::new(name, value_type)),
    )
}

fn index(name: &str, kind: IndexKind, key: KeySchema, projection: Projection) -> IndexSchema {
    IndexSchema {
        name: name.to_owned(),
        kind,
        key,
        projection,
        item_count: None,
        size_bytes: None,
        status: None,
    }
}

/// PK/SK strings; GSI1 (S/S, ALL), LSI1 (numeric sort), Review (KEYS_ONLY).
fn table() -> TableDescription {
    let mut table =
        TableDescription::new("app", key(("PK", ValueType::S), Some(("SK", ValueType::S))));
    table.indexes = vec![
        index(
            "GSI1",
            IndexKind::Global,
            key(("GSI1PK", ValueType::S), Some(("GSI1SK", ValueType::S))),
            Projection::All,
        ),
        index(
            "LSI1",
            IndexKind::Local,
            key(("PK", ValueType::S), Some(("amount", ValueType::N))),
            Projection::All,
        ),
        index(
            "Review",
            IndexKind::Global,
            key(("reviewPK", ValueType::S), None),
            Projection::Include(vec!["status".to_owned()]),
        ),
        index(
            "ByAmount",
            IndexKind::Local,
            key(("PK", ValueType::S), Some(("amount", ValueType::N))),
            Projection::KeysOnly,
        ),
    ];
    table
}

fn for_partition(partition: &str) -> QuerySpec {
    QuerySpec {
        partition: partition.to_owned(),
        ..QuerySpec::default()
    }
}

fn errors(spec: &QuerySpec) -> Vec<FieldError> {
    build_query(&table(), spec).expect_err("the spec is invalid")
}

#[test]
fn each_sort_operator_renders_its_key_condition_with_typed_values() {
    let cases = [
        (SortChoice::None, "#pk = :pk"),
        (SortChoice::Eq, "#pk = :pk AND #sk = :sk"),
        (SortChoice::Lt, "#pk = :pk AND #sk < :sk"),
        (SortChoice::Le, "#pk = :pk AND #sk <= :sk"),
        (SortChoice::Gt, "#pk = :pk AND #sk > :sk"),
        (SortChoice::Ge, "#pk = :pk AND #sk >= :sk"),
        (
            SortChoice::BeginsWith,
            "#pk = :pk AND begins_with(#sk, :sk)",
        ),
        (
            SortChoice::Between,
            "#pk = :pk AND #sk BETWEEN :sk_low AND :sk_high",
        ),
    ];
    for (sort, expected) in cases {
        let spec = QuerySpec {
            sort,
            sort_value: "ORDER#2026-01".to_owned(),
            sort_upper: "ORDER#2026-12".to_owned(),
            ..for_partition("USER#1")
        };
        let built = build_query(&table(), &spec).expect("valid");
        assert_eq!(built.request.key_condition, expected, "{sort:?}");
        assert_eq!(built.request.params.values[":pk"], AttrValue::s("USER#1"));
    }
}

#[test]
fn a_number_sort_key_is_typed_and_refuses_text_with_the_position() {
    let mut spec = QuerySpec {
        index: Some("LSI1".to_owned()),
        sort: SortChoice::Gt,
        sort_value: "12.50".to_owned(),
        ..for_partition("USER#1")
    };
    let built = build_query(&table(), &spec).expect("valid");
    assert_eq!(
        built.request.params.values[":sk"],
        AttrValue::N(crate::domain::number::Number::parse("12.5").expect("valid"))
    );
    spec.sort_value = "twelve".to_owned();
    let errors = errors(&spec);
    assert_eq!(errors.len(), 1, "{errors:?}");
    assert_eq!(errors[0].field, Field::SortValue);
    assert_eq!(errors[0].span, Some(0..6));
    assert!(
        errors[0].message.contains("sort key `amount` has type N"),
        "{}",
        errors[0].message
    );
}

#[test]
fn begins_with_is_refused_on_a_number_sort_key() {
    let spec = QuerySpec {
        index: Some("LSI1".to_owned()),
        sort: SortChoice::BeginsWith,
        sort_value: "1".to_owned(),
        ..for_partition("USER#1")
    };
    let errors = errors(&spec);
    assert_eq!(errors[0].field, Field::Sort);
    assert!(
        errors[0].message.contains("type N"),
        "{}",
        errors[0].message
    );
}

#[test]
fn consistent_read_on_a_gsi_is_refused_with_the_reason() {
    let spec = QuerySpec {
        index: Some("GSI1".to_owned()),
        consistent: true,
        ..for_partition("GROUP#1")
    };
    let errors = errors(&spec);
    assert_eq!(errors[0].field, Field::Consistent);
    assert!(
        errors[0].message.contains("eventually consistent"),
        "{}",
        errors[0].message
    );
    let local = QuerySpec {
        index: Some("LSI1".to_owned()),
        consistent: true,
        ..for_partition("USER#1")
    };
    assert!(
        build_query(&table(), &local)
            .expect("LSIs read consistently")
            .request
            .consistent_read
    );
}

#[test]
fn between_with_reversed_bounds_is_refused_on_the_upper_bound() {
    let spec = QuerySpec {
        sort: SortChoice::Between,
        sort_value: "B".to_owned(),
        sort_upper: "A".to_owned(),
        ..for_partition("USER#1")
    };
    let errors = errors(&spec);
    assert_eq!(errors[0].field, Field::SortUpper);
    assert!(errors[0].message.contains("swap them"));
}

#[test]
fn filter_rows_join_and_a_bare_word_is_a_string_not_an_attribute() {
    let spec = QuerySpec {
        filters: vec![
            FilterRow {
                attribute: "status".to_owned(),
                operator: FilterOperator::Eq,
                value: "PENDING".to_owned(),
            },
            FilterRow {
                attribute: "total".to_owned(),
                operator: FilterOperator::Gt,
                value: "100".to_owned(),
            },
        ],
        join: Join::Or,
        ..for_partition("USER#1")
    };
    let built = build_query(&table(), &spec).expect("valid");
    assert_eq!(
        built.request.filter.as_deref(),
        Some("#status = :v0 OR #total > :v1")
    );
    assert_eq!(built.request.params.values[":v0"], AttrValue::s("PENDING"));
    assert_eq!(built.request.params.values[":v1"], AttrValue::n(100));
    assert_eq!(built.request.params.names["#status"], "status");
}

#[test]
fn a_filter_row_error_points_into_the_value_the_user_typed() {
    let spec = QuerySpec {
        filters: vec![FilterRow {
            attribute: "total".to_owned(),
            operator: FilterOperator::Gt,
            value: "1e999999".to_owned(),
        }],
        ..for_partition("USER#1")
    };
    let errors = errors(&spec);
    assert_eq!(errors[0].field, Field::FilterValue(0), "{errors:?}");
    assert_eq!(errors[0].span.as_ref().map(|span| span.start), Some(0));
}

#[test]
fn a_filter_on_a_key_attribute_is_refused_with_the_service_wording() {
    let spec = QuerySpec {
        raw_filter: "total > 1 AND SK = \"x\"".to_owned(),
        ..for_partition("USER#1")
    };
    let errors = errors(&spec);
    assert_eq!(errors[0].field, Field::RawFilter);
    assert_eq!(
        errors[0].message,
        "Filter Expression can only contain non-primary key attributes: Primary key attribute: SK"
    );
    assert_eq!(errors[0].span, Some(14..16));
}

#[test]
fn the_preview_shows_the_exact_request() {
    let spec = QuerySpec {
        sort: SortChoice::BeginsWith,
        sort_value: "ORDER#".to_owned(),
        raw_filter: "status = \"PENDING\"".to_owned(),
        projection: "SK, total".to_owned(),
        descending: true,
        page_size: "25".to_owned(),
        stop_after: "5".to_owned(),
        ..for_partition("USER#1")
    };
    let built = build_query(&table(), &spec).expect("valid");
    assert_eq!(
        preview_text(&built),
        "TableName: app\n\
         KeyConditionExpression: #pk = :pk AND begins_with(#sk, :sk)\n\
         FilterExpression: #status = :v0\n\
         ProjectionExpression: SK, #total\n\
         ExpressionAttributeNames: {\"#pk\":\"PK\",\"#sk\":\"SK\",\"#status\":\"status\",\"#total\":\"total\"}\n\
         ExpressionAttributeValues: {\":pk\":{\"S\":\"USER#1\"},\":sk\":{\"S\":\"ORDER#\"},\":v0\":{\"S\":\"PENDING\"}}\n\
         ScanIndexForward: false\n\
         Limit: 25\n\
         ConsistentRead: false\n\
         reads pages until 5 items matched"
    );
}

#[test]
fn a_keys_only_or_include_index_refuses_a_query_naming_what_it_does_not_hold() {
    // DynamoDB (DynamoDB Local 1.25.1 answers in these words) refuses such a Query rather than
    // reading the attributes from the table.
    let spec = QuerySpec {
        index: Some("Review".to_owned()),
        raw_filter: "status = \"OPEN\" AND total > 3".to_owned(),
        projection: "SK, note".to_owned(),
        ..for_partition("REVIEW")
    };
    let refused = errors(&spec);
    assert!(
        refused.iter().any(|error| error.field == Field::RawFilter
            && error.message
                == "One or more parameter values were invalid: Secondary index Review does not project one or more filter attributes: [total]"),
        "{refused:?}"
    );
    let projected = QuerySpec {
        index: Some("Review".to_owned()),
        projection: "SK, note".to_owned(),
        ..for_partition("REVIEW")
    };
    let refused = errors(&projected);
    assert!(
        refused.iter().any(|error| error.field == Field::Projection
            && error
                .message
                .ends_with("Global secondary index Review does not project [note]")),
        "{refused:?}"
    );
}

#[test]
fn a_local_index_reads_what_it_does_not_project_from_the_table_and_the_preview_says_so() {
    let spec = QuerySpec {
        index: Some("ByAmount".to_owned()),
        projection: "SK, amount, note, total".to_owned(),
        ..for_partition("USER#1")
    };
    let built = build_query(&table(), &spec).expect("a local index fetches what it lacks");
    assert_eq!(built.read_from_table, ["note", "total"]);
    let preview = preview_text(&built);
    assert!(
        preview.contains("note: index ByAmount does not project note, total: DynamoDB reads them from the table for each result"),
        "{preview}"
    );
    assert!(!preview.contains("warning"), "{preview}");
}

#[test]
fn what_an_index_without_every_attribute_returns_is_named_by_its_projection() {
    let table = table();
    assert_eq!(partial_items(&table, None), None);
    assert_eq!(partial_items(&table, Some("GSI1")), None);
    assert_eq!(
        partial_items(&table, Some("ByAmount")).as_deref(),
        Some("its keys only (KEYS_ONLY)")
    );
    assert_eq!(
        partial_items(&table, Some("Review")).as_deref(),
        Some("its keys and status (INCLUDE)")
    );
}

#[test]
fn an_empty_partition_and_bad_limits_are_all_reported_at_once() {
    let spec = QuerySpec {
        page_size: "0".to_owned(),
        stop_after: "many".to_owned(),
        ..for_partition("")
    };
    let fields: Vec<Field> = errors(&spec).into_iter().map(|error| error.field).collect();
    assert_eq!(
        fields,
        vec![Field::Partition, Field::PageSize, Field::StopAfter]
    );
}

#[test]
fn a_sort_condition_on_a_hash_only_index_is_refused() {
    let spec = QuerySpec {
        index: Some("Review".to_owned()),
        sort: SortChoice::Eq,
        sort_value: "x".to_owned(),
        ..for_partition("REVIEW")
    };
    assert_eq!(errors(&spec)[0].field, Field::Sort);
}

#[test]
fn templates_fill_part_by_part_into_a_prefix() {
    let template = KeyTemplate::parse("STATUS#{status}#DATE#{date}").expect("valid");
    let fill = |values: &[&str]| {
        fill_prefix(
            &template,
            &values.iter().map(|v| (*v).to_owned()).collect::<Vec<_>>(),
        )
    };
    assert_eq!(fill(&[]), "STATUS#");
    assert_eq!(fill(&["PENDING"]), "STATUS#PENDING#DATE#");
    assert_eq!(
        fill(&["PENDING", "2026-07-18"]),
        "STATUS#PENDING#DATE#2026-07-18"
    );
    assert_eq!(fill(&["", "2026-07-18"]), "STATUS#");
    let derived = template_of_key("STATUS#PENDING#DATE#2026-07-18").expect("labelled");
    assert_eq!(derived.as_str(), "STATUS#{status}#DATE#{date}");
    assert_eq!(template_of_key("ORDER#2026-07-01#ord_9"), None);
    assert_eq!(
        template_of_key("ORDER#"),
        None,
        "a bare prefix is no template"
    );
}

proptest::proptest! {
    #[test]
    fn building_any_typed_text_never_panics(
        partition in "\\PC{0,12}",
        value in "\\PC{0,12}",
        attribute in "[a-z#`. ]{0,8}",
        raw in "\\PC{0,16}",
    ) {
        for sort in SortChoice::ALL {
            let spec = QuerySpec {
                sort,
                sort_value: value.clone(),
                sort_upper: value.clone(),
                filters: vec![FilterRow { attribute: attribute.clone(), operator: FilterOperator::Contains, value: value.clone() }],
                raw_filter: raw.clone(),
                ..for_partition(&partition)
            };
            if let Err(errors) = build_query(&table(), &spec) {
                proptest::prop_assert!(!errors.is_empty());
            }
        }
    }
}

#[test]
fn an_empty_sort_value_is_explained_with_a_sort_key_example() {
    let spec = QuerySpec {
        sort: SortChoice::Eq,
        sort_value: String::new(),
        ..for_partition("USER#1")
    };
    let errors = errors(&spec);
    let message = &errors
        .iter()
        .find(|error| error.field == Field::SortValue)
        .expect("the sort value is refused")
        .message;
    assert!(message.contains("sort key `SK` has type S"), "{message}");
    assert!(
        message.contains("e.g. ORDER#2026-10-31#ord_0042"),
        "{message}"
    );
    let partition = errors_of_partition("");
    assert!(partition.contains("e.g. USER#usr_1001"), "{partition}");
}

fn errors_of_partition(partition: &str) -> String {
    errors(&for_partition(partition))
        .into_iter()
        .find(|error| error.field == Field::Partition)
        .map(|error| error.message)
        .unwrap_or_default()
}
