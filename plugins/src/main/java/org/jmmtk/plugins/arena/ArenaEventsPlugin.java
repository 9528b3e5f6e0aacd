package org.jmmtk.plugins.arena;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.jmmtk.core.analysis.Plugin;
import org.jmmtk.core.analysis.PluginContext;
import org.jmmtk.core.memory.SimulatedMemory;
import org.jmmtk.core.objectmodel.ObjectModel;

/**
 * The {@code arena} plugin: JVMPI's arena events from any plan, through the generic hooks every
 * policy already calls (allocation, move, free, a space's release), so no plan has a switch of its
 * own. Each space of the plan is an arena, numbered in creation order: NEW_ARENA for each when the
 * plugin attaches; NEW_OBJECT at allocation (the object's type id and size as the program allocated it, header
 * included, as JVMPI reports it); MOVE_OBJECT
 * for every copy, evacuation, promotion or slide; DELETE_OBJECT when a policy frees one object (a
 * sweep, a mark-compact's dead objects, a hole reclaimed); DELETE_ARENA then NEW_ARENA of the same
 * number when a space frees everything left in it at once (a from-space or nursery release). Object
 * ids are addresses, as in JVMPI. The per-plan mapping is in docs/arena-events.md.
 *
 * <p>Events arrive on mutators and, concurrently, on GC workers; they are handed on to the consumer
 * one at a time, in the order the plugin receives them (a free is reported before its memory can be
 * reused and a move after the copy is complete, so that order never puts two live objects at one
 * address).
 */
public final class ArenaEventsPlugin implements Plugin {
    private final ArenaEvents out;
    private SimulatedMemory memory;
    private PluginContext context;
    private List<String> names;
    private long newArenas;
    private long deletedArenas;
    private long newObjects;
    private long deletedObjects;
    private long movedObjects;

    /** A plugin that sends every event to {@code out}. */
    public ArenaEventsPlugin(ArenaEvents out) {
        this.out = out;
    }

    /** A plugin that only rebuilds the live set in memory (its summary reports it): {@code --plugin arena}. */
    public ArenaEventsPlugin() {
        this(new ArenaReplay());
    }

    @Override
    public String name() {
        return "arena";
    }

    @Override
    public int interests() {
        return ON_ALLOC | ON_MOVE | ON_FREE | ON_ARENA | ON_GC;
    }

    @Override
    public synchronized void attach(PluginContext context) {
        this.context = context;
        this.memory = context.memory();
        this.names = context.spaceNames();
        for (int i = 0; i < names.size(); i++) {
            out.newArena(i + 1, names.get(i));
            newArenas++;
        }
    }

    @Override
    public synchronized void onAlloc(int mutator, long object) {
        out.newObject(context.spaceOf(object), object, ObjectModel.typeId(memory, object),
                ObjectModel.traceBytes(memory, object));
        newObjects++;
    }

    @Override
    public synchronized void onObjectMoved(long from, long to) {
        out.moveObject(context.spaceOf(from), from, context.spaceOf(to), to);
        movedObjects++;
    }

    @Override
    public synchronized void onObjectFreed(long object) {
        out.deleteObject(object);
        deletedObjects++;
    }

    @Override
    public synchronized void onSpaceReleased(int space) {
        out.deleteArena(space);
        out.newArena(space, names.get(space - 1));
        deletedArenas++;
        newArenas++;
    }

    @Override
    public synchronized void onGcStart(int gc, String kind) {
        out.gcStart(gc);
    }

    @Override
    public synchronized void onGcEnd(int gc, String kind) {
        out.gcEnd(gc);
    }

    /** Where the events go. */
    public ArenaEvents events() {
        return out;
    }

    @Override
    public synchronized Map<String, Number> summary() {
        Map<String, Number> m = new LinkedHashMap<>();
        m.put("newArenas", newArenas);
        m.put("deletedArenas", deletedArenas);
        m.put("newObjects", newObjects);
        m.put("deletedObjects", deletedObjects);
        m.put("movedObjects", movedObjects);
        if (out instanceof ArenaReplay replay) {
            m.put("liveObjects", replay.liveObjects());
            m.put("liveBytes", replay.liveBytes());
            m.put("arenas", replay.arenaCount());
        }
        return m;
    }
}
