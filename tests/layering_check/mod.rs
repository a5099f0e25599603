//! The import checker behind `tests/layering.rs`: which files of `src/` name which modules, which
//! of those names a layering rule forbids, and which files (or sibling modules) import each other in
//! a loop.

mod graph;
mod lexer;
mod module_cycles;
mod parse;
mod tarjan;

use std::collections::{BTreeMap, BTreeSet};
use std::path::Path;

pub use graph::{Graph, ModulePath, analyse};

/// What a layer (a top-level module of the library) may import besides itself.
pub enum Allowed {
    /// Only these modules.
    Only(&'static [&'static str]),
    /// Anything but these modules (each with everything under it).
    Never(&'static [&'static str]),
}

pub struct Rule {
    pub layer: &'static str,
    pub allowed: Allowed,
}

/// A file naming a module its layer may not import: `(file, module)`, e.g.
/// `("src/ui/inspector.rs", "app::update::inspector")`.
pub type Violation = (String, String);

impl Graph {
    pub fn violations(&self, rules: &[Rule]) -> BTreeSet<Violation> {
        let mut found = BTreeSet::new();
        for (file, targets) in &self.edges {
            let Some(layer) = self.file_module.get(file).and_then(|module| module.first()) else {
                continue;
            };
            for rule in rules.iter().filter(|rule| rule.layer == layer) {
                for module in targets.values().flatten() {
                    if module.first() != Some(layer) && !rule.allowed.admits(module) {
                        found.insert((file.clone(), module.join("::")));
                    }
                }
            }
        }
        found
    }
}

impl Allowed {
    fn admits(&self, module: &ModulePath) -> bool {
        let under = |name: &&str| {
            let prefix: Vec<&str> = name.split("::").collect();
            module.len() >= prefix.len() && module.iter().zip(&prefix).all(|(a, b)| a == b)
        };
        match self {
            Allowed::Only(names) => names.iter().any(under),
            Allowed::Never(names) => !names.iter().any(under),
        }
    }
}

/// What differs between the facts found and the facts a list allows: found but not allowed, and
/// allowed but no longer found (an entry to delete).
pub fn compare<T: Ord + Clone>(found: &BTreeSet<T>, allowed: &BTreeSet<T>) -> (Vec<T>, Vec<T>) {
    let unexpected = found.difference(allowed).cloned().collect();
    let stale = allowed.difference(found).cloned().collect();
    (unexpected, stale)
}

/// Every `.rs` file under `dir`, keyed by its path relative to `root` with `/` separators.
pub fn read_sources(root: &Path, dir: &Path) -> BTreeMap<String, String> {
    let mut files = BTreeMap::new();
    let mut pending = vec![dir.to_path_buf()];
    while let Some(next) = pending.pop() {
        let entries = std::fs::read_dir(&next).expect("source directory is readable");
        for entry in entries {
            let path = entry.expect("directory entry").path();
            if path.is_dir() {
                pending.push(path);
            } else if path.extension().is_some_and(|ext| ext == "rs") {
                let relative = path.strip_prefix(root).expect("under the root");
                let key = relative
                    .components()
                    .map(|part| part.as_os_str().to_string_lossy().into_owned())
                    .collect::<Vec<_>>()
                    .join("/");
                let text = std::fs::read_to_string(&path).expect("source file is UTF-8");
                files.insert(key, text);
            }
        }
    }
    files
}
