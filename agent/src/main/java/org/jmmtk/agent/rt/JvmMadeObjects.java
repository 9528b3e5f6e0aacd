package org.jmmtk.agent.rt;

/**
 * Objects the JVM makes where no bytecode shows them, recorded with the references that hold them: the
 * sub-arrays of a {@code MULTIANEWARRAY}, a throwable's backtrace ({@code fillInStackTrace}), and the
 * {@code value} array of a string first seen where the program used it (a literal that {@code ldc}
 * resolved), and the store of a mirror's class loader. Called by {@link Recorder}, {@link IdTable} and
 * {@link DefinedClasses} on the recording thread, inside the recorder (its thread state busy).
 */
final class JvmMadeObjects {
    private JvmMadeObjects() {
    }

    /**
     * Records {@code array} as allocated now with the references it holds: the arrays among them as
     * allocated now too (an array already recorded keeps its id), anything else as the object it is.
     */
    static long linkArrays(Object array, ThreadState s) {
        s.allocatedNow = array;
        long id = Recorder.idOf(array, s);
        s.allocatedNow = null;
        if (array instanceof Object[] a) {
            for (int i = 0; i < a.length; i++) {
                Object e = a[i];
                if (e != null) {
                    s.event(EventLog.WRITE, id, i, e.getClass().isArray() ? linkArrays(e, s) : Recorder.idOf(e, s));
                }
            }
        }
        return id;
    }

    /**
     * A string first seen where no bytecode made it (a literal the JVM resolved, a string made before
     * the agent) was just recorded as allocated there: its {@code value} array, which the JVM made with
     * it, is recorded too (as allocated now unless seen before), with the store that holds it. Without
     * it the array was unrecorded allocation that dies at once, and the string held nothing (1,314 of
     * the strings live at Ledger's first young collection, 76 KB of arrays HotSpot keeps).
     */
    static void adoptedString(String string, long id, ThreadState s) {
        Object value = Layouts.stringValue(string);
        int slot = Layouts.stringValueSlot(s);
        if (value != null && slot >= 0) {
            s.event(EventLog.WRITE, id, slot, Recorder.idOf(value, s));
        }
    }

    /**
     * The JVM sets a mirror's {@code classLoader} as it makes the mirror, where no bytecode shows it: the store,
     * so that what holds a class's mirror holds its defining loader (and whatever that holds) too, as HotSpot's
     * young collections hold every class loader (its class loader data's handles are roots until a full
     * collection unloads it). Without it, a loader the program dropped died in the trace with its last mention.
     */
    static void mirrorLoader(long mirror, ClassLoader loader, ThreadState s) {
        int slot = Layouts.mirrorLoaderSlot(s);
        if (loader != null && slot >= 0) {
            s.event(EventLog.WRITE, mirror, slot, Recorder.idOf(loader, s));
        }
    }

    /**
     * {@code throwable}'s backtrace, which the JVM made in {@code fillInStackTrace} and stored in its field
     * numbered {@code field}: its arrays as allocated now, then the store.
     */
    static void backtrace(Object throwable, Object backtrace, int field, ThreadState s) {
        long id = linkArrays(backtrace, s);
        int slot = Layouts.of(throwable.getClass(), s).slot(field, s);
        if (slot >= 0) {
            s.event(EventLog.WRITE, Recorder.idOf(throwable, s), slot, id);
        }
    }
}
