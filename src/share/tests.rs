use std::collections::{BTreeMap, BTreeSet};

use super::aws_cli::shell_quote;
use super::*;
use crate::backend::{ExpressionParams, Select};
use crate::domain::number::Number;
use crate::domain::value::AttrValue;

fn aws(endpoint: Option<&str>, region: Option<&str>, profile: Option<&str>) -> Connection {
    Connection {
        kind: "aws".to_owned(),
        endpoint: endpoint.map(str::to_owned),
        region: region.map(str::to_owned),
        profile: profile.map(str::to_owned),
        read_only: false,
    }
}

fn request() -> QueryRequest {
    let mut params = ExpressionParams::default();
    params.names.insert("#pk".to_owned(), "PK".to_owned());
    params.names.insert("#st".to_owned(), "status".to_owned());
    params
        .values
        .insert(":pk".to_owned(), AttrValue::s("USER#O'Brien $HOME"));
    params.values.insert(
        ":big".to_owned(),
        AttrValue::N(Number::parse("12345678901234567890123456789012345678").expect("valid")),
    );
    let mut request = QueryRequest::new("app", "#pk = :pk", params);
    request.index = Some("GSI1".to_owned());
    request.filter = Some("#st <> :big".to_owned());
    request.projection = Some("PK, SK".to_owned());
    request.forward = false;
    request.consistent_read = true;
    request.limit = Some(25);
    request
}

#[test]
fn shell_quoting_keeps_every_character_literal() {
    let cases = [
        ("plain", "plain"),
        ("GSI1", "GSI1"),
        ("", "''"),
        ("a b", "'a b'"),
        ("O'Brien", r"'O'\''Brien'"),
        ("$HOME `x` \"q\" \\", r#"'$HOME `x` "q" \'"#),
        ("#pk = :pk", "'#pk = :pk'"),
    ];
    for (text, quoted) in cases {
        assert_eq!(shell_quote(text), quoted, "{text}");
    }
}

#[test]
fn shell_quoted_words_come_back_unchanged_through_a_real_shell() {
    for text in [
        "O'Brien",
        "$(rm -rf /) `x` $HOME",
        "a\nb\t'\"\\",
        "ÜNÏ'cödé",
        "''",
    ] {
        let output = std::process::Command::new("sh")
            .arg("-c")
            .arg(format!("printf %s {}", shell_quote(text)))
            .output()
            .expect("sh runs");
        assert_eq!(String::from_utf8_lossy(&output.stdout), text);
    }
}

#[test]
fn the_aws_cli_command_carries_every_part_of_the_request() {
    let command = snippet(
        SnippetKind::AwsCli,
        &request(),
        &aws(
            Some("http://127.0.0.1:8000"),
            Some("eu-west-1"),
            Some("prod-ro"),
        ),
    );
    for part in [
        "aws dynamodb query",
        "--endpoint-url http://127.0.0.1:8000",
        "--region eu-west-1",
        "--profile prod-ro",
        "--table-name app",
        "--index-name GSI1",
        "--key-condition-expression '#pk = :pk'",
        "--filter-expression '#st <> :big'",
        "--projection-expression 'PK, SK'",
        r##"--expression-attribute-names '{"#pk":"PK","#st":"status"}'"##,
        r#"--expression-attribute-values '{":big":{"N":"12345678901234567890123456789012345678"},":pk":{"S":"USER#O'\''Brien $HOME"}}'"#,
        "--no-scan-index-forward",
        "--consistent-read",
        "--page-size 25",
        "--output json",
    ] {
        assert!(command.contains(part), "{part} in:\n{command}");
    }
}

#[test]
fn defaults_leave_their_flags_out() {
    let mut plain = QueryRequest::new("app", "PK = :pk", ExpressionParams::default());
    plain
        .params
        .values
        .insert(":pk".to_owned(), AttrValue::s("U"));
    let command = snippet(SnippetKind::AwsCli, &plain, &aws(None, None, None));
    for absent in [
        "--endpoint-url",
        "--region",
        "--profile",
        "--index-name",
        "--filter-expression",
        "--projection-expression",
        "--expression-attribute-names",
        "--no-scan-index-forward",
        "--consistent-read",
        "--page-size",
        "--limit",
        "--select",
    ] {
        assert!(!command.contains(absent), "{absent} in:\n{command}");
    }
    let python = snippet(SnippetKind::Boto3, &plain, &aws(None, None, None));
    assert!(
        python.contains("client = boto3.client(\"dynamodb\")\n"),
        "{python}"
    );
    let js = snippet(SnippetKind::JavaScript, &plain, &aws(None, None, None));
    assert!(js.contains("new DynamoDBClient({});"), "{js}");
}

#[test]
fn the_scripts_name_endpoint_region_profile_and_every_request_field() {
    let connection = aws(
        Some("http://127.0.0.1:8000"),
        Some("eu-west-1"),
        Some("prod-ro"),
    );
    let python = snippet(SnippetKind::Boto3, &request(), &connection);
    for part in [
        "session = boto3.Session(profile_name=\"prod-ro\")",
        "session.client(\"dynamodb\", region_name=\"eu-west-1\", endpoint_url=\"http://127.0.0.1:8000\")",
        "\"IndexName\": \"GSI1\",",
        "\"KeyConditionExpression\": \"#pk = :pk\",",
        "\"FilterExpression\": \"#st <> :big\",",
        "\"ProjectionExpression\": \"PK, SK\",",
        "\":pk\": {\"S\": \"USER#O'Brien $HOME\"}",
        "\":big\": {\"N\": \"12345678901234567890123456789012345678\"}",
        "\"ScanIndexForward\": False,",
        "\"ConsistentRead\": True,",
        "\"Limit\": 25,",
        "request[\"ExclusiveStartKey\"] = page[\"LastEvaluatedKey\"]",
    ] {
        assert!(python.contains(part), "{part} in:\n{python}");
    }
    let js = snippet(SnippetKind::JavaScript, &request(), &connection);
    for part in [
        "require(\"@aws-sdk/client-dynamodb\")",
        "new DynamoDBClient({ region: \"eu-west-1\", endpoint: \"http://127.0.0.1:8000\", profile: \"prod-ro\" })",
        "IndexName: \"GSI1\",",
        "\":pk\": { S: \"USER#O'Brien $HOME\" }",
        "ScanIndexForward: false,",
        "ConsistentRead: true,",
        "Limit: 25,",
        "new QueryCommand({ ...input, ExclusiveStartKey })",
    ] {
        assert!(js.contains(part), "{part} in:\n{js}");
    }
}

#[test]
fn values_keep_their_exact_type_in_both_script_languages() {
    let value = AttrValue::M(BTreeMap::from([
        ("b".to_owned(), AttrValue::B(vec![0x00, b'"', 0xff, b'a'])),
        ("t".to_owned(), AttrValue::Bool(true)),
        ("z".to_owned(), AttrValue::Null),
        (
            "ss".to_owned(),
            AttrValue::Ss(BTreeSet::from(["x".to_owned(), "y\n".to_owned()])),
        ),
        (
            "ns".to_owned(),
            AttrValue::Ns(BTreeSet::from([Number::from(1), Number::from(-2)])),
        ),
        (
            "l".to_owned(),
            AttrValue::L(vec![AttrValue::Bs(BTreeSet::from([vec![1_u8]]))]),
        ),
    ]));
    assert_eq!(
        literal::value(&boto3::PYTHON, &value),
        r#"{"M": {"b": {"B": b"\x00\"\xffa"}, "l": {"L": [{"BS": [b"\x01"]}]}, "ns": {"NS": ["-2", "1"]}, "ss": {"SS": ["x", "y\n"]}, "t": {"BOOL": True}, "z": {"NULL": True}}}"#
    );
    assert_eq!(
        literal::value(&javascript::JAVASCRIPT, &value),
        r#"{ M: { "b": { B: Buffer.from("ACL/YQ==", "base64") }, "l": { L: [{ BS: [Buffer.from("AQ==", "base64")] }] }, "ns": { NS: ["-2", "1"] }, "ss": { SS: ["x", "y\n"] }, "t": { BOOL: true }, "z": { NULL: true } } }"#
    );
}

#[test]
fn a_count_query_asks_for_the_count_only() {
    let mut count = request();
    count.select = Select::Count;
    let connection = aws(None, None, None);
    assert!(snippet(SnippetKind::AwsCli, &count, &connection).contains("--select COUNT"));
    assert!(snippet(SnippetKind::Boto3, &count, &connection).contains("\"Select\": \"COUNT\","));
    assert!(snippet(SnippetKind::JavaScript, &count, &connection).contains("Select: \"COUNT\","));
}

#[test]
fn a_demo_or_file_connection_gets_a_note_and_no_endpoint() {
    let demo = Connection {
        kind: "memory".to_owned(),
        endpoint: Some("memory://demo".to_owned()),
        region: None,
        profile: None,
        read_only: false,
    };
    for kind in SnippetKind::ALL {
        let text = snippet(kind, &request(), &demo);
        assert!(
            text.contains("ddbx is reading a memory table here"),
            "{text}"
        );
        assert!(!text.contains("memory://demo"), "{text}");
    }
}
