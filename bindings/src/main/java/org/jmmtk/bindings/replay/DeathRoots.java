package org.jmmtk.bindings.replay;

import it.unimi.dsi.fastutil.longs.Long2IntOpenHashMap;
import java.util.Arrays;
import org.jmmtk.core.memory.SimulatedMemory;
import org.jmmtk.core.vm.EdgeVisitor;

/**
 * When a granulated trace is replayed under a synchronization scheme ({@code run --sync}), its death
 * records decide what is live, as in the paper's simulator: every object is held by a root word of its
 * own from its allocation until its {@code D} record, so a collection keeps exactly the objects whose
 * deaths the trace has not yet announced (an object reachable from one of them has not died either).
 * The words live in the binding's root area and are scanned with the global roots, so collections
 * update them when objects move; freed words are reused. These roots are the replay's, not the
 * program's: plugins are not told of their stores.
 *
 * <p>The replaying thread holds and releases ({@link SyncReplay}); GC workers scan while it is stopped.
 */
final class DeathRoots implements ReplayRoots {
    private static final int LOG_BLOCK_WORDS = 12;
    private static final int BLOCK_MASK = (1 << LOG_BLOCK_WORDS) - 1;

    private final SimulatedMemory memory;
    private final RootArea area;
    private final Long2IntOpenHashMap wordOf = new Long2IntOpenHashMap();
    private long[] blocks = new long[16];
    private int[] free = new int[64];
    private int freeCount;
    private int used;

    DeathRoots(SimulatedMemory memory, RootArea area) {
        this.memory = memory;
        this.area = area;
        wordOf.defaultReturnValue(-1);
    }

    /** Holds the new object {@code id} at {@code address} until its death record. */
    void hold(long id, long address) {
        int word = freeCount > 0 ? free[--freeCount] : newWord();
        memory.store(address(word), address);
        wordOf.put(id, word);
    }

    /** Lets go of {@code id}; false if it is not held (never allocated, or its death was recorded already). */
    boolean release(long id) {
        int word = wordOf.remove(id);
        if (word < 0) {
            return false;
        }
        memory.store(address(word), 0);
        if (freeCount == free.length) {
            free = Arrays.copyOf(free, freeCount * 2);
        }
        free[freeCount++] = word;
        return true;
    }

    @Override
    public void scan(EdgeVisitor visitor) {
        for (int word = 0; word < used; word++) {
            long a = address(word);
            if (memory.load(a) != 0) {
                visitor.visitEdge(a);
            }
        }
    }

    private int newWord() {
        int word = used++;
        int block = word >>> LOG_BLOCK_WORDS;
        if (block == blocks.length) {
            blocks = Arrays.copyOf(blocks, block * 2);
        }
        if ((word & BLOCK_MASK) == 0) {
            blocks[block] = area.reserveWords(1 << LOG_BLOCK_WORDS);
        }
        return word;
    }

    private long address(int word) {
        return blocks[word >>> LOG_BLOCK_WORDS] + 8L * (word & BLOCK_MASK);
    }
}
