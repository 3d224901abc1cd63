#!/usr/bin/env bash
# Puts a new release into service without turning visitors away (docs/deployment.md, Updating).
# Run `deploy/release.sh --help` for what it does and its options.
set -euo pipefail

usage() {
  cat <<'EOF'
Usage: release.sh [options] RELEASE_DIR

Puts RELEASE_DIR (a checkout of the release with its build/ and its own node_modules from
`npm ci --omit=dev`, e.g. /opt/collarise/releases/2026-12-01) into service:

  1. checks it: build/server/main.js, build/client/index.html, build/console/index.html,
     node_modules and package.json are there;
  2. adds each release's hashed assets (build/client/assets, build/console/assets) to the other's,
     never replacing a file, so that while old and new instances serve side by side a page from
     either finds its scripts and stylesheets on both;
  3. points the symlink the units run (--current) at it, atomically;
  4. restarts the instances one at a time: each drains (it answers /readyz 503 for
     SHUTDOWN_DRAIN_SECONDS while still serving, so Caddy stops sending it visitors, then
     closes), and the next is restarted only once the restarted one answers /readyz 200 and Caddy
     has had time to see it healthy again (--settle), with no failure counted against it in
     Caddy's admin API (--caddy-admin).

With several instances behind Caddy no request fails. With a single instance (the SQLite unit)
its restart is a short outage, a few seconds while it starts: several instances on Firestore
are how to avoid it (docs/deployment.md).

The previous release's folder is left in place: instances that have not been restarted yet
still run it, and it is the one to go back to (run this script with it). Remove older ones
once the new release is in service.

Options:
  --current PATH            the symlink the units' WorkingDirectory and ExecStart use
                            (default /opt/collarise/current)
  --instances "PORTS"       the instances' ports, restarted in this order (default "3001 3002";
                            "3000" for the SQLite unit)
  --host HOST               the address the instances listen on (default 127.0.0.1)
  --restart-command CMD     how to restart one instance, {port} standing for its port
                            (default "systemctl restart collarise@{port}";
                            "systemctl restart collarise" for the SQLite unit)
  --ready-timeout SECONDS   how long a restarted instance may take to answer /readyz 200
                            (default 60)
  --settle SECONDS          how long to wait after it is ready before restarting the next, for
                            Caddy's next health check to see it (default 3: deploy/Caddyfile's
                            health_interval 1s plus its health_timeout 2s)
  --caddy-admin URL|none    Caddy's admin API, asked whether it counts failures against the
                            restarted instance (default http://localhost:2019, as the Caddyfile
                            enables it on loopback; "none" to skip)
  -h, --help                this text
EOF
}

current=/opt/collarise/current
instances="3001 3002"
host=127.0.0.1
restart_command="systemctl restart collarise@{port}"
ready_timeout=60
settle=3
caddy_admin=http://localhost:2019
release=""

fail() {
  echo "release.sh: $*" >&2
  exit 1
}

while [ $# -gt 0 ]; do
  case "$1" in
    -h | --help)
      usage
      exit 0
      ;;
    --current) current=${2:?--current needs a path}; shift 2 ;;
    --instances) instances=${2:?--instances needs ports}; shift 2 ;;
    --host) host=${2:?--host needs an address}; shift 2 ;;
    --restart-command) restart_command=${2:?--restart-command needs a command}; shift 2 ;;
    --ready-timeout) ready_timeout=${2:?--ready-timeout needs seconds}; shift 2 ;;
    --settle) settle=${2:?--settle needs seconds}; shift 2 ;;
    --caddy-admin) caddy_admin=${2:?--caddy-admin needs a URL or none}; shift 2 ;;
    -*) fail "unknown option $1 (see --help)" ;;
    *)
      [ -z "$release" ] || fail "one release folder only (see --help)"
      release=$1
      shift
      ;;
  esac
done
[ -n "$release" ] || { usage >&2; exit 1; }
command -v curl >/dev/null || fail "curl is needed to ask the instances' /readyz"
for port in $instances; do
  [[ "$port" =~ ^[0-9]+$ ]] || fail "--instances: \"$port\" is not a port"
done

# --- 1. The release is complete --------------------------------------------------------------

[ -d "$release" ] || fail "$release is not a folder"
release=$(realpath "$release")
for needed in build/server/main.js build/client/index.html build/console/index.html package.json node_modules; do
  [ -e "$release/$needed" ] || fail "$release has no $needed: build the release and run npm ci --omit=dev in it first"
done

previous=""
if [ -L "$current" ]; then
  previous=$(realpath "$current")
elif [ -e "$current" ]; then
  fail "$current exists and is not a symlink: move it aside, then run this again"
fi

# --- 2. Each release serves the other's hashed assets ----------------------------------------

# Copies every file of folder $1 that folder $2 lacks; hashed names never change their content,
# so nothing is replaced.
add_missing() {
  local from=$1 to=$2 file
  [ -d "$from" ] && [ -d "$to" ] || return 0
  while IFS= read -r -d '' file; do
    if [ ! -e "$to/$file" ]; then
      mkdir -p "$(dirname "$to/$file")"
      cp -p "$from/$file" "$to/$file"
    fi
  done < <(cd "$from" && find . -type f -print0)
}

if [ -n "$previous" ] && [ "$previous" != "$release" ]; then
  for assets in build/client/assets build/console/assets; do
    add_missing "$previous/$assets" "$release/$assets"
    add_missing "$release/$assets" "$previous/$assets"
  done
fi

# --- 3. The symlink points at the release ----------------------------------------------------

# A new link under a temporary name, renamed over the old one: rename(2) is atomic, so a unit
# starting meanwhile finds either release, never no link.
ln -sfn "$release" "$current.new"
mv -T "$current.new" "$current"
echo "$current -> $release${previous:+ (was $previous)}"

# --- 4. The instances, one at a time ---------------------------------------------------------

ready() {
  curl -fsS -o /dev/null --max-time 2 "http://$host:$1/readyz" 2>/dev/null
}

# The failures Caddy counts against host:port (its passive health check), or "" when its admin
# API does not answer or does not list it.
caddy_fails() {
  curl -fsS --max-time 2 "$caddy_admin/reverse_proxy/upstreams" 2>/dev/null |
    node -e '
      let text = "";
      process.stdin.on("data", (chunk) => (text += chunk));
      process.stdin.on("end", () => {
        const found = JSON.parse(text).find((upstream) => upstream.address === process.argv[1]);
        if (found) process.stdout.write(String(found.fails));
      });' "$host:$1" 2>/dev/null || true
}

count=$(wc -w <<<"$instances")
if [ "$count" -eq 1 ]; then
  echo "One instance: visitors get errors while it restarts (a few seconds). Several instances avoid it."
fi

for port in $instances; do
  if [ "$count" -gt 1 ]; then
    others_ready=0
    for other in $instances; do
      if [ "$other" != "$port" ] && ready "$other"; then others_ready=$((others_ready + 1)); fi
    done
    [ "$others_ready" -gt 0 ] || echo "Warning: no other instance is ready: visitors get errors while $port restarts." >&2
  fi

  echo "Restarting the instance on port $port"
  started=$SECONDS
  bash -c "${restart_command//\{port\}/$port}" || fail "the restart of $port failed: $current points at $release; fix it and run this again"

  until ready "$port"; do
    [ $((SECONDS - started)) -lt "$ready_timeout" ] ||
      fail "$port is not ready after ${ready_timeout} s (http://$host:$port/readyz says why); the instances not restarted yet still run ${previous:-the previous release}"
    sleep 0.5
  done

  # Caddy asks /readyz every health_interval: until its next check it still counts the instance
  # down, and stopping the next one meanwhile would leave none to send visitors to.
  sleep "$settle"
  if [ "$caddy_admin" != none ]; then
    fails=$(caddy_fails "$port")
    if [ -z "$fails" ]; then
      echo "Caddy's admin API ($caddy_admin) does not list $host:$port: only --settle was waited for." >&2
    else
      waited=0
      # A failure counts for fail_duration; the instance takes visitors again once none does.
      while [ "$fails" != 0 ]; do
        [ "$waited" -lt "$ready_timeout" ] || fail "Caddy still counts failures against $host:$port"
        sleep 1
        waited=$((waited + 1))
        fails=$(caddy_fails "$port")
      done
    fi
  fi
  echo "The instance on port $port runs $release and takes visitors ($((SECONDS - started)) s)"
done

echo "Released $release."
if [ -n "$previous" ] && [ "$previous" != "$release" ]; then
  echo "The previous release is kept in $previous: run this script with it to go back; remove older ones."
fi
