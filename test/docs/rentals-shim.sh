#!/usr/bin/env bash
# `rentals` in the doc test's shell blocks (test/docs/examples.test.ts): hands its arguments,
# environment, working directory and stdin to the test's process, which runs them in-process and
# answers with the exit code once it has written stdout and stderr back here.
d=$(mktemp -d "${RENTALS_DOC_RUNS:?}/run.XXXXXX") || exit 99
printf '%s\0' "$@" > "$d/args"
env -0 > "$d/env"
printf '%s' "$PWD" > "$d/cwd"
cat > "$d/stdin"
exec 3<>"/dev/tcp/127.0.0.1/${RENTALS_DOC_PORT:?}" || exit 99
printf '%s\n' "$d" >&3
read -r code <&3
exec 3>&-
cat "$d/stdout"
cat "$d/stderr" >&2
rm -rf "$d"
exit "${code:-99}"
