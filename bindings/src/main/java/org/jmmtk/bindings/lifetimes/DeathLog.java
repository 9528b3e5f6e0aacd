package org.jmmtk.bindings.lifetimes;

import it.unimi.dsi.fastutil.longs.LongArrays;
import java.io.BufferedInputStream;
import java.io.BufferedOutputStream;
import java.io.Closeable;
import java.io.EOFException;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.PriorityQueue;
import org.jmmtk.plugins.merlin.DeathSink;

/**
 * Deaths as an analysis finds them (out of order), handed back sorted by death point and then id: an
 * external sort, as the paper's trace generator does, so that memory stays bounded however long the
 * trace. Deaths collect in two primitive arrays that grow up to a limit; a full buffer is sorted and
 * written to a temporary file (a run of delta-coded varints); {@link #sorted} merges the runs and what
 * is left in memory, first merging groups of runs into longer ones while there are too many to open. {@link #close} deletes the runs; {@link #reset} also empties the log for another
 * batch. Used by one thread.
 */
public final class DeathLog implements DeathSink, Closeable {
    /** Deaths held in memory before a run is written: 16 MiB of them. */
    public static final int DEFAULT_BUFFER = 1 << 20;
    /** Runs read at once; more are first merged into longer runs. */
    private static final int FAN_IN = 64;

    private final Path directory;
    private final int limit;
    private final List<Path> runs = new ArrayList<>();
    private long[] points;
    private long[] ids;
    private int count;
    private long total;
    private boolean sorting;

    /** A log that writes its runs, if any, into {@code directory}. */
    public DeathLog(Path directory) {
        this(directory, DEFAULT_BUFFER);
    }

    /** A log that holds at most {@code limit} deaths in memory (at least 1). */
    public DeathLog(Path directory, int limit) {
        if (limit < 1) {
            throw new IllegalArgumentException("a death log needs room for one death");
        }
        this.directory = directory;
        this.limit = limit;
        this.points = new long[Math.min(1024, limit)];
        this.ids = new long[points.length];
    }

    @Override
    public void died(long id, long deathPoint) {
        if (sorting) {
            throw new IllegalStateException("deaths added after sorting began");
        }
        if (count == points.length) {
            if (count >= limit) {
                spill();
            } else {
                int capacity = (int) Math.min(limit, 2L * count);
                points = Arrays.copyOf(points, capacity);
                ids = Arrays.copyOf(ids, capacity);
            }
        }
        points[count] = deathPoint;
        ids[count] = id;
        count++;
        total++;
    }

    /** Deaths logged so far. */
    public long size() {
        return total;
    }

    /** Runs written to disk so far. */
    public int runs() {
        return runs.size();
    }

    private void spill() {
        LongArrays.radixSort(points, ids, 0, count);
        try {
            runs.add(writeRun(new MemoryCursor(points, ids, count)));
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        count = 0;
    }

    /** Writes the deaths of {@code sorted} into a new run file. */
    private Path writeRun(Cursor sorted) throws IOException {
        Path run = Files.createTempFile(directory, ".jmmtk-deaths-", ".run");
        run.toFile().deleteOnExit();
        try (OutputStream out = new BufferedOutputStream(Files.newOutputStream(run), 1 << 16)) {
            long lastPoint = 0;
            long lastId = 0;
            while (sorted.next()) {
                long gap = sorted.deathPoint() - lastPoint;
                varint(out, gap);
                varint(out, gap == 0 ? sorted.id() - lastId : sorted.id());
                lastPoint = sorted.deathPoint();
                lastId = sorted.id();
            }
        } catch (IOException e) {
            Files.deleteIfExists(run);
            throw e;
        }
        return run;
    }

    private static void varint(OutputStream out, long value) throws IOException {
        while ((value & ~0x7fL) != 0) {
            out.write((int) ((value & 0x7f) | 0x80));
            value >>>= 7;
        }
        out.write((int) value);
    }

    /** Every death, by death point and then id; no more deaths may be added. */
    public Cursor sorted() throws IOException {
        sorting = true;
        LongArrays.radixSort(points, ids, 0, count);
        if (runs.isEmpty()) {
            return new MemoryCursor(points, ids, count);
        }
        // merge runs into fewer, longer ones until few enough files are open at once
        while (runs.size() > FAN_IN) {
            List<Path> group = new ArrayList<>(runs.subList(0, FAN_IN));
            Path merged = writeRun(merge(group));
            runs.subList(0, FAN_IN).clear();
            runs.add(merged);
            for (Path run : group) {
                Files.deleteIfExists(run);
            }
        }
        MergeCursor all = merge(runs);
        all.add(new MemoryCursor(points, ids, count));
        return all;
    }

    private static MergeCursor merge(List<Path> group) throws IOException {
        MergeCursor m = new MergeCursor();
        for (Path run : group) {
            m.add(new RunCursor(new BufferedInputStream(Files.newInputStream(run), 1 << 16)));
        }
        return m;
    }

    /** Forgets every death (deleting the runs), so the log can take the next batch. */
    public void reset() throws IOException {
        close();
        count = 0;
        total = 0;
        sorting = false;
    }

    @Override
    public void close() throws IOException {
        IOException failure = null;
        for (Path run : runs) {
            try {
                Files.deleteIfExists(run);
            } catch (IOException e) {
                failure = e;
            }
        }
        runs.clear();
        if (failure != null) {
            throw failure;
        }
    }

    /** Deaths in order: call {@link #next} before reading each one. */
    public interface Cursor {
        /** Moves to the next death; false at the end. */
        boolean next() throws IOException;

        long deathPoint();

        long id();
    }

    private static final class MemoryCursor implements Cursor {
        private final long[] points;
        private final long[] ids;
        private final int count;
        private int at = -1;

        MemoryCursor(long[] points, long[] ids, int count) {
            this.points = points;
            this.ids = ids;
            this.count = count;
        }

        @Override
        public boolean next() {
            return ++at < count;
        }

        @Override
        public long deathPoint() {
            return points[at];
        }

        @Override
        public long id() {
            return ids[at];
        }
    }

    private static final class RunCursor implements Cursor {
        private final InputStream in;
        private long point;
        private long id;

        RunCursor(InputStream in) {
            this.in = in;
        }

        @Override
        public boolean next() throws IOException {
            int first = in.read();
            if (first < 0) {
                in.close();
                return false;
            }
            long gap = varint(first);
            point += gap;
            long value = varint(in.read());
            id = gap == 0 ? id + value : value;
            return true;
        }

        private long varint(int b) throws IOException {
            long value = 0;
            for (int shift = 0; ; shift += 7) {
                if (b < 0) {
                    throw new EOFException("truncated run of deaths");
                }
                value |= (long) (b & 0x7f) << shift;
                if ((b & 0x80) == 0) {
                    return value;
                }
                b = in.read();
            }
        }

        @Override
        public long deathPoint() {
            return point;
        }

        @Override
        public long id() {
            return id;
        }
    }

    /** The smallest head of several sorted cursors, each time. */
    private static final class MergeCursor implements Cursor {
        private final PriorityQueue<Cursor> heads = new PriorityQueue<>((a, b) -> a.deathPoint() != b.deathPoint()
                ? Long.compare(a.deathPoint(), b.deathPoint()) : Long.compare(a.id(), b.id()));
        private final List<Cursor> fresh = new ArrayList<>();
        private Cursor current;
        private boolean started;

        void add(Cursor part) {
            fresh.add(part);
        }

        @Override
        public boolean next() throws IOException {
            if (!started) {
                started = true;
                for (Cursor c : fresh) {
                    if (c.next()) {
                        heads.add(c);
                    }
                }
            } else if (current != null && current.next()) {
                heads.add(current);
            }
            current = heads.poll();
            return current != null;
        }

        @Override
        public long deathPoint() {
            return current.deathPoint();
        }

        @Override
        public long id() {
            return current.id();
        }
    }
}
