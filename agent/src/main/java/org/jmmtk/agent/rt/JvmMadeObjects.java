package org.jmmtk.agent.rt;

/**
 * Objects the JVM makes where no bytecode shows them, recorded with the references that hold them: the
 * sub-arrays of a {@code MULTIANEWARRAY}, a throwable's backtrace ({@code fillInStackTrace}), and the
 * {@code value} array of a string first seen where the program used it (a literal that {@code ldc}
 * resolved), the store of a mirror's class loader, and what a reflection object the JVM made refers to.
 * Called by {@link Recorder}, {@link IdTable} and {@link DefinedClasses} on the recording thread, inside
 * the recorder (its thread state busy).
 */
final class JvmMadeObjects {
    private static final Class<?> REFLECTION = java.lang.reflect.AccessibleObject.class;

    private JvmMadeObjects() {
    }

    /** The JVM's own class loaders (first used inside the recorder, after premain). */
    private static final class BuiltinLoaders {
        static final ClassLoader APP = ClassLoader.getSystemClassLoader();
        static final ClassLoader PLATFORM = ClassLoader.getPlatformClassLoader();
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
     * {@code object} was just adopted as {@code id} (first seen where no bytecode made it): what the JVM made
     * with it, where no bytecode shows, is recorded with it. A string's {@code value} array; a mirror's loader;
     * and a reflection object's references or a reflection array's elements: HotSpot makes the root
     * {@code Method}, {@code Constructor} and {@code Field} objects of a class (with their parameter and
     * exception type arrays, signatures and annotation bytes) in {@code getDeclaredMethods0} and the like, and
     * the class's {@code ReflectionData} keeps them through a soft reference, so young collections keep them
     * while the mirror lives. Without this, those arrays were filler that died at once and the roots died at
     * their last mention.
     */
    static void adopted(Object object, long id, ThreadState s) {
        if (object instanceof String str) {
            adoptedString(str, id, s);
        } else if (object instanceof Class<?> c) {
            mirrorLoader(id, c.getClassLoader(), s);
        } else if (object instanceof Object[] a) {
            if (REFLECTION.isAssignableFrom(a.getClass().getComponentType())) {
                for (int i = 0; i < a.length; i++) {
                    Object e = a[i];
                    if (e != null) {
                        s.event(EventLog.WRITE, id, i, Recorder.idOf(e, s));
                    }
                }
            }
        } else if (object instanceof java.lang.reflect.AccessibleObject) {
            Layouts.Layout layout = Layouts.of(object.getClass(), s);
            for (int i = 0; i < layout.fieldOffsets.length; i++) {
                Object v = layout.fieldOffsets[i] < 0 ? null : Layouts.UNSAFE.getObject(object, layout.fieldOffsets[i]);
                if (v != null) {
                    s.event(EventLog.WRITE, id, i, v.getClass().isArray() ? linkArrays(v, s) : Recorder.idOf(v, s));
                }
            }
        }
    }

    /**
     * A string first seen where no bytecode made it (a literal the JVM resolved, a string made before
     * the agent) was just recorded as allocated there: its {@code value} array, which the JVM made with
     * it, is recorded too (as allocated now unless seen before), with the store that holds it. Without
     * it the array was unrecorded allocation that dies at once, and the string held nothing (1,314 of
     * the strings live at Ledger's first young collection, 76 KB of arrays HotSpot keeps).
     */
    private static void adoptedString(String string, long id, ThreadState s) {
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
        if (loader == null || loader == BuiltinLoaders.APP || loader == BuiltinLoaders.PLATFORM) {
            return; // made before the agent and live for the whole run: the modelled start-up heap holds them
        }
        int slot = Layouts.mirrorLoaderSlot(s);
        if (slot >= 0) {
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
