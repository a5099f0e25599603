//! Carrying out the bulk commands: one group of a run through the shared batch executor (the
//! write-ahead journal, the editor's conditioned requests) and an export to a new private file.
//! The worker and the test harness both call [`bulk_done`].

use std::io::Write as _;

use crate::app::action::Action;
use crate::app::command::Command;
use crate::backend::Backend;
use crate::domain::export::export_text;
use crate::domain::figures::counted;
use crate::journal::{BatchHeader, Journal, new_batch_id};
use crate::write::batch::{BatchTarget, ItemOutcome, execute_group};

/// The answer to a bulk command; `None` for any other command.
pub async fn bulk_done(command: Command, backend: &dyn Backend) -> Option<Action> {
    Some(match command {
        Command::ExecuteBatchGroup {
            id,
            table,
            journal,
            batch,
            connection,
            plan,
            items,
            parallel,
            delay,
        } => {
            if !delay.is_zero() {
                tokio::time::sleep(delay).await;
            }
            let journal = Journal::open(journal);
            let batch = match batch {
                Some(batch) => batch,
                None => {
                    let header = BatchHeader {
                        batch: new_batch_id(),
                        table: table.clone(),
                        connection,
                        plan,
                    };
                    if let Err(error) = journal.append_batch_header(&header) {
                        return Some(Action::BulkGroupDone {
                            id,
                            batch: None,
                            results: Err(format!(
                                "cannot write the journal {}: {error}",
                                journal.path().display()
                            )),
                            journal_error: None,
                        });
                    }
                    header.batch
                }
            };
            let target = BatchTarget {
                backend,
                table: &table,
                journal: &journal,
                batch: &batch,
                parallel,
            };
            let (results, journal_error) = match execute_group(&target, &items).await {
                Ok(group) => (
                    Ok(group.outcomes.iter().map(ItemOutcome::result).collect()),
                    group.journal_error.map(|error| error.to_string()),
                ),
                Err(error) => (Err(error.to_string()), None),
            };
            Action::BulkGroupDone {
                id,
                batch: Some(batch),
                results,
                journal_error,
            }
        }
        Command::ExportItems {
            id,
            path,
            format,
            description,
            items,
        } => Action::BulkExported {
            id,
            result: export(&path, format, &description, &items),
        },
        _ => return None,
    })
}

fn export(
    path: &std::path::Path,
    format: crate::domain::export::ExportFormat,
    description: &crate::domain::schema::TableDescription,
    items: &[crate::domain::value::Item],
) -> Result<String, String> {
    let text = export_text(format, description, items);
    let mut file = crate::storage::create_private_new(path).map_err(|error| {
        format!(
            "{}: {error} (an export never overwrites a file; name a new one)",
            path.display()
        )
    })?;
    file.write_all(text.as_bytes())
        .and_then(|()| file.flush())
        .map_err(|error| format!("{}: {error}", path.display()))?;
    Ok(format!(
        "exported {} as {} to {}",
        counted(items.len() as u64, "item", "items"),
        format.label(),
        path.display()
    ))
}
