package org.jmmtk.tools;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.File;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.jmmtk.core.extension.ExtensionClassPath;
import org.jmmtk.core.extension.Extensions;
import org.jmmtk.plans.Plans;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Plans and plugins in their own jar: found through {@code --classpath} and {@code JMMTK_CLASSPATH},
 * listed with their jar, usable by {@code run}; a missing jar, a file that is not a jar, a provider that
 * throws or is missing, and two providers with one name exit 2 naming the jars and providers, with a
 * stack trace only under {@code --debug}.
 */
public class ExtensionLoadingTest {
    public static final String PLAN_SERVICE = "META-INF/services/org.jmmtk.core.plan.PlanProvider";
    private static final String PLUGIN_SERVICE = "META-INF/services/org.jmmtk.core.analysis.PluginProvider";

    @TempDir
    Path dir;

    @AfterEach
    void forgetAddedCode() {
        Extensions.use(ExtensionClassPath.EMPTY);
    }

    /** A provider of plan {@code name}: the built-in semispace under another name. */
    public static String planProvider(String cls, String name, String constructorBody) {
        return "package ext; public class " + cls + " implements org.jmmtk.core.plan.PlanProvider {"
                + " public " + cls + "() { " + constructorBody + " }"
                + " public String name() { return \"" + name + "\"; }"
                + " public String description() { return \"semispace under another name\"; }"
                + " public org.jmmtk.core.plan.PlanFactory factory() {"
                + " return org.jmmtk.plans.semispace.SemiSpace::new; } }";
    }

    private Path planJar(String jar, String cls, String name, String constructorBody) throws IOException {
        return TestJars.build(dir.resolve(jar), Map.of("ext." + cls, planProvider(cls, name, constructorBody)),
                Map.of(PLAN_SERVICE, "ext." + cls + "\n"));
    }

    @Test
    void aPlanInAJarIsListedWithItsPathAndRuns() throws IOException {
        Path jar = planJar("ss2.jar", "Ss2", "ss2", "");
        Cli.Result r = Cli.run("--classpath", jar.toString(), "plans");
        assertEquals(0, r.code(), r.err());
        List<String> lines = r.out().lines().toList();
        assertEquals(Plans.REGISTRY.all().size(), lines.size());
        assertEquals("ss2             semispace under another name [" + jar + "]", lines.get(lines.size() - 1));
        assertTrue(lines.get(0).endsWith("[built in]"), lines.get(0));

        Cli.Result run = Cli.run("run", "--classpath=" + jar, "--plan", "ss2", "--workload", "random",
                "--heap", "1m", "--json");
        assertEquals(0, run.code(), run.err());
        assertTrue(run.out().contains("\"plan\" : \"ss2\"") || run.out().contains("\"plan\":\"ss2\""), run.out());

        Cli.Result without = Cli.run("plans");
        assertEquals(lines.size() - 1, without.out().lines().count());
    }

    @Test
    void theVariableAddsCodeToo() throws IOException {
        Path jar = planJar("ss3.jar", "Ss3", "ss3", "");
        Path other = dir.resolve("empty-dir");
        Files.createDirectory(other);
        assertEquals(0, Main.executeWithEnv(other + File.pathSeparator + jar, "plans"));
        assertTrue(Plans.REGISTRY.find("ss3").isPresent());
        assertEquals(jar.toString(), Plans.REGISTRY.find("ss3").orElseThrow().origin());
    }

    @Test
    void aPluginInAJarIsListedAndRuns() throws IOException {
        String src = "package ext; public class Allocs implements org.jmmtk.core.analysis.PluginProvider {"
                + " public String name() { return \"allocs\"; }"
                + " public String description() { return \"counts allocations\"; }"
                + " public java.util.function.Supplier<org.jmmtk.core.analysis.Plugin> factory() {"
                + "  return () -> new org.jmmtk.core.analysis.Plugin() {"
                + "   final java.util.concurrent.atomic.AtomicLong n = new java.util.concurrent.atomic.AtomicLong();"
                + "   public String name() { return \"allocs\"; }"
                + "   public int interests() { return ON_ALLOC; }"
                + "   public void onAlloc(int m, long o) { n.incrementAndGet(); }"
                + "   public java.util.Map<String, Number> summary() { return java.util.Map.of(\"allocations\", n.get()); }"
                + "  }; } }";
        Path jar = TestJars.build(dir.resolve("allocs.jar"), Map.of("ext.Allocs", src),
                Map.of(PLUGIN_SERVICE, "ext.Allocs\n"));
        Cli.Result r = Cli.run("plugins", "--classpath", jar.toString());
        assertEquals(0, r.code(), r.err());
        assertTrue(r.out().contains("allocs       counts allocations [" + jar + "]"), r.out());
        Cli.Result run = Cli.run("--classpath", jar.toString(), "run", "--workload", "random", "--heap", "1m",
                "--plugin", "allocs");
        assertEquals(0, run.code(), run.err());
        assertTrue(run.out().contains("allocs: allocations"), run.out());
    }

    @Test
    void aMissingJarOrANonJarExits2() throws IOException {
        Cli.Result missing = Cli.run("--classpath", dir.resolve("nope.jar").toString(), "plans");
        assertEquals(2, missing.code());
        assertEquals(List.of("jmmtk: --classpath: " + dir.resolve("nope.jar") + " does not exist"), missing.errLines());
        assertEquals("", missing.out());
        Path text = Files.writeString(dir.resolve("text.jar"), "not a jar");
        assertEquals(2, Main.executeWithEnv(text.toString(), "workloads"));
        Cli.Result notJar = Cli.run("--classpath", text.toString(), "workloads");
        assertEquals(1, notJar.errLines().size(), notJar.err());
        assertTrue(notJar.err().startsWith("jmmtk: --classpath: " + text + " is not a jar"), notJar.err());
    }

    @Test
    void aProviderThatThrowsExits2NamingJarAndProvider() throws IOException {
        Path jar = planJar("boom.jar", "Boom", "boom", "throw new IllegalStateException(\"no config\");");
        Cli.Result r = Cli.run("--classpath", jar.toString(), "plans");
        assertEquals(2, r.code());
        assertEquals(List.of("jmmtk: " + jar + ": plan provider ext.Boom failed to load: "
                + "IllegalStateException: no config"), r.errLines());
        Cli.Result debug = Cli.run("--classpath", jar.toString(), "plans", "--debug");
        assertEquals(2, debug.code());
        assertTrue(debug.err().contains("ext.Boom.<init>"), debug.err());
        assertFalse(Plans.REGISTRY.find("boom").isPresent(), "nothing stays added after a failure");
    }

    @Test
    void aListedProviderThatDoesNotExistExits2() throws IOException {
        Path jar = TestJars.build(dir.resolve("ghost.jar"), Map.of(), Map.of(PLAN_SERVICE, "ext.Ghost\n"));
        Cli.Result r = Cli.run("--classpath", jar.toString(), "run");
        assertEquals(2, r.code());
        assertEquals(1, r.errLines().size(), r.err());
        assertTrue(r.err().startsWith("jmmtk: " + jar + ": plan provider ext.Ghost failed to load"), r.err());
    }

    @Test
    void twoProvidersWithOneNameExit2NamingBothJars() throws IOException {
        Path a = planJar("a.jar", "A", "twin", "");
        Path b = planJar("b.jar", "B", "twin", "");
        Cli.Result r = Cli.run("--classpath", a + File.pathSeparator + b, "plans");
        assertEquals(2, r.code());
        assertEquals(List.of("jmmtk: two plans are called 'twin': ext.A (" + a + ") and ext.B (" + b + ")"),
                r.errLines());
        Path c = planJar("c.jar", "C", "semispace", "");
        Cli.Result builtIn = Cli.run("plans", "--classpath", c.toString());
        assertEquals(2, builtIn.code());
        assertEquals(List.of("jmmtk: two plans are called 'semispace': org.jmmtk.plans.semispace.SemiSpaceProvider "
                + "(built in) and ext.C (" + c + ")"), builtIn.errLines());
    }

    @Test
    void aBadNameExits2() throws IOException {
        Path jar = planJar("bad.jar", "Bad", "Bad Name", "");
        Cli.Result r = Cli.run("--classpath", jar.toString(), "plans");
        assertEquals(2, r.code());
        assertTrue(r.err().startsWith("jmmtk: " + jar + ": plan provider ext.Bad has a bad name 'Bad Name'"), r.err());
    }

    @Test
    void theSameJarTwiceIsOneProvider() throws IOException {
        Path jar = planJar("once.jar", "Once", "once", "");
        assertEquals(0, Main.executeWithEnv(jar.toString(), "--classpath", jar.toString(), "plans"));
        assertEquals(1, Plans.REGISTRY.all().stream().filter(e -> e.name().equals("once")).count());
    }
}
