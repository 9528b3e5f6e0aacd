#!/usr/bin/env bash
# What record does after the recorded program exits, on one kept agent log, with any jar from 7b14a33 on (the
# first pass beside the program): the first pass first (record runs it while the program runs), then the rest
# timed apart, with the CPU time of each thread in it, the JVM's compiler and collector threads included, and the
# process's minor page faults in each part.
# Run with the JVM options the jmmtk launcher gives record's JVM.
#
#   KEEP_LOG=/tmp/wc.log ./jmmtk record -o /tmp/wc.trace --binary -- scripts/record-postpass/java -cp /tmp/ex WordCount
#   scripts/record-afterprogram.sh JAR /tmp/wc.log OUT.trace STARTUP_ALLOCATED STARTUP_LIVE "COMMAND"
#
# Arguments as scripts/record-postpass.sh; the trace written is the one record wrote from that log (cmp).
set -euo pipefail
JAR=$(realpath "$1")
CLASSES=$(mktemp -d)
trap 'rm -rf "$CLASSES"' EXIT
javac -nowarn -cp "$JAR" -d "$CLASSES" "$(dirname "$0")/record-postpass/AfterProgram.java"
java -XX:CompileCommand=quiet -XX:CompileCommand=dontinline,org.jmmtk.bindings.replay.SequentialReplay::* \
  $(grep -o -- '-XX:CompileCommand=dontinline,org.jmmtk.tools.record.[A-Za-z]*::[A-Za-z*]*' "$(dirname "$0")/../jmmtk" | tr '\n' ' ') \
  -XX:Tier4InvocationThreshold=50000 -XX:Tier4MinInvocationThreshold=6000 -XX:Tier4CompileThreshold=150000 \
  -XX:Tier4BackEdgeThreshold=400000 ${POSTPASS_JAVA_OPTS:-} -cp "$CLASSES:$JAR" org.jmmtk.tools.record.AfterProgram "$2" "$3" "$4" "$5" "$6"
