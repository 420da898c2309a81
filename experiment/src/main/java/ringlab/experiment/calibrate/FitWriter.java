package ringlab.experiment.calibrate;

import com.google.gson.Gson;
import com.google.gson.GsonBuilder;
import com.google.gson.JsonElement;
import com.google.gson.JsonObject;
import com.google.gson.JsonParser;
import com.google.gson.JsonPrimitive;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.math.BigDecimal;
import java.math.MathContext;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import ringlab.experiment.PlainNumbers;
import ringlab.experiment.profile.BoardFiles;
import ringlab.experiment.profile.CoreProfile;
import ringlab.experiment.profile.DeriveBoards;
import ringlab.experiment.profile.SameAs;

/**
 * Writes a fit back into the files the board's costs are derived from, then re-derives every in-tree board
 * (bundles/hardware/tools/derive-boards.sh's work), so the boards of the fitted core type share the result:
 * <ul>
 * <li>the core type's profile (bundles/hardware/profiles/TYPE.json): instruction (its IPC, or on the reference
 *     profile every instruction-bound cycle count), switch (its contextSwitch factor, or on the reference the
 *     context switch and wakeup cycles), cache-maintenance (per-line figures), trap, bytes, and icache on the
 *     reference profile (its cold extras);</li>
 * <li>the board's own memory system (board.json's "derivation"): dram (dramNs, skbHeadNs), mmio (register and
 *     descriptor latencies), icache on other boards (icacheRefillNs); and a predicted board becomes "fitted".</li>
 * </ul>
 * Every changed figure's note says by which factor and on what it was fitted (a later fit replaces that
 * sentence with one that gives the product of both factors and its own share). The derivation rounds, so a re-derived board is the fitted one to within a cycle or so per key.
 */
public final class FitWriter {
    private static final Gson PRETTY = new GsonBuilder().setPrettyPrinting().disableHtmlEscaping().create();
    private static final Gson COMPACT = new GsonBuilder().disableHtmlEscaping().create();
    private static final Pattern FITTED = Pattern.compile(" \\[fitted x([0-9.]+) by ringlab calibrate on [^\\]]*\\]");

    private FitWriter() { }

    /** The files written, profile first, then every board file the derivation changed. */
    public static List<Path> write(Path root, String boardId, List<FreeParameter> free, double[] factors, String fittedOn) {
        Path boardFile = BoardFiles.inTree(root).stream().filter(f -> boardId.equals(idOf(f))).findFirst()
                .orElseThrow(() -> new IllegalArgumentException("--write: no in-tree board " + boardId + " under " + root));
        String board = read(boardFile);
        String coreType = derivation(boardFile, board).get("coreType").getAsString();
        Path profileFile = DeriveBoards.profilesDir(root).resolve(coreType + ".json");
        JsonObject profile = JsonParser.parseString(read(profileFile)).getAsJsonObject();
        boolean reference = !profile.has("reference");
        for (int i = 0; i < free.size(); i++) {
            double f = factors[i];
            Tag tag = new Tag(f, fittedOn);
            switch (free.get(i).name()) {
                case "instruction" -> {
                    if (reference) {
                        for (Map.Entry<String, JsonElement> e : profile.getAsJsonObject("instructionBound").entrySet()) scale(e.getValue().getAsJsonObject(), "cycles", f, tag);
                    } else {
                        scale(own(profileFile, profile, "ipc"), "value", 1 / f, tag);
                    }
                }
                case "icache" -> {
                    if (reference) {
                        for (Map.Entry<String, JsonElement> e : profile.getAsJsonObject("icacheCold").getAsJsonObject("extra").entrySet()) {
                            scale(e.getValue().getAsJsonObject(), "cycles", f, tag);
                        }
                    } else {
                        board = scaleDerivation(boardFile, board, "icacheRefillNs", f, tag);
                    }
                }
                case "switch" -> {
                    if (reference) {
                        for (String k : CoreProfile.SWITCH_KEYS) scale(profile.getAsJsonObject("instructionBound").getAsJsonObject(k), "cycles", f, tag);
                    } else {
                        if (!profile.has("contextSwitch")) profile.add("contextSwitch", switchFactorOne());
                        scale(own(profileFile, profile, "contextSwitch"), "value", f, tag);
                    }
                }
                case "cache-maintenance" -> { for (String k : List.of("dma.line.map", "dma.line.unmap", "dma.line.todev")) scaleCore(profileFile, profile, k, f, tag); }
                case "trap" -> scaleCore(profileFile, profile, "unaligned.trap", f, tag);
                case "bytes" -> { for (String k : List.of("csum.byte", "copy.byte")) scaleCore(profileFile, profile, k, f, tag); }
                case "dram" -> { for (String k : List.of("dramNs", "skbHeadNs")) board = scaleDerivation(boardFile, board, k, f, tag); }
                case "mmio" -> { for (String k : List.of("mmioReadNs", "mmioWriteNs", "descReadNs", "descWriteNs")) board = scaleDerivation(boardFile, board, k, f, tag); }
                default -> throw new IllegalArgumentException("--write: no file holds the free parameter " + free.get(i).name());
            }
        }
        board = board.replace("\"calibration\": \"predicted\"", "\"calibration\": \"fitted\"");
        List<Path> written = new ArrayList<>();
        writeFile(profileFile, PRETTY.toJson(profile) + "\n");
        written.add(profileFile);
        writeFile(boardFile, board);
        Map<Path, String> derived = new LinkedHashMap<>(DeriveBoards.deriveAll(root));
        for (Map.Entry<Path, String> e : derived.entrySet()) {
            if (!e.getValue().equals(read(e.getKey())) || e.getKey().equals(boardFile)) {
                writeFile(e.getKey(), e.getValue());
                written.add(e.getKey());
            }
        }
        return written;
    }

    /** The contextSwitch a profile gets at its first fit of it: factor 1 and what it scales. */
    private static JsonObject switchFactorOne() {
        JsonObject o = new JsonObject();
        o.add("value", new JsonPrimitive(1));
        o.addProperty("note", "a factor on the IPC-scaled sched.switch and sched.wakeup: the reference's figures carry the cache refill of a core without an L2");
        return o;
    }

    /** What a fit writes into the notes of the figures it changed. */
    record Tag(double factor, String fittedOn) {
        /**
         * The note with this fit's tag instead of an earlier fit's: the figure's factor on its estimate is then the
         * product of both, which the tag states, naming this fit's own share.
         */
        String on(String note) {
            Matcher m = FITTED.matcher(note);
            if (!m.find()) return note + " [fitted x" + FitWriter.factor(factor) + " by ringlab calibrate on " + fittedOn + "]";
            double earlier = Double.parseDouble(m.group(1));
            return FITTED.matcher(note).replaceAll("") + " [fitted x" + FitWriter.factor(earlier * factor) + " by ringlab calibrate on "
                    + fittedOn + " (x" + FitWriter.factor(factor) + " on an earlier fit's x" + FitWriter.factor(earlier) + ")]";
        }
    }

    private static void scaleCore(Path file, JsonObject profile, String key, double f, Tag tag) {
        JsonObject fig = own(file, profile.getAsJsonObject("core"), key);
        if (fig.has("cycles") && fig.has("ns")) {
            scale(fig, "cycles", f, null);
            scale(fig, "ns", f, tag);
        } else {
            scale(fig, fig.has("ns") ? "ns" : "cycles", f, tag);
        }
    }

    /**
     * A profile figure to write a fit into; one borrowed from another core type (its "sameAs") belongs to that core
     * type, so the fit is refused (nothing written) with what to do instead.
     */
    private static JsonObject own(Path file, JsonObject holder, String key) {
        JsonObject o = holder.getAsJsonObject(key);
        if (SameAs.borrowed(o)) {
            throw new IllegalArgumentException("--write: " + file + ": " + key + " is the " + o.get(SameAs.KEY).getAsString()
                    + "'s (sameAs): fit that core type, or state a number here first");
        }
        return o;
    }

    /** Multiplies o[field] by f (three significant digits; a factor of 1 leaves it) and tags o's note (when tag is not null). */
    private static void scale(JsonObject o, String field, double f, Tag tag) {
        if (f != 1) o.add(field, new JsonPrimitive(PlainNumbers.threeDigits(o.get(field).getAsDouble() * f)));
        if (tag != null && o.has("note")) o.addProperty("note", tag.on(o.get("note").getAsString()));
    }

    /** The board text with derivation.key's value multiplied by f and its note tagged; the rest untouched. */
    private static String scaleDerivation(Path file, String text, String key, double f, Tag tag) {
        Pattern p = Pattern.compile("(\"" + Pattern.quote(key) + "\": \\{\"value\": )([-0-9.eE]+)(, \"note\": )(\"(?:[^\"\\\\]|\\\\.)*\")");
        Matcher m = p.matcher(text);
        if (!m.find()) throw new IllegalArgumentException(file + ": no derivation." + key + " {\"value\": V, \"note\": \"...\"} to write the fit into");
        double v = Double.parseDouble(m.group(2)) * f;
        String note = tag.on(COMPACT.fromJson(m.group(4), String.class));
        String replacement = m.group(1) + (f == 1 ? m.group(2) : PlainNumbers.plain(PlainNumbers.threeDigits(v).doubleValue())) + m.group(3) + COMPACT.toJson(note);
        return text.substring(0, m.start()) + replacement + text.substring(m.end());
    }

    private static JsonObject derivation(Path file, String text) {
        JsonObject o = JsonParser.parseString(text).getAsJsonObject();
        if (!o.has("derivation")) throw new IllegalArgumentException(file + ": no \"derivation\" object: its costs are not derived from a profile");
        return o.getAsJsonObject("derivation");
    }

    private static String idOf(Path f) {
        return JsonParser.parseString(read(f)).getAsJsonObject().get("id").getAsString();
    }

    private static String factor(double f) { return BigDecimal.valueOf(f).round(new MathContext(3)).stripTrailingZeros().toPlainString(); }

    private static String read(Path f) {
        try {
            return Files.readString(f, StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw new UncheckedIOException(f + ": cannot read: " + e.getMessage(), e);
        }
    }

    private static void writeFile(Path f, String text) {
        try {
            Path tmp = f.resolveSibling(f.getFileName() + ".tmp");
            Files.writeString(tmp, text, StandardCharsets.UTF_8);
            Files.move(tmp, f, java.nio.file.StandardCopyOption.REPLACE_EXISTING, java.nio.file.StandardCopyOption.ATOMIC_MOVE);
        } catch (IOException e) {
            throw new UncheckedIOException(f + ": cannot write: " + e.getMessage(), e);
        }
    }
}
