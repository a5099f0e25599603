//! Typing key values given on the command line from the table's (or index's) key schema, so
//! `--pk 42` becomes a number on an N key and stays text on an S key.

use super::error::CliError;
use crate::domain::key_value::{key_example, parse_key_text, sort_key_example};
use crate::domain::schema::KeyAttribute;
use crate::domain::value::AttrValue;

/// Which key a command-line value is for, to name it in messages.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum KeyRole {
    Partition,
    Sort,
}

impl KeyRole {
    fn noun(self) -> &'static str {
        match self {
            Self::Partition => "partition key",
            Self::Sort => "sort key",
        }
    }
}

/// Types `text` (given with `flag`) as a value of key attribute `key`.
pub fn typed_key_value(
    flag: &str,
    text: &str,
    key: &KeyAttribute,
    role: KeyRole,
) -> Result<AttrValue, CliError> {
    parse_key_text(text, key.value_type).map_err(|problem| {
        CliError::usage(format!(
            "{flag} {text:?}: {problem}; {} `{}` has type {}, e.g. {flag} {}",
            role.noun(),
            key.name,
            key.value_type,
            match role {
                KeyRole::Partition => key_example(key.value_type),
                KeyRole::Sort => sort_key_example(key.value_type),
            }
        ))
    })
}

#[cfg(test)]
mod tests {

    use super::*;
    use crate::domain::number::Number;
    use crate::domain::value::ValueType;

    fn key(value_type: ValueType) -> KeyAttribute {
        KeyAttribute::new("id", value_type)
    }

    fn usage_message(result: Result<AttrValue, CliError>) -> String {
        match result {
            Err(CliError::Usage(message)) => message,
            other => panic!("expected a usage error, got {other:?}"),
        }
    }

    #[test]
    fn values_are_typed_from_the_key_schema() {
        let cases = [
            (ValueType::S, "42", AttrValue::s("42")),
            (ValueType::S, "USER#1", AttrValue::s("USER#1")),
            (ValueType::N, "42", AttrValue::n(42)),
            (
                ValueType::N,
                "-0017.50",
                AttrValue::N(Number::parse("-17.5").expect("valid")),
            ),
            (ValueType::B, "AP+A", AttrValue::B(vec![0x00, 0xff, 0x80])),
        ];
        for (value_type, text, expected) in cases {
            assert_eq!(
                typed_key_value("--pk", text, &key(value_type), KeyRole::Partition),
                Ok(expected),
                "{value_type} {text}"
            );
        }
    }

    #[test]
    fn text_on_a_number_key_names_the_key_its_type_and_an_example() {
        let message = usage_message(typed_key_value(
            "--pk",
            "abc",
            &key(ValueType::N),
            KeyRole::Partition,
        ));
        assert!(message.contains("--pk \"abc\""), "{message}");
        assert!(
            message.contains("partition key `id` has type N"),
            "{message}"
        );
        assert!(message.contains("e.g. --pk 42"), "{message}");
    }

    #[test]
    fn a_39_digit_number_is_refused_with_the_service_wording() {
        let message = usage_message(typed_key_value(
            "--sk-eq",
            &"1".repeat(39),
            &key(ValueType::N),
            KeyRole::Sort,
        ));
        assert!(
            message.contains("Attempting to store more than 38 significant digits in a Number"),
            "{message}"
        );
        assert!(message.contains("sort key `id`"), "{message}");
    }

    #[test]
    fn invalid_base64_on_a_binary_key_is_refused() {
        let message = usage_message(typed_key_value(
            "--pk",
            "not base64!",
            &key(ValueType::B),
            KeyRole::Partition,
        ));
        assert!(message.contains("not valid base64"), "{message}");
        assert!(message.contains("has type B"), "{message}");
    }

    #[test]
    fn empty_key_values_are_refused_for_every_type() {
        for value_type in [ValueType::S, ValueType::B] {
            let message = usage_message(typed_key_value(
                "--pk",
                "",
                &key(value_type),
                KeyRole::Partition,
            ));
            assert!(message.contains("cannot be empty"), "{message}");
        }
        let message = usage_message(typed_key_value(
            "--pk",
            "",
            &key(ValueType::N),
            KeyRole::Partition,
        ));
        assert!(message.contains("numeric value"), "{message}");
    }

    proptest::proptest! {
        #[test]
        fn typing_any_text_never_panics_and_numbers_keep_their_value(
            text in "[-+0-9.eE]{0,45}|\\PC{0,20}",
        ) {
            for value_type in [ValueType::S, ValueType::N, ValueType::B] {
                let result = typed_key_value("--pk", &text, &key(value_type), KeyRole::Partition);
                if let Ok(AttrValue::N(number)) = &result {
                    let reparsed = Number::parse(&number.to_string()).ok();
                    proptest::prop_assert_eq!(reparsed.as_ref(), Some(number));
                }
                if let Err(error) = &result {
                    proptest::prop_assert_eq!(error.exit_code(), 2);
                }
            }
        }
    }
}
