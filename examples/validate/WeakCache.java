import java.lang.ref.WeakReference;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Random;
import java.util.WeakHashMap;

/**
 * A canonicalising cache on weak references, single thread: 600,000 seeded lookups of keys drawn
 * from 200,000 names (a skewed draw: a few hot names, a long tail). Each key is interned through a
 * {@code WeakHashMap<Key, WeakReference<Symbol>>}, whose symbols carry a 64-320 byte payload; a
 * strong {@code LinkedHashMap} in access order holds the 4,000 most recently used symbols, so
 * everything else is reachable only through weak references and HotSpot clears it at the next
 * collection (the map expunges the stale entries from its {@code ReferenceQueue} later). Every 50,000
 * lookups a report walks the strong set. Exercises {@code java.lang.ref.Reference.referent}: a weak
 * referent that a recording keeps strongly reachable lives too long in a replay.
 */
public class WeakCache {
    static final class Key {
        final String name;
        final int hash;

        Key(String name) {
            this.name = name;
            this.hash = name.hashCode();
        }

        @Override
        public boolean equals(Object o) {
            return o instanceof Key k && k.name.equals(name);
        }

        @Override
        public int hashCode() {
            return hash;
        }
    }

    static final class Symbol {
        final Key key;
        final byte[] payload;
        int uses;

        Symbol(Key key, int size) {
            this.key = key;
            this.payload = new byte[size];
        }
    }

    public static void main(String[] args) {
        Random random = new Random(4242);
        WeakHashMap<Key, WeakReference<Symbol>> canon = new WeakHashMap<>();
        Map<Key, Symbol> recent = new LinkedHashMap<>(8_192, 0.75f, true) {
            @Override
            protected boolean removeEldestEntry(Map.Entry<Key, Symbol> eldest) {
                return size() > 4_000;
            }
        };
        long made = 0;
        long checksum = 0;
        for (int i = 1; i <= 600_000; i++) {
            double u = random.nextDouble();
            int n = (int) (200_000 * u * u * u);
            Key probe = new Key("sym-" + n);
            WeakReference<Symbol> ref = canon.get(probe);
            Symbol s = ref == null ? null : ref.get();
            if (s == null) {
                s = new Symbol(probe, 64 + random.nextInt(256));
                canon.put(probe, new WeakReference<>(s));
                made++;
            }
            s.uses++;
            s.payload[i % s.payload.length]++;
            recent.put(s.key, s);
            if (i % 50_000 == 0) {
                for (Symbol r : recent.values()) {
                    checksum += r.uses + r.payload.length;
                }
            }
        }
        System.out.println(made + " symbols made, " + canon.size() + " canonical, checksum " + checksum);
    }
}
