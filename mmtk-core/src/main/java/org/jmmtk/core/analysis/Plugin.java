package org.jmmtk.core.analysis;

import java.util.Map;

/**
 * An observer of the heap's life, enabled per run ({@code --plugin NAME}); mmtk-core's analysis
 * routines, widened to what Merlin, arena events and finalization sampling need. Objects are
 * addresses in simulated memory: read their id, type and size through {@code ObjectModel} and the
 * {@link PluginContext}. A plugin says which events it wants with {@link #interests()} (a mask of the
 * {@code ON_*} constants); the host calls only those, so an unused hook costs one branch.
 *
 * <p>Threads: allocation, pointer and root stores arrive on the mutator that made them; GC start and
 * end on the thread that requested the collection, with the mutators stopped. {@link #onObjectMoved}
 * and {@link #onObjectFreed} arrive on GC workers, <b>concurrently</b> when there are several: a
 * plugin that wants them must be thread-safe. {@link #onRootScan} arrives on GC workers too.
 */
public interface Plugin {
    int ON_ALLOC = 1;
    int ON_POINTER_STORE = 1 << 1;
    int ON_ROOT_STORE = 1 << 2;
    int ON_ROOT_SCAN = 1 << 3;
    int ON_GC = 1 << 4;
    int ON_MOVE = 1 << 5;
    int ON_FREE = 1 << 6;
    int ON_ARENA = 1 << 7;

    /** The name {@code --plugin} takes. */
    String name();

    /** The events this plugin wants: a mask of the {@code ON_*} constants. */
    int interests();

    /** Called once, before the first event. */
    default void attach(PluginContext context) {
    }

    /** A new object at {@code object}, its header written, on mutator {@code mutator}. */
    default void onAlloc(int mutator, long object) {
    }

    /** Reference slot {@code slot} of {@code source} changed from {@code oldTarget} to {@code newTarget} (0 = null). */
    default void onPointerStore(int mutator, long source, int slot, long oldTarget, long newTarget) {
    }

    /** Root slot {@code slot} of {@code thread} ({@code -1}: a global root) changed from {@code oldTarget} to {@code newTarget}. */
    default void onRootStore(int thread, int slot, long oldTarget, long newTarget) {
    }

    /** A collection's root scan found {@code object} in a root slot (before the object moved, if it does). */
    default void onRootScan(long object) {
    }

    /** A collection starts: mutators are stopped, nothing has been traced. */
    default void onGcStart(int gc, String kind) {
    }

    /** A collection ended: survivors are in place, the dead were reported, mutators not yet resumed. */
    default void onGcEnd(int gc, String kind) {
    }

    /** A collection copied the object at {@code from} to {@code to} (the copy is complete). */
    default void onObjectMoved(long from, long to) {
    }

    /** The object at {@code object} is dead and its memory about to be reused; its header is intact. */
    default void onObjectFreed(long object) {
    }

    /**
     * Every object left in space {@code space} (its {@link PluginContext#spaceOf} number) was freed at
     * once, after the survivors moved out: the release of a copying collector's from-space or nursery,
     * JVMPI's DELETE_ARENA followed by NEW_ARENA of the same arena. A plugin that asks for
     * {@link #ON_ARENA} hears this instead of an {@link #onObjectFreed} for each of those objects; one
     * that does not hears each object freed. On a GC worker or the thread that ran the collection.
     */
    default void onSpaceReleased(int space) {
    }

    /**
     * The program ended: its last event was replayed, mutators are stopped, and the final collection
     * (which measures what is still reachable) has not started. On the thread that ran the program.
     */
    default void onProgramEnd() {
    }

    /** What the plugin found, for reports: names to numbers, in the order to print them. */
    default Map<String, Number> summary() {
        return Map.of();
    }
}
