import java.util.concurrent.CyclicBarrier;

/**
 * 'jmmtk record' test program: THREADS threads (2) store into the same BOXES objects (20,000) at once,
 * ROUNDS rounds (4), given as arguments ROUNDS BOXES THREADS or not at all; the objects are made where
 * nothing is recorded (record with --exclude UnseenBoxes), so each is first seen by whichever thread's
 * store names it first, while the others may be naming it too.
 */
public class SharedFirstSights {
    public static void main(String[] args) throws InterruptedException {
        int rounds = args.length > 0 ? Integer.parseInt(args[0]) : 4;
        int n = args.length > 1 ? Integer.parseInt(args[1]) : 20_000;
        int threadCount = args.length > 2 ? Integer.parseInt(args[2]) : 2;
        Object value = new Object();
        for (int r = 0; r < rounds; r++) {
            UnseenBoxes.Box[] boxes = UnseenBoxes.make(n);
            CyclicBarrier start = new CyclicBarrier(threadCount);
            Thread[] threads = new Thread[threadCount];
            for (int t = 0; t < threadCount; t++) {
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
        System.out.println(rounds * n + " boxes stored into by " + threadCount + " threads at once");
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
