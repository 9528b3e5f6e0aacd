package org.jmmtk.agent.rt;

import java.lang.instrument.Instrumentation;
import java.lang.invoke.MethodHandle;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.MethodType;
import java.lang.reflect.Field;
import java.lang.reflect.Modifier;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * Each class's reference slots, size and type id. An object's slots are its non-static fields of
 * reference type, the superclass's first (from {@code Object} down), each class's in the order
 * reflection lists them (declaration order on HotSpot); a reference array's slots are its elements.
 * Type ids count up from 1 in the order classes are first seen. Layouts are kept in an open-addressing
 * table keyed by class identity (not a {@code ClassValue}, whose lookup is instrumented JDK code),
 * read without a lock and filled under one; a layout is computed before the lock is taken, since
 * reflection may load and link classes. Any thread.
 */
final class Layouts {
    private static final Object LOCK = new Object();
    private static volatile Layout[] table = new Layout[1024];
    private static int size;
    /** The recorder's atomics and offsets: {@code Unsafe}'s bodies are the one part of the JDK left uninstrumented. */
    static final sun.misc.Unsafe UNSAFE = unsafe();
    private static Instrumentation inst;
    private static final long STRING_VALUE = fieldOffset(String.class, "value");
    private static final int BYTES_BASE = UNSAFE.arrayBaseOffset(byte[].class);
    private static long stringBytes;
    /**
     * {@code Class.getDeclaredFields0}: every field a class declares, with those that reflection filters out
     * ({@code ClassLoader}'s, {@code Module}'s, {@code Class.classLoader}, {@code Method}'s, ...), which HotSpot
     * traces as any other; null when {@code java.lang} could not be opened to the recorder (then unseen).
     */
    private static MethodHandle declaredFields;
    /** The offset of {@code Class.classLoader} (which only the JVM sets), or -1. */
    private static long mirrorLoader = -1;

    private Layouts() {
    }

    static void start(Instrumentation instrumentation) {
        inst = instrumentation;
        stringBytes = instrumentation.getObjectSize("");
        declaredFields = allDeclaredFields(instrumentation);
        for (Field f : declaredFields(Class.class)) {
            if (f.getName().equals("classLoader") && !Modifier.isStatic(f.getModifiers())) {
                mirrorLoader = UNSAFE.objectFieldOffset(f);
            }
        }
    }

    private static MethodHandle allDeclaredFields(Instrumentation instrumentation) {
        try {
            instrumentation.redefineModule(Object.class.getModule(), Set.of(), Map.of(),
                    Map.of("java.lang", Set.of(Layouts.class.getModule())), Set.of(), Map.of());
            return MethodHandles.privateLookupIn(Class.class, MethodHandles.lookup()).findVirtual(Class.class,
                    "getDeclaredFields0", MethodType.methodType(Field[].class, boolean.class));
        } catch (ReflectiveOperationException | RuntimeException e) {
            System.err.println("jmmtk agent: the fields reflection filters out (ClassLoader's, Class.classLoader, ...) "
                    + "will not be recorded: " + e);
            return null;
        }
    }

    /** The fields {@code c} declares, those reflection filters out included when it can. */
    static Field[] declaredFields(Class<?> c) {
        MethodHandle all = declaredFields;
        if (all != null) {
            try {
                return (Field[]) all.invokeExact(c, false);
            } catch (Throwable e) {
                throw new IllegalStateException("Class.getDeclaredFields0 of " + c.getName(), e);
            }
        }
        return c.getDeclaredFields();
    }

    /** The slot of a mirror's {@code classLoader} in the trace, or -1 (found on {@code s}'s first use). */
    static int mirrorLoaderSlot(ThreadState s) {
        return mirrorLoader < 0 ? -1 : of(Class.class, s).slotAt(mirrorLoader, null);
    }

    /**
     * What the JVM allocated on the current thread to show a class to the transformer: a copy of the
     * class file ({@code classBytes}) and its name ({@code className}, null for none), made by
     * {@code java.lang.instrument}'s native code for each class it passes to a transformer; the
     * recorder's own, since without the agent they are not made.
     */
    static long shownToTransformer(byte[] classBytes, String className) {
        long bytes = (BYTES_BASE + classBytes.length + 7) & ~7L;
        if (className != null) {
            byte[] value = (byte[]) UNSAFE.getObject(className, STRING_VALUE);
            bytes += stringBytes + ((BYTES_BASE + value.length + 7) & ~7L);
        }
        return bytes;
    }

    /** A string's {@code value} array. */
    static Object stringValue(String string) {
        return UNSAFE.getObject(string, STRING_VALUE);
    }

    /** The slot of a string's {@code value} in the trace (found on {@code s}'s first use). */
    static int stringValueSlot(ThreadState s) {
        return of(String.class, s).slotAt(STRING_VALUE, null);
    }

    private static sun.misc.Unsafe unsafe() {
        try {
            Field f = sun.misc.Unsafe.class.getDeclaredField("theUnsafe");
            f.setAccessible(true);
            return (sun.misc.Unsafe) f.get(null);
        } catch (ReflectiveOperationException e) {
            throw new ExceptionInInitializerError(e);
        }
    }

    static long fieldOffset(Class<?> c, String name) {
        try {
            return UNSAFE.objectFieldOffset(c.getDeclaredField(name));
        } catch (NoSuchFieldException e) {
            throw new ExceptionInInitializerError(e);
        }
    }

    /** The layout of {@code type}, computed on its first use (on {@code s}, whose accounts get the recorder's allocation). */
    static Layout of(Class<?> type, ThreadState s) {
        int hash = System.identityHashCode(type);
        Layout[] tab = table;
        int mask = tab.length - 1;
        for (int i = Threads.spread(hash) & mask; ; i = (i + 1) & mask) {
            Layout l = tab[i];
            if (l == null) {
                break;
            }
            if (l.type == type) {
                return l;
            }
        }
        long start = ThreadState.ownStart();
        try {
            return add(type, hash);
        } finally {
            s.ownSince(start);
        }
    }

    private static Layout add(Class<?> type, int hash) {
        Layout made = new Layout(type);
        synchronized (LOCK) {
            Layout[] tab = table;
            int mask = tab.length - 1;
            int i = Threads.spread(hash) & mask;
            for (; tab[i] != null; i = (i + 1) & mask) {
                if (tab[i].type == type) {
                    return tab[i];
                }
            }
            made.typeId = TypeRegistry.newType(type.getName(), made.weakReferentSlot);
            if (2 * (size + 1) > tab.length) {
                Layout[] bigger = new Layout[tab.length * 2];
                int m = bigger.length - 1;
                for (Layout l : tab) {
                    if (l != null) {
                        int j = Threads.spread(System.identityHashCode(l.type)) & m;
                        while (bigger[j] != null) {
                            j = (j + 1) & m;
                        }
                        bigger[j] = l;
                    }
                }
                tab = bigger;
                for (i = Threads.spread(hash) & m; tab[i] != null; i = (i + 1) & m) {
                    // a free place in the new table
                }
            }
            tab[i] = made;
            size++;
            table = tab;
            return made;
        }
    }

    /** One class's layout; the slot of each field reference is found once and cached. */
    static final class Layout {
        final Class<?> type;
        final Field[] refFields;
        /** For a reference array: element slot = (offset - arrayBase) / arrayScale; otherwise field offsets by slot. */
        final long[] fieldOffsets;
        final int arrayBase;
        final int arrayScale;
        /** For a hidden class: the slot of field {@code arg$(i+1)} (a lambda's captured argument i), or -1. */
        private final int[] capturedSlots;
        /** The slot of {@code Reference.referent} in a weak or phantom reference (the trace marks it weak), or -1. */
        final int weakReferentSlot;
        int typeId;
        private volatile long instanceBytes;
        private volatile int[] slotPlusOne = new int[0];

        Layout(Class<?> type) {
            this.type = type;
            if (type.isArray()) {
                refFields = new Field[0];
                fieldOffsets = new long[0];
                arrayBase = UNSAFE.arrayBaseOffset(type);
                arrayScale = UNSAFE.arrayIndexScale(type);
                instanceBytes = 0;
            } else {
                refFields = referenceFields(type);
                fieldOffsets = new long[refFields.length];
                for (int i = 0; i < refFields.length; i++) {
                    fieldOffsets[i] = offset(refFields[i]);
                }
                arrayBase = 0;
                arrayScale = 0;
                instanceBytes = -1;
            }
            capturedSlots = type.isHidden() ? capturedSlots(refFields, type) : new int[0];
            weakReferentSlot = weakReferentSlot(refFields, type);
        }

        /**
         * The slot of {@code referent} when {@code type} is a {@code WeakReference} or {@code PhantomReference}
         * (or a subclass, such as {@code WeakHashMap}'s entries): a collector may clear it, so the trace marks it
         * weak; its stores are recorded as any other. A {@code SoftReference}'s referent is not marked (HotSpot
         * clears soft referents only after {@code SoftRefLRUPolicyMSPerMB} ms per free megabyte unread, or
         * before an OutOfMemoryError), nor a finalizer's (it keeps its referent until finalization).
         */
        private static int weakReferentSlot(Field[] refFields, Class<?> type) {
            if (!java.lang.ref.WeakReference.class.isAssignableFrom(type)
                    && !java.lang.ref.PhantomReference.class.isAssignableFrom(type)) {
                return -1;
            }
            for (int i = 0; i < refFields.length; i++) {
                if (refFields[i].getDeclaringClass() == java.lang.ref.Reference.class
                        && refFields[i].getName().equals("referent")) {
                    return i;
                }
            }
            return -1;
        }

        /** The slot of a lambda's captured argument {@code argument} (from 0; its field {@code arg$(argument+1)}), or -1. */
        int capturedSlot(int argument) {
            return argument >= 0 && argument < capturedSlots.length ? capturedSlots[argument] : -1;
        }

        /** The slots of fields {@code arg$1}, {@code arg$2}, ... that {@code type} declares (how a lambda's hidden class keeps what it captured). */
        private static int[] capturedSlots(Field[] refFields, Class<?> type) {
            int[] slots = new int[0];
            for (int i = 0; i < refFields.length; i++) {
                String name = refFields[i].getName();
                if (refFields[i].getDeclaringClass() == type && name.startsWith("arg$")) {
                    int argument;
                    try {
                        argument = Integer.parseInt(name.substring(4)) - 1;
                    } catch (NumberFormatException e) {
                        continue;
                    }
                    if (argument >= 0 && argument < 256) {
                        int old = slots.length;
                        if (argument >= old) {
                            slots = Arrays.copyOf(slots, argument + 1);
                            Arrays.fill(slots, old, slots.length, -1);
                        }
                        slots[argument] = i;
                    }
                }
            }
            return slots;
        }

        /** The slots of an object of this class: its reference fields, or a reference array's length. */
        long slots(Object object) {
            return object instanceof Object[] a ? a.length : refFields.length;
        }

        private static long offset(Field f) {
            try {
                return UNSAFE.objectFieldOffset(f);
            } catch (RuntimeException e) {
                return -1; // a hidden class or a record: Unsafe will not say, and Unsafe stores into it are not seen
            }
        }

        /** The object's size as the JVM lays it out: asked once per class for objects, computed for arrays. */
        long size(Object object) {
            if (arrayScale != 0) {
                long length = java.lang.reflect.Array.getLength(object);
                return (arrayBase + length * arrayScale + 7) & ~7L;
            }
            long bytes = instanceBytes;
            if (bytes < 0) {
                bytes = inst.getObjectSize(object);
                if (type != Class.class) { // a mirror holds its class's static fields: each its own size
                    instanceBytes = bytes;
                }
            }
            return bytes;
        }

        /** The size of this class's instances, or -1 before one has been measured. */
        long instanceSize() {
            return arrayScale != 0 ? -1 : instanceBytes;
        }

        /** The slot a store through Unsafe at {@code offset} of an object of this class names, or -1. */
        int slotAt(long offset, Object object) {
            if (arrayScale != 0) {
                return object instanceof Object[] ? (int) ((offset - arrayBase) / arrayScale) : -1;
            }
            for (int i = 0; i < fieldOffsets.length; i++) {
                if (fieldOffsets[i] == offset) {
                    return i;
                }
            }
            return -1;
        }

        /** The slot that field reference {@code ref} names in objects of this class, or -1 (found on {@code s}'s first use). */
        int slot(int ref, ThreadState s) {
            int[] cache = slotPlusOne;
            if (ref < cache.length && cache[ref] != 0) {
                return cache[ref] - 1;
            }
            long start = ThreadState.ownStart();
            try {
                return resolve(ref);
            } finally {
                s.ownSince(start);
            }
        }

        /** As the JVM resolves {@code PUTFIELD owner.name}: the field in owner or its nearest superclass. */
        private synchronized int resolve(int ref) {
            String owner = Refs.fieldOwner(ref);
            String name = Refs.fieldName(ref);
            Class<?> ownerClass = null;
            for (Class<?> c = type; c != null && ownerClass == null; c = c.getSuperclass()) {
                if (c.getName().equals(owner)) {
                    ownerClass = c;
                }
            }
            int slot = -1;
            for (int i = refFields.length - 1; i >= 0 && ownerClass != null; i--) {
                Field f = refFields[i];
                if (f.getName().equals(name) && f.getDeclaringClass().isAssignableFrom(ownerClass)) {
                    slot = i;
                    break;
                }
            }
            int[] cache = slotPlusOne;
            cache = Arrays.copyOf(cache, Math.max(cache.length, ref + 1));
            cache[ref] = slot + 1;
            slotPlusOne = cache;
            return slot;
        }

        private static Field[] referenceFields(Class<?> type) {
            List<Field> fields = new ArrayList<>();
            for (Class<?> c : hierarchy(type)) {
                for (Field f : declaredFields(c)) {
                    if (!Modifier.isStatic(f.getModifiers()) && !f.getType().isPrimitive()) {
                        fields.add(f);
                    }
                }
            }
            return fields.toArray(new Field[0]);
        }

        /** {@code type} and its superclasses, from {@code Object} down. */
        private static List<Class<?>> hierarchy(Class<?> type) {
            List<Class<?>> classes = new ArrayList<>();
            for (Class<?> c = type; c != null; c = c.getSuperclass()) {
                classes.add(0, c);
            }
            return classes;
        }
    }
}
