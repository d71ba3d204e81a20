#!/usr/bin/env node
// Makes the demo's on-demand classes (media/README.md) from the project's own words:
//
//   node scripts/make-demo-media.mjs              # every recording in scripts/demo-media/recordings.json
//   node scripts/make-demo-media.mjs settle-in    # just one
//
// For each recording: the guide's lines are spoken one by one with espeak-ng, laid out with their pauses
// (so the captions' times and the voice come from the same sums), a soft chord is generated for the
// music bed and a slow gradient for the picture (ffmpeg), and everything is packaged as HLS: the voice
// alone in voice.m3u8, the picture with the music in picture.m3u8, captions.vtt and transcript.json
// beside them, and the poster in public/images/on-demand/. Needs `apt-get install ffmpeg espeak-ng`.
import { execFileSync } from "node:child_process";
import { mkdirSync, mkdtempSync, readFileSync, readdirSync, rmSync, statSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const OUT = path.join(ROOT, "media/demo");
const POSTERS = path.join(ROOT, "public/images/on-demand");
const SAMPLE_RATE = 22050;
const LEAD_IN = 2;
const TAIL = 2;
const SEGMENT_SECONDS = 6;
const FPS = 8;

function run(command, args) {
  return execFileSync(command, args, { stdio: ["ignore", "pipe", "pipe"], maxBuffer: 64 * 1024 * 1024 });
}

for (const tool of ["ffmpeg", "ffprobe", "espeak-ng"]) {
  try {
    run(tool, tool === "espeak-ng" ? ["--version"] : ["-version"]);
  } catch {
    console.error(`${tool} is missing. Install it with: apt-get install ffmpeg espeak-ng`);
    process.exit(1);
  }
}

/** The PCM samples (16-bit mono) of a WAV file espeak-ng wrote, resampled to SAMPLE_RATE by ffmpeg. */
function speak(text, voice, rate, dir, index) {
  const raw = path.join(dir, `line-${index}.wav`);
  const pcm = path.join(dir, `line-${index}.pcm`);
  run("espeak-ng", ["-v", voice, "-s", String(rate), "-w", raw, text]);
  run("ffmpeg", ["-y", "-loglevel", "error", "-i", raw, "-ac", "1", "-ar", String(SAMPLE_RATE), "-f", "s16le", pcm]);
  return readFileSync(pcm);
}

function wavFile(pcm) {
  const header = Buffer.alloc(44);
  header.write("RIFF", 0);
  header.writeUInt32LE(36 + pcm.length, 4);
  header.write("WAVE", 8);
  header.write("fmt ", 12);
  header.writeUInt32LE(16, 16);
  header.writeUInt16LE(1, 20);
  header.writeUInt16LE(1, 22);
  header.writeUInt32LE(SAMPLE_RATE, 24);
  header.writeUInt32LE(SAMPLE_RATE * 2, 28);
  header.writeUInt16LE(2, 32);
  header.writeUInt16LE(16, 34);
  header.write("data", 36);
  header.writeUInt32LE(pcm.length, 40);
  return Buffer.concat([header, pcm]);
}

const silence = (seconds) => Buffer.alloc(Math.round(seconds * SAMPLE_RATE) * 2);
const seconds = (buffer) => buffer.length / 2 / SAMPLE_RATE;

function vttTime(value) {
  const ms = Math.round(value * 1000);
  const pad = (n, width = 2) => String(n).padStart(width, "0");
  return `${pad(Math.floor(ms / 3_600_000))}:${pad(Math.floor((ms % 3_600_000) / 60_000))}:${pad(Math.floor((ms % 60_000) / 1000))}.${pad(ms % 1000, 3)}`;
}

function hlsArgs(prefix, dir) {
  return [
    "-f",
    "hls",
    "-hls_time",
    String(SEGMENT_SECONDS),
    "-hls_playlist_type",
    "vod",
    "-hls_segment_filename",
    path.join(dir, `${prefix}-%03d.ts`),
    path.join(dir, `${prefix}.m3u8`),
  ];
}

function make(recording) {
  const work = mkdtempSync(path.join(os.tmpdir(), `media-${recording.id}-`));
  const dir = path.join(OUT, recording.id);
  rmSync(dir, { recursive: true, force: true });
  mkdirSync(dir, { recursive: true });
  try {
    // 1. The voice: each line spoken, then laid out with its pause. Cue times are the same sums.
    const parts = [silence(LEAD_IN)];
    const cues = [];
    let at = LEAD_IN;
    recording.lines.forEach((line, index) => {
      const spoken = speak(line.text, recording.voice, recording.rate, work, index);
      cues.push({ start: Math.round(at * 1000) / 1000, end: Math.round((at + seconds(spoken)) * 1000) / 1000, text: line.text });
      parts.push(spoken, silence(line.pauseAfter));
      at += seconds(spoken) + line.pauseAfter;
    });
    parts.push(silence(TAIL));
    const voicePcm = Buffer.concat(parts);
    const duration = seconds(voicePcm);
    const voiceWav = path.join(work, "voice.wav");
    writeFileSync(voiceWav, wavFile(voicePcm));

    // 2. The music bed: three soft tones of a chord, each swelling slowly, with a little echo.
    const [a, b, c] = recording.chord;
    const expression = [
      `0.10*sin(2*PI*${a}*t)*(0.65+0.35*sin(2*PI*0.05*t))`,
      `0.08*sin(2*PI*${b}*t)*(0.65+0.35*sin(2*PI*0.037*t+1.3))`,
      `0.06*sin(2*PI*${c}*t)*(0.65+0.35*sin(2*PI*0.029*t+2.1))`,
      `0.03*sin(2*PI*${a / 2}*t)`,
    ].join("+");
    const musicWav = path.join(work, "music.wav");
    run("ffmpeg", [
      "-y",
      "-loglevel",
      "error",
      "-f",
      "lavfi",
      "-i",
      `aevalsrc='${expression}':s=${SAMPLE_RATE}:d=${duration.toFixed(3)}`,
      "-af",
      `aecho=0.8:0.6:700:0.25,lowpass=f=900,afade=t=in:d=4,afade=t=out:st=${(duration - 5).toFixed(3)}:d=5`,
      "-ac",
      "1",
      "-ar",
      String(SAMPLE_RATE),
      musicWav,
    ]);

    // 3. The picture: a slow gradient, packaged with the music.
    const [c0, c1, c2] = recording.colors.map((hex) => `0x${hex.slice(1)}`);
    const picture = `gradients=s=640x360:r=${FPS}:n=3:c0=${c0}:c1=${c1}:c2=${c2}:speed=0.0015:seed=7:d=${duration.toFixed(3)}`;
    run("ffmpeg", [
      "-y",
      "-loglevel",
      "error",
      "-f",
      "lavfi",
      "-i",
      picture,
      "-i",
      musicWav,
      "-map",
      "0:v",
      "-map",
      "1:a",
      "-c:v",
      "libx264",
      "-profile:v",
      "main",
      "-preset",
      "veryslow",
      "-crf",
      "36",
      "-pix_fmt",
      "yuv420p",
      "-force_key_frames",
      `expr:gte(t,n_forced*${SEGMENT_SECONDS})`,
      "-c:a",
      "aac",
      "-b:a",
      "24k",
      "-ac",
      "1",
      "-ar",
      String(SAMPLE_RATE),
      "-t",
      duration.toFixed(3),
      ...hlsArgs("picture", dir),
    ]);

    // 4. The voice alone.
    run("ffmpeg", [
      "-y",
      "-loglevel",
      "error",
      "-i",
      voiceWav,
      "-c:a",
      "aac",
      "-b:a",
      "16k",
      "-ac",
      "1",
      "-ar",
      String(SAMPLE_RATE),
      ...hlsArgs("voice", dir),
    ]);

    // 5. Captions and transcript, from the same cues.
    const vtt = [
      "WEBVTT",
      "",
      ...cues.flatMap((cue, index) => [String(index + 1), `${vttTime(cue.start)} --> ${vttTime(cue.end)}`, cue.text, ""]),
    ].join("\n");
    writeFileSync(path.join(dir, "captions.vtt"), vtt);
    const durationSeconds = Math.round(duration);
    writeFileSync(
      path.join(dir, "transcript.json"),
      `${JSON.stringify({ id: recording.id, title: recording.title, durationSeconds, cues }, null, 2)}\n`,
    );

    // 6. The poster (public: it shows on cards), and its average colour for the placeholder.
    mkdirSync(POSTERS, { recursive: true });
    const poster = path.join(POSTERS, `${recording.id}.jpg`);
    run("ffmpeg", ["-y", "-loglevel", "error", "-f", "lavfi", "-i", picture, "-ss", "4", "-frames:v", "1", "-q:v", "6", poster]);
    const pixel = run("ffmpeg", [
      "-loglevel",
      "error",
      "-i",
      poster,
      "-vf",
      "scale=1:1:flags=area",
      "-f",
      "rawvideo",
      "-pix_fmt",
      "rgb24",
      "-",
    ]);
    const posterColor = `#${[...pixel.subarray(0, 3)].map((v) => v.toString(16).padStart(2, "0")).join("")}`;

    const size = readdirSync(dir).reduce((sum, file) => sum + statSync(path.join(dir, file)).size, 0);
    console.log(`${recording.id}: ${duration.toFixed(1)} s, ${(size / 1024).toFixed(0)} KB, ${cues.length} cues, poster ${posterColor}`);
    return { id: recording.id, title: recording.title, teacherId: recording.teacherId, durationSeconds, posterColor };
  } finally {
    rmSync(work, { recursive: true, force: true });
  }
}

const recordings = JSON.parse(readFileSync(path.join(ROOT, "scripts/demo-media/recordings.json"), "utf8"));
const only = process.argv[2];
const chosen = only ? recordings.filter((r) => r.id === only) : recordings;
if (only && chosen.length === 0) {
  console.error(`No recording called ${only}.`);
  process.exit(1);
}
mkdirSync(OUT, { recursive: true });
const indexPath = path.join(OUT, "index.json");
let index = [];
try {
  index = JSON.parse(readFileSync(indexPath, "utf8"));
} catch {
  index = [];
}
for (const recording of chosen) {
  const entry = make(recording);
  index = [...index.filter((e) => e.id !== entry.id), entry];
}
index.sort((x, y) => recordings.findIndex((r) => r.id === x.id) - recordings.findIndex((r) => r.id === y.id));
writeFileSync(indexPath, `${JSON.stringify(index, null, 2)}\n`);
const total = run("du", ["-sb", OUT]).toString().split("\t")[0];
console.log(`media/demo: ${(Number(total) / 1024 / 1024).toFixed(2)} MB in all`);
