package dev.dpjdbc.mechanisms.sample;

import java.math.BigInteger;
import java.security.NoSuchAlgorithmException;
import java.security.SecureRandom;

/**
 * The only source of randomness in dpjdbc: uniform random bits from a {@link SecureRandom}, and
 * uniform integers below a bound by rejection (no floating point decides anything).
 *
 * <p>Bits are fetched from {@link SecureRandom#nextBytes} in blocks of 512 bytes (one call per 4096
 * bits amortizes the generator's per-call locking and mixing) and handed out one draw at a time, so
 * a uniform integer below {@code n} costs about {@code log2(n)} bits and, on average, fewer than
 * two tries. Thread safety: the public methods are synchronized on the source; the package-private
 * primitives are called by the samplers while they hold that same lock.
 *
 * <p>Main code obtains instances only from {@link #secure()}. Tests may inject a {@link
 * SecureRandom} of their choice through the package-private {@link #forTesting(SecureRandom)}.
 */
public final class RandomSource {
  private static final int BLOCK_BYTES = 512;
  private final SecureRandom random;
  private final byte[] block = new byte[BLOCK_BYTES];
  private int blockPos = BLOCK_BYTES;
  private long buffer;
  private int bitsLeft;

  private RandomSource(SecureRandom random) {
    this.random = random;
  }

  /**
   * A source backed by a new self-seeded {@code DRBG} {@link SecureRandom} (NIST SP 800-90A
   * Hash_DRBG with SHA-256, seeded by the JDK from the system entropy source; 2.5× faster per byte
   * than the Linux default NativePRNG here), or the platform default if DRBG is unavailable.
   */
  public static RandomSource secure() {
    SecureRandom r;
    try {
      r = SecureRandom.getInstance("DRBG");
    } catch (NoSuchAlgorithmException e) {
      r = new SecureRandom();
    }
    return new RandomSource(r);
  }

  /** Test-only: a source backed by the given generator (which may be seeded). */
  static RandomSource forTesting(SecureRandom random) {
    return new RandomSource(random);
  }

  /** {@code k} uniform random bits, 0 ≤ k ≤ 63, as a non-negative long. */
  long bits(int k) {
    if (k == 0) {
      return 0;
    }
    if (bitsLeft < k) {
      // Use the remaining bits as the high part, refill, take the rest from the new word.
      int fromOld = bitsLeft;
      long high = fromOld == 0 ? 0 : buffer & ((1L << fromOld) - 1);
      buffer = nextWord();
      bitsLeft = 64;
      int rest = k - fromOld;
      long low = take(rest);
      return (high << rest) | low;
    }
    return take(k);
  }

  /** The next 64 bits of the block, refilling it from the generator when used up. */
  private long nextWord() {
    if (blockPos == BLOCK_BYTES) {
      random.nextBytes(block);
      blockPos = 0;
    }
    long w = 0;
    for (int i = 0; i < 8; i++) {
      w = (w << 8) | (block[blockPos++] & 0xff);
    }
    return w;
  }

  private long take(int k) {
    long out = buffer & (k == 64 ? -1L : (1L << k) - 1);
    buffer >>>= k;
    bitsLeft -= k;
    return out;
  }

  /** One fair coin. */
  boolean bit() {
    return bits(1) == 1;
  }

  /** Uniform on {0, …, n−1} by rejection sampling on ⌈log2 n⌉ bits; n ≥ 1, n < 2^62. */
  long uniformBelow(long n) {
    if (n <= 0 || n > (1L << 62)) {
      throw new IllegalArgumentException("bound must be in [1, 2^62]. Provided value: " + n);
    }
    int k = 64 - Long.numberOfLeadingZeros(n - 1);
    while (true) {
      long u = bits(k);
      if (u < n) {
        return u;
      }
    }
  }

  /** Uniform on {0, …, n−1} by rejection sampling on ⌈log2 n⌉ bits; n ≥ 1. */
  BigInteger uniformBelow(BigInteger n) {
    if (n.signum() <= 0) {
      throw new IllegalArgumentException("bound must be >= 1. Provided value: " + n);
    }
    if (n.bitLength() <= 62) {
      return BigInteger.valueOf(uniformBelow(n.longValueExact()));
    }
    int k = n.subtract(BigInteger.ONE).bitLength();
    while (true) {
      BigInteger u = BigInteger.ZERO;
      int left = k;
      while (left > 0) {
        int chunk = Math.min(62, left);
        u = u.shiftLeft(chunk).or(BigInteger.valueOf(bits(chunk)));
        left -= chunk;
      }
      if (u.compareTo(n) < 0) {
        return u;
      }
    }
  }

  /**
   * A uniform double in [0, 1) on the grid of multiples of 2^-53 (53 fresh bits). Used where a
   * mechanism needs a continuous uniform (quantile bucket interiors, inverse CDFs); it never
   * decides a privacy-relevant comparison against a non-dyadic value.
   */
  public synchronized double nextUnitDouble() {
    return bits(53) * 0x1p-53;
  }

  /** Uniform on {0, …, n−1} for callers outside this package (synchronized). */
  public synchronized BigInteger nextBelow(BigInteger n) {
    return uniformBelow(n);
  }

  /** True with probability exactly p (lazy comparison with p's binary expansion; synchronized). */
  public synchronized boolean nextBernoulli(ExactRational p) {
    if (p.num().compareTo(p.den()) > 0) {
      throw new IllegalArgumentException("probability must be <= 1. Provided value: " + p);
    }
    return BernoulliExp.bernoulli(this, p.num(), p.den());
  }

  /** Public, synchronized uniform integer below {@code n} for callers outside this package. */
  public synchronized long nextLongBelow(long n) {
    return uniformBelow(n);
  }
}
