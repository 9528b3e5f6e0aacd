import java.util.concurrent.CyclicBarrier;

/**
 * 'jmmtk record' test program: two threads store into the same 20,000 objects at once, four rounds;
 * the objects are made where nothing is recorded (record with --exclude UnseenBoxes), so each is first
 * seen by whichever thread's store names it first, while the other may be naming it too.
 */
public class SharedFirstSights {
    static final int ROUNDS = 4;
    static final int BOXES = 20_000;
    static final int THREADS = 2;

    public static void main(String[] args) throws InterruptedException {
        Object value = new Object();
        for (int r = 0; r < ROUNDS; r++) {
            UnseenBoxes.Box[] boxes = UnseenBoxes.make(BOXES);
            CyclicBarrier start = new CyclicBarrier(THREADS);
            Thread[] threads = new Thread[THREADS];
            for (int t = 0; t < THREADS; t++) {
                threads[t] = new Thread(new Runnable() {
                    @Override
                    public void run() {
                        try {
                            start.await();
                        } catch (Exception e) {
                            throw new IllegalStateException(e);
                        }
                        for (UnseenBoxes.Box b : boxes) {
                            b.value = value;
                        }
                    }
                });
                threads[t].start();
            }
            for (Thread t : threads) {
                t.join();
            }
        }
        System.out.println(ROUNDS * BOXES + " boxes stored into by " + THREADS + " threads at once");
    }
}

/** Makes boxes where the recorder does not see them: excluded from instrumentation, constructor and all. */
class UnseenBoxes {
    static final class Box {
        Object value;
    }

    static Box[] make(int n) {
        Box[] boxes = new Box[n];
        for (int i = 0; i < n; i++) {
            boxes[i] = new Box();
        }
        return boxes;
    }
}
