package org.jmmtk.plans.serial;

/**
 * The TLABs of HotSpot's own threads, which allocate in eden beside the program's and which no trace
 * shows: two of them (the Finalizer, and a compiler thread or another of the JVM's) each take a TLAB of
 * the initial desired size before the program's first young collection and use next to nothing of it
 * (about 2 KB), so what they take is eden the program's objects do not get, wasted when that collection
 * retires it. HotSpot 17.0.15 measured on sixteen programs (64m/8m, {@code -Xlog:gc+tlab=trace}): 261-272
 * KB of such waste at the first young collection of fourteen (two 133 KB TLABs), 132 KB on one, 397 KB on
 * one; at later collections none on eleven of them, and on five a compiler thread's TLAB now and then (66,
 * 43, 28 KB..., as its desired size decays), when the JIT compiles, which a trace does not record.
 * Modelled as {@code threads} such threads taking a TLAB at the start, retired at the first collection,
 * counted among that collection's allocating threads as HotSpot counts them. Used by the plan at its start
 * and while the mutators are stopped.
 */
final class JvmThreadTlabs {
    private final Tlab[] tlabs;

    JvmThreadTlabs(int threads, EdenTop edenTop, long edenBytes) {
        tlabs = new Tlab[threads];
        for (int i = 0; i < threads; i++) {
            Tlab tlab = new Tlab(edenBytes, edenTop.allocatingThreads());
            long size = tlab.newTlabWords(0, edenTop.available() >>> 3);
            if (size > 0 && edenTop.claim(size << 3)) {
                tlab.filled(size, 0);
            }
            tlabs[i] = tlab;
        }
    }

    /** At a collection's start, after the statistics were reset: each TLAB retired, its rest reported as waste. */
    void retire(EdenTop edenTop) {
        for (Tlab tlab : tlabs) {
            boolean allocating = tlab.retireAtGc(edenTop.usedAtGc());
            edenTop.tlabRetired(allocating, tlab.takeWasteBytes());
        }
    }
}
