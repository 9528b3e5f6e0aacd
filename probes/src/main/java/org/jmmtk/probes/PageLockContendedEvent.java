package org.jmmtk.probes;

import jdk.jfr.Category;
import jdk.jfr.Description;
import jdk.jfr.Label;
import jdk.jfr.Name;
import jdk.jfr.StackTrace;

/**
 * One wait for a page resource's lock that another thread held (the MPLR'23 paper's uprobe on Rust's
 * {@code Mutex::lock_contended}): from the failed first attempt to the lock's acquisition. An uncontended
 * acquisition fires nothing. Committed by the thread that waited: a mutator (inside its allocation slow path,
 * which the {@code slow-path} report finds by thread and time) or a GC worker.
 */
@Name(PageLockContendedEvent.NAME)
@Label("Page Resource Lock Contended")
@Category({"jmmtk"})
@Description("A wait for a page resource's lock held by another thread")
@StackTrace(false)
public final class PageLockContendedEvent extends jdk.jfr.Event {
    public static final String NAME = "jmmtk.PageLockContended";

    @Label("Space")
    @Description("The space whose page resource the lock guards")
    public String space;
}
