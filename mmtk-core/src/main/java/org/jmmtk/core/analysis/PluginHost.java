package org.jmmtk.core.analysis;

import java.util.List;

/**
 * Dispatches heap events to the run's plugins (mmtk-core's analysis manager). Each hook has a final
 * flag, {@code wants*()}, that is true only if some plugin asked for the event; callers test it before
 * computing the event's arguments, so with no plugin every hook is one predictable branch.
 *
 * <p>Immutable after construction; the hooks run on the threads the {@link Plugin} contract names.
 */
public final class PluginHost {
    /**
     * False when the JVM was started with {@code -Djmmtk.plugins.off=true}: every hook is then dead
     * code, as if the host were not compiled in (the baseline of the overhead benchmark).
     */
    public static final boolean COMPILED = !Boolean.getBoolean("jmmtk.plugins.off");
    private static final Plugin[] NONE = new Plugin[0];

    private final Plugin[] plugins;
    private final boolean alloc;
    private final boolean stores;
    private final boolean rootStores;
    private final boolean rootScans;
    private final boolean gcs;
    private final boolean moves;
    private final boolean frees;
    private final boolean arenas;
    private final boolean releasedObjects;

    public PluginHost(List<Plugin> plugins) {
        this.plugins = plugins.toArray(NONE);
        int mask = 0;
        for (Plugin p : this.plugins) {
            mask |= p.interests();
        }
        if (!COMPILED && mask != 0) {
            throw new IllegalStateException("plugins were compiled out with -Djmmtk.plugins.off=true");
        }
        this.alloc = (mask & Plugin.ON_ALLOC) != 0;
        this.stores = (mask & Plugin.ON_POINTER_STORE) != 0;
        this.rootStores = (mask & Plugin.ON_ROOT_STORE) != 0;
        this.rootScans = (mask & Plugin.ON_ROOT_SCAN) != 0;
        this.gcs = (mask & Plugin.ON_GC) != 0;
        this.moves = (mask & Plugin.ON_MOVE) != 0;
        this.frees = (mask & Plugin.ON_FREE) != 0;
        this.arenas = (mask & Plugin.ON_ARENA) != 0;
        boolean perObject = false;
        for (Plugin p : this.plugins) {
            perObject |= wantsEachReleasedObject(p);
        }
        this.releasedObjects = perObject;
    }

    /** A host with no plugins. */
    public static PluginHost none() {
        return new PluginHost(List.of());
    }

    public void attach(PluginContext context) {
        for (Plugin p : plugins) {
            p.attach(context);
        }
    }

    public List<Plugin> plugins() {
        return List.of(plugins);
    }

    public boolean wantsAlloc() {
        return COMPILED && alloc;
    }

    public boolean wantsPointerStores() {
        return COMPILED && stores;
    }

    public boolean wantsRootStores() {
        return COMPILED && rootStores;
    }

    public boolean wantsRootScans() {
        return COMPILED && rootScans;
    }

    public boolean wantsGcs() {
        return COMPILED && gcs;
    }

    public boolean wantsMoves() {
        return COMPILED && moves;
    }

    public boolean wantsFrees() {
        return COMPILED && frees;
    }

    /** Whether some plugin wants whole-space releases ({@link Plugin#onSpaceReleased}). */
    public boolean wantsArenas() {
        return COMPILED && arenas;
    }

    /** Whether some plugin wants each object of a whole-space release as a free of its own. */
    public boolean wantsReleasedObjects() {
        return COMPILED && releasedObjects;
    }

    private static boolean wantsEachReleasedObject(Plugin p) {
        return (p.interests() & (Plugin.ON_FREE | Plugin.ON_ARENA)) == Plugin.ON_FREE;
    }

    public void alloc(int mutator, long object) {
        for (Plugin p : plugins) {
            if ((p.interests() & Plugin.ON_ALLOC) != 0) {
                p.onAlloc(mutator, object);
            }
        }
    }

    public void pointerStore(int mutator, long source, int slot, long oldTarget, long newTarget) {
        for (Plugin p : plugins) {
            if ((p.interests() & Plugin.ON_POINTER_STORE) != 0) {
                p.onPointerStore(mutator, source, slot, oldTarget, newTarget);
            }
        }
    }

    public void rootStore(int thread, int slot, long oldTarget, long newTarget) {
        for (Plugin p : plugins) {
            if ((p.interests() & Plugin.ON_ROOT_STORE) != 0) {
                p.onRootStore(thread, slot, oldTarget, newTarget);
            }
        }
    }

    public void rootScan(long object) {
        for (Plugin p : plugins) {
            if ((p.interests() & Plugin.ON_ROOT_SCAN) != 0) {
                p.onRootScan(object);
            }
        }
    }

    public void gcStart(int gc, String kind) {
        for (Plugin p : plugins) {
            if ((p.interests() & Plugin.ON_GC) != 0) {
                p.onGcStart(gc, kind);
            }
        }
    }

    public void gcEnd(int gc, String kind) {
        for (Plugin p : plugins) {
            if ((p.interests() & Plugin.ON_GC) != 0) {
                p.onGcEnd(gc, kind);
            }
        }
    }

    public void objectMoved(long from, long to) {
        for (Plugin p : plugins) {
            if ((p.interests() & Plugin.ON_MOVE) != 0) {
                p.onObjectMoved(from, to);
            }
        }
    }

    /** The program ended (see {@link Plugin#onProgramEnd}); once per run, so every plugin hears it. */
    public void programEnd() {
        for (Plugin p : plugins) {
            p.onProgramEnd();
        }
    }

    /** An object freed with the rest of its space: to the plugins that want frees but not arenas. */
    public void releasedObject(long object) {
        for (Plugin p : plugins) {
            if (wantsEachReleasedObject(p)) {
                p.onObjectFreed(object);
            }
        }
    }

    public void spaceReleased(int space) {
        for (Plugin p : plugins) {
            if ((p.interests() & Plugin.ON_ARENA) != 0) {
                p.onSpaceReleased(space);
            }
        }
    }

    public void objectFreed(long object) {
        for (Plugin p : plugins) {
            if ((p.interests() & Plugin.ON_FREE) != 0) {
                p.onObjectFreed(object);
            }
        }
    }
}
