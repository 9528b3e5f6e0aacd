import java.io.Serializable;
import java.util.ArrayList;
import java.util.List;
import java.util.function.IntSupplier;

/**
 * Lambdas that hold what they capture: 'held' keeps, for the whole run, 20 lambdas capturing a Kept
 * payload, 20 capturing a Dropped one (two references and two primitives between them), 20 bound method
 * references (Bound::size), 20 serializable lambdas (altMetafactory) capturing a Serial payload, and
 * non-capturing lambdas from one call site. No lambda is called after it is made, so no payload is
 * mentioned after its capture: only the lambdas keep them. Then (after a BeforeDrop object is made) the
 * Dropped lambdas are removed and Marker objects allocated: each Dropped and Other payload dies there,
 * the others live to the end. 'jmmtk record'
 * test program for a lambda's captured references.
 */
public class Captures {
    static List<Object> held;
    static Object sink;

    static final class Kept {
        final long[] payload = new long[64];
    }

    static final class Dropped {
        final long[] payload = new long[64];
    }

    static final class Other {
        final int[] payload = new int[8];
    }

    static final class Bound {
        final long[] payload = new long[64];

        int size() {
            return payload.length;
        }
    }

    static final class Serial {
        final long[] payload = new long[64];
    }

    static final class BeforeDrop {
    }

    static final class Marker {
        final long[] payload = new long[16];
    }

    static IntSupplier keep(Kept k) {
        return () -> k.payload.length;
    }

    static IntSupplier drop(int n, Dropped d, long x, Other o) {
        return () -> n + d.payload.length + (int) x + o.payload.length;
    }

    static IntSupplier bound(Bound b) {
        return b::size;
    }

    static IntSupplier serial(Serial p) {
        return (IntSupplier & Serializable) () -> p.payload.length;
    }

    static IntSupplier constant() {
        return () -> 7;
    }

    public static void main(String[] args) {
        held = new ArrayList<>();
        for (int i = 0; i < 20; i++) {
            held.add(keep(new Kept()));
            held.add(drop(i, new Dropped(), i, new Other()));
            held.add(bound(new Bound()));
            held.add(serial(new Serial()));
            held.add(constant());
        }
        List<Object> rest = new ArrayList<>();
        for (int i = 0; i < held.size(); i++) {
            if (i % 5 != 1) {
                rest.add(held.get(i));
            }
        }
        sink = new BeforeDrop();
        held = rest;
        for (int i = 0; i < 100; i++) {
            sink = new Marker();
        }
        sink = null;
        System.out.println(held.size());
    }
}
