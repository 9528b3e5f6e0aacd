package org.jmmtk.tools;

import java.io.IOException;
import java.io.StringWriter;
import java.io.UncheckedIOException;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.jar.JarEntry;
import java.util.jar.JarOutputStream;
import java.util.stream.Stream;
import javax.tools.JavaCompiler;
import javax.tools.SimpleJavaFileObject;
import javax.tools.ToolProvider;

/**
 * Builds jars for tests as a third party would: Java sources compiled against this build's classes (the
 * test class path) with {@code javax.tools}, plus resources such as services files.
 */
public final class TestJars {
    private TestJars() {
    }

    /** A jar at {@code jar} of {@code sources} (class name to source text) and {@code resources} (path to text). */
    public static Path build(Path jar, Map<String, String> sources, Map<String, String> resources) throws IOException {
        List<SimpleJavaFileObject> units = new ArrayList<>();
        for (Map.Entry<String, String> e : sources.entrySet()) {
            units.add(new SimpleJavaFileObject(URI.create("string:///" + e.getKey().replace('.', '/') + ".java"),
                    SimpleJavaFileObject.Kind.SOURCE) {
                @Override
                public CharSequence getCharContent(boolean ignoreEncodingErrors) {
                    return e.getValue();
                }
            });
        }
        Path classes = Files.createTempDirectory(jar.getParent(), "classes");
        if (!units.isEmpty()) {
            compile(units, classes);
        }
        return jar(jar, classes, resources);
    }

    /** A jar at {@code jar} of the project in {@code dir}: its {@code src/main/java} compiled, its {@code src/main/resources}. */
    public static Path buildProject(Path jar, Path dir) throws IOException {
        JavaCompiler javac = ToolProvider.getSystemJavaCompiler();
        List<Path> files;
        try (Stream<Path> s = Files.walk(dir.resolve("src/main/java"))) {
            files = s.filter(p -> p.toString().endsWith(".java")).toList();
        }
        Path classes = Files.createTempDirectory(jar.getParent(), "classes");
        compile(javac.getStandardFileManager(null, null, StandardCharsets.UTF_8)
                .getJavaFileObjectsFromPaths(files), classes);
        Path resources = dir.resolve("src/main/resources");
        try (Stream<Path> s = Files.walk(resources)) {
            for (Path p : s.filter(Files::isRegularFile).toList()) {
                Path to = classes.resolve(resources.relativize(p).toString());
                Files.createDirectories(to.getParent());
                Files.copy(p, to);
            }
        }
        return jar(jar, classes, Map.of());
    }

    private static void compile(Iterable<? extends javax.tools.JavaFileObject> units, Path classes) {
        JavaCompiler javac = ToolProvider.getSystemJavaCompiler();
        StringWriter log = new StringWriter();
        List<String> options = List.of("-d", classes.toString(), "-cp", System.getProperty("java.class.path"),
                "--release", "17");
        if (!javac.getTask(log, null, null, options, null, units).call()) {
            throw new IllegalStateException("compiling failed:\n" + log);
        }
    }

    private static Path jar(Path jar, Path classes, Map<String, String> resources) throws IOException {
        try (JarOutputStream out = new JarOutputStream(Files.newOutputStream(jar));
             Stream<Path> s = Files.walk(classes)) {
            for (Path p : s.filter(Files::isRegularFile).sorted().toList()) {
                put(out, classes.relativize(p).toString().replace('\\', '/'), Files.readAllBytes(p));
            }
            for (Map.Entry<String, String> e : resources.entrySet()) {
                put(out, e.getKey(), e.getValue().getBytes(StandardCharsets.UTF_8));
            }
        } catch (UncheckedIOException e) {
            throw e.getCause();
        }
        return jar;
    }

    private static void put(JarOutputStream out, String name, byte[] bytes) throws IOException {
        out.putNextEntry(new JarEntry(name));
        out.write(bytes);
        out.closeEntry();
    }
}
