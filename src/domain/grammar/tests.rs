use proptest::prelude::*;

use super::*;

/// `label=value` chips, or the bare value.
fn chips(decode: &KeyDecode<'_>) -> Vec<String> {
    decode
        .parts()
        .iter()
        .map(|part| match &part.label {
            Some(label) => format!("{label}={}", part.value),
            None => part.value.to_owned(),
        })
        .collect()
}

fn levels(key: &str) -> Vec<&str> {
    collection_levels(key).iter().collect()
}

/// Key, whether it is a sort key, chips, entity, collection.
type ElectroDbCase<'a> = (
    &'a str,
    bool,
    &'a [&'a str],
    Option<&'a str>,
    Option<&'a str>,
);

#[test]
fn electrodb_keys_read_as_labelled_parts() {
    let cases: &[ElectroDbCase<'_>] = &[
        (
            "$taskapp#employee_e039",
            false,
            &["service=taskapp", "employee=e039"],
            None,
            None,
        ),
        (
            "$taskapp#country_usa#state_wa",
            false,
            &["service=taskapp", "country=usa", "state=wa"],
            None,
            None,
        ),
        ("$taskapp", false, &["service=taskapp"], None, None),
        (
            "$task_1#project_proj4#employee_e039",
            true,
            &["entity=task_1", "project=proj4", "employee=e039"],
            Some("task"),
            None,
        ),
        (
            "$employee_1",
            true,
            &["entity=employee_1"],
            Some("employee"),
            None,
        ),
        (
            "$assignments#task_1#project_proj1",
            true,
            &["collection=assignments", "entity=task_1", "project=proj1"],
            Some("task"),
            Some("assignments"),
        ),
        (
            "$workplaces#office_1",
            true,
            &["collection=workplaces", "entity=office_1"],
            Some("office"),
            Some("workplaces"),
        ),
        (
            "$order_item_3#line_2",
            true,
            &["entity=order_item_3", "line=2"],
            Some("order_item"),
            None,
        ),
        // Values may hold `_`, and `#` when the piece after it has no label.
        (
            "$taskapp#office_portland_hq",
            false,
            &["service=taskapp", "office=portland_hq"],
            None,
            None,
        ),
        (
            "$x_1#title_a#b#team_c",
            true,
            &["entity=x_1", "title=a#b", "team=c"],
            Some("x"),
            None,
        ),
        (
            "$x_1#title_",
            true,
            &["entity=x_1", "title="],
            Some("x"),
            None,
        ),
        (
            "$helpdesk#queue_tech_support",
            false,
            &["service=helpdesk", "queue=tech_support"],
            None,
            None,
        ),
    ];
    for (key, sort, expected, entity, collection) in cases {
        let decode = decode_key(key, *sort);
        assert_eq!(decode.grammar, Grammar::ElectroDb, "{key}");
        assert_eq!(chips(&decode), *expected, "{key}");
        assert_eq!(decode.entity, *entity, "{key}");
        assert_eq!(decode.collection, *collection, "{key}");
        assert_eq!(decode.join(), *key);
    }
}

#[test]
fn keys_that_only_resemble_electrodb_fall_back_to_separators() {
    for (key, sort) in [
        ("$taskapp##x", false),
        ("$#x", false),
        ("$", false),
        ("$task#nolabel", true),
        ("$workplaces", true),
        ("$taskapp#1_x", false),
        ("taskapp#employee_e1", false),
    ] {
        let decode = decode_key(key, sort);
        assert_eq!(decode.grammar, Grammar::Separators, "{key}");
        assert_eq!(decode.join(), key);
    }
}

#[test]
fn hand_rolled_keys_read_with_every_separator() {
    let cases: &[(&str, &str, &[&str])] = &[
        ("USER#usr_1001", "#", &["user=usr_1001"]),
        (
            "STATUS#PENDING#DATE#2026-07-18",
            "#",
            &["status=PENDING", "date=2026-07-18"],
        ),
        (
            "ORDER#2026-07-01#ord_9",
            "#",
            &["ORDER", "2026-07-01", "ord_9"],
        ),
        ("TENANT#t1#USER#u9", "#", &["tenant=t1", "user=u9"]),
        ("USER#u1#PROFILE", "#", &["user=u1", "PROFILE"]),
        ("user#123", "#", &["user=123"]),
        ("account#", "#", &["account="]),
        ("USER|usr_1|ORDER|o2", "|", &["user=usr_1", "order=o2"]),
        ("user:123", ":", &["user=123"]),
        (
            "EVENT:2026-07-18T10:00:00Z:evt_1",
            ":",
            &["EVENT", "2026-07-18T10:00:00Z", "evt_1"],
        ),
        ("ns::Type", "::", &["ns=Type"]),
        ("tenant::t1::user::u9", "::", &["tenant=t1", "user=u9"]),
        ("user/42", "/", &["user=42"]),
        ("ORG~o1~TEAM~t2", "~", &["org=o1", "team=t2"]),
        // Ids, numbers and dates are values, never labels.
        (
            "6f1c2d3e-0000-4000-8000-000000000000#ORDER",
            "#",
            &["6f1c2d3e-0000-4000-8000-000000000000", "ORDER"],
        ),
        (
            "01ARZ3NDEKTSV4RRFFQ69G5FAV#x",
            "#",
            &["01ARZ3NDEKTSV4RRFFQ69G5FAV", "x"],
        ),
        ("1752832800#EVENT", "#", &["1752832800", "EVENT"]),
        ("2026-07-18/report", "", &["2026-07-18/report"]),
        ("https://example.com/a", "", &["https://example.com/a"]),
        ("METADATA", "", &["METADATA"]),
        ("usr_1001", "", &["usr_1001"]),
    ];
    for (key, separator, expected) in cases {
        let decode = decode_key(key, true);
        assert_eq!(decode.grammar, Grammar::Separators, "{key}");
        assert_eq!(decode.separator, *separator, "{key}");
        assert_eq!(chips(&decode), *expected, "{key}");
        assert_eq!(decode.join(), *key);
    }
}

#[test]
fn adversarial_keys_rejoin_exactly() {
    let long = format!("$svc#name_{}", "x#".repeat(1024));
    let long_pairs = "USER#".repeat(400);
    for key in [
        "",
        "#",
        "##",
        "###",
        "#a#",
        "a##b",
        "$",
        "$$",
        "$_#_",
        "注文#1",
        "ユーザー#u1#注文#o1",
        "USER#ü#ORDER#☃",
        "$svc#naïve_välue",
        "::",
        "a::",
        "::b",
        "~",
        "a~~b",
        "/",
        "//x",
        "a:b:",
        ":a",
        "$x_1#",
        "$x_1##",
        long.as_str(),
        long_pairs.as_str(),
    ] {
        for sort in [false, true] {
            let decode = decode_key(key, sort);
            assert_eq!(decode.join(), key, "{key:?}");
            assert!(!decode.segments.is_empty());
        }
        let _ = levels(key);
    }
    let decode = decode_key(&long, false);
    assert_eq!(decode.grammar, Grammar::ElectroDb);
    assert_eq!(decode.segments.len(), 2);
}

#[test]
fn collection_levels_follow_services_and_tenants() {
    let cases: &[(&str, &[&str])] = &[
        ("$taskapp#employee_e001", &["$taskapp", "employee"]),
        ("$taskapp#country_usa#state_wa", &["$taskapp", "country"]),
        ("$taskapp", &["$taskapp"]),
        ("TENANT#t1#USER#u9", &["TENANT", "USER"]),
        ("TENANT#t1#USER#u9#ORDER#o1", &["TENANT", "USER"]),
        ("USER#usr_1001", &["USER"]),
        ("ORDER#2026-07-01#ord_9", &["ORDER"]),
        ("account#acc1", &["account"]),
        ("_schema", &[]),
        ("METADATA", &["METADATA"]),
        ("usr_1001", &[]),
        ("6f1c2d3e-0000-4000-8000-000000000000", &[]),
        ("tenant::t1", &["tenant"]),
    ];
    for (key, expected) in cases {
        assert_eq!(levels(key), *expected, "{key}");
    }
}

/// The attributes ElectroDB 3.9 writes for a `shift_log` put with snake_case composites.
fn snake_case_item() -> crate::domain::value::Item {
    use crate::domain::value::AttrValue;
    [
        ("employee_id", "emp_0039"),
        ("shift_date", "2026-07-01"),
        ("team_name", "Night_Ops"),
        ("pk", "$task_app#employee_id_emp_0039"),
        (
            "sk",
            "$shift_log_2#shift_date_2026-07-01#team_name_night_ops",
        ),
        ("__edb_e__", "shift_log"),
        ("__edb_v__", "2"),
    ]
    .into_iter()
    .map(|(name, value)| (name.to_owned(), AttrValue::s(value)))
    .collect()
}

#[test]
fn snake_case_electrodb_labels_end_where_the_item_s_attribute_names_say() {
    let item = snake_case_item();
    let cases = [
        (
            "$task_app#employee_id_emp_0039",
            false,
            vec!["service=task_app", "employee_id=emp_0039"],
        ),
        (
            "$shift_log_2#shift_date_2026-07-01#team_name_night_ops",
            true,
            vec![
                "entity=shift_log_2",
                "shift_date=2026-07-01",
                "team_name=night_ops",
            ],
        ),
    ];
    for (key, sort, expected) in cases {
        let decode = decode_item_key(key, sort, &item);
        assert_eq!(chips(&decode), expected, "{key}");
        assert_eq!(decode.join(), key);
        // From the key alone the label ends at the first `_`.
        assert_ne!(chips(&decode_key(key, sort)), expected, "{key}");
    }
    let levels: Vec<&str> = item_collection_levels("$task_app#employee_id_emp_0039", &item)
        .iter()
        .collect();
    assert_eq!(levels, ["$task_app", "employee_id"]);
}

#[test]
fn an_attribute_name_that_only_starts_the_label_does_not_cut_it() {
    let mut item = snake_case_item();
    item.insert(
        "employee".to_owned(),
        crate::domain::value::AttrValue::s("x"),
    );
    let decode = decode_item_key("$task_app#employee_id_emp_0039", false, &item);
    assert_eq!(chips(&decode), ["service=task_app", "employee_id=emp_0039"]);
    // A hand-rolled key is never relabelled.
    let decode = decode_item_key("USER#employee_id_1", false, &item);
    assert_eq!(decode.grammar, Grammar::Separators);
}

#[test]
fn lower_cased_dates_are_timestamps() {
    let decode = decode_key(
        "$ticket_2#openedat_2026-07-01t09:30:00.000z#ticketid_01j0",
        true,
    );
    let parts = decode.parts();
    assert!(matches!(
        parts[1].kind,
        crate::domain::composite_key::PartKind::Timestamp(_)
    ));
    assert_eq!(parts[1].label.as_deref(), Some("openedat"));
}

proptest! {
    #[test]
    fn decoding_never_panics_and_rejoins_byte_for_byte(key in any::<String>(), sort in any::<bool>()) {
        let decode = decode_key(&key, sort);
        prop_assert_eq!(decode.join(), key.clone());
        let _ = decode.parts();
        let found = levels(&key);
        for level in found {
            prop_assert!(key.contains(level));
        }
    }

    #[test]
    fn key_shaped_text_rejoins(key in "[$A-Za-z0-9_#|:~/.-]{0,60}", sort in any::<bool>()) {
        let decode = decode_key(&key, sort);
        prop_assert_eq!(decode.join(), key.clone());
    }
}
