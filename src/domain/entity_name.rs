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
