//! The condition evaluator against an independent reference on random items.

use super::round_trip::val;
use ddbx::domain::ddb_json::to_json;
use ddbx::domain::expr::Span;
use ddbx::domain::expr::ast::{Comparator, Condition, Function, Operand, Path};
use ddbx::domain::expr::eval::evaluate_condition;
use ddbx::domain::value::{AttrValue, Item};
use proptest::prelude::*;

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
    let empty = Item::new();
    let never = Condition::Function {
        function: Function::AttributeExists(Path::attribute("a")),
        span: Span::default(),
    };
    assert!(!reference::eval(&never, &empty));
    assert!(reference::eval(&never.negate(), &empty));
}
