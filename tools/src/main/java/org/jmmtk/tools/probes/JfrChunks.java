package org.jmmtk.tools.probes;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import org.jmmtk.tools.error.UsageException;

/**
 * Checks the structure of a JFR recording before the JDK's reader sees it, because JDK 17's
 * {@code RecordingFile} trusts the positions a recording holds and loops without end on some damaged
 * ones: a chunk header of size 0, an event whose size field is negative (its reader jumps back and
 * reads the same events forever) or a checkpoint whose delta does not lead back to the chunk's first
 * checkpoint. The rules, from JDK 17's {@code ChunkHeader} and {@code ChunkParser}:
 * <ul>
 * <li>each chunk starts with the magic {@code FLR\0} and a major version of 1 or 2, is at least its
 *     68-byte header long and ends within the file; chunks follow one another to the file's end;</li>
 * <li>from the header's end, the chunk is a sequence of events, each starting with its size (a
 *     compressed long) and a type id; every size is more than its own field and fits the chunk, so
 *     the sequence ends exactly at the chunk's end;</li>
 * <li>the header's metadata and constant-pool positions lie within the chunk; the latter is a
 *     checkpoint (an event of type 1) whose delta is 0 (the first checkpoint) or leads strictly backward
 *     to another checkpoint, and so on: the JDK follows that chain until a delta of 0.</li>
 * </ul>
 * What this leaves to the JDK (the metadata and the events' fields) is read forward by the JDK, so a
 * damaged field there ends at the file's end at the latest; {@link BoundedJfrReader} bounds the rest.
 * Stateless; one read of the file, on the caller's thread.
 */
final class JfrChunks {
    private static final int HEADER_BYTES = 68;
    private static final int MAGIC = 0x464c5200; // "FLR\0"
    private static final long CHECKPOINT_TYPE = 1;

    private JfrChunks() {
    }

    /** Throws a {@link UsageException} naming {@code file}, the chunk and the problem if the structure is damaged. */
    static void check(Path file) throws IOException {
        try (FileChannel channel = FileChannel.open(file, StandardOpenOption.READ)) {
            Window in = new Window(channel);
            long length = channel.size();
            long at = 0;
            while (at < length) {
                at += checkChunk(file, in, at, length - at);
            }
        }
    }

    /** Checks the chunk at {@code at}, with {@code left} bytes of file from there; returns its size. */
    private static long checkChunk(Path file, Window in, long at, long left) throws IOException {
        if (left < HEADER_BYTES) {
            throw bad(file, at, "the file ends inside a chunk header");
        }
        if (in.int32(at) != MAGIC) {
            throw bad(file, at, "no chunk starts here (no FLR magic)");
        }
        int major = in.uint16(at + 4);
        if (major != 1 && major != 2) {
            throw bad(file, at, "the chunk header says format version " + major + ", not 1 or 2");
        }
        long size = in.int64(at + 8);
        long constantPool = in.int64(at + 16);
        long metadata = in.int64(at + 24);
        if (size < HEADER_BYTES || size > left) {
            throw bad(file, at, "the chunk header says " + size + " bytes, but " + left + " are left");
        }
        if (constantPool < HEADER_BYTES || constantPool >= size || metadata < HEADER_BYTES || metadata >= size) {
            throw bad(file, at, "the chunk header places its constant pool or metadata outside the chunk");
        }
        long end = at + size;
        checkCheckpoints(file, in, at, at + constantPool, end);
        checkEvents(file, in, at, end);
        return size;
    }

    /**
     * Follows the checkpoints the JDK visits from the header's constant-pool position: each must be a
     * type-1 event whose delta is 0 (the first) or leads strictly backward within the chunk, so the
     * chain ends after at most as many links as the chunk has bytes.
     */
    private static void checkCheckpoints(Path file, Window in, long chunk, long first, long end) throws IOException {
        long at = first;
        while (true) {
            Varint v = new Varint(file, in, chunk, at, end);
            v.next(); // size: checked with the other events
            if (v.next() != CHECKPOINT_TYPE) {
                throw bad(file, chunk, "the checkpoint at byte " + at + " is not a checkpoint event (type 1)");
            }
            v.next(); // start time
            v.next(); // duration
            long delta = v.next();
            if (delta == 0) {
                return;
            }
            if (delta > 0 || delta < chunk + HEADER_BYTES - at) {
                throw bad(file, chunk, "the checkpoint at byte " + at + " leads to byte " + (at + delta)
                        + ", not back to an earlier one within the chunk");
            }
            at += delta;
        }
    }

    /**
     * Walks the chunk's events as the JDK's reader does, from the header's end: every size must be more
     * than its own field and fit the chunk, so the walk moves forward and ends at the chunk's end.
     */
    private static void checkEvents(Path file, Window in, long chunk, long end) throws IOException {
        long at = chunk + HEADER_BYTES;
        while (at < end) {
            Varint v = new Varint(file, in, chunk, at, end);
            long size = v.next();
            if (size <= v.read() || size > end - at) {
                throw bad(file, chunk, "the event at byte " + at + " says size " + size + ", not between its size field's "
                        + v.read() + " bytes and the " + (end - at) + " bytes left in the chunk");
            }
            at += size;
        }
    }

    private static UsageException bad(Path file, long chunk, String why) {
        return new UsageException(file + ": not a readable JFR recording: damaged chunk at byte " + chunk + " (" + why + ")");
    }

    /**
     * JFR's compressed longs read from {@code at}: seven bits a byte, low bits first, the top bit saying
     * another byte follows, the ninth byte whole. A field that would run past {@code end} is damage.
     */
    private static final class Varint {
        private final Path file;
        private final Window in;
        private final long chunk;
        private final long start;
        private final long end;
        private long at;

        Varint(Path file, Window in, long chunk, long at, long end) {
            this.file = file;
            this.in = in;
            this.chunk = chunk;
            this.start = at;
            this.at = at;
            this.end = end;
        }

        long next() throws IOException {
            long value = 0;
            for (int shift = 0; shift < 64; shift += 7) {
                if (at >= end) {
                    throw bad(file, chunk, "the event at byte " + start + " runs past the chunk's end");
                }
                int b = in.byteAt(at++);
                if (shift == 56) {
                    return value | (long) b << 56;
                }
                value |= (long) (b & 0x7f) << shift;
                if (b < 0x80) {
                    return value;
                }
            }
            throw new AssertionError("unreachable: the ninth byte ends a compressed long");
        }

        /** Bytes read so far. */
        long read() {
            return at - start;
        }
    }

    /** A 64 KiB window over the file, moved when a read falls outside it; reads are mostly sequential. */
    private static final class Window {
        private final FileChannel channel;
        private final ByteBuffer buffer = ByteBuffer.allocate(1 << 16);
        private long base = -1;

        Window(FileChannel channel) {
            this.channel = channel;
        }

        int byteAt(long at) throws IOException {
            if (base < 0 || at < base || at >= base + buffer.limit()) {
                fill(at);
            }
            return buffer.get((int) (at - base)) & 0xff;
        }

        int int32(long at) throws IOException {
            return byteAt(at) << 24 | byteAt(at + 1) << 16 | byteAt(at + 2) << 8 | byteAt(at + 3);
        }

        int uint16(long at) throws IOException {
            return byteAt(at) << 8 | byteAt(at + 1);
        }

        long int64(long at) throws IOException {
            return (long) int32(at) << 32 | int32(at + 4) & 0xffffffffL;
        }

        private void fill(long at) throws IOException {
            buffer.clear();
            while (buffer.hasRemaining() && channel.read(buffer, at + buffer.position()) > 0) {
                // a positional read may return fewer bytes than asked
            }
            buffer.flip();
            base = at;
            if (buffer.limit() == 0) {
                throw new IOException("read past the end at byte " + at);
            }
        }
    }
}
