package ringlab.spi.feature;

import ringlab.spi.board.Board;

/**
 * What the runtime offers a feature while it installs itself on a driver instance. The driver skeleton
 * has one replaceable strategy per mechanism; a feature replaces the ones it changes.
 */
public interface DriverHooks {

    /** The board the driver runs on. */
    Board board();

    /** The value of one of the feature's tunables (its default unless set). */
    long tunable(String name);
}
