/**
 * Own classes and arrays only (all the current recorder sees completely): 120,000 nodes with long[]
 * payloads (about 34 MB) in a queue that keeps the last 2,000 (about 560 KB), so each young collection
 * finds the nodes of the last stretch of allocation alive. Deterministic.
 */
public class Window {
    static final class Node {
        Node next;
        final long[] payload;

        Node(long[] payload) {
            this.payload = payload;
        }
    }

    public static void main(String[] args) {
        long seed = 11;
        Node head = null;
        Node tail = null;
        int size = 0;
        long sum = 0;
        for (int i = 0; i < 120_000; i++) {
            seed ^= seed << 13;
            seed ^= seed >>> 7;
            seed ^= seed << 17;
            Node n = new Node(new long[16 + (int) ((seed >>> 33) % 32)]);
            if (tail == null) {
                head = n;
            } else {
                tail.next = n;
            }
            tail = n;
            if (++size > 2_000) {
                Node old = head;
                head = old.next;
                old.next = null;
                size--;
            }
            sum += n.payload.length;
        }
        System.out.println(sum);
    }
}
