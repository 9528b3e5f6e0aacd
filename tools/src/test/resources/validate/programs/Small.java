import java.util.ArrayList;
import java.util.List;
import java.util.Random;

/** A few MB of arrays, one in ten kept for a while: young GCs in a small heap. Exit status from args[0] (default 0). */
public class Small {
    public static void main(String[] args) {
        Random random = new Random(3);
        List<byte[]> kept = new ArrayList<>();
        long sum = 0;
        for (int i = 0; i < 40000; i++) {
            byte[] b = new byte[32 + random.nextInt(96)];
            sum += b.length;
            if (random.nextInt(10) == 0) {
                kept.add(b);
            }
            if (kept.size() > 2000) {
                kept.subList(0, 1000).clear();
            }
        }
        System.out.println(sum + " " + kept.size());
        int status = args.length > 0 ? Integer.parseInt(args[0]) : 0;
        if (args.length > 1 && args[1].equals("halt")) {
            Runtime.getRuntime().halt(status);
        }
        System.exit(status);
    }
}
