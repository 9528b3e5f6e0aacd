package org.jmmtk.core.plan;

import java.util.List;
import org.jmmtk.core.policy.BlockSweepable;
import org.jmmtk.core.policy.Space;
import org.jmmtk.core.policy.SweepBlocks;

/**
 * Splits spaces into address ranges for parallel packets ({@link Plan#forEachSpaceRange}): a
 * block-structured space's used blocks in chunks of {@link SweepBlocks#BLOCKS_PER_PACKET} blocks, any
 * other space whole.
 *
 * <p>Threads: the GC worker that schedules the packets (static, stateless).
 */
final class SpaceRanges {
    private SpaceRanges() {
    }

    /** Hands {@code visitor} the ranges of every space of {@code spaces} but {@code skip} (may be null). */
    static void forEach(List<Space> spaces, Space skip, Plan.SpaceRangeVisitor visitor) {
        for (Space s : spaces) {
            if (s == skip) {
                continue;
            }
            long end = s.end();
            long chunk = end - s.start();
            if (s instanceof BlockSweepable blocks) {
                end = s.start() + (long) blocks.blockLimit() * blocks.blockBytes();
                chunk = (long) SweepBlocks.BLOCKS_PER_PACKET * blocks.blockBytes();
            }
            for (long from = s.start(); from < end; from += chunk) {
                visitor.visit(s, from, Math.min(end, from + chunk));
            }
        }
    }
}
