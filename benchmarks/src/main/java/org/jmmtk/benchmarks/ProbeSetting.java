package org.jmmtk.benchmarks;

import java.time.Duration;
import java.util.List;
import jdk.jfr.Event;
import jdk.jfr.Recording;
import org.jmmtk.probes.Tracepoints;

/**
 * The three tracepoint configurations the tracepoint benchmarks compare: {@code compiled-out} (the
 * {@code jmmtk.probes.off} switch), {@code not-recorded} and {@code recorded} (an in-process JFR
 * recording of the given event types). Applied once per fork, before anything reads the switch.
 */
final class ProbeSetting {
    private ProbeSetting() {
    }

    /** Applies {@code probes}; returns the started recording for {@code recorded}, otherwise null. */
    static Recording apply(String probes, List<Class<? extends Event>> recorded) {
        boolean off = probes.equals("compiled-out");
        if (off) {
            System.setProperty("jmmtk.probes.off", "true");
        }
        if (Tracepoints.COMPILED == off) {
            throw new IllegalStateException("the tracepoint switch was read before the benchmark set it");
        }
        if (!probes.equals("recorded")) {
            return null;
        }
        Tracepoints.awaitListener();
        Recording recording = new Recording();
        for (Class<? extends Event> type : recorded) {
            recording.enable(type).withoutStackTrace().withThreshold(Duration.ZERO);
        }
        recording.start();
        return recording;
    }
}
