package dev.dpjdbc.analyze.privacy;

import java.lang.reflect.Method;
import org.apache.calcite.linq4j.tree.Types;
import org.apache.calcite.rel.RelNode;
import org.apache.calcite.rel.metadata.Metadata;
import org.apache.calcite.rel.metadata.MetadataDef;
import org.apache.calcite.rel.metadata.MetadataHandler;
import org.apache.calcite.rel.metadata.RelMetadataQuery;

/**
 * Calcite metadata kind "privacy": the {@link RelPrivacy} of a relational expression, computed by
 * {@link RelMdPrivacy} and asked for through {@link PrivacyMetadataQuery#privacy}, as Calcite's
 * built-in kinds ({@code BuiltInMetadata.ColumnUniqueness} and its {@code RelMdColumnUniqueness})
 * are.
 */
public interface PrivacyMetadata extends Metadata {
  Method METHOD = Types.lookupMethod(PrivacyMetadata.class, "privacy");
  MetadataDef<PrivacyMetadata> DEF =
      MetadataDef.of(PrivacyMetadata.class, PrivacyMetadata.Handler.class, METHOD);

  /** The privacy facts of this relational expression. */
  RelPrivacy privacy();

  /** Handler API. */
  interface Handler extends MetadataHandler<PrivacyMetadata> {
    RelPrivacy privacy(RelNode r, RelMetadataQuery mq);

    @Override
    default MetadataDef<PrivacyMetadata> getDef() {
      return DEF;
    }
  }
}
