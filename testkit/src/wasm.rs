//! Bot modules built for real: C compiled by clang for wasm32-wasi into a core module, as the C
//! kit's build-wasm.sh does (the tests then make it a component with the sandbox's
//! `componentize` or `cardarena module wrap`).

use std::path::Path;
use std::process::Command;

/// Compiles the C file `source` into the core module `out` (wasm32-wasi, a reactor), with
/// `-D<define>` for each of `defines`. Panics, saying what to install, when clang cannot.
pub fn clang_core(source: &Path, defines: &[&str], out: &Path) {
    let mut clang = Command::new("clang");
    clang.args([
        "--target=wasm32-wasi",
        "-O2",
        "-mexec-model=reactor",
        "-D_GNU_SOURCE",
    ]);
    clang.args(defines.iter().map(|d| format!("-D{d}")));
    let status = clang
        .arg("-o")
        .arg(out)
        .arg(source)
        .status()
        .unwrap_or_else(|e| {
            panic!(
                "clang did not run ({e}): install clang, lld, wasi-libc and libclang-rt-dev-wasm32"
            )
        });
    assert!(status.success(), "clang failed on {}", source.display());
}
