/**
 * A tiny program with no invokedynamic (no lambdas, no string concatenation): 2,000 nodes with payload
 * arrays kept in a static list, 2,000 arrays dropped; about 0.5 MB allocated. 'jmmtk record' test program
 * for coverage, which on a program this small shows any error in the recorder's accounts.
 */
public class Tiny {
    static Node head;

    static final class Node {
        Node next;
        long[] payload;

        Node(Node next, int size) {
            this.next = next;
            this.payload = new long[size];
        }
    }

    public static void main(String[] args) {
        for (int i = 0; i < 2000; i++) {
            head = new Node(head, i % 16);
            Object[] dropped = new Object[8];
            dropped[0] = head;
        }
        int n = 0;
        for (Node x = head; x != null; x = x.next) {
            n++;
        }
        System.out.println(n);
    }
}
