//! The expression AST shared by every kind of expression. Names and values are stored resolved
//! (`#n` replaced by its attribute name, `:v` by its value), so an AST means the same thing
//! whether it came from wire text with placeholders or from the friendly syntax with literals.

use std::fmt;

use super::span::Span;
use crate::domain::value::AttrValue;

/// One step of a document path.
#[derive(Clone, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum PathElement {
    /// A top-level attribute or a map key (already resolved from `#name`).
    Name(String),
    /// A list index, `[3]`.
    Index(usize),
}

/// A document path such as `a.b[3].c`: never empty, the first element is always a `Name`.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Path {
    pub elements: Vec<PathElement>,
    pub span: Span,
}

impl Path {
    /// A top-level attribute.
    pub fn attribute(name: impl Into<String>) -> Self {
        Self {
            elements: vec![PathElement::Name(name.into())],
            span: Span::default(),
        }
    }

    /// The top-level attribute this path starts at.
    #[must_use]
    pub fn root(&self) -> &str {
        match self.elements.first() {
            Some(PathElement::Name(name)) => name,
            // The parser never builds such a path; an empty root simply matches nothing.
            _ => "",
        }
    }

    /// True for a plain top-level attribute (no `.` or `[]`).
    #[must_use]
    pub fn is_top_level(&self) -> bool {
        self.elements.len() == 1
    }
}

impl fmt::Display for Path {
    /// The service's notation in overlap messages: `[a, b, [1]]`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("[")?;
        for (position, element) in self.elements.iter().enumerate() {
            if position > 0 {
                f.write_str(", ")?;
            }
            match element {
                PathElement::Name(name) => f.write_str(name)?,
                PathElement::Index(index) => write!(f, "[{index}]")?,
            }
        }
        f.write_str("]")
    }
}

/// A constant operand (a resolved `:value` or a friendly literal).
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Value {
    pub value: AttrValue,
    pub span: Span,
}

impl Value {
    #[must_use]
    pub fn new(value: AttrValue) -> Self {
        Self {
            value,
            span: Span::default(),
        }
    }
}

/// An operand of a condition.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub enum Operand {
    Path(Path),
    Value(Value),
    /// `size(path)`: a number.
    Size {
        path: Path,
        span: Span,
    },
    /// `size(:v)` of a constant (S, B, a set, L or M): a number.
    SizeOfValue {
        value: Value,
        span: Span,
    },
}

impl Operand {
    #[must_use]
    pub fn span(&self) -> Span {
        match self {
            Self::Path(path) => path.span,
            Self::Value(value) => value.span,
            Self::Size { span, .. } | Self::SizeOfValue { span, .. } => *span,
        }
    }
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Comparator {
    Eq,
    Ne,
    Lt,
    Le,
    Gt,
    Ge,
}

impl Comparator {
    #[must_use]
    pub const fn symbol(self) -> &'static str {
        match self {
            Self::Eq => "=",
            Self::Ne => "<>",
            Self::Lt => "<",
            Self::Le => "<=",
            Self::Gt => ">",
            Self::Ge => ">=",
        }
    }

    /// The comparator with its operands swapped: `:v < a` means `a > :v`.
    #[must_use]
    pub const fn flipped(self) -> Self {
        match self {
            Self::Lt => Self::Gt,
            Self::Le => Self::Ge,
            Self::Gt => Self::Lt,
            Self::Ge => Self::Le,
            other => other,
        }
    }
}

/// A boolean function of a condition.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub enum Function {
    AttributeExists(Path),
    AttributeNotExists(Path),
    /// `attribute_type(path, :t)`; `:t` names a type descriptor (`S`, `SS`, `BOOL`…).
    AttributeType(Path, Operand),
    BeginsWith(Operand, Operand),
    Contains(Operand, Operand),
}

impl Function {
    /// The function name, as written.
    #[must_use]
    pub const fn name(&self) -> &'static str {
        match self {
            Self::AttributeExists(_) => "attribute_exists",
            Self::AttributeNotExists(_) => "attribute_not_exists",
            Self::AttributeType(..) => "attribute_type",
            Self::BeginsWith(..) => "begins_with",
            Self::Contains(..) => "contains",
        }
    }
}

/// A ConditionExpression, FilterExpression or (before key validation) KeyConditionExpression.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub enum Condition {
    Compare {
        left: Operand,
        op: Comparator,
        right: Operand,
        span: Span,
    },
    /// `operand BETWEEN low AND high`, inclusive.
    Between {
        operand: Operand,
        low: Operand,
        high: Operand,
        span: Span,
    },
    /// `operand IN (a, b, …)`, at most 100 candidates.
    In {
        operand: Operand,
        candidates: Vec<Operand>,
        span: Span,
    },
    Function {
        function: Function,
        span: Span,
    },
    Not {
        inner: Box<Condition>,
        span: Span,
    },
    And {
        left: Box<Condition>,
        right: Box<Condition>,
        span: Span,
    },
    Or {
        left: Box<Condition>,
        right: Box<Condition>,
        span: Span,
    },
}

impl Condition {
    /// The source range of the whole condition.
    #[must_use]
    pub fn span(&self) -> Span {
        match self {
            Self::Compare { span, .. }
            | Self::Between { span, .. }
            | Self::In { span, .. }
            | Self::Function { span, .. }
            | Self::Not { span, .. }
            | Self::And { span, .. }
            | Self::Or { span, .. } => *span,
        }
    }

    /// `left AND right`, for building conditions in code.
    #[must_use]
    pub fn and(self, right: Self) -> Self {
        Self::And {
            left: Box::new(self),
            right: Box::new(right),
            span: Span::default(),
        }
    }

    /// `left OR right`, for building conditions in code.
    #[must_use]
    pub fn or(self, right: Self) -> Self {
        Self::Or {
            left: Box::new(self),
            right: Box::new(right),
            span: Span::default(),
        }
    }

    /// `NOT inner`.
    #[must_use]
    pub fn negate(self) -> Self {
        Self::Not {
            inner: Box::new(self),
            span: Span::default(),
        }
    }

    /// `path = value`, for building conditions in code.
    pub fn equals(path: Path, value: AttrValue) -> Self {
        Self::Compare {
            left: Operand::Path(path),
            op: Comparator::Eq,
            right: Operand::Value(Value::new(value)),
            span: Span::default(),
        }
    }
}

/// An operand of an update's SET value.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub enum UpdateOperand {
    Path(Path),
    Value(Value),
    /// `if_not_exists(path, default)`: the value at `path`, or `default` when it is missing.
    IfNotExists {
        path: Path,
        default: Box<UpdateOperand>,
        span: Span,
    },
    /// `list_append(first, second)`: concatenation in argument order.
    ListAppend {
        first: Box<UpdateOperand>,
        second: Box<UpdateOperand>,
        span: Span,
    },
}

impl UpdateOperand {
    #[must_use]
    pub fn span(&self) -> Span {
        match self {
            Self::Path(path) => path.span,
            Self::Value(value) => value.span,
            Self::IfNotExists { span, .. } | Self::ListAppend { span, .. } => *span,
        }
    }
}

/// The right-hand side of `SET path = …`.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub enum SetValue {
    Operand(UpdateOperand),
    Plus(UpdateOperand, UpdateOperand),
    Minus(UpdateOperand, UpdateOperand),
}

#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct SetAction {
    pub path: Path,
    pub value: SetValue,
}

/// `ADD path :v` (number or set) or `DELETE path :set`.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct ValueAction {
    pub path: Path,
    pub value: Value,
}

/// An UpdateExpression. Clause order in the text carries no meaning (every read happens before
/// any write), so the AST keeps the four clauses apart.
#[derive(Clone, Debug, Default, PartialEq, Eq, Hash)]
pub struct UpdateExpr {
    pub set: Vec<SetAction>,
    pub remove: Vec<Path>,
    pub add: Vec<ValueAction>,
    pub delete: Vec<ValueAction>,
}

impl UpdateExpr {
    /// Every path the update writes, in clause order SET, REMOVE, ADD, DELETE.
    pub fn target_paths(&self) -> impl Iterator<Item = &Path> {
        self.set
            .iter()
            .map(|action| &action.path)
            .chain(self.remove.iter())
            .chain(self.add.iter().map(|action| &action.path))
            .chain(self.delete.iter().map(|action| &action.path))
    }

    #[must_use]
    pub fn is_empty(&self) -> bool {
        self.set.is_empty()
            && self.remove.is_empty()
            && self.add.is_empty()
            && self.delete.is_empty()
    }
}

/// A ProjectionExpression: the paths to return.
#[derive(Clone, Debug, Default, PartialEq, Eq, Hash)]
pub struct ProjectionExpr {
    pub paths: Vec<Path>,
}
