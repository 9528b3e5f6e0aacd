package org.jmmtk.bindings.replay;

import org.jmmtk.bindings.trace.IdSet;

/**
 * Every object id ever allocated in a replay, to reject duplicate ids and to tell "never allocated"
 * from "already collected" in error messages: an {@link IdSet}. Used by the replaying thread.
 */
final class AllocatedIds {
    private final IdSet ids = new IdSet();

    /** Records {@code id}; false if it was already recorded. */
    boolean add(long id) {
        return ids.add(id);
    }

    boolean contains(long id) {
        return ids.contains(id);
    }
}
