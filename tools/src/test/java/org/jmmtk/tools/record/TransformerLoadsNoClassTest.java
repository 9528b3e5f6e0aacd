package org.jmmtk.tools.record;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.io.InputStream;
import java.net.URI;
import java.nio.file.DirectoryStream;
import java.nio.file.FileSystem;
import java.nio.file.FileSystems;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Collections;
import org.jmmtk.agent.inst.Instrumenter;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The instrumenter, once made, transforms classes without loading any JDK class. A class the
 * transformer's own work loads first while it transforms that very class fails to load for good
 * ({@code ClassCircularityError}: {@code Long$LongCache}, which ASM needs to box a long constant, first
 * loaded by a recorded program's string concatenation with a warm class cache, killed about one
 * recording in ten), and any other is left uninstrumented. Checked in a JVM of its own that logs
 * class loading: {@link Child} makes the instrumenter, loads a marker class, then transforms the
 * JDK's boxing caches and every class of {@code java.lang}, {@code java.lang.invoke}, {@code java.util},
 * {@code java.util.concurrent} and {@code java.io}; nothing but ASM's
 * and the agent's own classes may load on that thread after the marker and before the work is done.
 * The child runs C1 only: a C2 compile request loads the signature classes of the method it queues on the
 * requesting thread ({@code CompileBroker::compile_method}), at a time the compile queue decides — two CI
 * runs saw {@code BiFunction} loaded so, for {@code Preconditions.checkIndex}, and
 * {@code -XX:-TieredCompilation} does it every time. That load is the JIT's, not the transformer's
 * (docs/recording.md counts it among what can leave a class uninstrumented).
 */
class TransformerLoadsNoClassTest {
    private static final List<String> FIRST = List.of("java/lang/Long$LongCache", "java/lang/Integer$IntegerCache",
            "java/lang/Short$ShortCache", "java/lang/Byte$ByteCache", "java/lang/Character$CharacterCache");

    @TempDir
    Path dir;

    @Test
    void transformingLoadsNoJdkClass() throws IOException, InterruptedException {
        Path log = dir.resolve("classes.log");
        Path out = dir.resolve("child.out");
        Process p = new ProcessBuilder(Path.of(System.getProperty("java.home"), "bin", "java").toString(),
                "-Xshare:off", "-XX:TieredStopAtLevel=1", "-Xlog:class+load=info:file=" + log + ":tid,tags", "-cp", System.getProperty("java.class.path"), Child.class.getName())
                .redirectErrorStream(true).redirectOutput(out.toFile()).start();
        assertEquals(0, p.waitFor(), Files.readString(out));
        String printed = Files.readString(out);
        assertTrue(printed.matches("(?s)transformed (\\d{3,}) of \\1 classes\\s*"), printed);
        List<String> after = new ArrayList<>();
        boolean made = false;
        String transforming = null; // the thread that loaded the marker and then transforms (its tid decoration)
        for (String line : Files.readAllLines(log)) {
            int at = line.indexOf("[class,load] ");
            if (at < 0) {
                continue;
            }
            String name = line.substring(at + "[class,load] ".length()).split(" ", 2)[0];
            String thread = line.substring(0, at);
            made |= name.equals(Instrumenter.class.getName());
            // the premise: the JDK's boxing caches load after the instrumenter is made, as in a recording JVM
            assertTrue(made || !name.equals("java.lang.Long$LongCache"), "Long$LongCache loaded before the instrumenter");
            if (name.equals(Done.class.getName())) {
                break;
            }
            // another of the JVM's threads may load a class meanwhile; only what the transforming thread
            // loads can fail to load there or escape its instrumentation
            if (thread.equals(transforming) && !name.startsWith("org.objectweb.asm.") && !name.startsWith("org.jmmtk.agent.")) {
                after.add(name);
            }
            if (name.equals(Marker.class.getName())) {
                transforming = thread;
            }
        }
        boolean marked = transforming != null;
        assertTrue(marked, "the marker class was loaded");
        assertEquals(List.of(), after, "classes loaded while the instrumenter transformed");
    }

    /** Loaded between the instrumenter's making and its work. */
    static final class Marker {
        static int zero() {
            return 0;
        }
    }

    /** Loaded when the work is done. */
    static final class Done {
        static int zero() {
            return 0;
        }
    }

    /**
     * The child JVM: makes the instrumenter (no class cache) first of all, then reads the classes, marks,
     * transforms them. Nothing before the instrumenter boxes a long (no string concatenation, no lambda),
     * so that {@code Long$LongCache} is not loaded yet, as in a recording JVM (whose uncompressed oops
     * leave out the class-data archive's heap, which holds the boxing caches).
     */
    public static final class Child {
        public static void main(String[] args) throws Exception {
            Instrumenter instrumenter = new Instrumenter("", "", Child.class.getClassLoader(), "");
            // the recorder's own start on this thread, kept apart from what ASM's work loads
            instrumenter.transform(null, "java/lang/Object", null, null, bytes("java/lang/Object"));
            List<String> names = new ArrayList<>(FIRST);
            FileSystem jrt = FileSystems.getFileSystem(URI.create("jrt:/")); // the JDK's own: never closed
            for (String pkg : List.of("java/lang", "java/lang/invoke", "java/util", "java/util/concurrent", "java/io")) {
                List<String> inPackage = new ArrayList<>();
                try (DirectoryStream<Path> files = Files.newDirectoryStream(jrt.getPath("modules", "java.base", pkg), "*.class")) {
                    for (Path f : files) {
                        String file = f.getFileName().toString();
                        inPackage.add(pkg.concat("/").concat(file.substring(0, file.length() - ".class".length())));
                    }
                }
                Collections.sort(inPackage);
                names.addAll(inPackage);
            }
            byte[][] classes = new byte[names.size()][];
            for (int i = 0; i < classes.length; i++) {
                classes[i] = bytes(names.get(i));
            }
            int transformed = Marker.zero();
            for (int i = 0; i < classes.length; i++) {
                transformed += instrumenter.transform(null, names.get(i), null, null, classes[i]) == null ? 0 : 1;
            }
            transformed += Done.zero();
            System.out.println("transformed " + transformed + " of " + classes.length + " classes");
        }

        private static byte[] bytes(String name) throws IOException {
            try (InputStream in = Object.class.getResourceAsStream("/".concat(name).concat(".class"))) {
                return in.readAllBytes();
            }
        }
    }
}
