#!/usr/bin/env python3
"""Checks docker-compose.yml, docker-compose.postgres.yml laid over it, and the Dockerfile without
Docker (CI runs it; no daemon needed).

    scripts/check-compose.py [--require-compose] [--bin target/debug/cardarena]

- `docker-compose config` (or `docker compose config`) validates the compose file and gives it
  normalized: relative paths made absolute, the short forms spelled out. Without either tool the
  file is read as it is, with a warning, and the overlay is not checked (merging the two is the
  tool's work); --require-compose makes that an error (CI).
- Every file that a service's command names inside a bind mount exists in the repository, and so
  does every build context, Dockerfile, and source the Dockerfile COPYs (not ignored by
  .dockerignore).
- The compose file runs the contest of scripts/contest.json, as scripts/local-tournament.sh does:
  one service per bot, named after it, running its kit with its secret (scripts/with-secret.sh on
  a volume of its own), and an organiser running scripts/organise.py with --bot NAME=URL for
  exactly those bots, the secrets' volumes mounted where it writes them, and the server's token
  volume.
- With --bin, every flag of the server's command is one `cardarena serve --help` knows.
- The server's healthcheck is `cardarena healthcheck` asking its /readyz (docs/operations.md).

docker-compose.postgres.yml laid over docker-compose.yml (`docker-compose -f docker-compose.yml -f
docker-compose.postgres.yml config`), the scaled-out contest of docs/scaling.md:
- The bots and the organiser are the first file's, unchanged; every service's build and files are
  checked as above.
- The server runs `serve --no-play` with a postgres:// --database-url, whose host is a postgres
  service (a postgres image with a healthcheck, created with the URL's user, password and
  database) that the server depends on being healthy, and with --key-file on a named volume the
  server may write (it makes the key on its first start).
- A `worker` service (at least two replicas) runs `cardarena worker` from the server's image,
  with the same --database-url, --key-file on the same volume mounted read-only, the same
  --public, --bot-concurrency and --clock-percent as the server, no published port, and depends
  on the server being healthy (the server has a healthcheck) and on postgres being healthy; it
  serves its probes on loopback (--health-addr 127.0.0.1:PORT), which its healthcheck asks.
- With --bin, every flag of the server's command is one `cardarena serve --help` knows, and every
  flag of the worker's one `cardarena worker --help` knows.

Reading YAML needs PyYAML: when this python3 lacks it, the script runs itself again with Debian's
/usr/bin/python3, which has it once `docker-compose` (or python3-yaml) is installed.
Exit status 0 when all is well, 1 with one line per problem otherwise.
"""

import argparse
import json
import os
import re
import shutil
import subprocess
import sys
import urllib.parse

try:
    import yaml
except ImportError:
    yaml = None
    for other in ("/usr/bin/python3",):
        if os.path.realpath(other) != os.path.realpath(sys.executable) and os.path.exists(other):
            found = subprocess.run([other, "-c", "import yaml"], capture_output=True)
            if found.returncode == 0:
                os.execv(other, [other, os.path.abspath(__file__), *sys.argv[1:]])
    sys.exit("check-compose: PyYAML is missing: apt-get install python3-yaml (docker-compose"
             " brings it) or pip install pyyaml")

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
COMPOSE_FILE = os.path.join(ROOT, "docker-compose.yml")
# Laid over COMPOSE_FILE: the same contest on PostgreSQL with workers.
OVERLAY_FILE = os.path.join(ROOT, "docker-compose.postgres.yml")
# Each kit: the image it runs in, its interpreter, its folder and file.
KITS = {
    "python": {"image": "python:", "run": "python3", "dir": "bots/kits/python", "file": "bot.py"},
    "js": {"image": "node:", "run": "node", "dir": "bots/kits/js", "file": "bot.js"},
}

problems = []


def problem(text):
    problems.append(text)


def compose_tool():
    if shutil.which("docker-compose"):
        return ["docker-compose"]
    if shutil.which("docker"):
        probe = subprocess.run(["docker", "compose", "version"], capture_output=True)
        if probe.returncode == 0:
            return ["docker", "compose"]
    return None


def load_compose(files, require):
    """The compose files laid over one another, as `config` validates and normalizes them. Without
    a tool (and without --require-compose) one file is read as it is, and several give None."""
    names = " -f ".join(os.path.basename(f) for f in files)
    tool = compose_tool()
    if tool is None:
        if require:
            sys.exit("check-compose: neither docker-compose nor `docker compose` is installed")
        if len(files) > 1:
            print(f"check-compose: warning: no docker-compose; -f {names} is not checked")
            return None
        print("check-compose: warning: no docker-compose; reading the file without validating it")
        with open(files[0]) as file:
            return yaml.safe_load(file)
    # A variable the files use must not be needed: they work with none set.
    env = {k: v for k, v in os.environ.items() if not k.startswith("CARDARENA_")}
    arguments = [word for f in files for word in ("-f", f)]
    done = subprocess.run([*tool, *arguments, "config"], capture_output=True, text=True,
                          cwd=ROOT, env=env)
    if done.returncode != 0 or done.stderr.strip():
        # A warning (an unset variable, say) counts too.
        sys.exit(f"check-compose: {' '.join(tool)} config refuses or warns about"
                 f" -f {names}:\n{done.stderr.strip() or done.stdout}")
    print(f"check-compose: {' '.join(tool)} -f {names} config: valid")
    return yaml.safe_load(done.stdout)


def mounts(service, normalized):
    """The service's mounts as (kind, source, target, read_only); bind sources absolute."""
    out = []
    for volume in service.get("volumes", []):
        if isinstance(volume, dict):
            kind, source, target = volume.get("type"), volume.get("source"), volume["target"]
            read_only = bool(volume.get("read_only"))
        else:
            parts = volume.split(":")
            source, target = parts[0], parts[1]
            read_only = len(parts) > 2 and "ro" in parts[2].split(",")
            kind = "bind" if source.startswith((".", "/", "~")) else "volume"
        if kind == "bind" and not os.path.isabs(source):
            source = os.path.normpath(os.path.join(ROOT, source))
        out.append((kind, source, target, read_only))
    return out


def host_path(path, service_mounts):
    """Where a container path inside a bind mount lies in the repository; None otherwise."""
    best = None
    for kind, source, target, _ in service_mounts:
        if kind == "bind" and (path == target or path.startswith(target.rstrip("/") + "/")):
            if best is None or len(target) > len(best[1]):
                best = (source, target)
    if best is None:
        return None
    return os.path.join(best[0], os.path.relpath(path, best[1]))


def command_of(name, service):
    command = service.get("command")
    if isinstance(command, str):
        problem(f"{name}: give the command as a list, not a string")
        return command.split()
    return list(command or [])


def check_referenced_files(services):
    """Every /path a command or entrypoint names inside a bind mount exists on this side."""
    for name, service in services.items():
        service_mounts = mounts(service, True)
        for kind, source, target, _ in service_mounts:
            if kind == "bind" and not os.path.exists(source):
                problem(f"{name}: the bind mount {source} -> {target} does not exist")
        words = command_of(name, service) + list(service.get("entrypoint") or [])
        for word in words:
            for part in str(word).split("="):
                if not part.startswith("/"):
                    continue
                path = host_path(part, service_mounts)
                if path is not None and not os.path.exists(path):
                    problem(f"{name}: its command names {part}, but {path} does not exist")


def dockerignore_regex(pattern):
    """A .dockerignore pattern as a regular expression: `*` and `?` stop at `/`, `**` does not."""
    out, i = "", 0
    while i < len(pattern):
        if pattern.startswith("**/", i):
            out, i = out + "(?:.*/)?", i + 3
        elif pattern.startswith("**", i):
            out, i = out + ".*", i + 2
        elif pattern[i] == "*":
            out, i = out + "[^/]*", i + 1
        elif pattern[i] == "?":
            out, i = out + "[^/]", i + 1
        else:
            out, i = out + re.escape(pattern[i]), i + 1
    return re.compile(out)


def dockerignored(path, patterns):
    """Whether .dockerignore leaves `path` (relative) out: the last pattern matching the path or
    one of its folders decides, as Docker does."""
    parts = path.split("/")
    prefixes = ["/".join(parts[:n]) for n in range(1, len(parts) + 1)]
    ignored = False
    for pattern in patterns:
        negate = pattern.startswith("!")
        regex = dockerignore_regex(os.path.normpath(pattern.lstrip("!").strip("/")))
        if any(regex.fullmatch(prefix) for prefix in prefixes):
            ignored = not negate
    return ignored


def check_build(name, service):
    build = service.get("build")
    if build is None:
        return
    if isinstance(build, str):
        build = {"context": build}
    context = build.get("context", ".")
    context = context if os.path.isabs(context) else os.path.join(ROOT, context)
    dockerfile = os.path.join(context, build.get("dockerfile", "Dockerfile"))
    if not os.path.isdir(context):
        problem(f"{name}: the build context {context} does not exist")
        return
    if not os.path.isfile(dockerfile):
        problem(f"{name}: no {dockerfile}")
        return
    patterns = []
    ignore = os.path.join(context, ".dockerignore")
    if os.path.exists(ignore):
        with open(ignore) as file:
            patterns = [line.strip() for line in file
                        if line.strip() and not line.lstrip().startswith("#")]
    with open(dockerfile) as file:
        text = file.read().replace("\\\n", " ")
    copied = 0
    for line in text.splitlines():
        words = line.split()
        if not words or words[0].upper() not in ("COPY", "ADD"):
            continue
        if any(w.startswith("--from") for w in words[1:]):
            continue
        sources = [w for w in words[1:-1] if not w.startswith("--")]
        for source in sources:
            relative = os.path.normpath(source)
            if not os.path.exists(os.path.join(context, relative)):
                problem(f"{name}: the Dockerfile copies {source}, which does not exist")
            elif dockerignored(relative, patterns):
                problem(f"{name}: the Dockerfile copies {source}, but .dockerignore leaves it out")
            copied += 1
    if not copied:
        problem(f"{name}: the Dockerfile copies nothing from the repository")
    if dockerignored("target", patterns) is False:
        problem(f"{name}: .dockerignore must leave target/ out of the build context")


def option(words, flag):
    """The values following each `flag` in a command."""
    return [words[i + 1] for i, w in enumerate(words[:-1]) if w == flag]


def check_probe(name, service, addr, default=None):
    """The service's healthcheck runs `cardarena healthcheck` on the /readyz of `addr` (HOST:PORT
    it listens on), so that the image needs no curl (docs/operations.md)."""
    test = list((service.get("healthcheck") or {}).get("test") or [])
    url = test[3] if len(test) == 4 else default
    port = addr.rsplit(":", 1)[-1]
    if test[:3] != ["CMD", "cardarena", "healthcheck"] or len(test) > 4 or url not in (
            f"http://127.0.0.1:{port}/readyz", f"http://localhost:{port}/readyz"):
        problem(f"{name}: its healthcheck should be [\"CMD\", \"cardarena\", \"healthcheck\","
                f" \"http://127.0.0.1:{port}/readyz\"] (its /readyz on {addr})")


def check_topology(services):
    with open(os.path.join(ROOT, "scripts", "contest.json")) as file:
        contest = json.load(file)
    bots = {bot["name"]: bot["kit"] for bot in contest["bots"]}
    expected = {"server", "organiser", *bots}
    if set(services) != expected:
        problem(f"the services are {sorted(services)}; scripts/contest.json asks for"
                f" {sorted(expected)} (the server, one service per bot, the organiser)")

    server = services.get("server", {})
    server_command = command_of("server", server)
    if "serve" not in server_command:
        problem("server: its command does not run `cardarena serve`")
    addr = (option(server_command, "--addr") or ["127.0.0.1:8080"])[0]
    server_port = addr.rsplit(":", 1)[-1]
    if not addr.startswith("0.0.0.0:"):
        problem(f"server: it listens on {addr}; the bots and the organiser reach it on 0.0.0.0")
    if "--public" in server_command:
        problem("server: --public refuses the bots' private addresses on the compose network")
    database = (option(server_command, "--database-url") or [""])[0]
    server_mounts = mounts(server, True)
    named = {target: source for kind, source, target, _ in server_mounts if kind == "volume"}
    if not any(database.startswith(f"sqlite://{target}/") for target in named):
        problem(f"server: the database {database!r} is not on a named volume")
    ports = [str(p.get("target")) if isinstance(p, dict) else str(p).split("/")[0].split(":")[-1]
             for p in server.get("ports", [])]
    if server_port not in ports:
        problem(f"server: port {server_port} is not published")
    check_probe("server", server, addr, default="http://127.0.0.1:8080/readyz")
    token_volume = named.get("/admin-token")
    if token_volume is None:
        problem("server: no named volume at /admin-token (docker/server-entrypoint.sh keeps the"
                " organiser's token there)")

    organiser = services.get("organiser", {})
    words = command_of("organiser", organiser)
    if not any(w.endswith("/organise.py") for w in words):
        problem("organiser: its command does not run scripts/organise.py")
    organiser_mounts = mounts(organiser, True)
    script = next((host_path(w, organiser_mounts) for w in words if w.endswith("organise.py")),
                  None)
    if script and os.path.realpath(script) != os.path.join(ROOT, "scripts", "organise.py"):
        problem(f"organiser: it runs {script}, not scripts/organise.py")
    if option(words, "--server") != [f"http://server:{server_port}"]:
        problem(f"organiser: --server should be http://server:{server_port}")
    urls = dict(w.split("=", 1) for w in option(words, "--bot"))
    if set(urls) != set(bots):
        problem(f"organiser: --bot names {sorted(urls)}; the contest's bots are {sorted(bots)}")
    secrets_dir = (option(words, "--secrets") or ["?"])[0]
    token_file = (option(words, "--admin-token-file") or ["?"])[0]
    organiser_volumes = {target: source for kind, source, target, _ in organiser_mounts
                         if kind == "volume"}
    if token_volume and organiser_volumes.get(os.path.dirname(token_file)) != token_volume:
        problem(f"organiser: --admin-token-file {token_file} is not on the server's"
                f" {token_volume} volume")
    if "organiser" in services and "server" not in (organiser.get("depends_on") or []):
        problem("organiser: it must depend on the server (which fills the token's volume first)")

    for name, kit in bots.items():
        service = services.get(name)
        if service is None:
            continue
        spec = KITS.get(kit)
        if spec is None:
            problem(f"scripts/contest.json: {name} has an unknown kit {kit!r}")
            continue
        if not str(service.get("image", "")).startswith(spec["image"]):
            problem(f"{name}: the {kit} kit runs in a {spec['image']}* image")
        environment = service.get("environment") or {}
        if isinstance(environment, list):
            environment = dict(e.split("=", 1) for e in environment)
        port = str(environment.get("PORT", "9000"))
        if environment.get("HOST") != "0.0.0.0":
            problem(f"{name}: HOST must be 0.0.0.0 for the server to reach it")
        if urls.get(name) != f"http://{name}:{port}/":
            problem(f"organiser: --bot {name}= should be http://{name}:{port}/")
        command = command_of(name, service)
        service_mounts = mounts(service, True)
        # sh /scripts/with-secret.sh /secret/secret RUN /bot/FILE
        wrapper = next((w for w in command if w.endswith("with-secret.sh")), None)
        if wrapper is None:
            problem(f"{name}: the kit must start through scripts/with-secret.sh")
            continue
        wrapper_host = host_path(wrapper, service_mounts)
        if not wrapper_host or (os.path.realpath(wrapper_host)
                                != os.path.join(ROOT, "scripts", "with-secret.sh")):
            problem(f"{name}: {wrapper} is not scripts/with-secret.sh")
        rest = command[command.index(wrapper) + 1:]
        if len(rest) != 3 or rest[1] != spec["run"]:
            problem(f"{name}: expected `with-secret.sh SECRET_FILE {spec['run']} BOT_FILE`")
            continue
        secret_file, _, bot_file = rest
        bot_host = host_path(bot_file, service_mounts)
        if not bot_host or (os.path.realpath(bot_host)
                            != os.path.join(ROOT, spec["dir"], spec["file"])):
            problem(f"{name}: {bot_file} is not {spec['dir']}/{spec['file']}")
        volumes = {target: (source, ro) for kind, source, target, ro in service_mounts
                   if kind == "volume"}
        secret_volume, read_only = volumes.get(os.path.dirname(secret_file), (None, False))
        if secret_volume is None:
            problem(f"{name}: its secret {secret_file} is not on a named volume")
            continue
        if not read_only:
            problem(f"{name}: mount its secret's volume read-only")
        if os.path.basename(secret_file) != "secret":
            problem(f"{name}: organise.py writes the secret to a file named `secret`")
        if organiser_volumes.get(f"{secrets_dir}/{name}") != secret_volume:
            problem(f"organiser: mount {name}'s secret volume {secret_volume} at"
                    f" {secrets_dir}/{name}")
        sharing = [other for other, s in services.items()
                   if other not in (name, "organiser")
                   and any(k == "volume" and src == secret_volume
                           for k, src, _, _ in mounts(s, True))]
        if sharing:
            problem(f"{name}: its secret's volume is mounted by {', '.join(sharing)} too")


def depends(service):
    """The services `service` depends on, each with the condition it waits for."""
    depends_on = service.get("depends_on") or {}
    if isinstance(depends_on, list):
        return {name: "service_started" for name in depends_on}
    return {name: (spec or {}).get("condition", "service_started")
            for name, spec in depends_on.items()}


def volume_file(path, service_mounts):
    """The named volume holding the container path `path`, with the path inside it, and whether
    it is mounted read-only; None outside every named volume."""
    best = None
    for kind, source, target, read_only in service_mounts:
        if kind == "volume" and path.startswith(target.rstrip("/") + "/"):
            if best is None or len(target) > len(best[1]):
                best = (source, target, read_only)
    if best is None:
        return None
    return best[0], os.path.relpath(path, best[1]), best[2]


def check_postgres(services, url):
    """The service the database URL's host names: a PostgreSQL with a healthcheck, made with the
    URL's user, password and database. Returns its name, or None."""
    name = url.hostname
    service = services.get(name)
    if service is None:
        problem(f"server: its database's host {name!r} is not a service of the file")
        return None
    if not str(service.get("image", "")).startswith("postgres:"):
        problem(f"{name}: the server's database runs in a postgres:* image")
    test = (service.get("healthcheck") or {}).get("test")
    if not test or test[0] == "NONE" or service["healthcheck"].get("disable"):
        problem(f"{name}: give it a healthcheck (pg_isready), so that the others wait for it")
    environment = service.get("environment") or {}
    if isinstance(environment, list):
        environment = dict(e.split("=", 1) for e in environment)
    user = environment.get("POSTGRES_USER", "postgres")
    made = (user, environment.get("POSTGRES_PASSWORD"), environment.get("POSTGRES_DB", user))
    if (url.username, url.password, url.path.lstrip("/")) != made:
        problem(f"{name}: it makes user {made[0]!r} and database {made[2]!r} (with its"
                " POSTGRES_PASSWORD); the server's --database-url names others")
    return name


def check_scaled(base, services):
    """docker-compose.postgres.yml laid over the first file (`base`, normalized alone): the server
    on PostgreSQL playing nothing, and workers playing for it (docs/scaling.md)."""
    def unordered(service):
        # `config` lists the mounts of merged files in an order of its own.
        return {**service, "volumes": sorted(map(str, service.get("volumes", [])))}
    for name, service in base.items():
        if name != "server" and unordered(services.get(name, {})) != unordered(service):
            problem(f"{name}: the overlay changes it; it should change the server only")
    server = services.get("server", {})
    words = command_of("server", server)
    if "serve" not in words or "--no-play" not in words:
        problem("server: it must run `serve --no-play`, leaving the queued matches to workers")
    if "--demo" in words:
        problem("server: no --demo: the demo cup's bots answer inside the server's container,"
                " where the workers cannot call them")
    if not server.get("healthcheck"):
        problem("server: give it a healthcheck: the workers wait for it to be healthy")
    database = (option(words, "--database-url") or [""])[0]
    url = urllib.parse.urlsplit(database)
    postgres = None
    if url.scheme not in ("postgres", "postgresql") or not url.hostname:
        problem(f"server: the database {database!r} is not a postgres:// URL")
    else:
        postgres = check_postgres(services, url)
    if postgres and depends(server).get(postgres) != "service_healthy":
        problem(f"server: it must depend on {postgres} being healthy (service_healthy)")
    key_file = (option(words, "--key-file") or [""])[0]
    key = volume_file(key_file, mounts(server, True))
    if key is None:
        problem(f"server: its --key-file {key_file!r} is not on a named volume")
    elif key[2]:
        problem("server: its key's volume must be writable (it makes the key on its first start)")

    worker = services.get("worker")
    if worker is None:
        problem("no `worker` service runs `cardarena worker`")
        return
    worker_words = command_of("worker", worker)
    if list(worker.get("entrypoint") or []) != ["cardarena"] or worker_words[:1] != ["worker"]:
        problem("worker: it must run `cardarena worker` (entrypoint [\"cardarena\"]: the"
                " image's own settles the organiser's token, which is the server's business)")
    if worker.get("image") != server.get("image") and worker.get("build") != server.get("build"):
        problem("worker: it must run the server's image")
    if option(worker_words, "--database-url") != [database]:
        problem("worker: its --database-url must be the server's")
    worker_key_file = (option(worker_words, "--key-file") or [""])[0]
    worker_key = volume_file(worker_key_file, mounts(worker, True))
    if worker_key is None or key is None or worker_key[:2] != key[:2]:
        problem(f"worker: its --key-file {worker_key_file!r} must be the server's key file, on"
                " the same named volume")
    elif not worker_key[2]:
        problem("worker: mount the key's volume read-only")
    for flag in ("--bot-concurrency", "--clock-percent"):
        if option(worker_words, flag) != option(words, flag):
            problem(f"worker: give it the server's {flag} (the cap and the clocks are shared)")
    if ("--public" in worker_words) != ("--public" in words):
        problem("worker: give it --public exactly when the server has it")
    health = option(worker_words, "--health-addr")
    if not health or not health[0].startswith("127.0.0.1:"):
        problem("worker: give it --health-addr 127.0.0.1:PORT, for its healthcheck")
    else:
        check_probe("worker", worker, health[0])
    if worker.get("ports"):
        problem("worker: it serves nothing; publish no port")
    conditions = depends(worker)
    if conditions.get("server") != "service_healthy":
        problem("worker: it must depend on the server being healthy (which makes the key file)")
    if postgres and conditions.get(postgres) != "service_healthy":
        problem(f"worker: it must depend on {postgres} being healthy")
    if int((worker.get("deploy") or {}).get("replicas", 1)) < 2:
        problem("worker: run two workers at least (deploy.replicas)")


def check_flags(binary, services, commands):
    """Every flag of each named service's command is one `cardarena SUBCOMMAND --help` lists."""
    for name, subcommand in commands.items():
        help_text = subprocess.run([binary, subcommand, "--help"], capture_output=True,
                                   text=True, check=True).stdout
        known = set(re.findall(r"--[a-z0-9][a-z0-9-]*", help_text))
        for word in command_of(name, services.get(name, {})):
            if word.startswith("--") and word.split("=", 1)[0] not in known:
                problem(f"{name}: `cardarena {subcommand}` has no {word}")


def main():
    global COMPOSE_FILE
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--require-compose", action="store_true",
                        help="fail when docker-compose is missing, instead of a warning")
    parser.add_argument("--bin", help="a built cardarena, to check the commands' flags")
    parser.add_argument("--file", default=COMPOSE_FILE, help=argparse.SUPPRESS)
    parser.add_argument("--overlay", default=OVERLAY_FILE, help=argparse.SUPPRESS)
    args = parser.parse_args()
    COMPOSE_FILE = os.path.abspath(args.file)
    compose = load_compose([COMPOSE_FILE], args.require_compose)
    services = compose.get("services") or {}
    for name, service in services.items():
        check_build(name, service)
    check_referenced_files(services)
    check_topology(services)
    if args.bin:
        check_flags(args.bin, services, {"server": "serve"})
    first = len(problems)

    overlay = os.path.abspath(args.overlay)
    scaled = load_compose([COMPOSE_FILE, overlay], args.require_compose)
    if scaled is not None:
        scaled_services = scaled.get("services") or {}
        for name, service in scaled_services.items():
            check_build(name, service)
        check_referenced_files(scaled_services)
        check_scaled(services, scaled_services)
        if args.bin:
            check_flags(args.bin, scaled_services, {"server": "serve", "worker": "worker"})
    for index, text in enumerate(problems):
        where = "" if index < first else f"{os.path.basename(overlay)}: "
        print(f"check-compose: {where}{text}")
    if problems:
        return 1
    print(f"check-compose: {len(services)} services agree with scripts/contest.json, and every"
          " file they use exists")
    if scaled is not None:
        print(f"check-compose: {os.path.basename(overlay)} runs the server on PostgreSQL with"
              f" {scaled_services['worker'].get('deploy', {}).get('replicas')} workers")
    return 0


if __name__ == "__main__":
    sys.exit(main())
