#!/usr/bin/env bash
# Regenerates the golden output of lifecycle-demo's embedded scenario (text and JSON), which
# Tests/LifecycleDemoTests compares with. Review the diff before committing it.
set -euo pipefail
cd "$(dirname "$0")/.."
swift build --product lifecycle-demo
swift run lifecycle-demo > Tests/LifecycleDemoTests/Golden/shopping.txt
swift run lifecycle-demo --format json > Tests/LifecycleDemoTests/Golden/shopping.json
git --no-pager diff --stat -- Tests/LifecycleDemoTests/Golden
