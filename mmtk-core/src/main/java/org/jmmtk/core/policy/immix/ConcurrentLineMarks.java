package org.jmmtk.core.policy.immix;

import org.jmmtk.core.memory.SideMetadataRegistry;
import org.jmmtk.core.policy.ObjectVisitor;

/**
 * The line marks of an {@link ImmixSpace} whose mark runs concurrently with its mutators (ConcurrentImmix;
 * mmtk-core's Immix keeps the same two sets apart with a line-mark epoch, {@code line_mark_state} and
 * {@code line_unavail_state}): while the mark runs, mutators keep allocating into the holes of the last
 * sweep's line marks, so the lines the mark finds live go into a second table of the space, together with
 * the lines of every object allocated during the mark (allocated live). When the mark is finished the second
 * table becomes the space's, so the pause that ends the mark sweeps by it like a stop-the-world Immix
 * collection, with no walk to rebuild the line marks. The two tables swap roles every cycle; the one a mark
 * fills is cleared at its start, over the blocks the space has used. A stop-the-world collection of the
 * space takes the same two steps with no mutator between them; one that gives a mark up simply begins
 * again, clearing what the mark had found.
 *
 * <p>Threads: {@link #beginMark} and {@link #finishMark} run in pauses (one GC worker, mutators stopped);
 * GC workers marking and mutators allocating during the mark ({@link #markAllocated}) both store 1 into the
 * second table, the same benign race as parallel line marking in a pause.
 */
public final class ConcurrentLineMarks {
    private final ImmixSpace space;
    private final LineMarks lines;

    /** Gives {@code space} its second table, declared in {@code metadata} as {@code immix-next-line-mark}. */
    public ConcurrentLineMarks(ImmixSpace space, SideMetadataRegistry metadata) {
        this.space = space;
        this.lines = space.lineMarks();
        lines.addSpare(metadata);
    }

    /**
     * Start of a mark (before the closure of its first pause): line marks go to the second table, cleared;
     * allocators still read the space's table.
     */
    public void beginMark() {
        lines.markIntoSpare(space.blockLimit());
    }

    /**
     * An object allocated during the mark (allocated live): its lines are marked in the mark's table, as the
     * trace marks those of the objects it reaches; nothing for an object of another space. Called only
     * between {@link #beginMark} and {@link #finishMark}.
     */
    public void markAllocated(long object) {
        if (space.contains(object)) {
            space.markLinesOf(object);
        }
    }

    /**
     * Visits the objects of the space the mark in progress marked (and their unmarked neighbours on the same
     * lines), by the mark's line table: every marked object's first line is marked in it, so the rest of the
     * space, however large, is not walked (giving a mark up costs what the mark found, not the heap).
     * Called in a pause, between {@link #beginMark} and {@link #finishMark}.
     */
    public void walkMarkedLines(ObjectVisitor visitor) {
        lines.walkObjectsOnMarkedLines(space.blockLimit(), visitor);
    }

    /**
     * End of the mark (the pause that ends it, after its closure, before the sweep): the mark's table
     * becomes the space's, read by the sweep and the allocators; the old one is the next mark's.
     */
    public void finishMark() {
        lines.adoptSpare();
    }
}
