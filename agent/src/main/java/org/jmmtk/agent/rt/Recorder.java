package org.jmmtk.agent.rt;

import java.io.IOException;
import java.io.PrintStream;
import java.lang.instrument.Instrumentation;
import java.lang.reflect.Field;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicLong;

/**
 * What instrumented code calls: one static method per recorded bytecode, each a few array writes into
 * the calling thread's chunk (see {@link ThreadState}) plus an id lookup. The first sight of an object
 * records its allocation, so a store of an object made where nothing was instrumented (a string
 * constant, a JDK collection's insides) still names an allocated object. Called by every application
 * thread; started by the agent's {@code premain} and closed by a shutdown hook, which hands the last
 * partial chunks to the writer and writes the log's {@code types}, {@code statics} and {@code done}.
 */
public final class Recorder {
    private static final ThreadLocal<ThreadState> STATES = new ThreadLocal<>() {
        @Override
        protected ThreadState initialValue() {
            if (Thread.currentThread() instanceof LogWriter || Thread.currentThread() == closer) {
                ThreadState internal = new ThreadState(-1);
                internal.busy = true; // the recorder's own threads are never recorded
                return internal;
            }
            ThreadState s = new ThreadState(THREADS.getAndIncrement());
            ALL.add(s);
            return s;
        }
    };
    private static final AtomicInteger THREADS = new AtomicInteger();
    private static final ConcurrentLinkedQueue<ThreadState> ALL = new ConcurrentLinkedQueue<>();
    private static final AtomicLong SEQ = new AtomicLong();
    private static final AtomicInteger TYPES = new AtomicInteger();
    private static final ConcurrentLinkedQueue<String> TYPE_NAMES = new ConcurrentLinkedQueue<>();
    private static final AtomicInteger FAILURES = new AtomicInteger();
    private static final IdTable IDS = new IdTable();

    private static volatile boolean recording;
    private static Instrumentation instrumentation;
    private static LogWriter writer;
    private static Path dir;
    private static PrintStream err;
    private static volatile Thread closer;

    private Recorder() {
    }

    /** Starts recording into the log directory {@code logDir} (which must exist and be empty). */
    public static synchronized void start(Instrumentation inst, Path logDir) throws IOException {
        instrumentation = inst;
        dir = logDir;
        err = System.err;
        writer = new LogWriter(logDir.resolve(EventLog.EVENTS));
        writer.start();
        closer = new Thread(Recorder::close, "jmmtk-recorder-close");
        Runtime.getRuntime().addShutdownHook(closer);
        recording = true;
    }

    /** Whether an event is being recorded on this thread now; null when not (closed, or inside the recorder). */
    private static ThreadState enterRecorder() {
        if (!recording) {
            return null;
        }
        ThreadState s = STATES.get();
        if (s.busy) {
            return null;
        }
        s.busy = true;
        return s;
    }

    static long nextSeq(int kind) {
        return SEQ.getAndIncrement() << EventLog.KIND_BITS | kind;
    }

    static int newType(String name) {
        int id = TYPES.incrementAndGet();
        TYPE_NAMES.add(id + "\t" + name);
        return id;
    }

    static void handOver(Chunk chunk, int words) {
        writer.add(chunk, words);
    }

    private static long id(Object o, ThreadState s) {
        return IDS.idOf(o, s);
    }

    /** Records the allocation of an object seen for the first time (called by {@link IdTable} under its lock). */
    static void firstSight(Object object, long id, ThreadState s) {
        Layouts.Layout layout = Layouts.of(object.getClass());
        long slots = object instanceof Object[] a ? a.length : layout.refFields.length;
        long bytes = layout.size(object, instrumentation);
        s.event(EventLog.ALLOC, id, bytes, slots << EventLog.TYPE_BITS | layout.typeId);
    }

    /** After {@code NEW}+{@code <init>}, {@code NEWARRAY}, {@code ANEWARRAY} or a reflective allocation. */
    public static void allocated(Object o) {
        ThreadState s = enterRecorder();
        if (s == null) {
            return;
        }
        try {
            id(o, s);
        } catch (RuntimeException | Error e) {
            failed(e);
        } finally {
            s.busy = false;
        }
    }

    /** After {@code MULTIANEWARRAY}: the array, its sub-arrays and the stores that link them. */
    public static void multiArray(Object o) {
        ThreadState s = enterRecorder();
        if (s == null) {
            return;
        }
        try {
            linkArrays(o, s);
        } catch (RuntimeException | Error e) {
            failed(e);
        } finally {
            s.busy = false;
        }
    }

    private static void linkArrays(Object array, ThreadState s) {
        long id = id(array, s);
        if (array instanceof Object[] a) {
            for (int i = 0; i < a.length; i++) {
                if (a[i] != null) {
                    linkArrays(a[i], s);
                    s.event(EventLog.WRITE, id, i, id(a[i], s));
                }
            }
        }
    }

    /** After {@code clone()}: the copy and the references it was born with. */
    public static void cloned(Object copy) {
        ThreadState s = enterRecorder();
        if (s == null) {
            return;
        }
        try {
            long id = id(copy, s);
            if (copy instanceof Object[] a) {
                for (int i = 0; i < a.length; i++) {
                    if (a[i] != null) {
                        s.event(EventLog.WRITE, id, i, id(a[i], s));
                    }
                }
            } else if (copy != null) {
                Field[] fields = Layouts.of(copy.getClass()).refFields;
                for (int i = 0; i < fields.length; i++) {
                    Object v = fields[i].trySetAccessible() ? fields[i].get(copy) : null;
                    if (v != null) {
                        s.event(EventLog.WRITE, id, i, id(v, s));
                    }
                }
            }
        } catch (RuntimeException | Error | IllegalAccessException e) {
            failed(e);
        } finally {
            s.busy = false;
        }
    }

    /** Before {@code PUTFIELD} of a reference: {@code src.field = value}, the field numbered by {@link Refs#field}. */
    public static void putField(Object src, Object value, int field) {
        if (src == null) {
            return; // the PUTFIELD throws
        }
        ThreadState s = enterRecorder();
        if (s == null) {
            return;
        }
        try {
            int slot = Layouts.of(src.getClass()).slot(field);
            if (slot >= 0) {
                s.event(EventLog.WRITE, id(src, s), slot, id(value, s));
            }
        } catch (RuntimeException | Error e) {
            failed(e);
        } finally {
            s.busy = false;
        }
    }

    /** Replaces {@code AASTORE}: stores, then records. */
    public static void aastore(Object[] array, int index, Object value) {
        array[index] = value;
        ThreadState s = enterRecorder();
        if (s == null) {
            return;
        }
        try {
            s.event(EventLog.WRITE, id(array, s), index, id(value, s));
        } catch (RuntimeException | Error e) {
            failed(e);
        } finally {
            s.busy = false;
        }
    }

    /** Before {@code PUTSTATIC} of a reference, the field numbered by {@link Refs#staticField}. */
    public static void putStatic(Object value, int field) {
        ThreadState s = enterRecorder();
        if (s == null) {
            return;
        }
        try {
            s.event(EventLog.GLOBAL, field, id(value, s));
        } catch (RuntimeException | Error e) {
            failed(e);
        } finally {
            s.busy = false;
        }
    }

    /** At method entry (for a constructor: after its {@code super()} or {@code this()} call). */
    public static void enter(int maxLocals) {
        ThreadState s = enterRecorder();
        if (s == null) {
            return;
        }
        s.enter(maxLocals);
        s.busy = false;
    }

    /** Local {@code index} of the current frame now holds {@code value} (after {@code ASTORE}, and for arguments at entry). */
    public static void local(Object value, int index) {
        ThreadState s = enterRecorder();
        if (s == null) {
            return;
        }
        try {
            s.local(index, id(value, s));
        } catch (RuntimeException | Error e) {
            failed(e);
        } finally {
            s.busy = false;
        }
    }

    /** At every return and when an exception leaves the method. */
    public static void exit() {
        ThreadState s = enterRecorder();
        if (s == null) {
            return;
        }
        try {
            s.exit();
        } finally {
            s.busy = false;
        }
    }

    private static void failed(Throwable e) {
        if (FAILURES.getAndIncrement() < 5) {
            err.println("jmmtk agent: an event was not recorded: " + e);
        }
    }

    /** The shutdown hook: stop, hand the last events over, write the log's trailer files. */
    private static synchronized void close() {
        if (!recording) {
            return;
        }
        recording = false;
        for (ThreadState s : ALL) {
            s.drain();
        }
        try {
            long words = writer.finish();
            List<String> types = new ArrayList<>(TYPE_NAMES);
            Files.write(dir.resolve(EventLog.TYPES), types, StandardCharsets.UTF_8);
            List<String> statics = new ArrayList<>();
            List<String> names = Refs.staticNames();
            for (int i = 0; i < names.size(); i++) {
                statics.add(i + "\t" + names.get(i));
            }
            Files.write(dir.resolve(EventLog.STATICS), statics, StandardCharsets.UTF_8);
            Files.writeString(dir.resolve(EventLog.DONE), "objects " + IDS.count() + "\nwords " + words
                    + "\nthreads " + THREADS.get() + "\nfailures " + FAILURES.get() + "\n");
        } catch (IOException | InterruptedException e) {
            err.println("jmmtk agent: could not finish the log in " + dir + ": " + e);
        }
    }
}
