import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.util.ArrayDeque;

/** Reads its standard input to the end, keeping the last 200 lines split into words; prints the line count. */
public class Lines {
    public static void main(String[] args) throws IOException {
        BufferedReader in = new BufferedReader(new InputStreamReader(System.in));
        ArrayDeque<String[]> kept = new ArrayDeque<>();
        long lines = 0;
        for (String line = in.readLine(); line != null; line = in.readLine()) {
            lines++;
            kept.addLast(line.split(" "));
            if (kept.size() > 200) {
                kept.removeFirst();
            }
        }
        System.out.println("read " + lines + " lines");
    }
}
