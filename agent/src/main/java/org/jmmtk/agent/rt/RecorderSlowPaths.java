package org.jmmtk.agent.rt;

/**
 * The recorder's slow paths: the body behind each of {@link Recorder}'s entry points, run once the entry
 * point has seen that events are recorded. Each takes the re-entrancy guard ({@code enterRecorder}: the
 * thread's state, or nothing when the thread is already inside the recorder or is one of its own),
 * writes the event into the thread's chunk with the ids of the objects it names, and hands a failure to
 * {@link Recording#failed}. The {@code record*} methods are kept out of the JIT's inlining by name
 * ({@link JitOptions}), so that compiled instrumented code holds a flag test and a call per event. Also
 * the filler objects, allocation the JVM counted and bytecode did not show. Boot class path code: no
 * lambdas, no string concatenation by {@code invokedynamic} (docs/recording.md, "The re-entrancy guard").
 *
 * <p>Threads: every thread that runs instrumented code, each on its own {@link ThreadState}.
 */
final class RecorderSlowPaths {
    private static final IdTable IDS = Recorder.ids();
    private static int unrecordedType;

    private RecorderSlowPaths() {
    }

    /**
     * Called by {@link Recorder#start}, before anything is recorded (so that this class is loaded then, not at
     * the first event, where its loading would count as the program's allocation): {@code unrecordedType}
     * is the type of the filler objects.
     */
    static void start(int unrecorded) {
        unrecordedType = unrecorded;
    }

    /**
     * The thread's state when an event is to be recorded now; null when the thread is inside the recorder.
     * {@link Recorder}'s entry points check its recording flag and call the {@code record*} method that calls this: a
     * method the JIT is told not to inline ({@link JitOptions}), so that compiled instrumented code
     * holds a flag test and a call per event, not the recorder's whole body.
     */
    private static ThreadState enterRecorder() {
        ThreadState s = Threads.current();
        if (s.busy) {
            return null;
        }
        s.busy = true;
        if (s.owesCollection()) {
            s.collectOwed(); // at the program's next event after its recorded bytes reached a collection point
        }
        return s;
    }

    private static long id(Object o, ThreadState s) {
        return IDS.idOf(o, s);
    }

    /** Records {@code bytes} of allocation the JVM counted on {@code s}'s thread and bytecode did not show. */
    static void filler(ThreadState s, long bytes) {
        IDS.anonymous(s, bytes, unrecordedType);
    }

    static void recordAllocated(Object o) {
        ThreadState s = enterRecorder();
        if (s == null) {
            return;
        }
        try {
            madeNow(o, s);
        } finally {
            s.busy = false;
        }
    }

    /** {@code o} was just made (or its constructor starts): its first sight is its allocation, not an adoption. */
    private static void madeNow(Object o, ThreadState s) {
        try {
            s.allocatedNow = o;
            id(o, s);
        } catch (RuntimeException | Error e) {
            Recording.failed(e);
        } finally {
            s.allocatedNow = null;
        }
    }

    static void recordReserve(Class<?> type) {
        ThreadState s = enterRecorder();
        if (s == null) {
            return;
        }
        try {
            Layouts.Layout layout = Layouts.of(type, s);
            long bytes = layout.instanceSize();
            s.reserve(type, bytes < 0 ? 0 : IDS.reserve(s, bytes, layout.refFields.length, layout.typeId));
        } catch (RuntimeException | Error e) {
            Recording.failed(e);
        } finally {
            s.busy = false;
        }
    }

    static void recordConstructed(Object o) {
        ThreadState s = enterRecorder();
        if (s == null) {
            return;
        }
        try {
            long id = s.constructed(o);
            if (id > 0) {
                IDS.bind(o, IdTable.key(o), id, s);
            } else {
                s.allocatedNow = o;
                id(o, s);
            }
        } catch (RuntimeException | Error e) {
            Recording.failed(e);
        } finally {
            s.allocatedNow = null;
            s.busy = false;
        }
    }

    static void recordCollect() {
        ThreadState s = enterRecorder();
        if (s == null) {
            return;
        }
        try {
            s.flushRoots(); // a collection runs here: the frames as they are now
            s.event(EventLog.COLLECT, 0, 0);
        } catch (RuntimeException | Error e) {
            Recording.failed(e);
        } finally {
            s.busy = false;
        }
    }

    static void recordMultiArray(Object o) {
        ThreadState s = enterRecorder();
        if (s == null) {
            return;
        }
        try {
            JvmMadeObjects.linkArrays(o, s);
        } catch (RuntimeException | Error e) {
            Recording.failed(e);
        } finally {
            s.allocatedNow = null;
            s.busy = false;
        }
    }

    static void recordBacktrace(Object throwable, Object backtrace, int field) {
        ThreadState s = enterRecorder();
        if (s == null) {
            return;
        }
        try {
            JvmMadeObjects.backtrace(throwable, backtrace, field, s);
        } catch (RuntimeException | Error e) {
            Recording.failed(e);
        } finally {
            s.allocatedNow = null;
            s.busy = false;
        }
    }

    static void recordCloned(Object copy) {
        ThreadState s = enterRecorder();
        if (s == null) {
            return;
        }
        try {
            s.allocatedNow = copy;
            long id = id(copy, s);
            if (copy instanceof Object[] a) {
                for (int i = 0; i < a.length; i++) {
                    if (a[i] != null) {
                        s.event(EventLog.WRITE, id, i, id(a[i], s));
                    }
                }
            } else if (copy != null) {
                Layouts.Layout layout = Layouts.of(copy.getClass(), s);
                for (int i = 0; i < layout.refFields.length; i++) {
                    Object v = layout.fieldOffsets[i] >= 0 ? Layouts.UNSAFE.getObject(copy, layout.fieldOffsets[i]) : null;
                    if (v != null) {
                        s.event(EventLog.WRITE, id, i, id(v, s));
                    }
                }
            }
        } catch (RuntimeException | Error e) {
            Recording.failed(e);
        } finally {
            s.allocatedNow = null;
            s.busy = false;
        }
    }

    static void recordArraycopy(Object[] d, int destPos, int length) {
        ThreadState s = enterRecorder();
        if (s == null) {
            return;
        }
        try {
            long id = id(d, s);
            for (int i = destPos; i < destPos + length; i++) {
                s.event(EventLog.WRITE, id, i, id(d[i], s));
            }
        } catch (RuntimeException | Error e) {
            Recording.failed(e);
        } finally {
            s.busy = false;
        }
    }

    static void recordUnsafeStored(Object target, long offset, Object value) {
        ThreadState s = enterRecorder();
        if (s == null) {
            return;
        }
        try {
            int slot = Layouts.of(target.getClass(), s).slotAt(offset, target);
            if (slot >= 0) {
                s.event(EventLog.WRITE, id(target, s), slot, id(value, s));
            }
        } catch (RuntimeException | Error e) {
            Recording.failed(e);
        } finally {
            s.busy = false;
        }
    }

    static void recordCaptured(Object lambda, Object a, int ia, Object b, int ib, Object c, int ic) {
        ThreadState s = enterRecorder();
        if (s == null) {
            return;
        }
        try {
            Layouts.Layout layout = Layouts.of(lambda.getClass(), s);
            long id = id(lambda, s);
            capture(s, layout, id, a, ia);
            capture(s, layout, id, b, ib);
            capture(s, layout, id, c, ic);
        } catch (RuntimeException | Error e) {
            Recording.failed(e);
        } finally {
            s.busy = false;
        }
    }

    private static void capture(ThreadState s, Layouts.Layout layout, long id, Object value, int argument) {
        int slot = layout.capturedSlot(argument);
        if (slot >= 0) {
            s.event(EventLog.WRITE, id, slot, id(value, s));
        }
    }

    static void recordPutField(Object src, Object value, int field) {
        ThreadState s = enterRecorder();
        if (s == null) {
            return;
        }
        try {
            int slot = Layouts.of(src.getClass(), s).slot(field, s);
            if (slot >= 0) {
                s.event(EventLog.WRITE, id(src, s), slot, id(value, s));
            }
        } catch (RuntimeException | Error e) {
            Recording.failed(e);
        } finally {
            s.busy = false;
        }
    }

    static void recordAastore(Object[] array, int index, Object value) {
        ThreadState s = enterRecorder();
        if (s == null) {
            return;
        }
        try {
            s.event(EventLog.WRITE, id(array, s), index, id(value, s));
        } catch (RuntimeException | Error e) {
            Recording.failed(e);
        } finally {
            s.busy = false;
        }
    }

    static void recordPutStatic(Object value, int field) {
        ThreadState s = enterRecorder();
        if (s == null) {
            return;
        }
        try {
            s.event(EventLog.GLOBAL, field, id(value, s));
        } catch (RuntimeException | Error e) {
            Recording.failed(e);
        } finally {
            s.busy = false;
        }
    }

    static void recordEnter(int maxLocals, Object a, int ia, Object b, int ib, Object c, int ic) {
        ThreadState s = enterRecorder();
        if (s == null) {
            return;
        }
        try {
            frame(s, maxLocals, a, ia, b, ib, c, ic);
        } catch (RuntimeException | Error e) {
            Recording.failed(e);
        } finally {
            s.busy = false;
        }
    }

    private static void frame(ThreadState s, int maxLocals, Object a, int ia, Object b, int ib, Object c, int ic) {
        s.enter(maxLocals);
        if (ia >= 0) {
            s.local(ia, a);
        }
        if (ib >= 0) {
            s.local(ib, b);
        }
        if (ic >= 0) {
            s.local(ic, c);
        }
    }

    static void recordEnterConstructor(int maxLocals, Object self, Object b, int ib, Object c, int ic) {
        ThreadState s = enterRecorder();
        if (s == null) {
            return;
        }
        madeNow(self, s);
        try {
            frame(s, maxLocals, self, 0, b, ib, c, ic);
        } catch (RuntimeException | Error e) {
            Recording.failed(e);
        } finally {
            s.busy = false;
        }
    }

    static void recordLocal(Object value, int index) {
        ThreadState s = enterRecorder();
        if (s == null) {
            return;
        }
        try {
            s.local(index, value);
        } catch (RuntimeException | Error e) {
            Recording.failed(e);
        } finally {
            s.busy = false;
        }
    }

    static void recordExit() {
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

    static void recordThreadExit() {
        ThreadState s = enterRecorder();
        if (s == null) {
            return;
        }
        try {
            s.end();
            if (s.owesCollection()) {
                s.collectOwed(); // its last recorded bytes reached a point: no later event of its own
            }
        } catch (RuntimeException | Error e) {
            Recording.failed(e);
        } finally {
            s.busy = s.ended(); // after its end event, nothing: a later thread may have its number in the trace
        }
    }
}
