//! Random ASTs of every kind render to wire text that parses back to the same AST.

use ddbx::domain::expr::ast::{
    Comparator, Condition, Function, Operand, Path, PathElement, ProjectionExpr, SetAction,
    SetValue, UpdateExpr, UpdateOperand, Value, ValueAction,
};
use ddbx::domain::expr::render::Renderer;
use ddbx::domain::expr::{ExprKind, Span, WireRequest};
use ddbx::domain::number::Number;
use ddbx::domain::value::AttrValue;
use proptest::prelude::*;

pub(crate) fn name() -> impl Strategy<Value = String> {
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

pub(crate) fn path() -> impl Strategy<Value = Path> {
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

pub(crate) fn value(v: AttrValue) -> Value {
    Value {
        value: v,
        span: Span::default(),
    }
}

pub(crate) fn val(v: AttrValue) -> Operand {
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
