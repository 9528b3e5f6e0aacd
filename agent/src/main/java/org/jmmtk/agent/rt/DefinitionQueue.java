package org.jmmtk.agent.rt;

/**
 * The classes one thread has shown to the transformer since its last recorded allocation, whose mirrors
 * and resolved references ({@link DefinedClasses}) are recorded at its next one: in the transformer
 * itself, recording them would first write the thread's frame slots, where the JDK's transformer frames
 * then hold the class file's bytes (which would be adopted as program objects, about 5 KB a class).
 * Touched only by its own thread.
 */
final class DefinitionQueue {
    private ClassLoader[] loaders = new ClassLoader[4];
    private String[] names = new String[4];
    private long[] staticBytes = new long[4];
    private int[] places = new int[4];
    private int count;

    void add(ClassLoader loader, String name, long statics, int references) {
        if (count == names.length) {
            loaders = java.util.Arrays.copyOf(loaders, 2 * count);
            names = java.util.Arrays.copyOf(names, 2 * count);
            staticBytes = java.util.Arrays.copyOf(staticBytes, 2 * count);
            places = java.util.Arrays.copyOf(places, 2 * count);
        }
        loaders[count] = loader;
        names[count] = name;
        staticBytes[count] = statics;
        places[count++] = references;
    }

    boolean isEmpty() {
        return count == 0;
    }

    /** Records the queued classes' objects in {@code classes} on {@code s}, and empties the queue. */
    void recordIn(DefinedClasses classes, ThreadState s) {
        int n = count;
        count = 0; // first: what records them may come back here
        for (int i = 0; i < n; i++) {
            classes.defining(s, loaders[i], names[i], staticBytes[i], places[i]);
            loaders[i] = null;
            names[i] = null;
        }
    }
}
