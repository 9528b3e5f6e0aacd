/**
 * {@code jmmtk validate}: runs a program under HotSpot's Serial collector, records it, replays the
 * recording on jmmtk's {@code serial} plan with the same heap geometry and compares what the two
 * collectors did, collection by collection. Holds the unified-logging reader ({@link
 * org.jmmtk.tools.validate.SerialGcLog}) and the comparison.
 */
package org.jmmtk.tools.validate;
