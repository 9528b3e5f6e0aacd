package org.jmmtk.plans.serial;

import java.util.Arrays;

/**
 * The sizes of a young collection's survivors by age, and the tenuring threshold they give
 * (HotSpot's {@code AgeTable}, gc/shared/ageTable.cpp): the copy of an object that stays young is
 * entered at its new age with its size in words; at the end of the collection the threshold for the
 * next one is the first age at which the survivors up to that age exceed the desired survivor size,
 * capped at {@code MaxTenuringThreshold}. Used by the one packet that moves survivors, then by the
 * end of the collection.
 */
final class AgeTable {
    /** The mark word's 4 age bits: ages 0 to 15. */
    static final int TABLE_SIZE = 16;
    /** The oldest age an object can have; its age stops growing there. */
    static final int MAX_AGE = TABLE_SIZE - 1;

    private final long[] words = new long[TABLE_SIZE];

    void clear() {
        Arrays.fill(words, 0);
    }

    /** Enters a survivor of {@code bytes} (a multiple of 8) at {@code age} (1 to 15). */
    void add(int age, long bytes) {
        words[age] += bytes >>> 3;
    }

    /** Words of survivors of {@code age}. */
    long words(int age) {
        return words[age];
    }

    /**
     * HotSpot's {@code compute_tenuring_threshold}: the first age whose running total (from age 1)
     * exceeds {@code desiredWords}, or 16 if none does, capped at {@code maxThreshold}.
     */
    int tenuringThreshold(long desiredWords, int maxThreshold) {
        long total = 0;
        int age = 1;
        while (age < TABLE_SIZE) {
            total += words[age];
            if (total > desiredWords) {
                break;
            }
            age++;
        }
        return Math.min(age, maxThreshold);
    }

    /**
     * HotSpot's desired survivor size in words ({@code DefNewGeneration::adjust_desired_tenuring_threshold}):
     * {@code TargetSurvivorRatio} percent of a survivor space's capacity.
     */
    static long desiredSurvivorWords(long survivorBytes, int targetSurvivorRatio) {
        return (long) ((((double) (survivorBytes >>> 3)) * targetSurvivorRatio) / 100);
    }
}
