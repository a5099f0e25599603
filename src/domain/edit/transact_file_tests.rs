use super::*;
use crate::domain::value::AttrValue;

fn parsed(text: &str) -> Vec<TransactLine> {
    parse_plan(text, EditFormat::TypedJson).unwrap_or_else(|error| panic!("{error}"))
}

fn refused(text: &str) -> EditTextError {
    parse_plan(text, EditFormat::TypedJson).expect_err("refused")
}

#[test]
fn each_action_kind_parses_with_its_line_number_and_blank_lines_are_skipped() {
    let lines = parsed(concat!(
        "{\"put\": {\"PK\": \"O#1\", \"SK\": \"L#3\", \"n\": 12345678901234567890123456789012345678}}\n",
        "\n",
        "{\"update\": {\"pk\": \"O#1\", \"sk\": \"META\", \"set\": {\"a.b\": {\"$ss\": [\"x\"]}}, \"remove\": [\"note\"], \"expect_version\": 4, \"whole_item\": true}}\n",
        "{\"delete\": {\"pk\": 7}}\n",
        "{\"check\": {\"pk\": \"U#1\", \"sk\": \"P\", \"condition\": \"status = \\\"ACTIVE\\\"\"}}\n",
    ));
    assert_eq!(
        lines.iter().map(|line| line.line).collect::<Vec<_>>(),
        [1, 3, 4, 5]
    );
    let TransactOp::Put { item } = &lines[0].op else {
        panic!("{:?}", lines[0]);
    };
    assert_eq!(
        item.get("n")
            .and_then(AttrValue::as_n)
            .map(ToString::to_string),
        Some("12345678901234567890123456789012345678".to_owned())
    );
    let TransactOp::Update {
        key,
        edits,
        expect_version,
        whole_item,
    } = &lines[1].op
    else {
        panic!("{:?}", lines[1]);
    };
    assert_eq!(key.sk.as_deref(), Some("META"));
    assert_eq!(edits.len(), 2);
    assert!(matches!(edits[0].value, Some(AttrValue::Ss(_))));
    assert!(edits[1].value.is_none());
    assert_eq!(
        expect_version.as_ref().map(ToString::to_string),
        Some("4".to_owned())
    );
    assert!(*whole_item);
    assert_eq!(
        lines[2].op,
        TransactOp::Delete {
            key: KeyText {
                pk: "7".to_owned(),
                sk: None
            },
            expect_version: None
        }
    );
    assert!(matches!(
        &lines[3].op,
        TransactOp::Check {
            condition: Some(_),
            ..
        }
    ));
}

#[test]
fn mistakes_are_refused_with_their_line_and_column() {
    let cases: [(&str, usize, usize, &str); 9] = [
        ("{\"put\": {\"PK\": }}", 1, 16, ""),
        ("\n{\"remove\": {}}", 2, 2, "unknown action \"remove\""),
        (
            "{\"delete\": {\"pk\": \"a\", \"expect\": 1}}",
            1,
            24,
            "unknown field \"expect\"",
        ),
        ("{\"update\": {\"pk\": \"a\"}}", 1, 12, "nothing to change"),
        (
            "{\"update\": {\"pk\": \"a\", \"set\": {\"a..b\": 1}}}",
            1,
            32,
            "path \"a..b\"",
        ),
        ("{\"delete\": {\"sk\": \"a\"}}", 1, 12, "\"pk\""),
        (
            "{\"delete\": {\"pk\": \"a\", \"expect_version\": -1}}",
            1,
            42,
            "non-negative",
        ),
        (
            "{\"check\": {\"pk\": \"a\", \"condition\": \"a = \"}}",
            1,
            36,
            "\"condition\"",
        ),
        ("{\"put\": {}, \"delete\": {}}", 1, 1, "exactly one"),
    ];
    for (text, line, column, needle) in cases {
        let error = refused(text);
        assert_eq!(
            (error.line, error.column),
            (line, column),
            "{text}: {error}"
        );
        assert!(error.message.contains(needle), "{text}: {error}");
    }
}

#[test]
fn an_empty_plan_is_refused() {
    assert!(refused("\n  \n").message.contains("no action"));
}
