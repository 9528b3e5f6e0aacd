package org.jmmtk.probes;

import jdk.jfr.Category;
import jdk.jfr.Label;
import jdk.jfr.Name;
import jdk.jfr.StackTrace;

/**
 * A work bucket opening (MMTk's {@code bucket_opened}). Committed by the worker that opened it (the
 * last worker to park) or by the thread that started the collection.
 */
@Name(BucketOpenEvent.NAME)
@Label("Bucket Open")
@Category({"jmmtk"})
@StackTrace(false)
public final class BucketOpenEvent extends jdk.jfr.Event {
    public static final String NAME = "jmmtk.BucketOpen";

    @Label("GC number")
    public int gc;

    @Label("Stage")
    public String stage;
}
