package ringlab.webconsole.api;

import jakarta.servlet.http.HttpServletResponse;
import java.io.IOException;
import java.io.PrintWriter;
import java.util.List;
import java.util.concurrent.ArrayBlockingQueue;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import ringlab.node.EventLog;
import ringlab.node.NodeEvent;
import ringlab.node.NodeRunner;
import ringlab.node.Sample;
import ringlab.node.Telemetry;

/**
 * GET /api/v1/stream: server-sent events for live pages. Three kinds: "sample" (a {@link Sample}, four per
 * wall second while the simulation runs), "event" (a {@link NodeEvent} as it happens) and "status" (the
 * node's status, once per wall second). Each message's id is "SAMPLE_SEQ.EVENT_SEQ", so a reconnecting
 * EventSource (Last-Event-ID) or a page that already loaded the history (?since=S.E) gets only what it
 * has not seen; a new connection first gets the kept history.
 *
 * <p>The simulation thread only hands samples over; one feed thread serialises each message once and
 * queues the text to every client; each client's servlet thread writes its own queue. A client that
 * falls {@link #CLIENT_QUEUE} messages behind is dropped (its browser reconnects and resumes).
 */
final class LiveFeed implements AutoCloseable {
    static final int MAX_CLIENTS = 32;
    static final int CLIENT_QUEUE = 2048;
    static final long STATUS_NS = 1_000_000_000L;
    static final long KEEPALIVE_MS = 15_000;

    private final NodeRunner runner;
    private final Telemetry telemetry;
    private final EventLog events;
    private final BlockingQueue<Object> inbound = new LinkedBlockingQueue<>(10_000);
    private final List<Client> clients = new CopyOnWriteArrayList<>();
    private final AutoCloseable sampleSub, eventSub;
    private final Thread thread;
    private volatile boolean open = true;
    private volatile long lastSample, lastEvent;

    private static final class Client {
        final BlockingQueue<String> queue = new ArrayBlockingQueue<>(CLIENT_QUEUE);
        volatile boolean dropped;
    }

    LiveFeed(NodeRunner runner, Telemetry telemetry, EventLog events) {
        this.runner = runner;
        this.telemetry = telemetry;
        this.events = events;
        sampleSub = telemetry.subscribe(inbound::offer);
        eventSub = events.subscribe(inbound::offer);
        thread = new Thread(this::feed, "ringlab-console-feed");
        thread.setDaemon(true);
        thread.start();
    }

    int clients() { return clients.size(); }

    private void feed() {
        long nextStatus = System.nanoTime();
        while (open) {
            try {
                Object o = inbound.poll(100, TimeUnit.MILLISECONDS);
                if (o instanceof Sample s) {
                    lastSample = s.seq();
                    broadcast(message("sample", s));
                } else if (o instanceof NodeEvent e) {
                    lastEvent = e.seq();
                    broadcast(message("event", e));
                }
                if (System.nanoTime() >= nextStatus) {
                    nextStatus = System.nanoTime() + STATUS_NS;
                    if (!clients.isEmpty()) broadcast(message("status", runner.status()));
                }
            } catch (InterruptedException e) {
                return;
            } catch (RuntimeException e) {
                // a message that cannot be written must not end the feed for everyone
            }
        }
    }

    private String message(String kind, Object body) { return frame(lastSample, lastEvent, kind, body); }

    /** One server-sent event: its id is the sample and event sequence numbers a client has seen with it. */
    private static String frame(long sampleSeq, long eventSeq, String kind, Object body) {
        return "id: " + sampleSeq + "." + eventSeq + "\nevent: " + kind + "\ndata: " + Json.line(body) + "\n\n";
    }

    private void broadcast(String text) {
        for (Client c : clients) {
            if (!c.queue.offer(text)) c.dropped = true;
        }
    }

    /** Serves one client until it goes away or the feed closes. */
    Object serve(Call call) throws ApiError, IOException {
        if (clients.size() >= MAX_CLIENTS) throw new ApiError(503, "too many live streams (" + MAX_CLIENTS + "); close a console tab");
        long[] since = since(call);
        HttpServletResponse resp = call.resp();
        resp.setStatus(200);
        resp.setContentType("text/event-stream");
        resp.setCharacterEncoding("UTF-8");
        resp.setHeader("Cache-Control", "no-store");
        resp.setHeader("X-Accel-Buffering", "no");
        Client me = new Client();
        clients.add(me);
        try {
            PrintWriter w = resp.getWriter();
            w.write("retry: 1000\n\n");
            long s = since[0], e = since[1];
            if (s > telemetry.lastSeq() || e > events.lastSeq()) {
                // the client saw numbers this node has not reached: they were another run of the node (it was
                // restarted while the page stayed open). All it keeps is history: it starts over, told so
                w.write("event: reset\ndata: {}\n\n");
                s = e = 0;
            }
            // history first: what the client has not seen (the kept samples and events), then the live feed;
            // a message may come twice around the join, never be missed; the page drops repeated sequence numbers
            for (NodeEvent ev : events.since(e)) {
                e = ev.seq();
                w.write(frame(s, e, "event", ev));
            }
            for (Sample sm : telemetry.since(s)) {
                s = sm.seq();
                w.write(frame(s, e, "sample", sm));
            }
            w.write(frame(s, e, "status", runner.status()));
            w.flush();
            if (w.checkError()) return Call.STREAMED;
            long lastWrite = System.currentTimeMillis();
            while (open && !me.dropped) {
                String text = me.queue.poll(500, TimeUnit.MILLISECONDS);
                if (text == null && System.currentTimeMillis() - lastWrite < KEEPALIVE_MS) continue;
                w.write(text != null ? text : ": keep-alive\n\n");
                while ((text = me.queue.poll()) != null) w.write(text);
                w.flush();
                lastWrite = System.currentTimeMillis();
                if (w.checkError()) break; // the client went away
            }
        } catch (InterruptedException ie) {
            Thread.currentThread().interrupt();
        } finally {
            clients.remove(me);
        }
        return Call.STREAMED;
    }

    /** Sample and event sequence numbers the client has seen: ?since=S.E (or S) or Last-Event-ID, else none. */
    static long[] since(Call call) {
        String header = call.req().getHeader("Last-Event-ID");
        boolean fromHeader = header != null && !header.isBlank();
        return since(fromHeader ? header : call.req().getParameter("since"), fromHeader ? "Last-Event-ID" : "since");
    }

    private static final Pattern SINCE = Pattern.compile("(\\d{1,18})(?:\\.(\\d{1,18}))?");

    static long[] since(String v, String name) {
        if (v == null || v.isBlank()) return new long[] {0, 0};
        Matcher m = SINCE.matcher(v.trim());
        if (!m.matches()) {
            throw new IllegalArgumentException(name + " must be SAMPLE_SEQ.EVENT_SEQ (two whole numbers, e.g. 120.7) or SAMPLE_SEQ, not '" + Echo.cut(v) + "'");
        }
        return new long[] {Long.parseLong(m.group(1)), m.group(2) == null ? 0 : Long.parseLong(m.group(2))};
    }

    @Override
    public void close() {
        open = false;
        thread.interrupt();
        for (AutoCloseable c : new AutoCloseable[] {sampleSub, eventSub}) {
            try {
                c.close();
            } catch (Exception ignored) {
                // nothing to release
            }
        }
    }
}
