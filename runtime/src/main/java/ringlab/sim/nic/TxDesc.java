package ringlab.sim.nic;

/** A tx descriptor: the NIC owns it until the frame has left the wire, then the driver reclaims it. */
public final class TxDesc {
    public boolean nicOwned;
    public boolean done;
    /** Bytes of the frame (for BQL and unmap). */
    public int bytes;
    /** Descriptors this packet used (the first holds the count; GbEth uses two per packet). */
    public int descs;
    /** The packet, kept until completion only for accounting of who owns the skb. */
    public Object cookie;
    /** The socket to credit when the skb is freed (null if none holds send memory for it). */
    public Object sndOwner;
    /** The rx buffer scheme of a forwarded skb, which frees (or recycles) it at reclaim. */
    public Object rxOwner;
    public int truesize;
}
