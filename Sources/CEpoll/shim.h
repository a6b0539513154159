// epoll and eventfd are Linux interfaces that the Glibc module does not export; this header-only
// module makes them visible to Swift. Nothing is compiled here.
#ifndef NAVLAYOUT_CEPOLL_SHIM_H
#define NAVLAYOUT_CEPOLL_SHIM_H

#include <sys/epoll.h>
#include <sys/eventfd.h>
#include <errno.h>

// `errno` is a macro over a thread-local in glibc; an inline accessor keeps Swift away from it.
static inline int cepoll_errno(void) { return errno; }

// EPOLLEXCLUSIVE and friends are enum constants in glibc; plain unsigned values are easier to OR in Swift.
static const unsigned int CEPOLL_IN = EPOLLIN;
static const unsigned int CEPOLL_OUT = EPOLLOUT;
static const unsigned int CEPOLL_ERR = EPOLLERR;
static const unsigned int CEPOLL_HUP = EPOLLHUP;
static const unsigned int CEPOLL_RDHUP = EPOLLRDHUP;
static const unsigned int CEPOLL_ET = EPOLLET;
static const unsigned int CEPOLL_EXCLUSIVE = EPOLLEXCLUSIVE;

#endif
