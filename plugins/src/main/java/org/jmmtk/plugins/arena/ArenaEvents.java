package org.jmmtk.plugins.arena;

/**
 * The algorithm-independent heap events of JVMPI (Liang, 1998): arenas in which objects live, objects
 * created, freed and moved. An object is named by its address, as in JVMPI, so a consumer must follow
 * moves; an arena is named by a small positive number. {@link #gcStart}/{@link #gcEnd} bracket the
 * events of one collection (JVMPI's GC_START/GC_FINISH). A producer, a file and a consumer all speak
 * this interface; the order of calls is the order of the events.
 *
 * <p>Threads: whoever produces the events calls it from one thread at a time.
 */
public interface ArenaEvents {
    void newArena(int arena, String name);

    /** Deletes {@code arena}: every object still in it is freed with it. */
    void deleteArena(int arena);

    void newObject(int arena, long object, int classId, long size);

    void deleteObject(long object);

    void moveObject(int oldArena, long oldObject, int newArena, long newObject);

    default void gcStart(int gc) {
    }

    default void gcEnd(int gc) {
    }

    /** Both {@code first} and then {@code second} receive every event. */
    static ArenaEvents tee(ArenaEvents first, ArenaEvents second) {
        return new ArenaEvents() {
            @Override
            public void newArena(int arena, String name) {
                first.newArena(arena, name);
                second.newArena(arena, name);
            }

            @Override
            public void deleteArena(int arena) {
                first.deleteArena(arena);
                second.deleteArena(arena);
            }

            @Override
            public void newObject(int arena, long object, int classId, long size) {
                first.newObject(arena, object, classId, size);
                second.newObject(arena, object, classId, size);
            }

            @Override
            public void deleteObject(long object) {
                first.deleteObject(object);
                second.deleteObject(object);
            }

            @Override
            public void moveObject(int oldArena, long oldObject, int newArena, long newObject) {
                first.moveObject(oldArena, oldObject, newArena, newObject);
                second.moveObject(oldArena, oldObject, newArena, newObject);
            }

            @Override
            public void gcStart(int gc) {
                first.gcStart(gc);
                second.gcStart(gc);
            }

            @Override
            public void gcEnd(int gc) {
                first.gcEnd(gc);
                second.gcEnd(gc);
            }
        };
    }
}
