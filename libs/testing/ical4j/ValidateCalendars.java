import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import net.fortuna.ical4j.data.CalendarBuilder;
import net.fortuna.ical4j.model.Calendar;
import net.fortuna.ical4j.util.CompatibilityHints;
import net.fortuna.ical4j.validate.ValidationEntry;

/** Reads each iCalendar file strictly with ical4j and validates it: one line per problem, "file<TAB>problem". */
public class ValidateCalendars {
  public static void main(String[] files) {
    CompatibilityHints.setHintEnabled(CompatibilityHints.KEY_RELAXED_PARSING, false);
    CompatibilityHints.setHintEnabled(CompatibilityHints.KEY_RELAXED_UNFOLDING, false);
    CompatibilityHints.setHintEnabled(CompatibilityHints.KEY_RELAXED_VALIDATION, false);
    for (String file : files) {
      try (InputStream in = Files.newInputStream(Path.of(file))) {
        Calendar calendar = new CalendarBuilder().build(in);
        for (ValidationEntry entry : calendar.validate().getEntries())
          System.out.println(file + "\t" + entry.getSeverity() + " " + entry.getContext() + ": " + entry.getMessage());
      } catch (Exception error) {
        System.out.println(file + "\tunreadable: " + error);
      }
    }
  }
}
