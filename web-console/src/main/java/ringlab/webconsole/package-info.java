/**
 * The node's HTTP face: the REST API under /api/v1 ({@code ringlab.webconsole.api}), the browser
 * console and its assets, and /metrics for Prometheus ({@code ringlab.webconsole.metrics}). It may depend on
 * the node's exported API ({@code ringlab.node}), the runtime's SPI and report records, Gson, the Prometheus
 * Java client (embedded), the Servlet API and the HTTP whiteboard; nothing depends on it, and
 * it holds no simulation or configuration logic of its own (validation and ConfigAdmin are the node's).
 */
package ringlab.webconsole;
