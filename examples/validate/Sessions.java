import java.util.Random;
import java.util.WeakHashMap;

/**
 * Metadata attached to live objects, single thread: 800,000 seeded steps over a ring of 5,000 sessions,
 * a quarter of the visited ones replaced by a new session (a 32-160 byte state); each session's
 * metadata (24 counters and a tag string) lives in a {@code WeakHashMap} keyed by the session, so a
 * replaced session's entry goes stale and leaves the map when the collector has cleared its key and the
 * map next expunges ({@code size()} is asked every step). Nothing but the collector decides when the
 * metadata dies; ~120 MB.
 */
public class Sessions {
    static final class Session {
        final long id;
        final byte[] state;

        Session(long id, int n) {
            this.id = id;
            this.state = new byte[n];
        }
    }

    static final class Meta {
        final long[] counters = new long[24];
        String tag;
    }

    public static void main(String[] args) {
        Random random = new Random(7);
        WeakHashMap<Session, Meta> meta = new WeakHashMap<>();
        Session[] ring = new Session[5_000];
        long sum = 0;
        for (int i = 0; i < 800_000; i++) {
            int slot = random.nextInt(ring.length);
            if (ring[slot] == null || random.nextInt(4) == 0) {
                ring[slot] = new Session(i, 32 + random.nextInt(128));
                Meta m = new Meta();
                m.tag = "s" + i;
                meta.put(ring[slot], m);
            }
            Meta m = meta.get(ring[slot]);
            m.counters[i % 24]++;
            sum += m.counters[0] + meta.size();
        }
        System.out.println(meta.size() + " entries, " + sum);
    }
}
