package org.jmmtk.core.memory;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Random;
import java.util.TreeSet;
import org.jmmtk.core.util.Constants;
import org.junit.jupiter.api.Test;

/**
 * The side bitmap against a sorted set of addresses: get, word, next, count, set, setUnshared, attemptSet,
 * clear, clearBits, clearBitsUnshared and clearRange across chunks.
 */
class SideBitmapTest {
    private static final long BASE = 1L << 32;

    @Test
    void agreesWithASortedSet() {
        SimulatedMemory memory = new SimulatedMemory(BASE, 4 * Constants.BYTES_IN_CHUNK);
        SideBitmap bits = new SideMetadataRegistry(memory, false, 4096).bitmap(SideMetadataSpec.VALID_OBJECT, null);
        TreeSet<Long> model = new TreeSet<>();
        Random random = new Random(7);
        long span = 4 * Constants.BYTES_IN_CHUNK;
        for (int round = 0; round < 20_000; round++) {
            long a = BASE + (random.nextLong(span / 8)) * 8;
            switch (random.nextInt(8)) {
                case 0 -> {
                    bits.set(a);
                    model.add(a);
                }
                case 5 -> {
                    bits.setUnshared(a);
                    model.add(a);
                }
                case 1 -> assertEquals(model.add(a), bits.attemptSet(a));
                case 6, 7 -> {
                    long wordStart = a & (-1L << SideBitmap.LOG_BYTES_PER_BITMAP_WORD);
                    long mask = random.nextLong();
                    if (random.nextBoolean()) {
                        bits.clearBits(a, mask);
                    } else {
                        bits.clearBitsUnshared(a, mask);
                    }
                    for (int i = 0; i < 64; i++) {
                        if ((mask & (1L << i)) != 0) {
                            model.remove(wordStart + 8L * i);
                        }
                    }
                }
                case 2 -> {
                    bits.clear(a);
                    model.remove(a);
                }
                default -> {
                    long end = Math.min(BASE + span, a + 8 * random.nextInt(2000));
                    bits.clearRange(a, end);
                    model.subSet(a, end).clear();
                }
            }
            long probe = BASE + (random.nextLong(span / 8)) * 8;
            assertEquals(model.contains(probe), bits.get(probe));
            long probeWord = probe & (-1L << SideBitmap.LOG_BYTES_PER_BITMAP_WORD);
            long word = 0;
            for (long g : model.subSet(probeWord, probeWord + (1L << SideBitmap.LOG_BYTES_PER_BITMAP_WORD))) {
                word |= 1L << ((g - probeWord) >>> 3);
            }
            assertEquals(word, bits.word(probe));
            long end = Math.min(BASE + span, probe + 8L * random.nextInt(300_000));
            Long expected = model.ceiling(probe);
            assertEquals(expected == null || expected >= end ? -1 : expected, bits.next(probe, end));
            assertEquals(model.subSet(probe, end).size(), bits.count(probe, end));
        }
        assertFalse(bits.get(BASE - 8));
        assertFalse(bits.get(BASE + span));
        assertEquals(0, bits.word(BASE - 8));
        assertEquals(0, bits.word(BASE + span));
        bits.set(BASE + span - 8);
        assertTrue(bits.get(BASE + span - 8));
    }
}
