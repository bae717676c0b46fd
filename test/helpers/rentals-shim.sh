#!/usr/bin/env bash
# `rentals` on the PATH of a real shell in a test (test/helpers/shell-rentals.ts): hands its
# arguments, environment, working directory and stdin to the test's process, which runs them
# in-process and answers with the exit code once it has written stdout and stderr back here.
d=$(mktemp -d "${RENTALS_SHIM_RUNS:?}/run.XXXXXX") || exit 99
printf '%s\0' "$@" > "$d/args"
env -0 > "$d/env"
printf '%s' "$PWD" > "$d/cwd"
# A terminal is not read (a completion function runs rentals with the line being typed on it).
if [ -t 0 ]; then : > "$d/stdin"; else cat > "$d/stdin"; fi
exec 3<>"/dev/tcp/127.0.0.1/${RENTALS_SHIM_PORT:?}" || exit 99
printf '%s\n' "$d" >&3
read -r code <&3
exec 3>&-
cat "$d/stdout"
cat "$d/stderr" >&2
rm -rf "$d"
exit "${code:-99}"
