/**
 * Serial, HotSpot's Serial collector (JDK 17, {@code -XX:+UseSerialGC}) modelled rule for rule, so
 * that a recorded program replayed here can be compared with what HotSpot did (docs/serial.md).
 *
 * <p>Policy decisions and where they come from (HotSpot sources: gc/serial/defNewGeneration.cpp,
 * tenuredGeneration.cpp, gc/shared/genCollectedHeap.cpp, ageTable.cpp, gcUtil.cpp):
 * <ul>
 * <li><b>Sizes</b> ({@link org.jmmtk.plans.serial.Generations}): {@code --heap} is the whole heap
 *     ({@code -Xmx=-Xms}), {@code --nursery} the young generation ({@code -Xmn}, default a third of the
 *     heap), survivor spaces {@code align_down(young / (ratio + 2), 64 KiB)}, eden the rest of the
 *     young generation, the old generation the rest of the heap. Fixed: no resizing.</li>
 * <li><b>Allocation</b>: bump allocation in eden; objects larger than eden in the old generation
 *     (here the large object space, counted against the old generation's size).</li>
 * <li><b>Young collections</b> when eden is full: survivors of age below the tenuring threshold go to
 *     the to-space while it has room, one year older; the others, and those that overflow it, to the
 *     old generation; what the old generation cannot take stays (a promotion failure), and a full
 *     collection follows. The threshold for the next young collection is computed from the age table
 *     with {@code TargetSurvivorRatio} 50, at most {@code --max-tenuring-threshold}.</li>
 * <li><b>Full collections</b>: when a young collection would not be safe (the padded average promoted
 *     and the young generation's use both above the old generation's free bytes), after a promotion
 *     failure, when a young collection leaves under 10,000 bytes free in the old generation, when an
 *     allocation still fails after a young collection, and for {@code System.gc()}.</li>
 * <li><b>Barrier</b>: card marking, 512-byte cards, precise (the slot's card).</li>
 * </ul>
 */
package org.jmmtk.plans.serial;
