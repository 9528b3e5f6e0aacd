import java.util.Random;

/** String-heavy, single thread: builds, splits, joins and formats seeded random text, keeping a rolling window. */
public class Strings {
    public static void main(String[] args) {
        Random random = new Random(7);
        String[] window = new String[4096];
        long total = 0;
        for (int i = 0; i < 400_000; i++) {
            String line = "item-" + random.nextInt(100000) + "," + Long.toHexString(random.nextLong()) + "," + i;
            String[] parts = line.split(",");
            String joined = String.join("|", parts).toUpperCase();
            window[i & (window.length - 1)] = joined.substring(0, Math.min(joined.length(), 12 + random.nextInt(8)));
            total += joined.length();
        }
        System.out.println(total);
    }
}
