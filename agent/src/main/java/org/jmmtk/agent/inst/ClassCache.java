package org.jmmtk.agent.inst;

import java.io.BufferedOutputStream;
import java.io.DataInputStream;
import java.io.DataOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.StandardOpenOption;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import org.jmmtk.agent.rt.Refs;

/**
 * Instrumented class bytes kept on disk across recordings, so that a recording does not instrument
 * again the ~500 JDK classes loaded before the agent (and the others every program loads): most of a
 * short recording's start-up. A snapshot file holds the field numbers the instrumented code was
 * compiled with ({@link Refs}, loaded before anything is instrumented so that the numbers mean the
 * same in this run) and, for each class, its name, a 64-bit hash and the length of the bytes the
 * instrumenter was given ({@link ClassKey}: the hash does not depend on the methods' order), and the
 * bytes it made. A class whose name, hash and length match is served from the snapshot. The snapshot's folder is named by the caller after the agent's own classes and
 * the include and exclude lists, and here after the JVM's version and home, so a changed instrumenter
 * or JDK starts a fresh one. Snapshots are written whole to a temporary file and renamed: runs at
 * once each see a complete snapshot, and the last to save wins (each snapshot is consistent in
 * itself). A snapshot grown past {@link #MAX_BYTES} keeps only what the run that saves it used. The
 * snapshot is mapped, not read into the heap: only an index of its classes (name to place) is, and a
 * class's bytes are copied out when it is served, so the recorded JVM's heap does not grow with the
 * classes earlier recordings on the machine loaded (read whole, a 26 MB snapshot was 38 MB of live
 * arrays in the recorded program's heap, and changed when it collected). A rename by another run leaves
 * this run's mapping on the file it opened. Any class-loading thread reads it; saved by the agent's
 * premain and at the JVM's exit.
 */
final class ClassCache {
    private static final int MAGIC = 0x6a6d6d63; // "jmmc"
    private static final int VERSION = 1;
    /** New classes, beyond those loaded, that make a save at exit worth its time. */
    private static final int WORTH_SAVING = 20;
    /** Bytes of classes beyond which a save keeps only the classes this run used or made (old versions go). */
    private static final long MAX_BYTES = 64L << 20;

    private final Path file;
    /** The snapshot's bytes, mapped read-only (null: none); only absolute reads, so any thread. */
    private final ByteBuffer snapshot;
    /** Each class of the snapshot: its place there, offset << 32 | length. */
    private final Map<String, Long> loaded;
    private final Map<String, byte[]> fresh = new ConcurrentHashMap<>();
    private final Set<String> hits = ConcurrentHashMap.newKeySet();
    private final long loadedBytes;
    private int savedFresh;

    private ClassCache(Path file, ByteBuffer snapshot, Map<String, Long> loaded) {
        this.file = file;
        this.snapshot = snapshot;
        this.loaded = loaded;
        long bytes = 0;
        for (long place : loaded.values()) {
            bytes += (int) place;
        }
        this.loadedBytes = bytes;
    }

    /**
     * The cache in {@code dir} (made when missing), its snapshot loaded; null when {@code dir} is empty,
     * or when the snapshot cannot be used (it is then left alone and not replaced by this run).
     */
    /**
     * {@code s} with every character but letters, digits, '.', '_' and '-' replaced by '_'. A loop, not
     * {@code replaceAll}: a regular expression here loaded {@code java.util.regex}'s classes before the
     * program's {@code main}, which a JVM without the agent loads, if at all, while the program runs.
     */
    static String fileNamePart(String s) {
        char[] c = s.toCharArray();
        for (int i = 0; i < c.length; i++) {
            char x = c[i];
            boolean kept = x >= 'A' && x <= 'Z' || x >= 'a' && x <= 'z' || x >= '0' && x <= '9' || x == '.' || x == '_' || x == '-';
            if (!kept) {
                c[i] = '_';
            }
        }
        return new String(c);
    }

    static ClassCache open(String dir) {
        if (dir.isEmpty()) {
            return null;
        }
        String jdk = fileNamePart(System.getProperty("java.vm.version") + "-"
                + Integer.toHexString(System.getProperty("java.home").hashCode()));
        Path file = Path.of(dir, jdk, "classes.bin");
        Map<String, Long> loaded = new HashMap<>();
        ByteBuffer snapshot = null;
        if (Files.isRegularFile(file)) {
            try (FileChannel channel = FileChannel.open(file)) {
                snapshot = channel.map(FileChannel.MapMode.READ_ONLY, 0, channel.size());
                read(snapshot, loaded);
            } catch (IOException | RuntimeException e) {
                System.err.println("jmmtk agent: ignoring the instrumented-class cache " + file + ": " + e);
                return null;
            }
        }
        return new ClassCache(file, snapshot, loaded);
    }

    private static void read(ByteBuffer snapshot, Map<String, Long> classes) throws IOException {
        ByteBuffer at = snapshot.duplicate();
        DataInputStream in = new DataInputStream(new InputStream() {
            @Override
            public int read() {
                return at.hasRemaining() ? at.get() & 0xff : -1;
            }

            @Override
            public int read(byte[] b, int off, int len) {
                if (!at.hasRemaining()) {
                    return -1;
                }
                int n = Math.min(len, at.remaining());
                at.get(b, off, n);
                return n;
            }
        });
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
            int length = in.readInt();
            if (length < 0 || length > at.remaining()) {
                throw new IOException("class " + key + " runs past the end of the snapshot");
            }
            classes.put(key, (long) at.position() << 32 | length);
            at.position(at.position() + length);
        }
        if (!Refs.preload(fieldNames, staticNames)) {
            throw new IOException("classes were instrumented before the cache was read");
        }
    }

    /** The instrumented bytes kept for {@code key}, or null. */
    byte[] get(String key) {
        Long place = loaded.get(key);
        if (place != null) {
            hits.add(key);
            return bytesAt(place);
        }
        return fresh.get(key);
    }

    /** A copy of the snapshot's bytes at {@code place} (offset << 32 | length). */
    private byte[] bytesAt(long place) {
        byte[] b = new byte[(int) place];
        snapshot.get((int) (place >>> 32), b);
        return b;
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
            tmp = file.resolveSibling("classes." + System.nanoTime() + ".tmp");
            // not Files.createTempFile: its random names come from SecureRandom, whose first use in premain
            // loaded and initialised the security providers (114 classes) before main, unseen by the trace
            try (OutputStream raw = Files.newOutputStream(tmp, StandardOpenOption.CREATE_NEW, StandardOpenOption.WRITE);
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
        Map<String, byte[]> all = new HashMap<>();
        for (Map.Entry<String, Long> e : loaded.entrySet()) {
            if (loadedBytes <= MAX_BYTES || hits.contains(e.getKey())) {
                all.put(e.getKey(), bytesAt(e.getValue()));
            }
        }
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
