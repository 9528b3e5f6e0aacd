package org.jmmtk.tools.arena;

import org.jmmtk.tools.error.ExitCodes;
import org.jmmtk.tools.error.UsageException;
import org.jmmtk.tools.output.Json;

import com.fasterxml.jackson.core.JsonGenerator;
import java.io.IOException;
import java.io.InputStream;
import java.io.PrintWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Locale;
import java.util.concurrent.Callable;
import org.jmmtk.plugins.arena.ArenaEventReader;
import org.jmmtk.plugins.arena.ArenaEvents;
import org.jmmtk.plugins.arena.ArenaReplay;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

/**
 * {@code jmmtk arena replay|dump FILE}: consumers of the arena event files that {@code run
 * --arena-events} writes (docs/arena-events.md). A malformed file is exit 2 with the file, the record
 * number and its byte offset.
 */
@Command(name = "arena", description = "Read arena event files (run --arena-events FILE; docs/arena-events.md).",
        subcommands = {ArenaCommand.Replay.class, ArenaCommand.Dump.class})
public final class ArenaCommand implements Runnable {
    @Spec
    CommandSpec spec;

    @Override
    public void run() {
        throw new UsageException("arena needs a subcommand: replay or dump");
    }

    private static long read(Path file, ArenaEvents out) throws IOException {
        if (Files.isDirectory(file)) {
            throw new UsageException(file + ": is a directory, not an arena event file");
        }
        try (InputStream in = Files.newInputStream(file)) {
            return ArenaEventReader.read(in, file.toString(), out);
        }
    }

    @Command(name = "replay", description = "Rebuild the live objects and arenas from the events alone; "
            + "print live objects, live bytes, the arenas and each one's occupancy.")
    static final class Replay implements Callable<Integer> {
        @Parameters(paramLabel = "FILE", description = "An arena event file.")
        Path file;

        @Option(names = "--json", description = "Print the result as one JSON object (fields: docs/arena-events.md).")
        boolean json;

        @Spec
        CommandSpec spec;

        @Override
        public Integer call() throws IOException {
            ArenaReplay replay = new ArenaReplay();
            read(file, replay);
            PrintWriter out = spec.commandLine().getOut();
            if (json) {
                try (JsonGenerator g = Json.pretty(out)) {
                    g.writeStartObject();
                    g.writeStringField("file", file.toString());
                    g.writeNumberField("records", replay.records());
                    g.writeNumberField("collections", replay.collections());
                    g.writeNumberField("liveObjects", replay.liveObjects());
                    g.writeNumberField("liveBytes", replay.liveBytes());
                    g.writeNumberField("arenas", replay.arenaCount());
                    g.writeArrayFieldStart("occupancy");
                    for (ArenaReplay.Occupancy a : replay.occupancy()) {
                        g.writeStartObject();
                        g.writeNumberField("arena", a.arena());
                        g.writeStringField("name", a.name());
                        g.writeNumberField("objects", a.objects());
                        g.writeNumberField("bytes", a.bytes());
                        g.writeEndObject();
                    }
                    g.writeEndArray();
                    g.writeEndObject();
                }
                out.println();
            } else {
                out.printf("arena events %s%n", file);
                out.printf(Locale.ROOT, "  %-14s %,15d%n", "records", replay.records());
                out.printf(Locale.ROOT, "  %-14s %,15d%n", "collections", replay.collections());
                out.printf(Locale.ROOT, "  %-14s %,15d%n", "liveObjects", replay.liveObjects());
                out.printf(Locale.ROOT, "  %-14s %,15d%n", "liveBytes", replay.liveBytes());
                out.printf(Locale.ROOT, "  %-14s %,15d%n", "arenas", replay.arenaCount());
                out.printf(Locale.ROOT, "  %5s  %-12s %12s %15s%n", "arena", "name", "objects", "bytes");
                for (ArenaReplay.Occupancy a : replay.occupancy()) {
                    out.printf(Locale.ROOT, "  %5d  %-12s %,12d %,15d%n", a.arena(), a.name(), a.objects(), a.bytes());
                }
            }
            out.flush();
            return ExitCodes.OK;
        }
    }

    @Command(name = "dump", description = "Print every event of an arena event file as text, one per line.")
    static final class Dump implements Callable<Integer> {
        @Parameters(paramLabel = "FILE", description = "An arena event file.")
        Path file;

        @Spec
        CommandSpec spec;

        @Override
        public Integer call() throws IOException {
            PrintWriter out = spec.commandLine().getOut();
            long n = read(file, new TextDump(out));
            out.printf("END %d%n", n);
            out.flush();
            return ExitCodes.OK;
        }
    }

    /** Events as text lines: the event name, then its fields; addresses in hex. */
    private record TextDump(PrintWriter out) implements ArenaEvents {
        @Override
        public void newArena(int arena, String name) {
            out.printf("NEW_ARENA %d %s%n", arena, name);
        }

        @Override
        public void deleteArena(int arena) {
            out.printf("DELETE_ARENA %d%n", arena);
        }

        @Override
        public void newObject(int arena, long object, int classId, long size) {
            out.printf("NEW_OBJECT %d 0x%x %d %d%n", arena, object, classId, size);
        }

        @Override
        public void deleteObject(long object) {
            out.printf("DELETE_OBJECT 0x%x%n", object);
        }

        @Override
        public void moveObject(int oldArena, long oldObject, int newArena, long newObject) {
            out.printf("MOVE_OBJECT %d 0x%x %d 0x%x%n", oldArena, oldObject, newArena, newObject);
        }

        @Override
        public void gcStart(int gc) {
            out.printf("GC_START %d%n", gc);
        }

        @Override
        public void gcEnd(int gc) {
            out.printf("GC_END %d%n", gc);
        }
    }
}
