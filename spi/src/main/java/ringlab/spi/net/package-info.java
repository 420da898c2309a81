/** The packet (an skb's metadata) that the stack, drivers and features pass around. 1.3.0: Packet.tos, Packet.dirty. 1.4.0: Packet.tsVal, tsEcr. */
@org.osgi.annotation.versioning.Version("1.4.0")
package ringlab.spi.net;
