package org.jmmtk.bindings.garcosim;

import static org.jmmtk.bindings.garcosim.GarCoSimTraces.assertReachable;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/** GarCoSim's own traces, read in place from the shared folder when it exists, leave the known live bytes. */
class GarCoSimSharedTracesTest {
    private static final Path DIR = Path.of("/work/shared/external/garcosim");

    @BeforeEach
    void requireSharedTraces() {
        Assumptions.assumeTrue(Files.isDirectory(DIR), DIR + " is not present");
    }

    @ParameterizedTest(name = "{0}")
    @CsvSource({"thousand.trace, 24, 1754", "tenthousand.trace, 124, 9718"})
    void largerTracesLeaveTheirKnownLiveBytes(String name, long objects, long bytes) throws IOException {
        assertReachable(DIR.resolve(name), objects, bytes);
    }

    @ParameterizedTest(name = "{0}")
    @CsvSource({"chained.trace, 0, 0", "cycle.trace, 0, 0", "direct.trace, 0, 0", "indirect.trace, 2, 256"})
    void sanityCasesLeaveTheirKnownLiveBytes(String name, long objects, long bytes) throws IOException {
        assertReachable(DIR.resolve(name), objects, bytes);
    }
}
