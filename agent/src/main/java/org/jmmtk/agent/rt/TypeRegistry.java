package org.jmmtk.agent.rt;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * The recording's type ids: each class the recorder lays out gets the next id, its name and, for a
 * class with a weak referent, the slot of that referent. Types are made by whichever thread first lays
 * out a class ({@link Layouts}, under its lock) and by the recorder's start (the filler type); the log
 * writer reads the weak slots made since its last sweep, and the shutdown hook writes the log's
 * {@code types} and {@code weak-slots} files. All of it under one lock: a type is made once per class.
 */
final class TypeRegistry {
    private static final AtomicInteger TYPES = new AtomicInteger();
    private static final Object TYPE_LOCK = new Object();
    private static final List<String> TYPE_NAMES = new ArrayList<>();
    /** "typeId TAB slot" for each type with a weak referent slot (guarded by {@link #TYPE_LOCK}). */
    private static final List<String> WEAK_SLOTS = new ArrayList<>();
    /** The same weak slots as {@code typeId << 32 | slot}, for the writer's marks (guarded by {@link #TYPE_LOCK}). */
    private static long[] weakPairs = new long[16];
    private static int weakCount;

    private TypeRegistry() {
    }

    /** A new type id for class {@code name}; {@code weakSlot} is its weak referent's slot, or -1. */
    static int newType(String name, int weakSlot) {
        synchronized (TYPE_LOCK) {
            int id = TYPES.incrementAndGet();
            TYPE_NAMES.add(id + "\t" + name);
            if (weakSlot >= 0) {
                WEAK_SLOTS.add(id + "\t" + weakSlot);
                if (weakCount == weakPairs.length) {
                    weakPairs = Arrays.copyOf(weakPairs, 2 * weakCount);
                }
                weakPairs[weakCount++] = (long) id << 32 | weakSlot;
            }
            return id;
        }
    }

    /** The weak slots made since the first {@code from} ({@code typeId << 32 | slot} each). */
    static long[] weakSlotsFrom(int from) {
        synchronized (TYPE_LOCK) {
            return Arrays.copyOfRange(weakPairs, Math.min(from, weakCount), weakCount);
        }
    }

    /** Writes the log's {@code types} and {@code weak-slots} files into {@code dir} (the shutdown hook). */
    static void write(Path dir) throws IOException {
        List<String> types;
        List<String> weak;
        synchronized (TYPE_LOCK) {
            types = new ArrayList<>(TYPE_NAMES);
            weak = new ArrayList<>(WEAK_SLOTS);
        }
        Files.write(dir.resolve(EventLog.TYPES), types, StandardCharsets.UTF_8);
        Files.write(dir.resolve(EventLog.WEAK_SLOTS), weak, StandardCharsets.UTF_8);
    }
}
