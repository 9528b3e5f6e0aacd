/** Builds a list of 1000 nodes kept in a static field, drops temporary arrays, asks for two collections: 'jmmtk record' test program. */
public class KeptList {
    static Node head;

    static final class Node {
        Node next;
        Object payload;
        int value;

        Node(int value) {
            this.value = value;
        }

        Node(int value, Object payload) {
            this.value = value;
            this.payload = payload;
        }
    }

    public static void main(String[] args) {
        for (int i = 0; i < 1000; i++) {
            Node n = new Node(i);
            n.next = head;
            head = n;
            Object[] scratch = new Object[32];
            scratch[0] = n;
        }
        int[] temporary = new int[100];
        Object[] dropped = new Object[10];
        dropped[0] = new Node(-1, new int[3]); // HotSpot allocates the node at its 'new', before the array
        System.gc();
        Runtime.getRuntime().gc();
        System.out.println("built " + temporary.length + " " + dropped.length);
    }
}
