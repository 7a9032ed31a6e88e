#!/usr/bin/env bash
# Command 2: build the plugin (see scripts/setup.sh), then run the test suite.
# Extra arguments go to `meson test`, e.g. `scripts/test.sh -v` or
# `scripts/test.sh --list`.
set -euo pipefail

# shellcheck source=SCRIPTDIR/setup.sh
source "$(dirname "${BASH_SOURCE[0]}")/setup.sh"

exec meson test -C "$BUILD_DIR" --print-errorlogs "$@"
