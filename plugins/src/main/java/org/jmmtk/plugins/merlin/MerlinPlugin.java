package org.jmmtk.plugins.merlin;

import java.util.LinkedHashMap;
import java.util.Map;
import org.jmmtk.core.analysis.Plugin;
import org.jmmtk.core.analysis.PluginContext;
import org.jmmtk.core.memory.SimulatedMemory;
import org.jmmtk.core.objectmodel.ObjectModel;

/**
 * The {@code merlin} plugin: the exact time every object becomes unreachable, computed with the
 * Merlin algorithm (Hertz et al., TOPLAS 2006, section 6) on top of whatever collector the run uses.
 * Time is counted in allocations (see {@link DeathSink}); an object's timestamp is the last check
 * point at which it is known to have been reachable.
 *
 * <ul>
 *   <li>Forward pass (Fig. 5, Fig. 6): a new object is stamped with the check point before its birth;
 *   the old target of every pointer store and of every root store is stamped with the last check point,
 *   at which the slot still held it. Root stores are instrumented, so roots that do not change are never
 *   rescanned: an object a root still holds is reachable, and it gets its stamp when the root lets go.
 *   <li>After each collection, before the freed memory is reused: the freed objects' last-reachable
 *   times, by the backward pass in timestamp order ({@link LastReachable}, Fig. 8); objects they refer
 *   to that the collection kept (a partial collection may keep dead objects) get later stamps.
 *   <li>At the end of the program: the combined pass of section 6.3 over every object no collection
 *   freed (found by id through the binding), with the root-referenced ones stamped with the end; those
 *   whose time is the end are reachable.
 * </ul>
 *
 * Objects are keyed by id, never by address, so moving and non-moving plans are alike; the plugin
 * assumes what the paper assumes of a trace (nothing unreachable is ever used again) and of a collector
 * (it frees an object only with or after everything that refers to it). Deaths go to a
 * {@link DeathSink}; {@code jmmtk lifetimes} sorts them into a trace.
 *
 * <p>Threads: allocations and stores on the replaying mutator thread; frees on GC workers,
 * concurrently (each worker appends to a buffer of its own); the backward passes on the thread that
 * requested the collection, after the collection.
 */
public final class MerlinPlugin implements Plugin {
    private final DeathSink sink;
    private final StampTable table = new StampTable();
    private final FreedObjects freed = new FreedObjects();
    private final DeadGraph dead = new DeadGraph();
    private final LastReachable pass = new LastReachable();
    private PluginContext context;
    private SimulatedMemory memory;
    private long allocations;
    private volatile boolean ended;
    private long stamps;
    private long deathsAtCollections;
    private long deathsAtEnd;
    private long inherited;
    private long reachableAtEnd;

    /** A plugin that reports every death to {@code sink}. */
    public MerlinPlugin(DeathSink sink) {
        this.sink = sink;
    }

    @Override
    public String name() {
        return "merlin";
    }

    @Override
    public int interests() {
        return ON_ALLOC | ON_POINTER_STORE | ON_ROOT_STORE | ON_GC | ON_FREE;
    }

    @Override
    public void attach(PluginContext context) {
        this.context = context;
        this.memory = context.memory();
    }

    @Override
    public void onAlloc(int mutator, long object) {
        table.insert(ObjectModel.id(memory, object), allocations);
        allocations++;
    }

    @Override
    public void onPointerStore(int mutator, long source, int slot, long oldTarget, long newTarget) {
        if (oldTarget != 0) {
            lostReference(oldTarget);
        }
    }

    @Override
    public void onRootStore(int thread, int slot, long oldTarget, long newTarget) {
        if (oldTarget != 0) {
            lostReference(oldTarget);
        }
    }

    /** {@code object} lost a reference: it was reachable at the last check point. */
    private void lostReference(long object) {
        if (table.setStamp(ObjectModel.id(memory, object), allocations - 1)) {
            stamps++;
        }
    }

    @Override
    public void onObjectFreed(long object) {
        if (!ended) {
            freed.add(memory, object);
        }
    }

    @Override
    public void onGcEnd(int gc, String kind) {
        if (!ended) {
            afterCollection();
        }
    }

    /** The backward pass over what the collection freed, before its memory is reused. */
    private void afterCollection() {
        dead.load(freed.buffers());
        int n = dead.count();
        for (int i = 0; i < n; i++) {
            dead.setStamp(i, table.stamp(dead.id(i)));
        }
        dead.assign(pass);
        for (int i = 0; i < n; i++) {
            long time = dead.time(i);
            for (int s = dead.slotCount(i) - 1; s >= 0; s--) {
                long live = dead.liveTargetId(i, s);
                if (live != 0) {
                    // a dead object referred to a kept one until its time: the kept one was reachable then
                    table.raise(live, time);
                }
            }
        }
        for (int i = 0; i < n; i++) {
            report(dead.id(i), dead.stamp(i), dead.time(i));
            table.remove(dead.id(i));
        }
        deathsAtCollections += n;
        table.trim();
    }

    private void report(long id, long stamp, long time) {
        if (time > stamp) {
            inherited++;
        }
        sink.died(id, time + 1);
    }

    /** The combined reachability and last-reachable pass of section 6.3, over every object not yet freed. */
    @Override
    public void onProgramEnd() {
        if (ended) {
            return;
        }
        // objects freed outside a collection (a reference-counting plan frees when a count drops to zero)
        afterCollection();
        ended = true;
        long end = allocations;
        context.scanRoots(rootSlot -> {
            long target = memory.load(rootSlot);
            if (target != 0) {
                table.setStamp(ObjectModel.id(memory, target), end);
            }
        });
        RemainingObjects remaining = new RemainingObjects(table, memory, context::addressOf);
        remaining.assign(pass);
        for (int node = 0; node < remaining.count(); node++) {
            long time = remaining.time(node);
            if (time < end) {
                report(remaining.id(node), remaining.stamp(node), time);
                deathsAtEnd++;
            } else {
                reachableAtEnd++;
            }
        }
    }

    @Override
    public Map<String, Number> summary() {
        Map<String, Number> m = new LinkedHashMap<>();
        m.put("timestamps", stamps);
        m.put("deathsAtCollections", deathsAtCollections);
        m.put("deathsAtEnd", deathsAtEnd);
        m.put("deathsInherited", inherited);
        m.put("reachableAtEnd", reachableAtEnd);
        return m;
    }
}
