//! What an index's projection holds, and which requested attributes it does not: a KEYS_ONLY or
//! INCLUDE index returns items without them (a GSI cannot fetch from the table), so the user is
//! warned and offered the base items instead. A Query that names them in its filter or (on a
//! GSI) its projection is refused outright: see `expr::validate::check_index_projection`.

use super::escape::escape_for_terminal;
use super::schema::{IndexKind, IndexSchema, Projection, TableDescription};

/// Whether `index` holds the top-level attribute `name`: every attribute for ALL; otherwise the
/// table's key, the index's key and the INCLUDE list.
#[must_use]
pub fn holds(index: &IndexSchema, description: &TableDescription, name: &str) -> bool {
    match &index.projection {
        Projection::All => true,
        Projection::KeysOnly => description.key.contains(name) || index.key.contains(name),
        Projection::Include(included) => {
            description.key.contains(name)
                || index.key.contains(name)
                || included.iter().any(|held| held == name)
        }
    }
}

/// The requested attributes `index` does not hold, in request order without repeats. Each of
/// `requested` is an attribute name or a document path whose top-level name is already resolved
/// (`address.city`, `tags[0]`); a path counts as held when its top-level attribute is.
#[must_use]
pub fn missing_attributes(
    index: &IndexSchema,
    description: &TableDescription,
    requested: &[&str],
) -> Vec<String> {
    let mut missing: Vec<String> = Vec::new();
    for &path in requested {
        if !holds(index, description, top_level(path)) && !missing.iter().any(|seen| seen == path) {
            missing.push(path.to_owned());
        }
    }
    missing
}

/// `address` of `address.city` or `address[0]`.
fn top_level(path: &str) -> &str {
    path.split(['.', '[']).next().unwrap_or(path)
}

/// `KEYS_ONLY`, `INCLUDE rating, reviewText`, `ALL` (names escaped).
#[must_use]
pub fn projection_text(projection: &Projection) -> String {
    match projection {
        Projection::All => "ALL".to_owned(),
        Projection::KeysOnly => "KEYS_ONLY".to_owned(),
        Projection::Include(names) => {
            let names: Vec<String> = names
                .iter()
                .map(|name| escape_for_terminal(name).into_owned())
                .collect();
            format!("INCLUDE {}", names.join(", "))
        }
    }
}

/// The warning for `missing` attributes of `index`, or `None` when nothing is missing.
#[must_use]
pub fn missing_warning(index: &IndexSchema, missing: &[String]) -> Option<String> {
    if missing.is_empty() {
        return None;
    }
    let names: Vec<String> = missing
        .iter()
        .map(|name| escape_for_terminal(name).into_owned())
        .collect();
    let remedy = match index.kind {
        IndexKind::Global => "fetch the base items (GetItem) to see them",
        IndexKind::Local => {
            "an LSI query fetches them from the table, at extra read cost; or fetch the base items"
        }
    };
    Some(format!(
        "{} ({}) does not hold {}: {remedy}",
        escape_for_terminal(&index.name),
        projection_text(&index.projection),
        names.join(", ")
    ))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::domain::schema::{KeyAttribute, KeySchema};
    use crate::domain::value::ValueType;

    fn key(pk: &str, sk: &str) -> KeySchema {
        KeySchema::new(
            KeyAttribute::new(pk, ValueType::S),
            Some(KeyAttribute::new(sk, ValueType::S)),
        )
    }

    fn index(name: &str, kind: IndexKind, projection: Projection) -> IndexSchema {
        IndexSchema {
            name: name.to_owned(),
            kind,
            key: key("GSI2PK", "GSI2SK"),
            projection,
            item_count: None,
            size_bytes: None,
            status: None,
        }
    }

    fn table() -> TableDescription {
        TableDescription::new("T", key("PK", "SK"))
    }

    #[test]
    fn each_projection_holds_its_own_set_of_attributes() {
        let requested = ["PK", "GSI2SK", "rating", "total", "rating.score", "total"];
        let cases = [
            (Projection::All, vec![]),
            (
                Projection::KeysOnly,
                vec!["rating", "total", "rating.score"],
            ),
            (
                Projection::Include(vec!["rating".to_owned()]),
                vec!["total"],
            ),
        ];
        for (projection, expected) in cases {
            let index = index("GSI2", IndexKind::Global, projection);
            assert_eq!(
                missing_attributes(&index, &table(), &requested),
                expected,
                "{:?}",
                index.projection
            );
        }
    }

    #[test]
    fn list_element_paths_count_by_their_top_level_attribute() {
        let index = index(
            "GSI2",
            IndexKind::Global,
            Projection::Include(vec!["tags".to_owned()]),
        );
        assert!(missing_attributes(&index, &table(), &["tags[0]", "tags.x"]).is_empty());
    }

    #[test]
    fn the_warning_names_index_projection_and_missing_attributes_with_a_remedy() {
        let gsi = index(
            "GSI2",
            IndexKind::Global,
            Projection::Include(vec!["rating".to_owned(), "reviewText".to_owned()]),
        );
        assert_eq!(
            missing_warning(&gsi, &["total".to_owned()]).as_deref(),
            Some(
                "GSI2 (INCLUDE rating, reviewText) does not hold total: fetch the base items \
                 (GetItem) to see them"
            )
        );
        let lsi = index("LSI1", IndexKind::Local, Projection::KeysOnly);
        let warning = missing_warning(&lsi, &["a\u{1b}b".to_owned()]).expect("a warning");
        assert!(warning.starts_with("LSI1 (KEYS_ONLY) does not hold a\\x1bb: an LSI query"));
        assert_eq!(missing_warning(&gsi, &[]), None);
    }
}
