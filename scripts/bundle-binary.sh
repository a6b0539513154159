#!/usr/bin/env bash
# Copies a navlayout binary and the Swift libraries it links into one folder: the Swift runtime,
# Foundation and the toolchain's SwiftSyntax libraries (every library ldd resolves under a lib/swift
# folder). The binary's runpath includes $ORIGIN, and so do the libraries', so the folder runs
# anywhere with the system's own libraries (libc, libstdc++, libsqlite3, libpq), which are left to the system.
#   scripts/bundle-binary.sh .build/release/navlayout /staging
set -euo pipefail

if [ $# -ne 2 ]; then
    echo "usage: $0 BINARY FOLDER" >&2
    exit 2
fi
binary=$1
folder=$2
mkdir -p "$folder"
cp "$binary" "$folder/"
libraries=$(ldd "$binary" | awk '$3 ~ /\/lib\/swift\// { print $3 }')
if [ -z "$libraries" ]; then
    echo "$0: ldd finds no Swift library in $binary" >&2
    exit 1
fi
for library in $libraries; do
    cp -L "$library" "$folder/"
done
echo "$(echo "$libraries" | wc -l) libraries copied beside $(basename "$binary") in $folder"
