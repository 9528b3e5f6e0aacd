package org.jmmtk.agent.rt;

import java.lang.management.ManagementFactory;

/**
 * The JVM's count of the bytes each thread allocated ({@code com.sun.management.ThreadMXBean}), which
 * the recorder compares with what it recorded: the difference is what bytecode did not show
 * (allocation inside the JVM's intrinsics and native code), recorded as filler, and the recorder's own
 * allocation, counted so that it can be left out; also reads the JVM's flags. Set up once by
 * {@link Recording#configure}; any thread.
 */
final class Allocated {
    private static com.sun.management.ThreadMXBean threads;

    private Allocated() {
    }

    /** Turns the JVM's per-thread allocation counting on; false when this JVM cannot count. */
    static boolean start() {
        if (!(ManagementFactory.getThreadMXBean() instanceof com.sun.management.ThreadMXBean mx)
                || !mx.isThreadAllocatedMemorySupported()) {
            return false;
        }
        mx.setThreadAllocatedMemoryEnabled(true);
        threads = mx;
        return true;
    }

    /** Bytes the current thread allocated since it started (0 when the JVM cannot count). */
    static long current() {
        com.sun.management.ThreadMXBean mx = threads;
        return mx == null ? 0 : Math.max(0, mx.getCurrentThreadAllocatedBytes());
    }

    /** Bytes thread {@code t} allocated since it started, or -1 when it has ended or the JVM cannot count. */
    @SuppressWarnings("deprecation") // Thread.getId: threadId() is Java 19
    static long of(Thread t) {
        com.sun.management.ThreadMXBean mx = threads;
        return mx == null ? -1 : mx.getThreadAllocatedBytes(t.getId());
    }

    /** Whether a boolean HotSpot flag is on in this JVM (false when it cannot say). */
    static boolean vmFlag(String name) {
        try {
            return Boolean.parseBoolean(ManagementFactory.getPlatformMXBean(com.sun.management.HotSpotDiagnosticMXBean.class)
                    .getVMOption(name).getValue());
        } catch (RuntimeException e) {
            return false;
        }
    }
}
