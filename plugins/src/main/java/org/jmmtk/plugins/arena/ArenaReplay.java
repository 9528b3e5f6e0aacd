package org.jmmtk.plugins.arena;

import it.unimi.dsi.fastutil.longs.Long2IntOpenHashMap;
import it.unimi.dsi.fastutil.longs.Long2LongMap;
import it.unimi.dsi.fastutil.longs.Long2LongOpenHashMap;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/**
 * Rebuilds the live objects and their arenas from arena events alone, as a JVMPI heap profiler would:
 * an object lives from its NEW_OBJECT (or the MOVE_OBJECT that brought it to its address) until a
 * DELETE_OBJECT, a MOVE_OBJECT away, or the DELETE_ARENA of its arena. Strict: an event about an
 * object or arena that does not exist, or an object created or moved onto the address of a live one,
 * is an {@link ArenaFormatException}, so a producer's lost or misordered event shows.
 *
 * <p>One thread at a time.
 */
public final class ArenaReplay implements ArenaEvents {
    /** One arena's occupancy now. */
    public record Occupancy(int arena, String name, long objects, long bytes) {
    }

    private static final class Arena {
        final String name;
        final Long2LongOpenHashMap sizes = new Long2LongOpenHashMap();
        long bytes;

        Arena(String name) {
            this.name = name;
        }
    }

    private final TreeMap<Integer, Arena> arenas = new TreeMap<>();
    private final Long2IntOpenHashMap arenaOf = new Long2IntOpenHashMap();
    private long liveBytes;
    private long records;
    private int gcs;
    private int openGc = -1;

    @Override
    public void newArena(int arena, String name) {
        records++;
        if (arenas.containsKey(arena)) {
            throw new ArenaFormatException("NEW_ARENA " + arena + ": the arena already exists");
        }
        arenas.put(arena, new Arena(name));
    }

    @Override
    public void deleteArena(int arena) {
        records++;
        Arena a = arenas.remove(arena);
        if (a == null) {
            throw new ArenaFormatException("DELETE_ARENA " + arena + ": no such arena");
        }
        for (long object : a.sizes.keySet()) {
            arenaOf.remove(object);
        }
        liveBytes -= a.bytes;
    }

    @Override
    public void newObject(int arena, long object, int classId, long size) {
        records++;
        Arena a = arena(arena, "NEW_OBJECT");
        if (size <= 0) {
            throw new ArenaFormatException("NEW_OBJECT " + hex(object) + ": size " + size);
        }
        if (arenaOf.containsKey(object)) {
            throw new ArenaFormatException("NEW_OBJECT " + hex(object) + ": an object already lives there (arena "
                    + arenaOf.get(object) + ")");
        }
        add(a, arena, object, size);
    }

    @Override
    public void deleteObject(long object) {
        records++;
        if (!arenaOf.containsKey(object)) {
            throw new ArenaFormatException("DELETE_OBJECT " + hex(object) + ": no live object there");
        }
        Arena a = arenas.get(arenaOf.remove(object));
        long size = a.sizes.remove(object);
        a.bytes -= size;
        liveBytes -= size;
    }

    @Override
    public void moveObject(int oldArena, long oldObject, int newArena, long newObject) {
        records++;
        Arena from = arena(oldArena, "MOVE_OBJECT");
        Arena to = arena(newArena, "MOVE_OBJECT");
        if (!from.sizes.containsKey(oldObject)) {
            throw new ArenaFormatException("MOVE_OBJECT " + hex(oldObject) + ": no live object there in arena " + oldArena);
        }
        long size = from.sizes.remove(oldObject);
        arenaOf.remove(oldObject);
        from.bytes -= size;
        liveBytes -= size;
        if (arenaOf.containsKey(newObject)) {
            throw new ArenaFormatException("MOVE_OBJECT to " + hex(newObject) + ": an object already lives there (arena "
                    + arenaOf.get(newObject) + ")");
        }
        add(to, newArena, newObject, size);
    }

    @Override
    public void gcStart(int gc) {
        records++;
        if (openGc >= 0) {
            throw new ArenaFormatException("GC_START " + gc + " inside collection " + openGc);
        }
        openGc = gc;
    }

    @Override
    public void gcEnd(int gc) {
        records++;
        if (openGc != gc) {
            throw new ArenaFormatException("GC_END " + gc + (openGc < 0 ? " outside a collection" : " inside collection " + openGc));
        }
        openGc = -1;
        gcs++;
    }

    private void add(Arena a, int arena, long object, long size) {
        a.sizes.put(object, size);
        a.bytes += size;
        arenaOf.put(object, arena);
        liveBytes += size;
    }

    private Arena arena(int arena, String event) {
        Arena a = arenas.get(arena);
        if (a == null) {
            throw new ArenaFormatException(event + ": no arena " + arena);
        }
        return a;
    }

    private static String hex(long address) {
        return "0x" + Long.toHexString(address);
    }

    public long liveObjects() {
        return arenaOf.size();
    }

    public long liveBytes() {
        return liveBytes;
    }

    /** Arenas that exist now. */
    public int arenaCount() {
        return arenas.size();
    }

    /** Records consumed (END excluded). */
    public long records() {
        return records;
    }

    /** Collections completed (GC_START ... GC_END pairs). */
    public int collections() {
        return gcs;
    }

    /** Each arena's objects and bytes, by arena number. */
    public List<Occupancy> occupancy() {
        List<Occupancy> out = new ArrayList<>();
        for (Map.Entry<Integer, Arena> e : arenas.entrySet()) {
            Arena a = e.getValue();
            out.add(new Occupancy(e.getKey(), a.name, a.sizes.size(), a.bytes));
        }
        return out;
    }

    /** The live objects: address to size, all arenas together (a copy). */
    public Long2LongMap objects() {
        Long2LongOpenHashMap all = new Long2LongOpenHashMap(arenaOf.size());
        for (Arena a : arenas.values()) {
            all.putAll(a.sizes);
        }
        return all;
    }

    /** The arena the live object at {@code object} is in, or 0. */
    public int arenaOf(long object) {
        return arenaOf.get(object);
    }
}
