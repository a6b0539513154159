// libpq, PostgreSQL's C client library, for Swift: Debian's libpq-dev, found by pkg-config. Header
// only; the library is linked by the module map.
#ifndef NAVLAYOUT_CLIBPQ_SHIM_H
#define NAVLAYOUT_CLIBPQ_SHIM_H

#include <libpq-fe.h>

// The error fields are character constants in postgres_ext.h, which Swift does not import.
static const int CLIBPQ_DIAG_SQLSTATE = PG_DIAG_SQLSTATE;
static const int CLIBPQ_DIAG_MESSAGE_PRIMARY = PG_DIAG_MESSAGE_PRIMARY;
static const int CLIBPQ_DIAG_MESSAGE_DETAIL = PG_DIAG_MESSAGE_DETAIL;
static const int CLIBPQ_DIAG_SEVERITY_NONLOCALIZED = PG_DIAG_SEVERITY_NONLOCALIZED;

#endif
