package org.jmmtk.agent;

import java.lang.instrument.ClassFileTransformer;
import java.lang.instrument.Instrumentation;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.jar.JarFile;
import org.jmmtk.agent.rt.Recorder;

/**
 * The agent's entry point ({@code -javaagent:jmmtk-agent.jar=dir=LOG;include=P,..;exclude=P,..;cache=DIR;collectAt=B,..};
 * {@code collectAt}: where to force full collections, see {@link org.jmmtk.agent.rt.CollectionPoints}). It
 * puts the recorder on the boot class path (instrumented JDK classes call it), starts it, installs the
 * instrumenter, which lives with ASM in a class loader of its own so that neither clashes with the
 * program's copies, retransforms the classes loaded before it, and only then lets the recorder record.
 * Runs once, on the JVM's main thread, before the program's main.
 */
public final class Premain {
    /** Where 'jmmtk record' puts the instrumenter and ASM inside the agent jar. */
    public static final String ISOLATED = "jmmtk-isolated/";
    /** The instrumenter's class name (loaded by the isolated loader). */
    public static final String INSTRUMENTER = "org.jmmtk.agent.inst.Instrumenter";

    private Premain() {
    }

    public static void premain(String args, Instrumentation inst) throws Exception {
        try {
            start(args, inst, startupHeap());
        } catch (Exception | Error e) {
            System.err.println("jmmtk agent: could not start: " + e);
            throw e;
        }
    }

    /**
     * The JVM's start-up heap, measured first, before the agent makes anything of its own but the
     * JVM's allocation counter and (in premain's own loader: the recorder's classes must come from the
     * boot loader) without the recorder: the bytes the main thread allocated so far, and the heap's
     * used bytes after a full collection, which perturbs only this recording JVM; -1 for what cannot be
     * measured.
     */
    private static long[] startupHeap() {
        long allocated = -1;
        if (java.lang.management.ManagementFactory.getThreadMXBean() instanceof com.sun.management.ThreadMXBean mx
                && mx.isThreadAllocatedMemorySupported() && mx.isThreadAllocatedMemoryEnabled()) {
            allocated = mx.getCurrentThreadAllocatedBytes();
        }
        System.gc(); // a no-op under -XX:+DisableExplicitGC, which the post-pass then sees in the log's flags
        return new long[] {allocated, java.lang.management.ManagementFactory.getMemoryMXBean().getHeapMemoryUsage().getUsed()};
    }

    private static void start(String args, Instrumentation inst, long[] startup) throws Exception {
        Path jar = Path.of(Premain.class.getProtectionDomain().getCodeSource().getLocation().toURI());
        String dir = null;
        String include = "";
        String exclude = "";
        String cache = "";
        String collectAt = null;
        for (String option : (args == null ? "" : args).split(";")) {
            int eq = option.indexOf('=');
            String key = eq < 0 ? option : option.substring(0, eq);
            String value = eq < 0 ? "" : option.substring(eq + 1);
            switch (key) {
                case "dir" -> dir = value;
                case "include" -> include = value;
                case "exclude" -> exclude = value;
                case "cache" -> cache = value;
                case "collectAt" -> collectAt = value;
                default -> throw new IllegalArgumentException("jmmtk agent: unknown option '" + option + "'");
            }
        }
        if (dir == null) {
            throw new IllegalArgumentException("jmmtk agent: no dir= option (run it through 'jmmtk record')");
        }
        // instrumented JDK classes must find the recorder from the boot loader
        inst.appendToBootstrapClassLoaderSearch(new JarFile(jar.toFile()));
        Recorder.start(inst, Path.of(dir), startup, collectAt);
        ClassLoader isolated = new IsolatedLoader(jar, Recorder.class.getClassLoader());
        ClassFileTransformer instrumenter = (ClassFileTransformer) isolated.loadClass(INSTRUMENTER)
                .getConstructor(String.class, String.class, ClassLoader.class, String.class)
                .newInstance(include, exclude, isolated, cache);
        inst.addTransformer(instrumenter, true);
        retransformLoaded(inst, instrumenter);
        instrumenter.getClass().getMethod("saveCache").invoke(instrumenter);
        Recorder.go();
    }

    /** Classes loaded before the agent (the JDK's core) are instrumented now, all at once when they can be. */
    @SuppressWarnings("unchecked")
    private static void retransformLoaded(Instrumentation inst, ClassFileTransformer instrumenter) {
        java.util.function.Predicate<Class<?>> wanted = (java.util.function.Predicate<Class<?>>) instrumenter;
        List<Class<?>> classes = new ArrayList<>();
        for (Class<?> c : inst.getAllLoadedClasses()) {
            if (inst.isModifiableClass(c) && wanted.test(c)) {
                classes.add(c);
            }
        }
        try {
            inst.retransformClasses(classes.toArray(new Class<?>[0]));
        } catch (Throwable all) {
            for (Class<?> c : classes) {
                try {
                    inst.retransformClasses(c);
                } catch (Throwable e) {
                    System.err.println("jmmtk agent: could not instrument " + c.getName() + ": " + e);
                }
            }
        }
    }
}
