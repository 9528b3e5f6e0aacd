package org.jmmtk.bindings.lifetimes;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Path;
import org.jmmtk.bindings.trace.ForwardingEvents;
import org.jmmtk.bindings.trace.TraceEvents;

/**
 * Makes a granulated trace from a perfect one (the paper's section 2.4): deaths are known only every
 * {@code granule} bytes of allocation. A <em>boundary</em> is the first allocation at or after each
 * multiple of the granule (in bytes allocated before it); every {@code D} record is delayed to the next
 * boundary (or to the end of the trace), where the delayed deaths are written in increasing id order
 * and followed by a {@code P} record (a point of perfect knowledge), then the allocation. A death at a
 * boundary stays where it is. No {@code P} is written at the end. {@code P} records of the input are
 * dropped, so granulating a granulated trace delays its deaths further. The deaths waiting for a
 * boundary are held in a {@link DeathLog}, so a granule longer than memory spills to disk. Used by one
 * thread; call {@link #finish} after the last record, then {@link #close}.
 */
public final class Granulator extends ForwardingEvents implements AutoCloseable {
    private final long granule;
    private final DeathLog waiting;
    private long bytesAllocated;
    private boolean allocated;
    private long points;
    private long deaths;
    private long delayBytes;
    /** Size of the last allocation: the bytes between the last check point and this one. */
    private long lastSize;

    /** Writes to {@code out} with boundaries every {@code granule} bytes (positive); spills into {@code spillDirectory}. */
    public Granulator(TraceEvents out, long granule, Path spillDirectory) {
        super(out);
        if (granule < 1) {
            throw new IllegalArgumentException("the granule must be at least 1 byte");
        }
        this.granule = granule;
        this.waiting = new DeathLog(spillDirectory);
    }

    /** Points of perfect knowledge written. */
    public long points() {
        return points;
    }

    /** Death records written. */
    public long deaths() {
        return deaths;
    }

    /** Bytes allocated between the deaths' places in the input and their places in the output, summed. */
    public long delayBytes() {
        return delayBytes;
    }


    @Override
    public void alloc(int thread, long object, long bytes, int refSlots, int typeId) {
        if (allocated && bytesAllocated / granule > (bytesAllocated - lastSize) / granule) {
            release();
            out.perfectPoint();
            points++;
        }
        out.alloc(thread, object, bytes, refSlots, typeId);
        allocated = true;
        lastSize = bytes;
        bytesAllocated += bytes;
    }




    @Override
    public void death(long object) {
        waiting.died(object, 0);
        delayBytes -= bytesAllocated;
    }

    @Override
    public void perfectPoint() {
        // the boundaries are this granule's
    }


    /** Writes the deaths still waiting, at the end of the trace. */
    public void finish() {
        release();
    }

    /** Writes every waiting death, in increasing id order. */
    private void release() {
        try {
            DeathLog.Cursor c = waiting.sorted();
            long n = 0;
            while (c.next()) {
                out.death(c.id());
                n++;
            }
            deaths += n;
            delayBytes += n * bytesAllocated;
            waiting.reset();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    @Override
    public void close() throws IOException {
        waiting.close();
    }
}
