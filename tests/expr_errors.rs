//! Every error of the expression reference (§2) that needs no schema: wire text in, the
//! service's exact message and the span of the mistake out.

mod expr_support;

use ddbx::domain::expr::ExprKind;
use expr_support::parse_wire;

/// Asserts the message and that the span covers `span_text` (the first occurrence of it when
/// `span_text` is not empty; an empty `span_text` means "at the end of the text").
fn check(kind: ExprKind, text: &str, message: &str, span_text: &str) {
    let error = match parse_wire(kind, text) {
        Ok(ast) => panic!("{text:?} was accepted as {ast:?}"),
        Err(error) => error,
    };
    assert_eq!(error.to_string(), message, "message for {text:?}");
    assert_eq!(error.kind, kind);
    assert_eq!(
        &text[error.span.clone()],
        span_text,
        "span of the error in {text:?}"
    );
}

macro_rules! rejects {
    ($($name:ident: $kind:ident, $text:expr => $message:expr, at $span:expr;)*) => {
        $(
            #[test]
            fn $name() {
                check(ExprKind::$kind, &$text, &$message, &$span);
            }
        )*
    };
}

fn nested_path(levels: usize) -> String {
    let mut path = "a".to_owned();
    for _ in 0..levels {
        path.push_str(".b");
    }
    format!("{path} = :n")
}

fn in_list(count: usize) -> String {
    let values = vec![":n"; count].join(", ");
    format!("a IN ({values})")
}

fn many_ands(count: usize) -> String {
    vec!["a = :n"; count + 1].join(" AND ")
}

rejects! {
    bare_name_with_leading_underscore_is_a_syntax_error:
        Condition, "_abc = :s" => r#"Invalid ConditionExpression: Syntax error; token: "_abc", near: "_abc =""#, at "_abc";
    bare_name_with_leading_digit_is_a_syntax_error:
        Condition, "123a = :s" => r#"Invalid ConditionExpression: Syntax error; token: "123a", near: "123a =""#, at "123a";
    bare_name_with_a_dash_is_a_syntax_error_at_the_dash:
        Filter, "hi-there = :s" => r#"Invalid FilterExpression: Syntax error; token: "-", near: "hi-there""#, at "-";
    bare_reserved_word_is_rejected_with_the_word_as_typed:
        Condition, "Status = :s" => "Invalid ConditionExpression: Attribute name is a reserved keyword; reserved keyword: Status", at "Status";
    reserved_word_inside_a_nested_path_is_rejected:
        Update, "SET a.name = :s" => "Invalid UpdateExpression: Attribute name is a reserved keyword; reserved keyword: name", at "name";
    reserved_word_in_a_projection_is_rejected:
        Projection, "PK, ttl" => "Invalid ProjectionExpression: Attribute name is a reserved keyword; reserved keyword: ttl", at "ttl";
    lone_name_sigil_is_a_syntax_error:
        Condition, "# = :s" => r##"Invalid ConditionExpression: Syntax error; token: "#", near: "# =""##, at "#";
    lone_value_sigil_is_a_syntax_error:
        Condition, "a = :" => r#"Invalid ConditionExpression: Syntax error; token: ":", near: "= :""#, at ":";
    negative_list_index_is_a_syntax_error:
        Condition, "a[-1] = :n" => r#"Invalid ConditionExpression: Syntax error; token: "-", near: "[-1""#, at "-";
    fractional_list_index_is_a_syntax_error:
        Condition, "a[0.4] = :n" => r#"Invalid ConditionExpression: Syntax error; token: "0.4", near: "[0.4]""#, at "0.4";
    value_placeholder_as_list_index_is_a_syntax_error:
        Update, "SET a[:n] = :n" => r#"Invalid UpdateExpression: Syntax error; token: ":n", near: "[:n]""#, at ":n";
    name_placeholder_as_list_index_is_a_syntax_error:
        Update, "SET a[#a] = :n" => r##"Invalid UpdateExpression: Syntax error; token: "#a", near: "[#a]""##, at "#a";
    inline_string_literal_is_a_syntax_error_in_wire_text:
        Condition, r#"a = "x""# => r#"Invalid ConditionExpression: Syntax error; token: ""x"", near: "= "x"""#, at "\"x\"";
    function_names_are_case_sensitive:
        Condition, "BEGINS_WITH(a, :s)" => "Invalid ConditionExpression: Invalid function name; function: BEGINS_WITH", at "BEGINS_WITH";
    unknown_function_is_a_semantic_error_not_a_syntax_error:
        Condition, "f(a)" => "Invalid ConditionExpression: Invalid function name; function: f", at "f";
    empty_parentheses_are_a_syntax_error_with_the_service_example_text:
        KeyCondition, "()" => r#"Invalid KeyConditionExpression: Syntax error; token: ")", near: "()""#, at ")";
    update_without_a_clause_keyword_is_a_syntax_error_with_the_service_example_text:
        Update, "INVALID SYNTAX" => r#"Invalid UpdateExpression: Syntax error; token: "INVALID", near: "INVALID SYNTAX""#, at "INVALID";
    truncated_condition_reports_end_of_input:
        Condition, "a = :n AND" => r#"Invalid ConditionExpression: Syntax error; token: "<EOF>", near: "AND""#, at "";
    empty_expression_is_rejected:
        Filter, "" => "Invalid FilterExpression: The expression can not be empty;", at "";
    blank_expression_is_rejected_as_empty:
        Update, "   " => "Invalid UpdateExpression: The expression can not be empty;", at "   ";
    path_with_33_dereferences_is_too_deep:
        Condition, nested_path(33) => "Invalid ConditionExpression: The document path has too many nesting levels; nesting levels: 34", at &nested_path(33)[..nested_path(33).len() - 5];
    in_with_101_candidates_is_rejected:
        Filter, in_list(101) => "Invalid FilterExpression: The IN operator is provided with too many operands; number of operands: 101", at &in_list(101);
    between_with_bounds_of_different_types_is_rejected_with_service_wording:
        Condition, "a BETWEEN :n AND :s" => "Invalid ConditionExpression: The BETWEEN operator requires same data type for lower and upper bounds; lower bound operand: AttributeValue: {N:1}, upper bound operand: AttributeValue: {S:x}", at ":n AND :s";
    between_with_reversed_bounds_is_rejected_with_service_wording:
        Condition, "a BETWEEN :n2 AND :n" => "Invalid ConditionExpression: The BETWEEN operator requires upper bound to be greater than or equal to lower bound; lower bound operand: AttributeValue: {N:2}, upper bound operand: AttributeValue: {N:1}", at ":n2 AND :n";
    doubled_parentheses_are_redundant:
        Condition, "((a = :n))" => "Invalid ConditionExpression: The expression has redundant parentheses;", at "((a = :n))";
    attribute_exists_of_a_value_requires_a_path:
        Condition, "attribute_exists(:n)" => "Invalid ConditionExpression: Operator or function requires a document path; operator or function: attribute_exists", at ":n";
    attribute_type_with_a_number_operand_is_rejected:
        Condition, "attribute_type(a, :n)" => "Invalid ConditionExpression: Incorrect operand type for operator or function; operator or function: attribute_type, operand type: N", at ":n";
    attribute_type_with_an_unknown_type_name_is_rejected:
        Condition, "attribute_type(a, :typeBad)" => "Invalid ConditionExpression: Invalid attribute type name found; type: X, valid types: {B,NULL,SS,BOOL,L,BS,N,NS,S,M}", at ":typeBad";
    begins_with_a_number_constant_is_rejected:
        Condition, "begins_with(a, :n)" => "Invalid ConditionExpression: Incorrect operand type for operator or function; operator or function: begins_with, operand type: N", at ":n";
    contains_with_the_same_path_twice_is_rejected:
        Condition, "contains(a, a)" => "Invalid ConditionExpression: The first operand must be distinct from the remaining operands for this operator or function; operator: contains, first operand: [a]", at "a";
    size_alone_is_not_a_condition:
        Condition, "size(a)" => "Invalid ConditionExpression: The function is not allowed to be used this way in an expression; function: size", at "size(a)";
    boolean_function_as_a_comparison_operand_is_rejected:
        Condition, "attribute_exists(a) < :n" => "Invalid ConditionExpression: The function is not allowed to be used this way in an expression; function: attribute_exists", at "attribute_exists";
    update_function_in_a_condition_is_rejected:
        Condition, "a = if_not_exists(a, :n)" => "Invalid ConditionExpression: The function is not allowed to be used this way in an expression; function: if_not_exists", at "if_not_exists";
    ordering_against_a_list_constant_is_rejected:
        Filter, "a < :l" => "Invalid FilterExpression: Incorrect operand type for operator or function; operator or function: <, operand type: L", at ":l";
    three_hundred_and_one_operators_are_too_many:
        Condition, many_ands(150) => "Invalid ConditionExpression: The expression contains too many operators; operator count: 301", at "=";
    expression_over_4_kb_is_rejected_with_its_size:
        Condition, format!("a = :n{}", " ".repeat(4091)) => "Invalid ConditionExpression: Expression size has exceeded the maximum allowed size; expression size: 4097", at " ";
    undefined_name_placeholder_is_reported:
        Condition, "#missing = :n" => "Invalid ConditionExpression: An expression attribute name used in the document path is not defined; attribute name: #missing", at "#missing";
    undefined_value_placeholder_is_reported:
        Condition, "a = :missing" => "Invalid ConditionExpression: An expression attribute value used in expression is not defined; attribute value: :missing", at ":missing";
    syntax_errors_win_over_undefined_placeholders:
        Condition, "#missing = :missing AND" => r#"Invalid ConditionExpression: Syntax error; token: "<EOF>", near: "AND""#, at "";
    repeated_set_clause_is_rejected_even_with_another_clause_between:
        Update, "SET a = :n REMOVE b SET c = :n" => r#"Invalid UpdateExpression: The "SET" section can only be used once in an update expression;"#, at "SET";
    three_operand_arithmetic_is_a_syntax_error:
        Update, "SET a = :n + :n + :n" => r#"Invalid UpdateExpression: Syntax error; token: "+", near: ":n + :n""#, at "+";
    arithmetic_on_a_string_constant_is_rejected:
        Update, "SET a = :s + :n" => "Invalid UpdateExpression: Incorrect operand type for operator or function; operator or function: +, operand type: S", at ":s";
    arithmetic_inside_a_function_argument_is_a_syntax_error:
        Update, "SET a = if_not_exists(a, :n + :n)" => r#"Invalid UpdateExpression: Syntax error; token: "+", near: ":n + :n""#, at "+";
    if_not_exists_needs_a_path_first:
        Update, "SET a = if_not_exists(:n, b)" => "Invalid UpdateExpression: Operator or function requires a document path; operator or function: if_not_exists", at ":n";
    nested_list_append_is_rejected:
        Update, "SET a = list_append(list_append(a, :l), :l)" => "Invalid UpdateExpression: The function is not allowed to be used this way in an expression; function: list_append", at "list_append";
    list_append_of_a_string_constant_is_rejected:
        Update, "SET a = list_append(a, :s)" => "Invalid UpdateExpression: Incorrect operand type for operator or function; operator or function: list_append, operand type: S", at ":s";
    condition_function_in_an_update_is_an_invalid_function_name:
        Update, "SET a = size(b)" => "Invalid UpdateExpression: Invalid function name; function: size", at "size";
    add_of_a_list_is_rejected:
        Update, "ADD a :l" => "Invalid UpdateExpression: Incorrect operand type for operator or function; operator: ADD, operand type: LIST", at ":l";
    delete_of_a_number_is_rejected:
        Update, "DELETE a :n" => "Invalid UpdateExpression: Incorrect operand type for operator or function; operator: DELETE, operand type: NUMBER", at ":n";
    add_needs_a_value_not_a_path:
        Update, "ADD a b" => r#"Invalid UpdateExpression: Syntax error; token: "b", near: "a b""#, at "b";
    clauses_are_not_separated_by_commas:
        Update, "SET a = :n, REMOVE b" => r#"Invalid UpdateExpression: Syntax error; token: "b", near: "REMOVE b""#, at "b";
    set_and_remove_of_the_same_attribute_overlap:
        Update, "SET a = :n REMOVE a" => "Invalid UpdateExpression: Two document paths overlap with each other; must remove or rewrite one of these paths; path one: [a], path two: [a]", at "a = :n REMOVE a";
    a_path_and_its_descendant_overlap:
        Update, "SET a = :n, a.b = :n" => "Invalid UpdateExpression: Two document paths overlap with each other; must remove or rewrite one of these paths; path one: [a], path two: [a, b]", at "a = :n, a.b";
    overlap_is_checked_after_name_resolution:
        Update, "SET #a = :n REMOVE a[1]" => "Invalid UpdateExpression: Two document paths overlap with each other; must remove or rewrite one of these paths; path one: [a], path two: [a, [1]]", at "#a = :n REMOVE a[1]";
    map_key_and_list_index_at_one_position_conflict:
        Update, "SET a.b = :n, a[1] = :n" => "Invalid UpdateExpression: Two document paths conflict with each other; must remove or rewrite one of these paths; path one: [a, b], path two: [a, [1]]", at "a.b = :n, a[1]";
    projection_paths_that_overlap_are_rejected:
        Projection, "a, a.b" => "Invalid ProjectionExpression: Two document paths overlap with each other; must remove or rewrite one of these paths; path one: [a], path two: [a, b]", at "a, a.b";
    number_literal_outside_an_index_is_a_syntax_error_in_wire_text:
        Condition, "a = 1" => r#"Invalid ConditionExpression: Syntax error; token: "1", near: "= 1""#, at "1";
}
