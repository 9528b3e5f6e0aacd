package org.jmmtk.bindings.trace;

import it.unimi.dsi.fastutil.ints.Int2IntOpenHashMap;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.List;

/**
 * Allocation by type, for {@code jmmtk trace stats --by-type}: the objects and bytes allocated of each type
 * named by the trace's {@code T} records (objects without a type, type id 0, form one row), and each type's
 * own maximum live size ({@link MaxLive#maxLiveByGroup}). Fed by {@link TraceStats}; used by one thread.
 */
public final class TypeStats {
    /** The name of the row of objects allocated without a type. */
    public static final String UNTYPED = "(no type)";

    private final Int2IntOpenHashMap groupOfType = new Int2IntOpenHashMap();
    private final List<Integer> typeIds = new ArrayList<>();
    private final List<String> names = new ArrayList<>();
    private long[] objects = new long[16];
    private long[] bytes = new long[16];
    /** The group of each allocation, from index 1. */
    private int[] groupOfAllocation = new int[1024];
    private int allocations;

    /**
     * One type's row.
     *
     * @param typeId       the type id (0: objects without a type)
     * @param name         the name its {@code T} record gave it, {@link #UNTYPED}, or {@code type N} if it had none
     * @param objects      objects allocated
     * @param bytes        their bytes
     * @param maxLiveBytes the type's own maximum live size (docs/trace-format.md)
     */
    public record Row(int typeId, String name, long objects, long bytes, long maxLiveBytes) {
        /** Bytes per object. */
        public double meanBytes() {
            return objects == 0 ? 0 : (double) bytes / objects;
        }
    }

    TypeStats() {
        groupOfType.defaultReturnValue(-1);
    }

    void type(int typeId, String name) {
        int g = group(typeId);
        names.set(g, name);
    }

    void alloc(long size, int typeId) {
        int g = group(typeId);
        objects[g]++;
        bytes[g] += size;
        if (++allocations == groupOfAllocation.length) {
            groupOfAllocation = Arrays.copyOf(groupOfAllocation, (int) Math.min(Integer.MAX_VALUE - 8,
                    groupOfAllocation.length * 2L));
        }
        groupOfAllocation[allocations] = g;
    }

    private int group(int typeId) {
        int g = groupOfType.get(typeId);
        if (g < 0) {
            g = typeIds.size();
            groupOfType.put(typeId, g);
            typeIds.add(typeId);
            names.add(typeId == 0 ? UNTYPED : "type " + typeId);
            if (g == objects.length) {
                objects = Arrays.copyOf(objects, g * 2);
                bytes = Arrays.copyOf(bytes, g * 2);
            }
        }
        return g;
    }

    /** The rows of the types that have objects, most bytes first (then by type id); ends {@code maxLive}. */
    List<Row> rows(MaxLive maxLive) {
        long[] maxLiveBytes = maxLive.maxLiveByGroup(groupOfAllocation, typeIds.size());
        List<Row> rows = new ArrayList<>();
        for (int g = 0; g < typeIds.size(); g++) {
            if (objects[g] > 0) {
                rows.add(new Row(typeIds.get(g), names.get(g), objects[g], bytes[g], maxLiveBytes[g]));
            }
        }
        rows.sort(Comparator.comparingLong(Row::bytes).reversed().thenComparingInt(Row::typeId));
        return rows;
    }
}
