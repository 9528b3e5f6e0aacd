/**
 * Multi-threaded churn, own classes and arrays only: 4 threads, each with its own seed, allocating
 * 600,000 nodes with long[] payloads and keeping one in 8 in a queue of its own (3,000 entries).
 */
public class Threads {
    static final class Node {
        Node next;
        final long[] payload;

        Node(long[] payload) {
            this.payload = payload;
        }
    }

    static final class Worker implements Runnable {
        private long seed;
        private Node head;
        private Node tail;
        private int size;
        long sum;

        Worker(long seed) {
            this.seed = seed;
        }

        int next(int bound) {
            seed ^= seed << 13;
            seed ^= seed >>> 7;
            seed ^= seed << 17;
            return (int) ((seed >>> 33) % bound);
        }

        @Override
        public void run() {
            for (int i = 0; i < 600_000; i++) {
                Node n = new Node(new long[1 + next(10)]);
                if (next(8) == 0) {
                    if (tail == null) {
                        head = n;
                    } else {
                        tail.next = n;
                    }
                    tail = n;
                    if (++size > 3_000) {
                        Node old = head;
                        head = old.next;
                        old.next = null;
                        size--;
                    }
                }
                sum += n.payload.length;
            }
        }
    }

    public static void main(String[] args) throws InterruptedException {
        Worker[] workers = new Worker[4];
        Thread[] threads = new Thread[workers.length];
        for (int t = 0; t < workers.length; t++) {
            workers[t] = new Worker(1000 + t);
            threads[t] = new Thread(workers[t]);
            threads[t].start();
        }
        long sum = 0;
        for (int t = 0; t < workers.length; t++) {
            threads[t].join();
            sum += workers[t].sum;
        }
        System.out.println(sum);
    }
}
