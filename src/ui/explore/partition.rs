//! Collections level 3: the items of one partition, grouped by sort key prefix.

use ratatui::Frame;
use ratatui::layout::Rect;
use ratatui::text::{Line, Span};
use ratatui::widgets::{Block, Paragraph};

use crate::app::state::Paging;
use crate::app::state::State;
use crate::app::state::bulk::is_marked;
use crate::app::state::explore::partition::partition_text;
use crate::app::state::explore::partition::{Partition, PartitionRow};
use crate::app::state::inspect::inspector::key_text;
use crate::domain::attribute_order::SummaryOrder;
use crate::domain::entity::Entity;
use crate::domain::figures;
use crate::domain::value::{AttrValue, Item};
use crate::ui::theme::{self, Styles};
use crate::ui::widgets::grid::MARK;
use crate::ui::widgets::list::window;
use crate::ui::widgets::text::safe;

pub(in crate::ui) fn render(
    frame: &mut Frame<'_>,
    area: Rect,
    state: &State,
    pk: &AttrValue,
    cursor: usize,
) {
    let styles = theme::of(state);
    let text = partition_text(pk);
    let Some(partition) = state.explore.partitions.get(&text) else {
        let block = Block::bordered().title(format!(" {} ", safe(&text)));
        let text = if state.described().is_none() {
            "Waiting for the table description…"
        } else {
            "Not loaded."
        };
        frame.render_widget(Paragraph::new(text).block(block), area);
        return;
    };
    let block = Block::bordered().title(title(&text, partition));
    let inner_height = usize::from(area.height.saturating_sub(2));
    let sort = state
        .described()
        .and_then(|d| d.key.sort.as_ref())
        .map(|s| s.name.as_str());
    let mut lines = notes(styles, partition);
    if partition.items.is_empty() {
        lines.push(Line::raw(match partition.paging {
            Paging::Fetching { .. } => "Querying the partition…",
            Paging::Failed(_) => "",
            _ => "No items in this partition.",
        }));
        frame.render_widget(Paragraph::new(lines).block(block), area);
        return;
    }
    let summary_order = SummaryOrder::of(state.described()).with_model(state.entities.model());
    let rows = partition.rows();
    let visible = window(rows.len(), cursor, inner_height.saturating_sub(lines.len()));
    for (index, row) in rows
        .iter()
        .enumerate()
        .skip(visible.start)
        .take(visible.len())
    {
        let selected = index == cursor;
        let line = match row {
            PartitionRow::Group {
                label,
                count,
                folded,
            } => {
                let name = label.as_deref().unwrap_or("(no prefix)");
                let sign = if *folded { '▸' } else { '▾' };
                // Until the last page is read a count is of what has been read, and says so.
                let count = if partition.read_whole() {
                    figures::count(*count as u64)
                } else {
                    format!(
                        "{} of the {} read so far",
                        figures::count(*count as u64),
                        figures::count(partition.items.len() as u64)
                    )
                };
                Line::from(Span::styled(
                    format!("{sign} {} ({count})", safe(name)),
                    styles.group_heading,
                ))
            }
            PartitionRow::Item(item_index) => {
                // Decoded once for both the mark and the line.
                let item = partition.items.item(*item_index).unwrap_or_default();
                let entity = partition.items.entity(*item_index);
                let mark = mark_of(state, &item);
                let order = summary_order.of_item(&item);
                item_line(styles, &item, entity, sort, &order, mark)
            }
        };
        lines.push(if selected {
            line.style(styles.selected)
        } else {
            line
        });
    }
    frame.render_widget(Paragraph::new(lines).block(block), area);
}

/// The partition, how many items are loaded, and whether more are coming.
fn title(text: &str, partition: &Partition) -> String {
    let paging = match &partition.paging {
        Paging::Fetching { .. } => " · loading…",
        Paging::Ready(_) => " · more below",
        Paging::Complete | Paging::Cancelled { .. } => "",
        Paging::Failed(_) => " · failed",
    };
    format!(
        " {} · {}{paging} ",
        safe(text),
        crate::domain::figures::counted(partition.items.len() as u64, "item", "items")
    )
}

/// What stands above the items: that they are an older read, that the last page failed.
fn notes(styles: &Styles, partition: &Partition) -> Vec<Line<'static>> {
    let mut lines = Vec::new();
    if let Some(stale) = &partition.stale {
        lines.push(Line::styled(
            safe(&stale.text()).into_owned(),
            styles.warning,
        ));
    }
    if let Paging::Failed(message) = &partition.paging {
        lines.push(Line::styled(
            format!("Query failed: {}", safe(message)),
            styles.error,
        ));
    }
    lines
}

fn mark_of(state: &State, item: &Item) -> Mark {
    if is_staged(state, item) {
        Mark::Staged
    } else if is_marked(state, item) {
        Mark::Marked
    } else {
        Mark::None
    }
}

/// What the indent of an item's line holds: a staged change is the one to notice first.
enum Mark {
    None,
    Marked,
    Staged,
}

/// The mark of an item with a change staged to be committed.
const STAGED_MARK: char = '±';

fn is_staged(state: &State, item: &Item) -> bool {
    !state.edits.staged.items.is_empty()
        && state
            .described()
            .and_then(|description| description.primary_key_of(item))
            .is_some_and(|key| state.edits.staged.on_key(&key).is_some())
}

/// `  ORDER#2026-07-01#ord_9   status=PENDING total=42`.
fn item_line<'a>(
    styles: &Styles,
    item: &Item,
    entity: Option<&Entity>,
    sort: Option<&str>,
    order: &[&str],
    mark: Mark,
) -> Line<'a> {
    let entity = entity.map_or_else(String::new, |entity| safe(&entity.name).into_owned());
    let sk = sort
        .and_then(|name| item.get(name))
        .map(key_text)
        .unwrap_or_default();
    let summary: Vec<String> = order
        .iter()
        .filter_map(|name| Some((*name, item.get(*name)?)))
        .take(4)
        .map(|(name, value)| format!("{}={}", safe(name), safe(&short_value(value))))
        .collect();
    // The indent under the group heading holds the mark.
    let mark = match mark {
        Mark::Staged => Span::styled(format!("{STAGED_MARK} "), styles.warning_strong),
        Mark::Marked => Span::styled(format!("{MARK} "), styles.key),
        Mark::None => Span::raw("  "),
    };
    Line::from(vec![
        mark,
        Span::raw(format!("{:<28} ", safe(&sk))),
        Span::styled(format!("{entity:<12} "), styles.entity),
        Span::styled(summary.join(" "), styles.muted),
    ])
}

fn short_value(value: &AttrValue) -> String {
    let text = match value {
        AttrValue::S(_) | AttrValue::N(_) | AttrValue::B(_) => key_text(value),
        AttrValue::Bool(flag) => flag.to_string(),
        AttrValue::Null => "null".to_owned(),
        other => format!("<{}>", other.value_type()),
    };
    if text.chars().count() > 24 {
        let cut: String = text.chars().take(23).collect();
        format!("{cut}…")
    } else {
        text
    }
}
