#!/usr/bin/env bash
# rss_run.sh BIN SECS COLSxROWS -- [PROGRAM FLAGS...]
#
# Runs the terminal program BIN in tmux at COLSxROWS with the flags given,
# writes VmRSS from /proc/PID/status, presses c (a run to convergence, or
# to the cap on passes) and writes VmRSS every 10 s for SECS seconds, then
# the screen's last lines (the status line has the pass and step reached)
# and the growth. docs/bench/memory.md, "The pass log" has the results
# (issue 34), e.g.
#
#   printf '0,0,1\n0,0,-1\n1,1,1\n-1,-1,-1\n' > /tmp/opp.csv
#   bash docs/bench/rss_run.sh /tmp/ks 60 120x40 -- --data /tmp/opp.csv --epochs 1000000000
set -u
bin=$1 secs=$2 size=$3; shift 4
cols=${size%x*} rows=${size#*x}
s=rss$$
trap 'tmux kill-session -t $s 2>/dev/null || true' EXIT
tmux new-session -d -s $s -x $cols -y $rows "exec env -u TMUX TERM=xterm-256color COLORTERM=truecolor $(printf '%q ' "$bin" "$@")"
sleep 2
pid=$(tmux list-panes -t $s -F '#{pane_pid}')
r0=$(awk '/VmRSS/{print $2}' /proc/$pid/status)
echo "pid $pid start VmRSS ${r0} kB"
tmux send-keys -t $s c
for ((i=10;i<=secs;i+=10)); do sleep 10; echo "t=${i}s VmRSS $(awk '/VmRSS/{print $2}' /proc/$pid/status) kB"; done
r1=$(awk '/VmRSS/{print $2}' /proc/$pid/status)
hwm=$(awk '/VmHWM/{print $2}' /proc/$pid/status)
tmux capture-pane -t $s -p | tail -5
echo "growth $(( (r1-r0)/1024 )) MB (HWM $hwm kB)"
