import java.util.HashMap;
import java.util.PriorityQueue;
import java.util.Random;

/**
 * Mid-lived objects, a sliding window with a time to live, single thread: 700,000 seeded requests, each
 * a short-lived key string, header array and {@code long[]} of counters folded into a checksum; one
 * request in 40 takes a lease (a 48-byte object, a 64-256 byte payload, a boxed {@code Long} key)
 * that lives 40,000-120,000 requests, two to six young collections of an 8 MB young generation, in
 * a HashMap index and a PriorityQueue ordered by expiry; every request looks a recent lease up and
 * renews one in 64 of those it finds (a new expiry, the old entry left in the queue and skipped when
 * it comes out). The leases are what the survivor spaces age; ~270 MB.
 */
public class Leases {
    static final class Lease {
        final long id;
        final byte[] payload;
        long expires;

        Lease(long id, byte[] payload, long expires) {
            this.id = id;
            this.payload = payload;
            this.expires = expires;
        }
    }

    record Expiry(long at, Lease lease) {
    }

    public static void main(String[] args) {
        Random random = new Random(53);
        HashMap<Long, Lease> index = new HashMap<>();
        PriorityQueue<Expiry> queue = new PriorityQueue<>((a, b) -> Long.compare(a.at(), b.at()));
        long nextId = 0;
        long check = 0;
        long renewed = 0;
        for (long now = 0; now < 700_000; now++) {
            String key = "req-" + now + "-" + random.nextInt(1_000);
            long[] counters = new long[4 + random.nextInt(12)];
            String[] headers = {key, key.substring(4), Long.toHexString(now)};
            for (int c = 0; c < counters.length; c++) {
                counters[c] = headers[c % 3].hashCode() + c;
            }
            check += counters[counters.length - 1] & 0xFF;
            if (random.nextInt(40) == 0) {
                long id = nextId++;
                Lease lease = new Lease(id, new byte[64 + random.nextInt(193)], now + 40_000 + random.nextInt(80_001));
                lease.payload[0] = (byte) id;
                index.put(id, lease);
                queue.add(new Expiry(lease.expires, lease));
            }
            if (nextId > 0) {
                Lease found = index.get(nextId - 1 - random.nextInt((int) Math.min(nextId, 3_000)));
                if (found != null) {
                    check += found.payload.length;
                    if (random.nextInt(64) == 0) {
                        found.expires = now + 40_000 + random.nextInt(80_001);
                        queue.add(new Expiry(found.expires, found));
                        renewed++;
                    }
                }
            }
            while (!queue.isEmpty() && queue.peek().at() <= now) {
                Expiry e = queue.poll();
                if (e.lease().expires == e.at()) {
                    index.remove(e.lease().id);
                }
            }
        }
        System.out.println(index.size() + " leases live, " + renewed + " renewed, " + check);
    }
}
