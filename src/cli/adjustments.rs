//! `--add PATH=N` with `--at-least PATH=N` and `--at-most PATH=N` of `ddbx update` and `ddbx
//! bulk`: numbers adjusted where they stand, parsed before connecting.

use crate::cli::error::CliError;
use crate::cli::path_edits::{parse_path, split_assignment};
use crate::domain::edit::Adjustment;
use crate::domain::expr::ast::PathElement;
use crate::domain::number::Number;

/// The adjustments one command asks for; every bound names a path that `--add` adjusts.
pub fn parse_adjustments(
    adds: &[String],
    at_least: &[String],
    at_most: &[String],
) -> Result<Vec<Adjustment>, CliError> {
    let mut adjustments = Vec::new();
    for add in adds {
        let (path, by) = path_and_number(add, "--add", "--add 'balance=-25'")?;
        if adjustments
            .iter()
            .any(|known: &Adjustment| known.path == path)
        {
            return Err(CliError::usage(format!(
                "--add {add:?}: that number is adjusted twice; add the amounts into one --add"
            )));
        }
        adjustments.push(Adjustment {
            path,
            by,
            at_least: None,
            at_most: None,
        });
    }
    for (bounds, flag) in [(at_least, "--at-least"), (at_most, "--at-most")] {
        for bound in bounds {
            let (path, value) = path_and_number(bound, flag, &format!("{flag} balance=0"))?;
            let adjustment = adjustments
                .iter_mut()
                .find(|adjustment| adjustment.path == path)
                .ok_or_else(|| {
                    CliError::usage(format!(
                        "{flag} {bound:?}: no --add adjusts that path; a bound guards a number --add adjusts"
                    ))
                })?;
            let slot = if flag == "--at-least" {
                &mut adjustment.at_least
            } else {
                &mut adjustment.at_most
            };
            if slot.replace(value).is_some() {
                return Err(CliError::usage(format!("{flag} {bound:?}: given twice")));
            }
        }
    }
    if let Some(empty) = adjustments.iter().find(|adjustment| {
        matches!((&adjustment.at_least, &adjustment.at_most), (Some(low), Some(high)) if low > high)
    }) {
        return Err(CliError::usage(format!(
            "{}: --at-least is above --at-most, so no value can satisfy both",
            empty.describe()
        )));
    }
    Ok(adjustments)
}

/// `path=number`, the number with DynamoDB's 38 digits and range.
fn path_and_number(
    text: &str,
    flag: &str,
    example: &str,
) -> Result<(Vec<PathElement>, Number), CliError> {
    let (path, number) = split_assignment(text).ok_or_else(|| {
        CliError::usage(format!("{flag} {text:?}: expected PATH=N, e.g. {example}"))
    })?;
    let number = Number::parse(number.trim()).map_err(|error| {
        CliError::usage(format!(
            "{flag} {text:?}: {number:?} is not a number: {error}"
        ))
    })?;
    Ok((parse_path(path, flag)?, number))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn strings(texts: &[&str]) -> Vec<String> {
        texts.iter().map(|text| (*text).to_owned()).collect()
    }

    #[test]
    fn amounts_and_bounds_are_read_with_every_digit() {
        let parsed = parse_adjustments(
            &strings(&[
                "balance=-25",
                "stats.views=12345678901234567890123456789012345678",
            ]),
            &strings(&["balance=0"]),
            &strings(&["stats.views=99999999999999999999999999999999999999"]),
        )
        .expect("valid");
        assert_eq!(parsed.len(), 2);
        assert_eq!(parsed[0].by.to_string(), "-25");
        assert_eq!(
            parsed[0]
                .at_least
                .as_ref()
                .map(ToString::to_string)
                .as_deref(),
            Some("0")
        );
        assert_eq!(
            parsed[1].by.to_string(),
            "12345678901234567890123456789012345678"
        );
        assert!(parsed[1].at_least.is_none());
    }

    #[test]
    fn bad_input_says_what_to_fix() {
        let refused = |adds: &[&str], least: &[&str], most: &[&str]| {
            parse_adjustments(&strings(adds), &strings(least), &strings(most))
                .expect_err("refused")
                .to_string()
        };
        assert!(refused(&["balance"], &[], &[]).contains("expected PATH=N"));
        assert!(refused(&["balance=ten"], &[], &[]).contains("is not a number"));
        assert!(refused(&["balance=1", "balance=2"], &[], &[]).contains("adjusted twice"));
        assert!(refused(&["balance=1"], &["other=0"], &[]).contains("no --add adjusts"));
        assert!(
            refused(&["balance=1"], &["balance=5"], &["balance=4"]).contains("above --at-most")
        );
        assert!(refused(&["balance=1"], &["balance=0", "balance=1"], &[]).contains("given twice"));
    }
}
