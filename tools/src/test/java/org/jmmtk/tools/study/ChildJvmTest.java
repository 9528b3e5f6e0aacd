package org.jmmtk.tools.study;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.util.List;
import org.jmmtk.plans.Plans;
import org.jmmtk.tools.Main;
import org.junit.jupiter.api.Test;

/** A child JVM runs this build's command line. */
class ChildJvmTest {
    @Test
    void theEntryPointIsMain() {
        // named as a string in ChildJvm, since Main's command list names this package
        assertEquals(Main.class.getName(), ChildJvm.MAIN);
    }

    @Test
    void aChildRunsTheCommandLine() throws IOException, InterruptedException {
        ChildJvm.Exit exit = ChildJvm.ofThisJvm().run(List.of("plans"));
        assertEquals(0, exit.code(), exit.err());
        assertEquals(Plans.REGISTRY.all().get(0).name(), exit.out().lines().findFirst().orElse("").split("\\s+")[0]);
        ChildJvm.Exit bad = ChildJvm.ofThisJvm().run(List.of("run", "--plan", "nope"));
        assertEquals(2, bad.code());
        assertTrue(bad.err().startsWith("jmmtk: unknown plan 'nope'"), bad.err());
    }
}
