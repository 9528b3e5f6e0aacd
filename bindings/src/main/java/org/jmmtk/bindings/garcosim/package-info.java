/**
 * The importer of GarCoSim TraceFileSim traces.
 *
 * <p><b>Internal</b>: jmmtk's own implementation; it may change in any release. Do not build against it.
 */
package org.jmmtk.bindings.garcosim;
