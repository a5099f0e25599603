//! A GSI with multi-attribute keys in the embedded engine: membership, order, the query rules and
//! their wording. Each rule cites its line in docs/multi-attribute-keys.md (R1…), which names the
//! documentation it comes from.

use ddbx::backend::memory::MemoryBackend;
use ddbx::backend::{Backend, BackendError, PutRequest, QueryRequest};
use ddbx::domain::schema::{
    IndexKind, IndexSchema, KeyAttribute, KeySchema, Projection, TableDescription,
};
use ddbx::domain::value::{AttrValue, Item, ValueType};

use crate::{item, params, put, text};

pub const TABLE: &str = "Matches";
pub const INDEX: &str = "ByRegion";

/// Partition key `tournamentId + area`, sort key `round + bracket + matchNo` (N).
pub fn tournament_table() -> TableDescription {
    let s = |name: &str| KeyAttribute::new(name, ValueType::S);
    let mut table = TableDescription::new(TABLE, KeySchema::new(s("matchId"), None));
    let key = KeySchema::from_parts(
        vec![s("tournamentId"), s("area")],
        vec![
            s("round"),
            s("bracket"),
            KeyAttribute::new("matchNo", ValueType::N),
        ],
    )
    .expect("a valid multi-attribute key");
    for attribute in key.attributes() {
        table
            .attribute_types
            .insert(attribute.name.clone(), attribute.value_type);
    }
    table.indexes.push(IndexSchema {
        name: INDEX.into(),
        kind: IndexKind::Global,
        key,
        projection: Projection::All,
        item_count: None,
        size_bytes: None,
        status: None,
    });
    table
}

fn a_match(id: &str, tournament: &str, area: &str, round: &str, bracket: &str, no: i64) -> Item {
    item(&[
        ("matchId", AttrValue::s(id)),
        ("tournamentId", AttrValue::s(tournament)),
        ("area", AttrValue::s(area)),
        ("round", AttrValue::s(round)),
        ("bracket", AttrValue::s(bracket)),
        ("matchNo", AttrValue::n(no)),
    ])
}

/// Inserted out of order; m9 lacks `bracket` and m10 lacks `area`, so neither is indexed.
pub fn matches() -> Vec<Item> {
    let mut items = vec![
        a_match("m6", "W24", "NA-EAST", "SEMIFINALS", "UPPER", 2),
        a_match("m1", "W24", "NA-EAST", "FINALS", "UPPER", 1),
        a_match("m4", "W24", "NA-EAST", "SEMIFINALS", "LOWER", 10),
        a_match("m3", "W24", "NA-EAST", "SEMIFINALS", "LOWER", 9),
        a_match("m5", "W24", "NA-EAST", "SEMIFINALS", "UPPER", 1),
        a_match("m2", "W24", "NA-EAST", "QUARTERFINALS", "UPPER", 1),
        a_match("m7", "W24", "EU-WEST", "SEMIFINALS", "UPPER", 1),
        a_match("m8", "S25", "NA-EAST", "SEMIFINALS", "UPPER", 1),
    ];
    let mut no_bracket = a_match("m9", "W24", "NA-EAST", "SEMIFINALS", "UPPER", 3);
    no_bracket.remove("bracket");
    let mut no_region = a_match("m10", "W24", "NA-EAST", "SEMIFINALS", "UPPER", 4);
    no_region.remove("area");
    items.extend([no_bracket, no_region]);
    items
}

pub fn engine() -> MemoryBackend {
    MemoryBackend::new(tournament_table(), matches()).expect("valid items")
}

fn request(condition: &str, values: &[(&str, AttrValue)]) -> QueryRequest {
    let mut request = QueryRequest::new(TABLE, condition, params(&[], values));
    request.index = Some(INDEX.into());
    request
}

async fn ids(engine: &MemoryBackend, request: QueryRequest) -> Result<Vec<String>, String> {
    match engine.query(request).await {
        Ok(page) => Ok(page
            .items
            .iter()
            .map(|item| text(item, "matchId").to_owned())
            .collect()),
        Err(BackendError::Validation(message)) => Err(message),
        Err(other) => panic!("not a validation error: {other}"),
    }
}

fn values() -> Vec<(&'static str, AttrValue)> {
    vec![
        (":t", AttrValue::s("W24")),
        (":r", AttrValue::s("NA-EAST")),
        (":round", AttrValue::s("SEMIFINALS")),
        (":b", AttrValue::s("UPPER")),
        (":low", AttrValue::s("LOWER")),
        (":n", AttrValue::n(2)),
        (":n9", AttrValue::n(9)),
        (":p", AttrValue::s("SEMI")),
        (":num", AttrValue::n(1)),
    ]
}

/// A condition and the matches it returns in order, or the service's message.
type Case = (
    &'static str,
    &'static str,
    Result<&'static [&'static str], &'static str>,
);

const ACCEPTED: &[Case] = &[
    (
        "R6 equality on every partition attribute; R4 order by round, bracket, matchNo",
        "tournamentId = :t AND area = :r",
        Ok(&["m1", "m2", "m3", "m4", "m5", "m6"]),
    ),
    (
        "R6 the partition attributes in any order in the expression",
        "area = :r AND tournamentId = :t",
        Ok(&["m1", "m2", "m3", "m4", "m5", "m6"]),
    ),
    (
        "R7 the first sort attribute alone",
        "tournamentId = :t AND area = :r AND round = :round",
        Ok(&["m3", "m4", "m5", "m6"]),
    ),
    (
        "R7 the first two sort attributes by equality",
        "tournamentId = :t AND area = :r AND round = :round AND bracket = :b",
        Ok(&["m5", "m6"]),
    ),
    (
        "R8 a range condition on the last attribute used",
        "tournamentId = :t AND area = :r AND round = :round AND bracket = :b AND matchNo >= :n",
        Ok(&["m6"]),
    ),
    (
        "R8 begins_with on the first sort attribute",
        "tournamentId = :t AND area = :r AND begins_with(round, :p)",
        Ok(&["m3", "m4", "m5", "m6"]),
    ),
    (
        "R8 BETWEEN on the third sort attribute, numbers compared numerically (R4)",
        "tournamentId = :t AND area = :r AND round = :round AND bracket = :low AND matchNo BETWEEN :n AND :n9",
        Ok(&["m3"]),
    ),
    (
        "R8 an inequality on the second sort attribute",
        "tournamentId = :t AND area = :r AND round = :round AND bracket > :low",
        Ok(&["m5", "m6"]),
    ),
];

const REFUSED: &[Case] = &[
    (
        "R6 a partition attribute left out",
        "tournamentId = :t",
        Err("Query condition missed key schema element: area"),
    ),
    (
        "R6 a partition attribute left out, sort attributes given",
        "tournamentId = :t AND round = :round",
        Err("Query condition missed key schema element: area"),
    ),
    (
        "R6 a range condition on a partition attribute",
        "tournamentId = :t AND area > :r",
        Err("Query key condition not supported"),
    ),
    (
        "R6 begins_with on a partition attribute",
        "tournamentId = :t AND begins_with(area, :r)",
        Err("Query key condition not supported"),
    ),
    (
        "R7 a sort attribute skipped",
        "tournamentId = :t AND area = :r AND bracket = :b",
        Err("Query condition missed key schema element: round"),
    ),
    (
        "R7 a sort attribute skipped in the middle",
        "tournamentId = :t AND area = :r AND round = :round AND matchNo = :n",
        Err("Query condition missed key schema element: bracket"),
    ),
    (
        "R8 a range condition before the last attribute used",
        "tournamentId = :t AND area = :r AND round > :round AND bracket = :b",
        Err("Query key condition not supported"),
    ),
    (
        "R8 begins_with before the last attribute used",
        "tournamentId = :t AND area = :r AND begins_with(round, :p) AND bracket = :b",
        Err("Query key condition not supported"),
    ),
    (
        "R9 two conditions on one attribute",
        "tournamentId = :t AND area = :r AND round = :round AND round = :round",
        Err("KeyConditionExpressions must only contain one condition per key"),
    ),
    (
        "R10 a condition on an attribute outside the index key",
        "tournamentId = :t AND area = :r AND matchId = :t",
        Err("Query condition missed key schema element: round"),
    ),
    (
        "R11 a value of the wrong type for a partition attribute",
        "tournamentId = :num AND area = :r",
        Err(
            "One or more parameter values were invalid: Condition parameter type does not match schema type",
        ),
    ),
    (
        "R11 a value of the wrong type for a sort attribute",
        "tournamentId = :t AND area = :r AND round = :round AND bracket = :b AND matchNo = :b",
        Err(
            "One or more parameter values were invalid: Condition parameter type does not match schema type",
        ),
    ),
    (
        "R11 begins_with on a number attribute",
        "tournamentId = :t AND area = :r AND round = :round AND bracket = :b AND begins_with(matchNo, :n)",
        Err(
            "Invalid KeyConditionExpression: Incorrect operand type for operator or function; operator or function: begins_with, operand type: N",
        ),
    ),
];

#[tokio::test]
async fn every_documented_query_rule_accepts_and_refuses_with_the_service_wording() {
    let engine = engine();
    for (rule, condition, expected) in ACCEPTED.iter().chain(REFUSED) {
        // Only the placeholders a condition uses: the service refuses unused ones.
        let used: Vec<(&str, AttrValue)> = values()
            .into_iter()
            .filter(|(name, _)| {
                condition
                    .split(|c: char| !(c.is_alphanumeric() || c == ':'))
                    .any(|token| token == *name)
            })
            .collect();
        let got = ids(&engine, request(condition, &used)).await;
        let expected = expected
            .map(|ids| ids.iter().map(|id| (*id).to_owned()).collect::<Vec<_>>())
            .map_err(str::to_owned);
        assert_eq!(got, expected, "{rule}: {condition}");
    }
}

#[tokio::test]
async fn descending_queries_reverse_the_tuple_order() {
    let engine = engine();
    let mut request = request(
        "tournamentId = :t AND area = :r AND round = :round",
        &[
            (":t", AttrValue::s("W24")),
            (":r", AttrValue::s("NA-EAST")),
            (":round", AttrValue::s("SEMIFINALS")),
        ],
    );
    request.forward = false;
    assert_eq!(
        ids(&engine, request).await,
        Ok(vec!["m6".into(), "m5".into(), "m4".into(), "m3".into()])
    );
}

#[tokio::test]
async fn pages_of_a_multi_attribute_index_resume_from_a_cursor_of_every_key_attribute() {
    let engine = engine();
    let mut request = request(
        "tournamentId = :t AND area = :r AND round = :round",
        &[
            (":t", AttrValue::s("W24")),
            (":r", AttrValue::s("NA-EAST")),
            (":round", AttrValue::s("SEMIFINALS")),
        ],
    );
    request.limit = Some(3);
    let first = engine.query(request.clone()).await.expect("first page");
    let cursor = first.last_evaluated_key.clone().expect("a cursor");
    let mut names: Vec<&str> = cursor.keys().map(String::as_str).collect();
    names.sort_unstable();
    assert_eq!(
        names,
        [
            "area",
            "bracket",
            "matchId",
            "matchNo",
            "round",
            "tournamentId"
        ],
        "R12: the cursor holds the table key and every index key attribute"
    );
    request.start_key = Some(cursor);
    let second = engine.query(request).await.expect("second page");
    let ids: Vec<&str> = first
        .items
        .iter()
        .chain(&second.items)
        .map(|item| text(item, "matchId"))
        .collect();
    assert_eq!(ids, ["m3", "m4", "m5", "m6"]);
}

#[tokio::test]
async fn a_filter_may_not_name_any_key_attribute_of_the_index() {
    let engine = engine();
    let mut request = request(
        "tournamentId = :t AND area = :r",
        &[
            (":t", AttrValue::s("W24")),
            (":r", AttrValue::s("NA-EAST")),
            (":b", AttrValue::s("UPPER")),
        ],
    );
    request.filter = Some("bracket = :b".into());
    assert_eq!(
        ids(&engine, request).await,
        Err("Filter Expression can only contain non-primary key attributes: Primary key attribute: bracket".into()),
        "R13"
    );
}

fn write(item: Item) -> PutRequest {
    put(TABLE, item, "attribute_not_exists(matchId)")
}

#[tokio::test]
async fn writes_refuse_a_key_attribute_of_the_wrong_type_or_empty_even_when_another_is_missing() {
    let engine = engine();
    let mut wrong = a_match("w1", "W24", "NA-EAST", "FINALS", "UPPER", 1);
    wrong.insert("bracket".into(), AttrValue::n(1));
    wrong.remove("area");
    let mut empty = a_match("w2", "W24", "", "FINALS", "UPPER", 1);
    empty.remove("matchNo");
    let cases = [
        (
            wrong,
            "One or more parameter values were invalid: Type mismatch for Index Key bracket Expected: S Actual: N IndexName: ByRegion",
        ),
        (
            empty,
            "One or more parameter values are not valid. A value specified for a secondary index key is not supported. The AttributeValue for a key attribute cannot contain an empty string value. IndexName: ByRegion, IndexKey: area",
        ),
    ];
    for (item, message) in cases {
        match engine.put_item(write(item)).await {
            Err(BackendError::Validation(got)) => assert_eq!(got, message, "R3"),
            other => panic!("expected a validation error, got {other:?}"),
        }
    }
}

/// The query builder's form on a multi-attribute index: one typed field per key attribute, the
/// request it builds run by the engine, and a gap in the sort attributes refused on its field.
#[tokio::test]
async fn the_query_builder_sends_one_typed_field_per_key_attribute() {
    use ddbx::domain::query_spec::{Field, QuerySpec, SortChoice, build_query};
    let table = tournament_table();
    let spec = QuerySpec {
        index: Some(INDEX.into()),
        partition: "W24".into(),
        more_partition: vec!["NA-EAST".into()],
        sort_prefix: vec!["SEMIFINALS".into(), "UPPER".into()],
        sort: SortChoice::Ge,
        sort_value: "2".into(),
        ..QuerySpec::default()
    };
    let built = build_query(&table, &spec).expect("a valid form");
    assert_eq!(
        built.request.key_condition,
        "#pk = :pk AND #pk1 = :pk1 AND #sk0 = :sk0 AND #sk1 = :sk1 AND #sk >= :sk"
    );
    assert_eq!(built.request.params.names["#sk"], "matchNo");
    assert_eq!(built.request.params.values[":sk"], AttrValue::n(2));
    // Every share snippet carries the whole key condition and every attribute name.
    let connection = ddbx::backend::Connection {
        kind: "aws".into(),
        endpoint: None,
        region: Some("us-east-1".into()),
        profile: None,
        read_only: true,
    };
    for kind in ddbx::share::SnippetKind::ALL {
        let text = ddbx::share::snippet(kind, &built.request, &connection);
        for needle in [
            built.request.key_condition.as_str(),
            "tournamentId",
            "area",
            "round",
            "bracket",
            "matchNo",
            "NA-EAST",
            "SEMIFINALS",
        ] {
            assert!(
                text.contains(needle),
                "{} lacks {needle}:\n{text}",
                kind.label()
            );
        }
    }
    assert_eq!(
        ids(&engine(), built.request).await,
        Ok(vec!["m6".to_owned()])
    );
    let gap = QuerySpec {
        sort_prefix: vec![String::new(), "UPPER".into()],
        sort: SortChoice::None,
        ..spec.clone()
    };
    let errors = build_query(&table, &gap).expect_err("a gap");
    assert_eq!(errors[0].field, Field::SortPrefix(1));
    assert_eq!(
        errors[0].message,
        "fill `round` first: sort key attributes are used left to right, without a gap"
    );
    let untyped = QuerySpec {
        sort_prefix: vec!["SEMIFINALS".into(), "UPPER".into()],
        sort_value: "two".into(),
        ..spec
    };
    let errors = build_query(&table, &untyped).expect_err("not a number");
    assert_eq!(errors[0].field, Field::SortValue);
    assert!(
        errors[0].message.contains("`matchNo` has type N"),
        "{}",
        errors[0].message
    );
}
