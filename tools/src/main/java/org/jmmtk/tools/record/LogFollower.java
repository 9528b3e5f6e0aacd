package org.jmmtk.tools.record;

import it.unimi.dsi.fastutil.ints.Int2ObjectOpenHashMap;
import it.unimi.dsi.fastutil.longs.LongOpenHashSet;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.channels.FileChannel;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.PriorityQueue;
import java.util.function.BooleanSupplier;
import java.util.function.IntConsumer;
import org.jmmtk.agent.rt.EventLog;
import org.jmmtk.bindings.trace.TraceException;
import org.jmmtk.bindings.trace.TraceFormat;

/**
 * Reads the agent's log while the recorded program still writes it, in global order as {@link AgentLog}
 * does once it is finished: it visits only the events below the writer's last mark (see
 * {@link EventLog}), waits for more, and visits the rest once the agent has written {@code done}. Each
 * weak slot is visited once, before the first event of its type: from its chunk while the program runs,
 * and from the trailer file once it ended for the types made after the writer's last sweep.
 * A mark does not promise what a thread descheduled between taking its sequence number and storing its
 * event had not yet stored: when such an event turns up below what was already visited, the reading
 * stops with {@link Overtaken}, and the caller reads the finished log instead. Used by one thread
 * ({@code record}'s first pass while the program runs).
 */
final class LogFollower {
    /** How long the follower sleeps when the file holds nothing new below the mark. */
    static final long WAIT_MILLIS = 20;
    /** Thread ends: the first pass has no use for them. */
    private static final IntConsumer NO_END = thread -> { };

    private final Path dir;
    private final Path events;
    private final BooleanSupplier ended;
    private final BooleanSupplier cancelled;
    private final long waitMillis;

    /** The log's events reached a point already passed: the caller reads the finished log instead. */
    static final class Overtaken extends IOException {
        Overtaken(String message) {
            super(message);
        }
    }

    /**
     * Follows the log in {@code dir}; {@code ended} says whether the program's JVM has exited (then a
     * log without {@code done} will never be finished), {@code cancelled} whether to stop early.
     */
    LogFollower(Path dir, BooleanSupplier ended, BooleanSupplier cancelled) {
        this(dir, ended, cancelled, WAIT_MILLIS);
    }

    /** With {@code waitMillis} between two looks at a file that has nothing new (tests: 0, each look a step they take). */
    LogFollower(Path dir, BooleanSupplier ended, BooleanSupplier cancelled, long waitMillis) {
        this.waitMillis = waitMillis;
        this.dir = dir;
        this.events = dir.resolve(EventLog.EVENTS);
        this.ended = ended;
        this.cancelled = cancelled;
    }

    /**
     * Visits every event in sequence order as the file grows, and weak slots as they come; returns when
     * the log is finished and read. Throws {@link TraceException} when the program ended without finishing
     * its log or stopped being followed, {@link Overtaken} as above.
     */
    void events(AgentLog.Visitor visitor) throws IOException {
        while (!Files.exists(events)) {
            waitOrStop();
        }
        try (FileChannel in = FileChannel.open(events)) {
            ByteBuffer header = ByteBuffer.allocate(16).order(ByteOrder.LITTLE_ENDIAN);
            Int2ObjectOpenHashMap<AgentLog.Cursor> cursors = new Int2ObjectOpenHashMap<>();
            Int2ObjectOpenHashMap<List<long[]>> chunks = new Int2ObjectOpenHashMap<>();
            List<AgentLog.Cursor> idle = new ArrayList<>();
            PriorityQueue<AgentLog.Cursor> merge = new PriorityQueue<>((x, y) -> Long.compare(x.seq(), y.seq()));
            ThreadNumbers numbers = new ThreadNumbers(TraceFormat.MAX_THREADS);
            LongOpenHashSet weakSeen = new LongOpenHashSet(); // typeId << 32 | slot
            long pos = 0;
            long mark = 0;
            long last = -1;
            while (true) {
                // done is written after the events file is closed: seen before the size, the size is final
                boolean finished = Files.exists(dir.resolve(EventLog.DONE));
                long size = in.size();
                while (size - pos >= 8) {
                    header.clear().limit(8);
                    readFully(in, header, pos);
                    int thread = header.getInt(0);
                    int n = header.getInt(4);
                    if (n > 0 && pos + 8 + 8L * n > size) {
                        break; // the writer is still writing this chunk
                    }
                    AgentLog.checkChunk(events, pos, thread, n, size);
                    if (thread >= 0) {
                        chunks.computeIfAbsent(thread, t -> new ArrayList<>()).add(new long[] {pos + 8, n});
                        AgentLog.Cursor c = cursors.get(thread);
                        if (c == null) {
                            c = new AgentLog.Cursor(thread, chunks.get(thread), in);
                            cursors.put(thread, c);
                            idle.add(c);
                        }
                    } else {
                        header.clear().limit(8);
                        readFully(in, header, pos + 8);
                        long word = header.getLong(0);
                        if (thread == EventLog.MARK) {
                            mark = Math.max(mark, word);
                        } else if (weakSeen.add(word)) {
                            visitor.weakSlot((int) (word >>> 32), (int) word);
                        }
                    }
                    pos += 8 + 8L * n;
                }
                if (finished && pos != size) {
                    throw new TraceException(events + ": byte " + pos, "truncated chunk header");
                }
                if (finished) {
                    // the writer's last sweep may come before types made later: their weak slots are only in the
                    // trailer file (written before done), and must be known before the events that follow it
                    for (int[] w : AgentLog.weakSlots(dir)) {
                        if (weakSeen.add((long) w[0] << 32 | w[1])) {
                            visitor.weakSlot(w[0], w[1]);
                        }
                    }
                }
                for (int i = idle.size() - 1; i >= 0; i--) {
                    AgentLog.Cursor c = idle.get(i);
                    if (c.advance()) {
                        merge.add(c);
                        idle.remove(i);
                    }
                }
                last = visitBelow(finished ? Long.MAX_VALUE : mark, last, merge, idle, visitor, numbers);
                if (finished) {
                    return;
                }
                waitOrStop();
            }
        }
    }

    /**
     * Visits the merged events below {@code limit}, each thread's run of them in one go; {@code last} is the
     * sequence number visited last, and so is what it returns. A method of its own so that the JIT compiles
     * this loop apart from the file's indexing around it (compiled on the stack inside {@code events}, the
     * whole method was compiled three or four times, 13-17 KB each, as each new path threw the last away).
     */
    private long visitBelow(long limit, long last, PriorityQueue<AgentLog.Cursor> merge, List<AgentLog.Cursor> idle,
            AgentLog.Visitor visitor, ThreadNumbers numbers) throws IOException {
        while (!merge.isEmpty() && merge.peek().seq() < limit) {
            AgentLog.Cursor c = merge.poll();
            long before = merge.isEmpty() ? limit : Math.min(limit, merge.peek().seq());
            boolean more;
            do {
                long seq = c.seq();
                if (seq <= last) { // a log out of order is reported by the reading of the finished log
                    throw new Overtaken("event " + seq + " of thread " + c.thread + " came after event " + last);
                }
                last = seq;
                more = c.next(AgentLog.visit(c, visitor, NO_END, numbers, events));
            } while (more && c.seq() < before);
            if (more) {
                merge.add(c);
            } else {
                idle.add(c);
            }
            if (cancelled.getAsBoolean()) {
                throw new TraceException(dir.toString(), "no longer followed");
            }
        }
        return last;
    }

    private void waitOrStop() throws java.io.InterruptedIOException {
        if (cancelled.getAsBoolean()) {
            throw new TraceException(dir.toString(), "no longer followed");
        }
        if (ended.getAsBoolean() && !Files.exists(dir.resolve(EventLog.DONE))) {
            throw new TraceException(dir.toString(), "the recording agent did not finish its log");
        }
        try {
            Thread.sleep(waitMillis);
        } catch (InterruptedException e) {
            throw new java.io.InterruptedIOException("record: following the log was interrupted");
        }
    }

    private void readFully(FileChannel in, ByteBuffer b, long at) throws IOException {
        while (b.hasRemaining()) {
            if (in.read(b, at + b.position()) < 0) {
                throw new TraceException(events + ": byte " + at, "ends early");
            }
        }
    }
}
