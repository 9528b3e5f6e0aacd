package org.jmmtk.tools.validate;

import java.io.FileDescriptor;
import java.io.FileInputStream;
import java.io.IOException;
import java.nio.channels.FileChannel;

/**
 * jmmtk's standard input as the program's runs share it: every HotSpot run and the recording inherit the
 * same file descriptor, so a program that reads its standard input would find it at its end in every run
 * after the first and run a different program there (measured: a word count given 30,000 lines read them
 * under HotSpot's first run, 6 young collections, and 0 lines in the second run and in the recording,
 * which validate then reported as agreeing). When the input is a file, its start position is taken before
 * the first run and restored before each run; a pipe or a terminal cannot be rewound, and validate says
 * so. Used by the command's thread only.
 */
final class StandardInput {
    /** The input's channel when it can be repositioned, else null. */
    private final FileChannel channel;
    private final long start;

    private StandardInput(FileChannel channel, long start) {
        this.channel = channel;
        this.start = start;
    }

    /** jmmtk's own standard input. The stream is never closed: closing it would close descriptor 0. */
    static StandardInput ofProcess() {
        return of(FileDescriptor.in);
    }

    /** The input open on {@code fd}, rewound to where it is now. */
    static StandardInput of(FileDescriptor fd) {
        @SuppressWarnings("resource")
        FileChannel channel = new FileInputStream(fd).getChannel();
        try {
            return new StandardInput(channel, channel.position());
        } catch (IOException notSeekable) {
            return new StandardInput(null, 0);
        }
    }

    /** Whether every run will see the same input: it is a file (or {@code /dev/null}). */
    boolean rewindable() {
        return channel != null;
    }

    /** Puts the input back where it was when validate started, before a run; false when it cannot. */
    boolean rewind() {
        if (channel == null) {
            return false;
        }
        try {
            channel.position(start);
            return true;
        } catch (IOException e) {
            return false;
        }
    }
}
