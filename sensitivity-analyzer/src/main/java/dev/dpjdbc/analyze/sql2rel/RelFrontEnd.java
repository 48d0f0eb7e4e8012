package dev.dpjdbc.analyze.sql2rel;

import dev.dpjdbc.analyze.AnalyzerSqlState;
import dev.dpjdbc.analyze.bounds.ConstraintCatalog;
import dev.dpjdbc.analyze.parse.PostgresValidator;
import dev.dpjdbc.analyze.parse.SqlParsing;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.List;
import java.util.Properties;
import java.util.Set;
import org.apache.calcite.config.CalciteConnectionConfigImpl;
import org.apache.calcite.config.CalciteConnectionProperty;
import org.apache.calcite.jdbc.CalciteSchema;
import org.apache.calcite.jdbc.JavaTypeFactoryImpl;
import org.apache.calcite.plan.RelOptCluster;
import org.apache.calcite.plan.hep.HepPlanner;
import org.apache.calcite.plan.hep.HepProgram;
import org.apache.calcite.prepare.CalciteCatalogReader;
import org.apache.calcite.rel.RelNode;
import org.apache.calcite.rel.RelRoot;
import org.apache.calcite.rel.core.RelFactories;
import org.apache.calcite.rel.type.RelDataType;
import org.apache.calcite.rex.RexBuilder;
import org.apache.calcite.runtime.CalciteContextException;
import org.apache.calcite.runtime.CalciteException;
import org.apache.calcite.sql.SqlDynamicParam;
import org.apache.calcite.sql.SqlNode;
import org.apache.calcite.sql.parser.SqlParseException;
import org.apache.calcite.sql.parser.SqlParser;
import org.apache.calcite.sql.parser.SqlParserPos;
import org.apache.calcite.sql.type.SqlTypeName;
import org.apache.calcite.sql.util.SqlBasicVisitor;
import org.apache.calcite.sql.validate.SqlConformanceEnum;
import org.apache.calcite.sql.validate.SqlValidator;
import org.apache.calcite.sql2rel.SqlToRelConverter;
import org.apache.calcite.sql2rel.StandardConvertletTable;
import org.apache.calcite.tools.RelBuilder;
import org.apache.calcite.util.Pair;

/**
 * The relational front end of the analyzer: analyst SQL → validated SQL tree → {@link RelRoot}.
 *
 * <ol>
 *   <li>{@link QueryText}: {@code $n} parameters and PostgreSQL interval strings in the spelling
 *       Calcite reads;
 *   <li>parse with Babel and PostgreSQL's lexical rules ({@link SqlParsing#POSTGRES}), one
 *       statement; {@link Refusals} on the parsed tree; unnamed output columns get PostgreSQL's
 *       names ({@link OutputNames});
 *   <li>validate against the live catalog ({@link CatalogSchema}: every table the query names,
 *       looked up when named) with the standard and PostgreSQL functions ({@link
 *       PostgresOperators}), BABEL conformance (GROUP BY alias and position, ORDER BY alias and
 *       position), PostgreSQL's GROUP BY name resolution ({@link PostgresValidator}), date
 *       arithmetic ({@link PostgresCoercion}) and types ({@link PostgresTypeSystem});
 *   <li>{@code SqlToRelConverter} without subquery expansion, IN lists kept as predicates;
 *   <li>{@link RelNormalizer}: subquery removal, decorrelation, a Hep pass.
 * </ol>
 *
 * <p>Every failure is an SQLException with a SQLState of {@link AnalyzerSqlState} and a message
 * that names the construct; no Calcite RuntimeException reaches the caller. Thread-safe: each call
 * builds its own validator, cluster and schema; the catalog's cache is the only shared state.
 */
public final class RelFrontEnd {
  private final ConstraintCatalog catalog;

  public RelFrontEnd(ConstraintCatalog catalog) {
    this.catalog = catalog;
  }

  /** The plan of {@code sql}. */
  public RelRoot toRel(String sql) throws SQLException {
    return translate(sql).root();
  }

  /** The validated tree and the plan of {@code sql}. */
  public Translation translate(String sql) throws SQLException {
    try {
      return run(sql);
    } catch (CatalogSchema.CatalogFailure e) {
      throw e.sqlException();
    } catch (StackOverflowError e) {
      throw FrontEndErrors.tooDeep();
    }
  }

  private Translation run(String sql) throws SQLException {
    QueryText text = QueryText.of(sql);
    SqlNode parsed = TimeZoneLiterals.rewrite(text.renumber(parse(text.sql())));
    Refusals.checkParsed(parsed, sql, catalog.naming());
    Set<SqlParserPos> casts = castPositions(parsed);
    OutputNames.apply(parsed);
    List<String> labels = OutputNames.labels(parsed);

    JavaTypeFactoryImpl types = new JavaTypeFactoryImpl(PostgresTypeSystem.INSTANCE);
    CalciteSchema schema =
        CalciteSchema.createRootSchema(false, false, "", CatalogSchema.root(catalog));
    Properties props = new Properties();
    props.setProperty(CalciteConnectionProperty.CASE_SENSITIVE.camelName(), "true");
    CalciteCatalogReader reader =
        new CalciteCatalogReader(schema, List.of(), types, new CalciteConnectionConfigImpl(props));
    SqlValidator validator =
        new PostgresValidator(
            PostgresOperators.INSTANCE,
            reader,
            types,
            SqlValidator.Config.DEFAULT
                .withConformance(SqlConformanceEnum.BABEL)
                .withIdentifierExpansion(true)
                .withTypeCoercionFactory(PostgresCoercion::new));
    SqlNode validated;
    try {
      validated = validator.validate(parsed);
    } catch (CalciteContextException e) {
      throw FrontEndErrors.validation(e, PostgresOperators.INSTANCE, text.sql());
    } catch (CalciteException e) {
      throw FrontEndErrors.validation(
          String.valueOf(e.getMessage()), "", PostgresOperators.INSTANCE, e);
    } catch (CatalogSchema.CatalogFailure e) {
      throw e;
    } catch (RuntimeException | AssertionError e) {
      throw FrontEndErrors.unsupported(e);
    }
    Refusals.checkValidated(validated);
    List<RelDataType> parameterTypes = parameterTypes(validator, validated, types);
    List<RelNode> correlated = new ArrayList<>();
    RelRoot root = convert(validator, reader, types, validated, correlated);
    return new Translation(
        validated, validator, relabel(root, labels), parameterTypes, casts, correlated);
  }

  /** {@code root} with PostgreSQL's output labels (duplicates and all) when there are as many. */
  private static RelRoot relabel(RelRoot root, List<String> labels) {
    if (labels == null || labels.size() != root.fields.size()) {
      return root;
    }
    List<Pair<Integer, String>> fields = new ArrayList<>();
    for (int i = 0; i < labels.size(); i++) {
      fields.add(Pair.of(root.fields.get(i).getKey(), labels.get(i)));
    }
    return new RelRoot(
        root.rel, root.validatedRowType, root.kind, fields, root.collation, root.hints);
  }

  private static SqlNode parse(String sql) throws SQLException {
    List<SqlNode> statements;
    try {
      statements = SqlParser.create(sql, SqlParsing.POSTGRES).parseStmtList();
    } catch (SqlParseException e) {
      SQLException refusal = Refusals.notAQuery(sql);
      throw refusal != null ? refusal : FrontEndErrors.syntax(e);
    } catch (CalciteException e) {
      throw new SQLException(
          "syntax error: " + e.getMessage(), AnalyzerSqlState.SYNTAX_ERROR.code(), e);
    }
    if (statements.size() != 1) {
      throw new SQLException(
          "dpjdbc runs one statement at a time; send the statements separately (got "
              + statements.size()
              + ")",
          AnalyzerSqlState.SYNTAX_ERROR.code());
    }
    return statements.get(0);
  }

  private static RelRoot convert(
      SqlValidator validator,
      CalciteCatalogReader reader,
      JavaTypeFactoryImpl types,
      SqlNode validated,
      List<RelNode> correlated)
      throws SQLException {
    try {
      RelOptCluster cluster =
          RelOptCluster.create(new HepPlanner(HepProgram.builder().build()), new RexBuilder(types));
      SqlToRelConverter converter =
          new SqlToRelConverter(
              null,
              validator,
              reader,
              cluster,
              StandardConvertletTable.INSTANCE,
              SqlToRelConverter.config()
                  .withExpand(false)
                  .withTrimUnusedFields(false)
                  .withInSubQueryThreshold(Integer.MAX_VALUE));
      RelRoot root = converter.convertQuery(validated, false, true);
      RelBuilder builder = RelFactories.LOGICAL_BUILDER.create(cluster, reader);
      RelNormalizer.Normalized n = RelNormalizer.normalize(root.rel, builder);
      correlated.addAll(n.correlatedSubqueries());
      return root.withRel(n.rel());
    } catch (CatalogSchema.CatalogFailure e) {
      throw e;
    } catch (RuntimeException | AssertionError e) {
      throw FrontEndErrors.unsupported(e);
    }
  }

  private static List<RelDataType> parameterTypes(
      SqlValidator validator, SqlNode validated, JavaTypeFactoryImpl types) {
    List<RelDataType> out = new ArrayList<>();
    validated.accept(
        new SqlBasicVisitor<Void>() {
          @Override
          public Void visit(SqlDynamicParam param) {
            while (out.size() <= param.getIndex()) {
              out.add(types.createSqlType(SqlTypeName.NULL));
            }
            RelDataType t = validator.getValidatedNodeTypeIfKnown(param);
            if (t != null) {
              out.set(param.getIndex(), t);
            }
            return null;
          }
        });
    return out;
  }

  /** Positions of the CASTs written in the query (before the validator adds its own). */
  private static Set<SqlParserPos> castPositions(SqlNode parsed) {
    return dev.dpjdbc.analyze.parse.SqlTrees.castPositions(parsed);
  }
}
