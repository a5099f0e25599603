//! Links the `ddbx` executable position-dependent on Linux.
//!
//! A position-independent executable is relocated by the dynamic loader at every start: some
//! 44,000 pointers in the SDK's and clap's tables are rewritten, which copies every page that
//! holds one. A headless `get` is a whole process for one request, and that work was about an
//! eighth of its CPU time. Shared libraries, the heap and the stack are still placed at random
//! addresses.

fn main() {
    println!("cargo:rerun-if-changed=build.rs");
    let target_os = std::env::var("CARGO_CFG_TARGET_OS").unwrap_or_default();
    if target_os == "linux" {
        println!("cargo:rustc-link-arg-bins=-no-pie");
    }
}
