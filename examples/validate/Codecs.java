import java.io.BufferedReader;
import java.io.IOException;
import java.io.StringReader;
import java.nio.ByteBuffer;
import java.nio.CharBuffer;
import java.nio.charset.CharacterCodingException;
import java.nio.charset.CharsetDecoder;
import java.nio.charset.StandardCharsets;
import java.util.HashMap;
import java.util.Map;
import java.util.Random;
import java.util.zip.CRC32;
import java.util.zip.DataFormatException;
import java.util.zip.Deflater;
import java.util.zip.Inflater;

/**
 * Charsets, buffers and compression, single thread: 3,000 seeded documents of 40 lines of words with
 * accented and CJK letters are encoded with {@code getBytes(UTF_8)} and {@code UTF_16LE}, decoded with
 * {@code new String(bytes, UTF_8)} and a {@code CharsetDecoder} over a {@code ByteBuffer}, read back
 * line by line through a BufferedReader over a StringReader (word counts in a HashMap bounded to
 * 30,000 words), checksummed with CRC32 and compressed with a {@code Deflater} (native memory; the
 * Java side is its output arrays); the last 400 compressed documents are kept in a ring, and every
 * tenth document one of them is inflated again and its checksum compared. ~370 MB.
 */
public class Codecs {
    static final String[] SYLLABLES = {"ka", "té", "rü", "mo", "ñe", "lo", "zä", "pi", "東", "京", "su", "vø", "ri", "ça"};

    public static void main(String[] args) throws IOException, DataFormatException {
        Random random = new Random(23);
        Map<String, int[]> counts = new HashMap<>();
        byte[][] packed = new byte[400][];
        long[] sums = new long[400];
        int[] lengths = new int[400];
        CharsetDecoder decoder = StandardCharsets.UTF_8.newDecoder();
        Deflater deflater = new Deflater(Deflater.BEST_SPEED);
        Inflater inflater = new Inflater();
        CRC32 crc = new CRC32();
        long chars = 0;
        long verified = 0;
        for (int doc = 0; doc < 3_000; doc++) {
            String text = document(random);
            byte[] utf8 = text.getBytes(StandardCharsets.UTF_8);
            byte[] utf16 = text.getBytes(StandardCharsets.UTF_16LE);
            String back = new String(utf8, StandardCharsets.UTF_8);
            CharBuffer decoded = decoder.decode(ByteBuffer.wrap(utf8));
            if (!back.contentEquals(decoded) || utf16.length != 2 * text.length()) {
                throw new IllegalStateException("document " + doc + " changed in a round trip");
            }
            chars += decoded.length();
            try (BufferedReader reader = new BufferedReader(new StringReader(back))) {
                for (String line = reader.readLine(); line != null; line = reader.readLine()) {
                    for (String word : line.split(" ")) {
                        int[] n = counts.get(word);
                        if (n == null) {
                            if (counts.size() >= 30_000) {
                                continue;
                            }
                            counts.put(word, n = new int[1]);
                        }
                        n[0]++;
                    }
                }
            }
            crc.reset();
            crc.update(utf8);
            int slot = doc % packed.length;
            packed[slot] = deflate(deflater, utf8);
            sums[slot] = crc.getValue();
            lengths[slot] = utf8.length;
            if (doc % 10 == 9) {
                int pick = random.nextInt(Math.min(doc + 1, packed.length));
                byte[] plain = new byte[lengths[pick]];
                inflater.reset();
                inflater.setInput(packed[pick]);
                inflater.inflate(plain);
                crc.reset();
                crc.update(plain);
                if (crc.getValue() != sums[pick]) {
                    throw new IllegalStateException("checksum of slot " + pick);
                }
                verified++;
            }
        }
        deflater.end();
        inflater.end();
        System.out.println(chars + " chars, " + counts.size() + " words, " + verified + " verified");
    }

    static String document(Random random) {
        StringBuilder b = new StringBuilder();
        for (int line = 0; line < 40; line++) {
            int words = 6 + random.nextInt(10);
            for (int w = 0; w < words; w++) {
                int syllables = 1 + random.nextInt(3);
                for (int s = 0; s < syllables; s++) {
                    b.append(SYLLABLES[random.nextInt(SYLLABLES.length)]);
                }
                b.append(w + 1 < words ? ' ' : '\n');
            }
        }
        return b.toString();
    }

    static byte[] deflate(Deflater deflater, byte[] input) {
        deflater.reset();
        deflater.setInput(input);
        deflater.finish();
        byte[] out = new byte[input.length / 2 + 64];
        int n = 0;
        while (!deflater.finished()) {
            if (n == out.length) {
                out = java.util.Arrays.copyOf(out, out.length * 2);
            }
            n += deflater.deflate(out, n, out.length - n);
        }
        return java.util.Arrays.copyOf(out, n);
    }
}
