package org.jmmtk.core.policy.immix;

import java.util.Arrays;
import org.jmmtk.core.memory.SideMetadataRegistry;
import org.jmmtk.core.memory.SideMetadataSpec;

/**
 * Where the copies of the collection in progress go in an {@link ImmixSpace}, for the GC workers' copy
 * allocators: first the holes of blocks, then clean blocks while the collection's allowance of clean pages
 * lasts (mmtk-core's {@code available_clean_pages_for_defrag}). A collection of the space copies into the
 * holes, by its own line marks, of the blocks in use that it does not evacuate, in address order; one that
 * only copies into the space (a generational plan's promotion, a mixed-age nursery collection, LXR's young
 * evacuation) into the holes of the recyclable blocks the last sweep listed, each handed out once. The clean
 * blocks copies took are flagged (side metadata): the copy allocators' cursors own their free ends.
 *
 * <p>Threads: called under the space's lock, by GC workers' copy allocators and by the Prepare packet;
 * {@link #isCleanCopyBlock} is read by the single packet that copies a mixed-age nursery's survivors.
 */
final class CopyTargets {
    private final boolean[] copyBlock;
    // a collection that only copies into the space: its line marks do not cover what mutators allocated since
    private boolean promotionOnly;
    private int next;
    private int cleanPages;

    /** Targets among {@code blocks} blocks of {@code blockBytes} of {@code space}, the flags declared in {@code metadata}. */
    CopyTargets(SideMetadataRegistry metadata, String space, int blocks, int blockBytes) {
        this.copyBlock = metadata.booleans(SideMetadataSpec.local("immix-copy-block", "block", blockBytes, 8),
                space, blocks);
    }

    /** A collection of the space starts: its copies take holes of blocks in use, then {@code cleanPages}. */
    void prepareCollection(int cleanPages, int limit) {
        prepareCollection(limit);
        this.cleanPages = cleanPages;
    }

    /** As {@link #prepareCollection(int, int)}, the allowance of clean pages left as it is. */
    void prepareCollection(int limit) {
        promotionOnly = false;
        next = 0;
        forgetCleanBlocks(limit);
    }

    /** A collection that only copies into the space starts: copies take recyclable blocks, then {@code cleanPages}. */
    void preparePromotion(int cleanPages) {
        promotionOnly = true;
        this.cleanPages = cleanPages;
    }

    /** No block of the first {@code limit} counts as taken clean for copies any more. */
    void forgetCleanBlocks(int limit) {
        Arrays.fill(copyBlock, 0, limit, false);
    }

    /** Block {@code b} was taken clean, by a GC worker for copies ({@code forGC}) or by a mutator. */
    void takenClean(int b, boolean forGC) {
        copyBlock[b] = forGC;
    }

    /** Whether block {@code b} was taken clean for copies in this collection. */
    boolean isCleanCopyBlock(int b) {
        return copyBlock[b];
    }

    void addCleanPages(int pages) {
        cleanPages += pages;
    }

    /** Takes a clean block of {@code pagesInBlock} pages from the allowance; false if it is used up. */
    boolean takeCleanBlock(int pagesInBlock) {
        if (cleanPages < pagesInBlock) {
            return false;
        }
        cleanPages -= pagesInBlock;
        return true;
    }

    /** The next block whose holes copies may take, or -1 (see the class comment). */
    int next(BlockTable blocks, ImmixDefrag defrag, RecyclableBlocks recyclable) {
        if (promotionOnly) {
            return recyclable.take(blocks);
        }
        while (next < blocks.limit()) {
            int b = next++;
            if (isTarget(b, blocks, defrag)) {
                return b;
            }
        }
        return -1;
    }

    /** Whether copies may take the holes of block {@code b} by the line marks (never when only promoting). */
    boolean isTarget(int b, BlockTable blocks, ImmixDefrag defrag) {
        return !promotionOnly && blocks.holdsObjects(b) && !defrag.isSource(b) && !copyBlock[b];
    }
}
