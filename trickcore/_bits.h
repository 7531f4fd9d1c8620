/* Bit tricks for the kernel. With -march=native on a BMI2 machine, the n-th set bit is one PDEP
   instruction and population count is POPCNT; the portable build uses plain C that runs on any x86-64. */
#ifndef TRICKCORE_BITS_H
#define TRICKCORE_BITS_H
#include <stdint.h>
#if defined(__BMI2__)
#include <immintrin.h>
#endif
#if defined(__x86_64__) && (defined(__GNUC__) || defined(__clang__))
#include <cpuid.h>
#endif

#if defined(__POPCNT__)
static inline int tc_popcount(uint64_t m) { return __builtin_popcountll(m); }
#else
/* Without the POPCNT instruction gcc calls a library routine; this inline form is faster. */
static inline int tc_popcount(uint64_t m) {
    m = m - ((m >> 1) & 0x5555555555555555ULL);
    m = (m & 0x3333333333333333ULL) + ((m >> 2) & 0x3333333333333333ULL);
    m = (m + (m >> 4)) & 0x0F0F0F0F0F0F0F0FULL;
    return (int)((m * 0x0101010101010101ULL) >> 56);
}
#endif

/* Lowest and highest set bit (m is not 0): gcc and clang builtins, MSVC's bit-scan intrinsics. */
#if defined(_MSC_VER) && !defined(__clang__)
#include <intrin.h>
static inline int tc_ctz(uint64_t m) { unsigned long i; _BitScanForward64(&i, m); return (int)i; }

static inline int tc_clz(uint64_t m) { unsigned long i; _BitScanReverse64(&i, m); return 63 - (int)i; }
#else
static inline int tc_ctz(uint64_t m) { return __builtin_ctzll(m); }

static inline int tc_clz(uint64_t m) { return __builtin_clzll(m); }
#endif

/* Whether this processor has POPCNT, LZCNT and BMI1/2, the instructions trickcore._solver_fast is built for
   (only gcc and clang build it). Read from cpuid itself, since clang's __builtin_cpu_supports knows no "lzcnt":
   POPCNT is leaf 1 ECX bit 23, BMI1 and BMI2 leaf 7 EBX bits 3 and 8, LZCNT leaf 0x80000001 ECX bit 5. */
static inline int tc_cpu_fast_bits(void) {
#if defined(__x86_64__) && (defined(__GNUC__) || defined(__clang__))
    unsigned int a, b, c, d, popcnt, bmi;
    if ((unsigned int)__get_cpuid_max(0, 0) < 7u || (unsigned int)__get_cpuid_max(0x80000000u, 0) < 0x80000001u)
        return 0;
    __cpuid(1, a, b, c, d);
    popcnt = c >> 23 & 1;
    __cpuid_count(7, 0, a, b, c, d);
    bmi = (b >> 3 & 1) && (b >> 8 & 1);
    __cpuid(0x80000001, a, b, c, d);
    return popcnt && bmi && (c >> 5 & 1);
#else
    return 0;
#endif
}

/* select_in_byte[b * 8 + j]: position of the j-th lowest set bit of the byte b (portable select). */
static uint8_t tc_select_in_byte[256 * 8];

static inline void tc_init(void) {
    for (int b = 0; b < 256; b++) {
        int j = 0;
        for (int i = 0; i < 8; i++)
            if (b & (1 << i)) tc_select_in_byte[b * 8 + j++] = (uint8_t)i;
    }
}

/* Index of the n-th lowest set bit of m (n counts from 0; m has more than n bits set). */
static inline int tc_select(uint64_t m, int n) {
#if defined(__BMI2__)
    return __builtin_ctzll(_pdep_u64(1ULL << n, m));
#else
    /* Branch-free broadword select: byte-wise popcounts, their prefix sums, then a byte table. */
    const uint64_t ones = 0x0101010101010101ULL, highs = 0x8080808080808080ULL;
    uint64_t s = m - ((m >> 1) & 0x5555555555555555ULL);
    s = (s & 0x3333333333333333ULL) + ((s >> 2) & 0x3333333333333333ULL);
    s = (s + (s >> 4)) & 0x0F0F0F0F0F0F0F0FULL;
    uint64_t prefix = s * ones;                      /* byte i: set bits in bytes 0..i */
    uint64_t le = (((uint64_t)n * ones | highs) - prefix) & highs;   /* bytes with prefix <= n */
    int k = (int)(((le >> 7) * ones) >> 56);         /* the bit lies in byte k */
    int before = (int)(((prefix << 8) >> (8 * k)) & 0xFF);
    return 8 * k + tc_select_in_byte[((m >> (8 * k)) & 0xFF) * 8 + (n - before)];
#endif
}

static inline int tc_native(void) {
#if defined(__BMI2__)
    return 1;
#else
    return 0;
#endif
}

#endif
