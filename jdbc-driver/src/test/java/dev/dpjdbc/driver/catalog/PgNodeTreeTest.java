package dev.dpjdbc.driver.catalog;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

class PgNodeTreeTest {
  /**
   * A PostgreSQL 14 stored view rule, shortened (its RTE node type is RTE; 15 says RANGETBLENTRY).
   */
  static final String PG14 =
      "({QUERY :commandType 1 :utilityStmt <> :rtable ({RTE :alias <> :eref {ALIAS :aliasname"
          + " c :colnames (\"oid\" \"a\\ b\")} :rtekind 0 :relid 1259 :relkind r :selectedCols"
          + " (b 8 18)}) :jointree {FROMEXPR :fromlist ({RANGETBLREF :rtindex 1}) :quals {OPEXPR"
          + " :opno 92 :opfuncid 61 :args ({VAR :varno 1 :varattno 17} {CONST :consttype 18"
          + " :constlen 1 :constbyval true :constisnull false :location 198 :constvalue 1 [ 114"
          + " 0 0 0 0 0 0 0 ]})}} :targetList ({TARGETENTRY :expr {FUNCEXPR :funcid 2079 :args"
          + " <>} :resname x\\:y}) :sortClause ({SORTGROUPCLAUSE :eqop 96 :sortop 97})})";

  @Test
  void readsRelationsFunctionsAndOperators() {
    Object tree = PgNodeTree.parse(PG14);
    List<String> seen = new ArrayList<>();
    PgNodeTree.forEachNode(tree, n -> seen.add(n.type()));
    assertEquals(
        List.of(
            "QUERY",
            "RTE",
            "ALIAS",
            "FROMEXPR",
            "RANGETBLREF",
            "OPEXPR",
            "VAR",
            "CONST",
            "TARGETENTRY",
            "FUNCEXPR",
            "SORTGROUPCLAUSE"),
        seen);
    PgNodeTree.Node[] rte = new PgNodeTree.Node[1];
    PgNodeTree.forEachNode(tree, n -> rte[0] = n.type().equals("RTE") ? n : rte[0]);
    assertEquals("1259", rte[0].token("relid"));
    assertEquals(List.of("b", "8", "18"), rte[0].list("selectedCols"));
    PgNodeTree.Node[] te = new PgNodeTree.Node[1];
    PgNodeTree.forEachNode(tree, n -> te[0] = n.type().equals("TARGETENTRY") ? n : te[0]);
    assertEquals("x:y", te[0].token("resname"));
  }

  @Test
  void garbage_isRefused() {
    assertThrows(IllegalArgumentException.class, () -> PgNodeTree.parse("({QUERY :a (1 2}"));
    assertThrows(IllegalArgumentException.class, () -> PgNodeTree.parse("{QUERY :a 1} x"));
    assertThrows(IllegalArgumentException.class, () -> PgNodeTree.parse("{QUERY a 1}"));
  }
}
