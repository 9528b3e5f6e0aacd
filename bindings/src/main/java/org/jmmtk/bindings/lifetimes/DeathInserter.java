package org.jmmtk.bindings.lifetimes;

import java.io.IOException;
import java.io.UncheckedIOException;
import org.jmmtk.bindings.trace.ForwardingEvents;
import org.jmmtk.bindings.trace.TraceEvents;

/**
 * Makes a perfect trace: passes a trace's records on with the deaths of a sorted {@link DeathLog}
 * inserted, each {@code D} record immediately before the allocation that follows its death point (see
 * {@code DeathSink}), those of the last check point after the last record, several at one point in
 * increasing id order. {@code D} and {@code P} records of the input are dropped: the output's deaths
 * are the computed ones. Used by one thread; call {@link #finish} after the last record.
 */
public final class DeathInserter extends ForwardingEvents {
    private final DeathLog.Cursor deaths;
    private boolean more;
    private long allocations;

    public DeathInserter(TraceEvents out, DeathLog.Cursor deaths) throws IOException {
        super(out);
        this.deaths = deaths;
        this.more = deaths.next();
    }


    @Override
    public void alloc(int thread, long object, long bytes, int refSlots, int typeId) {
        insertDeaths();
        out.alloc(thread, object, bytes, refSlots, typeId);
        allocations++;
    }




    @Override
    public void death(long object) {
        // replaced by the computed deaths
    }

    @Override
    public void perfectPoint() {
        // a perfect trace knows everything at every allocation
    }


    /** Writes the deaths at the end of the trace; every death must have been written then. */
    public void finish() {
        insertDeaths();
        if (more) {
            throw new IllegalStateException("object " + deaths.id() + " dies at check point " + deaths.deathPoint()
                    + ", after the end of the trace (" + allocations + " allocations)");
        }
    }

    /** The deaths at the check point before the next allocation. */
    private void insertDeaths() {
        try {
            while (more && deaths.deathPoint() <= allocations) {
                if (deaths.deathPoint() < allocations) {
                    throw new IllegalStateException("object " + deaths.id() + " dies at check point "
                            + deaths.deathPoint() + ", which the trace has passed");
                }
                out.death(deaths.id());
                more = deaths.next();
            }
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
