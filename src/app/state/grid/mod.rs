//! The results grid shared by query results, statement results and index items: columns chosen
//! per entity, cells, widths and sort order.

pub mod cell;
mod column_tally;
pub mod columns;
