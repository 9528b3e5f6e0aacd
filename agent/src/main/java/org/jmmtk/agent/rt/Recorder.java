package org.jmmtk.agent.rt;

import java.io.IOException;
import java.lang.instrument.Instrumentation;
import java.lang.reflect.Field;
import java.nio.file.Path;

/**
 * What instrumented code calls: one static method per recorded bytecode, each a few array writes into
 * the calling thread's chunk (see {@link ThreadState}) plus an id lookup. The first sight of an object
 * records its allocation, so a store of an object made where nothing was instrumented (a string
 * constant, an object made by the JVM) still names an allocated object.
 * <p>
 * The JDK is instrumented too, and the recorder runs JDK code; a re-entrancy guard keeps that from
 * being recorded: every entry point tests the recording flag and calls its slow path
 * ({@link RecorderSlowPaths}), which finds the thread's state ({@link Threads}, no {@code ThreadLocal})
 * and returns at once when the thread is already inside the recorder, or is one of the recorder's own
 * threads (the log writer, the shutdown hook). Called by every thread that runs instrumented code;
 * started by the agent's {@code premain} and closed by a shutdown hook, which hands the last partial
 * chunks to the writer and writes the log's {@code types}, {@code statics} and {@code done} (the
 * recording's lifecycle, {@link Recording}; its type ids, {@link TypeRegistry}).
 */
public final class Recorder {
    /** The type of filler objects: allocation the JVM counted and bytecode did not show. */
    public static final String UNRECORDED = "<unrecorded>";
    /** The type of a class's resolved references, the array HotSpot makes for its constant pool's objects ({@link DefinedClasses}). */
    public static final String RESOLVED_REFERENCES = "<resolved references>";

    /** The global sequence number: a field bumped with {@code Unsafe}, not an {@code AtomicLong} (instrumented JDK code). */
    @SuppressWarnings("unused") // through SEQ_OFFSET
    private static volatile long seq;
    private static final long SEQ_OFFSET = Layouts.UNSAFE.staticFieldOffset(staticField("seq"));
    private static final Object SEQ_BASE = Layouts.UNSAFE.staticFieldBase(staticField("seq"));
    private static final IdTable IDS = new IdTable();
    private static final DefinedClasses CLASSES = new DefinedClasses(IDS);

    private static volatile boolean recording;

    private Recorder() {
    }

    private static Field staticField(String name) {
        try {
            return Recorder.class.getDeclaredField(name);
        } catch (NoSuchFieldException e) {
            throw new ExceptionInInitializerError(e);
        }
    }

    /**
     * Starts recording into the log directory {@code logDir} (which must exist and be empty);
     * {@code startup} is the JVM's start-up heap as premain measured it: bytes allocated, bytes live;
     * {@code collectAt} the points where to force full collections ({@link CollectionPoints#parse}; null: none).
     */
    public static synchronized void start(Instrumentation inst, Path logDir, long[] startup, String collectAt)
            throws IOException, ReflectiveOperationException {
        Recording.configure(logDir, startup, collectAt, IDS);
        Threads.start();
        Threads.current().busy = true; // the main thread's state exists before anything is instrumented
        Layouts.start(inst);
        IDS.start(inst);
        RecorderSlowPaths.start(TypeRegistry.newType(UNRECORDED, -1));
        CLASSES.start(inst, Threads.current(), TypeRegistry.newType(RESOLVED_REFERENCES, -1));
        Recording.startWriter();
    }

    /** Marks the current thread as the recorder's own for good: never recorded, never counted (the agent's shutdown work). */
    public static void ownThread() {
        Threads.internal();
    }

    /** From here on events are recorded (after the instrumenter is installed and the JDK retransformed). */
    public static void go() {
        Threads.current().started(); // what premain allocated is the recorder's
        recording = true;
    }

    /** No event is recorded from here on (the shutdown hook, or the recorder ran out of memory); whether events were recorded until now. */
    static boolean stop() {
        boolean was = recording;
        recording = false;
        return was;
    }

    /**
     * Marks the current thread as inside the recorder (the instrumenter's work while a class loads);
     * returns what to pass to {@link #resume}.
     */
    public static long pause() {
        ThreadState s = Threads.current();
        if (s.busy) {
            return -1;
        }
        s.busy = true;
        return ThreadState.ownStart();
    }

    /**
     * Ends a {@link #pause} of the transformer, which was shown {@code classBytes} of class
     * {@code className}: what the thread allocated in between was the recorder's, and so were the
     * copies of the class file and its name the JVM made to call the transformer (about 4 KB a class:
     * 94 KB of a small program's 600 KB, which counted as the program's before). A class to be defined
     * by {@code loader}, with {@code staticBytes} of static fields (-1: a class redefined, or the recorder's
     * own) and {@code resolvedReferences} places for its constant pool's objects, has its mirror and
     * resolved references recorded at the thread's next allocation ({@link DefinedClasses}).
     */
    public static void resume(long token, byte[] classBytes, String className, ClassLoader loader, long staticBytes,
            int resolvedReferences) {
        if (token < 0) {
            return;
        }
        ThreadState s = Threads.current();
        if (staticBytes >= 0 && recording) {
            s.defining(loader, className, staticBytes, resolvedReferences); // before the count: the queue's growth is the recorder's own
        }
        s.ownSince(token);
        s.own(Layouts.shownToTransformer(classBytes, className));
        s.busy = false;
    }

    static long nextSeq(int kind) {
        return Layouts.UNSAFE.getAndAddLong(SEQ_BASE, SEQ_OFFSET, 1) << EventLog.KIND_BITS | kind;
    }

    /** The next sequence number to be taken (the writer's marks). */
    static long seqNow() {
        return Layouts.UNSAFE.getLongVolatile(SEQ_BASE, SEQ_OFFSET);
    }

    /** The recorder's id table, for its slow paths ({@link RecorderSlowPaths}). */
    static IdTable ids() {
        return IDS;
    }

    static long idOf(Object o, ThreadState s) {
        return IDS.idOf(o, s);
    }

    /** Records the mirrors and resolved references of the classes {@code s}'s thread defined ({@link DefinedClasses}). */
    static void recordDefinitions(DefinitionQueue queued, ThreadState s) {
        queued.recordIn(CLASSES, s);
    }

    /** The id {@code mirror} was recorded with at its class's definition, the first time it is asked; else 0. */
    static long modelledMirror(Class<?> mirror, ThreadState s) {
        return CLASSES.untouched(mirror, s);
    }

    /** After {@code NEW}+{@code <init>}, {@code NEWARRAY}, {@code ANEWARRAY} or a reflective allocation. */
    public static void allocated(Object o) {
        if (recording) {
            RecorderSlowPaths.recordAllocated(o);
        }
    }

    /**
     * At {@code NEW} (before the constructor's arguments are evaluated, where HotSpot allocates): the
     * object's allocation is recorded now with a reserved id, which the object takes when it is first
     * seen (its constructor's entry at the latest) or when its constructor returns. The first object of
     * a class reserves nothing (its size is not known before one exists) and is recorded when first seen.
     */
    public static void reserve(Class<?> type) {
        if (recording) {
            RecorderSlowPaths.recordReserve(type);
        }
    }

    /** After {@code <init>} returns at the site of a {@code NEW} that {@link #reserve reserved}. */
    public static void constructed(Object o) {
        if (recording) {
            RecorderSlowPaths.recordConstructed(o);
        }
    }

    /**
     * Before {@code Runtime.gc()} (the JDK's {@code System.gc()} calls it; and before {@code System.gc()}
     * itself when {@code java.lang.System} is not instrumented): the program asks for a collection.
     * Not recorded under {@code -XX:+DisableExplicitGC}, where HotSpot ignores the request.
     */
    public static void collect() {
        if (Recording.explicitGcDisabled()) {
            return;
        }
        if (recording) {
            RecorderSlowPaths.recordCollect();
        }
    }

    /** After {@code MULTIANEWARRAY}: the array, its sub-arrays and the stores that link them. */
    public static void multiArray(Object o) {
        if (recording) {
            RecorderSlowPaths.recordMultiArray(o);
        }
    }

    /**
     * After {@code Throwable.fillInStackTrace(int)}: the JVM made {@code backtrace} and stored it in
     * {@code throwable}'s field numbered {@code field} ({@link Refs#field}), with no bytecode to show either.
     * Its arrays (chunks of 32 frames: methods, bytecode indexes, class mirrors and names, and the next
     * chunk) are recorded as allocated now, then the store.
     */
    public static void backtrace(Object throwable, Object backtrace, int field) {
        if (recording && backtrace != null) {
            RecorderSlowPaths.recordBacktrace(throwable, backtrace, field);
        }
    }

    /**
     * After {@code clone()} and after {@code Arrays.copyOf}/{@code copyOfRange} of a reference array
     * (intrinsics whose bodies the compiled code skips): the copy and the references it was born with.
     */
    public static void cloned(Object copy) {
        if (recording) {
            RecorderSlowPaths.recordCloned(copy);
        }
    }

    /** Replaces {@code System.arraycopy}: copies, then records the stores into a reference array. */
    public static void arraycopy(Object src, int srcPos, Object dest, int destPos, int length) {
        System.arraycopy(src, srcPos, dest, destPos, length);
        if (recording && dest instanceof Object[] d) {
            RecorderSlowPaths.recordArraycopy(d, destPos, length);
        }
    }

    /**
     * After an {@code Unsafe} store of a reference that happened ({@code putReference*}, a successful
     * {@code compareAndSetReference}, {@code getAndSetReference}, ...): {@code value} is now at
     * {@code offset} of {@code target} (a field, by the class's field offsets, or an array element).
     */
    public static void unsafeStored(Object target, long offset, Object value) {
        if (target == null) {
            return; // a static field's base or an off-heap address: not an object's slot
        }
        if (recording) {
            RecorderSlowPaths.recordUnsafeStored(target, offset, value);
        }
    }

    /** After a compare-and-set of a reference through {@code Unsafe}: records the store when it happened. */
    public static boolean unsafeSwapped(boolean swapped, Object target, long offset, Object value) {
        if (swapped) {
            unsafeStored(target, offset, value);
        }
        return swapped;
    }

    /** After a compare-and-exchange through {@code Unsafe}: the store happened when the witness is the expected value. */
    public static Object unsafeExchanged(Object witness, Object target, long offset, Object expected, Object value) {
        if (witness == expected) {
            unsafeStored(target, offset, value);
        }
        return witness;
    }

    /** After {@code getAndSetReference} through {@code Unsafe}: the store happened; returns the old value. */
    public static Object unsafeReplaced(Object old, Object target, long offset, Object value) {
        unsafeStored(target, offset, value);
        return old;
    }

    /**
     * After an {@code invokedynamic} that {@code LambdaMetafactory} linked returned {@code lambda}: its
     * hidden class's constructor (which no transformer sees) stored the call's arguments in fields
     * {@code arg$1}, {@code arg$2}, ...; {@code a} was argument {@code ia} (from 0), and so on; an index
     * below 0 passes none. Each reference is recorded as a store into the lambda's field, so that what
     * a lambda captured lives as long as the lambda holds it.
     */
    public static void captured(Object lambda, Object a, int ia, Object b, int ib, Object c, int ic) {
        if (recording) {
            RecorderSlowPaths.recordCaptured(lambda, a, ia, b, ib, c, ic);
        }
    }

    /** Before {@code PUTFIELD} of a reference: {@code src.field = value}, the field numbered by {@link Refs#field}. */
    public static void putField(Object src, Object value, int field) {
        if (src == null) {
            return; // the PUTFIELD throws
        }
        if (recording) {
            RecorderSlowPaths.recordPutField(src, value, field);
        }
    }

    /** Replaces {@code AASTORE}: stores, then records. */
    public static void aastore(Object[] array, int index, Object value) {
        array[index] = value;
        if (recording) {
            RecorderSlowPaths.recordAastore(array, index, value);
        }
    }

    /** Before {@code PUTSTATIC} of a reference, the field numbered by {@link Refs#staticField}. */
    public static void putStatic(Object value, int field) {
        if (recording) {
            RecorderSlowPaths.recordPutStatic(value, field);
        }
    }

    /**
     * At method entry (for a constructor: after its {@code super()} or {@code this()} call), with up to
     * three of its reference locals (the receiver and arguments): {@code a} in local {@code ia}, and so
     * on; an index below 0 passes none (one guard for the frame and them).
     */
    public static void enter(int maxLocals, Object a, int ia, Object b, int ib, Object c, int ic) {
        if (recording) {
            RecorderSlowPaths.recordEnter(maxLocals, a, ia, b, ib, c, ic);
        }
    }

    /**
     * At a constructor's entry after its {@code super()} or {@code this()} call: {@code self}, in local 0,
     * is first seen (it takes the id reserved at its {@code NEW}, as {@link #allocated} would), then the
     * frame is entered as by {@link #enter} with {@code self} and up to two arguments; one call and one
     * guard for both.
     */
    public static void enterConstructor(int maxLocals, Object self, Object b, int ib, Object c, int ic) {
        if (recording) {
            RecorderSlowPaths.recordEnterConstructor(maxLocals, self, b, ib, c, ic);
        }
    }

    /** Local {@code index} of the current frame now holds {@code value} (after {@code ASTORE}, and for arguments at entry). */
    public static void local(Object value, int index) {
        if (recording) {
            RecorderSlowPaths.recordLocal(value, index);
        }
    }

    /**
     * Local {@code index} of the current frame is dead from here on (not read again before it is
     * overwritten, as HotSpot's oop maps see it): a store of null, so what only it held can die.
     */
    public static void dead(int index) {
        if (recording) {
            RecorderSlowPaths.recordLocal(null, index);
        }
    }

    /** At every return and when an exception leaves the method. */
    public static void exit() {
        if (recording) {
            RecorderSlowPaths.recordExit();
        }
    }

    /**
     * At the end of {@code Thread.exit}, the last Java code a thread runs: the thread is done; its
     * accounts are settled. (At its start, the allocation of the rest of {@code exit}, such as the
     * recorder's first resolution of the fields it clears, was counted as the recorder's own after the
     * JVM's count had been read for the last time: about 80 KB more than the thread allocated.)
     */
    public static void threadExit() {
        if (recording) {
            RecorderSlowPaths.recordThreadExit();
        }
    }
}
