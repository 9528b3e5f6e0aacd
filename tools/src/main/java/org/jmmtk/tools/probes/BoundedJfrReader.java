package org.jmmtk.tools.probes;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.TimeUnit;
import java.util.function.LongConsumer;
import jdk.jfr.consumer.RecordedEvent;
import jdk.jfr.consumer.RecordingFile;
import org.jmmtk.bindings.trace.Quote;
import org.jmmtk.tools.error.UsageException;

/**
 * The one way jmmtk reads a JFR recording: JDK 17's {@code RecordingFile}, bounded so that a damaged
 * recording is bad input (exit 2 naming the file), never a hang. Three lines of defence:
 * <ol>
 * <li>{@link JfrChunks} checks the chunk structure first (the positions the JDK's reader follows);</li>
 * <li>a recording cannot hold more events than half its bytes (each event has a size and a type id, a
 *     byte at least each), so a reader that returns more has gone round in a loop;</li>
 * <li>a watchdog: the reading runs on a daemon thread of its own while the caller's thread watches it;
 *     if the JDK's reader spends {@link #STALL_SECONDS} seconds without returning an event (time in the
 *     handler does not count), the caller gives up with bad input and closes the file. JDK 17 cannot
 *     stop a thread, so a reader stuck in a loop that never reads the file again stays, as a daemon,
 *     until the JVM exits.</li>
 * </ol>
 * The handler and {@code progress} run on the reading thread, one event at a time; the call returns
 * (or throws) after that thread has finished, so the caller sees everything the handler did.
 */
public final class BoundedJfrReader {
    /** How long the JDK's reader may go without returning an event before the recording counts as damaged. */
    public static final long STALL_SECONDS = 30;

    /** Receives the events of a recording; may throw, and its exceptions pass through unchanged. */
    public interface Handler {
        void event(RecordedEvent e) throws IOException;
    }

    private final Path file;
    private final long stallNanos;
    private final ReaderWatch watch = new ReaderWatch();
    private volatile RecordingFile recording;
    private Throwable failure;

    BoundedJfrReader(Path file, long stallNanos) {
        this.file = file;
        this.stallNanos = stallNanos;
    }

    /**
     * Reads every event of {@code file} into {@code handler}, telling {@code progress} how many were read
     * so far. A damaged or unreadable recording is a {@link UsageException} naming the file.
     */
    public static void read(Path file, Handler handler, LongConsumer progress) throws IOException {
        JfrChunks.check(file);
        new BoundedJfrReader(file, TimeUnit.SECONDS.toNanos(STALL_SECONDS)).readChecked(handler, progress);
    }

    /** As {@link #read}, after the structure check; the watchdog gives up after {@code stallNanos}. */
    void readChecked(Handler handler, LongConsumer progress) throws IOException {
        long limit = Files.size(file) / 2;
        Thread reader = new Thread(() -> {
            try {
                readAll(handler, progress, limit);
            } catch (Throwable t) {
                failure = t;
            }
        }, "jfr-reader " + file.getFileName());
        reader.setDaemon(true);
        reader.start();
        try {
            while (reader.isAlive()) {
                reader.join(Math.max(1, TimeUnit.NANOSECONDS.toMillis(Math.min(stallNanos, 1_000_000_000L))));
                if (reader.isAlive() && watch.stuck(System.nanoTime(), stallNanos)) {
                    giveUp(reader);
                }
            }
        } catch (InterruptedException e) {
            reader.interrupt();
            Thread.currentThread().interrupt();
            throw new IOException("interrupted while reading " + file, e);
        }
        rethrow(failure);
    }

    private void readAll(Handler handler, LongConsumer progress, long limit) throws IOException {
        watch.enter(System.nanoTime());
        try {
            recording = new RecordingFile(file);
        } catch (IOException | RuntimeException | StackOverflowError e) {
            throw unreadable(e);
        } finally {
            watch.leave();
        }
        try (RecordingFile r = recording) {
            for (long n = 1; ; n++) {
                RecordedEvent e;
                watch.enter(System.nanoTime());
                try {
                    if (!r.hasMoreEvents()) {
                        break;
                    }
                    e = r.readEvent();
                } catch (IOException | RuntimeException | StackOverflowError x) {
                    throw unreadable(x);
                } finally {
                    watch.leave();
                }
                if (n > limit) {
                    throw new UsageException(file + ": not a readable JFR recording: the JDK's reader returned more "
                            + "events (" + n + ") than half the file's bytes; the recording looks damaged");
                }
                handler.event(e);
                progress.accept(n);
            }
        }
    }

    private void giveUp(Thread reader) throws IOException {
        RecordingFile r = recording;
        if (r != null) {
            try {
                r.close(); // makes the stuck reader fail at its next read of the file, if it makes one
            } catch (IOException ignored) {
                // the recording is given up either way; the message below says why
            }
        }
        reader.interrupt();
        long ms = TimeUnit.NANOSECONDS.toMillis(stallNanos);
        throw new UsageException(file + ": not a readable JFR recording: the JDK's reader made no progress for "
                + (ms % 1000 == 0 ? ms / 1000 + " s" : ms + " ms") + "; the recording looks damaged");
    }

    /** A JDK message names the problem; a class name is all some exceptions carry. */
    private UsageException unreadable(Throwable e) {
        String why = e.getMessage() == null ? e.getClass().getSimpleName() : Quote.escape(e.getMessage());
        if (why.length() > 200) {
            why = why.substring(0, 200) + "...";
        }
        return new UsageException(file + ": not a readable JFR recording (" + why + ")");
    }

    private static void rethrow(Throwable t) throws IOException {
        if (t == null) {
            return;
        }
        if (t instanceof IOException io) {
            throw io;
        }
        if (t instanceof RuntimeException r) {
            throw r;
        }
        if (t instanceof Error e) {
            throw e;
        }
        throw new IllegalStateException("the JFR reader failed", t);
    }
}
