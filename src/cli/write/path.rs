//! `--set 'path=value'` and `--remove path` of `ddbx update`: parsed before connecting, then
//! applied to the item as read, so the edit goes through the same diff and conditions as the
//! editor's.

use crate::cli::args::ItemFormat;
use crate::cli::error::CliError;
use crate::domain::edit::{EditFormat, is_json, parse_edited};
use crate::domain::expr::ast::PathElement;
use crate::domain::value::{AttrValue, Item};

/// One `--set` or `--remove`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PathEdit {
    pub path: Vec<PathElement>,
    /// `None` removes.
    pub value: Option<AttrValue>,
}

/// Parses `a.b[2].c`; a name in backticks may hold `.`, `[`, `=` (a doubled backtick is one).
pub fn parse_path(text: &str, flag: &str) -> Result<Vec<PathElement>, CliError> {
    let refuse = |problem: &str| {
        CliError::usage(format!(
            "{flag} {text:?}: {problem}; paths look like status, address.city, lines[0].qty or `odd.name`"
        ))
    };
    let chars: Vec<char> = text.chars().collect();
    let mut elements = Vec::new();
    let mut i = 0;
    let mut expect_name = true;
    while i < chars.len() {
        if expect_name {
            let mut name = String::new();
            if chars[i] == '`' {
                i += 1;
                loop {
                    match chars.get(i) {
                        None => return Err(refuse("a backtick is never closed")),
                        Some('`') if chars.get(i + 1) == Some(&'`') => {
                            name.push('`');
                            i += 2;
                        }
                        Some('`') => {
                            i += 1;
                            break;
                        }
                        Some(c) => {
                            name.push(*c);
                            i += 1;
                        }
                    }
                }
            } else {
                while let Some(c) = chars.get(i).filter(|c| !matches!(c, '.' | '[' | ']')) {
                    name.push(*c);
                    i += 1;
                }
            }
            if name.is_empty() {
                return Err(refuse("an attribute name is empty"));
            }
            elements.push(PathElement::Name(name));
            expect_name = false;
            continue;
        }
        match chars[i] {
            '.' => {
                expect_name = true;
                i += 1;
                if i == chars.len() {
                    return Err(refuse("the path ends with '.'"));
                }
            }
            '[' => {
                let close = chars[i..]
                    .iter()
                    .position(|c| *c == ']')
                    .ok_or_else(|| refuse("'[' is never closed"))?;
                let digits: String = chars[i + 1..i + close].iter().collect();
                let index = digits
                    .parse::<usize>()
                    .map_err(|_| refuse("a list index must be a non-negative whole number"))?;
                elements.push(PathElement::Index(index));
                i += close + 1;
            }
            _ => return Err(refuse("expected '.' or '[' after a name or index")),
        }
    }
    if elements.is_empty() {
        return Err(refuse("the path is empty"));
    }
    Ok(elements)
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
pub(super) fn split_assignment(text: &str) -> Option<(&str, &str)> {
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
    let mut edited = item.clone();
    for edit in edits {
        let shown = crate::domain::edit::diff::display_path(&edit.path);
        apply(&mut edited, &edit.path, edit.value.clone())
            .map_err(|problem| CliError::usage(format!("{shown}: {problem}; nothing was sent")))?;
    }
    Ok(edited)
}

fn apply(item: &mut Item, path: &[PathElement], value: Option<AttrValue>) -> Result<(), String> {
    let Some((PathElement::Name(root), rest)) = path.split_first() else {
        return Err("a path starts with an attribute name".to_owned());
    };
    if rest.is_empty() {
        match value {
            Some(value) => item.insert(root.clone(), value),
            None => item.remove(root),
        };
        return Ok(());
    }
    let target = item
        .get_mut(root)
        .ok_or_else(|| format!("the item has no attribute {root:?} to go into"))?;
    apply_nested(target, rest, value)
}

fn apply_nested(
    target: &mut AttrValue,
    path: &[PathElement],
    value: Option<AttrValue>,
) -> Result<(), String> {
    let Some((first, rest)) = path.split_first() else {
        return Ok(());
    };
    match (target, first) {
        (AttrValue::M(map), PathElement::Name(name)) => {
            if rest.is_empty() {
                match value {
                    Some(value) => map.insert(name.clone(), value),
                    None => map.remove(name),
                };
                Ok(())
            } else {
                let inner = map
                    .get_mut(name)
                    .ok_or_else(|| format!("the map has no key {name:?} to go into"))?;
                apply_nested(inner, rest, value)
            }
        }
        (AttrValue::L(list), PathElement::Index(index)) => {
            let index = *index;
            if rest.is_empty() {
                match value {
                    Some(value) if index < list.len() => list[index] = value,
                    Some(value) if index == list.len() => list.push(value),
                    Some(_) => {
                        return Err(format!(
                            "the list has {} elements; set an index up to {}",
                            list.len(),
                            list.len()
                        ));
                    }
                    None if index < list.len() => {
                        list.remove(index);
                    }
                    None => return Err(format!("the list has only {} elements", list.len())),
                }
                Ok(())
            } else {
                let len = list.len();
                let inner = list
                    .get_mut(index)
                    .ok_or_else(|| format!("the list has only {len} elements"))?;
                apply_nested(inner, rest, value)
            }
        }
        (other, PathElement::Name(_)) => Err(format!(
            "a map key needs a map, but this is {}",
            other.value_type()
        )),
        (other, PathElement::Index(_)) => Err(format!(
            "a list index needs a list, but this is {}",
            other.value_type()
        )),
    }
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
