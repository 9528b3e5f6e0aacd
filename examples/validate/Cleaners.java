import java.lang.ref.Cleaner;
import java.lang.ref.PhantomReference;
import java.lang.ref.Reference;
import java.lang.ref.ReferenceQueue;
import java.lang.ref.SoftReference;
import java.util.ArrayDeque;
import java.util.HashMap;
import java.util.HashSet;
import java.util.Random;

/**
 * Reference-based resource management, single thread (and the JDK's cleaner thread): 280,000 seeded
 * handles, each owning a 256-2,048-byte buffer and registered with a {@code java.lang.ref.Cleaner}
 * (its state object holds the buffer's length, not the handle); one handle in 4 also gets a
 * {@code PhantomReference} on a {@code ReferenceQueue} that main polls every 1,000 handles; 1,000 handles
 * are kept in a ring, the rest die young. A {@code SoftReference<byte[]>} cache in a {@code HashMap} of
 * 2,000 keys holds 4 KB blocks, rebuilt when the referent was cleared. ~390 MB.
 */
public class Cleaners {
    static final Cleaner CLEANER = Cleaner.create();
    static long cleaned;

    static final class State implements Runnable {
        final int length;

        State(int length) {
            this.length = length;
        }

        @Override
        public void run() {
            synchronized (Cleaners.class) {
                cleaned += length;
            }
        }
    }

    static final class Handle {
        final byte[] buffer;
        final Cleaner.Cleanable cleanable;

        Handle(int size, Random random) {
            buffer = new byte[size];
            buffer[random.nextInt(size)] = (byte) size;
            cleanable = CLEANER.register(this, new State(size));
        }
    }

    public static void main(String[] args) {
        Random random = new Random(31);
        ReferenceQueue<Handle> queue = new ReferenceQueue<>();
        HashSet<PhantomReference<Handle>> phantoms = new HashSet<>();
        HashMap<Integer, SoftReference<byte[]>> cache = new HashMap<>();
        Handle[] ring = new Handle[1_000];
        long check = 0;
        long enqueued = 0;
        for (int i = 0; i < 280_000; i++) {
            Handle h = new Handle(256 + random.nextInt(1_793), random);
            if ((i & 3) == 0) {
                phantoms.add(new PhantomReference<>(h, queue));
            }
            if (random.nextInt(8) == 0) {
                Handle old = ring[random.nextInt(ring.length)];
                if (old != null && random.nextBoolean()) {
                    old.cleanable.clean();
                }
                ring[random.nextInt(ring.length)] = h;
            }
            int key = random.nextInt(2_000);
            SoftReference<byte[]> soft = cache.get(key);
            byte[] block = soft == null ? null : soft.get();
            if (block == null) {
                block = new byte[4_096];
                block[0] = (byte) key;
                cache.put(key, new SoftReference<>(block));
            }
            check += block[0] + h.buffer.length;
            if (i % 1_000 == 999) {
                Reference<? extends Handle> r;
                while ((r = queue.poll()) != null) {
                    phantoms.remove(r);
                    enqueued++;
                }
            }
        }
        synchronized (Cleaners.class) {
            check += cleaned % 1000;
        }
        System.err.println("check " + check + " enqueued " + enqueued + " phantoms " + phantoms.size()
                + " cache " + cache.size());
    }
}
