package org.jmmtk.tools.record;

import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.List;
import java.util.OptionalLong;
import java.util.function.Function;
import java.util.function.IntSupplier;
import java.util.jar.Attributes;
import java.util.jar.JarEntry;
import java.util.jar.JarOutputStream;
import java.util.jar.Manifest;
import java.util.stream.IntStream;

/**
 * Measures what {@code java.lang.invoke} keeps from a JVM's first links that a recorded JVM made before
 * the program. Loading a java agent, and the recorder's own start, link lambdas and so build the shared
 * structures (lambda forms and their caches, method types and their intern set, species, class mirrors)
 * that a plain JVM builds at the program's first lambda, string concatenation or method reference, and
 * keeps; the recording sees the program's first links make only what was not built yet. As its main,
 * this class makes a first capturing lambda, string concatenation, method reference and stream, and
 * writes the live bytes they left (a full collection repeated until the heap stops shrinking, before and
 * after, read from {@code Runtime}, nothing allocated in between). Run once plainly and once with itself
 * as a no-op agent loaded as the recorder is, the difference is the bytes the trace lacks. The pair of
 * JVMs is run beside the program with its launcher and JVM options, and the difference kept in the cache
 * folder under a key of the launcher, its JVM library and those options, so later recordings start none.
 * {@code record} models the difference as objects held from the program's first allocation of a {@code
 * java.lang.invoke} object to the end (docs/recording.md). Single-threaded.
 */
public final class LinkProbe {
    /** Collections repeated until the used heap stops shrinking (references and finalizers settle). */
    private static final int MOST_COLLECTIONS = 8;
    private static int sink;

    private LinkProbe() {
    }

    /** As an agent: nothing, but the JVM has started with one. */
    public static void premain(String options) {
    }

    public static void main(String[] args) throws IOException, InterruptedException {
        long before = settledUse();
        int n = args.length;
        IntSupplier lambda = () -> n + 1;
        String concatenated = "k=" + n + "," + (n * 2L);
        Function<String, Integer> reference = String::length;
        int stream = IntStream.range(0, n + 3).map(x -> x * 2).sum();
        sink += lambda.getAsInt() + reference.apply(concatenated) + stream;
        long after = settledUse();
        // asked only now: the management beans' own first use builds the structures measured
        boolean collects = !Boolean.parseBoolean(java.lang.management.ManagementFactory.getPlatformMXBean(
                com.sun.management.HotSpotDiagnosticMXBean.class).getVMOption("DisableExplicitGC").getValue());
        Files.writeString(Path.of(args[0]), (collects ? after - before : -1) + "\n");
    }

    /** The used heap after collections until it stops shrinking. */
    private static long settledUse() throws InterruptedException {
        Runtime runtime = Runtime.getRuntime();
        long last = Long.MAX_VALUE;
        for (int i = 0; i < MOST_COLLECTIONS; i++) {
            System.gc();
            long used = runtime.totalMemory() - runtime.freeMemory();
            if (used >= last) {
                return last;
            }
            last = used;
            Thread.sleep(5); // the reference handler and finalizer threads release what the collection found
        }
        return last;
    }

    /**
     * The bytes the trace lacks for {@code launcher} and {@code jvmOptions} (less those that only log),
     * the agent loaded by the options {@code loadAgent} gives for its jar (as the recorded JVM loads the
     * recorder): from the cache folder, or measured now by the two JVMs in {@code work}; empty when a
     * probe fails or cannot measure (explicit collections disabled).
     */
    public static OptionalLong measure(String launcher, List<String> jvmOptions, Function<Path, List<String>> loadAgent,
                                       Path work) throws IOException, InterruptedException {
        return measure(launcher, jvmOptions, loadAgent, work, AgentJar.cacheBase().resolve("link-structures"));
    }

    /** {@link #measure} with its cache in {@code cache}. */
    static OptionalLong measure(String launcher, List<String> programOptions, Function<Path, List<String>> loadAgent,
                                Path work, Path cache) throws IOException, InterruptedException {
        List<String> jvmOptions = new ArrayList<>();
        for (String o : programOptions) {
            if (!o.startsWith("-Xlog") && !o.startsWith("-verbose")) { // the program's logs are the program's
                jvmOptions.add(o);
            }
        }
        List<String> keyed = new ArrayList<>(jvmOptions);
        keyed.addAll(loadAgent.apply(Path.of("AGENT")));
        Path cached = cache.resolve(key(launcher, keyed));
        try {
            return OptionalLong.of(Long.parseLong(Files.readString(cached).trim()));
        } catch (IOException | NumberFormatException e) {
            // not measured yet for this JVM and these options
        }
        Path classes = work.resolve("link-probe");
        String file = LinkProbe.class.getName().replace('.', '/') + ".class";
        byte[] bytes;
        try (InputStream in = LinkProbe.class.getResourceAsStream("/" + file)) {
            if (in == null) {
                return OptionalLong.empty();
            }
            bytes = in.readAllBytes();
        }
        Files.createDirectories(classes.resolve(file).getParent());
        Files.write(classes.resolve(file), bytes);
        Path agent = work.resolve("link-probe-agent.jar");
        Manifest manifest = new Manifest();
        manifest.getMainAttributes().put(Attributes.Name.MANIFEST_VERSION, "1.0");
        manifest.getMainAttributes().put(new Attributes.Name("Premain-Class"), LinkProbe.class.getName());
        try (JarOutputStream jar = new JarOutputStream(Files.newOutputStream(agent), manifest)) {
            jar.putNextEntry(new JarEntry(file));
            jar.write(bytes);
        }
        List<String> withAgentOptions = new ArrayList<>(jvmOptions);
        withAgentOptions.addAll(loadAgent.apply(agent));
        Process plain = start(launcher, jvmOptions, classes, work.resolve("link-plain"));
        long plainBytes;
        long agentBytes;
        try {
            Process withAgent = start(launcher, withAgentOptions, classes, work.resolve("link-agent"));
            try {
                plainBytes = result(plain, work.resolve("link-plain"));
                agentBytes = result(withAgent, work.resolve("link-agent"));
            } finally {
                withAgent.destroy();
            }
        } finally {
            plain.destroy();
        }
        if (plainBytes < 0 || agentBytes < 0) {
            return OptionalLong.empty();
        }
        long lacked = Math.max(0, plainBytes - agentBytes);
        try {
            Files.createDirectories(cached.getParent());
            Path temporary = Files.createTempFile(cached.getParent(), "measuring-", ".tmp");
            Files.writeString(temporary, lacked + "\n");
            Files.move(temporary, cached, StandardCopyOption.REPLACE_EXISTING, StandardCopyOption.ATOMIC_MOVE);
        } catch (IOException e) {
            // no cache folder to write: measured again next time
        }
        return OptionalLong.of(lacked);
    }

    private static Process start(String launcher, List<String> jvmOptions, Path classes, Path result) throws IOException {
        List<String> java = new ArrayList<>();
        java.add(launcher);
        java.addAll(jvmOptions);
        java.addAll(List.of("-cp", classes.toString(), LinkProbe.class.getName(), result.toString()));
        return ProgramEnvironment.applyTo(new ProcessBuilder(java)).redirectOutput(ProcessBuilder.Redirect.DISCARD)
                .redirectError(ProcessBuilder.Redirect.DISCARD).start();
    }

    private static long result(Process p, Path result) throws IOException, InterruptedException {
        if (p.waitFor() != 0 || !Files.exists(result)) {
            return -1;
        }
        try {
            return Long.parseLong(Files.readString(result).trim());
        } catch (NumberFormatException e) {
            return -1;
        }
    }

    /**
     * The cache's name for a measurement: the launcher's real path, its JVM library's size and time
     * (a JDK updated in place measures again), the options, and this class's own bytes.
     */
    private static String key(String launcher, List<String> jvmOptions) throws IOException {
        StringBuilder key = new StringBuilder();
        Path java = Path.of(launcher);
        try {
            java = java.toRealPath();
        } catch (IOException e) {
            // a launcher found on the PATH: its name is the key
        }
        key.append(java).append('\n');
        Path home = java.getParent() == null ? null : java.getParent().getParent();
        Path library = home == null ? null : home.resolve("lib/server/libjvm.so");
        if (library != null && Files.exists(library)) {
            key.append(Files.size(library)).append(' ').append(Files.getLastModifiedTime(library).toMillis());
        }
        key.append('\n').append(String.join("\n", jvmOptions)).append('\n');
        try (InputStream in = LinkProbe.class.getResourceAsStream(LinkProbe.class.getSimpleName() + ".class")) {
            if (in != null) {
                key.append(HexFormat.of().formatHex(in.readAllBytes()));
            }
        }
        try {
            byte[] digest = MessageDigest.getInstance("SHA-256").digest(key.toString().getBytes(StandardCharsets.UTF_8));
            return HexFormat.of().formatHex(digest, 0, 12);
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException(e);
        }
    }
}
