/**
 * The tracepoints: JFR event types and probe sessions.
 *
 * <p><b>Public API</b> for plans and plugins built outside jmmtk (docs/extending.md). Event names and fields are what recordings and analyses rely on.
 */
package org.jmmtk.probes;
