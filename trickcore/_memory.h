/* Memory for the solver's transposition table. The table is about 100 MB read at random, so on 4 KB pages
   nearly every probe also misses the TLB; on Linux the table asks for transparent huge pages (2 MB), which
   the kernel grants for madvise'd regions in its default setting. The pages are mapped lazily (an anonymous
   mapping reads as zeros), so making a solver costs nothing until its table fills. Elsewhere the table is
   plain zeroed memory. */
#ifndef TRICKCORE_MEMORY_H
#define TRICKCORE_MEMORY_H
#include <stdint.h>
#include <stdlib.h>
#if defined(__linux__)
#include <sys/mman.h>
#endif

#if defined(__linux__) && defined(MADV_HUGEPAGE)
#define TC_HUGE_PAGE ((size_t)2 << 20)

static size_t tc_table_span(size_t bytes) {
    return (bytes + TC_HUGE_PAGE - 1) & ~(TC_HUGE_PAGE - 1);
}

/* Zeroed memory of at least ``bytes`` bytes, or NULL; release it with tc_table_free. */
static void* tc_table_alloc(size_t bytes) {
    size_t span = tc_table_span(bytes), extra = span + TC_HUGE_PAGE;
    char* p = (char*)mmap(NULL, extra, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
    char* start;
    if (p == (char*)MAP_FAILED)
        return NULL;
    /* A huge page must start on a 2 MB boundary: map 2 MB more and unmap the ends. */
    start = (char*)(((uintptr_t)p + TC_HUGE_PAGE - 1) & ~(uintptr_t)(TC_HUGE_PAGE - 1));
    if (start > p)
        munmap(p, (size_t)(start - p));
    if (p + extra > start + span)
        munmap(start + span, (size_t)(p + extra - (start + span)));
    /* Only a hint: where huge pages are off or scarce the kernel keeps small pages. */
    madvise(start, span, MADV_HUGEPAGE);
    return start;
}

static void tc_table_free(void* p, size_t bytes) {
    if (p != NULL)
        munmap(p, tc_table_span(bytes));
}
#else
static void* tc_table_alloc(size_t bytes) { return calloc(1, bytes); }

static void tc_table_free(void* p, size_t bytes) { (void)bytes; free(p); }
#endif

#endif
