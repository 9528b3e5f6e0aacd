package org.jmmtk.agent.rt;

/**
 * Each thread's {@link ThreadState}, found without {@code ThreadLocal} (which is JDK code, instrumented
 * like the rest): an array indexed by the thread's id (the {@code tid} field of
 * {@link Thread#currentThread()}, read with {@code Unsafe}: ids count up from 1 in the order threads
 * are made), and for ids beyond it or a JVM without that field an open-addressing table keyed by the
 * thread's identity (both {@code currentThread} and {@code identityHashCode} are native, so neither
 * lookup runs instrumented bytecode). Lookups read the table without a lock; a thread's first lookup adds its
 * state under the table's lock, marked busy before it is visible so that whatever JDK code its
 * initialisation runs is not recorded. Entries are never removed (a few words per thread that ever
 * ran instrumented code). Any thread.
 */
final class Threads {
    private static final Object LOCK = new Object();
    private static volatile ThreadState[] table = new ThreadState[64];
    /** Largest thread id found in {@link #byId}. */
    private static final int MAX_BY_ID = 1 << 16;
    /** Offset of {@code Thread.tid}, or -1 when this JVM has no such field. */
    private static final long TID = tidOffset();
    private static volatile ThreadState[] byId = new ThreadState[256];
    private static int size;
    private static int nextId;
    /** The JVM's Reference Handler: it moves cleared references (the id table's, mostly) to their queues. */
    private static Thread referenceHandler;

    private Threads() {
    }

    /** The current thread's state, created (and its trace thread id handed out) on its first call. */
    static ThreadState current() {
        Thread t = Thread.currentThread();
        if (TID >= 0) {
            long id = Layouts.UNSAFE.getLong(t, TID);
            ThreadState[] direct = byId;
            if (id >= 0 && id < direct.length) {
                ThreadState s = direct[(int) id];
                if (s != null && s.owner == t) {
                    return s;
                }
            }
        }
        int hash = System.identityHashCode(t);
        ThreadState[] tab = table;
        int mask = tab.length - 1;
        for (int i = spread(hash) & mask; ; i = (i + 1) & mask) {
            ThreadState s = tab[i];
            if (s == null) {
                return add(t, hash, false);
            }
            if (s.owner == t) {
                return s;
            }
        }
    }

    /**
     * Finds the Reference Handler, whose work is the JVM's and mostly on the recorder's weak references:
     * recording it would record the recorder. Called once at start.
     */
    static void start() {
        for (Thread t : Thread.getAllStackTraces().keySet()) {
            if (t.getName().equals("Reference Handler")) {
                referenceHandler = t;
            }
        }
    }

    /** Marks the current thread as the recorder's own: never recorded, never counted. */
    static void internal() {
        add(Thread.currentThread(), System.identityHashCode(Thread.currentThread()), true);
    }

    private static ThreadState add(Thread t, int hash, boolean own) {
        boolean internal = own || t == referenceHandler;
        ThreadState s;
        synchronized (LOCK) {
            ThreadState[] tab = table;
            int mask = tab.length - 1;
            int i = spread(hash) & mask;
            for (; tab[i] != null; i = (i + 1) & mask) {
                if (tab[i].owner == t) {
                    if (internal) {
                        tab[i].makeInternal();
                    }
                    return tab[i];
                }
            }
            s = new ThreadState(t, internal ? -1 : nextId++);
            if (internal) {
                s.makeInternal();
            }
            if (2 * (size + 1) > tab.length) {
                tab = grow(tab);
                mask = tab.length - 1;
                for (i = spread(hash) & mask; tab[i] != null; i = (i + 1) & mask) {
                    // find a free place in the new table
                }
            }
            tab[i] = s;
            size++;
            table = tab;
            byId(t, s);
        }
        if (!internal) {
            s.started(); // busy until here: what its initialisation runs is the recorder's
        }
        return s;
    }

    private static long tidOffset() {
        try {
            java.lang.reflect.Field f = Thread.class.getDeclaredField("tid");
            return f.getType() == long.class ? Layouts.UNSAFE.objectFieldOffset(f) : -1;
        } catch (NoSuchFieldException | RuntimeException e) {
            return -1;
        }
    }

    /** Puts {@code s} at its thread's id in {@link #byId} when the id is small enough (under the lock). */
    private static void byId(Thread t, ThreadState s) {
        if (TID < 0) {
            return;
        }
        long id = Layouts.UNSAFE.getLong(t, TID);
        if (id < 0 || id >= MAX_BY_ID) {
            return;
        }
        ThreadState[] direct = byId;
        if (id >= direct.length) {
            int n = direct.length;
            while (id >= n) {
                n *= 2;
            }
            direct = java.util.Arrays.copyOf(direct, n);
        }
        direct[(int) id] = s;
        byId = direct;
    }

    private static ThreadState[] grow(ThreadState[] old) {
        ThreadState[] tab = new ThreadState[old.length * 2];
        int mask = tab.length - 1;
        for (ThreadState s : old) {
            if (s != null) {
                int i = spread(System.identityHashCode(s.owner)) & mask;
                while (tab[i] != null) {
                    i = (i + 1) & mask;
                }
                tab[i] = s;
            }
        }
        return tab;
    }

    /** Threads that got a trace id so far. */
    static int count() {
        synchronized (LOCK) {
            return nextId;
        }
    }

    /** Every recorded thread's state (a snapshot, in no particular order). */
    static ThreadState[] all() {
        synchronized (LOCK) {
            ThreadState[] tab = table;
            int n = 0;
            for (ThreadState s : tab) {
                if (s != null && s.thread >= 0) {
                    n++;
                }
            }
            ThreadState[] out = new ThreadState[n];
            n = 0;
            for (ThreadState s : tab) {
                if (s != null && s.thread >= 0) {
                    out[n++] = s;
                }
            }
            return out;
        }
    }

    static int spread(int hash) {
        int x = hash * 0x9E3779B9;
        return x ^ (x >>> 16);
    }
}
