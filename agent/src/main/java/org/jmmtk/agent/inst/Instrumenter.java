package org.jmmtk.agent.inst;

import java.lang.instrument.ClassFileTransformer;
import java.security.ProtectionDomain;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.Predicate;
import org.objectweb.asm.ClassReader;
import org.objectweb.asm.ClassWriter;
import org.objectweb.asm.tree.ClassNode;
import org.objectweb.asm.tree.MethodNode;

/**
 * Decides which classes to instrument and rewrites them with {@link MethodRewriter}. By default the
 * application's classes (those of class loaders other than the boot and platform loaders) are
 * instrumented; {@code include} prefixes add classes (the JDK's too), {@code exclude} prefixes remove
 * them. {@code java.lang}, {@code java.util.concurrent} and the agent itself are never instrumented:
 * the recorder runs on them.
 * Called by any thread that loads a class; keeps no per-class state.
 */
public final class Instrumenter implements ClassFileTransformer, Predicate<Class<?>> {
    private static final String[] NEVER = {"java/lang/", "java/util/concurrent/", "jdk/internal/", "sun/", "org/jmmtk/agent/"};
    private static final String[] JDK = {"java/", "javax/", "jdk/", "sun/", "com/sun/"};
    private static final int MAX_WARNINGS = 5;

    private final String[] include;
    private final String[] exclude;
    private final ClassLoader own;
    private final ClassLoader platform = ClassLoader.getPlatformClassLoader();
    private final AtomicInteger warnings = new AtomicInteger();

    public Instrumenter(String include, String exclude, ClassLoader own) {
        this.include = prefixes(include);
        this.exclude = prefixes(exclude);
        this.own = own;
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

    /** Whether a class already loaded should be instrumented (only --include can ask for one). */
    @Override
    public boolean test(Class<?> c) {
        String name = c.getName().replace('.', '/');
        return !c.isArray() && !c.isHidden() && matches(include, name) && wanted(c.getClassLoader(), name);
    }

    private boolean wanted(ClassLoader loader, String name) {
        if (loader == own || matches(NEVER, name) || matches(exclude, name)) {
            return false;
        }
        if (matches(include, name)) {
            return true;
        }
        return loader != null && loader != platform && !matches(JDK, name);
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
        if (name == null || !wanted(loader, name)) {
            return null;
        }
        try {
            ClassNode cls = new ClassNode();
            new ClassReader(bytes).accept(cls, ClassReader.EXPAND_FRAMES);
            boolean frames = (cls.version & 0xffff) >= 50;
            for (MethodNode m : cls.methods) {
                if (m.instructions.size() > 0) {
                    new MethodRewriter(cls.name, m, frames).rewrite();
                }
            }
            ClassWriter out = new ClassWriter(ClassWriter.COMPUTE_MAXS);
            cls.accept(out);
            return out.toByteArray();
        } catch (Throwable e) {
            if (warnings.getAndIncrement() < MAX_WARNINGS) {
                System.err.println("jmmtk agent: left " + name.replace('/', '.') + " uninstrumented: " + e);
            }
            return null;
        }
    }
}
