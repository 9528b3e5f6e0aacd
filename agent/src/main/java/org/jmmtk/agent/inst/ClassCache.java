package org.jmmtk.agent.inst;

import java.io.BufferedInputStream;
import java.io.BufferedOutputStream;
import java.io.DataInputStream;
import java.io.DataOutputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import org.jmmtk.agent.rt.Refs;

/**
 * Instrumented class bytes kept on disk across recordings, so that a recording does not instrument
 * again the ~500 JDK classes loaded before the agent (and the others every program loads): most of a
 * short recording's start-up. A snapshot file holds the field numbers the instrumented code was
 * compiled with ({@link Refs}, loaded before anything is instrumented so that the numbers mean the
 * same in this run) and, for each class, its name, a 64-bit hash and the length of the bytes the
 * instrumenter was given, and the bytes it made. A class whose name, hash and length match is served
 * from the snapshot. The snapshot's folder is named by the caller after the agent's own classes and
 * the include and exclude lists, and here after the JVM's version and home, so a changed instrumenter
 * or JDK starts a fresh one. Snapshots are written whole to a temporary file and renamed: runs at
 * once each see a complete snapshot, and the last to save wins (each snapshot is consistent in
 * itself). A snapshot grown past {@link #MAX_BYTES} keeps only what the run that saves it used. Any
 * class-loading thread reads it; saved by the agent's premain and at the JVM's exit.
 */
final class ClassCache {
    private static final int MAGIC = 0x6a6d6d63; // "jmmc"
    private static final int VERSION = 1;
    /** New classes, beyond those loaded, that make a save at exit worth its time. */
    private static final int WORTH_SAVING = 20;
    /** Bytes of classes beyond which a save keeps only the classes this run used or made (old versions go). */
    private static final long MAX_BYTES = 64L << 20;

    private final Path file;
    private final Map<String, byte[]> loaded;
    private final Map<String, byte[]> fresh = new ConcurrentHashMap<>();
    private final Map<String, byte[]> hits = new ConcurrentHashMap<>();
    private final long loadedBytes;
    private int savedFresh;

    private ClassCache(Path file, Map<String, byte[]> loaded) {
        this.file = file;
        this.loaded = loaded;
        long bytes = 0;
        for (byte[] b : loaded.values()) {
            bytes += b.length;
        }
        this.loadedBytes = bytes;
    }

    /**
     * The cache in {@code dir} (made when missing), its snapshot loaded; null when {@code dir} is empty,
     * or when the snapshot cannot be used (it is then left alone and not replaced by this run).
     */
    static ClassCache open(String dir) {
        if (dir.isEmpty()) {
            return null;
        }
        String jdk = (System.getProperty("java.vm.version") + "-" + Integer.toHexString(System.getProperty("java.home").hashCode()))
                .replaceAll("[^A-Za-z0-9._-]", "_");
        Path file = Path.of(dir, jdk, "classes.bin");
        Map<String, byte[]> loaded = new HashMap<>();
        if (Files.isRegularFile(file)) {
            try (DataInputStream in = new DataInputStream(new BufferedInputStream(Files.newInputStream(file), 1 << 16))) {
                read(in, loaded);
            } catch (IOException | RuntimeException e) {
                System.err.println("jmmtk agent: ignoring the instrumented-class cache " + file + ": " + e);
                return null;
            }
        }
        return new ClassCache(file, loaded);
    }

    private static void read(DataInputStream in, Map<String, byte[]> classes) throws IOException {
        if (in.readInt() != MAGIC || in.readInt() != VERSION) {
            throw new IOException("not a snapshot of this version");
        }
        int fields = in.readInt();
        String[][] fieldNames = new String[fields][];
        for (int i = 0; i < fields; i++) {
            fieldNames[i] = new String[] {in.readUTF(), in.readUTF()};
        }
        int statics = in.readInt();
        String[] staticNames = new String[statics];
        for (int i = 0; i < statics; i++) {
            staticNames[i] = in.readUTF();
        }
        int n = in.readInt();
        for (int i = 0; i < n; i++) {
            String key = in.readUTF();
            byte[] bytes = new byte[in.readInt()];
            in.readFully(bytes);
            classes.put(key, bytes);
        }
        if (!Refs.preload(fieldNames, staticNames)) {
            throw new IOException("classes were instrumented before the cache was read");
        }
    }

    /** The key of a class: its name, and the hash and length of the bytes the instrumenter is given. */
    static String key(String name, byte[] bytes) {
        long h = 0xcbf29ce484222325L; // FNV-1a
        for (byte b : bytes) {
            h = (h ^ (b & 0xff)) * 0x100000001b3L;
        }
        return name + "/" + Long.toHexString(h) + "/" + bytes.length;
    }

    /** The instrumented bytes kept for {@code key}, or null. */
    byte[] get(String key) {
        byte[] b = loaded.get(key);
        if (b != null) {
            hits.put(key, b);
            return b;
        }
        return fresh.get(key);
    }

    /** Keeps what the instrumenter made for {@code key}. */
    void put(String key, byte[] instrumented) {
        fresh.put(key, instrumented);
    }

    /** Saves the snapshot when this run instrumented classes it did not hold ({@code atExit}: only when enough of them to matter). */
    synchronized void save(boolean atExit) {
        int n = fresh.size();
        if (n == savedFresh || atExit && n - savedFresh < WORTH_SAVING) {
            return;
        }
        Path tmp = null;
        try {
            Files.createDirectories(file.getParent());
            tmp = Files.createTempFile(file.getParent(), "classes", ".tmp");
            try (OutputStream raw = Files.newOutputStream(tmp);
                 DataOutputStream out = new DataOutputStream(new BufferedOutputStream(raw, 1 << 16))) {
                write(out);
            }
            Files.move(tmp, file, StandardCopyOption.REPLACE_EXISTING, StandardCopyOption.ATOMIC_MOVE);
            savedFresh = n;
        } catch (IOException | RuntimeException e) {
            System.err.println("jmmtk agent: could not save the instrumented-class cache " + file + ": " + e);
            if (tmp != null) {
                try {
                    Files.deleteIfExists(tmp);
                } catch (IOException ignored) {
                    // the temporary file stays; it is never read
                }
            }
        }
    }

    private void write(DataOutputStream out) throws IOException {
        Map<String, byte[]> all = new HashMap<>(loadedBytes > MAX_BYTES ? hits : loaded);
        all.putAll(fresh);
        // the numbers after the classes: a class takes its numbers before it is kept, so these cover them all
        List<String[]> fields = Refs.fieldNames();
        List<String> statics = Refs.staticNames();
        out.writeInt(MAGIC);
        out.writeInt(VERSION);
        out.writeInt(fields.size());
        for (String[] f : fields) {
            out.writeUTF(f[0]);
            out.writeUTF(f[1]);
        }
        out.writeInt(statics.size());
        for (String s : statics) {
            out.writeUTF(s);
        }
        out.writeInt(all.size());
        for (Map.Entry<String, byte[]> e : all.entrySet()) {
            out.writeUTF(e.getKey());
            out.writeInt(e.getValue().length);
            out.write(e.getValue());
        }
    }
}
