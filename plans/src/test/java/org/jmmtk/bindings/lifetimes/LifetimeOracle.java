package org.jmmtk.bindings.lifetimes;

import java.util.ArrayDeque;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashSet;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import org.jmmtk.bindings.trace.IgnoringEvents;

/**
 * The definition of docs/merlin.md, computed as literally as possible and sharing nothing with jmmtk:
 * boxed maps of the graph, a breadth-first walk from every root before every allocation and at the end;
 * an object's death point is the number of allocations made before the first walk that misses it.
 */
final class LifetimeOracle extends IgnoringEvents {
    private final Map<Long, long[]> slots = new HashMap<>();
    private final Map<String, Long> roots = new HashMap<>();
    private final Set<Long> alive = new LinkedHashSet<>();
    private final TreeMap<Long, Long> deaths = new TreeMap<>();
    private long allocations;

    /** Death point by id, after the end of the trace. */
    TreeMap<Long, Long> deaths() {
        walk();
        return deaths;
    }

    private void walk() {
        Set<Long> seen = new HashSet<>();
        ArrayDeque<Long> queue = new ArrayDeque<>();
        for (long r : roots.values()) {
            if (seen.add(r)) {
                queue.add(r);
            }
        }
        while (!queue.isEmpty()) {
            for (long t : slots.get(queue.poll())) {
                if (t != 0 && seen.add(t)) {
                    queue.add(t);
                }
            }
        }
        for (var it = alive.iterator(); it.hasNext(); ) {
            long id = it.next();
            if (!seen.contains(id)) {
                deaths.put(id, allocations);
                it.remove();
            }
        }
    }

    @Override
    public void alloc(int thread, long object, long bytes, int refSlots, int typeId) {
        walk();
        allocations++;
        slots.put(object, new long[refSlots]);
        alive.add(object);
    }

    @Override
    public void write(int thread, long source, int slot, long target) {
        slots.get(source)[slot] = target;
    }

    @Override
    public void root(int thread, int rootSlot, long target) {
        root("t" + thread + ":" + rootSlot, target);
    }

    @Override
    public void global(int rootSlot, long target) {
        root("g" + rootSlot, target);
    }

    private void root(String key, long target) {
        if (target == 0) {
            roots.remove(key);
        } else {
            roots.put(key, target);
        }
    }
}
