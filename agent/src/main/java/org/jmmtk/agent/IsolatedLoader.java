package org.jmmtk.agent;

import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Path;
import java.util.jar.JarEntry;
import java.util.jar.JarFile;

/**
 * Loads the instrumenter and ASM from the agent jar's {@code jmmtk-isolated/} folder, which no other
 * class loader looks into, so the program's own ASM (or a program that is jmmtk) never meets ours.
 * Its parent is the platform loader; the recorder's package ({@code org.jmmtk.agent.rt}), which the
 * instrumenter refers to, comes from the loader that loaded the recorder (boot or application).
 */
final class IsolatedLoader extends ClassLoader {
    static {
        registerAsParallelCapable();
    }

    private static final String RECORDER = "org.jmmtk.agent.rt.";

    private final JarFile jar;
    private final ClassLoader recorder;

    IsolatedLoader(Path jar, ClassLoader recorder) throws IOException {
        super("jmmtk-agent", ClassLoader.getPlatformClassLoader());
        this.jar = new JarFile(jar.toFile());
        this.recorder = recorder;
    }

    @Override
    protected Class<?> loadClass(String name, boolean resolve) throws ClassNotFoundException {
        if (name.startsWith(RECORDER)) {
            return Class.forName(name, false, recorder);
        }
        return super.loadClass(name, resolve);
    }

    @Override
    protected Class<?> findClass(String name) throws ClassNotFoundException {
        JarEntry entry = jar.getJarEntry(Premain.ISOLATED + name.replace('.', '/') + ".class");
        if (entry == null) {
            throw new ClassNotFoundException(name);
        }
        try (InputStream in = jar.getInputStream(entry)) {
            byte[] bytes = in.readAllBytes();
            return defineClass(name, bytes, 0, bytes.length);
        } catch (IOException e) {
            throw new ClassNotFoundException(name, e);
        }
    }
}
