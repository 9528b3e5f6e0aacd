package org.jmmtk.tools.study;

import com.fasterxml.jackson.databind.JsonNode;
import java.util.List;

/**
 * What one task produced: how it ended and, unless it failed, the JSON {@code run --json} printed.
 * Immutable; made on the worker thread that ran the task.
 *
 * @param heapBytes    the heap the run had
 * @param maxLiveBytes the program's maximum live size, when the heap is a factor of it (else null)
 * @param minHeapBytes the plan's minimum heap on the program, when the heap is a factor of it (else null)
 * @param command      the {@code jmmtk} arguments that ran it ({@code run ...}), to reproduce it
 * @param message      what the run said when it did not complete (null if it did)
 * @param seconds      wall time of the child process
 * @param run          the run's metrics, or null if it failed
 */
record TaskResult(Task task, Outcome outcome, int exitCode, long heapBytes, Long maxLiveBytes, Long minHeapBytes,
                  List<String> command,
                  String message, double seconds, JsonNode run) {
    TaskResult {
        command = List.copyOf(command);
    }
}
