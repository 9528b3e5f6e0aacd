package org.jmmtk.plans;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.jmmtk.bindings.replay.ReplayBinding;
import org.jmmtk.bindings.replay.Simulation;
import org.jmmtk.bindings.trace.TraceEvents;
import org.jmmtk.bindings.trace.TraceSource;
import org.jmmtk.core.MMTK;
import org.jmmtk.core.memory.SimulatedMemory;
import org.jmmtk.core.objectmodel.ObjectModel;
import org.jmmtk.core.plan.Plan;
import org.jmmtk.core.stats.GcRecord;

/**
 * A hand-written program of weak references for the plans' deterministic weak-reference tests: weak
 * references of type {@link #REF} (the referent in slot 0, declared weak) held by global roots, data
 * objects of type {@link #DATA}, and after each collection a {@link Snapshot} of its kind, counts and
 * every reference's referent read from the heap. The replay's thread runs the program and, inside its
 * allocations, the collections and their snapshots.
 */
public abstract class WeakReferenceProgram implements TraceSource, Simulation.Setup {
    public static final int REF = 5;
    public static final int DATA = 6;

    /**
     * References of three kinds, in groups: A's referent held by nothing else; B's ({@code b}) also by
     * the field of a holder ({@code holders}) that a root holds; C's ({@code c}) also by a root.
     */
    public static final class Groups {
        public final long[] refA;
        public final long[] refB;
        public final long[] refC;
        public final long[] b;
        public final long[] c;
        public final long[] holders;

        public Groups(int n) {
            refA = new long[n];
            refB = new long[n];
            refC = new long[n];
            b = new long[n];
            c = new long[n];
            holders = new long[n];
        }
    }

    /** After one collection: its kind and counts, and each reference's referent by id (0 if cleared). */
    public record Snapshot(String kind, long discovered, long cleared, Map<String, Long> stats,
                           Map<Long, Long> referents) {
        public long referent(long ref) {
            return referents.get(ref);
        }
    }

    private final List<Snapshot> snapshots = new ArrayList<>();
    private ReplayBinding binding;
    private long id = 1;

    /** The references whose referents each snapshot reads (0 entries: not made yet). */
    protected abstract long[][] references();

    /** The address object {@code id} has now (0 if it was freed). */
    public final long addressOf(long id) {
        return binding.addressOf(id);
    }

    /** What weak reference {@code ref}'s slot holds now: an address, or 0. */
    protected final long referentAddress(long ref) {
        return binding.mmtk().plan().memory().load(ObjectModel.slotAddress(binding.addressOf(ref), 0));
    }

    /** The snapshots so far, one per collection. */
    public final List<Snapshot> snapshots() {
        return snapshots;
    }

    @Override
    public final void prepare(MMTK mmtk, ReplayBinding binding) {
        this.binding = binding;
        mmtk.addListener(this::snapshot);
    }

    /** A new weak reference held by global root {@code global}, its referent {@code referent}; returns its id. */
    protected final long ref(TraceEvents out, int global, long referent) {
        long r = id++;
        out.alloc(0, r, 32, 1, REF);
        out.global(global, r);
        out.write(0, r, 0, referent);
        return r;
    }

    /** Makes group {@code i} of {@code groups}, held by global roots from {@code global} on; returns the next free one. */
    protected final int group(TraceEvents out, Groups groups, int i, int global) {
        int g = global;
        groups.refA[i] = ref(out, g++, data(out, 0));
        groups.b[i] = data(out, 0);
        groups.holders[i] = data(out, 1);
        out.global(g++, groups.holders[i]);
        out.write(0, groups.holders[i], 0, groups.b[i]);
        groups.refB[i] = ref(out, g++, groups.b[i]);
        groups.c[i] = data(out, 0);
        out.global(g++, groups.c[i]);
        groups.refC[i] = ref(out, g++, groups.c[i]);
        return g;
    }

    /** A new data object of 64 bytes with {@code slots} reference slots; returns its id. */
    protected final long data(TraceEvents out, int slots) {
        return data(out, slots, 64);
    }

    protected final long data(TraceEvents out, int slots, long bytes) {
        long o = id++;
        out.alloc(0, o, bytes, slots, DATA);
        return o;
    }

    /** Garbage until the heap fills and the {@code n}-th collection has run (bounded: 4 MiB). */
    protected final void fillUntilCollection(TraceEvents out, int n) {
        for (int k = 0; k < 4096 && snapshots.size() < n; k++) {
            data(out, 0, 1024);
        }
    }

    private void snapshot(GcRecord record) {
        SimulatedMemory memory = binding.mmtk().plan().memory();
        Map<Long, Long> referents = new HashMap<>();
        for (long[] refs : references()) {
            for (long ref : refs) {
                if (ref != 0) {
                    long referent = memory.load(ObjectModel.slotAddress(binding.addressOf(ref), 0));
                    referents.put(ref, referent == 0 ? 0 : ObjectModel.id(memory, referent));
                }
            }
        }
        Map<String, Long> stats = record.planStats();
        // -1: the plan reports no reference processing
        snapshots.add(new Snapshot(record.kind(), stats.getOrDefault(Plan.WEAK_REFS_DISCOVERED, -1L),
                stats.getOrDefault(Plan.WEAK_REFS_CLEARED, -1L), stats, referents));
    }

    @Override
    public String describe() {
        return "weak references";
    }

    @Override
    public double progress() {
        return 0;
    }
}
