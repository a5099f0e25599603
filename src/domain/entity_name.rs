//! Turning key prefixes into entity names: `USER` → `User`, `ORDER_ITEMS` → `OrderItem`,
//! `users` → `User`, `$shop` → `Shop`.

/// The entity name a key prefix stands for, or `None` when it holds no letters or digits.
#[must_use]
pub fn entity_name_from_prefix(prefix: &str) -> Option<String> {
    let words: Vec<&str> = prefix
        .split(|c: char| !c.is_alphanumeric())
        .filter(|word| !word.is_empty())
        .collect();
    let (last, leading) = words.split_last()?;
    let mut name = String::with_capacity(prefix.len());
    for word in leading {
        push_capitalised(&mut name, word);
    }
    push_capitalised(&mut name, &singular(last));
    Some(name)
}

/// `ORDER` → `Order`, `order` → `Order`, `orderItem` → `OrderItem` (mixed case is kept).
fn push_capitalised(name: &mut String, word: &str) {
    let shouting = !word.chars().any(char::is_lowercase);
    let mut chars = word.chars();
    if let Some(first) = chars.next() {
        name.extend(first.to_uppercase());
    }
    for c in chars {
        if shouting {
            name.extend(c.to_lowercase());
        } else {
            name.push(c);
        }
    }
}

/// English singular of a plural prefix, for the few plural shapes key prefixes use. Words ending in
/// `ss`, `us` or `is` (ADDRESS, STATUS, ANALYSIS) are already singular.
fn singular(word: &str) -> String {
    let lower = word.to_lowercase();
    let cut = |suffix_len: usize, replacement: &str| {
        let keep = word.len() - suffix_len;
        let mut singular = word[..keep].to_owned();
        let upper = word.chars().last().is_some_and(char::is_uppercase);
        if upper {
            singular.push_str(&replacement.to_uppercase());
        } else {
            singular.push_str(replacement);
        }
        singular
    };
    if lower.len() <= 3 || !lower.is_ascii() {
        word.to_owned()
    } else if lower.ends_with("ies") {
        cut(3, "y")
    } else if ["sses", "xes", "ches", "shes"]
        .iter()
        .any(|suffix| lower.ends_with(suffix))
    {
        cut(2, "")
    } else if ["ss", "us", "is"]
        .iter()
        .any(|suffix| lower.ends_with(suffix))
    {
        word.to_owned()
    } else if lower.ends_with('s') {
        cut(1, "")
    } else {
        word.to_owned()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn prefixes_become_singular_capitalised_entity_names() {
        let cases = [
            ("USER", Some("User")),
            ("USERS", Some("User")),
            ("user", Some("User")),
            ("users", Some("User")),
            ("ORDER_ITEM", Some("OrderItem")),
            ("ORDER_ITEMS", Some("OrderItem")),
            ("order-items", Some("OrderItem")),
            ("orderItem", Some("OrderItem")),
            ("CATEGORIES", Some("Category")),
            ("ADDRESS", Some("Address")),
            ("ADDRESSES", Some("Address")),
            ("STATUS", Some("Status")),
            ("ANALYSIS", Some("Analysis")),
            ("BOXES", Some("Box")),
            ("MATCHES", Some("Match")),
            ("GSI1", Some("Gsi1")),
            ("$shop", Some("Shop")),
            ("_schema", Some("Schema")),
            ("BUS", Some("Bus")),
            ("注文", Some("注文")),
            ("$#", None),
            ("", None),
        ];
        for (prefix, expected) in cases {
            assert_eq!(
                entity_name_from_prefix(prefix).as_deref(),
                expected,
                "{prefix}"
            );
        }
    }
}

/// The separator of a nested entity's name (`Tenant›Ticket`), and what a person types for it.
pub const NESTING: char = '›';
const TYPED_NESTING: char = '>';

/// Whether `typed` names the entity `name`: the whole name, or its last parts (`Ticket`, or
/// `Tenant>Ticket` with `>` for `›`), without regard to case, as people type names.
#[must_use]
pub fn entity_matches(name: &str, typed: &str) -> bool {
    let typed = typed.trim().replace(TYPED_NESTING, &NESTING.to_string());
    if typed.is_empty() {
        return false;
    }
    let parts: Vec<&str> = name.split(NESTING).collect();
    let wanted: Vec<&str> = typed.split(NESTING).map(str::trim).collect();
    parts.len() >= wanted.len()
        && parts[parts.len() - wanted.len()..]
            .iter()
            .zip(&wanted)
            .all(|(part, want)| part.eq_ignore_ascii_case(want))
}

#[cfg(test)]
mod matching_tests {
    use super::entity_matches;

    #[test]
    fn a_nested_name_matches_its_last_parts_typed_with_either_separator_in_any_case() {
        assert!(entity_matches("Tenant›Ticket", "Ticket"));
        assert!(entity_matches("Tenant›Ticket", "ticket"));
        assert!(entity_matches("Tenant›Ticket", "Tenant>Ticket"));
        assert!(entity_matches("Tenant›Ticket", "tenant›ticket"));
        assert!(entity_matches("Order", "ORDER"));
        assert!(!entity_matches("Tenant›Ticket", "Tenant"));
        assert!(!entity_matches("Tenant›Ticket", "Ticket>Tenant"));
        assert!(!entity_matches("Tenant›Ticket", "Other>Tenant>Ticket"));
        assert!(!entity_matches("Tenant›Ticket", ""));
        assert!(!entity_matches("Tenant›TicketComment", "Comment"));
    }
}
