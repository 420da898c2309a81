package ringlab.experiment;

import java.util.List;
import java.util.function.IntPredicate;

/** A plain-text table as the CLI prints them: columns padded to their widest cell, two spaces apart, no trailing blanks. */
public final class TextTable {
    private TextTable() { }

    /** Appends {@code cells} (the header first), column i right-aligned where {@code rightAligned} says so (numbers), else left. */
    public static void append(StringBuilder sb, List<String[]> cells, IntPredicate rightAligned) {
        int[] width = new int[cells.get(0).length];
        for (String[] row : cells) for (int i = 0; i < row.length; i++) width[i] = Math.max(width[i], row[i].length());
        for (String[] row : cells) {
            StringBuilder line = new StringBuilder();
            for (int i = 0; i < row.length; i++) {
                if (i > 0) line.append("  ");
                String fill = " ".repeat(width[i] - row[i].length());
                line.append(rightAligned.test(i) ? fill + row[i] : row[i] + fill);
            }
            sb.append(line.toString().stripTrailing()).append('\n');
        }
    }
}
