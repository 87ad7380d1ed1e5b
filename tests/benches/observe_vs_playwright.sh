#!/bin/sh
# Observe speed against Playwright MCP (see observe_vs_playwright.rs). Installs @playwright/mcp
# from npm into a temporary folder, never downloading a browser: both sides use /usr/bin/chromium.
set -eu
dir=$(mktemp -d)
trap 'rm -rf "$dir"' EXIT
PLAYWRIGHT_SKIP_BROWSER_DOWNLOAD=1 npm install --prefix "$dir" --no-audit --no-fund --silent \
  @playwright/mcp@latest
echo "@playwright/mcp $(node -p "require('$dir/node_modules/@playwright/mcp/package.json').version")"
PLAYWRIGHT_MCP_CLI="$dir/node_modules/@playwright/mcp/cli.js" \
  cargo bench -p tandem-tests --bench observe_vs_playwright
