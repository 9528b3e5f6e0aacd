import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.lang.management.GarbageCollectorMXBean;
import java.lang.management.ManagementFactory;

/**
 * Reads its standard input to the end, then: recorded (the agent loaded) on the Serial collector, as
 * validate's sized recording runs it, prints a line on each output and keeps objects until the heap runs
 * out; anywhere else (HotSpot's runs, record's own heap on another collector) makes a few MB of garbage and
 * prints the line count. So validate's first recording always runs out of memory, and its second must not
 * show anything of the first.
 */
public class Hog {
    static final class Node {
        final Node next;
        final long[] payload = new long[4];

        Node(Node next) {
            this.next = next;
        }
    }

    public static void main(String[] args) throws IOException {
        BufferedReader in = new BufferedReader(new InputStreamReader(System.in));
        long lines = 0;
        while (in.readLine() != null) {
            lines++;
        }
        if (recordedOnSerial()) {
            System.out.println("hog: filling the heap");
            System.err.println("hog: filling the heap");
            Node kept = null;
            while (true) {
                kept = new Node(kept);
            }
        }
        long sum = 0;
        for (int i = 0; i < 40_000; i++) {
            sum += new byte[32 + i % 96].length;
        }
        System.out.println("hog: read " + lines + " lines, made " + sum + " bytes");
    }

    private static boolean recordedOnSerial() {
        boolean agent = false;
        for (String option : ManagementFactory.getRuntimeMXBean().getInputArguments()) {
            agent |= option.startsWith("-javaagent") || option.startsWith("-agentlib:instrument");
        }
        boolean serial = false;
        for (GarbageCollectorMXBean gc : ManagementFactory.getGarbageCollectorMXBeans()) {
            serial |= gc.getName().equals("MarkSweepCompact");
        }
        return agent && serial;
    }
}
