package org.jmmtk.tools.record;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.net.URISyntaxException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.Enumeration;
import java.util.HexFormat;
import java.util.List;
import java.util.jar.Attributes;
import java.util.jar.JarEntry;
import java.util.jar.JarFile;
import java.util.jar.JarOutputStream;
import java.util.jar.Manifest;
import java.util.stream.Stream;
import org.jmmtk.agent.Premain;
import org.jmmtk.tools.output.TemporaryFolder;
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
    /** Instrumented-class caches of different agents kept (the one in use and those used last). */
    static final int KEPT_CACHES = 4;

    private AgentJar() {
    }

    /**
     * Writes the agent jar to {@code jar}; returns a digest of its classes (names and bytes, not the
     * jar's time stamps), which names the agent's instrumented-class cache.
     */
    public static String write(Path jar) throws IOException {
        MessageDigest digest;
        try {
            digest = MessageDigest.getInstance("SHA-256");
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException("no SHA-256 in this JVM", e);
        }
        Manifest manifest = new Manifest();
        Attributes main = manifest.getMainAttributes();
        main.put(Attributes.Name.MANIFEST_VERSION, "1.0");
        main.putValue("Premain-Class", Premain.class.getName());
        main.putValue("Can-Retransform-Classes", "true");
        try (JarOutputStream out = new JarOutputStream(Files.newOutputStream(jar), manifest)) {
            copy(location(Premain.class), AGENT, out, digest);
            for (Path asm : List.of(location(ClassReader.class), location(ClassNode.class)).stream().distinct().toList()) {
                copy(asm, ASM, out, digest);
            }
        }
        return HexFormat.of().formatHex(digest.digest(), 0, 16);
    }

    /**
     * The folder of the agent's instrumented-class cache for an agent of {@code digest} (from
     * {@link #write}) and these include and exclude lists: under {@code $JMMTK_CACHE_DIR}, else
     * {@code $XDG_CACHE_HOME/jmmtk}, else {@code ~/.cache/jmmtk}, in {@code record-classes/}, where
     * the folders of other agents beyond the {@value #KEPT_CACHES} used last are deleted. Empty when
     * there is no such place to write.
     */
    public static String cacheFolder(String digest, String agentOptions) {
        String env = System.getenv("JMMTK_CACHE_DIR");
        String xdg = System.getenv("XDG_CACHE_HOME");
        Path base = env != null && !env.isEmpty() ? Path.of(env)
                : xdg != null && !xdg.isEmpty() ? Path.of(xdg, "jmmtk") : Path.of(System.getProperty("user.home"), ".cache", "jmmtk");
        Path root = base.resolve("record-classes");
        String name = digest + "-" + Integer.toHexString(agentOptions.hashCode());
        try {
            Files.createDirectories(root.resolve(name));
            Files.setLastModifiedTime(root.resolve(name), java.nio.file.attribute.FileTime.fromMillis(System.currentTimeMillis()));
            List<Path> others;
            try (Stream<Path> list = Files.list(root)) {
                others = list.filter(p -> !p.getFileName().toString().equals(name)).sorted(AgentJar::byAge).toList();
            }
            for (int i = KEPT_CACHES - 1; i < others.size(); i++) {
                TemporaryFolder.delete(others.get(i));
            }
            String folder = root.resolve(name).toString();
            return folder.contains(";") ? "" : folder; // ';' separates the agent's options
        } catch (IOException | RuntimeException e) {
            return "";
        }
    }

    /** Newest first. */
    private static int byAge(Path a, Path b) {
        try {
            return Files.getLastModifiedTime(b).compareTo(Files.getLastModifiedTime(a));
        } catch (IOException e) {
            return 0;
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
    private static void copy(Path from, String prefix, JarOutputStream out, MessageDigest digest) throws IOException {
        if (Files.isDirectory(from)) {
            try (Stream<Path> files = Files.walk(from.resolve(prefix))) {
                for (Path f : (Iterable<Path>) files.filter(p -> p.toString().endsWith(".class"))::iterator) {
                    try (InputStream in = Files.newInputStream(f)) {
                        put(from.relativize(f).toString().replace('\\', '/'), in, out, digest);
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
                        put(entry.getName(), in, out, digest);
                    }
                }
            }
        }
    }

    private static void put(String name, InputStream in, JarOutputStream out, MessageDigest digest) {
        boolean isolated = name.startsWith(INSTRUMENTER) || name.startsWith(ASM);
        try {
            byte[] bytes = in.readAllBytes();
            digest.update(name.getBytes(StandardCharsets.UTF_8));
            digest.update(bytes);
            out.putNextEntry(new JarEntry(isolated ? Premain.ISOLATED + name : name));
            out.write(bytes);
            out.closeEntry();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
