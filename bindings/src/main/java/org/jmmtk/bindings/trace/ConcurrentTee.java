package org.jmmtk.bindings.trace;

import java.io.IOException;
import java.io.InterruptedIOException;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ArrayBlockingQueue;
import java.util.concurrent.BlockingQueue;

/**
 * Sends each event to a second consumer at once and, in batches, to a first one on a thread of its own:
 * a checker beside a writer, so that on two cores the check costs no wall time ({@code record}'s
 * post-pass, where the check was half of the pass; its first pass sends the visible-death analysis
 * the log's events this way, beside the reading of the log). The first consumer may be a pipeline of
 * stages, each on a thread of its own ({@link #pipeline}: the check, then the writer), where a stage
 * gets a batch once the stage before it passed it. Events travel as primitives, five words each (type
 * names aside), in batches of {@value #EVENTS}; each stage trails the one before (the first stage the
 * feeding thread) by at most four batches. {@link #replay} reports what {@link TeeEvents} would: the
 * first consumer's exception for the earliest event it rejects (in a pipeline, the exception a chain of
 * {@link TeeEvents} of its stages would throw: the earliest event some stage rejected, which no later
 * stage got), even when the source or the second consumer failed on a later one, and nothing else once
 * the first consumer failed; the second consumer may have seen events after the one the first rejected,
 * so its output must count only when {@code replay} returns. The first consumer's exception reaches
 * the source only at a batch boundary, if at all: not for sources that add their own context (a line
 * number) to a checker's exception. The calling thread feeds; one thread per stage consumes.
 */
public final class ConcurrentTee implements TraceEvents {
    static final int EVENTS = 8192;
    private static final int WORDS = 5;
    private static final int BATCHES = 4;
    private static final int TYPE = 0;
    private static final int ALLOC = 1;
    private static final int WRITE = 2;
    private static final int ROOT = 3;
    private static final int GLOBAL = 4;
    private static final int DEATH = 5;
    private static final int POINT = 6;
    private static final int COLLECT = 7;
    private static final int WEAK_SLOT = 8;
    private static final int THREAD_END = 9;

    /** Events as {kind, thread, a, b, c}; a type's name is in {@link #names}, its index in {@code b}. */
    private static final class Batch {
        final long[] words = new long[WORDS * EVENTS];
        final List<String> names = new ArrayList<>();
        /** The index of its first event in the whole stream. */
        long start;
        int events;
        boolean last;
    }

    private final TraceEvents[] stages;
    private final TraceEvents second;
    /** Each stage's batches to send, in order. */
    private final List<BlockingQueue<Batch>> full = new ArrayList<>();
    private final BlockingQueue<Batch> free;
    private final Thread[] consumers;
    /** The earliest failure of any stage, and the index of the event it rejected; guarded by this tee. */
    private volatile Throwable failure;
    private long failedAt = Long.MAX_VALUE;
    private Batch batch = new Batch();
    private long sent;

    private ConcurrentTee(List<TraceEvents> stages, TraceEvents second) {
        this.stages = stages.toArray(new TraceEvents[0]);
        this.second = second;
        int batches = BATCHES * stages.size();
        free = new ArrayBlockingQueue<>(batches);
        for (int i = 1; i < batches; i++) {
            free.add(new Batch());
        }
        consumers = new Thread[stages.size()];
        for (int i = 0; i < consumers.length; i++) {
            full.add(new ArrayBlockingQueue<>(batches));
            int stage = i;
            consumers[i] = new Thread(() -> consume(stage), i == 0 ? "jmmtk-check" : "jmmtk-check-" + (i + 1));
            consumers[i].setDaemon(true);
        }
    }

    /**
     * Replays {@code source} into {@code second} with {@code first} on a thread of its own; returns when both
     * have every event, throwing the first one's exception if it rejected one.
     */
    public static void replay(TraceSource source, TraceEvents first, TraceEvents second) throws IOException {
        replay(source::replay, first, second);
    }

    /** What sends events to a tee: a {@link TraceSource}'s replay, or a pass over some other record of events. */
    public interface Feed {
        void into(TraceEvents tee) throws IOException;
    }

    /** As {@link #replay(TraceSource, TraceEvents, TraceEvents)}, the events sent by {@code feed}. */
    public static void replay(Feed feed, TraceEvents first, TraceEvents second) throws IOException {
        run(feed, List.of(first), second);
    }

    /**
     * As {@link #replay(TraceSource, TraceEvents, TraceEvents)} with a chain of {@link TeeEvents} of
     * {@code stages} as the first consumer ({@code record}'s check, then its writer), each stage on a
     * thread of its own: a stage gets an event only after every stage before it took it.
     */
    public static void pipeline(TraceSource source, List<TraceEvents> stages, TraceEvents second) throws IOException {
        if (stages.isEmpty()) {
            throw new IllegalArgumentException("a pipeline of no stage");
        }
        run(source::replay, stages, second);
    }

    private static void run(Feed feed, List<TraceEvents> stages, TraceEvents second) throws IOException {
        ConcurrentTee tee = new ConcurrentTee(stages, second);
        for (Thread t : tee.consumers) {
            t.start();
        }
        try {
            feed.into(tee);
        } catch (IOException | RuntimeException | Error e) {
            tee.finish();
            tee.rethrowFailure();
            throw e;
        }
        tee.finish();
        tee.rethrowFailure();
    }

    /**
     * A stage's thread: every batch through its stage (its events before the earliest one a stage
     * rejected), then to the next stage, the last stage's back to the free list.
     */
    private void consume(int stage) {
        BlockingQueue<Batch> next = stage + 1 < stages.length ? full.get(stage + 1) : null;
        while (true) {
            Batch b = take(full.get(stage));
            send(stages[stage], b, (int) Math.max(0, Math.min(b.events, failedAt() - b.start)));
            // Read before the batch is handed on: once the next stage has it, it can come back through the
            // free list as the feeder's final batch, marked last, while this stage has yet to take that one.
            boolean last = b.last;
            if (next != null) {
                next.add(b); // never full: there are no more batches than places
                if (last) {
                    return;
                }
                continue;
            }
            if (last) {
                return;
            }
            b.events = 0;
            b.names.clear();
            free.add(b);
        }
    }

    /** The first {@code count} events of {@code b} to {@code to}; a rejected one is recorded as the failure, if it is the earliest. */
    private void send(TraceEvents to, Batch b, int count) {
        long[] w = b.words;
        int i = 0;
        try {
            for (int at = 0; i < count; i++, at += WORDS) {
                int thread = (int) w[at + 1];
                long a = w[at + 2];
                long c = w[at + 4];
                switch ((int) w[at]) {
                    case TYPE -> to.type((int) a, b.names.get((int) w[at + 3]));
                    case ALLOC -> to.alloc(thread, a, w[at + 3], (int) (c >>> 32), (int) c);
                    case WRITE -> to.write(thread, a, (int) w[at + 3], c);
                    case ROOT -> to.root(thread, (int) a, w[at + 3]);
                    case GLOBAL -> to.global((int) a, w[at + 3]);
                    case DEATH -> to.death(a);
                    case POINT -> to.perfectPoint();
                    case WEAK_SLOT -> to.weakSlot((int) a, (int) w[at + 3]);
                    case THREAD_END -> to.threadEnd(thread);
                    default -> to.collect();
                }
            }
        } catch (RuntimeException | Error e) {
            fail(e, b.start + i);
        }
    }

    private synchronized long failedAt() {
        return failedAt;
    }

    /** Keeps {@code e} if no stage rejected an earlier event (a later stage never gets the event an earlier one rejected). */
    private synchronized void fail(Throwable e, long at) {
        if (at < failedAt) {
            failedAt = at;
            failure = e;
        }
    }

    private static Batch take(BlockingQueue<Batch> queue) {
        while (true) {
            try {
                return queue.take();
            } catch (InterruptedException e) {
                // only this class hands batches over, and it waits for them: keep waiting
            }
        }
    }

    private void put(int kind, int thread, long a, long b, long c) {
        if (batch.events == EVENTS) {
            handOver();
        }
        long[] w = batch.words;
        int at = WORDS * batch.events++;
        w[at] = kind;
        w[at + 1] = thread;
        w[at + 2] = a;
        w[at + 3] = b;
        w[at + 4] = c;
    }

    /** Sends the full batch to the checking thread and takes a free one; stops the source once the checker failed. */
    private void handOver() {
        rethrowFailure();
        sent += batch.events;
        full.get(0).add(batch); // never full: there are no more batches than places
        batch = take(free);
        batch.start = sent;
    }

    /** Sends what is left and waits for the checking thread to finish. */
    private void finish() throws InterruptedIOException {
        batch.last = true;
        full.get(0).add(batch);
        try {
            for (Thread t : consumers) {
                t.join();
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new InterruptedIOException("interrupted while the trace was being checked");
        }
    }

    private void rethrowFailure() {
        Throwable f = failure;
        if (f instanceof RuntimeException r) {
            throw r;
        }
        if (f instanceof Error e) {
            throw e;
        }
    }

    @Override
    public void type(int typeId, String name) {
        if (batch.events == EVENTS) {
            handOver(); // first: the name's index is in the batch the event goes to
        }
        put(TYPE, 0, typeId, batch.names.size(), 0);
        batch.names.add(name);
        second.type(typeId, name);
    }

    @Override
    public void weakSlot(int typeId, int slot) {
        put(WEAK_SLOT, 0, typeId, slot, 0);
        second.weakSlot(typeId, slot);
    }

    @Override
    public void alloc(int thread, long object, long bytes, int refSlots, int typeId) {
        put(ALLOC, thread, object, bytes, (long) refSlots << 32 | (typeId & 0xffffffffL));
        second.alloc(thread, object, bytes, refSlots, typeId);
    }

    @Override
    public void write(int thread, long source, int slot, long target) {
        put(WRITE, thread, source, slot, target);
        second.write(thread, source, slot, target);
    }

    @Override
    public void root(int thread, int rootSlot, long target) {
        put(ROOT, thread, rootSlot, target, 0);
        second.root(thread, rootSlot, target);
    }

    @Override
    public void threadEnd(int thread) {
        put(THREAD_END, thread, 0, 0, 0);
        second.threadEnd(thread);
    }

    @Override
    public void global(int rootSlot, long target) {
        put(GLOBAL, 0, rootSlot, target, 0);
        second.global(rootSlot, target);
    }

    @Override
    public void death(long object) {
        put(DEATH, 0, object, 0, 0);
        second.death(object);
    }

    @Override
    public void perfectPoint() {
        put(POINT, 0, 0, 0, 0);
        second.perfectPoint();
    }

    @Override
    public void collect() {
        put(COLLECT, 0, 0, 0, 0);
        second.collect();
    }
}
