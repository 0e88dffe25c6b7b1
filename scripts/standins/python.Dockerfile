# Stands in for python:3.12-slim (scripts/standins/README.md): Debian's python3 on the stand-in
# Debian base. The starter kit and scripts/organise.py need Python 3.9+ and its standard library.
ARG BASE
FROM ${BASE}
RUN apt-get update \
    && apt-get install -y --no-install-recommends python3 \
    && rm -rf /var/lib/apt/lists/* \
    && ln -s python3 /usr/bin/python
ENV LANG=C.UTF-8
CMD ["python3"]
