//! Loops between modules rather than files: `cli::bulk` using `cli::write` while `cli::write`
//! uses `cli::bulk` is a loop even when no two of their files import each other, since neither
//! module can be understood, tested or moved without the other.
//!
//! Each import between two files is collapsed to the two modules it joins at the level where
//! their paths part: `src/cli/bulk/copy.rs` → `src/cli/write/mod.rs` is `cli::bulk` → `cli::write`
//! among the children of `cli`, and `src/keymap/file.rs` → `src/app/action.rs` is `keymap` →
//! `app` among the top-level modules. A file naming its own ancestor (a child using what its
//! parent's `mod.rs` defines) joins no two siblings, so it is no module edge; the file cycles
//! catch loops through a `mod.rs`.

use std::collections::{BTreeMap, BTreeSet};

use super::graph::{Graph, ModulePath};
use super::tarjan::strongly_connected;

impl Graph {
    /// Sets of sibling modules that import each other, directly or around a loop, each as sorted
    /// module paths (`["cli::bulk", "cli::write"]`), in a stable order. Imports of test code and
    /// a module re-exporting its own children do not count, as for file cycles.
    pub fn module_cycles(&self) -> Vec<Vec<String>> {
        let mut edges: BTreeMap<String, BTreeSet<String>> = BTreeMap::new();
        for (from, targets) in &self.production {
            for to in targets {
                if let Some((a, b)) = self.siblings(from, to) {
                    edges.entry(a).or_default().insert(b);
                }
            }
        }
        let nodes: BTreeSet<String> = edges
            .iter()
            .flat_map(|(from, to)| std::iter::once(from).chain(to))
            .cloned()
            .collect();
        strongly_connected(&nodes, &edges)
    }

    /// The imports between files that join two of `modules` (as `module_cycles` names them):
    /// `(from file, to file)`, to say where a loop can be cut.
    pub fn imports_between(&self, modules: &[String]) -> Vec<(String, String)> {
        let mut found = Vec::new();
        for (from, targets) in &self.production {
            for to in targets {
                let joins = self
                    .siblings(from, to)
                    .is_some_and(|(a, b)| modules.contains(&a) && modules.contains(&b));
                if joins {
                    found.push((from.clone(), to.clone()));
                }
            }
        }
        found
    }

    /// The two sibling modules an import from file `from` to file `to` joins, if their module
    /// paths part below a common parent.
    fn siblings(&self, from: &str, to: &str) -> Option<(String, String)> {
        let (from, to) = (self.file_module.get(from)?, self.file_module.get(to)?);
        let common = from.iter().zip(to).take_while(|(a, b)| a == b).count();
        if common >= from.len() || common >= to.len() {
            return None;
        }
        let at = |module: &ModulePath| module[..=common].join("::");
        Some((at(from), at(to)))
    }
}
