#!/usr/bin/env bash
# Headless Chromium for the session results page's browser test (tests/cli/test_session_html.py): Debian's
# package when it is missing and apt-get can install it; otherwise that one test is skipped and says why.
if ! command -v chromium >/dev/null 2>&1 && command -v apt-get >/dev/null 2>&1; then
    (apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium >/dev/null) \
        || echo "chromium could not be installed: the HTML page's browser test will be skipped"
fi
exit 0
