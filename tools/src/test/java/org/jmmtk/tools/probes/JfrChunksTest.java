package org.jmmtk.tools.probes;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import org.jmmtk.tools.Cli;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Damaged JFR recordings on which JDK 17's reader loops or follows a bad position are bad input naming
 * the file, the chunk and the place, from {@code probes} and {@code perfetto} alike, with no output left.
 */
class JfrChunksTest {
    @TempDir
    static Path dir;
    private static byte[] recording;

    @BeforeAll
    static void record() throws IOException {
        recording = JfrDamage.record(dir.resolve("base.jfr"));
    }

    @Test
    void aSizePointingIntoAMinusOneFieldIsDamageNotAHang() throws IOException {
        long[] at = new long[1];
        Path jfr = Files.write(dir.resolve("minus-one.jfr"), new JfrDamage(recording).sizeIntoMinusOne(at));
        refusedByBoth(jfr, "damaged chunk at byte 0 (the event at byte " + at[0] + " says size -1, not between its "
                + "size field's 9 bytes and the " + (recording.length - at[0]) + " bytes left in the chunk)");
    }

    @Test
    void aSizeLeadingBackIsDamage() throws IOException {
        long[] at = new long[1];
        Path jfr = Files.write(dir.resolve("back.jfr"), new JfrDamage(recording).negativeEventSize(at));
        refusedByBoth(jfr, "damaged chunk at byte 0 (the event at byte " + at[0] + " says size -");
    }

    @Test
    void aCheckpointLeadingForwardIsDamage() throws IOException {
        long[] at = new long[1];
        Path jfr = Files.write(dir.resolve("forward.jfr"), new JfrDamage(recording).forwardCheckpoint(5, at));
        refusedByBoth(jfr, "damaged chunk at byte 0 (the checkpoint at byte " + at[0] + " leads to byte " + (at[0] + 5)
                + ", not back to an earlier one within the chunk)");
    }

    @Test
    void theUndamagedRecordingPasses() throws IOException {
        Path jfr = Files.write(dir.resolve("whole.jfr"), recording);
        Cli.Result r = Cli.run("probes", jfr.toString(), "--report", "gc");
        assertEquals(0, r.code(), r.err());
    }

    private static void refusedByBoth(Path jfr, String says) {
        Path out = dir.resolve(jfr.getFileName() + ".json");
        for (Cli.Result r : new Cli.Result[] {Cli.run("probes", jfr.toString(), "--report", "gc"),
                Cli.run("perfetto", jfr.toString(), "-o", out.toString())}) {
            assertEquals(2, r.code(), r.err());
            assertTrue(r.err().contains(jfr + ": not a readable JFR recording: " + says), r.err());
        }
        assertFalse(Files.exists(out));
    }
}
