import java.lang.ref.PhantomReference;
import java.lang.ref.Reference;
import java.lang.ref.ReferenceQueue;
import java.lang.ref.SoftReference;
import java.lang.ref.WeakReference;
import java.util.ArrayList;
import java.util.List;

/**
 * References that are kept while their referents are not: 'refs' holds, for the whole run, 20 weak
 * references to Weakly objects, 20 soft references to Softly ones, 20 phantom references to Phantomly
 * ones and 20 weak references to Fetched ones; nothing else holds a referent. After a Marker is made,
 * each Fetched one's get() is asked (no other's) and what it returns is kept in 'kept' (the count is printed:
 * "fetched N"). Then 400 weak references to 100,000-byte arrays, all kept (40 MB reachable only
 * weakly). 20 Held objects are held strongly by the array 'strong', then also by weak references in 'weakHeld', then
 * 'strong' is cleared and, after the Marker, each one's get() is kept too. 'jmmtk record' test program for Reference.referent: a weak or phantom referent must die
 * with its last strong holder, a soft one lives as long as its reference, a fetched one from its get().
 */
public class WeakRefs {
    static final List<Reference<?>> refs = new ArrayList<>();
    static final List<Object> kept = new ArrayList<>();
    /**
     * Hold the Held objects strongly until just before the Marker, and their weak references: arrays, whose
     * stores allocate nothing (a collection that allocates while its new object is only on the operand stack
     * is pinned by record, and what it holds with it).
     */
    static final Held[] strong = new Held[20];
    static final WeakReference<?>[] weakHeld = new WeakReference<?>[20];

    static final class Weakly {
        final long[] payload = new long[8];
    }

    static final class Softly {
        final long[] payload = new long[8];
    }

    static final class Phantomly {
        final long[] payload = new long[8];
    }

    static final class Fetched {
        final long[] payload = new long[8];
    }

    /** Allocates nothing in its constructor, so that it is stored into 'strong' before the next allocation. */
    static final class Held {
        long value;
    }

    static final class Marker {
    }

    public static void main(String[] args) {
        ReferenceQueue<Object> queue = new ReferenceQueue<>();
        List<WeakReference<Fetched>> fetchable = new ArrayList<>();
        int fetched = 0;
        for (int i = 0; i < 20; i++) {
            refs.add(new WeakReference<>(new Weakly()));
            refs.add(new SoftReference<>(new Softly()));
            refs.add(new PhantomReference<>(new Phantomly(), queue));
            WeakReference<Fetched> f = new WeakReference<>(new Fetched());
            refs.add(f);
            fetchable.add(f);
        }
        for (int i = 0; i < 20; i++) {
            strong[i] = new Held();
        }
        for (int i = 0; i < 20; i++) {
            weakHeld[i] = new WeakReference<>(strong[i]);
        }
        for (int i = 0; i < 20; i++) {
            strong[i] = null;
        }
        new Marker();
        for (WeakReference<?> r : weakHeld) {
            Object o = r.get();
            if (o != null) {
                kept.add(o);
                fetched++;
            }
        }
        for (WeakReference<Fetched> r : fetchable) {
            Fetched o = r.get();
            if (o != null) {
                kept.add(o);
                fetched++;
            }
        }
        for (int i = 0; i < 400; i++) {
            refs.add(new WeakReference<>(new byte[100_000]));
        }
        System.out.println("fetched " + fetched);
    }
}
