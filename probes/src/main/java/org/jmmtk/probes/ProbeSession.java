package org.jmmtk.probes;

import java.io.IOException;
import java.nio.file.Path;
import java.time.Duration;
import jdk.jfr.Recording;

/**
 * An in-process JFR recording of the jmmtk events (and nothing of the JDK's), written to a file when
 * closed. This is what {@code --jfr FILE} uses; the same events can be recorded from outside with
 * {@code jcmd <pid> JFR.start}. Used by one thread at a time.
 */
public final class ProbeSession implements AutoCloseable {
    private final Recording recording;
    private final Path destination;

    private ProbeSession(Recording recording, Path destination) {
        this.recording = recording;
        this.destination = destination;
    }

    /** Starts recording every jmmtk event, without stack traces and without thresholds. */
    public static ProbeSession start(Path destination) {
        Tracepoints.awaitListener();
        Recording recording = new Recording();
        recording.setName("jmmtk");
        recording.setToDisk(true);
        for (Class<? extends jdk.jfr.Event> type : Tracepoints.eventTypes()) {
            recording.enable(type).withoutStackTrace().withThreshold(Duration.ZERO);
        }
        recording.start();
        return new ProbeSession(recording, destination);
    }

    public Path destination() {
        return destination;
    }

    /** Stops the recording and writes it to the destination file. */
    @Override
    public void close() throws IOException {
        try {
            recording.stop();
            recording.dump(destination);
        } finally {
            recording.close();
        }
    }
}
