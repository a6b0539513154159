#ifndef NAVLAYOUT_CSQLITE_SHIM_H
#define NAVLAYOUT_CSQLITE_SHIM_H

#include <sqlite3.h>

// Swift cannot call C variadic functions, so each variadic sqlite3 call the Storage target needs
// gets a small fixed-signature wrapper here.

// sqlite3_db_config for the options that take (int newValue, int *currentValue).
static inline int csqlite_db_config_flag(sqlite3 *db, int option, int value, int *current) {
    return sqlite3_db_config(db, option, value, current);
}

#endif
