package org.jmmtk.agent.rt;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.channels.FileChannel;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.locks.LockSupport;

/**
 * The background thread that writes handed-over chunks to the log's {@code events} file. Application
 * threads add chunks to a lock-free queue (one hand-over per chunk of up to 8192 words, so the queue
 * is far off the per-event path); this thread alone writes the file.
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
    private final ByteBuffer buffer = ByteBuffer.allocateDirect(1 << 16).order(ByteOrder.LITTLE_ENDIAN);
    private volatile boolean finishing;
    private volatile IOException failure;
    private long words;

    LogWriter(Path file) throws IOException {
        super("jmmtk-recorder");
        setDaemon(true);
        out = FileChannel.open(file, StandardOpenOption.CREATE_NEW, StandardOpenOption.WRITE);
    }

    void add(Chunk chunk, int size) {
        if (size > 0) {
            queue.add(new Handed(chunk, size));
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
            flush();
            out.close();
        } catch (IOException e) {
            failure = e;
        }
    }

    private void write(Handed h) throws IOException {
        room(8);
        buffer.putInt(h.chunk.thread).putInt(h.words);
        long[] w = h.chunk.words;
        for (int i = 0; i < h.words; i++) {
            room(8);
            buffer.putLong(w[i]);
        }
        words += h.words;
    }

    private void room(int bytes) throws IOException {
        if (buffer.remaining() < bytes) {
            flush();
        }
    }

    private void flush() throws IOException {
        buffer.flip();
        while (buffer.hasRemaining()) {
            out.write(buffer);
        }
        buffer.clear();
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
