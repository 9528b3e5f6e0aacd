package org.jmmtk.tools.record;

import java.io.IOException;
import java.io.InputStream;
import java.lang.management.ManagementFactory;
import java.lang.management.MemoryPoolMXBean;
import java.lang.management.MemoryType;
import java.lang.management.MemoryUsage;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * Measures the JVM's start-up heap on a JVM of its own, without the recording agent (whose jar's
 * loading would count too): as its main's first act, a full collection, then the bytes the main thread
 * allocated before main, then the heap pools' used bytes as that collection left them (their collection
 * usage: a snapshot the collector takes at its end, so neither the beans' own objects nor thread-local
 * allocation buffers that other threads take afterwards count; the heap's used bytes read by {@code
 * Runtime} included those buffers and read 0.75-2.8 MB for the same 0.66 MB live). The main thread's
 * count leaves out one read of the counter and the management beans' first use (about 0.5 MB,
 * {@code ManagementFactory}'s platform components), which runs on a short-lived thread of its own, less
 * what starting that thread cost the main thread. {@code jmmtk record} runs it once per recording, with
 * the program's launcher and JVM options but its own class path, and models the result as {@link
 * RecordedTrace.StartupHeap}. The numbers go to the file named by the first argument (the JVM options
 * may send the JVM's own output to stdout). Its main thread and that one thread, one after the other.
 */
public final class StartupProbe implements Runnable {
    /** The JVM options whose value is the next argument. */
    public static final List<String> WITH_VALUE = List.of("-cp", "-classpath", "--class-path", "-p", "--module-path",
            "--add-modules", "--add-opens", "--add-exports", "--add-reads", "--limit-modules");

    private StartupProbe() {
    }

    public static void main(String[] args) throws IOException, InterruptedException {
        System.gc();
        onItsOwnThread();
        long allocated = -1;
        if (ManagementFactory.getThreadMXBean() instanceof com.sun.management.ThreadMXBean mx
                && mx.isThreadAllocatedMemorySupported() && mx.isThreadAllocatedMemoryEnabled()) {
            long first = mx.getCurrentThreadAllocatedBytes();
            long read = mx.getCurrentThreadAllocatedBytes() - first;
            onItsOwnThread();
            long thread = mx.getCurrentThreadAllocatedBytes() - first - 2 * read;
            allocated = first - read - thread;
        }
        long live = 0;
        for (MemoryPoolMXBean pool : ManagementFactory.getMemoryPoolMXBeans()) {
            MemoryUsage afterGc = pool.getType() == MemoryType.HEAP ? pool.getCollectionUsage() : null;
            live += afterGc == null ? 0 : afterGc.getUsed();
        }
        boolean explicitGcDisabled;
        try {
            explicitGcDisabled = Boolean.parseBoolean(ManagementFactory.getPlatformMXBean(
                    com.sun.management.HotSpotDiagnosticMXBean.class).getVMOption("DisableExplicitGC").getValue());
        } catch (RuntimeException e) {
            explicitGcDisabled = false;
        }
        Files.writeString(Path.of(args[0]), allocated + " " + (explicitGcDisabled ? -1 : live) + "\n");
    }

    /** The management beans' first use, which the main thread's counter must not count. */
    @Override
    public void run() {
        ManagementFactory.getThreadMXBean();
    }

    /** Runs {@link #run} on a thread of its own (this class, so that no other class is loaded for it). */
    private static void onItsOwnThread() throws InterruptedException {
        Thread t = new Thread(new StartupProbe(), "startup-probe-beans");
        t.start();
        t.join();
    }

    /**
     * The JVM options of {@code command} (launcher first, then options, then MAIN|-jar|-m), less the
     * class path.
     */
    public static List<String> jvmOptions(List<String> command) {
        List<String> options = new ArrayList<>();
        for (int i = 1; i < command.size(); i++) {
            String a = command.get(i);
            if (!a.startsWith("-") || a.equals("-jar") || a.equals("-m") || a.equals("--module")) {
                break;
            }
            boolean classPath = a.equals("-cp") || a.equals("-classpath") || a.equals("--class-path");
            if (!classPath && !a.startsWith("--class-path=")) {
                options.add(a);
            }
            if (WITH_VALUE.contains(a) && ++i < command.size() && !classPath) {
                options.add(command.get(i));
            }
        }
        return options;
    }

    /**
     * Runs the probe with {@code launcher} and {@code jvmOptions} in {@code work} (its class file is
     * copied there, so that no jar's opening counts); empty when it fails or cannot measure.
     */
    public static Optional<RecordedTrace.StartupHeap> measure(String launcher, List<String> jvmOptions, Path work)
            throws IOException, InterruptedException {
        Path classes = work.resolve("probe");
        String file = StartupProbe.class.getName().replace('.', '/') + ".class";
        Path copy = classes.resolve(file);
        Files.createDirectories(copy.getParent());
        try (InputStream in = StartupProbe.class.getResourceAsStream("/" + file)) {
            if (in == null) {
                return Optional.empty();
            }
            Files.copy(in, copy);
        }
        Path result = work.resolve("startup-heap");
        List<String> java = new ArrayList<>();
        java.add(launcher);
        java.addAll(jvmOptions);
        java.addAll(List.of("-cp", classes.toString(), StartupProbe.class.getName(), result.toString()));
        Process p = ProgramEnvironment.applyTo(new ProcessBuilder(java)).redirectOutput(ProcessBuilder.Redirect.DISCARD)
                .redirectError(ProcessBuilder.Redirect.DISCARD).start();
        try {
            if (p.waitFor() != 0 || !Files.exists(result)) {
                return Optional.empty();
            }
        } finally {
            p.destroy();
        }
        String[] numbers = Files.readString(result).trim().split(" ");
        long allocated = Long.parseLong(numbers[0]);
        long live = Long.parseLong(numbers[1]);
        return allocated < 0 || live < 0 ? Optional.empty()
                : Optional.of(new RecordedTrace.StartupHeap(true, allocated, live));
    }
}
