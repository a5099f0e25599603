//! Turning the user's `--filter` and `--project` text (friendly syntax: inline literals such as
//! `status = "PENDING"`, reserved words usable bare) into wire-form expressions whose
//! placeholders are merged into the request's shared [`ExpressionParams`], which already holds
//! the key condition's `#pk`/`:pk`….

use std::collections::BTreeMap;

use super::error::CliError;
use crate::backend::ExpressionParams;
use crate::domain::expr::render::Renderer;
use crate::domain::expr::{
    Condition, ExprError, ExprKind, parse_friendly_condition, parse_friendly_projection,
};

/// The wire-form filter and projection of one read.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct ReadExpressions {
    pub filter: Option<String>,
    pub projection: Option<String>,
}

/// Parses `filter` and `project`, runs `check_filter` on the parsed filter (a query's filter may
/// not name key attributes), renders both with fresh placeholders and adds those to `params`.
pub fn compile_read_expressions(
    filter: Option<&str>,
    project: Option<&str>,
    params: &mut ExpressionParams,
    check_filter: impl FnOnce(&Condition) -> Result<(), ExprError>,
) -> Result<ReadExpressions, CliError> {
    // The user's text has no placeholders of its own; literals become values when rendered.
    let none = ExpressionParams::default();
    let filter_ast = filter
        .map(|text| {
            parse_friendly_condition(ExprKind::Filter, text, &none)
                .and_then(|ast| check_filter(&ast).map(|()| ast))
                .map_err(|error| expression_error("--filter", text, &error))
        })
        .transpose()?;
    let projection_ast = project
        .map(|text| {
            parse_friendly_projection(text, &none)
                .map_err(|error| expression_error("--project", text, &error))
        })
        .transpose()?;
    let mut renderer = Renderer::new();
    let rendered = ReadExpressions {
        filter: filter_ast.map(|ast| renderer.condition(&ast)),
        projection: projection_ast.map(|ast| renderer.projection(&ast)),
    };
    let used = renderer.finish();
    merge(&mut params.names, used.names)?;
    merge(&mut params.values, used.values)?;
    Ok(rendered)
}

/// Adds rendered placeholders to the request's. The renderer's placeholders (`:v0`, `#n0`, bare
/// or `#<reserved word>`) never take the key condition's `#pk`/`#sk`/`:pk`/`:sk…` forms, so a
/// clash is a bug, reported instead of silently sending a wrong request.
fn merge<V: PartialEq>(
    into: &mut BTreeMap<String, V>,
    from: BTreeMap<String, V>,
) -> Result<(), CliError> {
    for (placeholder, value) in from {
        if into.contains_key(&placeholder) {
            return Err(CliError::Failed(format!(
                "internal error: placeholder {placeholder} is used twice in one request; please report this"
            )));
        }
        into.insert(placeholder, value);
    }
    Ok(())
}

/// The service's message plus a caret under the mistake in the user's text.
fn expression_error(flag: &str, text: &str, error: &ExprError) -> CliError {
    let mut message = format!("{flag}: {error}");
    let printable = !text.chars().any(char::is_control);
    if printable && error.span.start <= text.len() && text.is_char_boundary(error.span.start) {
        let column = text[..error.span.start].chars().count();
        message.push_str(&format!("\n  {text}\n  {}^", " ".repeat(column)));
    }
    CliError::usage(message)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::domain::value::AttrValue;

    fn compile(
        filter: Option<&str>,
        project: Option<&str>,
    ) -> (Result<ReadExpressions, CliError>, ExpressionParams) {
        let mut params = ExpressionParams::default();
        params.names.insert("#pk".to_owned(), "PK".to_owned());
        params
            .values
            .insert(":pk".to_owned(), AttrValue::s("USER#1"));
        let result = compile_read_expressions(filter, project, &mut params, |_| Ok(()));
        (result, params)
    }

    #[test]
    fn inline_literals_become_value_placeholders_next_to_the_key_ones() {
        let (result, params) = compile(Some(r#"amount > 10 AND kind = "ORDER""#), None);
        let expressions = result.expect("valid filter");
        let filter = expressions.filter.expect("a filter");
        assert!(
            !filter.contains("10") && !filter.contains("ORDER"),
            "{filter}"
        );
        assert_eq!(params.values.len(), 3, "{params:?}");
        assert!(params.values.values().any(|v| *v == AttrValue::n(10)));
        assert!(params.values.values().any(|v| *v == AttrValue::s("ORDER")));
        assert_eq!(params.values[":pk"], AttrValue::s("USER#1"));
    }

    #[test]
    fn reserved_words_are_escaped_automatically() {
        let (result, params) = compile(Some(r#"status = "PENDING""#), Some("name, data.size"));
        let expressions = result.expect("valid");
        let filter = expressions.filter.expect("a filter");
        let projection = expressions.projection.expect("a projection");
        let bare = |text: &str, word: &str| text.split([' ', ',', '.']).any(|token| token == word);
        assert!(!bare(&filter, "status"), "{filter}");
        for word in ["name", "data", "size"] {
            assert!(!bare(&projection, word), "{projection}");
        }
        for name in ["status", "name", "data", "size"] {
            assert!(
                params.names.values().any(|n| n == name),
                "{name} behind a placeholder: {params:?}"
            );
        }
    }

    #[test]
    fn a_syntax_error_is_a_usage_error_with_a_caret() {
        let (result, _) = compile(Some("amount >"), None);
        let Err(CliError::Usage(message)) = result else {
            panic!("expected a usage error, got {result:?}");
        };
        assert!(
            message.starts_with("--filter: Invalid FilterExpression:"),
            "{message}"
        );
        assert!(message.contains("\n  amount >\n"), "{message}");
    }

    #[test]
    fn the_filter_check_can_refuse_a_parsed_filter() {
        let mut params = ExpressionParams::default();
        let result = compile_read_expressions(Some("a = 1"), None, &mut params, |_| {
            Err(ExprError::plain(
                ExprKind::Filter,
                "refused by the check",
                0..0,
            ))
        });
        assert!(
            matches!(&result, Err(CliError::Usage(m)) if m.contains("refused by the check")),
            "{result:?}"
        );
        assert!(params.is_empty(), "nothing merged when refused");
    }

    #[test]
    fn no_filter_and_no_projection_leave_the_params_alone() {
        let (result, params) = compile(None, None);
        assert_eq!(result, Ok(ReadExpressions::default()));
        assert_eq!(params.names.len(), 1);
        assert_eq!(params.values.len(), 1);
    }
}
