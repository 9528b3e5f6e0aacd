import java.util.ArrayList;
import java.util.List;

/**
 * 1,200 short-lived threads started and joined one at a time by main, each building a list of as many
 * small arrays as the argument says (3,000: enough events for the recorder to hand full chunks over) and
 * leaving its sum;
 * main keeps the sums, not the threads. More threads than a replay has numbers (1023), never more than
 * two alive at once. 'jmmtk record' test program for the trace's thread numbers, given back when a
 * thread ends, and for what the recorder keeps of an ended thread.
 */
public class ShortThreads {
    static final class Task implements Runnable {
        final int arrays;
        long sum;

        Task(int arrays) {
            this.arrays = arrays;
        }

        @Override
        public void run() {
            List<long[]> parts = new ArrayList<>();
            for (int i = 0; i < arrays; i++) {
                parts.add(new long[] {i, i * 2L});
            }
            for (long[] p : parts) {
                sum += p[1];
            }
        }
    }

    public static void main(String[] args) throws InterruptedException {
        int arrays = Integer.parseInt(args[0]);
        long[] sums = new long[1_200];
        for (int t = 0; t < sums.length; t++) {
            Task task = new Task(arrays);
            Thread thread = new Thread(task);
            thread.start();
            thread.join();
            sums[t] = task.sum;
        }
        long total = 0;
        for (long s : sums) {
            total += s;
        }
        System.out.println(total);
    }
}
