package org.jmmtk.agent.rt;

import java.io.IOException;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * The recording's lifecycle around the probes of {@link Recorder}: its settings (the log directory, the
 * start-up heap, the collection points, whether the JVM counts allocation and ignores {@code System.gc()}),
 * the log writer it hands chunks to, the events that failed, running out of memory (recording stops for
 * good and the JVM is halted) and the shutdown hook that writes the log's trailer files. Set up by
 * {@link Recorder#start} on the thread that runs premain; read by every thread that records; stopped by
 * the thread whose event ran out of memory, by the log writer, or by the shutdown hook.
 */
final class Recording {
    private static final AtomicInteger FAILURES = new AtomicInteger();
    /** What the recorder ran out of memory on when it stopped recording for good, or null. */
    private static volatile Throwable lostTo;
    /** The id table's entries and bytes when it was dropped, filled without allocating. */
    private static final long[] LOST_SIZES = new long[2];
    private static final String STOPPED = "jmmtk agent: the recorder ran out of memory; recording stopped "
            + "(the trace would miss events) and the program is ended";
    /** The exit status of a JVM the recorder halted after it ran out of memory. */
    private static final int LOST_STATUS = 1;
    private static IdTable ids;
    private static LogWriter writer;
    private static Path dir;
    private static PrintStream err;
    private static boolean counting;
    private static boolean explicitGcDisabled;
    private static long startupAllocated;
    private static long startupLive;
    /** Where to force full collections (set once, before recording starts). */
    private static CollectionPoints collectionPoints = CollectionPoints.NONE;

    private Recording() {
    }

    /**
     * The settings of a recording into the log directory {@code logDir} of the objects numbered by
     * {@code table}; {@code startup} is the JVM's start-up heap as premain measured it (bytes allocated,
     * bytes live), {@code collectAt} the points where to force full collections (null: none).
     */
    static void configure(Path logDir, long[] startup, String collectAt, IdTable table) {
        collectionPoints = CollectionPoints.of(collectAt);
        counting = Allocated.start();
        explicitGcDisabled = Allocated.vmFlag("DisableExplicitGC");
        startupAllocated = startup[0];
        startupLive = explicitGcDisabled ? -1 : startup[1];
        dir = logDir;
        err = System.err;
        ids = table;
    }

    /** Starts the log writer and installs the shutdown hook (the last step of {@link Recorder#start}). */
    static void startWriter() throws IOException {
        writer = new LogWriter(dir.resolve(EventLog.EVENTS));
        writer.start();
        Runtime.getRuntime().addShutdownHook(new Closer());
    }

    /** Whether the JVM runs with {@code -XX:+DisableExplicitGC}, where HotSpot ignores {@code System.gc()}. */
    static boolean explicitGcDisabled() {
        return explicitGcDisabled;
    }

    /** Where full collections are forced (none unless the agent's {@code collectAt=} option named points). */
    static CollectionPoints collectionPoints() {
        return collectionPoints;
    }

    /** Sets the collection points (tests; the agent sets them in {@link #configure}). */
    static void collectionPoints(CollectionPoints points) {
        collectionPoints = points;
    }

    static void handOver(Chunk chunk, int words) {
        writer.add(chunk, words);
    }

    /** An event could not be recorded: out of memory stops the recording, anything else is reported (five times at most). */
    static void failed(Throwable e) {
        if (e instanceof OutOfMemoryError && lostTo == null) {
            lost(e);
        } else if (lostTo == null && FAILURES.getAndIncrement() < 5) {
            err.println("jmmtk agent: an event was not recorded: " + e);
        }
    }

    /**
     * The recorder's own allocation ran out of memory: an event is lost, so the trace would be wrong, and
     * trying again would run the collector at every event (a program that never ends). Recording stops for
     * good, the id table is let go, {@code lost} is written instead of {@code done}, and the JVM is halted:
     * the run can no longer be recorded, and a program whose heap is nearly full could otherwise go on for
     * minutes in back-to-back full collections. Nothing before the table is let go allocates (the message
     * is a constant; printing it uses the stream's own buffers).
     * Called by the thread whose event failed, or by the log writer when it could not go on.
     */
    static void lost(Throwable e) {
        if (lostTo != null) {
            return;
        }
        Recorder.stop();
        lostTo = e;
        ids.drop(LOST_SIZES);
        try {
            err.println(STOPPED);
        } catch (Throwable again) {
            // the stream could not say it: the lost file says it
        }
        if (dir != null) {
            writeLost();
        }
        Runtime.getRuntime().halt(LOST_STATUS);
    }

    /** The log of a recording that stopped: why, and what the id table held then (no {@code done}: the log is refused). */
    private static void writeLost() {
        try {
            Files.writeString(dir.resolve(EventLog.LOST), "reason " + lostTo + "\nobjects " + ids.count()
                    + "\nentries " + LOST_SIZES[0] + "\ntable-bytes " + LOST_SIZES[1] + "\n");
        } catch (IOException | OutOfMemoryError e) {
            err.println("jmmtk agent: could not finish the log in " + dir + ": " + e);
        }
    }

    /** The shutdown hook, a class of its own (no lambda: its bootstrap would be JDK code run by the recorder). */
    private static final class Closer extends Thread {
        Closer() {
            super("jmmtk-recorder-close");
        }

        @Override
        public void run() {
            Threads.internal();
            close();
        }
    }

    /** The shutdown hook: stop, hand the last events over, write the log's trailer files. */
    private static synchronized void close() {
        if (lostTo != null) {
            writeLost();
            return;
        }
        if (!Recorder.stop()) {
            return;
        }
        ThreadState[] all = Threads.all();
        long[] totals = new long[5];
        for (ThreadState s : all) {
            s.drain();
            long[] a = s.accounts();
            for (int i = 0; i < totals.length; i++) {
                totals[i] += a[i];
            }
        }
        try {
            long words = writer.finish();
            if (lostTo != null) {
                writeLost(); // the writer ran out of memory with events queued
                return;
            }
            TypeRegistry.write(dir);
            List<String> statics = new ArrayList<>();
            List<String> names = Refs.staticNames();
            for (int i = 0; i < names.size(); i++) {
                statics.add(i + "\t" + names.get(i));
            }
            Files.write(dir.resolve(EventLog.STATICS), statics, StandardCharsets.UTF_8);
            Files.writeString(dir.resolve(EventLog.DONE), "objects " + ids.count() + "\nwords " + words
                    + "\nthreads " + all.length + "\nfailures " + FAILURES.get()
                    + "\ncounted " + (counting ? 1 : 0) + "\nallocated " + totals[0] + "\nown " + totals[1]
                    + "\nrecorded " + totals[2] + "\nfiller " + totals[3] + "\nadopted " + totals[4]
                    + "\nstartup-allocated " + startupAllocated
                    + "\nstartup-live " + startupLive + "\n");
        } catch (IOException | InterruptedException e) {
            err.println("jmmtk agent: could not finish the log in " + dir + ": " + e);
        }
    }
}
