#!/bin/sh
# Observe speed as an MCP client meets it (see observe_vs_playwright.rs): `tandem mcp` against
# @playwright/mcp, both over stdio. Installs @playwright/mcp from npm under
# target/observe_vs_playwright/, never downloading a browser (both sides use /usr/bin/chromium),
# and builds tandem optimised, as `cargo bench` builds the bench itself.
set -eu
cd "$(dirname "$0")/../.."
dir=target/observe_vs_playwright
mkdir -p "$dir"
PLAYWRIGHT_SKIP_BROWSER_DOWNLOAD=1 npm install --prefix "$dir" --no-audit --no-fund --silent \
  @playwright/mcp@latest
echo "@playwright/mcp $(node -p "require('./$dir/node_modules/@playwright/mcp/package.json').version")"
cargo build --release -p tandem-server --bin tandem
PLAYWRIGHT_MCP_CLI="$PWD/$dir/node_modules/@playwright/mcp/cli.js" \
TANDEM_BIN="$PWD/target/release/tandem" \
  cargo bench -p tandem-tests --bench observe_vs_playwright
