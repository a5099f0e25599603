//! The census in words, for the overview and the headless `collections`:
//! `ElectroDB 97% · separators 3% (of 364 items scanned); the model matched 150 items`.

use super::GrammarCensus;
use crate::domain::figures::counted;
use crate::domain::grammar::Grammar;

/// The grammars with their shares, the items they are of, and what the model matched.
#[must_use]
pub fn shares_text(census: &GrammarCensus) -> String {
    if census.total() == 0 {
        return "none yet (no item scanned)".to_owned();
    }
    let shares: Vec<String> = census
        .shares()
        .into_iter()
        .map(|(grammar, share)| {
            let name = grammar.map_or("unstructured keys", Grammar::name);
            format!("{name} {}", percent(share))
        })
        .collect();
    let mut text = format!(
        "{} (of {} scanned)",
        shares.join(" · "),
        counted(census.total(), "item", "items")
    );
    if census.model_matched() > 0 {
        text.push_str(&format!(
            "; the model matched {}",
            counted(census.model_matched(), "item", "items")
        ));
    }
    text
}

/// A share as a whole percentage, never rounded to 0% or 100% when it is neither.
#[must_use]
pub fn percent(share: f64) -> String {
    let whole = (share * 100.0).round();
    if share > 0.0 && whole < 1.0 {
        "<1%".to_owned()
    } else if share < 1.0 && whole >= 100.0 {
        ">99%".to_owned()
    } else {
        format!("{whole}%")
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn shares_are_whole_percentages_that_never_round_to_none_or_all() {
        assert_eq!(percent(0.004), "<1%");
        assert_eq!(percent(0.996), ">99%");
        assert_eq!(percent(1.0), "100%");
        assert_eq!(percent(0.25), "25%");
        assert_eq!(
            shares_text(&GrammarCensus::new()),
            "none yet (no item scanned)"
        );
    }
}
