package org.jmmtk.core.alloc;

import org.jmmtk.core.heap.HeapGeometry;
import org.jmmtk.core.memory.SimulatedMemory;
import org.jmmtk.core.policy.Space;
import org.jmmtk.core.util.Constants;

/**
 * Bump-pointer allocation in a thread-local buffer (the heap geometry's buffer size, MMTk's 32 KiB
 * bump-pointer block in large heaps) taken from a space; a request larger than a buffer gets its own
 * run of pages. Mutators poll the heap budget when they take a buffer; a GC worker's copy allocator
 * does not.
 */
public final class BumpAllocator extends Allocator {
    private final HeapGeometry geometry;
    private final boolean forGC;
    private final boolean continuing;
    private Space space;
    // cursor and limit change with every allocation; GC workers' copy allocators must not share their
    // cache lines (HotSpot keeps declaration order among a class's long fields).
    private long pad00, pad01, pad02, pad03, pad04, pad05, pad06, pad07;
    private long pad08, pad09, pad10, pad11, pad12, pad13, pad14, pad15;
    private long cursor;
    private long limit;
    private long pad16, pad17, pad18, pad19, pad20, pad21, pad22, pad23;
    private long pad24, pad25, pad26, pad27, pad28, pad29, pad30, pad31;

    public BumpAllocator(SimulatedMemory memory, HeapGeometry geometry, int owner, Space space, boolean forGC) {
        this(memory, geometry, owner, space, forGC, false);
    }

    /**
     * With {@code continuing}, a new buffer that starts where the current one ends continues it (an
     * object may straddle the two), as a thread's next TLAB does in HotSpot's contiguous eden when no
     * other thread took the bytes between; otherwise, and always without it, the rest of the current
     * buffer is left unused.
     */
    public BumpAllocator(SimulatedMemory memory, HeapGeometry geometry, int owner, Space space, boolean forGC,
                         boolean continuing) {
        super(memory, owner);
        this.geometry = geometry;
        this.space = space;
        this.forGC = forGC;
        this.continuing = continuing;
    }

    @Override
    public long alloc(long bytes) {
        long result = cursor;
        long next = result + bytes;
        if (next > limit) {
            return allocSlow(bytes);
        }
        cursor = next;
        return result;
    }

    @Override
    protected long allocSlowOnce(long bytes) {
        long bufferBytes = Math.max(geometry.bufferBytes(), Constants.alignUp(bytes, geometry.pageBytes()));
        int pages = (int) (bufferBytes >>> geometry.logBytesInPage());
        long buffer = forGC ? space.acquireForGC(pages) : space.acquire(pages);
        if (buffer == 0) {
            return 0;
        }
        if (continuing && limit != 0 && buffer == limit) {
            long result = cursor;
            cursor += bytes;
            limit += bufferBytes;
            return result;
        }
        cursor = buffer + bytes;
        limit = buffer + bufferBytes;
        return buffer;
    }

    @Override
    public void reset() {
        cursor = 0;
        limit = 0;
    }

    /** Allocates in {@code target} from now on, starting with a fresh buffer. */
    public void rebind(Space target) {
        this.space = target;
        reset();
    }

    @Override
    public Space space() {
        return space;
    }
}
