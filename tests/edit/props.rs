//! Properties over arbitrary items: both edit formats round-trip exactly, parsing never panics,
//! and the minimal update a plan sends turns the stored item into exactly the edited one.

use ddbx::domain::edit::{
    ConditionMode, EditFormat, WritePlan, diff, parse_edited, plan_edit, rebase, render_for_edit,
};
use ddbx::domain::value::Item;
use ddbx::domain::version_attr::KNOWN_VERSION_NAMES;
use ddbx::write::WriteOutcome;
use proptest::prelude::*;

use crate::harness::Env;
use crate::support::{Server, block_on};
use crate::values::{item, single_table_item};

proptest! {
    #![proptest_config(ProptestConfig::with_cases(256))]

    #[test]
    fn every_item_renders_and_parses_back_exactly_in_both_formats(item in item()) {
        for format in [EditFormat::DdbJson, EditFormat::TypedJson] {
            let text = render_for_edit(&item, format);
            prop_assert_eq!(parse_edited(&text, format), Ok(item.clone()));
        }
    }

    #[test]
    fn parsing_arbitrary_text_never_panics(text in "\\PC{0,200}", typed in any::<bool>()) {
        let format = if typed { EditFormat::TypedJson } else { EditFormat::DdbJson };
        if let Err(error) = parse_edited(&text, format) {
            prop_assert!(error.line >= 1 && error.column >= 1);
        }
    }

    #[test]
    fn rebasing_onto_an_unchanged_item_gives_the_edit(original in item(), edited in item()) {
        prop_assert_eq!(rebase(&original, &edited, &original), Ok(edited.clone()));
        prop_assert_eq!(diff(&original, &edited).is_empty(), original == edited);
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(64))]

    #[test]
    fn the_planned_update_turns_the_stored_item_into_the_edited_one(
        original in single_table_item(),
        other in single_table_item(),
    ) {
        // Version counters are covered elsewhere; here the changed-values conditions are.
        let not_a_version = |name: &String| !KNOWN_VERSION_NAMES.contains(&name.as_str());
        let original: Item = original.into_iter().filter(|(name, _)| not_a_version(name)).collect();
        // The edit keeps the key and takes every other attribute from `other`.
        let mut edited: Item = other
            .into_iter()
            .filter(|(name, _)| name != "PK" && name != "SK" && not_a_version(name))
            .collect();
        edited.insert("PK".into(), original["PK"].clone());
        edited.insert("SK".into(), original["SK"].clone());
        let result = block_on(async {
            let env = Env::new(Server::Memory, "edit-props").await.expect("memory");
            env.create(&original).await;
            let planned = plan_edit(&env.ctx(), &original, &edited, ConditionMode::Auto)
                .map_err(|error| error.to_string())?;
            if planned.plan == WritePlan::Nothing {
                return Ok((original.clone(), original == edited));
            }
            let outcome = env.execute(&planned).await.map_err(|error| error.to_string())?;
            let stored = env
                .read(&env.description.primary_key_of(&original).expect("key"))
                .await
                .expect("exists");
            let written = matches!(outcome, WriteOutcome::Written { .. });
            Ok::<_, String>((stored, written))
        });
        let (stored, written) = result.map_err(TestCaseError::fail)?;
        prop_assert!(written);
        prop_assert_eq!(stored, edited);
    }
}
