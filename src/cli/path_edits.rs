//! `--set 'path=value'` and `--remove path` of `ddbx update` and `ddbx bulk`: parsed before
//! connecting, then applied to the item as read, so the edit goes through the same diff and
//! conditions as the editor's.

use crate::cli::args::ItemFormat;
use crate::cli::error::CliError;
use crate::domain::edit::path_edit;
pub use crate::domain::edit::path_edit::PathEdit;
use crate::domain::edit::{EditFormat, is_json, parse_edited};
use crate::domain::expr::ast::PathElement;
use crate::domain::value::{AttrValue, Item};

/// Parses `a.b[2].c`; a name in backticks may hold `.`, `[`, `=` (a doubled backtick is one).
pub fn parse_path(text: &str, flag: &str) -> Result<Vec<PathElement>, CliError> {
    path_edit::parse_path(text).map_err(|problem| {
        CliError::usage(format!(
            "{flag} {text:?}: {problem}; paths look like status, address.city, lines[0].qty or `odd.name`"
        ))
    })
}

/// Parses one `--set` value: typed JSON (or DynamoDB JSON), else the text as a string.
fn parse_value(text: &str, format: ItemFormat, flag: &str) -> Result<AttrValue, CliError> {
    let (edit_format, wrapped) = match format {
        ItemFormat::Typed => (EditFormat::TypedJson, format!("{{\"v\": {text}}}")),
        ItemFormat::Ddb => (EditFormat::DdbJson, format!("{{\"v\": {text}}}")),
    };
    if format == ItemFormat::Typed && !is_json(text) {
        return Ok(AttrValue::S(text.to_owned()));
    }
    match parse_edited(&wrapped, edit_format) {
        Ok(mut item) => item
            .remove("v")
            .ok_or_else(|| CliError::usage(format!("{flag}: no value"))),
        Err(error) => Err(CliError::usage(format!(
            "{flag} value {text:?}: {}",
            error.message
        ))),
    }
}

/// Parses every `--set` and `--remove` of one command.
pub fn parse_edits(
    sets: &[String],
    removes: &[String],
    format: ItemFormat,
) -> Result<Vec<PathEdit>, CliError> {
    let mut edits = Vec::new();
    for set in sets {
        let Some((path, value)) = split_assignment(set) else {
            return Err(CliError::usage(format!(
                "--set {set:?}: expected PATH=VALUE, e.g. --set 'status=\"PAID\"'"
            )));
        };
        edits.push(PathEdit {
            path: parse_path(path, "--set")?,
            value: Some(parse_value(value, format, "--set")?),
        });
    }
    for remove in removes {
        edits.push(PathEdit {
            path: parse_path(remove, "--remove")?,
            value: None,
        });
    }
    if edits.is_empty() {
        return Err(CliError::usage(
            "nothing to change: give at least one --set PATH=VALUE or --remove PATH",
        ));
    }
    Ok(edits)
}

/// Splits at the first `=` outside backticks.
pub(crate) fn split_assignment(text: &str) -> Option<(&str, &str)> {
    let mut in_backticks = false;
    for (index, c) in text.char_indices() {
        match c {
            '`' => in_backticks = !in_backticks,
            '=' if !in_backticks => return Some((&text[..index], &text[index + 1..])),
            _ => {}
        }
    }
    None
}

/// Applies the edits to a copy of `item`; a path through something missing is a usage error.
pub fn apply_edits(item: &Item, edits: &[PathEdit]) -> Result<Item, CliError> {
    path_edit::apply_edits(item, edits)
        .map_err(|problem| CliError::usage(format!("{problem}; nothing was sent")))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn paths_parse_names_indexes_and_backticked_names() {
        assert_eq!(
            parse_path("a.b[2].`x.y`", "--set").expect("valid"),
            vec![
                PathElement::Name("a".into()),
                PathElement::Name("b".into()),
                PathElement::Index(2),
                PathElement::Name("x.y".into()),
            ]
        );
        for bad in ["", "a.", "a[x]", "a[1", ".a", "a..b", "`a"] {
            assert!(parse_path(bad, "--set").is_err(), "{bad:?}");
        }
    }

    #[test]
    fn set_values_are_typed_json_and_other_text_is_a_string() {
        let edits = parse_edits(
            &[
                "n=12345678901234567890123456789012345678".into(),
                "s=\"12\"".into(),
                "word=Ada Lovelace".into(),
                "tags={\"$ss\":[\"a\"]}".into(),
                "`a=b`=true".into(),
            ],
            &["gone".into()],
            ItemFormat::Typed,
        )
        .expect("valid");
        let values: Vec<_> = edits.iter().map(|edit| edit.value.clone()).collect();
        assert_eq!(
            values,
            vec![
                Some(AttrValue::N(
                    "12345678901234567890123456789012345678"
                        .parse()
                        .expect("number")
                )),
                Some(AttrValue::s("12")),
                Some(AttrValue::s("Ada Lovelace")),
                Some(AttrValue::Ss(["a".to_owned()].into())),
                Some(AttrValue::Bool(true)),
                None,
            ]
        );
        assert_eq!(edits[4].path, vec![PathElement::Name("a=b".into())]);
    }

    #[test]
    fn invalid_values_are_refused_with_the_reason() {
        let cases = [
            (format!("n={}", "9".repeat(39)), "38 significant digits"),
            ("s={\"$ss\":[]}".to_owned(), "empty string set"),
            ("nothing".to_owned(), "expected PATH=VALUE"),
        ];
        for (set, expected) in cases {
            let error =
                parse_edits(std::slice::from_ref(&set), &[], ItemFormat::Typed).expect_err(&set);
            assert!(error.to_string().contains(expected), "{set}: {error}");
            assert_eq!(error.exit_code(), 2);
        }
    }

    #[test]
    fn edits_apply_to_nested_paths_and_refuse_missing_parents() {
        let item: Item = [(
            "a".to_owned(),
            AttrValue::M([("l".to_owned(), AttrValue::L(vec![AttrValue::n(1)]))].into()),
        )]
        .into();
        let edits = parse_edits(
            &["a.l[1]=2".into(), "a.k=3".into()],
            &["a.l[0]".into()],
            ItemFormat::Typed,
        )
        .expect("valid");
        let edited = apply_edits(&item, &edits).expect("applies");
        assert_eq!(
            edited["a"],
            AttrValue::M(
                [
                    ("k".to_owned(), AttrValue::n(3)),
                    ("l".to_owned(), AttrValue::L(vec![AttrValue::n(2)])),
                ]
                .into()
            )
        );
        let missing = parse_edits(&["x.y=1".into()], &[], ItemFormat::Typed).expect("valid");
        let error = apply_edits(&item, &missing).expect_err("x is missing");
        assert!(error.to_string().contains("no attribute \"x\""), "{error}");
    }
}
