# Times the steps of a test command, for `npm run bench` (bench/test-times.ts). Sourced by
# scripts/test.sh and scripts/test-changed.sh: start_timing <command>, step_done <step> after each
# step, save_timing <file> once everything passed (a failed run stops before it and records nothing).
start_timing() {
  timing_command="$1"
  timing_started=$(date +%s)
  timing_step_started=$timing_started
  timing_steps=""
}

step_done() {
  local now
  now=$(date +%s)
  timing_steps="${timing_steps:+$timing_steps, }\"$1\": $((now - timing_step_started))"
  timing_step_started=$now
}

save_timing() {
  mkdir -p "$(dirname "$1")"
  printf '{"command": "%s", "finishedAt": "%s", "ci": %s, "cores": %s, "totalSeconds": %s, "steps": {%s}}\n' \
    "$timing_command" "$(date -u +%Y-%m-%dT%H:%M:%SZ)" "$([ -n "${CI:-}" ] && echo true || echo false)" "$(nproc)" \
    "$(( $(date +%s) - timing_started ))" "$timing_steps" > "$1"
}
