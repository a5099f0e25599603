//! Property tests: the parser never panics (whatever the bytes, whatever the size or nesting),
//! `parse(render(ast)) == ast` for every expression kind, and the condition evaluator agrees
//! with a small independent reference on random items.

mod expr_support;

use std::collections::BTreeMap;

use ddbx::domain::ddb_json::to_json;
use ddbx::domain::expr::ast::{
    Comparator, Condition, Function, Operand, Path, PathElement, ProjectionExpr, SetAction,
    SetValue, UpdateExpr, UpdateOperand, Value, ValueAction,
};
use ddbx::domain::expr::eval::evaluate_condition;
use ddbx::domain::expr::render::Renderer;
use ddbx::domain::expr::{
    ExprKind, ExpressionParams, Span, WireRequest, parse_friendly_condition,
    parse_friendly_projection, parse_friendly_update,
};
use ddbx::domain::number::Number;
use ddbx::domain::value::{AttrValue, Item};
use proptest::prelude::*;

// ---------- never panics ----------

const FRAGMENTS: &[&str] = &[
    "a",
    "#n",
    ":v",
    " ",
    "AND ",
    "OR ",
    "NOT ",
    "(",
    ")",
    "[",
    "]",
    "0",
    "12",
    ".",
    ",",
    "=",
    "<",
    "<>",
    ">=",
    "BETWEEN ",
    "IN ",
    "size(",
    "contains(",
    "attribute_exists(",
    "if_not_exists(",
    "list_append(",
    "SET ",
    "REMOVE ",
    "ADD ",
    "DELETE ",
    "+",
    "-",
    "\"",
    "\\",
    "`",
    "{",
    "}",
    "0x",
    "ff",
    "1e5",
    "true",
    "é",
    "\u{0}",
    "\u{202e}",
    "status",
    "_x",
    "#",
    ":",
];

fn parse_everything(text: &str) {
    let mut params = ExpressionParams::default();
    params.names.insert("#n".into(), "n".into());
    params.values.insert(":v".into(), AttrValue::n(1));
    for kind in [
        ExprKind::Condition,
        ExprKind::Filter,
        ExprKind::KeyCondition,
    ] {
        let _ = WireRequest::new(&params).condition(kind, text);
        let _ = parse_friendly_condition(kind, text, &params);
    }
    let _ = WireRequest::new(&params).update(text);
    let _ = WireRequest::new(&params).projection(text);
    let _ = parse_friendly_update(text, &params);
    let _ = parse_friendly_projection(text, &params);
    let _ = ddbx::domain::expr::complete::complete(text, text.len() / 2, ExprKind::Filter, &["a"]);
    let _ = ddbx::domain::expr::complete::complete(text, text.len(), ExprKind::Update, &["a-b"]);
}

proptest! {
    #[test]
    fn parser_never_panics_on_arbitrary_text(text in any::<String>()) {
        parse_everything(&text);
    }

    #[test]
    fn parser_never_panics_on_lossy_decoded_bytes(bytes in prop::collection::vec(any::<u8>(), 0..300)) {
        parse_everything(&String::from_utf8_lossy(&bytes));
    }

    #[test]
    fn parser_never_panics_on_grammar_shaped_noise(pieces in prop::collection::vec(prop::sample::select(FRAGMENTS), 0..200)) {
        parse_everything(&pieces.concat());
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(8))]
    #[test]
    fn parser_never_panics_on_100_kb_inputs(pieces in prop::collection::vec(prop::sample::select(FRAGMENTS), 25_000..30_000)) {
        let text = pieces.concat();
        prop_assert!(text.len() >= 100_000 || pieces.len() >= 25_000);
        parse_everything(&text);
    }
}

#[test]
fn deep_nesting_is_rejected_without_overflowing_the_stack() {
    let deep = [
        "(".repeat(100_000),
        "NOT ".repeat(50_000) + "a = :v",
        format!("{}a = :v{}", "(".repeat(50_000), ")".repeat(50_000)),
        format!(
            "SET x = {}a{}",
            "if_not_exists(a, ".repeat(30_000),
            ")".repeat(30_000)
        ),
        format!("a IN ({})", vec![":v"; 40_000].join(",")),
        "a".to_owned() + &".b".repeat(50_000) + " = :v",
        format!("a = {}1{}", "[".repeat(50_000), "]".repeat(50_000)),
        format!("a = {}", "{".repeat(50_000)),
    ];
    for text in deep {
        let mut params = ExpressionParams::default();
        params.values.insert(":v".into(), AttrValue::n(1));
        let friendly = parse_friendly_condition(ExprKind::Filter, &text, &params);
        let update = parse_friendly_update(&text, &params);
        assert!(
            friendly.is_err() || update.is_err(),
            "{} bytes accepted",
            text.len()
        );
    }
}

// ---------- round trip ----------

fn name() -> impl Strategy<Value = String> {
    prop_oneof![
        prop::sample::select(vec![
            "a",
            "PK",
            "SK",
            "status",
            "name",
            "data",
            "Count",
            "order-id",
            "1st",
            "_x",
            "a.b",
            "with space",
            "é",
            "n0",
            "#n0",
            ":v0",
            "`",
            "REMOVE",
            "and",
        ])
        .prop_map(str::to_owned),
        "[a-zA-Z][a-zA-Z0-9_]{0,6}",
        any::<String>().prop_filter("names are never empty", |s| !s.is_empty()),
    ]
}

fn path() -> impl Strategy<Value = Path> {
    (
        name(),
        prop::collection::vec(
            prop_oneof![
                name().prop_map(PathElement::Name),
                (0usize..20).prop_map(PathElement::Index)
            ],
            0..4,
        ),
    )
        .prop_map(|(root, rest)| {
            let mut elements = vec![PathElement::Name(root)];
            elements.extend(rest);
            Path {
                elements,
                span: Span::default(),
            }
        })
}

fn number() -> impl Strategy<Value = Number> {
    prop_oneof![
        any::<i64>().prop_map(Number::from),
        "-?[0-9]{1,20}(\\.[0-9]{1,17})?(e-?[0-9]{1,2})?"
            .prop_filter_map("storable", |text| Number::parse(&text).ok()),
    ]
}

fn scalar() -> impl Strategy<Value = AttrValue> {
    prop_oneof![
        any::<String>().prop_map(AttrValue::S),
        number().prop_map(AttrValue::N),
        prop::collection::vec(any::<u8>(), 0..8).prop_map(AttrValue::B),
    ]
}

fn any_value() -> impl Strategy<Value = AttrValue> {
    let leaf = prop_oneof![
        scalar(),
        any::<bool>().prop_map(AttrValue::Bool),
        Just(AttrValue::Null),
        prop::collection::btree_set(any::<String>(), 1..4).prop_map(AttrValue::Ss),
        prop::collection::btree_set(number(), 1..4).prop_map(AttrValue::Ns),
        prop::collection::btree_set(prop::collection::vec(any::<u8>(), 0..4), 1..4)
            .prop_map(AttrValue::Bs),
    ];
    leaf.prop_recursive(2, 8, 3, |inner| {
        prop_oneof![
            prop::collection::vec(inner.clone(), 0..3).prop_map(AttrValue::L),
            prop::collection::btree_map(any::<String>(), inner, 0..3).prop_map(AttrValue::M),
        ]
    })
}

fn value(v: AttrValue) -> Value {
    Value {
        value: v,
        span: Span::default(),
    }
}

fn val(v: AttrValue) -> Operand {
    Operand::Value(value(v))
}

fn leaf_condition() -> impl Strategy<Value = Condition> {
    let span = Span::default();
    let comparator = prop::sample::select(vec![
        Comparator::Lt,
        Comparator::Le,
        Comparator::Gt,
        Comparator::Ge,
    ]);
    prop_oneof![
        (path(), prop::bool::ANY, any_value()).prop_map(move |(p, eq, v)| Condition::Compare {
            left: Operand::Path(p),
            op: if eq { Comparator::Eq } else { Comparator::Ne },
            right: val(v),
            span,
        }),
        (path(), comparator.clone(), scalar()).prop_map(move |(p, op, v)| Condition::Compare {
            left: val(v),
            op,
            right: Operand::Path(p),
            span,
        }),
        (path(), comparator, number()).prop_map(move |(p, op, v)| Condition::Compare {
            left: Operand::Size { path: p, span },
            op,
            right: val(AttrValue::N(v)),
            span,
        }),
        (path(), number(), number()).prop_map(move |(p, a, b)| {
            let (low, high) = if a <= b { (a, b) } else { (b, a) };
            Condition::Between {
                operand: Operand::Path(p),
                low: val(AttrValue::N(low)),
                high: val(AttrValue::N(high)),
                span,
            }
        }),
        (path(), prop::collection::vec(any_value(), 1..5)).prop_map(move |(p, vs)| Condition::In {
            operand: Operand::Path(p),
            candidates: vs.into_iter().map(val).collect(),
            span,
        }),
        path().prop_map(move |p| Condition::Function {
            function: Function::AttributeExists(p),
            span
        }),
        path().prop_map(move |p| Condition::Function {
            function: Function::AttributeNotExists(p),
            span
        }),
        (
            path(),
            prop::sample::select(vec![
                "S", "N", "B", "BOOL", "NULL", "M", "L", "SS", "NS", "BS"
            ])
        )
            .prop_map(move |(p, t)| Condition::Function {
                function: Function::AttributeType(p, val(AttrValue::s(t))),
                span
            }),
        (path(), any::<String>()).prop_map(move |(p, prefix)| Condition::Function {
            function: Function::BeginsWith(Operand::Path(p), val(AttrValue::S(prefix))),
            span,
        }),
        (path(), any_value()).prop_map(move |(p, v)| Condition::Function {
            function: Function::Contains(Operand::Path(p), val(v)),
            span,
        }),
    ]
}

fn condition() -> impl Strategy<Value = Condition> {
    leaf_condition().prop_recursive(5, 40, 2, |inner| {
        prop_oneof![
            inner.clone().prop_map(Condition::negate),
            (inner.clone(), inner.clone()).prop_map(|(a, b)| a.and(b)),
            (inner.clone(), inner).prop_map(|(a, b)| a.or(b)),
        ]
    })
}

fn update_operand() -> impl Strategy<Value = UpdateOperand> {
    let span = Span::default();
    prop_oneof![
        path().prop_map(UpdateOperand::Path),
        any_value().prop_map(|v| UpdateOperand::Value(value(v))),
        (path(), any_value()).prop_map(move |(p, v)| UpdateOperand::IfNotExists {
            path: p,
            default: Box::new(UpdateOperand::Value(value(v))),
            span,
        }),
        (path(), prop::collection::vec(any_value(), 0..3)).prop_map(move |(p, l)| {
            UpdateOperand::ListAppend {
                first: Box::new(UpdateOperand::IfNotExists {
                    path: p,
                    default: Box::new(UpdateOperand::Value(value(AttrValue::L(Vec::new())))),
                    span,
                }),
                second: Box::new(UpdateOperand::Value(value(AttrValue::L(l)))),
                span,
            }
        }),
    ]
}

fn numeric_operand() -> impl Strategy<Value = UpdateOperand> {
    prop_oneof![
        path().prop_map(UpdateOperand::Path),
        number().prop_map(|n| UpdateOperand::Value(value(AttrValue::N(n)))),
    ]
}

fn set_value() -> impl Strategy<Value = AttrValue> {
    prop_oneof![
        prop::collection::btree_set(any::<String>(), 1..4).prop_map(AttrValue::Ss),
        prop::collection::btree_set(number(), 1..4).prop_map(AttrValue::Ns),
    ]
}

fn update() -> impl Strategy<Value = UpdateExpr> {
    // Distinct top-level targets can never overlap.
    let action = prop_oneof![
        update_operand().prop_map(|o| (0u8, SetValue::Operand(o), AttrValue::Null)),
        (numeric_operand(), numeric_operand()).prop_map(|(a, b)| (
            0u8,
            SetValue::Plus(a, b),
            AttrValue::Null
        )),
        (numeric_operand(), numeric_operand()).prop_map(|(a, b)| (
            0u8,
            SetValue::Minus(a, b),
            AttrValue::Null
        )),
        Just((
            1u8,
            SetValue::Operand(UpdateOperand::Path(Path::attribute("unused"))),
            AttrValue::Null
        )),
        number().prop_map(|n| (
            2u8,
            SetValue::Operand(UpdateOperand::Path(Path::attribute("unused"))),
            AttrValue::N(n)
        )),
        set_value().prop_map(|s| (
            3u8,
            SetValue::Operand(UpdateOperand::Path(Path::attribute("unused"))),
            s
        )),
    ];
    prop::collection::btree_map(name(), action, 1..6).prop_map(|actions| {
        let mut update = UpdateExpr::default();
        for (target, (clause, set_value, constant)) in actions {
            let path = Path::attribute(target);
            match clause {
                0 => update.set.push(SetAction {
                    path,
                    value: set_value,
                }),
                1 => update.remove.push(path),
                2 => update.add.push(ValueAction {
                    path,
                    value: value(constant),
                }),
                _ => update.delete.push(ValueAction {
                    path,
                    value: value(constant),
                }),
            }
        }
        update
    })
}

proptest! {
    #[test]
    fn rendered_conditions_parse_back_to_the_same_ast(ast in condition()) {
        let mut renderer = Renderer::new();
        let text = renderer.condition(&ast);
        let params = renderer.finish();
        let mut request = WireRequest::new(&params);
        let parsed = request.condition(ExprKind::Filter, &text);
        prop_assert_eq!(parsed.as_ref().ok(), Some(&ast), "{} / {:?}", text, parsed);
        prop_assert!(request.finish().is_ok(), "every placeholder used: {}", text);
    }

    #[test]
    fn rendered_updates_parse_back_to_the_same_ast(ast in update()) {
        let mut renderer = Renderer::new();
        let text = renderer.update(&ast);
        let params = renderer.finish();
        let mut request = WireRequest::new(&params);
        let parsed = request.update(&text);
        prop_assert_eq!(parsed.as_ref().ok(), Some(&ast), "{} / {:?}", text, parsed);
        prop_assert!(request.finish().is_ok(), "every placeholder used: {}", text);
    }

    #[test]
    fn rendered_projections_parse_back_to_the_same_ast(names in prop::collection::btree_set(name(), 1..6)) {
        let ast = ProjectionExpr { paths: names.into_iter().map(Path::attribute).collect() };
        let mut renderer = Renderer::new();
        let text = renderer.projection(&ast);
        let params = renderer.finish();
        let parsed = WireRequest::new(&params).projection(&text);
        prop_assert_eq!(parsed.ok(), Some(ast));
    }
}

// ---------- evaluator vs reference ----------

const ATTRIBUTES: [&str; 3] = ["a", "b", "c"];

/// Small values of every kind, with integers only so the reference can compare them as i64.
fn small_value() -> impl Strategy<Value = AttrValue> {
    prop_oneof![
        prop::sample::select(vec!["", "a", "ab", "b", "é"]).prop_map(AttrValue::s),
        (-3i64..4).prop_map(AttrValue::n),
        prop::collection::vec(prop::sample::select(vec![0u8, 1, 127, 128, 255]), 0..3)
            .prop_map(AttrValue::B),
        any::<bool>().prop_map(AttrValue::Bool),
        Just(AttrValue::Null),
        prop::collection::btree_set(
            prop::sample::select(vec!["a".to_owned(), "b".to_owned()]),
            1..3
        )
        .prop_map(AttrValue::Ss),
        prop::collection::vec((-1i64..2).prop_map(AttrValue::n), 0..3).prop_map(AttrValue::L),
    ]
}

fn random_item() -> impl Strategy<Value = Item> {
    prop::collection::btree_map(
        prop::sample::select(ATTRIBUTES.to_vec()).prop_map(str::to_owned),
        small_value(),
        0..4,
    )
}

fn small_condition() -> impl Strategy<Value = Condition> {
    let span = Span::default();
    let attr = prop::sample::select(ATTRIBUTES.to_vec()).prop_map(Path::attribute);
    let op = prop::sample::select(vec![
        Comparator::Eq,
        Comparator::Ne,
        Comparator::Lt,
        Comparator::Le,
        Comparator::Gt,
        Comparator::Ge,
    ]);
    let leaf = prop_oneof![
        (attr.clone(), op.clone(), small_value()).prop_map(move |(p, op, v)| Condition::Compare {
            left: Operand::Path(p),
            op,
            right: val(v),
            span
        }),
        (attr.clone(), op, attr.clone()).prop_map(move |(p, op, q)| Condition::Compare {
            left: Operand::Path(p),
            op,
            right: Operand::Path(q),
            span
        }),
        (attr.clone(), -3i64..4, -3i64..4).prop_map(move |(p, x, y)| Condition::Between {
            operand: Operand::Path(p),
            low: val(AttrValue::n(x.min(y))),
            high: val(AttrValue::n(x.max(y))),
            span
        }),
        attr.clone().prop_map(move |p| Condition::Function {
            function: Function::AttributeExists(p),
            span
        }),
        (attr.clone(), small_value()).prop_map(move |(p, v)| Condition::Function {
            function: Function::Contains(Operand::Path(p), val(v)),
            span
        }),
        (attr.clone(), small_value()).prop_map(move |(p, v)| Condition::Function {
            function: Function::BeginsWith(Operand::Path(p), val(v)),
            span
        }),
        (attr, -1i64..4).prop_map(move |(p, n)| Condition::Compare {
            left: Operand::Size { path: p, span },
            op: Comparator::Eq,
            right: val(AttrValue::n(n)),
            span
        }),
    ];
    leaf.prop_recursive(3, 12, 2, |inner| {
        prop_oneof![
            inner.clone().prop_map(Condition::negate),
            (inner.clone(), inner.clone()).prop_map(|(a, b)| a.and(b)),
            (inner.clone(), inner).prop_map(|(a, b)| a.or(b)),
        ]
    })
}

/// An independent statement of the runtime rules, written for clarity rather than speed.
mod reference {
    use super::*;

    pub fn operand(o: &Operand, item: &Item) -> Option<AttrValue> {
        match o {
            Operand::Path(p) => item.get(p.root()).cloned(),
            Operand::Value(v) => Some(v.value.clone()),
            Operand::Size { path, .. } => {
                let size = match item.get(path.root())? {
                    AttrValue::S(s) => s.len(),
                    AttrValue::B(b) => b.len(),
                    AttrValue::Ss(s) => s.len(),
                    AttrValue::L(l) => l.len(),
                    _ => return None,
                };
                Some(AttrValue::n(size as i64))
            }
        }
    }

    /// Same-type S/N/B pairs only.
    fn order(a: &AttrValue, b: &AttrValue) -> Option<std::cmp::Ordering> {
        match (a, b) {
            (AttrValue::S(x), AttrValue::S(y)) => {
                Some(x.bytes().collect::<Vec<u8>>().cmp(&y.bytes().collect()))
            }
            (AttrValue::N(x), AttrValue::N(y)) => Some(x.to_i128()?.cmp(&y.to_i128()?)),
            (AttrValue::B(x), AttrValue::B(y)) => Some(x.cmp(y)),
            _ => None,
        }
    }

    pub fn eval(c: &Condition, item: &Item) -> bool {
        use std::cmp::Ordering::*;
        match c {
            Condition::Compare {
                left, op, right, ..
            } => {
                let (l, r) = (operand(left, item), operand(right, item));
                let same = match (&l, &r) {
                    (Some(x), Some(y)) => to_json(x) == to_json(y),
                    _ => false,
                };
                match op {
                    Comparator::Eq => same,
                    Comparator::Ne => !same,
                    _ => match (l, r) {
                        (Some(x), Some(y)) => match (op, order(&x, &y)) {
                            (Comparator::Lt, Some(o)) => o == Less,
                            (Comparator::Le, Some(o)) => o != Greater,
                            (Comparator::Gt, Some(o)) => o == Greater,
                            (Comparator::Ge, Some(o)) => o != Less,
                            _ => false,
                        },
                        _ => false,
                    },
                }
            }
            Condition::Between {
                operand: o,
                low,
                high,
                ..
            } => match (operand(o, item), operand(low, item), operand(high, item)) {
                (Some(v), Some(l), Some(h)) => {
                    order(&l, &v).is_some_and(|x| x != Greater)
                        && order(&v, &h).is_some_and(|x| x != Greater)
                }
                _ => false,
            },
            Condition::Function { function, .. } => match function {
                Function::AttributeExists(p) => item.contains_key(p.root()),
                Function::Contains(Operand::Path(p), Operand::Value(v)) => {
                    match (item.get(p.root()), &v.value) {
                        (Some(AttrValue::S(s)), AttrValue::S(part)) => s.contains(part.as_str()),
                        (Some(AttrValue::B(s)), AttrValue::B(part)) => {
                            part.is_empty() || s.windows(part.len()).any(|w| w == part.as_slice())
                        }
                        (Some(AttrValue::Ss(set)), AttrValue::S(m)) => set.contains(m),
                        (Some(AttrValue::L(list)), element) => {
                            list.iter().any(|x| to_json(x) == to_json(element))
                        }
                        _ => false,
                    }
                }
                Function::BeginsWith(Operand::Path(p), Operand::Value(v)) => {
                    match (item.get(p.root()), &v.value) {
                        (Some(AttrValue::S(s)), AttrValue::S(prefix)) => {
                            s.as_bytes().get(..prefix.len()) == Some(prefix.as_bytes())
                        }
                        (Some(AttrValue::B(s)), AttrValue::B(prefix)) => {
                            s.get(..prefix.len()) == Some(prefix.as_slice())
                        }
                        _ => false,
                    }
                }
                other => panic!("not generated: {other:?}"),
            },
            Condition::Not { inner, .. } => !eval(inner, item),
            Condition::And { left, right, .. } => eval(left, item) && eval(right, item),
            Condition::Or { left, right, .. } => eval(left, item) || eval(right, item),
            Condition::In { .. } => panic!("not generated"),
        }
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(2000))]
    #[test]
    fn evaluator_agrees_with_the_reference_on_random_items(condition in small_condition(), item in random_item()) {
        prop_assert_eq!(evaluate_condition(&condition, &item), reference::eval(&condition, &item));
    }
}

#[test]
fn reference_generators_cover_both_verdicts() {
    // Guards the property above against a generator that only ever yields `false`.
    let empty: BTreeMap<String, AttrValue> = BTreeMap::new();
    let never = Condition::Function {
        function: Function::AttributeExists(Path::attribute("a")),
        span: Span::default(),
    };
    assert!(!reference::eval(&never, &empty));
    assert!(reference::eval(&never.negate(), &empty));
}

#[test]
fn a_chain_of_three_hundred_nots_is_within_the_operator_limit() {
    let mut params = ExpressionParams::default();
    params.values.insert(":v".into(), AttrValue::n(1));
    let text = "NOT ".repeat(299) + "a = :v";
    let parsed = WireRequest::new(&params)
        .condition(ExprKind::Condition, &text)
        .expect("300 operators");
    assert!(
        evaluate_condition(&parsed, &Item::new()),
        "an odd number of NOTs over a false comparison"
    );
    let too_many = "NOT ".repeat(300) + "a = :v";
    let error = WireRequest::new(&params)
        .condition(ExprKind::Condition, &too_many)
        .expect_err("301");
    assert_eq!(
        error.to_string(),
        "Invalid ConditionExpression: The expression contains too many operators; operator count: 301"
    );
}
