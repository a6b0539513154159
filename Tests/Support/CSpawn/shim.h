// Two glibc functions that its headers declare only under _GNU_SOURCE, which the Glibc module is
// built without: declared again here (the same prototypes) so that Swift can call them. Header only.
#ifndef NAVLAYOUT_CSPAWN_SHIM_H
#define NAVLAYOUT_CSPAWN_SHIM_H

#include <spawn.h>

// Closes every descriptor from `from` up in the child (glibc 2.34 and later).
extern int posix_spawn_file_actions_addclosefrom_np(posix_spawn_file_actions_t *actions, int from);
// pipe(2) with flags such as O_CLOEXEC, set atomically.
extern int pipe2(int descriptors[2], int flags);

#endif
