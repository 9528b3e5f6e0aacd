package org.jmmtk.agent.rt;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.Arrays;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.locks.LockSupport;

/**
 * The background thread that writes handed-over chunks to the log's {@code events} file. Application
 * threads add chunks to a lock-free queue (one hand-over per chunk of up to 8192 words, so the queue
 * is far off the per-event path) and wake this thread, which alone writes the file and gives each
 * chunk back to its thread once copied.
 * <p>
 * Every {@link #SWEEP_NANOS} it also writes what each thread has published of its current chunk (a
 * quiet thread's events would otherwise wait in its chunk until the thread ends) and a mark (see
 * {@link EventLog}): the global sequence number read at the start of the sweep, so that {@code record}
 * can merge and check the log while the program still runs. A thread found between taking a number and
 * storing its event (descheduled there, or stopped by a safepoint) makes the sweep write no mark: its
 * event may be below the number read.
 */
final class LogWriter extends Thread {
    /** A chunk handed over, with the words of it in use then. */
    private static final class Handed {
        final Chunk chunk;
        final int words;

        Handed(Chunk chunk, int words) {
            this.chunk = chunk;
            this.words = words;
        }
    }

    private final ConcurrentLinkedQueue<Handed> queue = new ConcurrentLinkedQueue<>();
    private final FileChannel out;
    private static final boolean LITTLE_ENDIAN = java.nio.ByteOrder.nativeOrder() == java.nio.ByteOrder.LITTLE_ENDIAN;
    private static final long LONGS = Layouts.UNSAFE.arrayBaseOffset(long[].class);
    private static final long BYTES = Layouts.UNSAFE.arrayBaseOffset(byte[].class);
    private byte[] bytes = new byte[8 + 8 * 8192];
    private volatile boolean finishing;
    private volatile IOException failure;
    private long words;
    /** How often the writer hands over the threads' published events and writes a mark. */
    static final long SWEEP_NANOS = 50_000_000;
    private long lastSweep = System.nanoTime();
    private long markWritten;
    private int weakWritten;
    /**
     * Chunks a sweep wrote while it held another thread's lock, given back to their threads only after it
     * let that lock go: giving back takes the chunk's owner's lock, and holding two threads' locks at once
     * closed a cycle with a thread that held the id table's lock and wanted its own (to hand a chunk over)
     * and one that held its own and wanted the id table's (to record filler): the recording hung
     * ({@code Cleaners} at a forced collection, docs/validation.md "Six more programs").
     */
    private Chunk[] giveBackLater = new Chunk[8];
    private int giveBackLaterCount;

    LogWriter(Path file) throws IOException {
        super("jmmtk-recorder");
        setDaemon(true);
        out = FileChannel.open(file, StandardOpenOption.CREATE_NEW, StandardOpenOption.WRITE);
    }

    /** Queues a chunk and wakes the writer, so that it gives the chunk back before its thread fills the next. */
    void add(Chunk chunk, int size) {
        if (size > 0) {
            queue.add(new Handed(chunk, size));
            LockSupport.unpark(this);
        }
    }

    @Override
    public void run() {
        Threads.internal();
        try {
            while (true) {
                Handed h = queue.poll();
                if (h != null) {
                    write(h, false);
                } else if (finishing) {
                    break;
                } else {
                    LockSupport.parkNanos(1_000_000);
                }
                if (!finishing && System.nanoTime() - lastSweep >= SWEEP_NANOS) {
                    sweep();
                }
            }
            out.close();
        } catch (IOException e) {
            failure = e;
        } catch (OutOfMemoryError e) {
            Recording.lost(e); // what is queued will not be written: the log would miss events
        }
    }

    /**
     * Writes each thread's published events that are not in the file yet, after every chunk it handed
     * over before (written first, under the thread's lock, so that it cannot hand over meanwhile), then
     * the weak slots of new types and the mark: the global count read first, when no thread was storing
     * an event. An event below it took its number before that read, and so had claimed its place in its
     * chunk before it (see {@link Chunk#claim}): it was stored when the sweep looked at its thread, or the
     * sweep saw it being stored; a thread registered after {@link Threads#all} takes its numbers later.
     */
    private void sweep() throws IOException {
        sweep(Threads.all());
    }

    /** A sweep over {@code states} (the recording's threads; a test's own). */
    void sweep(ThreadState[] states) throws IOException {
        long seq = Recorder.seqNow();
        long[] weak = TypeRegistry.weakSlotsFrom(weakWritten);
        boolean storing = false;
        for (ThreadState s : states) {
            synchronized (s) {
                drain(true);
                Chunk c = s.current();
                storing |= c.storing();
                int p = c.published();
                if (p > c.copied) {
                    put(c.thread, c.words, c.copied, p - c.copied);
                    c.copied = p;
                }
            }
            for (int i = 0; i < giveBackLaterCount; i++) {
                giveBackLater[i].owner.giveBack(giveBackLater[i]);
                giveBackLater[i] = null;
            }
            giveBackLaterCount = 0;
        }
        drain(false);
        for (long w : weak) {
            putWord(EventLog.WEAK, w);
        }
        weakWritten += weak.length;
        if (!storing && seq > markWritten) {
            putWord(EventLog.MARK, seq);
            markWritten = seq;
        }
        lastSweep = System.nanoTime();
    }

    /** Writes the chunks queued; {@code underLock}: a sweep holds a thread's lock, so give them back later. */
    private void drain(boolean underLock) throws IOException {
        for (Handed h = queue.poll(); h != null; h = queue.poll()) {
            write(h, underLock);
        }
    }

    /** Writes the part of a handed-over chunk that no sweep wrote, and gives the chunk back (later: {@code underLock}). */
    private void write(Handed h, boolean underLock) throws IOException {
        Chunk c = h.chunk;
        int from = c.copied;
        c.copied = 0;
        if (h.words > from) {
            put(c.thread, c.words, from, h.words - from);
        }
        if (!underLock) {
            c.owner.giveBack(c);
            return;
        }
        if (giveBackLaterCount == giveBackLater.length) {
            giveBackLater = Arrays.copyOf(giveBackLater, 2 * giveBackLaterCount);
        }
        giveBackLater[giveBackLaterCount++] = c;
    }

    private void putWord(int thread, long word) throws IOException {
        put(thread, new long[] {word}, 0, 1);
    }

    /** Copies a chunk into bytes with plain loops (a buffer's put methods are instrumented JDK code) and writes them. */
    private void put(int thread, long[] w, int from, int count) throws IOException {
        int n = 8 + 8 * count;
        if (bytes.length < n) {
            bytes = new byte[n];
        }
        putInt(0, thread);
        putInt(4, count);
        if (LITTLE_ENDIAN) {
            Layouts.UNSAFE.copyMemory(w, LONGS + 8L * from, bytes, BYTES + 8, 8L * count);
        } else {
            for (int i = 0; i < count; i++) {
                long v = w[from + i];
                int at = 8 + 8 * i;
                for (int k = 0; k < 8; k++) {
                    bytes[at + k] = (byte) (v >>> 8 * k);
                }
            }
        }
        ByteBuffer b = ByteBuffer.wrap(bytes, 0, n);
        while (b.hasRemaining()) {
            out.write(b);
        }
        if (thread >= 0) {
            words += count;
        }
    }

    private void putInt(int at, int v) {
        for (int k = 0; k < 4; k++) {
            bytes[at + k] = (byte) (v >>> 8 * k);
        }
    }


    /** Writes what is queued, then stops; returns the words written. */
    long finish() throws IOException, InterruptedException {
        finishing = true;
        LockSupport.unpark(this);
        join();
        if (failure != null) {
            throw failure;
        }
        return words;
    }
}
