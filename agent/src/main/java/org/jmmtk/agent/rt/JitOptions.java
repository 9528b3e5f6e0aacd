package org.jmmtk.agent.rt;

import java.util.List;

/**
 * The JVM options {@code record} gives the recorded JVM so that its JIT keeps the recorder's bodies out
 * of the code it compiles. Every instrumented method calls the recorder; left to itself, C2 inlines an
 * entry point's whole body (the guard, the id table's lookup and insertion, the slot flush, the chunk
 * hand-over) into each instrumented method it compiles, and the body into every other entry point:
 * measured on BinaryTrees' recording, single nmethods of 80-86 KB, a C2 thread busy as long as the
 * program's own, and the program's hot methods still interpreted or profiled for tens of seconds. With
 * these options compiled code holds a flag test and a call per event ({@code RecorderSlowPaths}'
 * {@code record*} methods), each body is compiled once, and the rare paths (first sights, rebuilds,
 * hand-overs, layouts) stay out of the hot ones. {@code quiet} keeps the JVM from printing the commands
 * on the program's standard output. Read by {@code record} (tools); nothing here runs in the recorded JVM.
 */
public final class JitOptions {
    private static final String RT = "org.jmmtk.agent.rt.";

    private JitOptions() {
    }

    /** The options, to go before the program's main class. */
    public static List<String> options() {
        return List.of("-XX:CompileCommand=quiet",
                "-XX:CompileCommand=dontinline," + RT + "RecorderSlowPaths::record*",
                "-XX:CompileCommand=dontinline," + RT + "Recorder::recordDefinitions",
                "-XX:CompileCommand=dontinline," + RT + "Recording::failed",
                "-XX:CompileCommand=dontinline," + RT + "IdTable::add",
                "-XX:CompileCommand=dontinline," + RT + "IdTable::rebuild",
                "-XX:CompileCommand=dontinline," + RT + "ThreadState::handOver",
                "-XX:CompileCommand=dontinline," + RT + "Layouts::add",
                "-XX:CompileCommand=dontinline," + RT + "Layouts$Layout::resolve");
    }
}
