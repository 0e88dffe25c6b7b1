# Stands in for node:22-slim (scripts/standins/README.md): Debian's nodejs on the stand-in Debian
# base. The starter kit needs Node.js 18+ and nothing from npm.
ARG BASE
FROM ${BASE}
RUN apt-get update \
    && apt-get install -y --no-install-recommends nodejs \
    && rm -rf /var/lib/apt/lists/*
CMD ["node"]
