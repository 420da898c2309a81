package ringlab.spi.driver;

import org.osgi.annotation.versioning.ProviderType;

/**
 * The model's sizes of the kernel's skb structures, for rx buffer schemes that size buffers and truesize
 * with them (build_skb's frag_size, page_pool's stride). Methods, not constants: javac copies a constant's
 * value into the caller, which hides the dependency from a plug-in's manifest and freezes the value.
 */
@ProviderType
public final class SkbSizes {
    private SkbSizes() { }

    /** SKB_DATA_ALIGN(sizeof(struct sk_buff)) as the model counts it (about 190 B on 32-bit, rounded up). */
    public static int headBytes() { return 256; }

    /** SKB_DATA_ALIGN(sizeof(struct skb_shared_info)) as the model counts it (about 250 B on 32-bit). */
    public static int sharedInfoBytes() { return 256; }

    /** sk_buff + skb_shared_info overhead counted in truesize (SKB_TRUESIZE), 32-bit-ish sizes. */
    public static int overheadBytes() { return headBytes() + sharedInfoBytes(); }
}
