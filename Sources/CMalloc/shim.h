// glibc's allocator controls (mallopt) live in <malloc.h>, which the Glibc module does not export;
// this header-only module makes them visible to Swift. Nothing is compiled here.
#ifndef NAVLAYOUT_CMALLOC_SHIM_H
#define NAVLAYOUT_CMALLOC_SHIM_H

#include <malloc.h>

// The parameter numbers are macros; plain constants are easier to pass from Swift.
static const int CMALLOC_TRIM_THRESHOLD = M_TRIM_THRESHOLD;
static const int CMALLOC_MMAP_THRESHOLD = M_MMAP_THRESHOLD;

#endif
