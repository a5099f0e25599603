use super::*;
use crate::backend::ExpressionParams;
use crate::domain::model::Model;

fn patterns() -> Vec<AccessPattern> {
    Model::parse(
        r##"
[[access_pattern]]
name = "orders_by_status"
index = "GSI1"
pk = "STORE#{storeId}"
sk_operator = "begins_with"
sk = "STATUS#{status}#DATE#{date}"

[[access_pattern]]
name = "user_profile"
pk = "USER#{userId}"
sk = "PROFILE"
"##,
        "model.toml",
    )
    .unwrap_or_else(|error| panic!("{error}"))
    .access_patterns
}

fn history() -> QueryHistory {
    let mut history = QueryHistory::default();
    for pk in ["USER#1", "STORE#880"] {
        let mut params = ExpressionParams::default();
        params.names.insert("#pk".to_owned(), "PK".to_owned());
        params.values.insert(":pk".to_owned(), AttrValue::s(pk));
        history.push(1, &QueryRequest::new("app", "#pk = :pk", params));
    }
    history
}

#[test]
fn an_empty_filter_lists_patterns_in_file_order_then_history_newest_first() {
    let rows = choices(&patterns(), &history(), "");
    let targets: Vec<ChoiceTarget> = rows.iter().map(|row| row.target).collect();
    assert_eq!(
        targets,
        [
            ChoiceTarget::Pattern(0),
            ChoiceTarget::Pattern(1),
            ChoiceTarget::History(1),
            ChoiceTarget::History(0),
        ]
    );
    assert_eq!(rows[2].label, r#"PK = "STORE#880""#);
    assert_eq!(
        rows[0].detail,
        "pattern on GSI1: pk STORE#{storeId}, sk begins_with STATUS#{status}#DATE#{date}"
    );
}

#[test]
fn typing_narrows_the_list_to_fuzzy_matches() {
    let rows = choices(&patterns(), &history(), "obs");
    assert_eq!(rows[0].target, ChoiceTarget::Pattern(0));
    let rows = choices(&patterns(), &history(), "store880");
    let targets: Vec<ChoiceTarget> = rows.iter().map(|row| row.target).collect();
    assert_eq!(targets, [ChoiceTarget::History(1)]);
    assert!(choices(&patterns(), &history(), "zzz").is_empty());
}

#[test]
fn summaries_replace_placeholders_with_names_and_values() {
    let mut params = ExpressionParams::default();
    params.names.insert("#sk".to_owned(), "SK".to_owned());
    params.values.insert(":pk".to_owned(), AttrValue::s("U#1"));
    params.values.insert(":n".to_owned(), AttrValue::n(42));
    let request = QueryRequest::new("app", "PK = :pk AND begins_with(#sk, :n) AND #zz", params);
    assert_eq!(
        request_summary(&request),
        r#"PK = "U#1" AND begins_with(SK, 42) AND #zz"#
    );
}

#[test]
fn a_multi_attribute_pattern_shows_every_template_of_each_key_part() {
    let model = Model::parse(
        "[[access_pattern]]\nname = \"by_region\"\nindex = \"GSI3\"\n\
         pk = [\"{status}\", \"{region}\"]\nsk_operator = \">=\"\nsk = [\"{placedAt}\", \"{total}\"]\n",
        "model.toml",
    )
    .unwrap_or_else(|error| panic!("{error}"));
    let rows = choices(&model.access_patterns, &QueryHistory::default(), "");
    assert_eq!(
        rows[0].detail,
        "pattern on GSI3: pk {status} + {region}, sk {placedAt} + {total} (>= on the last)"
    );
}
