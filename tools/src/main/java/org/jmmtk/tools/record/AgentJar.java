package org.jmmtk.tools.record;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.net.URISyntaxException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.attribute.BasicFileAttributes;
import java.nio.file.attribute.FileTime;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.Enumeration;
import java.util.HexFormat;
import java.util.List;
import java.util.Optional;
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
 * Run by {@code jmmtk record} before it starts the program: when jmmtk runs from one jar, the agent jar
 * assembled from it is kept in the cache folder and used again by every recording until that jar
 * changes ({@link #prepare}); else the jar goes to the recording's temporary folder.
 */
public final class AgentJar {
    private static final String AGENT = "org/jmmtk/agent/";
    private static final String INSTRUMENTER = "org/jmmtk/agent/inst/";
    private static final String ASM = "org/objectweb/asm/";
    /** Instrumented-class caches of different agents kept (the one in use and those used last). */
    static final int KEPT_CACHES = 4;

    /** Assembled agent jars kept (the one in use and those used last). */
    static final int KEPT_AGENTS = 4;

    private AgentJar() {
    }

    /** An agent jar and the digest of its classes (see {@link #write}). */
    public record Agent(Path jar, String digest) {
    }

    /**
     * The agent jar for this jmmtk. When jmmtk runs from one jar (jmmtk.jar), the one assembled from
     * it before, kept in {@code record-agent/} of the cache folder ({@link #cacheFolder}) under a key
     * of that jar's path, size and modification time, or assembled there now: reading the 17 MB jar
     * and deflating the agent's classes took 0.1-0.35 s of every recording's start, before the program
     * could start. Otherwise (jmmtk run from build folders, no cache folder to write), a fresh jar at
     * {@code temp}.
     */
    public static Agent prepare(Path temp) throws IOException {
        Path agent = location(Premain.class);
        if (Files.isRegularFile(agent) && agent.equals(location(ClassReader.class)) && agent.equals(location(ClassNode.class))) {
            Optional<Agent> kept = kept(agent, cacheBase().resolve("record-agent"));
            if (kept.isPresent()) {
                return kept.get();
            }
        }
        return new Agent(temp, write(temp));
    }

    /**
     * The agent jar assembled from the jar {@code source} (the agent's classes and ASM's both in it), kept in
     * {@code root}: found by the key of {@code source}'s path, size and modification time, or written there
     * (to a temporary file renamed into place, so that a recording never sees half a jar, and only when
     * {@code source} did not change meanwhile); a kept jar that no longer opens as an agent jar is replaced. The name holds the key and the digest. Empty when {@code
     * root} cannot be written.
     */
    static Optional<Agent> kept(Path source, Path root) {
        try {
            String key = key(source);
            Files.createDirectories(root);
            Optional<Path> found;
            try (Stream<Path> list = Files.list(root)) {
                found = list.filter(p -> isAgentOf(p, key)).findFirst();
            }
            if (found.isPresent() && isIntact(found.get())) {
                Path jar = found.get();
                Files.setLastModifiedTime(jar, FileTime.fromMillis(System.currentTimeMillis()));
                String name = jar.getFileName().toString();
                return Optional.of(new Agent(jar, name.substring(key.length() + 1, name.length() - ".jar".length())));
            }
            Path temp = Files.createTempFile(root, key, ".tmp");
            try {
                String digest = write(temp, source, List.of(source));
                if (!key(source).equals(key)) {
                    return Optional.empty(); // rebuilt while read: the jar may hold parts of both
                }
                Path jar = root.resolve(key + "-" + digest + ".jar");
                Files.move(temp, jar, StandardCopyOption.ATOMIC_MOVE, StandardCopyOption.REPLACE_EXISTING);
                prune(root, jar);
                return Optional.of(new Agent(jar, digest));
            } finally {
                Files.deleteIfExists(temp);
            }
        } catch (IOException | RuntimeException e) {
            return Optional.empty();
        }
    }

    /**
     * Whether a kept agent jar still opens as one: a jar damaged since it was written (truncated, overwritten)
     * would make every recording's JVM fail to start its agent, so it is assembled again instead. Reads the
     * jar's directory and manifest only (about a millisecond).
     */
    private static boolean isIntact(Path jar) {
        try (JarFile file = new JarFile(jar.toFile())) {
            Manifest manifest = file.getManifest();
            return manifest != null && Premain.class.getName().equals(manifest.getMainAttributes().getValue("Premain-Class"))
                    && file.getEntry(Premain.class.getName().replace('.', '/') + ".class") != null;
        } catch (IOException | RuntimeException e) {
            return false;
        }
    }

    /** The key of a jar's version: its path, size and modification time, hashed. */
    private static String key(Path source) throws IOException {
        BasicFileAttributes a = Files.readAttributes(source, BasicFileAttributes.class);
        String id = source.toAbsolutePath() + "\n" + a.size() + "\n" + a.lastModifiedTime().toMillis();
        return HexFormat.of().formatHex(sha256().digest(id.getBytes(StandardCharsets.UTF_8)), 0, 16);
    }

    private static boolean isAgentOf(Path p, String key) {
        String name = p.getFileName().toString();
        return name.startsWith(key + "-") && name.endsWith(".jar") && Files.isRegularFile(p);
    }

    /** Deletes the kept agent jars beyond the {@value #KEPT_AGENTS} used last, {@code current} among them. */
    private static void prune(Path root, Path current) throws IOException {
        List<Path> others;
        try (Stream<Path> list = Files.list(root)) {
            others = list.filter(p -> !p.equals(current) && p.getFileName().toString().endsWith(".jar"))
                    .sorted(AgentJar::byAge).toList();
        }
        for (int i = KEPT_AGENTS - 1; i < others.size(); i++) {
            Files.deleteIfExists(others.get(i));
        }
    }

    /**
     * Writes the agent jar to {@code jar}; returns a digest of its classes (names and bytes, not the
     * jar's time stamps), which names the agent's instrumented-class cache.
     */
    public static String write(Path jar) throws IOException {
        return write(jar, location(Premain.class),
                List.of(location(ClassReader.class), location(ClassNode.class)).stream().distinct().toList());
    }

    /** {@link #write} from the agent's classes in {@code agent} and ASM's in {@code asm} (jars or folders). */
    static String write(Path jar, Path agent, List<Path> asm) throws IOException {
        MessageDigest digest = sha256();
        Manifest manifest = new Manifest();
        Attributes main = manifest.getMainAttributes();
        main.put(Attributes.Name.MANIFEST_VERSION, "1.0");
        main.putValue("Premain-Class", Premain.class.getName());
        main.putValue("Can-Retransform-Classes", "true");
        try (JarOutputStream out = new JarOutputStream(Files.newOutputStream(jar), manifest)) {
            copy(agent, AGENT, out, digest);
            for (Path from : asm) {
                copy(from, ASM, out, digest);
            }
        }
        return HexFormat.of().formatHex(digest.digest(), 0, 16);
    }

    private static MessageDigest sha256() {
        try {
            return MessageDigest.getInstance("SHA-256");
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException("no SHA-256 in this JVM", e);
        }
    }

    /**
     * The folder of the agent's instrumented-class cache for an agent of {@code digest} (from
     * {@link #write}) and these include and exclude lists: under {@code $JMMTK_CACHE_DIR}, else
     * {@code $XDG_CACHE_HOME/jmmtk}, else {@code ~/.cache/jmmtk}, in {@code record-classes/}, where
     * the folders of other agents beyond the {@value #KEPT_CACHES} used last are deleted. Empty when
     * there is no such place to write.
     */
    public static String cacheFolder(String digest, String agentOptions) {
        Path root = cacheBase().resolve("record-classes");
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

    /** jmmtk's cache folder: {@code $JMMTK_CACHE_DIR}, else {@code $XDG_CACHE_HOME/jmmtk}, else {@code ~/.cache/jmmtk}. */
    static Path cacheBase() {
        String env = System.getenv("JMMTK_CACHE_DIR");
        String xdg = System.getenv("XDG_CACHE_HOME");
        return env != null && !env.isEmpty() ? Path.of(env)
                : xdg != null && !xdg.isEmpty() ? Path.of(xdg, "jmmtk") : Path.of(System.getProperty("user.home"), ".cache", "jmmtk");
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
