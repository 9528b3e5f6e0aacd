package org.jmmtk.tools.command;

import org.jmmtk.core.analysis.Plugins;
import picocli.CommandLine.Command;

/** {@code jmmtk plugins}: one line per plugin that {@code --plugin} accepts, with where it came from. */
@Command(name = "plugins", description = "List the plugins that observe a run's heap events (--plugin NAME) "
        + "and where each came from (built in, or a jar's path).")
public final class PluginsCommand extends ListCommand {
    @Override
    String listing() {
        return withOrigins(Plugins.REGISTRY.all());
    }
}
