import java.lang.management.GarbageCollectorMXBean;
import java.lang.management.ManagementFactory;
import java.nio.file.Files;
import java.nio.file.Path;

/** Allocates about 8 MB in small arrays and writes how many old-generation collections ran meanwhile: 'jmmtk record --collect-at' test program. */
public class Forced {
    static Object sink;

    public static void main(String[] args) throws Exception {
        long before = fullCollections();
        for (int i = 0; i < 8 * 1024; i++) {
            sink = new byte[1000];
        }
        Files.writeString(Path.of(args[0]), Long.toString(fullCollections() - before));
    }

    /** Collections of the old generation: PS MarkSweep (Parallel, record's default) or MarkSweepCompact (Serial). */
    static long fullCollections() {
        long n = 0;
        for (GarbageCollectorMXBean gc : ManagementFactory.getGarbageCollectorMXBeans()) {
            if (gc.getName().contains("MarkSweep")) {
                n += gc.getCollectionCount();
            }
        }
        return n;
    }
}
