/** Four threads each build a chain of 500 nodes; main keeps them in a static array: 'jmmtk record' test program. */
public class Threads {
    static final int THREADS = 4;
    static final int NODES = 500;
    static Node[] chains = new Node[THREADS];

    static final class Node {
        Node next;
        Node(Node next) {
            this.next = next;
        }
    }

    public static void main(String[] args) throws InterruptedException {
        Thread[] workers = new Thread[THREADS];
        for (int t = 0; t < THREADS; t++) {
            int index = t;
            workers[t] = new Thread(() -> {
                Node chain = null;
                for (int i = 0; i < NODES; i++) {
                    chain = new Node(chain);
                    Object garbage = new Object[] {chain};
                }
                chains[index] = chain;
            });
            workers[t].start();
        }
        for (Thread w : workers) {
            w.join();
        }
    }
}
