import java.lang.management.GarbageCollectorMXBean;
import java.lang.management.ManagementFactory;
import java.lang.management.MemoryPoolMXBean;

/**
 * Does a HotSpot frame keep a dead local's object alive at a young collection? Each probe method
 * stores a 2.4 MB {@code double[]} into a local, reads it once (the local is dead from there on),
 * then calls {@link #churn} which allocates 20 MB in 100 KB arrays, so Serial GC's young
 * collections run while the probe's frame is on the stack. With -XX:MaxTenuringThreshold=0 every
 * object a young collection finds reachable is promoted, so the old generation's growth over the
 * big call tells whether the frame reported the dead local: about 2,350 KB more if it did.
 *
 * <p>Modes: {@code once} (the probe's first and only call: interpreted), {@code warm N} (N calls
 * with a 10-element array and one churn iteration first, a pause for the compile queue, then the
 * big call; {@code warm-nopause N} without the pause), {@code osr [SPINS]} (a probe that spins
 * SPINS back-branches, default 500,000, after the read, so that its frame may be OSR-compiled
 * before the collections), {@code nulled} (the control: the local cleared after the read),
 * {@code branch} and {@code branch-init} (the array made on one side of an {@code if}, its slot
 * unset or null on the other side; interpreted), {@code loop} and {@code loop-init} (the array
 * made at the end of a loop's first round, the collections in its second round; the slot unset
 * or null before the loop; interpreted). Single-threaded; run one mode per JVM.
 */
public class DeadLocalsProbe {
    static Object sink;
    static long spin;

    static final int BIG = 300_000;          // 2.4 MB of doubles
    static final int CHURN_CHUNKS = 200;     // 200 x 100 KB = 20 MB of garbage

    static void churn(int chunks) {
        for (int i = 0; i < chunks; i++) {
            sink = new byte[100_000];
        }
    }

    static double probe(int n, int chunks) {
        double[] a = new double[n];
        a[n - 1] = n;
        double v = a[n - 1];
        churn(chunks);
        return v;
    }

    static double probeNulled(int n, int chunks) {
        double[] a = new double[n];
        a[n - 1] = n;
        double v = a[n - 1];
        a = null;
        churn(chunks);
        return v;
    }

    /** The array's slot holds a reference on one path only: at the join the other path left it unset. */
    static double probeBranch(int n, int chunks, boolean make) {
        double v = 0;
        if (make) {
            double[] a = new double[n];
            a[n - 1] = n;
            v = a[n - 1];
        }
        churn(chunks);
        return v;
    }

    /** As {@link #probeBranch}, but the slot holds null on the other path: a reference on both. */
    static double probeBranchInit(int n, int chunks, boolean make) {
        double v = 0;
        double[] a = null;
        if (make) {
            a = new double[n];
            a[n - 1] = n;
            v = a[n - 1];
        }
        churn(chunks);
        return v;
    }

    /**
     * The array is made at the end of the first round of a two-round loop; the second round's
     * collections run before anything overwrites its slot, which the loop's entry left unset.
     */
    static double probeLoop(int n, int chunks) {
        double v = 0;
        for (int r = 0; r < 2; r++) {
            churn(chunks);
            double[] a = new double[r == 0 ? n : 1];
            a[0] = n;
            v += a[0];
        }
        return v;
    }

    /** As {@link #probeLoop}, but the slot holds null before the loop: a reference on both paths in. */
    static double probeLoopInit(int n, int chunks) {
        double v = 0;
        double[] a = null;
        for (int r = 0; r < 2; r++) {
            churn(chunks);
            a = new double[r == 0 ? n : 1];
            a[0] = n;
            v += a[0];
        }
        return v;
    }

    static double probeOsr(int n, int chunks, int spins) {
        double[] a = new double[n];
        a[n - 1] = n;
        double v = a[n - 1];
        long s = 0;
        for (int i = 0; i < spins; i++) {
            s += i ^ (s >>> 3);
        }
        spin = s;
        churn(chunks);
        return v;
    }

    public static void main(String[] args) throws Exception {
        String mode = args.length > 0 ? args[0] : "once";
        MemoryPoolMXBean old = null;
        for (MemoryPoolMXBean p : ManagementFactory.getMemoryPoolMXBeans()) {
            if (p.getName().equals("Tenured Gen")) {
                old = p;
            }
        }
        if (old == null) {
            System.err.println("DeadLocalsProbe: needs -XX:+UseSerialGC (no \"Tenured Gen\" pool)");
            System.exit(2);
        }
        double total = 0;
        if (mode.equals("warm") || mode.equals("warm-nopause")) {
            int n = Integer.parseInt(args[1]);
            for (int i = 0; i < n; i++) {
                total += probe(10, 1);
            }
            if (mode.equals("warm")) {
                Thread.sleep(1500);
            }
        }
        System.gc(); // everything from start-up and warm-up into the old generation first
        long gcs0 = youngCount();
        long old0 = old.getUsage().getUsed();
        System.out.println("BIG CALL " + mode);
        switch (mode) {
            case "once":
            case "warm":
            case "warm-nopause":
                total += probe(BIG, CHURN_CHUNKS);
                break;
            case "osr":
                total += probeOsr(BIG, CHURN_CHUNKS, args.length > 1 ? Integer.parseInt(args[1]) : 500_000);
                break;
            case "branch":
                total += probeBranch(BIG, CHURN_CHUNKS, args.length < 2);
                break;
            case "branch-init":
                total += probeBranchInit(BIG, CHURN_CHUNKS, args.length < 2);
                break;
            case "loop":
                total += probeLoop(BIG, CHURN_CHUNKS);
                break;
            case "loop-init":
                total += probeLoopInit(BIG, CHURN_CHUNKS);
                break;
            case "nulled":
                total += probeNulled(BIG, CHURN_CHUNKS);
                break;
            default:
                System.err.println("DeadLocalsProbe: unknown mode " + mode);
                System.exit(2);
        }
        long promotedKb = (old.getUsage().getUsed() - old0) / 1024;
        long gcs = youngCount() - gcs0;
        System.out.println("RESULT mode=" + mode + " young_gcs=" + gcs + " promoted_kb=" + promotedKb
                + " kept=" + (promotedKb > 1500 ? "yes" : "no") + " (" + total + ")");
    }

    private static long youngCount() {
        for (GarbageCollectorMXBean b : ManagementFactory.getGarbageCollectorMXBeans()) {
            if (b.getName().equals("Copy")) {
                return b.getCollectionCount();
            }
        }
        return -1;
    }
}
