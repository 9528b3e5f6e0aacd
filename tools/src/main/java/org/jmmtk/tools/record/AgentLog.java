package org.jmmtk.tools.record;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.channels.FileChannel;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.PriorityQueue;
import java.util.TreeMap;
import java.util.function.IntConsumer;
import org.jmmtk.agent.rt.EventLog;
import org.jmmtk.bindings.trace.TraceException;
import org.jmmtk.bindings.trace.TraceFormat;

/**
 * Reads the agent's event log (see {@link EventLog}) back in global order: an index of each thread's
 * chunks, then a merge of the threads by sequence number, one chunk per thread in memory. Used by one
 * thread; {@link #events()} may be called more than once (each call reads the file again).
 */
final class AgentLog {
    private final Path dir;
    private final Path events;
    private final TreeMap<Integer, List<long[]>> chunks = new TreeMap<>(); // thread -> {offset, words}
    private final long totalWords;

    AgentLog(Path dir) throws IOException {
        this.dir = dir;
        this.events = dir.resolve(EventLog.EVENTS);
        if (Files.exists(dir.resolve(EventLog.LOST))) {
            throw new TraceException(dir.resolve(EventLog.LOST).toString(), "the recorder ran out of memory and stopped "
                    + "recording: the log misses events");
        }
        if (!Files.exists(dir.resolve(EventLog.DONE))) {
            throw new TraceException(dir.toString(), "the recording agent did not finish its log "
                    + "(the JVM did not start the agent, crashed, or was killed or halted)");
        }
        long words = 0;
        try (FileChannel in = FileChannel.open(events)) {
            ByteBuffer header = ByteBuffer.allocate(8).order(ByteOrder.LITTLE_ENDIAN);
            long size = in.size();
            long pos = 0;
            while (pos < size) {
                header.clear();
                if (size - pos < 8 || in.read(header, pos) < 8) {
                    throw new TraceException(events + ": byte " + pos, "truncated chunk header");
                }
                int thread = header.getInt(0);
                int n = header.getInt(4);
                checkChunk(events, pos, thread, n, size);
                if (thread >= 0) { // marks and weak slots are for a reader that follows the file (LogFollower)
                    chunks.computeIfAbsent(thread, t -> new ArrayList<>()).add(new long[] {pos + 8, n});
                    words += n;
                }
                pos += 8 + 8L * n;
            }
        } catch (NoSuchFileException e) {
            throw new TraceException(dir.toString(), "the recording agent wrote no events file");
        }
        this.totalWords = words;
    }

    /**
     * The weak slots in the finished log's {@code weak-slots} file, {typeId, slot} each (none in a log
     * from before they were recorded): every type's, also those made after the writer's last sweep,
     * which the events file does not hold.
     */
    static List<int[]> weakSlots(Path dir) throws IOException {
        Path file = dir.resolve(EventLog.WEAK_SLOTS);
        List<int[]> slots = new ArrayList<>();
        if (Files.exists(file)) {
            int n = 0;
            for (String line : Files.readAllLines(file, StandardCharsets.UTF_8)) {
                n++;
                int tab = line.indexOf('\t');
                try {
                    slots.add(new int[] {Integer.parseInt(line.substring(0, tab)), Integer.parseInt(line.substring(tab + 1))});
                } catch (RuntimeException e) {
                    throw new TraceException(file + ": line " + n, "not 'typeId TAB slot': " + line);
                }
            }
        }
        return slots;
    }

    /** Stops at a chunk header that cannot be the writer's (exit 2 naming the byte). */
    static void checkChunk(Path events, long pos, int thread, int n, long size) {
        boolean record = thread == EventLog.MARK || thread == EventLog.WEAK;
        if (thread < 0 && !record || n <= 0 || record && n != 1 || pos + 8 + 8L * n > size) {
            throw new TraceException(events + ": byte " + pos, "bad chunk (thread " + thread + ", " + n + " words)");
        }
    }

    Path dir() {
        return dir;
    }

    /** The numbers the agent wrote into its {@code done} file ({@code name value} lines). */
    java.util.Map<String, Long> done() throws IOException {
        java.util.Map<String, Long> values = new java.util.HashMap<>();
        int line = 0;
        for (String l : Files.readAllLines(dir.resolve(EventLog.DONE))) {
            line++;
            String[] f = l.split(" ");
            try {
                values.put(f[0], Long.parseLong(f[1]));
            } catch (RuntimeException e) {
                throw new TraceException(dir.resolve(EventLog.DONE) + ": line " + line, "not 'name number': " + l);
            }
        }
        return values;
    }

    long totalWords() {
        return totalWords;
    }

    /** What {@link #events} calls per event, in global order. */
    interface Visitor {
        void event(int thread, int kind, long a, long b, long c) throws IOException;

        /**
         * A weak slot, before the first event of its type (only from {@link LogFollower}: a reader of the
         * finished log takes them all from {@link #weakSlots} first).
         */
        default void weakSlot(int typeId, int slot) {
        }
    }

    /** Visits every event in sequence order, threads numbered by {@link ThreadNumbers}; returns the number of words read. */
    long events(Visitor visitor) throws IOException {
        return events(visitor, thread -> { });
    }

    /**
     * As {@link #events(Visitor)}, and tells {@code threadEnded} each thread's end ({@code EventLog.END}) at its
     * place in the order, with the thread's trace number, before the number is free for a later thread.
     */
    long events(Visitor visitor, IntConsumer threadEnded) throws IOException {
        long read = 0;
        try (FileChannel in = FileChannel.open(events)) {
            PriorityQueue<Cursor> merge = new PriorityQueue<>((x, y) -> Long.compare(x.seq(), y.seq()));
            ThreadNumbers numbers = new ThreadNumbers(TraceFormat.MAX_THREADS);
            for (var e : chunks.entrySet()) {
                Cursor c = new Cursor(e.getKey(), e.getValue(), in);
                if (c.advance()) {
                    merge.add(c);
                }
            }
            long last = -1;
            while (!merge.isEmpty()) {
                Cursor c = merge.poll();
                // the thread's run of events before the next thread's first: no queue operation per event
                long limit = merge.isEmpty() ? Long.MAX_VALUE : merge.peek().seq();
                boolean more;
                do {
                    long seq = c.seq();
                    if (seq <= last) {
                        throw new TraceException(events.toString(), "event " + seq + " of thread " + c.thread + " is out of order");
                    }
                    last = seq;
                    int n = visit(c, visitor, threadEnded, numbers, events);
                    read += n;
                    more = c.next(n);
                } while (more && c.seq() < limit);
                if (more) {
                    merge.add(c);
                }
            }
        }
        return read;
    }

    /** Visits the event at {@code c}'s position; returns its words. */
    static int visit(Cursor c, Visitor visitor, IntConsumer threadEnded, ThreadNumbers numbers, Path events)
            throws IOException {
        long word = c.word(0);
        int kind = (int) (word & ((1 << EventLog.KIND_BITS) - 1));
        int n = kind >= 1 && kind < EventLog.WORDS.length ? EventLog.WORDS[kind] : 0;
        if (n == 0 || !c.has(n)) {
            throw new TraceException(events.toString(), "event " + c.seq() + " of thread " + c.thread
                    + " is " + (n == 0 ? "of unknown kind " + kind : "cut off at the end of its chunk"));
        }
        if (kind == EventLog.END) {
            threadEnded.accept(numbers.of(c.thread));
            numbers.ended(c.thread);
        } else {
            visitor.event(numbers.of(c.thread), kind, c.word(1), c.word(2), n > 3 ? c.word(3) : 0);
        }
        return n;
    }

    /**
     * One thread's position in its chunks; the list may grow while it is read ({@link LogFollower}), so a
     * cursor that ran out of chunks takes up the next one added.
     */
    static final class Cursor {
        final int thread;
        private final List<long[]> chunks;
        private final FileChannel in;
        private int chunk = -1;
        private long[] words = new long[0];
        /** The chunk's bytes, read straight into native memory and reused for every chunk. */
        private ByteBuffer bytes = ByteBuffer.allocateDirect(0);
        private int length;
        private int pos;

        Cursor(int thread, List<long[]> chunks, FileChannel in) {
            this.thread = thread;
            this.chunks = chunks;
            this.in = in;
        }

        long seq() {
            return words[pos] >>> EventLog.KIND_BITS;
        }

        boolean has(int n) {
            return pos + n <= length;
        }

        long word(int i) {
            return words[pos + i];
        }

        /** Moves past an event of {@code n} words; false when the thread has no more. */
        boolean next(int n) throws IOException {
            pos += n;
            return pos < length || advance();
        }

        /** Loads the next chunk; false when there is none (yet). */
        boolean advance() throws IOException {
            if (chunk + 1 >= chunks.size()) {
                return false;
            }
            long[] c = chunks.get(++chunk);
            length = (int) c[1];
            if (words.length < length) {
                words = new long[length];
            }
            if (bytes.capacity() < 8 * length) {
                bytes = ByteBuffer.allocateDirect(8 * length).order(ByteOrder.LITTLE_ENDIAN);
            }
            bytes.clear().limit(8 * length);
            long at = c[0];
            while (bytes.hasRemaining()) {
                if (in.read(bytes, at + bytes.position()) < 0) {
                    throw new TraceException("agent log", "chunk at byte " + at + " ends early");
                }
            }
            bytes.flip().asLongBuffer().get(words, 0, length);
            pos = 0;
            return true;
        }
    }
}
