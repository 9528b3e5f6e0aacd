package org.jmmtk.tools.validate;

/**
 * One message of a unified-logging file with its decorations taken apart: where it is, its tag set
 * as printed ({@code gc,heap}), its level (null without the level decoration), its uptime in seconds
 * (NaN without an uptime decoration) and the message after the decorations. A continuation line of a
 * multi-line message carries the tags and level of the line it continues.
 */
public record LogLine(int number, String tags, String level, double uptimeSeconds, String message) {
}
