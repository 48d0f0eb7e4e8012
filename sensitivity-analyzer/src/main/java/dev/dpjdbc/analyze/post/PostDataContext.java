package dev.dpjdbc.analyze.post;

import java.util.TimeZone;
import org.apache.calcite.DataContext;
import org.apache.calcite.adapter.java.JavaTypeFactory;
import org.apache.calcite.jdbc.JavaTypeFactoryImpl;
import org.apache.calcite.linq4j.QueryProvider;
import org.apache.calcite.schema.SchemaPlus;

/** The interpreter's context: no schema, no query provider, UTC, the clock at creation. */
final class PostDataContext implements DataContext {
  private final JavaTypeFactory typeFactory = new JavaTypeFactoryImpl();
  private final long now = System.currentTimeMillis();

  static DataContext create() {
    return new PostDataContext();
  }

  @Override
  public SchemaPlus getRootSchema() {
    return null;
  }

  @Override
  public JavaTypeFactory getTypeFactory() {
    return typeFactory;
  }

  @Override
  public QueryProvider getQueryProvider() {
    return null;
  }

  @Override
  public Object get(String name) {
    if (Variable.CURRENT_TIMESTAMP.camelName.equals(name)
        || Variable.LOCAL_TIMESTAMP.camelName.equals(name)
        || Variable.UTC_TIMESTAMP.camelName.equals(name)) {
      return now;
    }
    if (Variable.TIME_ZONE.camelName.equals(name)) {
      return TimeZone.getTimeZone("UTC");
    }
    return null;
  }
}
