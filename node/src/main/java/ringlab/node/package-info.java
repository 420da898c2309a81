/**
 * Services of the ringlab OSGi node: what boards and driver features are installed, the scenario the
 * node runs, its configuration and its data folder. The implementations are DS components in
 * {@code ringlab.node.internal} (runner, extenders, registries, configuration), which may depend on the
 * runtime (SPI and simulation core), OSGi (framework, DS, ConfigAdmin, Metatype) and Gson, never on
 * HTTP: the web console bundle is the node's HTTP face and depends on this package, not the reverse.
 */
@org.osgi.annotation.versioning.Version("0.2.0")
package ringlab.node;
