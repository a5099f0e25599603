use super::*;
use crate::domain::model::Model;
use crate::domain::schema::{IndexKind, IndexSchema, KeySchema, Projection};

const MODEL: &str = r##"
[[access_pattern]]
name = "orders_by_status"
index = "GSI1"
pk = "STORE#{storeId}"
sk_operator = "begins_with"
sk = "STATUS#{status}#DATE#{date}"

[[access_pattern]]
name = "orders_in_range"
pk = "USER#{userId}"
sk_operator = "between"
sk = "ORDER#{from}"
sk_to = "ORDER#{to}"

[[access_pattern]]
name = "by_amount"
index = "LSI1"
pk = "USER#{userId}"
sk_operator = ">="
sk = "{min}"

[[access_pattern]]
name = "profile"
pk = "USER#{userId}"
sk = "PROFILE"
"##;

fn patterns() -> Vec<AccessPattern> {
    Model::parse(MODEL, "model.toml")
        .unwrap_or_else(|error| panic!("{error}"))
        .access_patterns
}

fn table() -> TableDescription {
    let key = |pk: &str, sk: (&str, ValueType)| {
        KeySchema::new(
            KeyAttribute::new(pk, ValueType::S),
            Some(KeyAttribute::new(sk.0, sk.1)),
        )
    };
    let mut table = TableDescription::new("app", key("PK", ("SK", ValueType::S)));
    for (name, kind, schema) in [
        (
            "GSI1",
            IndexKind::Global,
            key("GSI1PK", ("GSI1SK", ValueType::S)),
        ),
        (
            "LSI1",
            IndexKind::Local,
            key("PK", ("amount", ValueType::N)),
        ),
    ] {
        table.indexes.push(IndexSchema {
            name: name.to_owned(),
            kind,
            key: schema,
            projection: Projection::All,
            item_count: None,
            size_bytes: None,
            status: None,
        });
    }
    table
}

fn values(pairs: &[(&str, &str)]) -> BTreeMap<String, String> {
    pairs
        .iter()
        .map(|(name, value)| ((*name).to_owned(), (*value).to_owned()))
        .collect()
}

fn pattern(name: &str) -> AccessPattern {
    named(MODEL, name)
}

/// The access pattern `name` of the model file `text`.
fn named(text: &str, name: &str) -> AccessPattern {
    Model::parse(text, "model.toml")
        .unwrap_or_else(|error| panic!("{error}"))
        .access_patterns
        .into_iter()
        .find(|pattern| pattern.name == name)
        .unwrap_or_else(|| panic!("no pattern {name}"))
}

#[test]
fn parameters_are_listed_once_in_order_of_appearance() {
    let names: Vec<Vec<String>> = patterns().iter().map(parameters).collect();
    assert_eq!(
        names,
        [
            vec!["storeId", "status", "date"],
            vec!["userId", "from", "to"],
            vec!["userId", "min"],
            vec!["userId"],
        ]
    );
}

#[test]
fn a_begins_with_pattern_stops_its_prefix_at_the_first_empty_parameter() {
    let description = table();
    let request = pattern_request(
        &description,
        &pattern("orders_by_status"),
        &values(&[("storeId", "880"), ("status", "PENDING"), ("date", "")]),
    )
    .expect("valid");
    let mut expected = QueryRequest::new(
        "app",
        "#pk = :pk AND begins_with(#sk, :sk)",
        ExpressionParams {
            names: BTreeMap::from([
                ("#pk".to_owned(), "GSI1PK".to_owned()),
                ("#sk".to_owned(), "GSI1SK".to_owned()),
            ]),
            values: BTreeMap::from([
                (":pk".to_owned(), AttrValue::s("STORE#880")),
                (":sk".to_owned(), AttrValue::s("STATUS#PENDING#DATE#")),
            ]),
        },
    );
    expected.index = Some("GSI1".to_owned());
    assert_eq!(request, expected);

    let full = pattern_request(
        &description,
        &pattern("orders_by_status"),
        &values(&[
            ("storeId", "880"),
            ("status", "PENDING"),
            ("date", "2026-07-18"),
        ]),
    )
    .expect("valid");
    assert_eq!(
        full.params.values[":sk"],
        AttrValue::s("STATUS#PENDING#DATE#2026-07-18")
    );
}

#[test]
fn between_equality_and_numeric_sort_keys_are_typed_from_the_schema() {
    let description = table();
    let range = pattern_request(
        &description,
        &pattern("orders_in_range"),
        &values(&[("userId", "1"), ("from", "2026-01"), ("to", "2026-02")]),
    )
    .expect("valid");
    assert_eq!(
        range.key_condition,
        "#pk = :pk AND #sk BETWEEN :sk AND :sk_to"
    );
    assert_eq!(range.params.values[":sk_to"], AttrValue::s("ORDER#2026-02"));

    let numeric = pattern_request(
        &description,
        &pattern("by_amount"),
        &values(&[("userId", "1"), ("min", "-17.50")]),
    )
    .expect("valid");
    assert_eq!(numeric.key_condition, "#pk = :pk AND #sk >= :sk");
    assert_eq!(
        numeric.params.values[":sk"],
        AttrValue::N(Number::parse("-17.5").expect("valid"))
    );

    let exact = pattern_request(
        &description,
        &pattern("profile"),
        &values(&[("userId", "1")]),
    )
    .expect("valid");
    assert_eq!(exact.key_condition, "#pk = :pk AND #sk = :sk");
    assert_eq!(exact.params.values[":sk"], AttrValue::s("PROFILE"));
}

#[test]
fn bad_values_and_unknown_indexes_are_refused_with_a_reason() {
    let description = table();
    let cases = [
        (
            pattern_request(
                &description,
                &pattern("by_amount"),
                &values(&[("userId", "1"), ("min", "lots")]),
            ),
            "amount is a number key",
        ),
        (
            pattern_request(
                &description,
                &pattern("orders_in_range"),
                &values(&[("userId", "1"), ("from", "2026-09"), ("to", "2026-01")]),
            ),
            "Invalid KeyConditionExpression: The BETWEEN operator requires upper bound to be greater than or equal to lower bound",
        ),
        (
            pattern_request(
                &TableDescription::new("bare", table().key),
                &pattern("orders_by_status"),
                &values(&[("storeId", "1")]),
            ),
            "table bare has no index GSI1",
        ),
    ];
    for (result, needle) in cases {
        let error = result.expect_err("refused");
        assert!(error.contains(needle), "{error}");
    }
}

#[test]
fn a_pattern_of_one_entity_filters_on_its_marker() {
    let mut profile = pattern("profile");
    profile.entity = Some(crate::domain::model::EntityMarker {
        attribute: "_et".to_owned(),
        value: "Customer".to_owned(),
    });
    let request = pattern_request(&table(), &profile, &values(&[("userId", "u1")]))
        .unwrap_or_else(|error| panic!("{error}"));
    assert_eq!(request.filter.as_deref(), Some("#entity = :entity"));
    assert_eq!(
        request.params.names.get("#entity").map(String::as_str),
        Some("_et")
    );
    assert_eq!(
        request.params.values.get(":entity"),
        Some(&AttrValue::s("Customer"))
    );
    let unfiltered = pattern_request(&table(), &pattern("profile"), &values(&[("userId", "u1")]))
        .unwrap_or_else(|error| panic!("{error}"));
    assert_eq!(unfiltered.filter, None);
}

fn multi_attribute_table() -> TableDescription {
    let s = |name: &str| KeyAttribute::new(name, ValueType::S);
    let mut table = TableDescription::new("app", KeySchema::new(s("PK"), Some(s("SK"))));
    table.indexes.push(IndexSchema {
        name: "GSI3".to_owned(),
        kind: IndexKind::Global,
        key: KeySchema::from_parts(
            vec![s("status"), s("region")],
            vec![s("placedAt"), KeyAttribute::new("total", ValueType::N)],
        )
        .expect("two attributes per part"),
        projection: Projection::All,
        item_count: None,
        size_bytes: None,
        status: None,
    });
    table
}

const MULTI: &str = r#"
[[access_pattern]]
name = "by_region"
index = "GSI3"
pk = ["{status}", "R#{region}"]
sk_operator = ">="
sk = ["{placedAt}", "{min}"]

[[access_pattern]]
name = "by_status"
index = "GSI3"
pk = "{status}"
"#;

fn multi(name: &str) -> AccessPattern {
    named(MULTI, name)
}

#[test]
fn a_multi_attribute_pattern_names_each_key_attribute_with_its_own_typed_value() {
    let pattern = multi("by_region");
    assert_eq!(
        parameters(&pattern),
        ["status", "region", "placedAt", "min"]
    );
    let given = values(&[
        ("status", "OPEN"),
        ("region", "eu"),
        ("placedAt", "2026-07-01"),
        ("min", "12.50"),
    ]);
    let request = pattern_request(&multi_attribute_table(), &pattern, &given).expect("valid");
    assert_eq!(
        request.key_condition,
        "#pk = :pk AND #pk2 = :pk2 AND #sk = :sk AND #sk2 >= :sk2"
    );
    let names: Vec<(&str, &str)> = request
        .params
        .names
        .iter()
        .map(|(k, v)| (k.as_str(), v.as_str()))
        .collect();
    assert_eq!(
        names,
        [
            ("#pk", "status"),
            ("#pk2", "region"),
            ("#sk", "placedAt"),
            ("#sk2", "total")
        ]
    );
    assert_eq!(request.params.values[":pk2"], AttrValue::s("R#eu"));
    assert_eq!(
        request.params.values[":sk2"],
        AttrValue::N(Number::parse("12.5").expect("valid"))
    );
    assert_eq!(request.index.as_deref(), Some("GSI3"));
}

#[test]
fn an_empty_sort_value_on_a_multi_attribute_key_leaves_it_and_the_later_ones_out() {
    let given = values(&[("status", "OPEN"), ("region", "eu"), ("placedAt", "")]);
    let request =
        pattern_request(&multi_attribute_table(), &multi("by_region"), &given).expect("valid");
    assert_eq!(request.key_condition, "#pk = :pk AND #pk2 = :pk2");
    assert!(!request.params.names.contains_key("#sk"));
}

#[test]
fn a_pattern_missing_a_partition_attribute_is_refused_naming_every_attribute() {
    let error = pattern_request(
        &multi_attribute_table(),
        &multi("by_status"),
        &values(&[("status", "OPEN")]),
    )
    .expect_err("refused");
    assert_eq!(
        error,
        "access pattern by_status: the partition key of GSI3 is status + region, and pk needs \
         a template for each attribute, in key order (it has 1)"
    );
}
