package org.jmmtk.tools.probes;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.file.Files;
import java.nio.file.Path;
import org.jmmtk.tools.Cli;

/**
 * Damage planted at known places of a valid single-chunk JFR recording, for the tests of
 * {@link JfrChunks}: each method returns a damaged copy of the same length, so only the planted
 * field is wrong. Reads the events' sizes and the checkpoints' deltas as JFR's compressed longs.
 */
final class JfrDamage {
    private static final int HEADER_BYTES = 68;

    private final byte[] recording;

    JfrDamage(byte[] recording) {
        this.recording = recording;
    }

    /** Records a small two-thread run into {@code file} (one chunk, a few thousand events) and returns its bytes. */
    static byte[] record(Path file) throws IOException {
        Cli.Result r = Cli.run("run", "--workload", "linkedlist", "--scale", "0.01", "--heap", "256k", "--threads", "2",
                "--jfr", file.toString());
        assertEquals(0, r.code(), r.err());
        return Files.readAllBytes(file);
    }

    /**
     * One byte changed, as in the recording that hung a CI run: the one-byte size of an event made to
     * point into the next event, at a long field of value -1 (nine bytes of 0xff, how JFR writes -1).
     * JDK 17's reader takes that field for the size of an event at that place, -1, and steps back. A
     * field from which its steps come round to the same place (so that it never ends) is chosen if the
     * recording has one, else the first such field (recordings differ from run to run). Returns the
     * damaged copy; {@code at} receives the position of the -1 field.
     */
    byte[] sizeIntoMinusOne(long[] at) {
        byte[] first = null;
        long previous = -1;
        for (long e = HEADER_BYTES; e < recording.length; e += varint(e)[0]) {
            long size = varint(e)[0];
            for (long p = e + 1; previous >= 0 && p + 9 <= e + size; p++) {
                if (minusOneAt(p) && p - previous < 0x80 && varint(previous)[1] == 1) {
                    byte[] damaged = recording.clone();
                    damaged[(int) previous] = (byte) (p - previous);
                    if (first == null) {
                        first = damaged;
                        at[0] = p;
                    }
                    if (new JfrDamage(damaged).comesRound(p)) {
                        at[0] = p;
                        return damaged;
                    }
                }
            }
            previous = e;
        }
        if (first == null) {
            throw new IllegalStateException("no long field of -1 within 127 bytes of the event before it");
        }
        return first;
    }

    /**
     * Whether JDK 17's {@code ChunkParser.readEvent}, which goes from an event at {@code at} to the one
     * {@code size} bytes on whatever the size, comes back to a place it has been (and so never ends).
     */
    private boolean comesRound(long at) {
        java.util.Set<Long> seen = new java.util.HashSet<>();
        for (long p = at; p >= HEADER_BYTES && p < recording.length - 9; p += varint(p)[0]) {
            if (!seen.add(p)) {
                return true;
            }
            if (varint(p)[0] == 0) {
                return false; // the JDK refuses a size of 0
            }
        }
        return false;
    }

    private boolean minusOneAt(long p) {
        for (int i = 0; i < 9; i++) {
            if (recording[(int) p + i] != (byte) 0xff) {
                return false;
            }
        }
        return true;
    }

    /**
     * An event whose size is minus the size of the event before it, as a misaligned read of a damaged
     * recording finds: JDK 17's reader jumps back and reads the earlier event again, forever. Returns the
     * damaged copy; {@code at} receives the damaged event's position.
     */
    byte[] negativeEventSize(long[] at) {
        long previous = -1;
        for (long e = HEADER_BYTES; e < recording.length; e += varint(e)[0]) {
            long size = varint(e)[0];
            if (previous >= 0 && size >= 11 && type(previous) > 1) {
                byte[] damaged = recording.clone();
                int end = put(damaged, (int) e, -(e - previous));
                damaged[end] = 0; // type 0, which the reader skips without parsing
                at[0] = e;
                return damaged;
            }
            previous = e;
        }
        throw new IllegalStateException("no event of 11 bytes or more follows a jmmtk event");
    }

    /** The first checkpoint of the chain (delta 0) given delta +{@code delta}: it leads forward. */
    byte[] forwardCheckpoint(int delta, long[] at) {
        long cp = ByteBuffer.wrap(recording).getLong(16);
        while (true) {
            long[] fields = fieldsAt(cp, 5);
            if (fields[4] == 0) {
                byte[] damaged = recording.clone();
                int p = (int) (cp + fields[5]) - 1; // the delta is the last field read: one byte, 0
                damaged[p] = (byte) delta;
                at[0] = cp;
                return damaged;
            }
            cp += fields[4];
        }
    }

    private long type(long event) {
        return fieldsAt(event, 2)[1];
    }

    /** The first {@code n} compressed longs at {@code at}, then how many bytes they took. */
    private long[] fieldsAt(long at, int n) {
        long[] out = new long[n + 1];
        long p = at;
        for (int i = 0; i < n; i++) {
            long[] v = varint(p);
            out[i] = v[0];
            p += v[1];
        }
        out[n] = p - at;
        return out;
    }

    /** The compressed long at {@code at} and its length in bytes. */
    private long[] varint(long at) {
        long value = 0;
        int i = 0;
        while (true) {
            int b = recording[(int) at + i] & 0xff;
            if (i == 8) {
                return new long[] {value | (long) b << 56, 9};
            }
            value |= (long) (b & 0x7f) << (7 * i);
            i++;
            if (b < 0x80) {
                return new long[] {value, i};
            }
        }
    }

    /** Writes {@code value} at {@code at} as a nine-byte compressed long; returns the position after it. */
    private static int put(byte[] b, int at, long value) {
        for (int i = 0; i < 8; i++) {
            b[at + i] = (byte) (value >>> (7 * i) & 0x7f | 0x80);
        }
        b[at + 8] = (byte) (value >>> 56);
        return at + 9;
    }
}
