package org.jmmtk.tools.study;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.jmmtk.core.extension.ExtensionClassPath;
import org.jmmtk.core.extension.Extensions;
import org.jmmtk.plans.Plans;
import org.jmmtk.tools.ExtensionLoadingTest;
import org.jmmtk.tools.Main;
import org.jmmtk.tools.TestJars;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** A child JVM runs this build's command line, with the code added to this one. */
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

    @Test
    void aChildSeesTheAddedCode(@TempDir Path dir) throws IOException, InterruptedException {
        Path jar = TestJars.build(dir.resolve("child.jar"), Map.of("ext.Child",
                ExtensionLoadingTest.planProvider("Child", "child", "")),
                Map.of(ExtensionLoadingTest.PLAN_SERVICE, "ext.Child\n"));
        Extensions.use(ExtensionClassPath.parse("test", jar.toString()));
        try {
            ChildJvm.Exit exit = ChildJvm.ofThisJvm().run(List.of("plans"));
            assertEquals(0, exit.code(), exit.err());
            assertTrue(exit.out().contains("child           semispace under another name [" + jar + "]"), exit.out());
        } finally {
            Extensions.use(ExtensionClassPath.EMPTY);
        }
    }
}
