package org.jmmtk.plans.serial;

import org.jmmtk.core.heap.HeapGeometry;

/**
 * The fixed sizes of Serial's spaces, computed as HotSpot 17 computes them for {@code -Xmx=-Xms},
 * {@code -Xmn} and {@code -XX:SurvivorRatio} ({@code DefNewGeneration::compute_space_boundaries}): the
 * young generation aligned down to the space alignment, each survivor space
 * {@code align_down(young / (ratio + 2), alignment)} but at least one alignment, eden the rest of the
 * young generation, the old generation the rest of the heap. The alignment is HotSpot's
 * {@code SpaceAlignment} on Linux x64, 64 KiB ({@code Generation::GenGrain}), in heaps of at least
 * {@value #HOTSPOT_MIN_HEAP} bytes; smaller heaps (which HotSpot does not run) align to the page.
 * Immutable.
 *
 * @param alignment     the space alignment
 * @param youngBytes    eden plus both survivor spaces
 * @param survivorBytes one survivor space
 * @param edenBytes     eden
 * @param oldBytes      the old (tenured) generation
 */
public record Generations(long alignment, long youngBytes, long survivorBytes, long edenBytes, long oldBytes) {
    /** HotSpot's {@code SpaceAlignment} for the serial collector on Linux x64. */
    public static final long HOTSPOT_ALIGNMENT = 64 << 10;
    /** Heaps below this align to the page instead (HotSpot's smallest heaps are a few MiB). */
    public static final long HOTSPOT_MIN_HEAP = 2 << 20;

    /**
     * The spaces of a heap of {@code heapBytes} with a young generation of {@code youngAsked} bytes (0:
     * a third of the heap, HotSpot's default {@code NewRatio} of 2) and eden {@code survivorRatio} times
     * a survivor space. Throws {@link IllegalArgumentException}, naming the option, for sizes HotSpot
     * refuses (a young generation as large as the heap) or that leave no room for eden or the old
     * generation.
     */
    public static Generations of(long heapBytes, long youngAsked, int survivorRatio, HeapGeometry geometry) {
        long alignment = heapBytes >= HOTSPOT_MIN_HEAP ? HOTSPOT_ALIGNMENT : geometry.pageBytes();
        long young = youngAsked > 0 ? youngAsked : heapBytes / 3;
        if (young >= heapBytes) {
            throw new IllegalArgumentException("--nursery " + young + " must be smaller than the heap (" + heapBytes
                    + " bytes): the old generation needs room");
        }
        young = alignDown(young, alignment);
        long n = young / (survivorRatio + 2L);
        long survivor = n > alignment ? alignDown(n, alignment) : alignment;
        long eden = young - 2 * survivor;
        if (eden <= 0) {
            throw new IllegalArgumentException("--nursery " + youngAsked + " leaves no eden with --survivor-ratio "
                    + survivorRatio + " (spaces align to " + alignment + " bytes)");
        }
        return new Generations(alignment, young, survivor, eden, heapBytes - young);
    }

    /** {@code value} rounded down to a multiple of {@code alignment}, a power of two. */
    private static long alignDown(long value, long alignment) {
        return value & -alignment;
    }
}
