//! Strongly connected components (Tarjan's algorithm): the sets of nodes that reach each other.

use std::collections::{BTreeMap, BTreeSet};

/// The components of more than one node among `nodes` under `edges`, each sorted, in a stable
/// order.
pub fn strongly_connected<'a>(
    nodes: impl IntoIterator<Item = &'a String>,
    edges: &BTreeMap<String, BTreeSet<String>>,
) -> Vec<Vec<String>> {
    let mut tarjan = Tarjan::default();
    for node in nodes {
        if !tarjan.index.contains_key(node) {
            tarjan.visit(node, edges);
        }
    }
    let mut components: Vec<Vec<String>> = tarjan
        .components
        .into_iter()
        .filter(|component| component.len() > 1)
        .map(|mut component| {
            component.sort();
            component
        })
        .collect();
    components.sort();
    components
}

#[derive(Default)]
struct Tarjan {
    next: usize,
    index: BTreeMap<String, usize>,
    low: BTreeMap<String, usize>,
    stack: Vec<String>,
    on_stack: BTreeSet<String>,
    components: Vec<Vec<String>>,
}

impl Tarjan {
    fn visit(&mut self, node: &str, edges: &BTreeMap<String, BTreeSet<String>>) {
        self.index.insert(node.to_owned(), self.next);
        self.low.insert(node.to_owned(), self.next);
        self.next += 1;
        self.stack.push(node.to_owned());
        self.on_stack.insert(node.to_owned());
        for target in edges.get(node).into_iter().flatten() {
            if !self.index.contains_key(target) {
                self.visit(target, edges);
                let lowest = self.low[node].min(self.low[target]);
                self.low.insert(node.to_owned(), lowest);
            } else if self.on_stack.contains(target) {
                let lowest = self.low[node].min(self.index[target]);
                self.low.insert(node.to_owned(), lowest);
            }
        }
        if self.low[node] == self.index[node] {
            let mut component = Vec::new();
            while let Some(member) = self.stack.pop() {
                self.on_stack.remove(&member);
                let done = member == node;
                component.push(member);
                if done {
                    break;
                }
            }
            self.components.push(component);
        }
    }
}
