package dev.dpjdbc.analyze.sql2rel;

import org.apache.calcite.sql.SqlBasicTypeNameSpec;
import org.apache.calcite.sql.SqlDataTypeSpec;
import org.apache.calcite.sql.SqlLiteral;
import org.apache.calcite.sql.SqlNode;
import org.apache.calcite.sql.SqlTimestampTzLiteral;
import org.apache.calcite.sql.SqlUnknownLiteral;
import org.apache.calcite.sql.fun.SqlStdOperatorTable;
import org.apache.calcite.sql.parser.SqlParserPos;
import org.apache.calcite.sql.type.SqlTypeName;
import org.apache.calcite.sql.util.SqlShuttle;

/**
 * {@code TIMESTAMP WITH TIME ZONE '2024-01-01 00:00:00Z'} — how Metabase writes its date filters
 * for PostgreSQL — as {@code CAST('2024-01-01 00:00:00 GMT' AS timestamptz)}. Calcite 1.38 parses
 * the literal but cannot convert it ({@code SqlNodeToRexConverterImpl.convertLiteral} casts it to
 * {@code SqlTimestampLiteral}: ClassCastException). The cast keeps the analyst's text, zone
 * included, so PostgreSQL reads the same instant, and types as Calcite's TIMESTAMP WITH LOCAL TIME
 * ZONE, the type {@code timestamptz} columns have here. Runs on the parsed tree, where the parser
 * has left the literal unresolved ({@code SqlUnknownLiteral}).
 */
final class TimeZoneLiterals {
  private TimeZoneLiterals() {}

  static SqlNode rewrite(SqlNode parsed) {
    return parsed.accept(
        new SqlShuttle() {
          @Override
          public SqlNode visit(SqlLiteral literal) {
            String text;
            if (literal instanceof SqlTimestampTzLiteral tz) {
              text = tz.toFormattedString();
            } else if (literal instanceof SqlUnknownLiteral unknown && isTimestampTz(unknown.tag)) {
              text = unknown.getValue();
            } else {
              return literal;
            }
            SqlParserPos pos = literal.getParserPosition();
            return SqlStdOperatorTable.CAST.createCall(
                pos,
                SqlLiteral.createCharString(text, pos),
                new SqlDataTypeSpec(
                    new SqlBasicTypeNameSpec(
                        SqlTypeName.TIMESTAMP_WITH_LOCAL_TIME_ZONE,
                        ColumnTypes.DEFAULT_FRACTION_DIGITS,
                        pos),
                    pos));
          }
        });
  }

  /** The parser's tag of a typed literal it resolves only during validation. */
  private static boolean isTimestampTz(String tag) {
    return tag.replace('_', ' ').equalsIgnoreCase("TIMESTAMP WITH TIME ZONE")
        || tag.equalsIgnoreCase("TIMESTAMP_TZ");
  }
}
