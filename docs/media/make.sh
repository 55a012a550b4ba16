#!/usr/bin/env bash
# Makes the README's picture and animation with the app's own screenshot tool: a middle
# game with Red's stone on b3 selected (its capture routes drawn), then b3xe3 running
# round two loops, saved frame by frame (--play) and joined into a small GIF.
#
#   apt-get install xvfb ffmpeg imagemagick mesa-vulkan-drivers && docs/media/make.sh
set -euo pipefail
cd "$(dirname "$0")/../.."
cargo build --quiet
app=target/debug/surakarta
position="bb1b1b/3b2/r1b2b/1rr1b1/6/2rr2 r 0 24"
frames=$(mktemp -d)
trap 'rm -rf "$frames"' EXIT
run() { xvfb-run -a -s "-screen 0 1280x1024x24" "$app" --size 390x844 "$@" >/dev/null; }

# The still: the stone selected, every route of its captures drawn.
run --screenshot "$frames/still.png" --fen "$position" --select b3
convert "$frames/still.png" -resize 50% -strip docs/media/board.png

# The animation: the still held, then the capture, 25 frames a second, then the result
# held; the board only (the bars cropped), two thirds of its size, one shared palette.
run --screenshot "$frames/cap.png" --fen "$position" --play b3xe3
crop="crop=390:370:0:241,scale=260:-1:flags=lanczos"
ffmpeg -loglevel error -y -loop 1 -t 1.2 -i "$frames/still.png" -framerate 25 \
    -i "$frames/cap-%03d.png" -filter_complex \
    "[0]$crop,fps=25[a];[1]$crop,tpad=stop_mode=clone:stop_duration=1.5[b];[a][b]concat=n=2:v=1,split[x][y];[x]palettegen=max_colors=48:stats_mode=diff[p];[y][p]paletteuse=dither=none:diff_mode=rectangle" \
    docs/media/capture.gif
ls -l docs/media/board.png docs/media/capture.gif
