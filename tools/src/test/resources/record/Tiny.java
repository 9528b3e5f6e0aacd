/**
 * A tiny program with no invokedynamic (no lambdas, no string concatenation): 10,000 nodes with payload
 * arrays kept in a static list, 10,000 arrays dropped; about 2 MB allocated. 'jmmtk record' test program
 * for coverage, which on a program this small shows any error of tens of KB in the recorder's accounts
 * (at 2,000 nodes, 0.4 MB, what the JVM allocates unseen on the program's threads, 1-10 KB from run to
 * run, moved the reading between 0.975 and 0.987).
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
        for (int i = 0; i < 10000; i++) {
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
