/**
 * Immix (IX): mark-region collection (Blackburn and McKinley, PLDI 2008) over one
 * {@link org.jmmtk.core.policy.immix.ImmixSpace}, with the common large object and immortal spaces of
 * {@link org.jmmtk.core.plan.Plan}.
 *
 * <p>Policy decisions and where they come from:
 * <ul>
 * <li><b>Blocks and lines</b>: the heap geometry's Immix block ({@code --block-size}; by default
 *     heap/256, from 32 lines up to 32 KiB) and line ({@code --line-size}; by default 128 B, 256 B from
 *     an 8 MiB heap: never smaller than a typical object); the paper and mmtk-core use 32 KiB blocks and
 *     256 B lines. Blocks come aligned from a free-list page resource.</li>
 * <li><b>Allocation</b> (paper section 3.2, mmtk-core {@code util/alloc/immix_allocator.rs}): bump
 *     allocation into holes of recyclable blocks, lowest address first, then into fresh blocks; an
 *     object larger than a line that does not fit the current hole goes to the overflow allocator (a
 *     second cursor over fresh blocks). Objects above half an Immix block (at most 8 KiB) go to the large object space (mmtk-core uses its {@code MAX_IMMIX_OBJECT_SIZE}, half a
 *     block, too).</li>
 * <li><b>Marking</b> (paper section 3.1, mmtk-core {@code policy/immix/line.rs}): the header's mark
 *     bit, and the object's lines in a side table marked by the tracing call that marks the object:
 *     small objects (at most a line) mark their first line only, the next line is treated as maybe
 *     used when holes are computed (conservative line marking); larger objects mark every line they
 *     span. Line marks are cleared in Prepare, not flipped as in mmtk-core.</li>
 * <li><b>Sweep</b> (mmtk-core {@code policy/immix/immixspace.rs}, {@code SweepChunk}): parallel
 *     Release-stage packets of 256 blocks; dead objects are found through the valid-object bits and
 *     freed; a block is free (pages returned), recyclable (some free line) or unavailable. The
 *     recyclable list is rebuilt in address order at the end of the collection, so the heap after a
 *     collection does not depend on the GC thread count.</li>
 * <li><b>Defragmentation</b> (paper section 3.3, mmtk-core {@code policy/immix/defrag.rs}): a
 *     collection defragments when it is an emergency collection (the second attempt after a heap-full
 *     collection left too little room) or when recyclable blocks were left untaken; the sources are the
 *     blocks with more holes than the spill threshold computed, as mmtk-core does, from the previous
 *     sweep's mark histogram and the lines available for copies (with mmtk-core's 2% headroom and 0.99
 *     line-reuse ratio). Unlike mmtk-core, objects are evacuated after marking, in address order, in one
 *     packet, and references are redirected by a RefForwarding pass, so the heap after a collection does
 *     not depend on the GC thread count (see docs/design.md, "Immix").</li>
 * </ul>
 */
package org.jmmtk.plans.immix;
