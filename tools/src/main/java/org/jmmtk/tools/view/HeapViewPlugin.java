package org.jmmtk.tools.view;

import it.unimi.dsi.fastutil.longs.LongArrayList;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.Consumer;
import org.jmmtk.core.MMTK;
import org.jmmtk.core.analysis.Plugin;
import org.jmmtk.core.analysis.PluginContext;
import org.jmmtk.core.memory.SimulatedMemory;
import org.jmmtk.core.objectmodel.ObjectModel;
import org.jmmtk.core.policy.Space;

/**
 * The heap view's observer on the plugin host (GCspy's server side): it samples the heap's tiles after
 * every collection and every K allocations, checks the triggers at each event, and blocks the
 * simulation thread at pause points through {@link ViewControl}. Plans know nothing of it: it sees
 * the run only through the plugin events and the spaces' generic tile descriptions.
 *
 * <p>The events, the sampling and the blocking all happen on the simulation thread (allocations and
 * collections of the replay arrive there). HTTP threads change only the settings (tile size, sampling
 * interval, collapsed spaces, triggers), which are thread-safe, and receive frames through the
 * publisher.
 */
public final class HeapViewPlugin implements Plugin, Trigger.Readings {
    /** Heap events a backtrace shows. */
    static final int BACKTRACE_EVENTS = 32;

    private final ViewControl control;
    private final Consumer<HeapFrame> publisher;
    private final List<Trigger> triggers = new CopyOnWriteArrayList<>();
    private final AtomicInteger nextTriggerId = new AtomicInteger(1);
    private final Set<String> collapsed = ConcurrentHashMap.newKeySet();
    private final Map<String, long[]> zoom = new ConcurrentHashMap<>();
    private EventRing recent = new EventRing(BACKTRACE_EVENTS);
    private volatile long tileBytes;
    private volatile long sampleEvery;
    private PluginContext context;
    private SimulatedMemory memory;
    private volatile TileSampler sampler;
    private long heapBytes;
    private long pageBytes;
    private long allocations;
    private long events;
    private long sinceSample;
    private int gcCount;
    private long seq;
    private boolean ended;
    private List<String> backtrace = List.of();
    private HeapFrame lastGcFrame;
    private List<Plugin> others = List.of();

    /**
     * A view sampling every {@code sampleEvery} allocations with tiles of {@code tileBytes} (0: the heap's
     * block size), publishing each frame to {@code publisher}.
     */
    public HeapViewPlugin(ViewControl control, Consumer<HeapFrame> publisher, long tileBytes, long sampleEvery) {
        this.control = control;
        this.publisher = publisher;
        this.tileBytes = tileBytes;
        setSampleEvery(sampleEvery);
    }

    @Override
    public String name() {
        return "view";
    }

    @Override
    public int interests() {
        return ON_ALLOC | ON_GC | ON_POINTER_STORE | ON_ROOT_STORE;
    }

    @Override
    public void attach(PluginContext context) {
        this.context = context;
        this.memory = context.memory();
    }

    /**
     * Simulation thread, before the first allocation: learns the heap's spaces, and blocks there if the
     * view starts paused. Throws {@link IllegalArgumentException} if a trigger names no space.
     */
    public void bind(MMTK mmtk) {
        this.sampler = new TileSampler(mmtk.spaces().all(), mmtk.memory());
        others = mmtk.plugins().plugins().stream().filter(p -> p != this).toList();
        allocations = 0;
        events = 0;
        sinceSample = 0;
        gcCount = 0;
        ended = false;
        backtrace = List.of();
        lastGcFrame = null;
        recent = new EventRing(BACKTRACE_EVENTS);
        for (Trigger t : triggers) {
            t.reset();
        }
        control.restarted();
        this.heapBytes = mmtk.options().heapBytes();
        this.pageBytes = mmtk.geometry().pageBytes();
        if (tileBytes <= 0) {
            tileBytes = mmtk.geometry().blockBytes();
        }
        for (Trigger t : triggers) {
            checkSpace(t);
        }
        if (control.pauseRequested()) {
            block("start");
        } else {
            publish(sample("start"));
        }
    }

    // ---- settings, from any thread ----

    /** Adds a trigger written as {@link Trigger} says; throws {@link IllegalArgumentException} if malformed. */
    public Trigger addTrigger(String text) {
        Trigger t = Trigger.parse(nextTriggerId.getAndIncrement(), text);
        if (sampler != null) {
            checkSpace(t);
        }
        triggers.add(t);
        return t;
    }

    private void checkSpace(Trigger t) {
        if (t.space() != null && sampler.spaces().stream().noneMatch(s -> s.name().equals(t.space()))) {
            triggers.remove(t);
            throw new IllegalArgumentException("trigger '" + t.text() + "': no space named '" + t.space()
                    + "' (spaces: " + sampler.spaces() + ")");
        }
    }

    public boolean removeTrigger(int id) {
        return triggers.removeIf(t -> t.id() == id);
    }

    public List<Trigger> triggers() {
        return List.copyOf(triggers);
    }

    public long tileBytes() {
        return tileBytes;
    }

    /** A new blocking factor (a power of two of at least 8 bytes); resamples a paused heap at once. */
    public void setTileBytes(long bytes) {
        tileBytes = checkTileBytes(bytes);
        control.requestResample();
    }

    /** {@code bytes} if it is a valid tile size (a power of two, at least 8); else {@link IllegalArgumentException}. */
    public static long checkTileBytes(long bytes) {
        if (bytes < 8 || Long.bitCount(bytes) != 1) {
            throw new IllegalArgumentException("a tile size must be a power of two of at least 8 bytes, not " + bytes);
        }
        return bytes;
    }

    public long sampleEvery() {
        return sampleEvery;
    }

    /** Samples every {@code k} (positive) allocations between collections. */
    public void setSampleEvery(long k) {
        if (k <= 0) {
            throw new IllegalArgumentException("the sampling interval must be at least 1 allocation, not " + k);
        }
        sampleEvery = k;
    }

    /** Collapses a space (its tiles are no longer sampled nor sent) or expands it. */
    public void setCollapsed(String space, boolean collapse) {
        if (collapse) {
            collapsed.add(space);
        } else {
            collapsed.remove(space);
        }
        control.requestResample();
    }

    /**
     * Zooms into {@code [start, end)} of a space with tiles of {@code tileBytes} (a smaller blocking
     * factor for a region); the page keeps the stack of zooms and zooms out by restoring the previous one.
     */
    public void setZoom(String space, long start, long end, long tileBytes) {
        checkTileBytes(tileBytes);
        if (end <= start) {
            throw new IllegalArgumentException("a zoomed range must not be empty: [" + start + ", " + end + ")");
        }
        zoom.put(space, new long[] {start, end, tileBytes});
        control.requestResample();
    }

    /** Shows the whole space again. */
    public void clearZoom(String space) {
        zoom.remove(space);
        control.requestResample();
    }

    // ---- events, on the simulation thread ----

    @Override
    public void onAlloc(int mutator, long object) {
        allocations++;
        events++;
        sampler.allocated(object, context.bytesAllocated());
        int type = ObjectModel.typeId(memory, object);
        long size = ObjectModel.size(memory, object);
        recent.add(EventRing.ALLOC, events, mutator, ObjectModel.id(memory, object), type, size);
        if (ended) {
            return;
        }
        if (!triggers.isEmpty()) {
            check(Trigger.Event.ALLOC, type, size);
        }
        boolean stop = control.afterEvent(events);
        if (control.afterAllocation() || stop) {
            sinceSample = 0;
            block("allocations");
        } else if (++sinceSample >= sampleEvery) {
            sinceSample = 0;
            publish(sample("allocations"));
        }
    }

    @Override
    public void onPointerStore(int mutator, long source, int slot, long oldTarget, long newTarget) {
        events++;
        recent.add(EventRing.STORE, events, mutator, ObjectModel.id(memory, source), slot,
                newTarget == 0 ? 0 : ObjectModel.id(memory, newTarget));
        afterStore();
    }

    @Override
    public void onRootStore(int thread, int slot, long oldTarget, long newTarget) {
        events++;
        recent.add(EventRing.ROOT, events, thread, slot, newTarget == 0 ? 0 : ObjectModel.id(memory, newTarget), 0);
        afterStore();
    }

    /** A store is a pause point only for a time travel's target (and a pause asked for meanwhile). */
    private void afterStore() {
        if (!ended && control.afterEvent(events)) {
            block("store");
        }
    }

    @Override
    public void onGcStart(int gc, String kind) {
        gcCount = gc;
        recent.add(EventRing.GC_START, events, -1, gc, 0, 0);
        if (ended) {
            return;
        }
        if (!triggers.isEmpty()) {
            check(Trigger.Event.GC_START, 0, 0);
        }
        if (control.pauseRequested()) {
            block("gc-start");
        }
    }

    @Override
    public void onGcEnd(int gc, String kind) {
        recent.add(EventRing.GC_END, events, -1, gc, 0, 0);
        if (ended) {
            return;
        }
        LongArrayList roots = new LongArrayList();
        context.scanRoots(slot -> {
            long target = memory.load(slot);
            if (target != 0) {
                roots.add(target);
            }
        });
        sampler.collected(roots, context.bytesAllocated());
        lastGcFrame = sample("gc-end");
        if (!triggers.isEmpty()) {
            check(Trigger.Event.GC_END, 0, 0);
        }
        sinceSample = 0;
        if (control.afterGc()) {
            block("gc-end");
        } else {
            publish(lastGcFrame);
        }
    }

    @Override
    public void onProgramEnd() {
        ended = true;
        control.finish();
        publish(sample("end"));
    }

    private void check(Trigger.Event event, int type, long size) {
        for (Trigger t : triggers) {
            if (t.fires(event, this, type, size)) {
                control.pauseFor("trigger #" + t.id() + " '" + t.text() + "' fired at " + event.label
                        + " (allocation " + allocations + ", GC " + gcCount + ")");
                backtrace = t.action() == Trigger.Action.BACKTRACE ? recent.describe() : List.of();
            }
        }
    }

    /** Blocks the simulation while paused (see {@link ViewControl#block}), publishing a frame each time. */
    private void block(String event) {
        String[] where = {event};
        control.block(() -> {
            publish(sample(where[0]));
            where[0] = "resample";
        });
        backtrace = List.of();
        if (control.restartRequested()) {
            throw new ReplayRestart();
        }
    }

    private HeapFrame sample(String event) {
        String status = ended ? "finished" : control.pauseRequested() ? "paused" : "running";
        List<HeapFrame.SpaceFrame> spaces = sampler.sample(tileBytes, Set.copyOf(collapsed), Map.copyOf(zoom),
                context.bytesAllocated(), pageBytes);
        return new HeapFrame(++seq, status, status.equals("paused") ? control.reason() : "", event, gcCount,
                events, allocations, context.bytesAllocated(), heapBytes, spaces,
                status.equals("paused") ? backtrace : List.of(), panels());
    }

    /** The other plugins' summaries: any plugin gets a panel without the view knowing it. */
    private List<HeapFrame.PluginPanel> panels() {
        List<HeapFrame.PluginPanel> panels = new ArrayList<>(others.size());
        for (Plugin p : others) {
            panels.add(new HeapFrame.PluginPanel(p.name(), Map.copyOf(p.summary())));
        }
        return panels;
    }

    private void publish(HeapFrame frame) {
        publisher.accept(frame);
    }

    /**
     * Simulation thread, while paused: the objects of tile {@code index} of {@code space} as tiled in
     * {@code frame}, at most {@code limit} of them, each with its header and fields (GCspy's memory
     * display).
     */
    public List<ObjectDisplay.Shown> objectsOfTile(HeapFrame frame, String space, int index, int limit) {
        HeapFrame.SpaceFrame sf = frame == null ? null : frame.space(space);
        if (sf == null || index < 0 || index >= sf.tileCount()) {
            throw new IllegalArgumentException("no tile " + index + " in space '" + space + "' of the latest frame");
        }
        Space s = sampler.spaces().stream().filter(x -> x.name().equals(space)).findFirst().orElseThrow();
        long from = sf.start() + index * sf.tileBytes();
        return ObjectDisplay.objectsIn(s, from, Math.min(sf.extentEnd(), from + sf.tileBytes()), limit,
                sampler, memory);
    }

    // ---- trigger readings ----

    @Override
    public long gcNumber() {
        return gcCount;
    }

    @Override
    public long allocations() {
        return allocations;
    }

    @Override
    public long bytesAllocated() {
        return context.bytesAllocated();
    }

    @Override
    public long usedBytes() {
        long pages = 0;
        for (Space s : sampler.spaces()) {
            pages += s.reservedPages();
        }
        return pages * pageBytes;
    }

    @Override
    public long spaceUsedBytes(String space) {
        for (Space s : sampler.spaces()) {
            if (s.name().equals(space)) {
                return s.reservedPages() * pageBytes;
            }
        }
        return -1;
    }

    @Override
    public long heapBytes() {
        return heapBytes;
    }

    @Override
    public long fragmentedTiles(long chunks, long largest) {
        return lastGcFrame == null ? 0 : lastGcFrame.fragmentedTiles(chunks, largest);
    }

    /**
     * Thrown on the simulation thread to abandon the run for a time travel; the command starts the
     * replay again (it is deterministic). Carries no stack trace.
     */
    public static final class ReplayRestart extends RuntimeException {
        ReplayRestart() {
            super("the replay restarts for a time travel", null, false, false);
        }
    }

    /** The last heap events, in primitive arrays (no allocation per event), for backtraces. */
    static final class EventRing {
        static final int ALLOC = 0;
        static final int STORE = 1;
        static final int GC_START = 2;
        static final int GC_END = 3;
        static final int ROOT = 4;

        private final int[] kind;
        private final long[] number;
        private final int[] thread;
        private final long[] a;
        private final long[] b;
        private final long[] c;
        private long count;

        EventRing(int capacity) {
            kind = new int[capacity];
            number = new long[capacity];
            thread = new int[capacity];
            a = new long[capacity];
            b = new long[capacity];
            c = new long[capacity];
        }

        void add(int k, long event, int t, long x, long y, long z) {
            int i = (int) (count++ % kind.length);
            kind[i] = k;
            number[i] = event;
            thread[i] = t;
            a[i] = x;
            b[i] = y;
            c[i] = z;
        }

        /** The events, oldest first: heap events by their number (time travel's), collections after theirs. */
        List<String> describe() {
            List<String> out = new ArrayList<>();
            for (long n = Math.max(0, count - kind.length); n < count; n++) {
                int i = (int) (n % kind.length);
                out.add(switch (kind[i]) {
                    case ALLOC -> "#" + number[i] + " thread " + thread[i] + " alloc object " + a[i] + " type " + b[i]
                            + " size " + c[i];
                    case STORE -> "#" + number[i] + " thread " + thread[i] + " store object " + a[i] + " slot " + b[i]
                            + " -> " + (c[i] == 0 ? "null" : "object " + c[i]);
                    case ROOT -> "#" + number[i] + " thread " + thread[i] + " root slot " + a[i] + " -> "
                            + (b[i] == 0 ? "null" : "object " + b[i]);
                    case GC_START -> "   GC " + a[i] + " start (after #" + number[i] + ")";
                    default -> "   GC " + a[i] + " end";
                });
            }
            return out;
        }
    }
}
