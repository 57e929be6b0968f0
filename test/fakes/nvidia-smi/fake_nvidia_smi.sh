#!/bin/sh
# A stand-in for nvidia-smi, driven by environment variables (POSIX sh):
#   FAKE_NVIDIA_SMI_GPU_FILE      printed for --query-gpu=...
#   FAKE_NVIDIA_SMI_APPS_FILE     printed for --query-compute-apps=... (nothing when unset)
#   FAKE_NVIDIA_SMI_EXIT          exit with this code instead, printing FAKE_NVIDIA_SMI_MESSAGE
#                                 (default: the real driver-not-loaded text of exit 9) on stdout,
#                                 then an empty line, as the real one does
#   FAKE_NVIDIA_SMI_APPS_EXIT     the same, for --query-compute-apps only
#   FAKE_NVIDIA_SMI_REJECT_FIELDS comma list of fields this "older" nvidia-smi does not know:
#                                 a --query-gpu naming one exits 2 with the real message
#   FAKE_NVIDIA_SMI_SLEEP         seconds to hang before answering (timeout tests)
#   FAKE_NVIDIA_SMI_ARGS_LOG      append each invocation's arguments, one line per run
set -u

if [ -n "${FAKE_NVIDIA_SMI_ARGS_LOG:-}" ]; then
  printf '%s\n' "$*" >>"$FAKE_NVIDIA_SMI_ARGS_LOG"
fi

if [ -n "${FAKE_NVIDIA_SMI_SLEEP:-}" ]; then
  # exec: the sleep is the process a timeout kills, so no orphan keeps stdout open.
  exec sleep "$FAKE_NVIDIA_SMI_SLEEP"
fi

fail() {
  printf '%s\n\n' "${FAKE_NVIDIA_SMI_MESSAGE:-NVIDIA-SMI has failed because it couldn't communicate with the NVIDIA driver. Make sure that the latest NVIDIA driver is installed and running.}"
  exit "$1"
}

if [ -n "${FAKE_NVIDIA_SMI_EXIT:-}" ]; then
  fail "$FAKE_NVIDIA_SMI_EXIT"
fi

print_file() {
  if [ -n "${1:-}" ]; then
    cat "$1" || exit 255
  fi
  exit 0
}

for arg in "$@"; do
  case "$arg" in
    --query-gpu=*)
      query=${arg#--query-gpu=}
      old_ifs=$IFS
      IFS=,
      for field in $query; do
        for rejected in ${FAKE_NVIDIA_SMI_REJECT_FIELDS:-}; do
          if [ "$field" = "$rejected" ]; then
            printf 'Field "%s" is not a valid field to query.\n\n' "$field"
            exit 2
          fi
        done
      done
      IFS=$old_ifs
      print_file "${FAKE_NVIDIA_SMI_GPU_FILE:-}"
      ;;
    --query-compute-apps=*)
      if [ -n "${FAKE_NVIDIA_SMI_APPS_EXIT:-}" ]; then
        fail "$FAKE_NVIDIA_SMI_APPS_EXIT"
      fi
      print_file "${FAKE_NVIDIA_SMI_APPS_FILE:-}"
      ;;
  esac
done

echo "fake nvidia-smi: no --query-gpu or --query-compute-apps in: $*" >&2
exit 2
