package org.jmmtk.core.policy;

import java.util.Arrays;
import org.jmmtk.core.memory.SideMetadataRegistry;
import org.jmmtk.core.objectmodel.ObjectModel;

/**
 * The line marks of an {@link ImmixSpace} whose mark runs concurrently with its mutators (ConcurrentImmix;
 * mmtk-core's Immix keeps the same two sets apart with a line-mark epoch, {@code line_mark_state} and
 * {@code line_unavail_state}): while the mark runs, mutators keep allocating into the holes of the last
 * sweep's line marks, so the lines the mark finds live go into a second table, together with the lines of
 * every object allocated during the mark (allocated live). When the mark is finished the second table
 * becomes the space's, so the pause that ends the mark sweeps by it like a stop-the-world Immix collection,
 * with no walk to rebuild the line marks. The two tables swap roles every cycle; the one the mark starts
 * with is cleared at its start, over the blocks the space has used.
 *
 * <p>A stop-the-world collection of the space uses the same two steps, with no mutator between them; one
 * during a mark (which gives the mark up) simply begins again, clearing what the mark had found.
 *
 * <p>Threads: {@link #beginMark} and {@link #finishMark} run in pauses (one GC
 * worker, mutators stopped); GC workers marking and mutators allocating during the mark both store 1 into
 * the second table ({@link #markAllocated}), the same benign race as parallel line marking in a pause.
 */
public final class ConcurrentLineMarks {
    private final ImmixSpace space;
    // the table the next (or current) mark fills; the space's own is the other one
    private byte[] spare;

    /** A second line-mark table for {@code space}, declared in {@code metadata} as {@code immix-next-line-mark}. */
    public ConcurrentLineMarks(ImmixSpace space, SideMetadataRegistry metadata) {
        this.space = space;
        this.spare = space.lineMarkTable(metadata, "immix-next-line-mark");
    }

    /**
     * Start of a mark (InitialMark, before its closure): the spare table is cleared over the blocks in use
     * so far and takes every line mark from now on; allocators still read the space's table.
     */
    public void beginMark() {
        Arrays.fill(spare, 0, space.blockLimit() * space.linesInBlock(), (byte) 0);
        space.useLineMarks(space.lineMarks(), spare);
    }

    /**
     * An object allocated during the mark (allocated live): its lines are marked in the mark's table, as the
     * trace marks those of the objects it reaches; nothing for an object of another space. Called only
     * between {@link #beginMark} and {@link #finishMark}.
     */
    public void markAllocated(long object) {
        if (space.contains(object)) {
            space.markLines(spare, object, ObjectModel.size(space.memory, object));
        }
    }

    /**
     * End of the mark (the pause that ends it, after its closure, before the sweep): the mark's table
     * becomes the space's, read by the sweep and the allocators; the old one is the spare for the next mark.
     */
    public void finishMark() {
        byte[] old = space.lineMarks();
        space.useLineMarks(spare, spare);
        spare = old;
    }
}
