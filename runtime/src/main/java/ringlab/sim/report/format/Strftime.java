package ringlab.sim.report.format;

import java.time.Instant;
import java.time.ZoneOffset;
import java.time.ZonedDateTime;
import java.time.format.TextStyle;
import java.util.Locale;

/**
 * C's strftime(3) in the C locale for iperf3's --timestamps[=FORMAT], in UTC (a pure function of the instant:
 * ringlab's output does not depend on the machine's TZ). Conversions: %a %A %b %B %h %c %C %d %D %e %F %H %I %j
 * %k %l %m %M %n %p %R %s %S %t %T %u %w %y %Y %z %Z %%; %c is the C locale's "%a %b %e %H:%M:%S %Y" as iperf3's
 * default "%c " prints it ("Thu Dec  3 13:14:00 2026 "). An unknown conversion is copied as written, as glibc does.
 */
final class Strftime {

    private final String format;

    Strftime(String format) {
        this.format = format;
    }

    String format(Instant t) {
        ZonedDateTime z = t.atZone(ZoneOffset.UTC);
        StringBuilder sb = new StringBuilder();
        for (int i = 0; i < format.length(); i++) {
            char c = format.charAt(i);
            if (c != '%' || i + 1 == format.length()) {
                sb.append(c);
                continue;
            }
            char k = format.charAt(++i);
            String v = conversion(k, z, t);
            sb.append(v != null ? v : "%" + k);
        }
        return sb.toString();
    }

    private static String conversion(char k, ZonedDateTime z, Instant t) {
        int hour12 = z.getHour() % 12 == 0 ? 12 : z.getHour() % 12;
        return switch (k) {
            case 'a' -> z.getDayOfWeek().getDisplayName(TextStyle.SHORT, Locale.ENGLISH);
            case 'A' -> z.getDayOfWeek().getDisplayName(TextStyle.FULL, Locale.ENGLISH);
            case 'b', 'h' -> z.getMonth().getDisplayName(TextStyle.SHORT, Locale.ENGLISH);
            case 'B' -> z.getMonth().getDisplayName(TextStyle.FULL, Locale.ENGLISH);
            case 'c' -> conversion('a', z, t) + " " + conversion('b', z, t) + " " + conversion('e', z, t) + " "
                    + conversion('T', z, t) + " " + z.getYear();
            case 'C' -> two(z.getYear() / 100);
            case 'd' -> two(z.getDayOfMonth());
            case 'D' -> two(z.getMonthValue()) + "/" + two(z.getDayOfMonth()) + "/" + two(z.getYear() % 100);
            case 'e' -> pad(z.getDayOfMonth());
            case 'F' -> z.getYear() + "-" + two(z.getMonthValue()) + "-" + two(z.getDayOfMonth());
            case 'H' -> two(z.getHour());
            case 'I' -> two(hour12);
            case 'j' -> String.format(Locale.ROOT, "%03d", z.getDayOfYear());
            case 'k' -> pad(z.getHour());
            case 'l' -> pad(hour12);
            case 'm' -> two(z.getMonthValue());
            case 'M' -> two(z.getMinute());
            case 'n' -> "\n";
            case 'p' -> z.getHour() < 12 ? "AM" : "PM";
            case 'R' -> two(z.getHour()) + ":" + two(z.getMinute());
            case 's' -> Long.toString(t.getEpochSecond());
            case 'S' -> two(z.getSecond());
            case 't' -> "\t";
            case 'T' -> two(z.getHour()) + ":" + two(z.getMinute()) + ":" + two(z.getSecond());
            case 'u' -> Integer.toString(z.getDayOfWeek().getValue());
            case 'w' -> Integer.toString(z.getDayOfWeek().getValue() % 7);
            case 'y' -> two(z.getYear() % 100);
            case 'Y' -> Integer.toString(z.getYear());
            case 'z' -> "+0000";
            case 'Z' -> "UTC";
            case '%' -> "%";
            default -> null;
        };
    }

    private static String two(int v) {
        return String.format(Locale.ROOT, "%02d", v);
    }

    private static String pad(int v) {
        return String.format(Locale.ROOT, "%2d", v);
    }
}
