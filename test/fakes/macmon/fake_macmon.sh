#!/bin/sh
# A stand-in for vladkens/macmon that replays a capture. Environment:
#   FAKE_MACMON_OUTPUT     file printed by `pipe` (one JSON object per line, as macmon prints)
#   FAKE_MACMON_SOC_INFO   file printed instead by `pipe ... --soc-info` (lines with a `soc`
#                          object, as macmon 0.6.1+ adds); unset: FAKE_MACMON_OUTPUT is used
#   FAKE_MACMON_NO_SOC_INFO=1  behave like macmon < 0.6.1: reject --soc-info as clap does
#   FAKE_MACMON_VERSION    printed by --version as `macmon VERSION` (default 0.8.2)
#   FAKE_MACMON_EXIT       exit code of `pipe` (default 0)
#   FAKE_MACMON_STDERR     text written to stderr by `pipe`
#   FAKE_MACMON_SLEEP      seconds to wait before answering `pipe` (for timeouts)
#   FAKE_MACMON_ARGS_LOG   file to which every invocation's arguments are appended, one line
#   FAKE_MACMON_PID_LOG    file to which every `pipe` run appends its process id
# Like real macmon, `-i MS` may come before the subcommand. `pipe` without `-s N` streams as
# real macmon does: the output file's lines again every `-i` ms, until killed.

if [ -n "$FAKE_MACMON_ARGS_LOG" ]; then
  printf '%s\n' "$*" >>"$FAKE_MACMON_ARGS_LOG"
fi

command=""
soc_info=0
samples=""
interval_ms=1000
previous=""
for arg in "$@"; do
  case "$previous" in
    -s | --samples) samples="$arg" ;;
    -i | --interval) interval_ms="$arg" ;;
  esac
  previous="$arg"
  case "$arg" in
    --version | -V)
      printf 'macmon %s\n' "${FAKE_MACMON_VERSION:-0.8.2}"
      exit 0
      ;;
    pipe | raw) command=pipe ;;
    --soc-info) soc_info=1 ;;
  esac
done

if [ "$command" != pipe ]; then
  echo "fake_macmon: only --version and pipe are faked" >&2
  exit 2
fi

if [ "$soc_info" = 1 ] && [ "$FAKE_MACMON_NO_SOC_INFO" = 1 ]; then
  printf "error: unexpected argument '--soc-info' found\n\nUsage: macmon pipe [OPTIONS]\n\nFor more information, try '--help'.\n" >&2
  exit 2
fi

if [ -n "$FAKE_MACMON_PID_LOG" ]; then
  printf '%s\n' "$$" >>"$FAKE_MACMON_PID_LOG"
fi

if [ -n "$FAKE_MACMON_SLEEP" ]; then
  # In the background with its own stdio, so that killing this script on a timeout does not
  # leave a child holding the output pipes open.
  sleep "$FAKE_MACMON_SLEEP" </dev/null >/dev/null 2>&1 &
  wait $!
fi

if [ -n "$FAKE_MACMON_STDERR" ]; then
  printf '%s\n' "$FAKE_MACMON_STDERR" >&2
fi

output="$FAKE_MACMON_OUTPUT"
if [ "$soc_info" = 1 ] && [ -n "$FAKE_MACMON_SOC_INFO" ]; then
  output="$FAKE_MACMON_SOC_INFO"
fi
if [ -z "$samples" ] && [ -n "$output" ] && [ "${FAKE_MACMON_EXIT:-0}" = 0 ]; then
  # Streaming: sleep is a child in this process group, so a group kill ends it too.
  delay=$(awk "BEGIN { print $interval_ms / 1000 }")
  while :; do
    cat "$output"
    sleep "$delay"
  done
fi
if [ -n "$output" ]; then
  cat "$output"
fi

exit "${FAKE_MACMON_EXIT:-0}"
