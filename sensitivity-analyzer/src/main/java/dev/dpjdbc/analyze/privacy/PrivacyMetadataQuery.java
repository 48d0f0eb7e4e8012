package dev.dpjdbc.analyze.privacy;

import java.util.List;
import org.apache.calcite.rel.RelNode;
import org.apache.calcite.rel.metadata.ChainedRelMetadataProvider;
import org.apache.calcite.rel.metadata.DefaultRelMetadataProvider;
import org.apache.calcite.rel.metadata.JaninoRelMetadataProvider;
import org.apache.calcite.rel.metadata.MetadataHandlerProvider;
import org.apache.calcite.rel.metadata.RelMetadataQuery;

/**
 * A {@link RelMetadataQuery} that also answers {@link #privacy}: Calcite's built-in metadata
 * (column uniqueness, max row count, ...) plus the privacy facts, memoised per relational
 * expression by the query's own cache. It carries the {@link TableFactsSource} the scans read, so
 * that the handler stays a stateless singleton and Calcite compiles its dispatcher once per JVM.
 * Like every {@link RelMetadataQuery}, an instance is not thread-safe: use one per query being
 * analysed.
 */
public class PrivacyMetadataQuery extends RelMetadataQuery {
  private static final JaninoRelMetadataProvider PROVIDER =
      JaninoRelMetadataProvider.of(
          ChainedRelMetadataProvider.of(
              List.of(RelMdPrivacy.SOURCE, DefaultRelMetadataProvider.INSTANCE)));

  private final TableFactsSource tables;
  private PrivacyMetadata.Handler privacyHandler;

  public PrivacyMetadataQuery(TableFactsSource tables) {
    super(PROVIDER);
    this.tables = tables;
    this.privacyHandler = handler(PrivacyMetadata.Handler.class);
  }

  /** The privacy facts of {@code rel} (computed once per expression and query). */
  public RelPrivacy privacy(RelNode rel) {
    for (; ; ) {
      try {
        return privacyHandler.privacy(rel, this);
      } catch (MetadataHandlerProvider.NoHandler e) {
        privacyHandler = revise(PrivacyMetadata.Handler.class);
      }
    }
  }

  public TableFactsSource tables() {
    return tables;
  }

  /** The privacy query a handler was called with; other queries cannot answer privacy. */
  static PrivacyMetadataQuery of(RelMetadataQuery mq) {
    if (mq instanceof PrivacyMetadataQuery p) {
      return p;
    }
    throw new IllegalStateException(
        "privacy metadata must be asked through a PrivacyMetadataQuery, not "
            + mq.getClass().getName());
  }
}
