# Sourced by bench/acoustic/run with ACOUSTIC_SERVER=pipewire: PipeWire's PulseAudio server (what
# most desktops run now) in place of PulseAudio, private to the run — pipewire, WirePlumber (it
# links each stream to its sink) and pipewire-pulse, their configuration under $work, no D-Bus.
# The players and the recording speak the pulse protocol to it unchanged.

# start_pipewire: starts the three under $XDG_RUNTIME_DIR (set by run), adding them to `pids`.
start_pipewire() {
  local config=$work/pipewire-config
  mkdir -p "$config/pipewire/pipewire.conf.d" "$config/pipewire/pipewire-pulse.conf.d" \
    "$config/wireplumber/main.lua.d" "$config/wireplumber/bluetooth.lua.d" "$work/pipewire-state"
  # 48 kHz like the sink, the stock quantum (1,024 frames; a stream asking for less lowers it).
  cat >"$config/pipewire/pipewire.conf.d/10-bench.conf" <<'EOF'
context.properties = {
    default.clock.rate = 48000
    default.clock.allowed-rates = [ 48000 ]
    support.dbus = false
}
EOF
  # parec's default fragment would be 2 s under pipewire-pulse: the recording would come in 2 s
  # batches and lose up to 2 s at its end. Mono to mono at unity gain through a loopback.
  cat >"$config/pipewire/pipewire-pulse.conf.d/10-bench.conf" <<'EOF'
context.properties = { support.dbus = false }
pulse.properties = { pulse.default.frag = 960/48000 }
stream.properties = { channelmix.normalize = true }
EOF
  # No sound cards, cameras or Bluetooth here; nothing remembered between runs; no portal (it
  # needs D-Bus, and WirePlumber 0.4 stops without one).
  cat >"$config/wireplumber/main.lua.d/51-bench.lua" <<'EOF'
alsa_monitor.enabled = false
v4l2_monitor.enabled = false
libcamera_monitor.enabled = false
stream_defaults.properties["restore-target"] = false
stream_defaults.properties["restore-props"] = false
default_access.properties["enable-flatpak-portal"] = false
EOF
  echo 'bluez_monitor.enabled = false' >"$config/wireplumber/bluetooth.lua.d/51-bench.lua"
  local daemon
  for daemon in pipewire wireplumber pipewire-pulse; do
    XDG_CONFIG_HOME=$config XDG_STATE_HOME=$work/pipewire-state DBUS_SESSION_BUS_ADDRESS= DISPLAY= \
      "$daemon" >"$work/$daemon.log" 2>&1 </dev/null &
    pids+=($!)
    if [[ $daemon == pipewire ]]; then
      for _ in $(seq 100); do [[ -S $XDG_RUNTIME_DIR/pipewire-0 ]] && break; sleep 0.05; done
    fi
  done
  # Until WirePlumber is linking streams (run then waits for pipewire-pulse to answer).
  for _ in $(seq 100); do pw-dump 2>/dev/null | grep -q '"application.name": "WirePlumber"' && break; sleep 0.1; done
}
