package ringlab.feature.ipalign;

import aQute.bnd.annotation.spi.ServiceProvider;
import org.osgi.service.component.annotations.Component;
import ringlab.spi.board.Board;
import ringlab.spi.feature.DriverFeature;
import ringlab.spi.feature.DriverHooks;

/**
 * NET_IP_ALIGN: 2 more bytes of rx headroom (rx_buf_offset = NET_SKB_PAD + NET_IP_ALIGN) so the IP header
 * behind the 14-byte Ethernet header lands 4-byte aligned; the driver derives Packet.ipMisalign from the
 * headroom and the stack stops trapping on misaligned header words. Leaves out the NIC-side cost of an
 * unaligned DMA start (none on the NICs modelled) and drivers that insert the pad in hardware.
 */
@Component(service = DriverFeature.class)
@ServiceProvider(DriverFeature.class)
public final class IpAlignFeature implements DriverFeature {
    /** NET_IP_ALIGN on architectures that define it to 2 (MIPS, ARM); the Ethernet header is 14 bytes. */
    public static final int NET_IP_ALIGN = 2;

    @Override public String id() { return "ip-align"; }

    @Override public String summary() { return "NET_IP_ALIGN: 2 bytes of rx headroom so the IP header is 4-byte aligned (no unaligned-access traps)"; }

    @Override
    public String unsupportedReason(Board board) {
        return board.nic().unalignedRxDma() ? null : "the NIC cannot DMA to a 2-byte padded start (no unaligned rx DMA)";
    }

    @Override
    public void install(DriverHooks hooks) {
        hooks.rxLayout().headroom += NET_IP_ALIGN;
    }
}
