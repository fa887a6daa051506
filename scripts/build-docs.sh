#!/usr/bin/env bash
# Builds the DocC documentation of HookKit and LifecycleKit without the swift-docc-plugin:
#   1. builds both modules with symbol graphs, in a scratch path of its own (the normal .build is left alone);
#   2. converts each catalog (Sources/<Module>/<Module>.docc) with its own module's symbol graphs only,
#      with --warnings-as-errors: any DocC warning (an unresolved link, a broken Topics entry…) fails the script;
#   3. prints each module's documentation coverage summary.
#
# Usage: scripts/build-docs.sh   (from any directory)
#
# Environment:
#   DOCS_SCRATCH  SwiftPM scratch path of the symbol-graph build (default: .build-docs in the repository)
#   DOCS_OUTPUT   where <Module>.doccarchive is written (default: $DOCS_SCRATCH/output, i.e. .build-docs/output)
#   DOCC          the docc executable (default: docc on PATH, else the one next to swift)
# Relative paths in DOCS_SCRATCH and DOCS_OUTPUT are taken from the directory the script is run from.
set -euo pipefail

caller_dir="$PWD"
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
cd "$root"

absolute() {
    case "$1" in
        /*) printf '%s\n' "$1" ;;
        *) printf '%s/%s\n' "$caller_dir" "$1" ;;
    esac
}

scratch="$(absolute "${DOCS_SCRATCH:-$root/.build-docs}")"
output="$(absolute "${DOCS_OUTPUT:-$scratch/output}")"
graphs="$scratch/symbol-graphs"
modules=(HookKit LifecycleKit)

docc="${DOCC:-}"
if [[ -z "$docc" ]]; then
    if command -v docc >/dev/null 2>&1; then
        docc="docc"
    else
        docc="$(dirname "$(command -v swift)")/docc"
    fi
fi

build_symbol_graphs() {
    # Building LifecycleKit builds HookKit too; each compiled module writes <Module>.symbols.json (and
    # <Module>@<Other>.symbols.json for extensions of other modules' types). Members that types only inherit or
    # get from protocol default implementations are left out: each page documents what its type declares.
    swift build --quiet --scratch-path "$scratch" --target LifecycleKit \
        -Xswiftc -emit-symbol-graph \
        -Xswiftc -emit-symbol-graph-dir -Xswiftc "$graphs/all" \
        -Xswiftc -symbol-graph-skip-synthesized-members
}

echo "== symbol graphs (swift build --scratch-path $scratch)"
mkdir -p "$graphs/all"
build_symbol_graphs
# An up-to-date build compiles nothing and so writes no graph: if the graphs were deleted since the last
# build, start the build over.
for module in "${modules[@]}"; do
    if [[ ! -f "$graphs/all/$module.symbols.json" ]]; then
        echo "$module.symbols.json is missing: rebuilding from a clean scratch path"
        swift package --scratch-path "$scratch" clean
        build_symbol_graphs
        break
    fi
done

mkdir -p "$output"
for module in "${modules[@]}"; do
    # Each catalog gets its own module's graphs only, or DocC would document both modules in one archive.
    module_graphs="$graphs/$module"
    rm -rf "$module_graphs"
    mkdir -p "$module_graphs"
    cp "$graphs/all/$module.symbols.json" "$module_graphs/"
    for extension_graph in "$graphs/all/$module@"*.symbols.json; do
        if [[ -f "$extension_graph" ]]; then
            cp "$extension_graph" "$module_graphs/"
        fi
    done

    archive="$output/$module.doccarchive"
    rm -rf "$archive"
    echo
    echo "== $module: docc convert --warnings-as-errors"
    "$docc" convert "Sources/$module/$module.docc" \
        --additional-symbol-graph-dir "$module_graphs" \
        --fallback-display-name "$module" \
        --fallback-bundle-identifier "org.hookkit.$module" \
        --output-path "$archive" \
        --warnings-as-errors \
        --experimental-documentation-coverage \
        --coverage-summary-level brief
    # The summary counts symbols; name the ones without an abstract (a one-line summary), if any.
    if command -v python3 >/dev/null 2>&1 && [[ -f "$archive/documentation-coverage.json" ]]; then
        python3 - "$archive/documentation-coverage.json" <<'PYTHON'
import json, sys

entries = json.load(open(sys.argv[1]))
missing = sorted(
    entry["referencePath"].split("/documentation/", 1)[-1]
    for entry in entries
    if entry.get("kind", {}).get("isSymbol") and not entry.get("hasAbstract")
)
symbols = sum(1 for entry in entries if entry.get("kind", {}).get("isSymbol"))
print(f"{symbols - len(missing)} of {symbols} symbols have an abstract")
for path in missing:
    print(f"  no abstract: {path}")
PYTHON
    fi
    echo "$module documentation: $archive"
done
