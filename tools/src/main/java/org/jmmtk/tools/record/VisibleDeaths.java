package org.jmmtk.tools.record;

import it.unimi.dsi.fastutil.ints.Int2IntOpenHashMap;
import it.unimi.dsi.fastutil.ints.Int2ObjectOpenHashMap;
import it.unimi.dsi.fastutil.ints.IntArrayList;
import it.unimi.dsi.fastutil.ints.IntIterator;
import it.unimi.dsi.fastutil.longs.LongArrayList;
import java.util.Arrays;
import org.jmmtk.bindings.trace.IgnoringEvents;
import org.jmmtk.bindings.trace.TraceEvents;
import org.jmmtk.bindings.trace.TraceException;

/**
 * The first point (an allocation or a collection request, where a collector may run) at which each
 * recorded object is unreachable in the <em>visible graph</em>: the frame slots, static fields and
 * object fields the recording saw, without the references it cannot see (the operand stack, hidden
 * classes, native code). {@link RecordedTrace} pins an object from there to its last mention when
 * that mention comes later.
 *
 * <p>Exact at every point, incrementally: an in-count per object (fields of live objects, frame
 * slots and statics) and its predecessors. At a point, the objects that lost a reference since the
 * last one, and the ones born since, are checked: no in-reference means unreachable; held by a root
 * means reachable; otherwise a backward search over predecessors looks for a root-held object (or one
 * already found reachable at this point), and when it finds none, every object it visited is
 * unreachable (each one's predecessors are among them, and none is held by a root). Each object
 * remembers a <em>witness</em>, the predecessor through which it was last found reachable; before a
 * predecessor is searched further, its chain of witnesses is followed (each link only while that
 * reference still exists, at most {@link #CHAIN} links) to a root-held or already-reachable object,
 * which settles most checks in a few steps (an object shared by thousands, such as a cached boxed
 * integer, does not need its thousands of holders visited). A search that
 * grows past {@link #SEARCH_BUDGET} objects is replaced by a mark of the whole visible graph from the
 * roots, which settles every object at once. Unreachable objects lose their out-references, and
 * their targets are checked in turn at the same point.
 *
 * <p>An object once unreachable stays dead here: a later store of it (a value the recording could
 * not see being held, put back into the visible graph) is taken as a store of null, and stores into
 * it are ignored. This can only make the visible graph smaller than the program's, so the point found
 * for an object is never after its first unreachable point in the program's visible graph: a pin that
 * starts there covers every point at which the visible graph alone would have lost the object.
 *
 * <p>{@link #conservative} instead takes every object as unreachable at the first point after its
 * birth (the pins of every object used after an allocation, as {@code record} wrote before; tests
 * compare the two). Used by one thread: {@code record}'s checking thread, through {@link #events}.
 */
final class VisibleDeaths {
    /** Objects a backward search may visit before a full mark is cheaper. */
    static final int SEARCH_BUDGET = 1 << 14;
    /** Links of a witness chain followed before it counts as broken. */
    static final int CHAIN = 64;
    private static final byte ALIVE = 1;
    private static final byte DEAD = 2;
    /** Predecessors kept in a plain array up to this many; a hash multiset beyond. */
    private static final int SMALL = 8;
    private static final int[] NONE = new int[0];
    /** In {@link #preds} for an object whose predecessors are in {@link #hubPreds}. */
    private static final int[] HUB = new int[0];

    /** Ints per object in {@link #node} (ids are shifted by 3 to index it). */
    private static final int NODE = 8;
    private static final int FLAGS = 0;
    private static final int IN = 1;
    private static final int HELD = 2;
    private static final int PREDS = 3;
    private static final int REACHED = 4;
    private static final int VISITED = 5;
    private static final int WITNESS = 6;
    private static final int ALIVE_POS = 7;
    private static final int STATE = 3;
    private static final int QUEUED = 4;
    /** {@link #FLAGS} from this bit up: 1 + the object's weak slot (0: none), so that a store checks it in the word it loads anyway. */
    private static final int WEAK_SHIFT = 3;
    /** Weak slots from this on do not fit in {@link #FLAGS}. */
    static final int MAX_WEAK_SLOT = (1 << (31 - WEAK_SHIFT)) - 2;
    /** Ids this pass can hold: {@link #NODE} ints each in one array. */
    static final int MAX_IDS = (Integer.MAX_VALUE - 8) / NODE;

    private final boolean conservative;
    /** The weak slot of each type that has one (the log's {@code weak-slots}); -1 for the others. */
    private final Int2IntOpenHashMap weakSlotOfType = new Int2IntOpenHashMap();
    private final int searchBudget;
    private final int chain;
    /**
     * Each object's fields, {@link #NODE} ints from {@code id << 3}, so that what a store or a check reads of
     * one object shares its cache lines (nine arrays by id before: a miss each):
     * {@link #FLAGS} its state ({@link #ALIVE}, {@link #DEAD}) and whether it is queued as a suspect;
     * {@link #IN} references to it from live objects' slots, frame slots and statics; {@link #HELD} those
     * from frame slots and statics; {@link #PREDS} its predecessor count; {@link #REACHED} the point it was
     * last found reachable at; {@link #VISITED} the search epoch that last visited it; {@link #WITNESS} the
     * predecessor through which it was last found reachable (0 for none); {@link #ALIVE_POS} its place in
     * {@link #aliveList}.
     */
    private int[] node = new int[NODE * 1024];
    private int[][] slots = new int[1024][];
    private int[][] preds = new int[1024][];
    private final Int2ObjectOpenHashMap<Int2IntOpenHashMap> hubPreds = new Int2ObjectOpenHashMap<>();
    /** For each object in {@link #search}, the position of the one it was found as a predecessor of. */
    private final IntArrayList searchParent = new IntArrayList();
    private int visitEpoch;
    private int[] aliveList = new int[1024];
    private int aliveCount;
    private final Int2ObjectOpenHashMap<int[]> frames = new Int2ObjectOpenHashMap<>();
    private final Int2IntOpenHashMap statics = new Int2IntOpenHashMap();
    private final IntArrayList suspects = new IntArrayList();
    private final IntArrayList search = new IntArrayList();
    private final IntArrayList newborn = new IntArrayList();
    private int point;
    private long pointIndex;
    private final IntArrayList deadIds = new IntArrayList();
    private final LongArrayList deadAt = new LongArrayList();
    private long searches;
    private long searchVisits;
    private long fullMarks;

    /** Exact visible deaths, or with {@code conservative} every object dead at the first point after its birth. */
    VisibleDeaths(boolean conservative) {
        this(conservative, SEARCH_BUDGET, CHAIN);
    }

    /** With a search budget and witness chain length of its own (tests use small ones, to reach every path). */
    VisibleDeaths(boolean conservative, int searchBudget, int chain) {
        this.conservative = conservative;
        this.searchBudget = searchBudget;
        this.chain = chain;
        weakSlotOfType.defaultReturnValue(-1);
    }

    /** A point at event {@code index}: finds the objects unreachable here, before what the event allocates. */
    void point(long index) {
        point++;
        pointIndex = index;
        if (conservative) {
            for (int i = 0; i < newborn.size(); i++) {
                die(newborn.getInt(i));
            }
            newborn.clear();
            return;
        }
        while (!suspects.isEmpty()) {
            int y = suspects.popInt();
            node[y << 3 | FLAGS] &= ~QUEUED;
            if ((node[y << 3 | FLAGS] & STATE) != ALIVE || reachable(y)) {
                continue;
            }
            if (node[y << 3 | IN] == 0) {
                search.clear();
                search.add(y);
                killSearched();
            } else if (!searchBackward(y)) {
                markFromRoots();
                return;
            }
        }
    }

    void alloc(int id, int typeId) {
        grow(id);
        // stores into the weak slot of an object of a type that has one are not edges
        node[id << 3 | FLAGS] = node[id << 3 | FLAGS] & QUEUED | ALIVE | (weakSlotOfType.get(typeId) + 1) << WEAK_SHIFT;
        if (conservative) {
            newborn.add(id);
            return;
        }
        node[id << 3 | ALIVE_POS] = aliveCount;
        if (aliveCount == aliveList.length) {
            aliveList = Arrays.copyOf(aliveList, 2 * aliveCount);
        }
        aliveList[aliveCount++] = id;
        suspect(id);
    }

    /** Slot {@code slot} of type {@code typeId}'s objects is weak: a reference's referent, not an edge of the visible graph. */
    void weakSlot(int typeId, int slot) {
        if (slot < 0 || slot > MAX_WEAK_SLOT) {
            throw new TraceException("agent log", "weak slot " + slot + " of type " + typeId + " is out of range");
        }
        weakSlotOfType.put(typeId, slot);
    }

    void write(int source, int slot, int target) {
        if (conservative || source <= 0 || source >= node.length >> 3) {
            return;
        }
        int flags = node[source << 3 | FLAGS];
        if ((flags & STATE) != ALIVE || flags >>> WEAK_SHIFT == slot + 1) {
            return;
        }
        int value = alive(target) ? target : 0;
        int[] s = slots[source];
        if (s == null || slot >= s.length) {
            if (value == 0) {
                return;
            }
            s = Arrays.copyOf(s == null ? NONE : s, Math.max(slot + 1, s == null ? 4 : 2 * s.length));
            slots[source] = s;
        }
        int old = s[slot];
        if (old == value) {
            return;
        }
        s[slot] = value;
        if (old != 0) {
            node[old << 3 | IN]--;
            removePred(old, source);
            suspect(old);
        }
        if (value != 0) {
            node[value << 3 | IN]++;
            addPred(value, source);
        }
    }

    void root(int thread, int slot, int target) {
        if (conservative) {
            return;
        }
        int[] frame = frames.get(thread);
        if (frame == null || slot >= frame.length) {
            frame = Arrays.copyOf(frame == null ? NONE : frame, Math.max(slot + 1, frame == null ? 64 : 2 * frame.length));
            frames.put(thread, frame);
        }
        frame[slot] = holdInstead(frame[slot], target);
    }

    void global(int staticId, int target) {
        if (!conservative) {
            statics.put(staticId, holdInstead(statics.get(staticId), target));
        }
    }

    /**
     * This pass as a consumer of the log's events in order, for a thread of its own ({@link RecordedTrace}
     * reads the log on another): an allocation and a collection request are points, at the index of
     * their event (events count from 0); ids, slots and threads as the log has them, a static field's
     * id as the slot of a {@code global}.
     */
    TraceEvents events() {
        return new IgnoringEvents() {
            private long index;

            @Override
            public void weakSlot(int typeId, int slot) {
                VisibleDeaths.this.weakSlot(typeId, slot);
            }

            @Override
            public void alloc(int thread, long object, long bytes, int refSlots, int typeId) {
                point(index++);
                VisibleDeaths.this.alloc((int) object, typeId);
            }

            @Override
            public void write(int thread, long source, int slot, long target) {
                index++;
                VisibleDeaths.this.write((int) source, slot, (int) target);
            }

            @Override
            public void root(int thread, int rootSlot, long target) {
                index++;
                VisibleDeaths.this.root(thread, rootSlot, (int) target);
            }

            @Override
            public void global(int rootSlot, long target) {
                index++;
                VisibleDeaths.this.global(rootSlot, (int) target);
            }

            @Override
            public void collect() {
                point(index++);
            }
        };
    }

    /** Deaths found so far, in the order of their points: ids. */
    IntArrayList deadIds() {
        return deadIds;
    }

    /** Deaths found so far: the event index of each one's point. */
    LongArrayList deadAt() {
        return deadAt;
    }

    /**
     * Hands over this pass's table by id ({@link #NODE} ints per id it held, in any state) once its events
     * are over, for the second pass to reuse: its pages are already in memory, where fresh tables of that
     * size cost a page fault and the kernel's zeroing per page. The pass takes no more events after this.
     */
    int[] retireTable() {
        int[] table = node;
        node = null;
        slots = null;
        preds = null;
        aliveList = null;
        return table;
    }

    /** Backward searches run, objects they visited, and marks of the whole visible graph. */
    long[] work() {
        return new long[] {searches, searchVisits, fullMarks};
    }

    /** A root slot that held {@code old} now holds {@code target} (null if it died); returns what it holds. */
    private int holdInstead(int old, int target) {
        int value = alive(target) ? target : 0;
        if (old == value) {
            return value;
        }
        if (old != 0 && (node[old << 3 | FLAGS] & STATE) == ALIVE) {
            node[old << 3 | IN]--;
            node[old << 3 | HELD]--;
            suspect(old);
        }
        if (value != 0) {
            node[value << 3 | IN]++;
            node[value << 3 | HELD]++;
        }
        return value;
    }

    private boolean alive(int id) {
        return id > 0 && id < node.length >> 3 && (node[id << 3 | FLAGS] & STATE) == ALIVE;
    }

    private void suspect(int id) {
        if ((node[id << 3 | FLAGS] & QUEUED) == 0) {
            node[id << 3 | FLAGS] |= QUEUED;
            suspects.add(id);
        }
    }

    /**
     * Looks for a root-held object among {@code y}'s transitive predecessors; when there is none, all
     * of them die. False when the search outgrew its budget, undecided.
     */
    private boolean searchBackward(int y) {
        searches++;
        nextEpoch();
        search.clear();
        searchParent.clear();
        search.add(y);
        searchParent.add(-1);
        node[y << 3 | VISITED] = visitEpoch;
        for (int i = 0; i < search.size(); i++) {
            int u = search.getInt(i);
            int[] p = preds[u];
            if (p == HUB) {
                Int2IntOpenHashMap hub = hubPreds.get(u);
                for (IntIterator it = hub.keySet().iterator(); it.hasNext(); ) {
                    int r = visit(it.nextInt(), i);
                    if (r != 0) {
                        return r > 0;
                    }
                }
            } else {
                for (int k = 0, n = node[u << 3 | PREDS]; k < n; k++) {
                    int r = visit(p[k], i);
                    if (r != 0) {
                        return r > 0;
                    }
                }
            }
        }
        searchVisits += search.size();
        killSearched();
        return true;
    }

    /**
     * Predecessor {@code w} of the object at {@code at} in a search: 1 when it is reachable (then so
     * is every object on the search's way from there back to its start: each gets its witness), -1
     * when the budget ran out, 0 to go on.
     */
    private int visit(int w, int at) {
        if (reachable(w)) {
            int child = at;
            int parent = w;
            while (child >= 0) {
                int c = search.getInt(child);
                node[c << 3 | WITNESS] = parent;
                node[c << 3 | REACHED] = point;
                parent = c;
                child = searchParent.getInt(child);
            }
            searchVisits += search.size();
            return 1;
        }
        if (node[w << 3 | VISITED] != visitEpoch) {
            node[w << 3 | VISITED] = visitEpoch;
            search.add(w);
            searchParent.add(at);
            if (search.size() > searchBudget) {
                searchVisits += search.size();
                return -1;
            }
        }
        return 0;
    }

    /**
     * Whether {@code w} is held by a root, was found reachable at this point, or its witness chain
     * leads there through references that still exist (then the chain is reachable at this point).
     */
    private boolean reachable(int w) {
        int v = w;
        for (int links = 0; links <= chain; links++) {
            if (node[v << 3 | HELD] > 0 || node[v << 3 | REACHED] == point) {
                for (int x = w; x != v; x = node[x << 3 | WITNESS]) {
                    node[x << 3 | REACHED] = point;
                }
                return true;
            }
            int next = node[v << 3 | WITNESS];
            if (next == 0 || (node[next << 3 | FLAGS] & STATE) != ALIVE || !refers(next, v)) {
                return false;
            }
            v = next;
        }
        return false;
    }

    /** Whether {@code source} holds a reference to {@code target}. */
    private boolean refers(int source, int target) {
        int[] p = preds[target];
        if (p == HUB) {
            return hubPreds.get(target).containsKey(source);
        }
        for (int k = 0, n = node[target << 3 | PREDS]; k < n; k++) {
            if (p[k] == source) {
                return true;
            }
        }
        return false;
    }

    private void nextEpoch() {
        if (++visitEpoch == Integer.MAX_VALUE) {
            for (int i = VISITED; i < node.length; i += NODE) {
                node[i] = 0;
            }
            visitEpoch = 1;
        }
    }

    /**
     * Marks the visible graph from every frame slot and static (with a mark of its own: objects found
     * reachable earlier at this point have not had their targets visited); everything unmarked dies here.
     */
    private void markFromRoots() {
        fullMarks++;
        nextEpoch();
        clearSuspects();
        search.clear();
        for (int[] frame : frames.values()) {
            for (int v : frame) {
                markRoot(v);
            }
        }
        for (IntIterator it = statics.values().iterator(); it.hasNext(); ) {
            markRoot(it.nextInt());
        }
        while (!search.isEmpty()) {
            int x = search.popInt();
            int[] s = slots[x];
            if (s != null) {
                for (int v : s) {
                    if (v != 0 && node[v << 3 | VISITED] != visitEpoch) {
                        node[v << 3 | WITNESS] = x;
                    }
                    markRoot(v);
                }
            }
        }
        for (int i = 0; i < aliveCount; i++) {
            int x = aliveList[i];
            if (node[x << 3 | VISITED] != visitEpoch) {
                search.add(x);
            }
        }
        killSearched();
        clearSuspects(); // the targets of the dead are marked: nothing more dies here
    }

    private void clearSuspects() {
        while (!suspects.isEmpty()) {
            node[suspects.popInt() << 3 | FLAGS] &= ~QUEUED;
        }
    }

    private void markRoot(int v) {
        if (v != 0 && node[v << 3 | VISITED] != visitEpoch) {
            node[v << 3 | VISITED] = visitEpoch;
            node[v << 3 | REACHED] = point;
            search.add(v);
        }
    }

    /** Every object in {@link #search} dies at this point; their live targets are checked next. */
    private void killSearched() {
        for (int i = 0; i < search.size(); i++) {
            int x = search.getInt(i);
            node[x << 3 | FLAGS] = node[x << 3 | FLAGS] & ~STATE | DEAD;
            die(x);
            int last = aliveList[--aliveCount];
            aliveList[node[x << 3 | ALIVE_POS]] = last;
            node[last << 3 | ALIVE_POS] = node[x << 3 | ALIVE_POS];
        }
        for (int i = 0; i < search.size(); i++) {
            int x = search.getInt(i);
            int[] s = slots[x];
            if (s != null) {
                for (int v : s) {
                    if (v != 0 && (node[v << 3 | FLAGS] & STATE) == ALIVE) {
                        node[v << 3 | IN]--;
                        removePred(v, x);
                        suspect(v);
                    }
                }
            }
            slots[x] = null;
            if (preds[x] == HUB) {
                hubPreds.remove(x);
            }
            preds[x] = null;
            node[x << 3 | PREDS] = 0;
        }
        search.clear();
    }

    private void die(int id) {
        deadIds.add(id);
        deadAt.add(pointIndex);
    }

    private void addPred(int target, int source) {
        int n = node[target << 3 | PREDS];
        int[] p = preds[target];
        if (p != HUB && n < SMALL) {
            if (p == null || n == p.length) {
                p = Arrays.copyOf(p == null ? NONE : p, p == null ? 2 : 2 * n);
                preds[target] = p;
            }
            p[n] = source;
        } else {
            addToHub(target, source, p, n);
        }
        node[target << 3 | PREDS] = n + 1;
    }

    /** {@link #addPred} for an object with {@link #SMALL} predecessors or more: they go to (or are in) a hash multiset. */
    private void addToHub(int target, int source, int[] p, int n) {
        Int2IntOpenHashMap hub;
        if (p == HUB) {
            hub = hubPreds.get(target);
        } else {
            hub = new Int2IntOpenHashMap();
            for (int k = 0; k < n; k++) {
                hub.addTo(p[k], 1);
            }
            preds[target] = HUB;
            hubPreds.put(target, hub);
        }
        hub.addTo(source, 1);
    }

    private void removePred(int target, int source) {
        int n = node[target << 3 | PREDS];
        int[] p = preds[target];
        if (p == HUB) {
            removeFromHub(target, source);
        } else {
            for (int k = 0; k < n; k++) {
                if (p[k] == source) {
                    p[k] = p[n - 1];
                    break;
                }
            }
        }
        node[target << 3 | PREDS] = n - 1;
    }

    private void removeFromHub(int target, int source) {
        Int2IntOpenHashMap hub = hubPreds.get(target);
        if (hub.addTo(source, -1) == 1) {
            hub.remove(source);
        }
    }

    private void grow(int id) {
        int capacity = node.length / NODE;
        if (id < capacity) {
            return;
        }
        if (id >= MAX_IDS) {
            throw new TraceException("agent log", "more than " + MAX_IDS + " objects; recordings that large are not supported");
        }
        int n = (int) Math.min(MAX_IDS, Math.max(id + 1L, 2L * capacity));
        node = Arrays.copyOf(node, n * NODE);
        if (conservative) {
            return;
        }
        slots = Arrays.copyOf(slots, n);
        preds = Arrays.copyOf(preds, n);
    }
}
