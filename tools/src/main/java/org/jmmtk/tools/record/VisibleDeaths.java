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
    /** Predecessors kept in the node and a plain array up to this many; a hash multiset beyond. */
    private static final int SMALL = 8;
    private static final int[] NONE = new int[0];

    /** Ints per object in {@link #node}: one cache line (see {@link #at}). */
    private static final int NODE = 16;
    private static final int NODE_SHIFT = 4;
    /** Where object 1's ints start less {@link #NODE}: each object's sixteen ints in one 64-byte line of a line-aligned array (an int[]'s elements start 16 bytes into it). */
    private static final int ALIGN = 4;
    private static final int FLAGS = 0;
    private static final int IN = 1;
    private static final int HELD = 2;
    private static final int PREDS = 3;
    private static final int REACHED = 4;
    private static final int VISITED = 5;
    private static final int WITNESS = 6;
    private static final int ALIVE_POS = 7;
    /** The first {@link #INLINE} predecessors, then the first {@link #INLINE} slots, in the node itself. */
    private static final int PRED0 = 8;
    private static final int SLOT0 = 12;
    private static final int INLINE = 4;
    private static final int STATE = 3;
    private static final int QUEUED = 4;
    /** In {@link #FLAGS}: the object's predecessors are in {@link #hubPreds}. */
    private static final int HUB = 8;
    /** {@link #FLAGS} from this bit up: 1 + the object's weak slot (0: none), so that a store checks it in the word it loads anyway. */
    private static final int WEAK_SHIFT = 4;
    /** Weak slots from this on do not fit in {@link #FLAGS}. */
    static final int MAX_WEAK_SLOT = (1 << (31 - WEAK_SHIFT)) - 2;
    /** Ids this pass can hold: {@link #NODE} ints each in one array. */
    static final int MAX_IDS = (Integer.MAX_VALUE - 8) / NODE - 1;

    private final boolean conservative;
    /** The weak slot of each type that has one (the log's {@code weak-slots}); -1 for the others. */
    private final Int2IntOpenHashMap weakSlotOfType = new Int2IntOpenHashMap();
    private final int searchBudget;
    private final int chain;
    /**
     * Each object's fields, {@link #NODE} ints from {@link #at}{@code (id, 0)}, so that what a store or a check reads of
     * one object is one cache line (nine arrays by id before, then eight ints and an array each of slots and
     * predecessors: a miss each):
     * {@link #FLAGS} its state ({@link #ALIVE}, {@link #DEAD}) and whether it is queued as a suspect;
     * {@link #IN} references to it from live objects' slots, frame slots and statics; {@link #HELD} those
     * from frame slots and statics; {@link #PREDS} its predecessor count; {@link #REACHED} the point it was
     * last found reachable at; {@link #VISITED} the search epoch that last visited it; {@link #WITNESS} the
     * predecessor through which it was last found reachable (0 for none); {@link #ALIVE_POS} its place in
     * {@link #aliveList}; from {@link #PRED0} its first {@link #INLINE} predecessors, from {@link #SLOT0} its
     * first {@link #INLINE} slots (most objects have no more of either).
     */
    private int[] node = new int[NODE * 1024];
    /** Each object's slots from {@link #INLINE} on, at {@code slot - INLINE} (null: none set). */
    private int[][] slots = new int[1024][];
    /** Each object's predecessors from {@link #INLINE} on, up to {@link #SMALL} (none when it is a {@link #HUB}). */
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
            node[at(y, FLAGS)] &= ~QUEUED;
            if ((node[at(y, FLAGS)] & STATE) != ALIVE || reachable(y)) {
                continue;
            }
            if (node[at(y, IN)] == 0) {
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
        node[at(id, FLAGS)] = node[at(id, FLAGS)] & QUEUED | ALIVE | (weakSlotOfType.get(typeId) + 1) << WEAK_SHIFT;
        if (conservative) {
            newborn.add(id);
            return;
        }
        node[at(id, ALIVE_POS)] = aliveCount;
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
        if (conservative || source <= 0 || source >= node.length >> NODE_SHIFT) {
            return;
        }
        int flags = node[at(source, FLAGS)];
        if ((flags & STATE) != ALIVE || flags >>> WEAK_SHIFT == slot + 1) {
            return;
        }
        int value = alive(target) ? target : 0;
        int old;
        if (slot < INLINE) {
            int i = at(source, SLOT0 + slot);
            old = node[i];
            if (old == value) {
                return;
            }
            node[i] = value;
        } else {
            int[] s = slots[source];
            int i = slot - INLINE;
            if (s == null || i >= s.length) {
                if (value == 0) {
                    return;
                }
                s = Arrays.copyOf(s == null ? NONE : s, Math.max(i + 1, s == null ? 4 : 2 * s.length));
                slots[source] = s;
            }
            old = s[i];
            if (old == value) {
                return;
            }
            s[i] = value;
        }
        if (old != 0) {
            node[at(old, IN)]--;
            removePred(old, source);
            suspect(old);
        }
        if (value != 0) {
            node[at(value, IN)]++;
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
        if (old != 0 && (node[at(old, FLAGS)] & STATE) == ALIVE) {
            node[at(old, IN)]--;
            node[at(old, HELD)]--;
            suspect(old);
        }
        if (value != 0) {
            node[at(value, IN)]++;
            node[at(value, HELD)]++;
        }
        return value;
    }

    /** Where field {@code field} of object {@code id} (at least 1) is in {@link #node}. */
    private static int at(int id, int field) {
        return (id << NODE_SHIFT) + field - ALIGN;
    }

    /** Predecessor {@code k} of {@code id} (below its count; not for a hub). */
    private int predAt(int id, int k) {
        return k < INLINE ? node[at(id, PRED0 + k)] : preds[id][k - INLINE];
    }

    private boolean alive(int id) {
        return id > 0 && id < node.length >> NODE_SHIFT && (node[at(id, FLAGS)] & STATE) == ALIVE;
    }

    private void suspect(int id) {
        if ((node[at(id, FLAGS)] & QUEUED) == 0) {
            node[at(id, FLAGS)] |= QUEUED;
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
        node[at(y, VISITED)] = visitEpoch;
        for (int i = 0; i < search.size(); i++) {
            int u = search.getInt(i);
            if ((node[at(u, FLAGS)] & HUB) != 0) {
                Int2IntOpenHashMap hub = hubPreds.get(u);
                for (IntIterator it = hub.keySet().iterator(); it.hasNext(); ) {
                    int r = visit(it.nextInt(), i);
                    if (r != 0) {
                        return r > 0;
                    }
                }
            } else {
                for (int k = 0, n = node[at(u, PREDS)]; k < n; k++) {
                    int r = visit(predAt(u, k), i);
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
                node[at(c, WITNESS)] = parent;
                node[at(c, REACHED)] = point;
                parent = c;
                child = searchParent.getInt(child);
            }
            searchVisits += search.size();
            return 1;
        }
        if (node[at(w, VISITED)] != visitEpoch) {
            node[at(w, VISITED)] = visitEpoch;
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
            if (node[at(v, HELD)] > 0 || node[at(v, REACHED)] == point) {
                for (int x = w; x != v; x = node[at(x, WITNESS)]) {
                    node[at(x, REACHED)] = point;
                }
                return true;
            }
            int next = node[at(v, WITNESS)];
            if (next == 0 || (node[at(next, FLAGS)] & STATE) != ALIVE || !refers(next, v)) {
                return false;
            }
            v = next;
        }
        return false;
    }

    /** Whether {@code source} holds a reference to {@code target}. */
    private boolean refers(int source, int target) {
        if ((node[at(target, FLAGS)] & HUB) != 0) {
            return hubPreds.get(target).containsKey(source);
        }
        for (int k = 0, n = node[at(target, PREDS)]; k < n; k++) {
            if (predAt(target, k) == source) {
                return true;
            }
        }
        return false;
    }

    private void nextEpoch() {
        if (++visitEpoch == Integer.MAX_VALUE) {
            for (int i = at(1, VISITED); i < node.length; i += NODE) {
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
            for (int k = 0; k < INLINE; k++) {
                markTarget(x, node[at(x, SLOT0 + k)]);
            }
            int[] s = slots[x];
            if (s != null) {
                for (int v : s) {
                    markTarget(x, v);
                }
            }
        }
        for (int i = 0; i < aliveCount; i++) {
            int x = aliveList[i];
            if (node[at(x, VISITED)] != visitEpoch) {
                search.add(x);
            }
        }
        killSearched();
        clearSuspects(); // the targets of the dead are marked: nothing more dies here
    }

    private void clearSuspects() {
        while (!suspects.isEmpty()) {
            node[at(suspects.popInt(), FLAGS)] &= ~QUEUED;
        }
    }

    /** {@link #markRoot} for a slot of {@code x} that holds {@code v}: {@code x} is its witness if this mark had not reached it. */
    private void markTarget(int x, int v) {
        if (v != 0 && node[at(v, VISITED)] != visitEpoch) {
            node[at(v, WITNESS)] = x;
        }
        markRoot(v);
    }

    private void markRoot(int v) {
        if (v != 0 && node[at(v, VISITED)] != visitEpoch) {
            node[at(v, VISITED)] = visitEpoch;
            node[at(v, REACHED)] = point;
            search.add(v);
        }
    }

    /** Every object in {@link #search} dies at this point; their live targets are checked next. */
    private void killSearched() {
        for (int i = 0; i < search.size(); i++) {
            int x = search.getInt(i);
            node[at(x, FLAGS)] = node[at(x, FLAGS)] & ~STATE | DEAD;
            die(x);
            int last = aliveList[--aliveCount];
            aliveList[node[at(x, ALIVE_POS)]] = last;
            node[at(last, ALIVE_POS)] = node[at(x, ALIVE_POS)];
        }
        for (int i = 0; i < search.size(); i++) {
            int x = search.getInt(i);
            for (int k = 0; k < INLINE; k++) {
                loseTarget(x, node[at(x, SLOT0 + k)]);
                node[at(x, SLOT0 + k)] = 0;
            }
            int[] s = slots[x];
            if (s != null) {
                for (int v : s) {
                    loseTarget(x, v);
                }
            }
            slots[x] = null;
            if ((node[at(x, FLAGS)] & HUB) != 0) {
                hubPreds.remove(x);
                node[at(x, FLAGS)] &= ~HUB;
            }
            preds[x] = null;
            node[at(x, PREDS)] = 0;
        }
        search.clear();
    }

    /** Dead {@code x} held {@code v} in a slot: a live {@code v} loses that reference and is checked. */
    private void loseTarget(int x, int v) {
        if (v != 0 && (node[at(v, FLAGS)] & STATE) == ALIVE) {
            node[at(v, IN)]--;
            removePred(v, x);
            suspect(v);
        }
    }

    private void die(int id) {
        deadIds.add(id);
        deadAt.add(pointIndex);
    }

    private void addPred(int target, int source) {
        int n = node[at(target, PREDS)];
        if ((node[at(target, FLAGS)] & HUB) != 0 || n >= SMALL) {
            addToHub(target, source, n);
        } else if (n < INLINE) {
            node[at(target, PRED0 + n)] = source;
        } else {
            int[] p = preds[target];
            int i = n - INLINE;
            if (p == null || i == p.length) {
                p = Arrays.copyOf(p == null ? NONE : p, p == null ? 2 : 2 * p.length);
                preds[target] = p;
            }
            p[i] = source;
        }
        node[at(target, PREDS)] = n + 1;
    }

    /** {@link #addPred} for an object with {@link #SMALL} predecessors or more: they go to (or are in) a hash multiset. */
    private void addToHub(int target, int source, int n) {
        Int2IntOpenHashMap hub;
        if ((node[at(target, FLAGS)] & HUB) != 0) {
            hub = hubPreds.get(target);
        } else {
            hub = new Int2IntOpenHashMap();
            for (int k = 0; k < n; k++) {
                hub.addTo(predAt(target, k), 1);
            }
            node[at(target, FLAGS)] |= HUB;
            preds[target] = null;
            hubPreds.put(target, hub);
        }
        hub.addTo(source, 1);
    }

    private void removePred(int target, int source) {
        int n = node[at(target, PREDS)];
        if ((node[at(target, FLAGS)] & HUB) != 0) {
            removeFromHub(target, source);
        } else {
            for (int k = 0; k < n; k++) {
                if (predAt(target, k) == source) {
                    setPredAt(target, k, predAt(target, n - 1));
                    break;
                }
            }
        }
        node[at(target, PREDS)] = n - 1;
    }

    private void setPredAt(int id, int k, int value) {
        if (k < INLINE) {
            node[at(id, PRED0 + k)] = value;
        } else {
            preds[id][k - INLINE] = value;
        }
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
