/** Allocates, then exits with status 3: 'jmmtk record' must write nothing. */
public class Fails {
    static Object kept;

    public static void main(String[] args) {
        kept = new Object[] {new Object()};
        System.exit(3);
    }
}
