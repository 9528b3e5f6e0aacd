package org.jmmtk.tools.arena;

import org.jmmtk.tools.output.OutputFile;

import java.io.IOException;
import java.io.OutputStream;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import org.jmmtk.plugins.arena.ArenaEventWriter;
import org.jmmtk.plugins.arena.ArenaEventsPlugin;

/**
 * {@code run --arena-events FILE}: the arena plugin writing into a temporary file that replaces FILE
 * only when the run has ended and its END record is written ({@link OutputFile}); on any failure FILE
 * is left as it was. Used by the thread that runs the command.
 */
public final class ArenaEventsFile implements AutoCloseable {
    private final OutputFile file;
    private final OutputStream stream;
    private final ArenaEventWriter writer;
    private final ArenaEventsPlugin plugin;

    private ArenaEventsFile(OutputFile file, OutputStream stream) {
        this.file = file;
        this.stream = stream;
        this.writer = new ArenaEventWriter(stream);
        this.plugin = new ArenaEventsPlugin(writer);
    }

    public static ArenaEventsFile create(Path target, Path... inputs) throws IOException {
        OutputFile file = OutputFile.create(target, inputs);
        return new ArenaEventsFile(file, Files.newOutputStream(file.temp()));
    }

    public ArenaEventsPlugin plugin() {
        return plugin;
    }

    /** Ends the file (also after a simulated out-of-memory: the events up to it) and puts it in place. */
    public void commit() throws IOException {
        try {
            writer.finish();
            stream.close();
        } catch (UncheckedIOException e) {
            throw OutputFile.named(file.target(), e.getCause());
        } catch (IOException e) {
            throw OutputFile.named(file.target(), e);
        }
        file.commit();
    }

    @Override
    public void close() throws IOException {
        stream.close();
        file.close();
    }
}
