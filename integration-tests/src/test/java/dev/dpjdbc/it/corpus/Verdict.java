package dev.dpjdbc.it.corpus;

/**
 * The outcome of one corpus query on one backend.
 *
 * <ul>
 *   <li>{@code PASS}: answered within the declared error, or refused with the declared SQLState
 *       without spending;
 *   <li>{@code NOT_YET}: an answerable query the current analyzer refuses (its plan, i.e. EXPLAIN
 *       PRIVACY, fails), or a must-refuse query refused as not supported (0A000) rather than with
 *       the declared SQLState;
 *   <li>{@code FAIL}: a wrong answer, an answer to a must-refuse query, a refusal that spent
 *       budget, another SQLState, an accepted plan whose execution fails, or an exact answer the
 *       backend cannot compute (a corpus error).
 * </ul>
 */
record Verdict(CorpusQuery query, String backend, Status status, String detail) {
  enum Status {
    PASS,
    NOT_YET,
    FAIL
  }

  static Verdict pass(CorpusQuery q, String backend, String detail) {
    return new Verdict(q, backend, Status.PASS, detail);
  }

  static Verdict notYet(CorpusQuery q, String backend, String detail) {
    return new Verdict(q, backend, Status.NOT_YET, detail);
  }

  static Verdict fail(CorpusQuery q, String backend, String detail) {
    return new Verdict(q, backend, Status.FAIL, detail);
  }

  String line() {
    String status = this.status == Status.NOT_YET ? "NOT-YET" : this.status.name();
    return String.format(
        "%-7s %-8s %-5s issue %d %-6s %s%n        %s",
        status,
        backend,
        query.id(),
        query.issue(),
        query.answer() ? "answer" : "refuse",
        String.join(",", query.tags()),
        detail.replace("\n", " "));
  }
}
