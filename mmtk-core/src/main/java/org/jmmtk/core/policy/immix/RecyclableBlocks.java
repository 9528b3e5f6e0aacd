package org.jmmtk.core.policy.immix;

import it.unimi.dsi.fastutil.ints.IntArrayList;

/**
 * The recyclable blocks of an {@link ImmixSpace} (mmtk-core's {@code ReusableBlockPool}, the original MMTk's
 * recycled-block cursor): the blocks the last sweep found partly free, listed in address order at the end
 * of a collection ({@link #rebuild}), so where mutators allocate next does not depend on how the sweep was
 * split among GC threads; each is handed out once, lowest first, until the next collection.
 *
 * <p>Threads: called under the space's lock, by mutators' allocators taking a block and by a collection's
 * Prepare and end.
 */
final class RecyclableBlocks {
    private final IntArrayList list = new IntArrayList();
    private int next;

    /** The lowest listed block not yet handed out that is still recyclable, now in use; or -1. */
    int take(BlockTable blocks) {
        while (next < list.size()) {
            int b = list.getInt(next++);
            if (blocks.state(b) == BlockTable.RECYCLABLE) {
                blocks.setState(b, BlockTable.IN_USE);
                return b;
            }
        }
        return -1;
    }

    /** Whether a listed block no allocator took is still recyclable (the heap filled up past its holes). */
    boolean anyLeft(BlockTable blocks) {
        for (int i = next; i < list.size(); i++) {
            if (blocks.state(list.getInt(i)) == BlockTable.RECYCLABLE) {
                return true;
            }
        }
        return false;
    }

    /** After the sweep: lists the recyclable blocks, lowest address first. Returns the number of full blocks. */
    int rebuild(BlockTable blocks) {
        clear();
        int full = 0;
        for (int b = 0, limit = blocks.limit(); b < limit; b++) {
            if (blocks.state(b) == BlockTable.RECYCLABLE) {
                list.add(b);
            } else if (blocks.state(b) == BlockTable.UNAVAILABLE) {
                full++;
            }
        }
        return full;
    }

    /** Forgets the list (a collection starts; its end lists the blocks again). */
    void clear() {
        list.clear();
        next = 0;
    }

    /** Blocks listed, whether or not allocators took them since. */
    int size() {
        return list.size();
    }
}
