//! A primary key typed on one line: the partition value, a space, the sort value. A value that
//! holds a space (or begins with a quote) is written as a JSON string, `"Acme Corp" USER#1`, so
//! any key can be typed; an unquoted sort value is the rest of the line, spaces and all.

/// A key value as it is typed: as is, or as a JSON string when it must be.
#[must_use]
pub fn typed_part(value: &str) -> String {
    if value.is_empty() || value.starts_with('"') || value.contains(char::is_whitespace) {
        serde_json::Value::String(value.to_owned()).to_string()
    } else {
        value.to_owned()
    }
}

/// The partition value and what follows it (the sort value, if any), read back.
pub fn split_typed_key(text: &str) -> Result<(String, Option<String>), String> {
    let text = text.trim_start();
    let (partition, rest) = if text.starts_with('"') {
        quoted(text)?
    } else {
        match text.split_once(char::is_whitespace) {
            Some((partition, rest)) => (partition.to_owned(), rest),
            None => (text.to_owned(), ""),
        }
    };
    let rest = rest.trim();
    let sort = if rest.is_empty() {
        None
    } else if rest.starts_with('"') {
        let (sort, after) = quoted(rest)?;
        if !after.trim().is_empty() {
            return Err(format!(
                "after the quoted sort key value comes {:?}: a key has two values at most",
                after.trim()
            ));
        }
        Some(sort)
    } else {
        Some(rest.to_owned())
    };
    Ok((partition, sort))
}

/// A JSON string at the start of `text`, and the text after it.
fn quoted(text: &str) -> Result<(String, &str), String> {
    let mut values = serde_json::Deserializer::from_str(text).into_iter::<String>();
    match values.next() {
        Some(Ok(value)) => Ok((value, &text[values.byte_offset()..])),
        _ => Err(format!(
            "{text:?} opens a quoted value that is not a JSON string: close it with \" (and write \\\" for a quote inside)"
        )),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    #[test]
    fn values_with_spaces_are_quoted_and_read_back() {
        assert_eq!(typed_part("USER#1"), "USER#1");
        assert_eq!(typed_part("Acme Corp"), "\"Acme Corp\"");
        assert_eq!(
            split_typed_key("\"Acme Corp\" USER#1"),
            Ok(("Acme Corp".to_owned(), Some("USER#1".to_owned())))
        );
        // An unquoted sort value is the rest of the line, as it always was.
        assert_eq!(
            split_typed_key("ORG#1 NOTE#hello world"),
            Ok(("ORG#1".to_owned(), Some("NOTE#hello world".to_owned())))
        );
        assert_eq!(split_typed_key("ORG#1"), Ok(("ORG#1".to_owned(), None)));
        assert!(split_typed_key("\"open").is_err());
        assert!(split_typed_key("a \"b\" c").is_err());
    }

    proptest! {
        #[test]
        fn any_key_typed_as_the_prompt_writes_it_reads_back(pk in "\\PC{1,12}", sk in "\\PC{1,12}") {
            let text = format!("{} {}", typed_part(&pk), typed_part(&sk));
            let (read_pk, read_sk) = split_typed_key(&text).expect("reads back");
            prop_assert_eq!(read_pk, pk);
            prop_assert_eq!(read_sk, Some(sk));
        }

        #[test]
        fn any_line_is_read_or_refused_without_panicking(text in "\\PC{0,30}") {
            let _ = split_typed_key(&text);
        }
    }
}
