//! The crate's module tree, found from its roots by following `mod` declarations like rustc
//! does, and the graph of which file imports which.

use std::collections::{BTreeMap, BTreeSet};

use super::parse::{FileFacts, file_facts};
use super::tarjan::strongly_connected;

/// A module path from the library root, e.g. `["app", "update"]`.
pub type ModulePath = Vec<String>;

/// The library (`src/lib.rs`, paths from `[]`) and the binary (`src/main.rs`, its own `crate`,
/// which names the library `ddbx`).
const ROOTS: &[(&str, &str)] = &[("src/lib.rs", ""), ("src/main.rs", "main")];
const LIBRARY_NAME: &str = "ddbx";

pub struct Graph {
    /// Every module, inline ones included, and the file holding it.
    modules: BTreeMap<ModulePath, String>,
    /// Each reached file's module path.
    pub file_module: BTreeMap<String, ModulePath>,
    /// `from file → to file → the modules of `to` that `from` names`.
    pub edges: BTreeMap<String, BTreeMap<String, BTreeSet<ModulePath>>>,
    /// The edges of code that is built without `cfg(test)`, except a module re-exporting the
    /// submodules it declares.
    pub(super) production: BTreeMap<String, BTreeSet<String>>,
    /// Files compiled only for tests.
    test_files: BTreeSet<String>,
    /// Per module, the names its `use` declarations bind and the paths they stand for, so a
    /// name re-exported (or imported) by a module is followed to the file that defines it.
    imports: BTreeMap<ModulePath, BTreeMap<String, ModulePath>>,
}

/// `files`: path (`src/…`) → source text.
pub fn analyse(files: &BTreeMap<String, String>) -> Graph {
    let facts: BTreeMap<&String, FileFacts> = files
        .iter()
        .map(|(path, source)| (path, file_facts(source)))
        .collect();
    let mut graph = Graph {
        modules: BTreeMap::new(),
        file_module: BTreeMap::new(),
        edges: BTreeMap::new(),
        production: BTreeMap::new(),
        test_files: BTreeSet::new(),
        imports: BTreeMap::new(),
    };
    for (root, name) in ROOTS {
        let module: ModulePath = if name.is_empty() {
            Vec::new()
        } else {
            vec![(*name).to_owned()]
        };
        if files.contains_key(*root) {
            graph.discover(root, module, false, files, &facts);
        }
    }
    for (file, file_facts) in &facts {
        if graph.file_module.contains_key(*file) {
            graph.add_imports(file, file_facts);
        }
    }
    for (file, file_facts) in &facts {
        if graph.file_module.contains_key(*file) {
            graph.add_edges(file, file_facts);
        }
    }
    graph
}

impl Graph {
    fn discover(
        &mut self,
        file: &str,
        module: ModulePath,
        test: bool,
        files: &BTreeMap<String, String>,
        facts: &BTreeMap<&String, FileFacts>,
    ) {
        self.modules.insert(module.clone(), file.to_owned());
        self.file_module.insert(file.to_owned(), module.clone());
        if test {
            self.test_files.insert(file.to_owned());
        }
        let Some(file_facts) = facts.get(&file.to_owned()) else {
            return;
        };
        for declared in &file_facts.mods {
            let mut child = module.clone();
            child.extend(declared.within.iter().cloned());
            child.push(declared.name.clone());
            if declared.inline {
                self.modules.insert(child, file.to_owned());
                continue;
            }
            let found = child_file(file, &declared.within, &declared.name, &declared.path_attr)
                .into_iter()
                .find(|candidate| files.contains_key(candidate));
            if let Some(child_file) = found {
                self.discover(&child_file, child, test || declared.test, files, facts);
            }
        }
    }

    fn add_imports(&mut self, file: &str, facts: &FileFacts) {
        for used in &facts.paths {
            let (Some(name), Some(absolute)) = (
                &used.binds,
                self.absolute(file, &used.within, &used.segments),
            ) else {
                continue;
            };
            let mut module = self.file_module[file].clone();
            module.extend(used.within.iter().cloned());
            self.imports
                .entry(module)
                .or_default()
                .insert(name.clone(), absolute);
        }
    }

    /// Each path gives two edges: to the module it names (for the layering rules: naming a
    /// forbidden module is importing it, even for a name it re-exports) and to the file that
    /// defines the item (for cycles, so `super::X` re-exported by `mod.rs` from a sibling leads
    /// to the sibling).
    fn add_edges(&mut self, file: &str, facts: &FileFacts) {
        for used in &facts.paths {
            let Some(absolute) = self.resolve(file, &used.within, &used.segments) else {
                continue;
            };
            let (Some((named, named_file)), Some((defining, defining_file))) =
                (self.holder(&absolute), self.definition(&absolute))
            else {
                continue;
            };
            let structure = used.reexport && self.declares(file, &named_file);
            let production = !used.test && !structure && !self.test_files.contains(file);
            if production && defining_file != file {
                self.production
                    .entry(file.to_owned())
                    .or_default()
                    .insert(defining_file.clone());
            }
            for (module, to_file) in [(named, named_file), (defining, defining_file)] {
                if to_file != file {
                    self.edges
                        .entry(file.to_owned())
                        .or_default()
                        .entry(to_file)
                        .or_default()
                        .insert(module);
                }
            }
        }
    }

    /// The module (and its file) that defines what `path` names, following `use` declarations
    /// (re-exports and imports) of the modules on the way.
    fn definition(&self, path: &[String]) -> Option<(ModulePath, String)> {
        let mut path = path.to_vec();
        for _ in 0..16 {
            let (module, file) = self.holder(&path)?;
            let followed = path
                .get(module.len())
                .and_then(|name| self.imports.get(&module)?.get(name))
                .filter(|target| target.as_slice() != &path[..=module.len()]);
            match followed {
                Some(target) => {
                    let mut next = target.clone();
                    next.extend(path[module.len() + 1..].iter().cloned());
                    path = next;
                }
                None => return Some((module, file)),
            }
        }
        self.holder(&path)
    }

    /// `absolute`, or for a path starting with a name a `use` of its module binds
    /// (`use crate::cli::bulk;` … `bulk::run()`), the path that name stands for.
    fn resolve(&self, file: &str, within: &[String], segments: &[String]) -> Option<ModulePath> {
        self.absolute(file, within, segments).or_else(|| {
            let (first, rest) = segments.split_first()?;
            let mut module = self.file_module.get(file)?.clone();
            module.extend(within.iter().cloned());
            let mut path = self.imports.get(&module)?.get(first)?.clone();
            path.extend(rest.iter().cloned());
            Some(path)
        })
    }

    /// The path from the library root that `segments`, written in `file` inside the inline
    /// modules `within`, names; `None` for paths outside the crate (`std::…`, `ratatui::…`).
    fn absolute(&self, file: &str, within: &[String], segments: &[String]) -> Option<ModulePath> {
        let mut base = self.file_module.get(file)?.clone();
        base.extend(within.iter().cloned());
        let crate_root: ModulePath = if base.first().is_some_and(|first| first == "main") {
            vec!["main".to_owned()]
        } else {
            Vec::new()
        };
        let (first, rest) = segments.split_first()?;
        let mut absolute = match first.as_str() {
            "crate" => crate_root,
            name if name == LIBRARY_NAME && !crate_root.is_empty() => Vec::new(),
            "self" => base,
            "super" => {
                let mut parent = base;
                parent.pop()?;
                let mut rest = rest;
                while let Some(("super", more)) = rest.split_first().map(|(s, m)| (s.as_str(), m)) {
                    parent.pop()?;
                    rest = more;
                }
                parent.extend(rest.iter().cloned());
                return Some(parent);
            }
            child => {
                let mut path = base;
                path.push(child.to_owned());
                if !self.modules.contains_key(&path) {
                    return None;
                }
                path.pop();
                path.push(child.to_owned());
                path.extend(rest.iter().cloned());
                return Some(path);
            }
        };
        absolute.extend(rest.iter().cloned());
        Some(absolute)
    }

    /// The deepest module on `path` and the file that holds it.
    fn holder(&self, path: &[String]) -> Option<(ModulePath, String)> {
        (0..=path.len()).rev().find_map(|len| {
            let prefix = path[..len].to_vec();
            self.modules
                .get(&prefix)
                .map(|file| (prefix.clone(), file.clone()))
        })
    }

    /// Sets of files that import each other, directly or around a loop (strongly connected
    /// components of more than one file), each sorted, in a stable order.
    ///
    /// A module re-exporting the submodules it declares (`pub use child::X`) is the module's
    /// structure, not an import, so that does not count here; calling into a child does. Neither
    /// do imports of test code, which nothing else imports.
    pub fn cycles(&self) -> Vec<Vec<String>> {
        strongly_connected(self.file_module.keys(), &self.production)
    }

    /// The imports (as `cycles` counts them) from one of `files` to another: `(from, to)`.
    pub fn imports_among(&self, files: &[String]) -> Vec<(String, String)> {
        self.production
            .iter()
            .filter(|(from, _)| files.contains(from))
            .flat_map(|(from, targets)| {
                targets
                    .iter()
                    .filter(|to| files.contains(to))
                    .map(move |to| (from.clone(), to.clone()))
            })
            .collect()
    }
}

impl Graph {
    /// Whether `parent`'s module declares `child`'s module directly (`mod child;`).
    fn declares(&self, parent: &str, child: &str) -> bool {
        match (self.file_module.get(parent), self.file_module.get(child)) {
            (Some(outer), Some(inner)) => {
                inner.len() == outer.len() + 1 && inner.starts_with(outer)
            }
            _ => false,
        }
    }
}

/// Where `mod name;` in `file` may live: `#[path]` relative to the file's directory, otherwise
/// `name.rs` or `name/mod.rs` in the directory of the declaring module.
fn child_file(
    file: &str,
    within: &[String],
    name: &str,
    path_attr: &Option<String>,
) -> Vec<String> {
    let (directory, stem) = file.rsplit_once('/').unwrap_or(("", file));
    if let Some(relative) = path_attr {
        return vec![format!("{directory}/{relative}")];
    }
    let mut module_dir = if matches!(stem, "mod.rs" | "lib.rs" | "main.rs") {
        directory.to_owned()
    } else {
        format!("{directory}/{}", stem.trim_end_matches(".rs"))
    };
    for inline in within {
        module_dir = format!("{module_dir}/{inline}");
    }
    vec![
        format!("{module_dir}/{name}.rs"),
        format!("{module_dir}/{name}/mod.rs"),
    ]
}
