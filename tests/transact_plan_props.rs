//! The transaction plan parser returns on any input — never panics, never overflows the stack —
//! and every refusal points inside the text: a line that exists, a column on that line.

use ddbx::domain::edit::EditFormat;
use ddbx::domain::edit::transact_file::parse_plan;
use proptest::prelude::*;

/// Pieces of plans, valid and broken, glued at random so the parser meets near-misses.
const FRAGMENTS: &[&str] = &[
    "{",
    "}",
    "[",
    "]",
    ":",
    ",",
    "\"",
    "\n",
    " ",
    "\"put\"",
    "\"update\"",
    "\"delete\"",
    "\"check\"",
    "\"pk\"",
    "\"sk\"",
    "\"set\"",
    "\"remove\"",
    "\"expect_version\"",
    "\"whole_item\"",
    "\"condition\"",
    "\"PK\"",
    "\"a.b[2]\"",
    "\"a..b\"",
    "\"`x\"",
    "\"qty = 3\"",
    "\"attribute_not_exists(PK)\"",
    "\"a = \"",
    "{\"$ss\": []}",
    "{\"$ns\": [1, 1.0]}",
    "{\"$b\": \"!!\"}",
    "{\"S\": \"x\"}",
    "{\"N\": 1}",
    "123456789012345678901234567890123456789",
    "-1",
    "7",
    "1e400",
    "true",
    "null",
    "\"\\u0000\"",
    "\"\\ud800\"",
    "é",
];

fn glued() -> impl Strategy<Value = String> {
    prop::collection::vec(prop::sample::select(FRAGMENTS), 0..40).prop_map(|parts| parts.concat())
}

fn refusal_points_inside(text: &str, format: EditFormat) {
    if let Err(error) = parse_plan(text, format) {
        let lines: Vec<&str> = text.lines().collect();
        assert!(error.line >= 1, "{error}");
        assert!(error.column >= 1, "{error}");
        if let Some(line) = lines.get(error.line - 1) {
            assert!(
                error.column <= line.chars().count() + 1,
                "column past the end of line {}: {error}",
                error.line
            );
        } else {
            // Only an empty plan is refused without a line of its own.
            assert!(
                text.trim().is_empty(),
                "line {} of {}: {error}",
                error.line,
                lines.len()
            );
        }
    }
}

proptest! {
    #[test]
    fn any_text_is_parsed_or_refused_with_a_place_in_it(text in "\\PC*") {
        refusal_points_inside(&text, EditFormat::TypedJson);
        refusal_points_inside(&text, EditFormat::DdbJson);
    }

    #[test]
    fn glued_plan_fragments_are_parsed_or_refused_with_a_place_in_them(text in glued()) {
        refusal_points_inside(&text, EditFormat::TypedJson);
        refusal_points_inside(&text, EditFormat::DdbJson);
    }

    #[test]
    fn deep_nesting_is_refused_not_a_stack_overflow(depth in 1usize..5000) {
        let text = format!("{{\"put\": {{\"PK\": {}1{}}}}}", "[".repeat(depth), "]".repeat(depth));
        refusal_points_inside(&text, EditFormat::TypedJson);
    }
}
