/**
 * The work-packet scheduler: packets, stages and their buckets, workers with work stealing.
 *
 * <p><b>Public API</b> for plans and plugins built outside jmmtk (docs/extending.md). A plan adds its packets with {@code GCWorker.addWork}.
 */
package org.jmmtk.scheduler;
