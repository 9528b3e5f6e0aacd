package org.jmmtk.agent.rt;

import java.util.HashMap;
import java.util.WeakHashMap;

/**
 * The heap objects HotSpot makes for each class it defines while the program runs, where no bytecode shows
 * them: the class's mirror ({@code java.lang.Class}, with the class's static fields in it) and its constant
 * pool's resolved references (an {@code Object[]} with a place for each string literal, method handle and
 * type, dynamic constant and {@code invokedynamic} site), both kept as long as the class loader lives.
 * The transformer sees a class's bytes before the class exists (and events the thread records before the
 * definition ends still find it undefined), so both are modelled from the class file, at the defining
 * thread's next allocation ({@link DefinitionQueue}), as made by the JVM ({@link ThreadState#madeByJvm}:
 * in the allocation accounts, not filler), the mirror with the size its static fields give; when the
 * program later first touches the mirror, the object is bound to the id recorded then instead of being
 * adopted a second time. The resolved references are recorded with the mirror, although HotSpot makes
 * them when it links the class (at its first initialisation, a little later). Called by any thread that
 * defines a class or first sees a mirror; its table under its lock.
 */
final class DefinedClasses {
    private final Object lock = new Object();
    /**
     * The ids of mirrors recorded at their class's definition that the program has not touched yet, by
     * defining loader (null: the boot loader; weak: the recorder keeps no loader from unloading) and class
     * name (internal form).
     */
    private final WeakHashMap<ClassLoader, HashMap<String, Long>> untouched = new WeakHashMap<>();
    private final IdTable ids;
    /** The bytes of a mirror without static fields ({@code Object}'s). */
    private long mirrorBytes;
    private long mirrorWord;
    private int resolvedReferencesType;
    private int referenceBase;
    private int referenceScale;

    DefinedClasses(IdTable ids) {
        this.ids = ids;
    }

    /** Measures a mirror and the reference arrays, and names the type of resolved references (premain). */
    void start(java.lang.instrument.Instrumentation inst, ThreadState s, int resolvedReferencesType) {
        mirrorBytes = inst.getObjectSize(Object.class);
        Layouts.Layout mirror = Layouts.of(Class.class, s);
        mirrorWord = (long) mirror.refFields.length << EventLog.TYPE_BITS | mirror.typeId;
        this.resolvedReferencesType = resolvedReferencesType;
        referenceBase = Layouts.UNSAFE.arrayBaseOffset(Object[].class);
        referenceScale = Layouts.UNSAFE.arrayIndexScale(Object[].class);
    }

    /**
     * Class {@code name} (internal form), with {@code staticBytes} of static fields and {@code places} in its
     * resolved references, is being defined by {@code loader} on {@code s}'s thread (inside the recorder).
     */
    void defining(ThreadState s, ClassLoader loader, String name, long staticBytes, int places) {
        long bytes = (mirrorBytes + staticBytes + 7) & ~7L;
        s.madeByJvm(bytes);
        long id = ids.anonymous(s, bytes, mirrorWord);
        long start = ThreadState.ownStart(); // the table's entries are the recorder's own (the events count theirs)
        synchronized (lock) {
            HashMap<String, Long> names = untouched.get(loader);
            if (names == null) {
                names = new HashMap<>();
                untouched.put(loader, names);
            }
            names.put(name, id);
        }
        s.ownSince(start);
        JvmMadeObjects.mirrorLoader(id, loader, s);
        if (places > 0) {
            long array = (referenceBase + (long) places * referenceScale + 7) & ~7L;
            s.madeByJvm(array);
            ids.anonymous(s, array, (long) places << EventLog.TYPE_BITS | resolvedReferencesType);
        }
    }

    /** The id {@code mirror} was recorded with at its class's definition, taken once; 0 for none. */
    long untouched(Class<?> mirror, ThreadState s) {
        long start = ThreadState.ownStart();
        try {
            synchronized (lock) {
                HashMap<String, Long> names = untouched.isEmpty() ? null : untouched.get(mirror.getClassLoader());
                Long id = names == null ? null : names.remove(mirror.getName().replace('.', '/'));
                return id == null ? 0 : id;
            }
        } finally {
            s.ownSince(start);
        }
    }
}
