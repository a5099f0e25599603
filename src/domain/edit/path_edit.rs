//! Setting and removing one attribute path of an item (`a.b[2].c`): the path text, the typed
//! value, and the edit applied to a copy of the item as read, so the write goes through the same
//! diff and conditions as the editor's. The headless `--set`/`--remove` and the terminal UI's bulk
//! actions both use it.

use super::{EditFormat, is_json, parse_edited};
use crate::domain::expr::ast::PathElement;
use crate::domain::value::{AttrValue, Item};

/// One attribute set (to a value) or removed.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PathEdit {
    pub path: Vec<PathElement>,
    /// `None` removes.
    pub value: Option<AttrValue>,
}

/// Parses `a.b[2].c`; a name in backticks may hold `.`, `[`, `=` (a doubled backtick is one).
pub fn parse_path(text: &str) -> Result<Vec<PathElement>, String> {
    let refuse = |problem: &str| problem.to_owned();
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

/// A value as the editor takes it: typed JSON, or any other text as a string.
pub fn parse_typed_value(text: &str) -> Result<AttrValue, String> {
    if !is_json(text) {
        return Ok(AttrValue::S(text.to_owned()));
    }
    let mut item = parse_edited(&format!("{{\"v\": {text}}}"), EditFormat::TypedJson)
        .map_err(|error| error.message)?;
    item.remove("v").ok_or_else(|| "no value".to_owned())
}

/// Applies the edits to a copy of `item`; a path through something missing is refused with the
/// path and the problem.
pub fn apply_edits(item: &Item, edits: &[PathEdit]) -> Result<Item, String> {
    let mut edited = item.clone();
    for edit in edits {
        let shown = super::diff::display_path(&edit.path);
        apply(&mut edited, &edit.path, edit.value.clone())
            .map_err(|problem| format!("{shown}: {problem}"))?;
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
