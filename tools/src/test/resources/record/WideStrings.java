/**
 * 300,000 strings made from char arrays with a letter outside Latin-1 ({@code new String(char[], int,
 * int)}): each string's bytes come from StringUTF16.toBytes(char[], int, int), which C2 replaces by an
 * intrinsic that allocates the array itself, without running the method's bytecode. 'jmmtk record'
 * test program for the coverage of allocation inside an intrinsic.
 */
public class WideStrings {
    static String last;

    public static void main(String[] args) {
        char[] chars = "grüße aus 東京 und überall".toCharArray();
        long sum = 0;
        for (int i = 0; i < 300_000; i++) {
            chars[i % 5] = (char) ('a' + i % 26);
            last = new String(chars, i % 3, chars.length - i % 3);
            sum += last.length();
        }
        System.out.println(sum);
    }
}
