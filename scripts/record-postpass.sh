#!/usr/bin/env bash
# record's post-pass (the work after the recorded program exits) on one kept agent log, with any jar:
# the same log through two jars gives their CPU and wall times side by side and traces to `cmp`.
#
#   KEEP_LOG=/tmp/wc.log ./jmmtk record -o /tmp/wc.trace --binary -- scripts/record-postpass/java -cp /tmp/ex WordCount
#   scripts/record-postpass.sh JAR /tmp/wc.log OUT.trace STARTUP_ALLOCATED STARTUP_LIVE "COMMAND"
#
# STARTUP_* are the start-up heap's two figures record printed, COMMAND what followed `--` (the trace's
# description); with them the trace written is byte for byte the one record wrote from that log. It prints the
# CPU time of the post-pass's two threads in each of its phases; POSTPASS_JAVA_OPTS=-Dpostpass.writerOnMain=true
# runs the writer on the main thread, as record did up to main's d31b629 (to measure such a jar as record ran it).
set -euo pipefail
JAR=$(realpath "$1")
CLASSES=$(mktemp -d)
trap 'rm -rf "$CLASSES"' EXIT
javac -cp "$JAR" -d "$CLASSES" "$(dirname "$0")/record-postpass/PostPass.java"
/usr/bin/time -f "post-pass JVM: %e s wall, %U s user, %S s sys" java -Xmx2g ${POSTPASS_JAVA_OPTS:-} -cp "$CLASSES:$JAR" PostPass "$2" "$3" "$4" "$5" "$6"
