package org.jmmtk.tools.record;

import org.jmmtk.agent.Premain;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.objectweb.asm.ClassReader;
import org.objectweb.asm.tree.ClassNode;

import java.io.IOException;
import java.net.URISyntaxException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.FileTime;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.jar.JarEntry;
import java.util.jar.JarFile;
import java.util.jar.JarOutputStream;
import java.util.stream.Stream;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The agent jar kept between recordings: assembled once from a jmmtk jar, found again while that jar is
 * the same, assembled afresh when it changes, with the digest a fresh assembly gives (it names the
 * instrumented-class cache), and old ones pruned.
 */
class AgentJarTest {
    @TempDir
    Path dir;

    @Test
    void keptAgentIsFoundAgainUntilItsJarChangesAndHasTheDigestOfAFreshOne() throws IOException {
        Path source = dir.resolve("jmmtk.jar");
        jmmtkJar(source, null, FileTime.fromMillis(1_700_000_000_000L));
        Path root = dir.resolve("cache/record-agent");

        AgentJar.Agent first = AgentJar.kept(source, root).orElseThrow();
        assertEquals(root, first.jar().getParent());
        assertEquals(AgentJar.write(dir.resolve("fresh.jar"), source, List.of(source)), first.digest(),
                "the digest of an agent written afresh from the same jar");
        try (JarFile jar = new JarFile(first.jar().toFile())) {
            assertNotNull(jar.getEntry("org/jmmtk/agent/Premain.class"));
            assertNotNull(jar.getEntry(Premain.ISOLATED + "org/objectweb/asm/ClassReader.class"));
            assertNotNull(jar.getEntry(Premain.ISOLATED + "org/jmmtk/agent/inst/Instrumenter.class"));
            assertEquals(Premain.class.getName(), jar.getManifest().getMainAttributes().getValue("Premain-Class"));
        }
        Object file = Files.readAttributes(first.jar(), java.nio.file.attribute.BasicFileAttributes.class).fileKey();

        AgentJar.Agent again = AgentJar.kept(source, root).orElseThrow();
        assertEquals(first, again);
        assertEquals(file, Files.readAttributes(again.jar(), java.nio.file.attribute.BasicFileAttributes.class).fileKey(),
                "found, not written again");
        assertEquals(List.of(first.jar()), jars(root));

        // a rebuilt jmmtk: one more agent class, another time stamp
        jmmtkJar(source, "org/jmmtk/agent/Added.class", FileTime.fromMillis(1_700_000_100_000L));
        AgentJar.Agent rebuilt = AgentJar.kept(source, root).orElseThrow();
        assertNotEquals(first.jar(), rebuilt.jar());
        assertNotEquals(first.digest(), rebuilt.digest());
        try (JarFile jar = new JarFile(rebuilt.jar().toFile())) {
            assertNotNull(jar.getEntry("org/jmmtk/agent/Added.class"));
        }
        try (JarFile jar = new JarFile(first.jar().toFile())) {
            assertNull(jar.getEntry("org/jmmtk/agent/Added.class"));
        }
    }

    /** A kept jar damaged after it was written (here cut to 1,000 bytes) is assembled again, not handed to the JVM. */
    @Test
    void aDamagedKeptAgentIsAssembledAgain() throws IOException {
        Path source = dir.resolve("jmmtk.jar");
        jmmtkJar(source, null, FileTime.fromMillis(1_700_000_000_000L));
        Path root = dir.resolve("record-agent");
        AgentJar.Agent first = AgentJar.kept(source, root).orElseThrow();
        long size = Files.size(first.jar());
        try (var channel = Files.newByteChannel(first.jar(), java.nio.file.StandardOpenOption.WRITE)) {
            channel.truncate(1000);
        }
        AgentJar.Agent again = AgentJar.kept(source, root).orElseThrow();
        assertEquals(first, again, "the same name and digest");
        assertEquals(size, Files.size(again.jar()), "written whole again");
        try (JarFile jar = new JarFile(again.jar().toFile())) {
            assertNotNull(jar.getEntry("org/jmmtk/agent/Premain.class"));
        }
    }

    @Test
    void onlyTheAgentsUsedLastAreKept() throws IOException {
        Path source = dir.resolve("jmmtk.jar");
        Path root = dir.resolve("record-agent");
        List<Path> made = new ArrayList<>();
        for (int i = 0; i < AgentJar.KEPT_AGENTS + 2; i++) {
            jmmtkJar(source, "org/jmmtk/agent/V" + i + ".class", FileTime.fromMillis(1_700_000_000_000L + 1000L * i));
            Path jar = AgentJar.kept(source, root).orElseThrow().jar();
            Files.setLastModifiedTime(jar, FileTime.fromMillis(1_700_000_000_000L + 1000L * i)); // used in this order
            made.add(jar);
        }
        assertEquals(made.subList(2, made.size()).stream().sorted().toList(), jars(root));
    }

    @Test
    void noPlaceToWriteMeansNoKeptAgent() throws IOException {
        Path source = dir.resolve("jmmtk.jar");
        jmmtkJar(source, null, FileTime.fromMillis(1_700_000_000_000L));
        Path notAFolder = Files.writeString(dir.resolve("file"), "x");
        assertEquals(Optional.empty(), AgentJar.kept(source, notAFolder.resolve("record-agent")));
    }

    private static List<Path> jars(Path root) throws IOException {
        try (Stream<Path> list = Files.list(root)) {
            return list.filter(p -> p.toString().endsWith(".jar")).sorted().toList();
        }
    }

    /** A jar laid out as jmmtk.jar is: the agent's classes and ASM's at their own names, and {@code extra} if not null. */
    private static void jmmtkJar(Path jar, String extra, FileTime time) throws IOException {
        try (JarOutputStream out = new JarOutputStream(Files.newOutputStream(jar))) {
            put(out, location(Premain.class), "org/jmmtk/agent/");
            for (Path asm : List.of(location(ClassReader.class), location(ClassNode.class)).stream().distinct().toList()) {
                put(out, asm, "org/objectweb/asm/");
            }
            if (extra != null) {
                out.putNextEntry(new JarEntry(extra));
                out.write(new byte[] {(byte) 0xca, (byte) 0xfe, 1, 2});
                out.closeEntry();
            }
        }
        Files.setLastModifiedTime(jar, time);
    }

    private static void put(JarOutputStream out, Path from, String prefix) throws IOException {
        if (Files.isDirectory(from)) {
            try (Stream<Path> files = Files.walk(from.resolve(prefix))) {
                for (Path f : files.filter(p -> p.toString().endsWith(".class")).sorted().toList()) {
                    out.putNextEntry(new JarEntry(from.relativize(f).toString().replace('\\', '/')));
                    out.write(Files.readAllBytes(f));
                    out.closeEntry();
                }
            }
            return;
        }
        try (JarFile in = new JarFile(from.toFile())) {
            for (JarEntry e : in.stream().filter(e -> e.getName().startsWith(prefix) && e.getName().endsWith(".class")).toList()) {
                out.putNextEntry(new JarEntry(e.getName()));
                out.write(in.getInputStream(e).readAllBytes());
                out.closeEntry();
            }
        }
    }

    private static Path location(Class<?> c) {
        try {
            return Path.of(c.getProtectionDomain().getCodeSource().getLocation().toURI());
        } catch (URISyntaxException e) {
            throw new IllegalStateException(e);
        }
    }
}
