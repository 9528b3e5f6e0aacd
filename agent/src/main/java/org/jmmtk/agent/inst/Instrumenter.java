package org.jmmtk.agent.inst;

import java.io.IOException;
import java.io.InputStream;
import java.lang.instrument.ClassFileTransformer;
import java.security.ProtectionDomain;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.Predicate;
import org.objectweb.asm.ClassReader;
import org.jmmtk.agent.rt.Recorder;
import org.objectweb.asm.ClassWriter;
import org.objectweb.asm.MethodTooLargeException;
import org.objectweb.asm.Opcodes;
import org.objectweb.asm.tree.AbstractInsnNode;
import org.objectweb.asm.tree.ClassNode;
import org.objectweb.asm.tree.MethodNode;

/**
 * Decides which classes to instrument and rewrites them with {@link MethodRewriter}: every class,
 * the JDK's included, but the agent's own (the recorder keeps itself out of what it records with a
 * re-entrancy guard, not with a list of packages) and hidden classes, which the JVM does not pass to
 * agents. {@code exclude} prefixes leave classes alone; {@code include} prefixes take classes back
 * from an exclusion. Also hooks {@code Thread.exit}, where a thread's allocation accounts are settled,
 * and leaves alone the bodies of the reference-array copies that are compiler intrinsics (their call
 * sites record the copy), and {@code Unsafe}'s: memory primitives whose reference stores are recorded
 * at their call sites, and what the recorder's own atomics run on. While it works the thread is inside the recorder (nothing it runs is
 * recorded, and what it allocates is the recorder's own). Classes instrumented in an earlier recording
 * come from the {@link ClassCache} when there is one. Called by any thread that loads a class; keeps
 * no per-class state but the cache.
 */
public final class Instrumenter implements ClassFileTransformer, Predicate<Class<?>> {
    private static final String AGENT = "org/jmmtk/agent/";
    private static final int MAX_WARNINGS = 5;
    /**
     * JDK classes rewritten once, and thrown away, before the instrumenter is installed ({@link #warmUp}):
     * {@code Long$LongCache} has a long constant, which ASM boxes with {@code Long.valueOf}. The other
     * JDK classes the rewriting needs are loaded before {@code main} already; TransformerLoadsNoClassTest
     * checks that transforming {@code java.lang} and {@code java.util} loads none.
     */
    private static final String[] WARM_UP = {"java/lang/Long$LongCache"};

    private final String[] include;
    private final String[] exclude;
    private final ClassLoader own;
    private final AtomicInteger warnings = new AtomicInteger();
    private final ClassCache cache;

    /** {@code cacheDir}: the folder of the instrumented-class cache, or empty for none. */
    public Instrumenter(String include, String exclude, ClassLoader own, String cacheDir) {
        this.include = prefixes(include);
        this.exclude = prefixes(exclude);
        this.own = own;
        this.cache = ClassCache.open(cacheDir);
        warmUp();
        if (cache != null) {
            Runtime.getRuntime().addShutdownHook(new CacheSaver(cache));
        }
    }

    /**
     * Runs the transformer's work on a few JDK classes so that every JDK class that work needs is loaded
     * and initialised now, before the instrumenter is installed (premain then retransforms them with the
     * other classes loaded before it). A class the transformer's own work first loads while it
     * transforms that very class fails to load for good ({@code ClassCircularityError}, cached in the
     * constant pools that name it): ASM boxes a class's long constants with {@code Long.valueOf}, so
     * {@code Long$LongCache}, loaded first by the program and missing from the class cache, could not be
     * loaded at all. Any other class first loaded inside a transformation would be left uninstrumented
     * ({@code java.lang.instrument} does not transform classes a thread loads while its transformer runs).
     * Called after the class cache is read, whose field numbers come first.
     */
    private void warmUp() {
        for (String name : WARM_UP) {
            byte[] bytes;
            try (InputStream in = Object.class.getResourceAsStream("/" + name + ".class")) {
                if (in == null) {
                    continue; // not in this JDK
                }
                bytes = in.readAllBytes();
            } catch (IOException e) {
                continue;
            }
            ClassKey.of(name, bytes);
            rewrite(bytes);
        }
    }

    /** Saves the instrumented-class cache now (premain, once the classes loaded before the agent are done). */
    public void saveCache() {
        if (cache != null) {
            cache.save(false);
        }
    }

    /** The shutdown hook that saves the classes instrumented while the program ran (a class: no lambda). */
    private static final class CacheSaver extends Thread {
        private final ClassCache cache;

        CacheSaver(ClassCache cache) {
            super("jmmtk-class-cache");
            this.cache = cache;
        }

        @Override
        public void run() {
            Recorder.ownThread();
            cache.save(true);
        }
    }

    private static String[] prefixes(String list) {
        List<String> out = new ArrayList<>();
        for (String p : list.split(",")) {
            if (!p.isEmpty()) {
                out.add(p.replace('.', '/'));
            }
        }
        return out.toArray(new String[0]);
    }

    /** Whether a class loaded before the agent should be instrumented now. */
    @Override
    public boolean test(Class<?> c) {
        return !c.isArray() && !c.isHidden() && !c.isPrimitive() && wanted(c.getClassLoader(), c.getName().replace('.', '/'));
    }

    private boolean wanted(ClassLoader loader, String name) {
        if (loader == own || name.startsWith(AGENT) || JdkCalls.unsafe(name)) {
            return false;
        }
        return !matches(exclude, name) || matches(include, name);
    }

    private static boolean matches(String[] prefixes, String name) {
        for (String p : prefixes) {
            if (name.startsWith(p)) {
                return true;
            }
        }
        return false;
    }

    @Override
    public byte[] transform(ClassLoader loader, String name, Class<?> redefined, ProtectionDomain domain, byte[] bytes) {
        long token = Recorder.pause(); // before the test: a class left alone was copied for the transformer too
        try {
            if (name == null || !wanted(loader, name)) {
                return null;
            }
            if (cache == null) {
                return rewrite(bytes);
            }
            String key = ClassKey.of(name, bytes);
            byte[] made = cache.get(key);
            if (made == null) {
                made = rewrite(bytes);
                cache.put(key, made);
            }
            return made;
        } catch (Throwable e) {
            if (warnings.getAndIncrement() < MAX_WARNINGS) {
                System.err.println("jmmtk agent: left " + name.replace('/', '.') + " uninstrumented: " + e);
            }
            return null;
        } finally {
            if (redefined == null && name != null && loader != own && !name.startsWith(AGENT)) {
                ClassFileObjects defined = ClassFileObjects.of(bytes);
                Recorder.resume(token, bytes, name, loader, defined.staticBytes(), defined.places());
            } else {
                Recorder.resume(token, bytes, name, loader, -1, 0);
            }
        }
    }

    private byte[] rewrite(byte[] bytes) {
        try {
            return rewrite(bytes, null);
        } catch (MethodTooLargeException e) {
            // the clears of dead locals made the method too large: it keeps its locals until they are overwritten
            return rewrite(bytes, e.getMethodName() + e.getDescriptor());
        }
    }

    /** {@code plain}: the method (name and descriptor) rewritten without the liveness of its locals, or null. */
    private byte[] rewrite(byte[] bytes, String plain) {
        ClassNode cls = new ClassNode();
        ClassReader reader = new ClassReader(bytes);
        reader.accept(cls, ClassReader.EXPAND_FRAMES);
        boolean frames = (cls.version & 0xffff) >= 50;
        boolean classConstants = (cls.version & 0xffff) >= 49;
        boolean systemSeen = wanted(null, "java/lang/System");
        for (MethodNode m : cls.methods) {
            if (m.instructions.size() > 0 && !JdkCalls.intrinsic(cls.name, m.name, m.desc)) {
                boolean liveness = plain == null || !plain.equals(m.name + m.desc);
                new MethodRewriter(cls.name, m, frames, classConstants, systemSeen, liveness).rewrite();
            }
            if (cls.name.equals("java/lang/Thread") && m.name.equals("exit") && m.desc.equals("()V")) {
                // at its end: what exit itself runs (the thread group's bookkeeping, its stores of null) is the thread's
                // to count, and the thread runs no Java code after it
                for (AbstractInsnNode insn : m.instructions.toArray()) {
                    if (insn.getOpcode() == Opcodes.RETURN) {
                        m.instructions.insertBefore(insn, RecorderCalls.call("threadExit", "()V"));
                    }
                }
            }
        }
        // the given constant pool first, in its order, the instrumentation's constants after it: retransforming a
        // class, the JVM merges its old and new pools, and looks up by linear search each new entry not found at
        // its old index (ASM's own order put almost all elsewhere: a third of an empty main's recording CPU)
        ClassWriter out = new ClassWriter(reader, ClassWriter.COMPUTE_MAXS);
        cls.accept(out);
        return out.toByteArray();
    }
}
