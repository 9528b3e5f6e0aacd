package org.jmmtk.tools.probes;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import org.jmmtk.tools.error.UsageException;

/**
 * Checks the chunk headers of a JFR recording before the JDK's reader sees it: the JDK's
 * {@code RecordingFile} loops forever on a chunk whose header says size 0 (or a size that does not
 * fit), so each chunk must start with the magic {@code FLR\0}, be at least a header long, end within the
 * file and place its constant pool and metadata inside itself. Stateless; reads only the headers.
 */
final class JfrChunks {
    private static final int HEADER_BYTES = 68;

    private JfrChunks() {
    }

    /** Throws a {@link UsageException} naming {@code file} and the chunk's offset if a chunk header is damaged. */
    static void check(Path file) throws IOException {
        try (FileChannel in = FileChannel.open(file, StandardOpenOption.READ)) {
            long length = in.size();
            long at = 0;
            ByteBuffer header = ByteBuffer.allocate(HEADER_BYTES);
            while (at < length) {
                header.clear();
                while (header.hasRemaining() && in.read(header, at + header.position()) > 0) {
                    // a positional read may return fewer bytes than asked
                }
                if (header.hasRemaining()) {
                    throw bad(file, at, "the file ends inside a chunk header");
                }
                header.flip();
                if (header.getInt(0) != 0x464c5200) { // "FLR\0"
                    throw bad(file, at, "no chunk starts here (no FLR magic)");
                }
                long size = header.getLong(8);
                long constantPool = header.getLong(16);
                long metadata = header.getLong(24);
                if (size < HEADER_BYTES || size > length - at) {
                    throw bad(file, at, "the chunk header says " + size + " bytes, but " + (length - at) + " are left");
                }
                if (constantPool < 0 || constantPool >= size || metadata < HEADER_BYTES || metadata >= size) {
                    throw bad(file, at, "the chunk header places its constant pool or metadata outside the chunk");
                }
                at += size;
            }
        }
    }

    private static UsageException bad(Path file, long at, String why) {
        return new UsageException(file + ": not a readable JFR recording: damaged chunk at byte " + at + " (" + why + ")");
    }
}
