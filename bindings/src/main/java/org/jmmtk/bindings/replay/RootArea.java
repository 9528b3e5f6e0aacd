package org.jmmtk.bindings.replay;

import it.unimi.dsi.fastutil.longs.Long2LongOpenHashMap;
import it.unimi.dsi.fastutil.longs.LongArrayList;
import java.util.ArrayList;
import java.util.List;
import org.jmmtk.bindings.trace.TraceException;
import org.jmmtk.bindings.trace.TraceFormat;
import org.jmmtk.core.memory.SimulatedMemory;
import org.jmmtk.core.vm.EdgeVisitor;
import org.jmmtk.core.memory.VMLayout;

/**
 * The root slots of the replayed program, kept in simulated memory outside the heap so that a root is
 * an edge like any other: area 0 holds the global (static) roots, area {@code n} the roots of the
 * n-th mutator thread. Root slots are sparse: the first store into a (area, slot) pair gives it the
 * next free word of the region, and each area lists the words it uses, so memory and scanning cost in
 * proportion to the root slots a trace actually uses, whatever their numbers. Area 0 also lists its
 * slots below {@link TraceFormat#FIRST_PIN_SLOT} (statics) and from it (pins) apart, for a plan that
 * scans pins last.
 *
 * <p>The replaying thread stores; GC workers scan and update slots while it is stopped. After
 * {@link #shareBetweenThreads}, several mutator threads find slots at once, under this area's lock;
 * but a mutator's own roots (area 1 and above, the first {@link #DIRECT_SLOTS} slots) are found again
 * in a row of addresses that only the thread replaying that mutator touches, without the lock (two
 * mutator threads storing roots at once made the lock and its map a quarter of a thread's samples).
 */
final class RootArea {
    private final SimulatedMemory memory;
    private final long base;
    private final long limit;
    /** (area << 20 | slot) to the slot's address. */
    private final Long2LongOpenHashMap addresses = new Long2LongOpenHashMap();
    /** Per area, the addresses of the slots it uses, in first-use order. */
    private final List<LongArrayList> used = new ArrayList<>();
    /** Area 0's slots below {@link TraceFormat#FIRST_PIN_SLOT}, and from it, each in first-use order. */
    private final LongArrayList placedGlobals = new LongArrayList();
    private final LongArrayList pinnedGlobals = new LongArrayList();
    private long next;
    private boolean shared;
    /** Root slots per area found without the lock. */
    private static final int DIRECT_SLOTS = 1 << 12;
    /** Per area above 0, the addresses of its first slots (0: not looked up yet by its thread). */
    private final long[][] direct = new long[TraceFormat.MAX_THREADS + 1][];

    RootArea(SimulatedMemory memory, VMLayout.Region region) {
        this.memory = memory;
        this.base = region.start();
        this.limit = region.start() + region.bytes();
        this.next = base;
    }

    /** Most mutator threads a replay can have. */
    int maxThreads() {
        return TraceFormat.MAX_THREADS;
    }

    /** Mutator threads will look up slots concurrently from now on (set before they start). */
    void shareBetweenThreads() {
        shared = true;
    }

    /** The address of root slot {@code slot} of {@code area}, mapped and counted as used. */
    long slot(int area, int slot) {
        if (area > 0 && area < direct.length && slot < DIRECT_SLOTS) {
            long[] row = direct[area];
            if (row == null || slot >= row.length) {
                row = java.util.Arrays.copyOf(row == null ? new long[0] : row, Math.min(DIRECT_SLOTS, Math.max(16, 2 * slot + 2)));
                direct[area] = row;
            }
            long address = row[slot];
            if (address == 0) {
                address = lookUp(area, slot);
                row[slot] = address;
            }
            return address;
        }
        return lookUp(area, slot);
    }

    private long lookUp(int area, int slot) {
        if (shared) {
            synchronized (this) {
                return find(area, slot);
            }
        }
        return find(area, slot);
    }

    private long find(int area, int slot) {
        if (area > maxThreads()) {
            throw new TraceException("too many threads: a replay supports at most " + maxThreads());
        }
        long key = ((long) area << 20) | slot;
        long address = addresses.get(key);
        if (address != 0) {
            return address;
        }
        if (next + 8 > limit) {
            throw new TraceException("too many distinct root slots for the replay's root area");
        }
        address = next;
        next += 8;
        if (!memory.isMapped(address)) {
            memory.map(address, 8);
        }
        addresses.put(key, address);
        while (used.size() <= area) {
            used.add(new LongArrayList());
        }
        used.get(area).add(address);
        if (area == 0) {
            (slot < TraceFormat.FIRST_PIN_SLOT ? placedGlobals : pinnedGlobals).add(address);
        }
        return address;
    }

    /** {@code words} contiguous new words of the region, mapped (reading zero), for roots the binding keeps itself. */
    long reserveWords(int words) {
        long bytes = 8L * words;
        if (next + bytes > limit) {
            throw new TraceException("too many roots for the replay's root area");
        }
        long address = next;
        next += bytes;
        memory.map(address, bytes);
        return address;
    }

    /** Visits the non-null root slots of {@code area}. */
    void scan(int area, EdgeVisitor visitor) {
        if (area < used.size()) {
            scan(used.get(area), visitor);
        }
    }

    /**
     * The lowest-numbered non-null root slot of {@code area}, or -1 if all are null (a thread's end;
     * the slot's number is looked up only when one is held, an error). Under this area's lock: mutator
     * threads may be adding slots.
     */
    synchronized int firstHeldSlot(int area) {
        if (area >= used.size()) {
            return -1;
        }
        LongArrayList slots = used.get(area);
        boolean held = false;
        for (int i = 0, n = slots.size(); i < n && !held; i++) {
            held = memory.load(slots.getLong(i)) != 0;
        }
        if (!held) {
            return -1;
        }
        int first = -1;
        for (var e : addresses.long2LongEntrySet()) {
            int slot = (int) (e.getLongKey() & TraceFormat.MAX_ROOT_SLOT);
            if (e.getLongKey() >>> 20 == area && memory.load(e.getLongValue()) != 0 && (first < 0 || slot < first)) {
                first = slot;
            }
        }
        return first;
    }

    /** Visits the non-null global root slots below {@link TraceFormat#FIRST_PIN_SLOT}. */
    void scanPlacedGlobals(EdgeVisitor visitor) {
        scan(placedGlobals, visitor);
    }

    /** Visits the non-null global root slots from {@link TraceFormat#FIRST_PIN_SLOT} up. */
    void scanPinnedGlobals(EdgeVisitor visitor) {
        scan(pinnedGlobals, visitor);
    }

    private void scan(LongArrayList slots, EdgeVisitor visitor) {
        for (int i = 0, n = slots.size(); i < n; i++) {
            long address = slots.getLong(i);
            if (memory.load(address) != 0) {
                visitor.visitEdge(address);
            }
        }
    }
}
