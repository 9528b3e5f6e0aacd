package org.jmmtk.agent.rt;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.locks.LockSupport;

/**
 * The background thread that writes handed-over chunks to the log's {@code events} file. Application
 * threads add chunks to a lock-free queue (one hand-over per chunk of up to 8192 words, so the queue
 * is far off the per-event path) and wake this thread, which alone writes the file and gives each
 * chunk back to its thread once copied.
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
                    write(h);
                } else if (finishing) {
                    break;
                } else {
                    LockSupport.parkNanos(1_000_000);
                }
            }
            out.close();
        } catch (IOException e) {
            failure = e;
        } catch (OutOfMemoryError e) {
            Recorder.lost(e); // what is queued will not be written: the log would miss events
        }
    }

    /** Copies a chunk into bytes with plain loops (a buffer's put methods are instrumented JDK code) and writes them. */
    private void write(Handed h) throws IOException {
        int n = 8 + 8 * h.words;
        if (bytes.length < n) {
            bytes = new byte[n];
        }
        putInt(0, h.chunk.thread);
        putInt(4, h.words);
        long[] w = h.chunk.words;
        if (LITTLE_ENDIAN) {
            Layouts.UNSAFE.copyMemory(w, LONGS, bytes, BYTES + 8, 8L * h.words);
        } else {
            for (int i = 0; i < h.words; i++) {
                long v = w[i];
                int at = 8 + 8 * i;
                for (int k = 0; k < 8; k++) {
                    bytes[at + k] = (byte) (v >>> 8 * k);
                }
            }
        }
        h.chunk.owner.giveBack(h.chunk);
        ByteBuffer b = ByteBuffer.wrap(bytes, 0, n);
        while (b.hasRemaining()) {
            out.write(b);
        }
        words += h.words;
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
