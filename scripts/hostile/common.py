"""What the hostile scenarios share: one API request, the server's memory, percentiles and the
file-descriptor limit. Stdlib only; imported by the scripts beside it."""

import http.client
import json
import resource
import urllib.parse


def call(server, method, path, body=None, token=None, source=None, forwarded=None):
    """One request to `server` (a base URL) on a connection of its own, from the loopback
    address `source` if given, naming the client `forwarded` in X-Forwarded-For if given (what a
    proxy the server trusts says): (status, the answer as JSON, or its raw bytes when it is
    not)."""
    url = urllib.parse.urlparse(server)
    source_address = (source, 0) if source else None
    connection = http.client.HTTPConnection(url.hostname, url.port or 80, timeout=60,
                                            source_address=source_address)
    headers = {}
    if body is not None:
        headers["content-type"] = "application/json"
    if token:
        headers["authorization"] = "Bearer " + token
    if forwarded:
        headers["x-forwarded-for"] = forwarded
    data = None if body is None else json.dumps(body)
    try:
        connection.request(method, path, body=data, headers=headers)
        answer = connection.getresponse()
        raw = answer.read()
    finally:
        connection.close()
    try:
        return answer.status, json.loads(raw) if raw else None
    except ValueError:
        return answer.status, raw


def rss_kb(pid):
    """The resident memory of process `pid` in KB (VmRSS), or None without a pid."""
    if not pid:
        return None
    with open(f"/proc/{pid}/status") as f:
        for line in f:
            if line.startswith("VmRSS:"):
                return int(line.split()[1])
    return None


def rss_mb(pid):
    """The same in MB, to one decimal."""
    kb = rss_kb(pid)
    return None if kb is None else round(kb / 1024, 1)


def percentile(values, p):
    """The p-th percentile of `values` (nearest rank, to 0.01), or None if there are none."""
    if not values:
        return None
    values = sorted(values)
    return round(values[min(len(values) - 1, int(len(values) * p / 100))], 2)


def raise_fd_limit():
    """Lets this process open as many descriptors as its hard limit allows."""
    _, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    resource.setrlimit(resource.RLIMIT_NOFILE, (hard, hard))
