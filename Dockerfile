# syntax=docker/dockerfile:1
# navlayout: build with the Swift toolchain, run on plain Ubuntu with the Swift libraries it links
# (the runtime, Foundation and the toolchain's SwiftSyntax, which reads Swift delegates) beside it.
#   docker build -t navlayout .
#   docker run -p 8080:8080 -v navlayout-data:/data -e NAVLAYOUT_ADMIN_TOKEN=... navlayout

FROM swift:6.3-noble AS build
# Packages follow the base image's release; pinning exact versions would break the build at each update.
# hadolint ignore=DL3008
RUN apt-get update \
    && apt-get install -y --no-install-recommends libsqlite3-dev libpq-dev pkg-config \
    && rm -rf /var/lib/apt/lists/*
WORKDIR /src
# The manifest names the test targets too, so their folders come along (they are not built).
COPY Package.swift ./
COPY Sources ./Sources
COPY Tests ./Tests
COPY Benchmarks ./Benchmarks
COPY Migrations ./Migrations
COPY scripts/bundle-binary.sh ./scripts/
# SwiftSyntax's libraries link the shared Swift runtime, so the runtime is linked dynamically too (one
# runtime in the process) and every Swift library goes beside the binary, where its $ORIGIN runpath
# finds it (scripts/check-portable-binary.sh proves that bundle runs with no toolchain).
RUN swift build -c release --product navlayout \
    && scripts/bundle-binary.sh "$(swift build -c release --show-bin-path)/navlayout" /staging \
    && cp -R Migrations /staging/Migrations

FROM ubuntu:24.04
# hadolint ignore=DL3008
RUN apt-get update \
    && apt-get install -y --no-install-recommends libsqlite3-0 libpq5 libstdc++6 curl \
    && rm -rf /var/lib/apt/lists/* \
    && useradd --system --uid 10001 --home-dir /data --shell /usr/sbin/nologin navlayout \
    && mkdir -p /data \
    && chown navlayout:navlayout /data
# The binary finds its migrations in the Migrations folder beside it, and its libraries beside it.
COPY --from=build /staging /opt/navlayout
ENV NAVLAYOUT_ADDRESS=0.0.0.0 \
    NAVLAYOUT_PORT=8080 \
    NAVLAYOUT_DATABASE=/data/navlayout.sqlite
VOLUME ["/data"]
WORKDIR /data
USER 10001
EXPOSE 8080
# Liveness: /healthz answers while the process serves (readiness, /readyz, is for load balancers).
HEALTHCHECK --interval=30s --timeout=3s --start-period=10s --retries=3 \
    CMD ["curl", "--fail", "--silent", "--show-error", "--output", "/dev/null", "http://127.0.0.1:8080/healthz"]
ENTRYPOINT ["/opt/navlayout/navlayout"]
CMD ["serve"]
