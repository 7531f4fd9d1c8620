/* Memory for the solver's transposition table. The table is about 100 MB read at random, so on 4 KB pages
   nearly every probe also misses the TLB; on Linux the table asks for transparent huge pages (2 MB), which
   the kernel grants for madvise'd regions in its default setting. Elsewhere it is plain zeroed memory. */
#ifndef TRICKCORE_MEMORY_H
#define TRICKCORE_MEMORY_H
#include <stdlib.h>
#include <string.h>
#if defined(__linux__)
#include <sys/mman.h>
#endif

#define TC_HUGE_PAGE ((size_t)2 << 20)

/* Zeroed memory of at least ``bytes`` bytes, or NULL; release it with free(). */
static void* tc_table_alloc(size_t bytes) {
#if defined(__linux__) && defined(MADV_HUGEPAGE)
    void* p = NULL;
    size_t rounded = (bytes + TC_HUGE_PAGE - 1) & ~(TC_HUGE_PAGE - 1);
    if (posix_memalign(&p, TC_HUGE_PAGE, rounded) != 0)
        return NULL;
    /* Only a hint: where huge pages are off or scarce the kernel keeps small pages and the table still works. */
    madvise(p, rounded, MADV_HUGEPAGE);
    memset(p, 0, rounded);
    return p;
#else
    return calloc(1, bytes);
#endif
}

#endif
