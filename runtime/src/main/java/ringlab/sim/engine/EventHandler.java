package ringlab.sim.engine;

/** Receives events from the {@link EventQueue}; kind and arg say what happened, without allocation. */
public interface EventHandler {
    void onEvent(int kind, Object arg, long now);
}
