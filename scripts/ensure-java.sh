#!/usr/bin/env bash
# The crawl test runs the Nu HTML checker (vnu-jar, from npm) on every public page it reaches; it
# needs a Java runtime. Most machines of this kind carry one; otherwise Debian's is installed here.
# Never fails the run itself: without Java the crawl test's checker case fails and says why.
set -uo pipefail
. "$(dirname "$0")/apt-install.sh"
if command -v java >/dev/null; then exit 0; fi
apt_install default-jre-headless "(for the Nu HTML checker) for the crawl test" && exit 0
echo "java is missing (Debian package 'default-jre-headless'): the crawl test's HTML checker case will fail." >&2
exit 0
