package ringlab.spi.driver;

import org.osgi.annotation.versioning.ConsumerType;

/** When the driver writes the tx doorbell. Stock: after every packet. xmit-more: only at a list's end or a full ring. */
@ConsumerType
public interface TxDoorbell {
    /** more = netdev_xmit_more() (the stack has more packets of this bulk), ringFull = no room for another. */
    boolean ring(boolean more, boolean ringFull);
}
