//! The stream filter as typed in its prompt: `pk=USER#1 prefix=ORDER# entity=order
//! event=MODIFY,REMOVE`, any part left out; an empty line clears the filter.

use crate::backend::ChangeKind;
use crate::domain::change_filter::ChangeFilter;

/// Reads a typed filter; the error names the part it does not understand.
pub fn parse(text: &str) -> Result<ChangeFilter, String> {
    let mut filter = ChangeFilter::default();
    for word in text.split_whitespace() {
        let (name, value) = word
            .split_once('=')
            .ok_or_else(|| format!("`{word}`: write name=value (pk, prefix, entity, event)"))?;
        let value = Some(value.to_owned()).filter(|value| !value.is_empty());
        match name.to_ascii_lowercase().as_str() {
            "pk" => filter.pk = value,
            "prefix" => filter.prefix = value,
            "entity" => filter.entity = value,
            "event" => filter.events = events(value.as_deref().unwrap_or_default())?,
            other => {
                return Err(format!(
                    "`{other}` is not a filter: use pk, prefix, entity or event"
                ));
            }
        }
    }
    Ok(filter)
}

fn events(list: &str) -> Result<Vec<ChangeKind>, String> {
    list.split(',')
        .filter(|name| !name.is_empty())
        .map(|name| match name.to_ascii_uppercase().as_str() {
            "INSERT" => Ok(ChangeKind::Insert),
            "MODIFY" => Ok(ChangeKind::Modify),
            "REMOVE" => Ok(ChangeKind::Remove),
            _ => Err(format!(
                "`{name}` is not an event: INSERT, MODIFY or REMOVE"
            )),
        })
        .collect()
}

/// The filter written back as the prompt reads it.
#[must_use]
pub fn text(filter: &ChangeFilter) -> String {
    let mut parts = Vec::new();
    for (name, value) in [
        ("pk", &filter.pk),
        ("prefix", &filter.prefix),
        ("entity", &filter.entity),
    ] {
        if let Some(value) = value {
            parts.push(format!("{name}={value}"));
        }
    }
    if !filter.events.is_empty() {
        let names: Vec<&str> = filter.events.iter().map(|kind| kind.name()).collect();
        parts.push(format!("event={}", names.join(",")));
    }
    parts.join(" ")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_typed_filter_reads_back_as_typed_and_a_wrong_part_is_named() {
        let filter = parse("pk=USER#1 prefix=ORDER# entity=order event=modify,REMOVE").expect("ok");
        assert_eq!(filter.pk.as_deref(), Some("USER#1"));
        assert_eq!(filter.events, [ChangeKind::Modify, ChangeKind::Remove]);
        assert_eq!(
            text(&filter),
            "pk=USER#1 prefix=ORDER# entity=order event=MODIFY,REMOVE"
        );
        assert_eq!(parse("").expect("empty"), ChangeFilter::default());
        assert!(parse("sk=1").expect_err("unknown").contains("`sk`"));
        assert!(
            parse("event=UPSERT")
                .expect_err("bad event")
                .contains("UPSERT")
        );
        assert!(parse("USER#1").expect_err("no =").contains("name=value"));
    }
}
