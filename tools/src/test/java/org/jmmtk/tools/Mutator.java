package org.jmmtk.tools;

import java.io.ByteArrayOutputStream;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import java.util.Random;

/**
 * Seeded mutations of a valid input, for the fuzz suite: bytes flipped, inserted, deleted, duplicated
 * or cut off, numbers replaced by extreme ones, long runs and (rarely) a line over the 1 MiB cap.
 * The same seed always gives the same mutant, so a failing case is reproduced from its seed.
 */
public final class Mutator {
    private static final byte[] ALPHABET = "0123456789 \t\n\r#-ATWRGDPCaw+-c#OSNTPF\u0000\u00ff\u0085"
            .getBytes(StandardCharsets.ISO_8859_1);
    private static final String[] EXTREMES = {"0", "1", "1023", "1024", "1048575", "1048576", "2147483647",
            "2147483648", "4294967296", "9223372036854775807", "9223372036854775808", "99999999999999999999999", "-1"};

    private final Random random;
    private final boolean text;

    /** A mutator for {@code seed}; text mutations also replace numbers and add long lines. */
    public Mutator(long seed, boolean text) {
        this.random = new Random(seed);
        this.text = text;
    }

    /** One to three mutations of {@code input}. */
    public byte[] mutate(byte[] input) {
        byte[] b = input;
        for (int n = 1 + random.nextInt(3); n > 0; n--) {
            b = once(b);
        }
        return b;
    }

    private byte[] once(byte[] b) {
        int at = b.length == 0 ? 0 : random.nextInt(b.length);
        switch (random.nextInt(text ? 8 : 6)) {
            case 0 -> {
                if (b.length > 0) {
                    b = b.clone();
                    b[at] = (byte) random.nextInt(256);
                }
            }
            case 1 -> b = splice(b, at, 0, randomBytes(1 + random.nextInt(8)));
            case 2 -> b = splice(b, at, Math.min(b.length - at, 1 + random.nextInt(16)), new byte[0]);
            case 3 -> {
                int len = Math.min(b.length - at, 1 + random.nextInt(64));
                b = splice(b, random.nextInt(b.length + 1), 0, Arrays.copyOfRange(b, at, at + len));
            }
            case 4 -> b = Arrays.copyOf(b, at);
            case 5 -> {
                if (b.length > 0) {
                    b = b.clone();
                    b[at] ^= (byte) (1 << random.nextInt(8));
                }
            }
            case 6 -> b = replaceNumber(b, at);
            default -> {
                int len = random.nextInt(40) == 0 ? (1 << 20) + 1 + random.nextInt(64) : 1 + random.nextInt(5000);
                byte[] run = new byte[len];
                Arrays.fill(run, ALPHABET[random.nextInt(ALPHABET.length)]);
                b = splice(b, at, 0, run);
            }
        }
        return b;
    }

    /** Replaces the digits around {@code at} (or inserts at it) with an extreme number. */
    private byte[] replaceNumber(byte[] b, int at) {
        int start = at;
        int end = at;
        while (start > 0 && Character.isDigit(b[start - 1])) {
            start--;
        }
        while (end < b.length && Character.isDigit(b[end])) {
            end++;
        }
        return splice(b, start, end - start, EXTREMES[random.nextInt(EXTREMES.length)].getBytes(StandardCharsets.US_ASCII));
    }

    private byte[] randomBytes(int n) {
        byte[] r = new byte[n];
        for (int i = 0; i < n; i++) {
            r[i] = random.nextInt(4) == 0 ? (byte) random.nextInt(256) : ALPHABET[random.nextInt(ALPHABET.length)];
        }
        return r;
    }

    private static byte[] splice(byte[] b, int at, int remove, byte[] insert) {
        ByteArrayOutputStream out = new ByteArrayOutputStream(b.length + insert.length);
        out.write(b, 0, at);
        out.write(insert, 0, insert.length);
        out.write(b, at + remove, b.length - at - remove);
        return out.toByteArray();
    }
}
