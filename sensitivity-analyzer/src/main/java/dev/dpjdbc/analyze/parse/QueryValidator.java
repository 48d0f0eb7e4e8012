package dev.dpjdbc.analyze.parse;

import dev.dpjdbc.analyze.AnalyzerSqlState;
import dev.dpjdbc.analyze.bounds.ColumnMeta;
import dev.dpjdbc.analyze.bounds.TableMeta;
import java.sql.SQLException;
import java.sql.Types;
import java.util.List;
import java.util.Locale;
import java.util.Properties;
import org.apache.calcite.config.CalciteConnectionConfigImpl;
import org.apache.calcite.config.CalciteConnectionProperty;
import org.apache.calcite.jdbc.CalciteSchema;
import org.apache.calcite.jdbc.JavaTypeFactoryImpl;
import org.apache.calcite.prepare.CalciteCatalogReader;
import org.apache.calcite.rel.type.RelDataType;
import org.apache.calcite.rel.type.RelDataTypeFactory;
import org.apache.calcite.runtime.CalciteContextException;
import org.apache.calcite.schema.SchemaPlus;
import org.apache.calcite.schema.impl.AbstractSchema;
import org.apache.calcite.schema.impl.AbstractTable;
import org.apache.calcite.sql.SqlCall;
import org.apache.calcite.sql.SqlNode;
import org.apache.calcite.sql.fun.SqlLibrary;
import org.apache.calcite.sql.fun.SqlLibraryOperatorTableFactory;
import org.apache.calcite.sql.type.SqlTypeName;
import org.apache.calcite.sql.util.SqlBasicVisitor;
import org.apache.calcite.sql.validate.SqlConformanceEnum;
import org.apache.calcite.sql.validate.SqlValidator;

/**
 * Validates a parsed query with Calcite against a one-table schema built from the live catalog
 * ({@link TableMeta}; column names folded to lower case as PostgreSQL folds unquoted names), with
 * the standard and PostgreSQL function libraries and PostgreSQL's name resolution in GROUP BY
 * ({@link PostgresValidator}: an input column before an output alias). Turns validator errors into
 * SQLStates: unknown column → 42703, ambiguous name → 42702, unknown function (user-defined or not
 * built in) → 42501, anything else → 42601. Also refuses non-deterministic functions (random(),
 * ...) anywhere in the query → 42501, and WHERE expressions that could raise a data-dependent error
 * ({@link WhereAllowList}) → 0A000.
 */
public final class QueryValidator {
  private QueryValidator() {}

  /**
   * @param schema the schema name as written in the query, or null when unqualified
   * @param table the table name as written in the query
   */
  public static void validate(SqlNode query, String schema, String table, TableMeta meta)
      throws SQLException {
    QuantifiedComparisons.check(query);
    JavaTypeFactoryImpl types = new JavaTypeFactoryImpl();
    CalciteSchema root = CalciteSchema.createRootSchema(false, false);
    String schemaName = schema == null ? "dp_default" : schema;
    SchemaPlus sub = root.plus().add(schemaName, new AbstractSchema());
    sub.add(
        table,
        new AbstractTable() {
          @Override
          public RelDataType getRowType(RelDataTypeFactory f) {
            RelDataTypeFactory.Builder b = f.builder();
            for (ColumnMeta c : meta.columns().values()) {
              RelDataType t = sqlType(f, c);
              b.add(c.name().toLowerCase(Locale.ROOT), f.createTypeWithNullability(t, true));
            }
            return b.build();
          }
        });
    Properties props = new Properties();
    props.setProperty(CalciteConnectionProperty.CASE_SENSITIVE.camelName(), "true");
    CalciteCatalogReader reader =
        new CalciteCatalogReader(
            root, List.of(schemaName), types, new CalciteConnectionConfigImpl(props));
    SqlValidator validator =
        new PostgresValidator(
            SqlLibraryOperatorTableFactory.INSTANCE.getOperatorTable(
                SqlLibrary.STANDARD, SqlLibrary.POSTGRESQL),
            reader,
            types,
            SqlValidator.Config.DEFAULT
                .withConformance(SqlConformanceEnum.BABEL)
                .withIdentifierExpansion(true));
    // ORDER BY may name output labels PostgreSQL derives (count, avg); OrderBy resolves it
    if (query instanceof org.apache.calcite.sql.SqlOrderBy ob) {
      query = ob.query;
    }
    if (query instanceof org.apache.calcite.sql.SqlSelect sel) {
      sel.setOrderBy(null);
      sel.setOffset(null);
      sel.setFetch(null);
    }
    java.util.Set<org.apache.calcite.sql.parser.SqlParserPos> userCasts =
        SqlTrees.castPositions(
            query instanceof org.apache.calcite.sql.SqlSelect sel ? sel.getWhere() : null);
    SqlNode validated;
    try {
      validated = validator.validate(query);
    } catch (CalciteContextException e) {
      throw translate(e.getMessage());
    } catch (RuntimeException e) {
      throw translate(String.valueOf(e.getMessage()));
    }
    validated.accept(
        new SqlBasicVisitor<Void>() {
          @Override
          public Void visit(SqlCall call) {
            if (!call.getOperator().isDeterministic()) {
              throw new NonDeterministic(call.getOperator().getName());
            }
            return super.visit(call);
          }
        });
    if (validated instanceof org.apache.calcite.sql.SqlSelect sel) {
      WhereAllowList.check(validator, validator.getWhereScope(sel), sel.getWhere(), userCasts);
    }
  }

  /** Thrown (unchecked, inside the visitor) for a non-deterministic function. */
  public static final class NonDeterministic extends RuntimeException {
    private static final long serialVersionUID = 1L;

    NonDeterministic(String function) {
      super(function);
    }
  }

  private static SQLException translate(String message) {
    String m = message.replaceFirst("^From line \\d+, column \\d+ to line \\d+, column \\d+: ", "");
    if (m.startsWith("Column '") && m.contains("not found")) {
      return new SQLException(
          m.replace("Column", "column") + " (names are folded to lower case unless quoted)",
          AnalyzerSqlState.UNDEFINED_COLUMN.code());
    }
    if (m.contains("Column '") && m.contains("is ambiguous")) {
      return new SQLException(
          m.substring(m.indexOf("Column '")).replace("Column", "column reference")
              + ": name one column or output column (qualify it, or rename an output column)",
          AnalyzerSqlState.AMBIGUOUS_COLUMN.code());
    }
    if (m.startsWith("No match found for function signature")) {
      return new SQLException(
          "dpjdbc allows only built-in deterministic functions; "
              + m.replace("No match found for function signature", "not one:")
              + ". Remove the function or compute it outside the query.",
          AnalyzerSqlState.INSUFFICIENT_PRIVILEGE.code());
    }
    if (m.contains("is not being grouped")) {
      return new SQLException(
          m + ": every output column must be an aggregate or a GROUP BY key with a public domain",
          AnalyzerSqlState.INSUFFICIENT_PRIVILEGE.code());
    }
    return new SQLException("invalid query: " + m, AnalyzerSqlState.SYNTAX_ERROR.code());
  }

  private static RelDataType sqlType(RelDataTypeFactory f, ColumnMeta c) {
    if (c.isEnum()) {
      return f.createSqlType(SqlTypeName.VARCHAR);
    }
    return switch (c.jdbcType()) {
      case Types.TINYINT -> f.createSqlType(SqlTypeName.TINYINT);
      case Types.SMALLINT -> f.createSqlType(SqlTypeName.SMALLINT);
      case Types.INTEGER -> f.createSqlType(SqlTypeName.INTEGER);
      case Types.BIGINT -> f.createSqlType(SqlTypeName.BIGINT);
      case Types.NUMERIC, Types.DECIMAL ->
          c.precision() > 0 && c.precision() <= 38 && c.scale() >= 0 && c.scale() <= c.precision()
              ? f.createSqlType(SqlTypeName.DECIMAL, c.precision(), c.scale())
              : f.createSqlType(SqlTypeName.DECIMAL, 38, 10);
      case Types.REAL -> f.createSqlType(SqlTypeName.REAL);
      case Types.FLOAT, Types.DOUBLE -> f.createSqlType(SqlTypeName.DOUBLE);
      case Types.BOOLEAN, Types.BIT -> f.createSqlType(SqlTypeName.BOOLEAN);
      case Types.DATE -> f.createSqlType(SqlTypeName.DATE);
      case Types.TIME, Types.TIME_WITH_TIMEZONE -> f.createSqlType(SqlTypeName.TIME);
      case Types.TIMESTAMP -> f.createSqlType(SqlTypeName.TIMESTAMP);
      case Types.TIMESTAMP_WITH_TIMEZONE ->
          f.createSqlType(SqlTypeName.TIMESTAMP_WITH_LOCAL_TIME_ZONE);
      case Types.CHAR, Types.NCHAR -> f.createSqlType(SqlTypeName.CHAR, Math.max(1, c.precision()));
      default -> f.createSqlType(SqlTypeName.VARCHAR);
    };
  }
}
