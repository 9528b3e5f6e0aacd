package org.jmmtk.tools.record;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.SplittableRandom;
import org.jmmtk.agent.rt.EventLog;
import org.jmmtk.bindings.trace.TextTraceWriter;
import org.jmmtk.bindings.trace.TraceException;
import org.jmmtk.tools.record.AgentLogs.Event;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@link LogFollower} and the first pass run while the program runs, on logs written step by step as the
 * agent's writer writes them (chunks handed over when full, sweeps that hand over what each thread has
 * published and write marks and weak slots): the test appends the next step only when the follower has
 * read all it can and is about to wait, so every interleaving is forced, none depends on timing.
 */
class LogFollowerTest {
    @TempDir
    Path tmp;

    /** The agent's writer, as a model: what it writes into the events file, one step at a time. */
    private static final class Writer {
        private final List<Event> events;
        private final Path log;
        private final Map<Integer, long[]> chunk = new HashMap<>();
        private final Map<Integer, int[]> posCopied = new HashMap<>(); // {pos, copied} of each thread's chunk
        private final ArrayDeque<Object[]> queue = new ArrayDeque<>(); // {thread, words, Integer size, int[] posCopied}
        private final int capacity;
        private final List<byte[]> steps = new ArrayList<>();
        private ByteArrayOutputStream step = new ByteArrayOutputStream();
        private long taken;
        private long lastMark;
        /** Events that took their number and are not stored yet. */
        private final java.util.Set<Integer> storing = new java.util.HashSet<>();
        /** Writes marks without looking for events being stored (a writer that breaks the protocol). */
        boolean blind;
        private final List<Long> marks = new ArrayList<>();
        private final List<long[]> weak = new ArrayList<>();
        private int weakWritten;

        Writer(List<Event> events, Path log, int capacity) {
            this.events = events;
            this.log = log;
            this.capacity = capacity;
        }

        /** Event {@code i} (sequence number i + 1) takes its number; its type's weak slot is made first. */
        void take(int i) {
            Event e = events.get(i);
            if (e.kind() == EventLog.ALLOC && (e.c() & 0xffffff) == 2 && weak.isEmpty()) {
                weak.add(new long[] {2, 0});
            }
            taken = Math.max(taken, i + 1);
            storing.add(i);
        }

        /** Event {@code i}'s thread stores it (handing its chunk over first when it is full). */
        void put(int i) {
            Event e = events.get(i);
            int words = EventLog.WORDS[e.kind()];
            long[] w = chunk.computeIfAbsent(e.thread(), t -> new long[capacity]);
            int[] pc = posCopied.computeIfAbsent(e.thread(), t -> new int[2]);
            if (pc[0] + words > capacity) {
                queue.add(new Object[] {e.thread(), w, pc[0], pc});
                w = new long[capacity];
                pc = new int[2];
                chunk.put(e.thread(), w);
                posCopied.put(e.thread(), pc);
            }
            long[] ev = {(long) (i + 1) << EventLog.KIND_BITS | e.kind(), e.a(), e.b(), e.c()};
            System.arraycopy(ev, 0, w, pc[0], words);
            pc[0] += words;
            storing.remove(i);
        }

        void writeOne() {
            Object[] h = queue.poll();
            if (h != null) {
                int[] pc = (int[]) h[3];
                int size = (Integer) h[2];
                if (size > pc[1]) {
                    chunk((Integer) h[0], (long[]) h[1], pc[1], size - pc[1]);
                }
                pc[1] = 0;
            }
        }

        /** As {@code LogWriter.sweep}. */
        void sweep() {
            long seq = taken + 1;
            int weakNow = weak.size();
            for (int t : new ArrayList<>(chunk.keySet())) {
                while (!queue.isEmpty()) {
                    writeOne();
                }
                int[] pc = posCopied.get(t);
                if (pc[0] > pc[1]) {
                    chunk(t, chunk.get(t), pc[1], pc[0] - pc[1]);
                    pc[1] = pc[0];
                }
            }
            for (; weakWritten < weakNow; weakWritten++) {
                chunk(EventLog.WEAK, new long[] {weak.get(weakWritten)[0] << 32 | weak.get(weakWritten)[1]}, 0, 1);
            }
            if ((blind || storing.isEmpty()) && seq > lastMark) {
                chunk(EventLog.MARK, new long[] {seq}, 0, 1);
                lastMark = seq;
            }
        }

        /** The follower may look at the file after what was written so far. */
        void cut() {
            steps.add(step.toByteArray());
            marks.add(lastMark);
            step = new ByteArrayOutputStream();
        }

        /** The program ends: every thread's chunk handed over and written, then the trailer files. */
        void finish() {
            for (var t : chunk.entrySet()) {
                int[] pc = posCopied.get(t.getKey());
                queue.add(new Object[] {t.getKey(), t.getValue(), pc[0], pc});
            }
            while (!queue.isEmpty()) {
                writeOne();
            }
            cut();
        }

        private void chunk(int thread, long[] w, int from, int n) {
            ByteBuffer b = ByteBuffer.allocate(8 + 8 * n).order(ByteOrder.LITTLE_ENDIAN);
            b.putInt(thread).putInt(n);
            for (int k = 0; k < n; k++) {
                b.putLong(w[from + k]);
            }
            step.writeBytes(b.array());
        }

        int steps() {
            return steps.size();
        }

        /** Appends step {@code s} to the events file; after the last, writes the trailer files and {@code done}. */
        void append(int s) throws IOException {
            Files.write(log.resolve(EventLog.EVENTS), steps.get(s), StandardOpenOption.CREATE, StandardOpenOption.APPEND);
            if (s == steps.size() - 1) {
                Files.writeString(log.resolve(EventLog.TYPES), "1\tNode\n2\tWeakNode\n");
                Files.writeString(log.resolve(EventLog.WEAK_SLOTS), weak.isEmpty() ? "" : "2\t0\n");
                Files.writeString(log.resolve(EventLog.DONE), "objects " + events.size() + "\n");
            }
        }

        /** The mark in the file after step {@code s}. */
        long markAfter(int s) {
            return marks.get(s);
        }
    }

    /** A random schedule of the writer for {@code events}: hand-overs, partial writes, sweeps, looks. */
    private static Writer randomWriter(List<Event> events, Path log, SplittableRandom r) {
        return randomWriter(events, log, r, events.size());
    }

    /**
     * As above, with the writer's last sweep just before event {@code lastSweep} takes its number (none
     * at all when 0), as when the program ends within a sweep period: the types made after it (here the
     * weak type, when its first allocation comes after it) have their weak slots only in the trailer file.
     */
    private static Writer randomWriter(List<Event> events, Path log, SplittableRandom r, int lastSweep) {
        Writer w = new Writer(events, log, 8 + r.nextInt(60));
        for (int i = 0; i < events.size(); i++) {
            if (i == lastSweep && i > 0) {
                w.sweep();
            }
            w.take(i);
            w.put(i);
            double p = r.nextDouble();
            if (p < 0.2) {
                w.writeOne();
            } else if (p < 0.27 && i < lastSweep) {
                w.sweep();
            }
            if (r.nextInt(6) == 0) {
                w.cut();
            }
        }
        w.finish();
        return w;
    }

    /** {@link MinimalPinsTest#program}'s events with a quarter of the allocations of type 2, whose slot 0 is weak. */
    private static List<Event> program(SplittableRandom r) {
        List<Event> events = new ArrayList<>();
        for (Event e : MinimalPinsTest.program(r)) {
            boolean weak = e.kind() == EventLog.ALLOC && e.c() >>> EventLog.TYPE_BITS > 0 && r.nextInt(4) == 0;
            events.add(weak ? new Event(e.thread(), e.kind(), e.a(), e.b(), e.c() & ~0xffffffL | 2) : e);
        }
        return events;
    }

    /** What a follower visits of {@code w}'s log, checking at each look that it read every event below the mark. */
    private List<Long> follow(Writer w, Path log) throws IOException {
        List<Long> seen = new ArrayList<>();
        int[] next = {0};
        boolean[] weakSeen = {false};
        LogFollower follower = stepping(w, log, next, look -> {
            if (look > 0) { // everything below the mark in the file was read before the follower waits
                assertEquals(Math.max(0, w.markAfter(look - 1) - 1), seen.size(), "read at look " + look);
            }
        });
        follower.events(new AgentLog.Visitor() {
            @Override
            public void event(int thread, int kind, long a, long b, long c) {
                if (kind == EventLog.ALLOC && (c & 0xffffff) == 2) {
                    assertTrue(weakSeen[0], "the weak slot comes before the first allocation of its type");
                }
                seen.add((long) seen.size() + 1);
            }

            @Override
            public void weakSlot(int typeId, int slot) {
                assertEquals(2, typeId);
                assertEquals(0, slot);
                weakSeen[0] = true;
            }
        });
        assertEquals(w.steps(), next[0], "the follower returns only once the log is finished");
        return seen;
    }

    /** A follower of {@code w}'s log that gets the next step (counted in {@code next}) each time it would wait. */
    private static LogFollower stepping(Writer w, Path log, int[] next) throws IOException {
        return stepping(w, log, next, look -> { });
    }

    /** As above, {@code check} told the number of the look before each step. */
    private static LogFollower stepping(Writer w, Path log, int[] next, java.util.function.IntConsumer check) throws IOException {
        Files.createDirectories(log);
        return new LogFollower(log, () -> {
            check.accept(next[0]);
            try {
                w.append(next[0]++);
            } catch (IOException e) {
                throw new AssertionError(e);
            }
            return next[0] == w.steps();
        }, () -> false, 0);
    }

    private static String replay(RecordedTrace trace) throws IOException {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        try (TextTraceWriter writer = new TextTraceWriter(out)) {
            trace.replay(writer);
        }
        return out.toString(java.nio.charset.StandardCharsets.UTF_8);
    }

    /** The trace of the first pass read as {@code w} writes the log into {@code log}, adopted. */
    private static String followedTrace(Writer w, Path log) throws IOException {
        FirstPass.Done done = FirstPass.follow(stepping(w, log, new int[1]), log, false);
        RecordedTrace adopted = new RecordedTrace(log, "t");
        adopted.adopt(done);
        return replay(adopted);
    }

    @Test
    void aLogFollowedAsItIsWrittenGivesTheSameEventsAndTheSameTraceAsTheFinishedLog() throws IOException {
        SplittableRandom r = new SplittableRandom(32);
        long looks = 0;
        long early = 0;
        for (int run = 0; run < 150; run++) {
            List<Event> events = program(r);
            Path log = tmp.resolve("log" + run);
            Writer w = randomWriter(events, log, r);
            List<Long> seen = follow(w, log);
            assertEquals(events.size(), seen.size());
            // the finished log, pieces, marks and weak slots in it, reads as before
            List<Event> read = new ArrayList<>();
            new AgentLog(log).events((thread, kind, a, b, c) -> read.add(new Event(thread, kind, a, b, c)));
            assertEquals(events, read, "run " + run);
            // the first pass read while the log grew, adopted, gives the trace the finished log gives
            Path again = tmp.resolve("again" + run);
            assertEquals(replay(new RecordedTrace(log, "t")),
                    followedTrace(randomWriter(events, again, new SplittableRandom(run)), again), "run " + run);
            looks += w.steps();
            early += w.markAfter(w.steps() - 2) > 0 ? 1 : 0;
        }
        assertTrue(early > 100, "most logs were read in part before they were finished: " + early);
        assertTrue(looks > 1000, "looks: " + looks);
    }

    @Test
    void theFollowersPinsAreTheFinishedLogsWhereverTheLastSweepCame() throws IOException {
        SplittableRandom r = new SplittableRandom(37);
        int cuts = 0;
        int late = 0;
        for (int run = 0; run < 4; run++) {
            List<Event> all = program(r);
            List<Event> events = all.subList(0, Math.min(all.size(), 160)); // a program's start is a program
            int firstWeak = -1;
            for (int i = 0; i < events.size() && firstWeak < 0; i++) {
                if (events.get(i).kind() == EventLog.ALLOC && (events.get(i).c() & 0xffffff) == 2) {
                    firstWeak = i;
                }
            }
            long seed = r.nextLong();
            for (int last = 0; last <= events.size(); last++) {
                Path log = tmp.resolve("last" + run + "-" + last);
                List<Long> seen = follow(randomWriter(events, log, new SplittableRandom(seed), last), log);
                assertEquals(events.size(), seen.size());
                Path again = tmp.resolve("lastAgain" + run + "-" + last);
                assertEquals(replay(new RecordedTrace(log, "t")),
                        followedTrace(randomWriter(events, again, new SplittableRandom(seed), last), again),
                        "run " + run + ", last sweep after " + last);
                cuts++;
                late += last <= firstWeak ? 1 : 0;
            }
        }
        assertTrue(late > 10, "logs whose weak type was made after the last sweep: " + late);
        assertTrue(cuts > 400, "cuts: " + cuts);
    }

    @Test
    void aQuietThreadHoldsTheMarkBackOnlyUntilASweepHandsItsEventsOver() throws IOException {
        // thread 1 stores one event early, then stays quiet while thread 0 fills chunks
        List<Event> events = new ArrayList<>();
        events.add(new Event(0, EventLog.ALLOC, 1, 24, 1L << EventLog.TYPE_BITS | 1));
        events.add(new Event(1, EventLog.ROOT, 0, 1, 0));
        for (int id = 2; id < 200; id++) {
            events.add(new Event(0, EventLog.ALLOC, id, 24, 1L << EventLog.TYPE_BITS | 1));
        }
        Path log = tmp.resolve("quiet");
        Writer w = new Writer(events, log, 16);
        for (int i = 0; i < events.size(); i++) {
            w.take(i);
            w.put(i);
            w.writeOne(); // thread 0's full chunks go out, thread 1's stays with it
            if (i == 100) {
                w.sweep(); // mark 102: events 1-101 below it, thread 1's among them
            }
            w.cut();
        }
        w.finish();
        List<Long> seen = follow(w, log); // checks at every look that all below the mark (and only that) was read
        assertEquals(events.size(), seen.size());
        assertEquals(102, w.markAfter(100));
        assertEquals(0, w.markAfter(99));
    }

    @Test
    void aSweepWritesNoMarkWhileAThreadIsStoringAnEvent() {
        // thread 0 takes sequence number 2 and is descheduled before it stores the event
        Writer w = lateEvent(tmp.resolve("honest"), false);
        assertEquals(0, w.markAfter(0), "no mark while event 2 is being stored");
        assertEquals(6, w.markAfter(1), "the mark once it is stored");
    }

    /** Events 1, 3 and 4 stored, event 2 (thread 0) took its number and is stored only after two sweeps and a look. */
    private static Writer lateEvent(Path log, boolean blind) {
        List<Event> events = new ArrayList<>();
        events.add(new Event(0, EventLog.ALLOC, 1, 24, 1L << EventLog.TYPE_BITS | 1));
        events.add(new Event(0, EventLog.ROOT, 0, 1, 0));
        events.add(new Event(1, EventLog.ALLOC, 2, 24, 1L << EventLog.TYPE_BITS | 1));
        events.add(new Event(1, EventLog.ALLOC, 3, 24, 1L << EventLog.TYPE_BITS | 1));
        events.add(new Event(1, EventLog.ROOT, 0, 3, 0));
        Writer w = new Writer(events, log, 64);
        w.blind = blind;
        w.take(0);
        w.put(0);
        w.take(1); // not stored yet
        w.take(2);
        w.put(2);
        w.take(3);
        w.put(3);
        w.sweep();
        w.sweep(); // blind: mark 5, events 1, 3 and 4 are in the file, 2 is not
        w.cut();
        w.put(1);
        w.take(4);
        w.put(4);
        w.sweep();
        w.cut();
        w.finish();
        return w;
    }

    @Test
    void anEventStoredAfterAMarkBelowItStopsTheFollowerAndTheFinishedLogIsReadInstead() throws IOException {
        Path log = tmp.resolve("late");
        Writer w = lateEvent(log, true);
        List<Event> events = w.events;
        int[] next = {0};
        LogFollower follower = stepping(w, log, next);
        List<Long> seqs = new ArrayList<>();
        var late = assertThrows(LogFollower.Overtaken.class, () -> follower.events((thread, kind, a, b, c) -> seqs.add((long) seqs.size())));
        assertTrue(late.getMessage().contains("event 2 of thread 0 came after event 4"), late.getMessage());
        assertEquals(3, seqs.size());
        // the finished log is whole and in order
        while (next[0] < w.steps()) {
            w.append(next[0]++);
        }
        List<Event> read = new ArrayList<>();
        new AgentLog(log).events((thread, kind, a, b, c) -> read.add(new Event(thread, kind, a, b, c)));
        assertEquals(events, read);
    }

    @Test
    void aProgramThatDiesBeforeItsLogIsFinishedStopsTheFollower() throws IOException {
        SplittableRandom r = new SplittableRandom(7);
        List<Event> events = program(r);
        Path log = tmp.resolve("dies");
        Writer w = randomWriter(events, log, r);
        int[] next = {0};
        Files.createDirectories(log);
        int half = w.steps() / 2;
        LogFollower follower = new LogFollower(log, () -> {
            if (next[0] == half) {
                return true; // the JVM exited here, with no done file
            }
            try {
                w.append(next[0]++);
            } catch (IOException e) {
                throw new AssertionError(e);
            }
            return false;
        }, () -> false, 0);
        var e = assertThrows(TraceException.class, () -> follower.events((thread, kind, a, b, c) -> { }));
        assertTrue(e.getMessage().contains("did not finish its log"), e.getMessage());
        boolean[] asked = {false};
        LogFollower cancelled = new LogFollower(log, () -> false, () -> asked[0] = true, 0);
        var c = assertThrows(TraceException.class, () -> cancelled.events((thread, kind, a, b, cc) -> { }));
        assertTrue(c.getMessage().contains("no longer followed"), c.getMessage());
    }

    @Test
    void aBadWeakSlotLineIsRefusedNamingItsLineByTheFollowerAndAfterTheProgram() throws IOException {
        Path log = Files.createDirectories(tmp.resolve("badWeak"));
        ByteBuffer b = ByteBuffer.allocate(40).order(ByteOrder.LITTLE_ENDIAN);
        b.putInt(0).putInt(4).putLong(1L << EventLog.KIND_BITS | EventLog.ALLOC).putLong(1).putLong(24).putLong(1);
        Files.write(log.resolve(EventLog.EVENTS), b.array());
        Files.writeString(log.resolve(EventLog.TYPES), "1\tNode\n");
        Files.writeString(log.resolve(EventLog.WEAK_SLOTS), "1\t0\n2 0\n");
        Files.writeString(log.resolve(EventLog.DONE), "objects 1\n");
        LogFollower follower = new LogFollower(log, () -> true, () -> false, 0);
        var e = assertThrows(TraceException.class, () -> follower.events((thread, kind, a, bb, c) -> { }));
        assertTrue(e.getMessage().contains("weak-slots: line 2") && e.getMessage().contains("not 'typeId TAB slot': 2 0"),
                e.getMessage());
        e = assertThrows(TraceException.class, () -> replay(new RecordedTrace(log, "t")));
        assertTrue(e.getMessage().contains("weak-slots: line 2"), e.getMessage());
    }

    @Test
    void aBadChunkInTheFileIsRefusedNamingItsByte() throws IOException {
        Path log = Files.createDirectories(tmp.resolve("bad"));
        ByteBuffer b = ByteBuffer.allocate(16).order(ByteOrder.LITTLE_ENDIAN);
        b.putInt(-7).putInt(1).putLong(5);
        Files.write(log.resolve(EventLog.EVENTS), b.array());
        Files.writeString(log.resolve(EventLog.DONE), "objects 0\n");
        LogFollower follower = new LogFollower(log, () -> true, () -> false, 0);
        var e = assertThrows(TraceException.class, () -> follower.events((thread, kind, a, bb, c) -> { }));
        assertTrue(e.getMessage().contains("byte 0") && e.getMessage().contains("bad chunk (thread -7, 1 words)"), e.getMessage());
        e = assertThrows(TraceException.class, () -> new AgentLog(log));
        assertTrue(e.getMessage().contains("bad chunk (thread -7, 1 words)"), e.getMessage());
    }
}
