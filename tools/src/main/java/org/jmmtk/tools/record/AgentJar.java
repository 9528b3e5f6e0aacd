package org.jmmtk.tools.record;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.net.URISyntaxException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Enumeration;
import java.util.List;
import java.util.jar.Attributes;
import java.util.jar.JarEntry;
import java.util.jar.JarFile;
import java.util.jar.JarOutputStream;
import java.util.jar.Manifest;
import java.util.stream.Stream;
import org.jmmtk.agent.Premain;
import org.objectweb.asm.ClassReader;
import org.objectweb.asm.tree.ClassNode;

/**
 * Assembles the recording agent's jar from the classes on jmmtk's own class path (jmmtk.jar, or the
 * modules' build folders in tests): the agent's entry point and recorder at their usual places, the
 * instrumenter and ASM under {@link Premain#ISOLATED}, where only the agent's own class loader looks.
 * Run by {@code jmmtk record} before it starts the program; the jar goes to a temporary folder.
 */
public final class AgentJar {
    private static final String AGENT = "org/jmmtk/agent/";
    private static final String INSTRUMENTER = "org/jmmtk/agent/inst/";
    private static final String ASM = "org/objectweb/asm/";

    private AgentJar() {
    }

    /** Writes the agent jar to {@code jar}. */
    public static void write(Path jar) throws IOException {
        Manifest manifest = new Manifest();
        Attributes main = manifest.getMainAttributes();
        main.put(Attributes.Name.MANIFEST_VERSION, "1.0");
        main.putValue("Premain-Class", Premain.class.getName());
        main.putValue("Can-Retransform-Classes", "true");
        try (JarOutputStream out = new JarOutputStream(Files.newOutputStream(jar), manifest)) {
            copy(location(Premain.class), AGENT, out);
            for (Path asm : List.of(location(ClassReader.class), location(ClassNode.class)).stream().distinct().toList()) {
                copy(asm, ASM, out);
            }
        }
    }

    private static Path location(Class<?> c) {
        try {
            return Path.of(c.getProtectionDomain().getCodeSource().getLocation().toURI());
        } catch (URISyntaxException e) {
            throw new IllegalStateException("cannot find the classes of " + c.getName(), e);
        }
    }

    /** Copies the classes under {@code prefix} from a jar or a folder, each to where the agent wants it. */
    private static void copy(Path from, String prefix, JarOutputStream out) throws IOException {
        if (Files.isDirectory(from)) {
            try (Stream<Path> files = Files.walk(from.resolve(prefix))) {
                for (Path f : (Iterable<Path>) files.filter(p -> p.toString().endsWith(".class"))::iterator) {
                    try (InputStream in = Files.newInputStream(f)) {
                        put(from.relativize(f).toString().replace('\\', '/'), in, out);
                    }
                }
            }
            return;
        }
        try (JarFile jar = new JarFile(from.toFile())) {
            for (Enumeration<JarEntry> e = jar.entries(); e.hasMoreElements(); ) {
                JarEntry entry = e.nextElement();
                if (entry.getName().startsWith(prefix) && entry.getName().endsWith(".class")) {
                    try (InputStream in = jar.getInputStream(entry)) {
                        put(entry.getName(), in, out);
                    }
                }
            }
        }
    }

    private static void put(String name, InputStream in, JarOutputStream out) {
        boolean isolated = name.startsWith(INSTRUMENTER) || name.startsWith(ASM);
        try {
            out.putNextEntry(new JarEntry(isolated ? Premain.ISOLATED + name : name));
            in.transferTo(out);
            out.closeEntry();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
