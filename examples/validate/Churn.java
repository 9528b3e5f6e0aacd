/**
 * Queue churn, single thread, own classes and arrays only: 3M nodes with long[] payloads, most of them
 * garbage at once; one in 16 joins a short queue (1,500 entries) and one in 64 a long one (6,000
 * entries), so survivors age over several young collections before they die.
 */
public class Churn {
    static final class Node {
        Node next;
        final long[] payload;
        final int id;

        Node(int id, long[] payload) {
            this.id = id;
            this.payload = payload;
        }
    }

    /** A FIFO of nodes with a fixed capacity: adding to a full queue drops its oldest node. */
    static final class Queue {
        private final int capacity;
        private Node head;
        private Node tail;
        private int size;

        Queue(int capacity) {
            this.capacity = capacity;
        }

        long add(Node n) {
            if (tail == null) {
                head = n;
            } else {
                tail.next = n;
            }
            tail = n;
            size++;
            if (size <= capacity) {
                return 0;
            }
            Node old = head;
            head = old.next;
            old.next = null;
            size--;
            return old.payload.length;
        }
    }

    private static long seed = 42;

    static int next(int bound) {
        seed ^= seed << 13;
        seed ^= seed >>> 7;
        seed ^= seed << 17;
        return (int) ((seed >>> 33) % bound);
    }

    public static void main(String[] args) {
        Queue shortLived = new Queue(1_500);
        Queue longLived = new Queue(6_000);
        long sum = 0;
        for (int i = 0; i < 3_000_000; i++) {
            Node n = new Node(i, new long[1 + next(8)]);
            int r = next(64);
            if (r == 0) {
                sum += longLived.add(n);
            } else if (r < 4) {
                sum += shortLived.add(n);
            } else {
                sum += n.payload.length;
            }
        }
        System.out.println(sum);
    }
}
