/**
 * Reference locals that die before allocation loops, as HotSpot's oop maps see them: 'dropped' is never
 * read, 'early' is last read before loop A, 'handled' is read only by a handler, so it lives across the
 * protected loop B and dies after it, 'kept' is read after loop C and dies before loop D. None of the
 * locals is overwritten before main returns. 'joined' clears a dead local just before a NEW whose
 * uninitialized object is in a stack map frame (the verifier checks that frame's label is still at the
 * NEW). 'jmmtk record' test program for the liveness of locals.
 */
public class Dying {
    static Object sink;

    static final class Dropped {
        Object[] payload = new Object[2];
    }

    static final class Early {
        Object[] payload = new Object[8];
    }

    static final class Handled {
        int value = 1;
    }

    static final class Kept {
        int value = 2;
    }

    static final class Holder {
        final int value;

        Holder(int value) {
            this.value = value;
        }
    }

    static Holder joined(Object x, int n) {
        if (n > 0) {
            sink = x;
        }
        return new Holder(n > 1 ? 1 : 2);
    }

    public static void main(String[] args) {
        sink = joined(sink, args.length);
        Dropped dropped = new Dropped();
        Early early = new Early();
        int n = early.payload.length;
        for (int i = 0; i < 100; i++) {
            sink = new byte[16];
        }
        Handled handled = new Handled();
        try {
            for (int i = 0; i < 100; i++) {
                sink = new int[4];
            }
            if (n < 0) {
                throw new IllegalStateException();
            }
        } catch (IllegalStateException e) {
            n += handled.value;
        }
        Kept kept = new Kept();
        for (int i = 0; i < 100; i++) {
            sink = new long[2];
        }
        n += kept.value;
        for (int i = 0; i < 100; i++) {
            sink = new char[4];
        }
        sink = null;
        System.out.println(n);
    }
}
