package ringlab.sim.nic;

import ringlab.spi.net.Packet;

/** Something at one end of a link that frames arrive at (a NIC's MAC, or the ideal peer's). */
public interface Port {
    /** A frame has been fully received off the wire (after its FCS). */
    void frameArrived(Packet p);
}
