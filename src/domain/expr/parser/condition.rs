//! Conditions (also filters and key conditions): `OR` < `AND` < `NOT` < comparisons, `BETWEEN`,
//! `IN`, functions and parentheses, as the service's precedence table says.

use super::{MAX_IN_CANDIDATES, PResult, Parser};
use crate::domain::expr::ast::{Comparator, Condition, Function, Operand, Path, Value};
use crate::domain::expr::lexer::Tok;
use crate::domain::expr::span::Span;
use crate::domain::value::{AttrValue, ValueType};

impl Parser<'_, '_> {
    /// A whole condition. Every node but the root sits in a `Box` in the AST, so nodes are boxed
    /// where they are built and travel up the precedence levels as pointers: a `Condition` is
    /// some 200 bytes, and copying it through every level cost more than parsing it.
    pub(super) fn condition(&mut self) -> PResult<Box<Condition>> {
        self.enter()?;
        let condition = self.or_condition();
        self.leave();
        condition
    }

    fn or_condition(&mut self) -> PResult<Box<Condition>> {
        let mut left = self.and_condition()?;
        while self.at_keyword("OR") {
            let op = self.advance();
            self.count_operator(op)?;
            let right = self.and_condition()?;
            let span = left.span().to(right.span());
            left = Box::new(Condition::Or { left, right, span });
        }
        Ok(left)
    }

    fn and_condition(&mut self) -> PResult<Box<Condition>> {
        let mut left = self.not_condition()?;
        while self.at_keyword("AND") {
            let op = self.advance();
            self.count_operator(op)?;
            let right = self.not_condition()?;
            let span = left.span().to(right.span());
            left = Box::new(Condition::And { left, right, span });
        }
        Ok(left)
    }

    /// `NOT NOT … primary`, iteratively: a chain of NOTs costs operators, not stack. A single
    /// `NOT`, the usual case, is kept apart so it costs no allocation.
    fn not_condition(&mut self) -> PResult<Box<Condition>> {
        if !self.at_keyword("NOT") {
            return self.primary_condition();
        }
        let first = self.advance();
        self.count_operator(first)?;
        let mut more = Vec::new();
        while self.at_keyword("NOT") {
            let op = self.advance();
            self.count_operator(op)?;
            more.push(op);
        }
        let mut condition = self.primary_condition()?;
        for op in more.into_iter().rev().chain([first]) {
            condition = Box::new(Condition::Not {
                span: op.to(condition.span()),
                inner: condition,
            });
        }
        Ok(condition)
    }

    fn primary_condition(&mut self) -> PResult<Box<Condition>> {
        if self.peek() == &Tok::LParen {
            let open = self.pos;
            let open_span = self.advance();
            let inner = self.condition()?;
            let close = self.pos;
            let close_span = self.expect(&Tok::RParen)?;
            if self.last_group == Some((open + 1, close - 1)) {
                self.defer_invalid(
                    "The expression has redundant parentheses;",
                    open_span.to(close_span),
                );
            }
            self.last_group = Some((open, close));
            return Ok(inner);
        }
        if self.at_call() {
            return self.function_condition();
        }
        let left = self.operand()?;
        self.after_operand(left)
    }

    /// True when the current token is a comparator, `BETWEEN` or `IN`.
    fn at_operator_after_operand(&self) -> bool {
        comparator(self.peek()).is_some() || self.at_keyword("BETWEEN") || self.at_keyword("IN")
    }

    /// A function at condition level: a boolean function, or `size(…)` starting a comparison.
    fn function_condition(&mut self) -> PResult<Box<Condition>> {
        let call = self.call()?;
        if call.name == "size" {
            let operand = self.size_operand(call);
            if self.at_operator_after_operand() {
                return self.after_operand(operand);
            }
            let span = operand.span();
            self.defer_misused_function("size", span);
            return Ok(Box::new(placeholder_condition(span)));
        }
        if self.at_operator_after_operand() {
            self.defer_misused_function(call.name, call.name_span);
            return self.after_operand(Operand::Value(Value::new(AttrValue::Null)));
        }
        let span = call.span;
        let function = self.condition_function(call);
        Ok(Box::new(match function {
            Some(function) => Condition::Function { function, span },
            None => placeholder_condition(span),
        }))
    }

    /// An operand: a path, a value, or `size(path)`.
    pub(super) fn operand(&mut self) -> PResult<Operand> {
        if self.at_call() {
            let call = self.call()?;
            if call.name == "size" {
                return Ok(self.size_operand(call));
            }
            self.defer_misused_function(call.name, call.name_span);
            return Ok(Operand::Value(Value {
                value: AttrValue::Null,
                span: call.span,
            }));
        }
        if self.at_value() {
            return Ok(Operand::Value(self.value()?));
        }
        if self.at_path_start() {
            return Ok(Operand::Path(self.path()?));
        }
        Err(self.syntax_error())
    }

    fn after_operand(&mut self, left: Operand) -> PResult<Box<Condition>> {
        if let Some(op) = comparator(self.peek()) {
            let op_span = self.advance();
            self.count_operator(op_span)?;
            let right = self.operand()?;
            if !matches!(op, Comparator::Eq | Comparator::Ne) {
                self.check_orderable(op.symbol(), &left);
                self.check_orderable(op.symbol(), &right);
            }
            self.check_distinct(op.symbol(), &left, &right);
            let span = left.span().to(right.span());
            return Ok(Box::new(Condition::Compare {
                left,
                op,
                right,
                span,
            }));
        }
        if self.at_keyword("BETWEEN") {
            let op_span = self.advance();
            self.count_operator(op_span)?;
            let low = self.operand()?;
            if !self.at_keyword("AND") {
                return Err(self.syntax_error());
            }
            self.advance();
            let high = self.operand()?;
            for operand in [&left, &low, &high] {
                self.check_orderable("BETWEEN", operand);
            }
            self.check_between_bounds(&low, &high);
            let span = left.span().to(high.span());
            return Ok(Box::new(Condition::Between {
                operand: left,
                low,
                high,
                span,
            }));
        }
        if self.at_keyword("IN") {
            let op_span = self.advance();
            self.count_operator(op_span)?;
            self.expect(&Tok::LParen)?;
            let mut candidates = vec![self.operand()?];
            while self.peek() == &Tok::Comma {
                self.advance();
                candidates.push(self.operand()?);
            }
            let close = self.expect(&Tok::RParen)?;
            let span = left.span().to(close);
            if candidates.len() > MAX_IN_CANDIDATES {
                self.defer_invalid(
                    format!(
                        "The IN operator is provided with too many operands; number of operands: {}",
                        candidates.len()
                    ),
                    span,
                );
            }
            return Ok(Box::new(Condition::In {
                operand: left,
                candidates,
                span,
            }));
        }
        Err(self.syntax_error())
    }

    /// `size(x)` as an operand: of a document path, or of a constant that has a size (not N,
    /// BOOL or NULL).
    fn size_operand(&mut self, call: super::call::Call<'_>) -> Operand {
        let span = call.span;
        let placeholder = Operand::Value(Value {
            value: AttrValue::Null,
            span,
        });
        match self.one_argument(call) {
            Some(Operand::Path(path)) => Operand::Size { path, span },
            Some(Operand::Value(value)) => {
                let value_type = value.value.value_type();
                if matches!(value_type, ValueType::N | ValueType::Bool | ValueType::Null) {
                    self.defer_operand_type("size", value_type, value.span);
                    return placeholder;
                }
                Operand::SizeOfValue { value, span }
            }
            Some(other) => {
                self.defer_requires_path("size", other.span());
                placeholder
            }
            None => placeholder,
        }
    }

    /// A constant operand of `<`, `BETWEEN`… must be of an ordered type (S, N or B).
    fn check_orderable(&mut self, operator: &str, operand: &Operand) {
        if let Operand::Value(value) = operand {
            let value_type = value.value.value_type();
            if !matches!(value_type, ValueType::S | ValueType::N | ValueType::B) {
                self.defer_operand_type(operator, value_type, value.span);
            }
        }
    }

    pub(super) fn defer_operand_type(&mut self, operator: &str, value_type: ValueType, span: Span) {
        self.defer_invalid(
            format!(
                "Incorrect operand type for operator or function; operator or function: {operator}, operand type: {value_type}"
            ),
            span,
        );
    }

    /// Constant bounds must share a type and be in order.
    fn check_between_bounds(&mut self, low: &Operand, high: &Operand) {
        let (Operand::Value(low), Operand::Value(high)) = (low, high) else {
            return;
        };
        let span = low.span.to(high.span);
        let bounds = || {
            format!(
                "lower bound operand: AttributeValue: {}, upper bound operand: AttributeValue: {}",
                short_value(&low.value),
                short_value(&high.value)
            )
        };
        if low.value.value_type() != high.value.value_type() {
            self.defer_invalid(
                format!(
                    "The BETWEEN operator requires same data type for lower and upper bounds; {}",
                    bounds()
                ),
                span,
            );
        } else if crate::domain::expr::order::compare_scalars(&low.value, &high.value)
            == Some(std::cmp::Ordering::Greater)
        {
            self.defer_invalid(
                format!(
                    "The BETWEEN operator requires upper bound to be greater than or equal to lower bound; {}",
                    bounds()
                ),
                span,
            );
        }
    }

    /// `a = a`, `contains(a, a)`: the service wants the first operand distinct from the others.
    pub(super) fn check_distinct(&mut self, operator: &str, first: &Operand, second: &Operand) {
        if let (Operand::Path(a), Operand::Path(b)) = (first, second)
            && a == b
        {
            self.defer_distinct(operator, a);
        }
    }

    fn defer_distinct(&mut self, operator: &str, path: &Path) {
        self.defer_invalid(
            format!(
                "The first operand must be distinct from the remaining operands for this operator or function; operator: {operator}, first operand: {path}"
            ),
            path.span,
        );
    }

    pub(super) fn defer_misused_function(&mut self, name: &str, span: Span) {
        if super::call::is_known_function(name) {
            self.defer_invalid(
                format!(
                    "The function is not allowed to be used this way in an expression; function: {name}"
                ),
                span,
            );
        } else {
            self.defer_invalid(format!("Invalid function name; function: {name}"), span);
        }
    }
}

fn comparator(tok: &Tok) -> Option<Comparator> {
    Some(match tok {
        Tok::Eq => Comparator::Eq,
        Tok::Ne => Comparator::Ne,
        Tok::Lt => Comparator::Lt,
        Tok::Le => Comparator::Le,
        Tok::Gt => Comparator::Gt,
        Tok::Ge => Comparator::Ge,
        _ => return None,
    })
}

/// Stands in for a condition whose error was deferred; never returned to a caller, because the
/// deferred error is.
fn placeholder_condition(span: Span) -> Condition {
    Condition::Function {
        function: Function::AttributeExists(Path::attribute("")),
        span,
    }
}

/// `{N:1}`, `{S:a}`: how the service prints a value inside messages.
pub(crate) fn short_value(value: &AttrValue) -> String {
    use base64::Engine as _;
    match value {
        AttrValue::S(text) => format!("{{S:{text}}}"),
        AttrValue::N(number) => format!("{{N:{number}}}"),
        AttrValue::B(bytes) => format!(
            "{{B:{}}}",
            base64::engine::general_purpose::STANDARD.encode(bytes)
        ),
        other => format!("{{{}:…}}", other.value_type()),
    }
}
