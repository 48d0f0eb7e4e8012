package dev.dpjdbc.mechanisms.allocate;

/** Closed-form i.n.i.d. allocation (Muthukrishnan &amp; Kalyani), see DESIGN.md § The math. */
public final class Allocator {
  private Allocator() {}

  public static Allocation allocate(AllocationRequest request) {
    throw new UnsupportedOperationException("TODO(issue 2)");
  }
}
