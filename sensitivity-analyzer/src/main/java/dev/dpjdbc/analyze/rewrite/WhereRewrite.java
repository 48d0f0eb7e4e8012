package dev.dpjdbc.analyze.rewrite;

import dev.dpjdbc.analyze.AnalyzerSqlState;
import dev.dpjdbc.analyze.bounds.TableMeta;
import dev.dpjdbc.analyze.plan.BoundSql;
import dev.dpjdbc.analyze.plan.ParameterSource;
import java.sql.SQLException;
import java.util.Collections;
import java.util.IdentityHashMap;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import org.apache.calcite.sql.SqlBasicTypeNameSpec;
import org.apache.calcite.sql.SqlCall;
import org.apache.calcite.sql.SqlCharStringLiteral;
import org.apache.calcite.sql.SqlDataTypeSpec;
import org.apache.calcite.sql.SqlDynamicParam;
import org.apache.calcite.sql.SqlFunction;
import org.apache.calcite.sql.SqlFunctionCategory;
import org.apache.calcite.sql.SqlIdentifier;
import org.apache.calcite.sql.SqlIntervalQualifier;
import org.apache.calcite.sql.SqlKind;
import org.apache.calcite.sql.SqlLiteral;
import org.apache.calcite.sql.SqlNode;
import org.apache.calcite.sql.SqlUnresolvedFunction;
import org.apache.calcite.sql.fun.SqlLibraryOperators;
import org.apache.calcite.sql.fun.SqlStdOperatorTable;
import org.apache.calcite.sql.type.OperandTypes;
import org.apache.calcite.sql.type.ReturnTypes;
import org.apache.calcite.sql.util.SqlShuttle;

/**
 * Re-emits the analyst's (validated) WHERE predicate in the backend's dialect so that it carries no
 * text the analyst wrote:
 *
 * <ul>
 *   <li>every column reference becomes the catalog's own name, quoted by dpjdbc, without qualifier
 *       (there is one table); an identifier that is not a column is refused (42703);
 *   <li>every literal becomes a bind parameter ({@link LiteralBinder}), its value the one the
 *       parser decoded; the analyst's {@code ?} stay parameters, referring to their own index;
 *   <li>cast targets, interval fields and function names are re-spelled by dpjdbc from what they
 *       mean ({@link CastTypes}); PostgreSQL's {@code x::t} becomes {@code CAST(x AS t)}.
 * </ul>
 *
 * Unparsing is Calcite's, with {@link Backend#dialect()}. Constant sub-expressions that could fail
 * get a {@link Preflight}.
 */
public final class WhereRewrite {
  private WhereRewrite() {}

  /**
   * @param where the rewritten predicate and its parameters
   * @param preflight the statement to run first, or null when nothing constant can fail
   */
  public record Result(BoundSql where, BoundSql preflight) {}

  /** Functions the WHERE allow-list admits under a name the parser does not resolve itself. */
  private static final Map<String, SqlFunction> FUNCTIONS =
      Map.of(
          "lower", keyword("LOWER"),
          "upper", keyword("UPPER"),
          "char_length", keyword("CHAR_LENGTH"),
          "character_length", keyword("CHARACTER_LENGTH"),
          "length", keyword("LENGTH"),
          "btrim", keyword("BTRIM"),
          "ltrim", keyword("LTRIM"),
          "rtrim", keyword("RTRIM"),
          "coalesce", SqlStdOperatorTable.COALESCE);

  /**
   * Niladic functions the parser leaves as identifiers (the validator resolves them); unquoted,
   * PostgreSQL reads these names as the functions, never as columns.
   */
  private static final Map<String, SqlFunction> NILADIC =
      Map.of(
          "current_date", SqlStdOperatorTable.CURRENT_DATE,
          "current_time", SqlStdOperatorTable.CURRENT_TIME,
          "current_timestamp", SqlStdOperatorTable.CURRENT_TIMESTAMP,
          "localtime", SqlStdOperatorTable.LOCALTIME,
          "localtimestamp", SqlStdOperatorTable.LOCALTIMESTAMP);

  /** Rewrites {@code where}, a predicate over {@code table} that passed validation. */
  public static Result rewrite(SqlNode where, TableMeta table, Backend backend)
      throws SQLException {
    Slots slots = new Slots();
    Set<SqlNode> safe = Collections.newSetFromMap(new IdentityHashMap<>());
    Shuttle shuttle = new Shuttle(table, backend, slots, safe);
    SqlNode mapped;
    try {
      mapped = where.accept(shuttle);
    } catch (Refusal r) {
      throw r.refusal;
    }
    return new Result(slots.unparse(mapped, backend), Preflight.of(mapped, safe, slots, backend));
  }

  private static SqlFunction keyword(String name) {
    // no SqlIdentifier: unparsed as a keyword, unquoted, whatever the analyst's spelling
    return new SqlFunction(
        name,
        SqlKind.OTHER_FUNCTION,
        ReturnTypes.ARG0,
        null,
        OperandTypes.VARIADIC,
        SqlFunctionCategory.STRING);
  }

  /** Carries a refusal out of the (unchecked) shuttle. */
  private static final class Refusal extends RuntimeException {
    private static final long serialVersionUID = 1L;
    private final transient SQLException refusal;

    Refusal(SQLException refusal) {
      super(refusal.getMessage(), null, false, false);
      this.refusal = refusal;
    }
  }

  private static final class Shuttle extends SqlShuttle {
    private final TableMeta table;
    private final Backend backend;
    private final Slots slots;
    private final Set<SqlNode> safe;
    private final LiteralBinder literals;

    Shuttle(TableMeta table, Backend backend, Slots slots, Set<SqlNode> safe) {
      this.table = table;
      this.backend = backend;
      this.slots = slots;
      this.safe = safe;
      this.literals = new LiteralBinder(backend, slots, safe);
    }

    @Override
    public SqlNode visit(SqlLiteral literal) {
      try {
        return literals.bind(literal);
      } catch (SQLException e) {
        throw new Refusal(e);
      }
    }

    @Override
    public SqlNode visit(SqlDynamicParam param) {
      return slots.add(new ParameterSource.Analyst(param.getIndex()), param.getParserPosition());
    }

    @Override
    public SqlNode visit(SqlIdentifier id) {
      String name = id.names.get(id.names.size() - 1);
      SqlFunction niladic = NILADIC.get(name.toLowerCase(Locale.ROOT));
      if (id.names.size() == 1 && !id.isComponentQuoted(0) && niladic != null) {
        return niladic.createCall(id.getParserPosition());
      }
      return table
          .column(name)
          .<SqlNode>map(c -> new SqlIdentifier(c.name(), id.getParserPosition()))
          .orElseThrow(
              () ->
                  new Refusal(
                      new SQLException(
                          "column " + name + " does not exist in " + table.name(),
                          AnalyzerSqlState.UNDEFINED_COLUMN.code())));
    }

    @Override
    public SqlNode visit(SqlDataTypeSpec type) {
      try {
        return CastTypes.respell(type, backend);
      } catch (SQLException e) {
        throw new Refusal(e);
      }
    }

    @Override
    public SqlNode visit(SqlIntervalQualifier q) {
      try {
        return CastTypes.respell(q, backend, false);
      } catch (SQLException e) {
        throw new Refusal(e);
      }
    }

    @Override
    public SqlNode visit(SqlCall call) {
      try {
        if (call.getKind() == SqlKind.LITERAL_CHAIN) {
          return literals.string(
              SqlLiteral.unchain(call).getValueAs(String.class), call.getParserPosition());
        }
        if (call.getKind() == SqlKind.CAST
            || call.getOperator() == SqlLibraryOperators.INFIX_CAST) {
          return cast(call);
        }
        if (call.getOperator() instanceof SqlUnresolvedFunction f) {
          SqlFunction canonical = FUNCTIONS.get(f.getName().toLowerCase(Locale.ROOT));
          if (canonical == null) {
            throw CastTypes.unsupported("function " + f.getName());
          }
          SqlNode[] operands = call.getOperandList().toArray(SqlNode[]::new);
          for (int i = 0; i < operands.length; i++) {
            operands[i] = operands[i] == null ? null : operands[i].accept(this);
          }
          return canonical.createCall(
              call.getFunctionQuantifier(), call.getParserPosition(), operands);
        }
        return super.visit(call);
      } catch (SQLException e) {
        throw new Refusal(e);
      }
    }

    /**
     * The analyst's {@code CAST(x AS t)} or {@code x::t}. On PostgreSQL a cast of a string without
     * a length or precision converts the untyped parameter while binding it (the parameter takes
     * type t), so it cannot fail later.
     */
    private SqlNode cast(SqlCall call) throws SQLException {
      SqlNode operand = call.operand(0);
      SqlNode target = call.operand(1);
      boolean string =
          operand instanceof SqlCharStringLiteral || operand.getKind() == SqlKind.LITERAL_CHAIN;
      SqlNode respelled;
      if (target instanceof SqlIntervalQualifier q) {
        if (string) {
          // PostgreSQL reads '1' AS INTERVAL DAY as one day, but a parameter as one second
          throw CastTypes.unsupported("CAST of a string to INTERVAL (write INTERVAL '1' DAY)");
        }
        respelled = CastTypes.respell(q, backend, true);
      } else {
        respelled = target.accept(this);
      }
      SqlNode cast =
          SqlStdOperatorTable.CAST.createCall(
              call.getParserPosition(), operand.accept(this), respelled);
      if (backend == Backend.POSTGRESQL
          && string
          && target instanceof SqlDataTypeSpec spec
          && spec.getTypeNameSpec() instanceof SqlBasicTypeNameSpec basic
          && basic.getPrecision() < 0) {
        safe.add(cast);
      }
      return cast;
    }
  }
}
