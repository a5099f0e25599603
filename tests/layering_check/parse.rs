//! What one source file says about modules: the modules it declares (in files or inline) and every
//! path it names (`use` trees expanded, and paths written inline in code), each with the inline
//! module it appears in.

use super::lexer::{Token, tokens};

/// `mod name;` (a child in its own file, at `path` when a `#[path]` attribute gives one) or
/// `mod name { … }` (inline, living in this file).
#[derive(Clone, Debug)]
pub struct ModDecl {
    /// Inline modules enclosing the declaration, outermost first.
    pub within: Vec<String>,
    pub name: String,
    pub path_attr: Option<String>,
    pub inline: bool,
    /// Under `#[cfg(test)]`.
    pub test: bool,
}

/// A path as written, e.g. `["crate", "backend", "QueryRequest"]` or `["super", "x"]`.
#[derive(Clone, Debug)]
pub struct PathUse {
    pub within: Vec<String>,
    /// Inside a `#[cfg(test)]` inline module.
    pub test: bool,
    /// Named by a `pub use` (a re-export).
    pub reexport: bool,
    /// The name a `use` binds it to (its last segment, or the `as` alias); `None` for globs and
    /// paths written in code.
    pub binds: Option<String>,
    pub segments: Vec<String>,
}

#[derive(Debug, Default)]
pub struct FileFacts {
    pub mods: Vec<ModDecl>,
    pub paths: Vec<PathUse>,
}

pub fn file_facts(source: &str) -> FileFacts {
    let tokens = tokens(source);
    let mut facts = FileFacts::default();
    // Each enclosing inline module: name, brace depth at which it closes, whether it is a test.
    let mut inline: Vec<(String, usize, bool)> = Vec::new();
    let mut depth = 0usize;
    let mut path_attr: Option<String> = None;
    let mut cfg_test = false;
    let mut at = 0;
    while at < tokens.len() {
        let within: Vec<String> = inline.iter().map(|(name, ..)| name.clone()).collect();
        let test = inline.iter().any(|(.., test)| *test);
        match &tokens[at] {
            Token::Punct('{') => {
                depth += 1;
                cfg_test = false;
            }
            Token::Punct('}') => {
                depth = depth.saturating_sub(1);
                cfg_test = false;
                if inline.last().is_some_and(|(_, closes, _)| *closes == depth) {
                    inline.pop();
                }
            }
            Token::Punct(';') => cfg_test = false,
            Token::Punct('#') => {
                if let Some(found) = path_attribute(&tokens[at..]) {
                    path_attr = Some(found);
                }
                cfg_test |= is_cfg_test(&tokens[at..]);
            }
            Token::Ident(word) if word == "mod" => {
                if let Some(Token::Ident(name)) = tokens.get(at + 1) {
                    let is_inline = tokens.get(at + 2) == Some(&Token::Punct('{'));
                    let is_test = test || std::mem::take(&mut cfg_test);
                    facts.mods.push(ModDecl {
                        within,
                        name: name.clone(),
                        path_attr: path_attr.take(),
                        inline: is_inline,
                        test: is_test,
                    });
                    if is_inline {
                        inline.push((name.clone(), depth, is_test));
                        depth += 1;
                        at += 3;
                        continue;
                    }
                    at += 2;
                    continue;
                }
            }
            Token::Ident(word) if word == "use" => {
                let reexport = is_pub_before(&tokens, at);
                at += 1;
                let mut found = Vec::new();
                use_tree(&tokens, &mut at, Vec::new(), &mut found);
                facts
                    .paths
                    .extend(found.into_iter().map(|(segments, binds)| PathUse {
                        within: within.clone(),
                        test,
                        reexport,
                        binds,
                        segments,
                    }));
                continue;
            }
            Token::Ident(_) if starts_path(&tokens, at) => {
                let restricts_visibility = is_visibility_scope(&tokens, at);
                let segments = inline_path(&tokens, &mut at);
                // `pub(in crate::a::b)` names the module an item is visible in; it imports
                // nothing, so it is no edge.
                if restricts_visibility {
                    continue;
                }
                facts.paths.push(PathUse {
                    within,
                    test,
                    reexport: false,
                    binds: None,
                    segments,
                });
                continue;
            }
            _ => {}
        }
        at += 1;
    }
    facts
}

/// `#[path = "file.rs"]` at the start of `tokens`.
fn path_attribute(tokens: &[Token]) -> Option<String> {
    match tokens {
        [
            Token::Punct('#'),
            Token::Punct('['),
            Token::Ident(name),
            Token::Punct('='),
            Token::Str(value),
            Token::Punct(']'),
            ..,
        ] if name == "path" => Some(value.clone()),
        _ => None,
    }
}

/// `pub use` or `pub(…) use`, the group holding any path (`pub(in crate::a) use`).
fn is_pub_before(tokens: &[Token], at: usize) -> bool {
    let is_pub = |at: usize| matches!(tokens.get(at), Some(Token::Ident(word)) if word == "pub");
    let Some(before) = at.checked_sub(1) else {
        return false;
    };
    if tokens[before] != Token::Punct(')') {
        return is_pub(before);
    }
    let opening = tokens[..before]
        .iter()
        .rposition(|token| *token == Token::Punct('('));
    opening
        .and_then(|open| open.checked_sub(1))
        .is_some_and(is_pub)
}

/// The path at `at` is the scope of `pub(in …)`.
fn is_visibility_scope(tokens: &[Token], at: usize) -> bool {
    let word = |n: usize| at.checked_sub(n).and_then(|i| tokens.get(i));
    matches!(word(1), Some(Token::Ident(word)) if word == "in")
        && word(2) == Some(&Token::Punct('('))
        && matches!(word(3), Some(Token::Ident(word)) if word == "pub")
}

/// `#[cfg(test)]` at the start of `tokens`.
fn is_cfg_test(tokens: &[Token]) -> bool {
    matches!(
        tokens,
        [
            Token::Punct('#'),
            Token::Punct('['),
            Token::Ident(cfg),
            Token::Punct('('),
            Token::Ident(test),
            Token::Punct(')'),
            Token::Punct(']'),
            ..,
        ] if cfg == "cfg" && test == "test"
    )
}

/// An identifier followed by `::` that does not continue a path already read.
fn starts_path(tokens: &[Token], at: usize) -> bool {
    tokens.get(at + 1) == Some(&Token::PathSep)
        && (at == 0 || tokens.get(at - 1) != Some(&Token::PathSep))
}

fn inline_path(tokens: &[Token], at: &mut usize) -> Vec<String> {
    let mut segments = Vec::new();
    while let Some(Token::Ident(segment)) = tokens.get(*at) {
        segments.push(segment.clone());
        *at += 1;
        if tokens.get(*at) == Some(&Token::PathSep) {
            *at += 1;
        } else {
            break;
        }
    }
    segments
}

/// A use tree's leaf: its full path and the name it binds (`None` for a glob).
type UseLeaf = (Vec<String>, Option<String>);

/// One use tree (`a::b::{c, d::*, e as f}`), every leaf appended to `out`.
fn use_tree(tokens: &[Token], at: &mut usize, mut prefix: Vec<String>, out: &mut Vec<UseLeaf>) {
    if tokens.get(*at) == Some(&Token::PathSep) {
        *at += 1;
    }
    loop {
        match tokens.get(*at) {
            Some(Token::Ident(segment)) => {
                if segment != "self" || prefix.is_empty() {
                    prefix.push(segment.clone());
                }
                *at += 1;
                if tokens.get(*at) == Some(&Token::PathSep) {
                    *at += 1;
                    continue;
                }
                let mut binds = prefix.last().cloned();
                if matches!(tokens.get(*at), Some(Token::Ident(word)) if word == "as") {
                    if let Some(Token::Ident(alias)) = tokens.get(*at + 1) {
                        binds = Some(alias.clone());
                    }
                    *at += 2;
                }
                out.push((prefix, binds));
                return;
            }
            Some(Token::Punct('*')) => {
                *at += 1;
                out.push((prefix, None));
                return;
            }
            Some(Token::Punct('{')) => {
                *at += 1;
                while !matches!(tokens.get(*at), Some(Token::Punct('}')) | None) {
                    let before = *at;
                    use_tree(tokens, at, prefix.clone(), out);
                    if *at == before {
                        *at += 1;
                    }
                    if tokens.get(*at) == Some(&Token::Punct(',')) {
                        *at += 1;
                    }
                }
                *at += 1;
                return;
            }
            _ => return,
        }
    }
}
