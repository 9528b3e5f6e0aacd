package org.jmmtk.plugins.filip;

import it.unimi.dsi.fastutil.longs.Long2LongOpenHashMap;
import it.unimi.dsi.fastutil.longs.LongArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.Map;
import org.jmmtk.core.analysis.Plugin;
import org.jmmtk.core.analysis.PluginContext;
import org.jmmtk.core.memory.SimulatedMemory;
import org.jmmtk.core.objectmodel.ObjectModel;
import org.jmmtk.plugins.merlin.DeathSink;

/**
 * The {@code filip} plugin: finalization-sampled lifetimes (Jordan Montaña et al., ISMM 2024). One
 * allocation in {@code N} of the program (the 1st, the (N+1)th, ...) is sampled: its allocation is
 * timed exactly, and its death is observed when a collection reclaims it, the moment an ephemeron on it
 * would be mourned. So a death is seen only at a collection that collects the object's space (a
 * generational plan sees young deaths at the next nursery collection, old ones only at a full one), and
 * never before the object is unreachable. Time is counted in the program's allocations, as Merlin's
 * death points are ({@link DeathSink}): a death observed by a collection that ran when {@code k}
 * allocations were done is reported at check point {@code k}.
 *
 * <p>The profiler's own objects (ephemerons of type {@link #EPHEMERON_TYPE}, allocated in the simulated
 * heap by the binding-side half, {@code bindings.lifetimes.Ephemerons}) are not program allocations:
 * they do not advance the clock and are never sampled, but they take heap and GC work like any object.
 * Sampled objects observed dead since the last {@link #takeMourned} are queued for that half to unlink
 * their ephemerons ("finalization runs when control returns to the program"), and handed over in id
 * order: GC workers free objects concurrently, in an order that depends on the schedule, and the
 * pointer stores the unlinking makes depend on the order (a node next to one already unlinked needs
 * fewer), so the schedule's order would make the program's stores depend on the number of GC threads.
 *
 * <p>Threads: allocations on the mutator; frees on GC workers, concurrently; both under this object's lock.
 */
public final class FinalizationSampler implements Plugin {
    /** The type id of the profiler's ephemerons: the largest the object model takes. */
    public static final int EPHEMERON_TYPE = ObjectModel.MAX_TYPE_ID;

    private final int oneIn;
    private final DeathSink deaths;
    private final Long2LongOpenHashMap sampled = new Long2LongOpenHashMap();
    private final LongArrayList mourned = new LongArrayList();
    private SimulatedMemory memory;
    private long allocations;
    private long checkPoint;
    private boolean inGc;
    private long lastSampled;
    private long sampledCount;
    private long observed;
    private long ephemerons;

    /** Samples one allocation in {@code oneIn}, reporting each observed death to {@code deaths}. */
    public FinalizationSampler(int oneIn, DeathSink deaths) {
        if (oneIn < 1) {
            throw new IllegalArgumentException("sampling rate 1/" + oneIn);
        }
        this.oneIn = oneIn;
        this.deaths = deaths;
        sampled.defaultReturnValue(-1);
    }

    /** {@code --plugin filip}: every allocation sampled, deaths counted only (no heap bookkeeping). */
    public FinalizationSampler() {
        this(1, DeathSink.NONE);
    }

    @Override
    public String name() {
        return "filip";
    }

    @Override
    public int interests() {
        return ON_ALLOC | ON_FREE | ON_GC;
    }

    @Override
    public void attach(PluginContext context) {
        this.memory = context.memory();
    }

    @Override
    public synchronized void onAlloc(int mutator, long object) {
        if (ObjectModel.typeId(memory, object) == EPHEMERON_TYPE) {
            ephemerons++;
            return;
        }
        allocations++;
        if ((allocations - 1) % oneIn == 0) {
            long id = ObjectModel.id(memory, object);
            sampled.put(id, allocations);
            sampledCount++;
            lastSampled = id;
        } else {
            lastSampled = 0;
        }
    }

    @Override
    public synchronized void onGcStart(int gc, String kind) {
        checkPoint = allocations;
        inGc = true;
    }

    @Override
    public synchronized void onGcEnd(int gc, String kind) {
        inGc = false;
    }

    @Override
    public synchronized void onObjectFreed(long object) {
        if (ObjectModel.typeId(memory, object) == EPHEMERON_TYPE) {
            return;
        }
        long id = ObjectModel.id(memory, object);
        if (sampled.remove(id) < 0) {
            return;
        }
        observed++;
        deaths.died(id, inGc ? checkPoint : allocations);
        mourned.add(id);
    }

    /** The id of the last program allocation if it was sampled, otherwise 0. */
    public synchronized long lastSampled() {
        return lastSampled;
    }

    /** Whether sampled object {@code id} is still waiting for its death to be observed. */
    public synchronized boolean isWatched(long id) {
        return sampled.containsKey(id);
    }

    /** The sampled objects observed dead since the last call, in increasing id order. */
    public synchronized long[] takeMourned() {
        long[] out = mourned.toLongArray();
        mourned.clear();
        Arrays.sort(out);
        return out;
    }

    /** Whether deaths wait for {@link #takeMourned}: a cheap test on every record. */
    public synchronized boolean hasMourned() {
        return !mourned.isEmpty();
    }

    /** Program allocations so far (the clock of death points). */
    public synchronized long allocations() {
        return allocations;
    }

    @Override
    public synchronized Map<String, Number> summary() {
        Map<String, Number> m = new LinkedHashMap<>();
        m.put("sampleOneIn", oneIn);
        m.put("sampled", sampledCount);
        m.put("deathsObserved", observed);
        m.put("stillWatched", (long) sampled.size());
        m.put("ephemerons", ephemerons);
        return m;
    }
}
