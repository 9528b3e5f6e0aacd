package org.jmmtk.tools.record;

import it.unimi.dsi.fastutil.ints.Int2IntOpenHashMap;
import it.unimi.dsi.fastutil.ints.IntArrayList;
import it.unimi.dsi.fastutil.ints.IntAVLTreeSet;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.BitSet;
import org.jmmtk.agent.rt.EventLog;
import org.jmmtk.agent.rt.Recorder;
import org.jmmtk.bindings.trace.ConcurrentTee;
import org.jmmtk.bindings.trace.IgnoringEvents;
import org.jmmtk.bindings.trace.TraceEvents;
import org.jmmtk.bindings.trace.TraceException;
import org.jmmtk.bindings.trace.TraceFormat;
import org.jmmtk.bindings.trace.TraceSource;

/**
 * A recorded program as jmmtk trace events, from the agent's log. Two passes: the first finds each
 * object's last mention (as allocated, stored into, stored, or rooted) and, with {@link VisibleDeaths},
 * the first point (an allocation or a collection request, where a collector may run) at which it is
 * unreachable in the visible graph (frame slots, statics, fields); the second sends the events in
 * global order and <em>pins</em> each object whose last mention comes after that point in a global
 * root slot of its own, from that point to its last mention. The pin stands for references the
 * instrumentation cannot see (the operand stack, hidden classes, native code), without which the
 * trace would use an object after it had become unreachable. At every point the pinned objects are
 * exactly those that will be mentioned again and that the visible graph cannot reach (or that it lost
 * earlier and then held again), so the reachable set at every point is the one pinning every object
 * from its allocation to its last mention would give: every object lives until the later of its
 * death in the visible graph and its last mention. At the end, when every frame's slots are cleared,
 * only static fields are roots. Frame slots are written before each point (only there can a
 * collection see them): as they are then, except the stores {@link DeferredRootStores} shows cannot
 * change what is reachable there. Static fields (and the objects modelled as held) get global slots
 * from 0 in the order of their first store; pins get them from {@link TraceFormat#FIRST_PIN_SLOT} and
 * reuse the slots of released pins, so a replay can tell them apart. Used by one thread; the first
 * pass's {@link VisibleDeaths} runs on a second one, fed in batches by {@link ConcurrentTee} while
 * this one reads the log, and the second pass's check runs there too (see {@code record}); or the
 * first pass ran while the program ran and wrote the log ({@link #adopt}, {@link LogFollower}).
 */
public final class RecordedTrace implements TraceSource {
    private final AgentLog log;
    private final String describe;
    private final StartupHeap startup;
    private volatile double progress;
    /** {@link LastMentions#at}'s bits: the source operand of the event is its object's last mention; the target is. */
    private static final int SOURCE_LAST = 1 << FirstPass.SOURCE;
    private static final int TARGET_LAST = 1 << FirstPass.TARGET;
    /** Progress is published once per this many events plus one (not a volatile store per event). */
    private static final long PROGRESS_EVENTS = (1 << 16) - 1;

    private final boolean pinFromAllocation;
    /** The objects the next replay models rather than records. */
    private ModelledObjects modelled;
    /**
     * Until the program's first allocation of a {@code java.lang.invoke} object, which of the recording's
     * types are such objects (the first links' structures are modelled there); null when none are modelled
     * or they have been.
     */
    private boolean[] firstLinkTypes;
    /** Whether the last replay modelled the first links' structures. */
    private boolean linksModelled;
    /** The type name of class mirrors, which the recording can only adopt where first seen. */
    private static final String MIRROR = "java.lang.Class";
    /** Class mirrors the last replay held to the end. */
    private long mirrorsHeld;
    /** Classes' resolved references the last replay held to the end. */
    private long resolvedReferencesHeld;
    /** Where each object is mentioned last, read in event order by the second pass. */
    private LastMentions lastMentions;
    /** Run by the next replay once it has read the log's events for the last time; null: nothing. */
    private Runnable afterLastRead;
    /** The first pass read while the program ran, for the next replay; null when there is none. */
    private FirstPass.Done early;
    /** The pins, and the objects lost after their last mention, of the last replay. */
    private final PinnedRoots pins;
    /** For each object, the event index from whose point on the trace may no longer reach it (see {@link DeferredRootStores}). */
    private long[] reachableUntil;
    private long[] deathPassWork = new long[3];
    private long index;
    /**
     * By id, {@link DeferredRootStores#FIELDS} ints from {@code id << 2}: the frame slots' fields, and in
     * the spare one each pinned object's global slot plus one while its pin holds it ({@link PinnedRoots}).
     */
    private int[] objectTable = new int[0];
    private final Int2IntOpenHashMap staticSlots = new Int2IntOpenHashMap();
    private int nextSlot;
    private final IntAVLTreeSet threads = new IntAVLTreeSet();
    /** The thread of the last event: a thread's events come in long runs, and a tree insert per event cost 5 % of the pass. */
    private int lastThread;
    private final boolean eagerRoots;
    private DeferredRootStores frameRoots;
    private long objects;
    private long writes;
    private long rootStores;
    private long staticStores;
    private long collections;
    /** Trace numbers with an event since they were last taken (a thread that ends writes {@code X} only then). */
    private final BitSet started = new BitSet();
    private long pinned;
    private long pinnedBytes;

    /** What the recording holds, for the command's summary. */
    public record Counts(long objects, long writes, long rootStores, long staticStores, long collections, long pinned,
                         long pinnedBytes, int threads) {
    }

    /**
     * How much of the program's allocation the trace holds: {@code programBytes} the JVM counted on the
     * program's threads less the recorder's {@code own}; {@code recorded} bytes of objects seen where
     * they were allocated; {@code filler} bytes the JVM counted that bytecode did not show (in the trace
     * as anonymous objects that die at once); {@code adopted} bytes of objects first seen after they
     * were made (before the agent, by the JVM, or by code not instrumented), in the trace as allocated
     * then. {@code counted} is false when the JVM could not count.
     */
    public record Coverage(boolean counted, long allocated, long own, long recorded, long filler, long adopted) {
        public long programBytes() {
            return Math.max(1, allocated - own);
        }

        public double coverage() {
            return recorded / (double) programBytes();
        }

        /** What the trace holds of the program's allocation: recorded, filler and adopted bytes. */
        public double coverageWithFiller() {
            return (recorded + filler + adopted) / (double) programBytes();
        }
    }

    /**
     * The JVM's start-up heap, which no recording sees being made: {@code allocated} bytes the main
     * thread allocated before main, {@code live} of them still reachable after a full collection then;
     * and {@code links}, the bytes a plain JVM keeps from its first {@code java.lang.invoke} links that
     * the recorded JVM made before main ({@link LinkProbe}). The trace starts with {@link #modelledLive}
     * bytes of {@link #TYPE} objects held for the whole run and {@link #modelledDead} bytes that die at
     * once, and {@code links} bytes of {@link #LINKS} objects held for the rest of the run are made before
     * the program's first allocation of a {@code java.lang.invoke} object ({@link ModelledObjects}).
     * {@code measured} is false when neither the probe nor the agent could measure (no allocation
     * counting, or explicit collections disabled).
     */
    public record StartupHeap(boolean measured, long allocated, long live, long links) {
        /** The type of the objects that model the start-up heap. */
        public static final String TYPE = "<startup>";
        /** The type of the objects that model {@code java.lang.invoke}'s structures from the first links. */
        public static final String LINKS = "<links>";

        /** Without a model of the first links. */
        public StartupHeap(boolean measured, long allocated, long live) {
            this(measured, allocated, live, 0);
        }

        /** This start-up heap with {@code bytes} from the first links. */
        public StartupHeap withLinks(long bytes) {
            return new StartupHeap(measured, allocated, live, bytes);
        }

        public long modelledLive() {
            return measured ? Math.min(live, allocated) : 0;
        }

        public long modelledDead() {
            return measured ? allocated - modelledLive() : 0;
        }

        public long modelledLinks() {
            return measured ? links : 0;
        }
    }

    /** A recording with {@code startup} modelled at its start; none when null. */
    public RecordedTrace(Path logDir, String describe, StartupHeap startup) throws IOException {
        this(logDir, describe, startup, false);
    }

    /**
     * With {@code pinFromAllocation}, every object used after a point that follows its allocation is
     * pinned from the first such point (what record wrote before the minimal pins: the same
     * lifetimes, more pins; tests compare the two).
     */
    RecordedTrace(Path logDir, String describe, StartupHeap startup, boolean pinFromAllocation) throws IOException {
        this(logDir, describe, startup, pinFromAllocation, false);
    }

    /**
     * With {@code eagerRoots}, every frame slot that changed is written at the next point (what record
     * wrote before {@link DeferredRootStores}: the same reachable objects at every point, more
     * records; tests compare the two).
     */
    RecordedTrace(Path logDir, String describe, StartupHeap startup, boolean pinFromAllocation, boolean eagerRoots)
            throws IOException {
        this.log = new AgentLog(logDir);
        this.describe = describe;
        this.startup = startup;
        this.pinFromAllocation = pinFromAllocation;
        this.eagerRoots = eagerRoots;
        this.pins = new PinnedRoots(logDir.toString());
    }

    /** A recording without a start-up heap. */
    public RecordedTrace(Path logDir, String describe) throws IOException {
        this(logDir, describe, null);
    }

    /**
     * What the agent in {@code logDir} measured of the start-up heap in premain: an overestimate by the
     * agent jar's loading, the fallback when {@link StartupProbe} could not measure.
     */
    public static StartupHeap agentStartupHeap(Path logDir) throws IOException {
        var done = new AgentLog(logDir).done();
        long allocated = done.getOrDefault("startup-allocated", -1L);
        long live = done.getOrDefault("startup-live", -1L);
        return new StartupHeap(allocated >= 0 && live >= 0, Math.max(0, allocated), Math.max(0, live));
    }

    @Override
    public String describe() {
        return describe;
    }

    @Override
    public double progress() {
        return progress;
    }

    /** What the last replay sent. */
    public Counts counts() {
        return new Counts(objects, writes, rootStores, staticStores, collections, pinned, pinnedBytes, threads.size());
    }

    /** Whether the last replay modelled the first links' structures (the program made a {@code java.lang.invoke} object). */
    public boolean linksModelled() {
        return linksModelled;
    }

    /** Class mirrors the last replay held to the end from where they were first seen. */
    public long mirrorsHeld() {
        return mirrorsHeld;
    }

    /** Classes' resolved references ({@link Recorder#RESOLVED_REFERENCES}) the last replay held to the end. */
    public long resolvedReferencesHeld() {
        return resolvedReferencesHeld;
    }

    /** The agent's allocation accounts. */
    public Coverage coverage() throws IOException {
        var done = log.done();
        return new Coverage(done.getOrDefault("counted", 0L) == 1, done.getOrDefault("allocated", 0L),
                done.getOrDefault("own", 0L), done.getOrDefault("recorded", 0L), done.getOrDefault("filler", 0L),
                done.getOrDefault("adopted", 0L));
    }

    @Override
    public void replay(TraceEvents out) throws IOException {
        double total = 2.0 * Math.max(1, log.totalWords());
        objects = 0;
        writes = 0;
        rootStores = 0;
        staticStores = 0;
        collections = 0;
        threads.clear();
        lastThread = -1;
        staticSlots.clear();
        nextSlot = 0;
        VisibleDeaths deaths;
        FirstPass[] pass = new FirstPass[1];
        if (early != null) {
            deaths = early.deaths();
            pass[0] = early.pass();
            early = null;
        } else {
            deaths = new VisibleDeaths(pinFromAllocation);
            // the visible graph on a thread of its own, beside the reading of the log and the last mentions
            ConcurrentTee.replay(toDeaths -> pass[0] = firstPass(toDeaths, total), deaths.events(), new IgnoringEvents() { });
        }
        FirstPass first = pass[0];
        lastMentions = new LastMentions(first.lastMention(), first.maxId(), first.events());
        progress = 0.5;
        choosePins(deaths, first.lastMention(), first.maxId());
        pinned = 0;
        pinnedBytes = 0;
        int maxType = 0;
        int mirrorType = -1;
        int resolvedType = -1;
        IntArrayList invokeTypes = new IntArrayList();
        for (String line : Files.readAllLines(log.dir().resolve(EventLog.TYPES), StandardCharsets.UTF_8)) {
            int tab = line.indexOf('\t');
            int type = Integer.parseInt(line.substring(0, tab));
            String name = line.substring(tab + 1);
            out.type(type, name);
            maxType = Math.max(maxType, type);
            if (name.startsWith("java.lang.invoke.")) {
                invokeTypes.add(type);
            } else if (name.equals(MIRROR)) {
                mirrorType = type;
            } else if (name.equals(Recorder.RESOLVED_REFERENCES)) {
                resolvedType = type;
            }
        }
        for (int[] w : AgentLog.weakSlots(log.dir())) {
            out.weakSlot(w[0], w[1]);
        }
        modelled = new ModelledObjects(out, log.done().getOrDefault("objects", 0L), this::takeSlot);
        firstLinkTypes = null;
        linksModelled = false;
        mirrorsHeld = 0;
        resolvedReferencesHeld = 0;
        if (startup != null) {
            if (startup.modelledLive() + startup.modelledDead() > 0) {
                out.type(maxType + 1, StartupHeap.TYPE);
            }
            if (startup.modelledLinks() > 0) {
                out.type(maxType + 2, StartupHeap.LINKS);
                firstLinkTypes = new boolean[maxType + 1];
                for (int i = 0; i < invokeTypes.size(); i++) {
                    firstLinkTypes[invokeTypes.getInt(i)] = true;
                }
            }
            startupObjects(maxType + 1);
        }
        int linksType = maxType + 2;
        int mirrors = mirrorType;
        int resolved = resolvedType;
        index = 0;
        long[] words = {log.totalWords()}; // the first pass's
        frameRoots = new DeferredRootStores(reachableUntil, objectTable, eagerRoots);
        started.clear();
        log.events((thread, kind, a, b, c) -> {
            if (thread != lastThread) {
                threads.add(thread);
                started.set(thread);
                lastThread = thread;
            }
            switch (kind) {
                case EventLog.ALLOC -> {
                    flushRoots(out);
                    pins.pinHere(index, out);
                    int type = (int) (c & ((1 << EventLog.TYPE_BITS) - 1));
                    if (firstLinkTypes != null && firstLinkTypes[type]) {
                        objects += modelled.held(thread, startup.modelledLinks(), linksType);
                        firstLinkTypes = null;
                        linksModelled = true;
                    }
                    out.alloc(thread, a, b, (int) (c >>> EventLog.TYPE_BITS), type);
                    if (type == mirrors || type == resolved) {
                        // no bytecode makes a class's mirror or resolved references: first seen here, they live
                        // as long as its class loader
                        out.global(takeSlot(), a);
                        if (type == mirrors) {
                            mirrorsHeld++;
                        } else {
                            resolvedReferencesHeld++;
                        }
                    }
                    objects++;
                    if (pins.willPin((int) a)) {
                        pinned++;
                        pinnedBytes += b;
                    }
                }
                case EventLog.WRITE -> {
                    out.write(thread, a, (int) b, c);
                    writes++;
                    int last = lastMentions.at(index);
                    if ((last & SOURCE_LAST) != 0) {
                        release(a);
                    }
                    if ((last & TARGET_LAST) != 0) {
                        release(c);
                    }
                }
                case EventLog.ROOT -> {
                    frameRoots.store(thread, (int) a, b);
                    if ((lastMentions.at(index) & TARGET_LAST) != 0) {
                        release(b);
                    }
                }
                case EventLog.GLOBAL -> {
                    int slot = staticSlots.computeIfAbsent((int) a, f -> takeSlot());
                    out.global(slot, b);
                    staticStores++;
                    if ((lastMentions.at(index) & TARGET_LAST) != 0) {
                        release(b);
                    }
                }
                case EventLog.COLLECT -> {
                    flushRoots(out);
                    pins.pinHere(index, out);
                    out.collect();
                    collections++;
                }
                default -> throw new TraceException(log.dir().toString(), "unknown event kind " + kind);
            }
            index++;
            words[0] += EventLog.WORDS[kind];
            if ((index & PROGRESS_EVENTS) == 0) {
                progress = words[0] / total;
            }
        }, thread -> endThread(thread, out));
        if (afterLastRead != null) {
            Runnable action = afterLastRead;
            afterLastRead = null;
            action.run();
        }
        pins.clearReleased(out);
        frameRoots.clearAll(out);
        progress = 1;
    }

    /**
     * Has the next replay run {@code action} on its thread as soon as it has read the log's events for the
     * last time, before what consumes its last events is done with them ({@code record} deletes the events
     * file there, beside the check's and the writer's last work).
     */
    void whenLogRead(Runnable action) {
        afterLastRead = action;
    }

    /**
     * The first pass's reading of the log ({@link FirstPass}), every event to {@code deaths}
     * ({@link VisibleDeaths#events}), in the log's words.
     */
    private FirstPass firstPass(TraceEvents deaths, double total) throws IOException {
        for (int[] w : AgentLog.weakSlots(log.dir())) {
            deaths.weakSlot(w[0], w[1]);
        }
        FirstPass pass = new FirstPass(deaths, log.dir());
        log.events((thread, kind, a, b, c) -> {
            pass.event(thread, kind, a, b, c);
            if ((pass.events() & PROGRESS_EVENTS) == 0) {
                progress = pass.words() / total;
            }
        });
        return pass;
    }

    /**
     * Takes {@code done}, the first pass read from this log while the program ran, for the next replay
     * instead of reading the log once more (only with the same pinning).
     */
    void adopt(FirstPass.Done done) {
        if (done.pinFromAllocation() != pinFromAllocation) {
            throw new IllegalArgumentException("a first pass of the other pinning");
        }
        early = done;
    }

    /**
     * Chooses the pins ({@link PinnedRoots#choose}), which turns {@code lastMention} (the first pass's, ids
     * 1 to {@code maxId}) into {@link #reachableUntil} in place, over an object table the visible-death
     * pass is done with, zeroed for ids 0 to {@code maxId}.
     */
    private void choosePins(VisibleDeaths deaths, long[] lastMention, int maxId) {
        int objects = maxId + 1;
        objectTable = deaths.retireTable();
        int fields = DeferredRootStores.FIELDS * objects;
        if (objectTable.length < fields) { // ids mentioned above every allocated one (a log the check will refuse)
            objectTable = new int[fields];
        } else {
            Arrays.fill(objectTable, 0, fields, 0);
        }
        pins.choose(deaths, lastMention, maxId, objectTable);
        reachableUntil = lastMention;
        deathPassWork = deaths.work();
    }

    /** The last replay's pins: each pinned object and the event index of the point its pin starts at. */
    java.util.SortedMap<Integer, Long> pinStarts() {
        return pins.starts();
    }

    /** Backward searches, objects they visited and full marks of the last replay's visible-death pass. */
    long[] deathPassWork() {
        return deathPassWork.clone();
    }

    /**
     * The start-up heap's model, before the program's first event, allocated by the main thread (trace
     * thread 0): its live bytes held for the whole run (as class mirrors and the module graph are held by
     * the JVM), then its dead bytes.
     */
    private void startupObjects(int type) {
        StartupHeap heap = startup;
        if (heap.modelledLive() + heap.modelledDead() > 0) {
            objects += modelled.held(0, heap.modelledLive(), type);
            objects += modelled.dead(0, heap.modelledDead(), type);
        }
    }

    /**
     * Writes the frame-slot stores this point needs, before it. Only at a point can a collector run,
     * so a slot set and cleared again in between (most frames of short methods) decides nothing and
     * is not written; {@link DeferredRootStores} also leaves out the stores that cannot change what is
     * reachable here.
     */
    private void flushRoots(TraceEvents out) {
        pins.lostHere(index, frameRoots);
        rootStores += frameRoots.flush(index, out);
    }

    /**
     * Thread {@code thread} ended (the agent's {@code END}, after which it records nothing and its number
     * may be a later thread's): its frame slots the trace still holds are cleared (the program cleared
     * them before; a store deferred because the object was held anyway is written now), then its
     * {@code X}. Only for a thread that had an event since it took the number.
     */
    private void endThread(int thread, TraceEvents out) {
        if (started.get(thread)) {
            rootStores += frameRoots.endThread(thread, out);
            out.threadEnd(thread);
            started.clear(thread);
            lastThread = -1;
        }
    }

    /** After the last mention of {@code id}: its pin ends and deferred frame slots that keep it are checked. */
    private void release(long id) {
        pins.release(id);
        frameRoots.mayBeUnreachable(id);
    }

    /** The next global slot for a static field or an object modelled as held to the end. */
    private int takeSlot() {
        if (nextSlot >= TraceFormat.FIRST_PIN_SLOT) {
            throw new TraceException(log.dir().toString(), "more than 2^18 global root slots for static fields "
                    + "and objects held to the end");
        }
        return nextSlot++;
    }
}
