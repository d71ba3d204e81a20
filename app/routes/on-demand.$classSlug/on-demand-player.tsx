import { useCallback, useEffect, useRef, useState, type KeyboardEvent } from "react";
import {
  PLAYBACK_SPEEDS,
  initialViewing,
  trackViewing,
  type PlayerSignal,
  type ViewingEvent,
  type ViewingState,
} from "~/models/on-demand/viewing-progress";
import { clockTime } from "~/models/on-demand/media-time";
import { discardBody } from "~/lib/discard-body";

/**
 * The on-demand player (issue 10). The picture-and-music stream plays in a <video>; the guide's voice,
 * where the source carries it apart, in an <audio> kept in step with it, so each has its own volume.
 * HLS plays natively where the browser can, and through hls.js (loaded only then) where it can't.
 * Captions, speed and the two volumes are remembered on this device. Progress is reported while
 * playing (every REPORT_EVERY_MS), on pause, at the end and when the page is left.
 */

export interface PlayerProps {
  title: string;
  teacherName: string | null;
  poster: { src: string; width: number; height: number };
  posterColor: string;
  picture: string;
  voice: string | null;
  captions: string;
  durationSeconds: number;
  resumeAt: number;
  progressUrl: string;
  nextHref: string | null;
}

const REPORT_EVERY_MS = 10_000;
const DRIFT_SECONDS = 0.25;
const SPEEDS: readonly number[] = PLAYBACK_SPEEDS;
const PREFS_KEY = "stillhour.player";

interface Prefs {
  captions: boolean;
  voiceVolume: number;
  musicVolume: number;
  rate: number;
}
const DEFAULT_PREFS: Prefs = { captions: false, voiceVolume: 1, musicVolume: 0.6, rate: 1 };

function readPrefs(): Prefs {
  try {
    const raw = JSON.parse(window.localStorage.getItem(PREFS_KEY) ?? "{}");
    const volume = (value: unknown, fallback: number) => (typeof value === "number" && value >= 0 && value <= 1 ? value : fallback);
    return {
      captions: typeof raw.captions === "boolean" ? raw.captions : DEFAULT_PREFS.captions,
      voiceVolume: volume(raw.voiceVolume, DEFAULT_PREFS.voiceVolume),
      musicVolume: volume(raw.musicVolume, DEFAULT_PREFS.musicVolume),
      rate: SPEEDS.includes(raw.rate) ? raw.rate : DEFAULT_PREFS.rate,
    };
  } catch {
    return DEFAULT_PREFS;
  }
}

function savePrefs(prefs: Prefs) {
  try {
    window.localStorage.setItem(PREFS_KEY, JSON.stringify(prefs));
  } catch {
    // Private windows may refuse storage; the choice still holds for this page.
  }
}

type Detach = () => void;

/** Plays an HLS address in a media element: natively where possible, else with hls.js. */
async function attachHls(media: HTMLMediaElement, src: string, onFatal: () => void): Promise<Detach> {
  if (media.canPlayType("application/vnd.apple.mpegurl")) {
    media.src = src;
    return () => {
      media.removeAttribute("src");
      media.load();
    };
  }
  const { default: Hls } = await import("hls.js/light");
  if (!Hls.isSupported()) {
    onFatal();
    return () => {};
  }
  // No worker: the page's Content-Security-Policy allows no blob: scripts.
  const hls = new Hls({ enableWorker: false, capLevelToPlayerSize: true });
  hls.on(Hls.Events.ERROR, (_event, data) => {
    if (data.fatal) onFatal();
  });
  hls.loadSource(src);
  hls.attachMedia(media);
  return () => hls.destroy();
}

function newViewingId(): string {
  return typeof crypto !== "undefined" && "randomUUID" in crypto
    ? crypto.randomUUID()
    : `${Date.now()}-${Math.random().toString(36).slice(2, 12)}`;
}

export function OnDemandPlayer(props: PlayerProps) {
  const videoRef = useRef<HTMLVideoElement>(null);
  const voiceRef = useRef<HTMLAudioElement>(null);
  const [prefs, setPrefs] = useState<Prefs>(DEFAULT_PREFS);
  const [ready, setReady] = useState(false);
  // Whether the page's script has taken the player: the server's HTML has no handlers, so every
  // control (play, seek, captions, speed, volumes) stays disabled until then rather than take a press
  // that does nothing; the scripts start after the first frame (ADR 061).
  const [live, setLive] = useState(false);
  // Whether the picture's stream is attached; a press before that (hls.js still loading) waits for it.
  const attached = useRef(false);
  const playWhenAttached = useRef(false);
  const [playing, setPlaying] = useState(false);
  const [time, setTime] = useState(props.resumeAt);
  const [failed, setFailed] = useState(false);
  const [resumed, setResumed] = useState(props.resumeAt > 0);
  const [ended, setEnded] = useState(false);
  const [activeCue, setActiveCue] = useState<number>(-1);

  const tracker = useRef<ViewingState>(initialViewing());
  const viewingId = useRef<string>("");
  const viewingNumber = useRef<number>(-1);
  const seq = useRef(0);
  const lastReport = useRef(0);

  // --- progress reports -------------------------------------------------------------------------
  const report = useCallback(
    (options: { events?: ViewingEvent[]; ended?: boolean; beacon?: boolean } = {}) => {
      const video = videoRef.current;
      if (!video || !viewingId.current) return;
      seq.current += 1;
      lastReport.current = Date.now();
      const body = new URLSearchParams({
        position: String(Math.round(video.currentTime * 10) / 10),
        ended: options.ended ? "true" : "false",
        viewing: viewingId.current,
        seq: String(seq.current),
        events: (options.events ?? []).join(","),
      });
      if (options.beacon && typeof navigator.sendBeacon === "function") {
        navigator.sendBeacon(props.progressUrl, body);
        return;
      }
      fetch(props.progressUrl, { method: "POST", body, keepalive: true, credentials: "same-origin" }).then(discardBody, (error) =>
        console.warn("progress not saved", error),
      );
    },
    [props.progressUrl],
  );

  const signal = useCallback(
    (input: PlayerSignal) => {
      const { state, events } = trackViewing(tracker.current, input, props.durationSeconds);
      tracker.current = state;
      if (state.viewing !== viewingNumber.current) {
        viewingNumber.current = state.viewing;
        viewingId.current = newViewingId();
        seq.current = 0;
      }
      return events;
    },
    [props.durationSeconds],
  );

  // --- set up: preferences, streams, voice kept in step ------------------------------------------
  useEffect(() => {
    setPrefs(readPrefs());
    setLive(true);
  }, []);

  useEffect(() => {
    const video = videoRef.current;
    const voice = voiceRef.current;
    if (!video) return;
    let cancelled = false;
    const detachers: Detach[] = [];
    const fail = () => setFailed(true);
    attachHls(video, props.picture, fail)
      .then((detach) => {
        if (cancelled) return detach();
        detachers.push(detach);
        attached.current = true;
        if (playWhenAttached.current) {
          playWhenAttached.current = false;
          video.play().catch(fail);
        }
      })
      .catch(fail);
    if (voice && props.voice) {
      attachHls(voice, props.voice, fail)
        .then((detach) => (cancelled ? detach() : detachers.push(detach)))
        .catch(fail);
    }
    return () => {
      cancelled = true;
      attached.current = false;
      detachers.forEach((detach) => detach());
    };
  }, [props.picture, props.voice]);

  useEffect(() => {
    const video = videoRef.current;
    const voice = voiceRef.current;
    if (!video) return;
    const follow = () => {
      if (!voice || !props.voice) return;
      if (Math.abs(voice.currentTime - video.currentTime) > DRIFT_SECONDS) voice.currentTime = video.currentTime;
    };
    const onLoaded = () => {
      if (props.resumeAt > 0 && video.currentTime < 1) video.currentTime = props.resumeAt;
      setReady(true);
    };
    const onPlay = () => {
      setPlaying(true);
      setEnded(false);
      const events = signal({ type: "play", at: video.currentTime });
      if (voice && props.voice) {
        follow();
        voice.play().catch(() => {});
      }
      if (events.length) report({ events });
      setMediaSession(props, video);
    };
    const onPause = () => {
      setPlaying(false);
      voice?.pause();
      if (!video.ended) report();
    };
    const onTime = () => {
      setTime(video.currentTime);
      follow();
      const events = signal({ type: "time", at: video.currentTime, rate: video.playbackRate });
      if (events.length || (!video.paused && Date.now() - lastReport.current > REPORT_EVERY_MS)) report({ events });
    };
    const onSeeking = () => {
      signal({ type: "seek", at: video.currentTime });
      if (voice && props.voice) voice.currentTime = video.currentTime;
    };
    const onWaiting = () => voice?.pause();
    const onPlaying = () => {
      if (voice && props.voice && voice.paused) voice.play().catch(() => {});
    };
    const onRate = () => {
      if (voice) voice.playbackRate = video.playbackRate;
    };
    const onEnded = () => {
      setPlaying(false);
      setEnded(true);
      voice?.pause();
      const events = signal({ type: "ended", at: video.duration || props.durationSeconds });
      report({ events, ended: true });
    };
    const onLeave = () => {
      if (document.visibilityState === "hidden" && viewingId.current && !video.ended) report({ beacon: true });
    };
    const onPageHide = () => {
      if (viewingId.current && !video.ended) report({ beacon: true });
    };
    video.addEventListener("loadedmetadata", onLoaded);
    video.addEventListener("play", onPlay);
    video.addEventListener("pause", onPause);
    video.addEventListener("timeupdate", onTime);
    video.addEventListener("seeking", onSeeking);
    video.addEventListener("waiting", onWaiting);
    video.addEventListener("playing", onPlaying);
    video.addEventListener("ratechange", onRate);
    video.addEventListener("ended", onEnded);
    document.addEventListener("visibilitychange", onLeave);
    window.addEventListener("pagehide", onPageHide);
    return () => {
      video.removeEventListener("loadedmetadata", onLoaded);
      video.removeEventListener("play", onPlay);
      video.removeEventListener("pause", onPause);
      video.removeEventListener("timeupdate", onTime);
      video.removeEventListener("seeking", onSeeking);
      video.removeEventListener("waiting", onWaiting);
      video.removeEventListener("playing", onPlaying);
      video.removeEventListener("ratechange", onRate);
      video.removeEventListener("ended", onEnded);
      document.removeEventListener("visibilitychange", onLeave);
      window.removeEventListener("pagehide", onPageHide);
      // Leaving by a link inside the app: save where the member got to.
      if (viewingId.current && !video.ended && video.currentTime > 0) report({ beacon: true });
    };
  }, [props, report, signal]);

  // --- preferences applied to the elements --------------------------------------------------------
  useEffect(() => {
    const video = videoRef.current;
    const voice = voiceRef.current;
    if (!video) return;
    video.volume = prefs.musicVolume;
    video.playbackRate = prefs.rate;
    if (voice) {
      voice.volume = prefs.voiceVolume;
      voice.playbackRate = prefs.rate;
    }
    const track = video.textTracks[0];
    if (track) track.mode = prefs.captions ? "showing" : "hidden";
  }, [prefs, ready]);

  // The transcript follows the captions' cue, whether or not captions are shown.
  useEffect(() => {
    const track = videoRef.current?.textTracks[0];
    if (!track) return;
    const onCue = () => {
      const cue = track.activeCues?.[0] as (VTTCue & { id: string }) | undefined;
      if (!cue) return;
      const index = Number(cue.id) - 1;
      if (Number.isInteger(index)) setActiveCue(index);
    };
    track.addEventListener("cuechange", onCue);
    return () => track.removeEventListener("cuechange", onCue);
  }, [ready]);

  const change = (next: Partial<Prefs>) => {
    setPrefs((current) => {
      const merged = { ...current, ...next };
      savePrefs(merged);
      return merged;
    });
  };

  const toggle = () => {
    const video = videoRef.current;
    if (!video) return;
    // Pressed before the stream is attached: it starts as soon as it is (a second press takes it back).
    if (!attached.current) {
      playWhenAttached.current = !playWhenAttached.current;
      return;
    }
    if (video.paused) video.play().catch(() => setFailed(true));
    else video.pause();
  };
  const seekBy = (delta: number) => {
    const video = videoRef.current;
    if (!video) return;
    video.currentTime = Math.max(0, Math.min(video.duration || props.durationSeconds, video.currentTime + delta));
  };
  const seekTo = (at: number) => {
    const video = videoRef.current;
    if (video) video.currentTime = at;
  };

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    const target = event.target as HTMLElement;
    const inControl = target.tagName === "INPUT" || target.tagName === "SELECT";
    const onButton = target.tagName === "BUTTON";
    if (event.altKey || event.ctrlKey || event.metaKey) return;
    const key = event.key.toLowerCase();
    if ((key === " " && !onButton && !inControl) || key === "k") toggle();
    else if ((key === "arrowleft" && !inControl) || key === "j") seekBy(-10);
    else if ((key === "arrowright" && !inControl) || key === "l") seekBy(10);
    else if (key === "c") change({ captions: !prefs.captions });
    else if (key === ">" || key === ".") change({ rate: SPEEDS[Math.min(SPEEDS.length - 1, SPEEDS.indexOf(prefs.rate) + 1)] });
    else if (key === "<" || key === ",") change({ rate: SPEEDS[Math.max(0, SPEEDS.indexOf(prefs.rate) - 1)] });
    else return;
    event.preventDefault();
  };

  const duration = props.durationSeconds;
  return (
    // The group takes the player's keys while focus is on one of its own controls (the keys are listed
    // under the player); it is never focused itself, so it needs no interactive role.
    // eslint-disable-next-line jsx-a11y/no-noninteractive-element-interactions -- delegated keys, as above
    <div className="player" role="group" aria-label={`Player: ${props.title}`} onKeyDown={onKeyDown}>
      <div className="player__frame" style={{ backgroundColor: props.posterColor }}>
        <video
          ref={videoRef}
          className="player__video"
          poster={props.poster.src}
          width={props.poster.width}
          height={props.poster.height}
          playsInline
          preload="metadata"
          onClick={toggle}
          data-stream="picture"
        >
          <track kind="captions" src={props.captions} srcLang="en" label="English" />
        </video>
        {props.voice ? (
          // The voice plays in step with the video, whose captions track above carries its words.
          // eslint-disable-next-line jsx-a11y/media-has-caption -- captioned by the video's track
          <audio ref={voiceRef} preload="metadata" data-stream="voice" />
        ) : null}
      </div>
      {failed ? (
        <p className="notice notice--error" role="alert">
          This class won't play in this browser just now. Reloading the page usually helps; the transcript is below.
        </p>
      ) : null}
      {resumed && !playing && time > 0 ? (
        <p className="player__resume" role="status">
          Picking up where you left off, at {clockTime(props.resumeAt)}.{" "}
          <button
            type="button"
            className="link-button"
            disabled={!live}
            onClick={() => {
              seekTo(0);
              setResumed(false);
            }}
          >
            Start from the beginning
          </button>
        </p>
      ) : null}
      <div className="player__controls">
        <button
          type="button"
          className="button player__play"
          onClick={toggle}
          aria-label={playing ? "Pause" : "Play"}
          disabled={failed || !live}
        >
          {playing ? "Pause" : ended ? "Play again" : "Play"}
        </button>
        <label className="player__seek">
          <span className="visually-hidden">Position</span>
          <input
            type="range"
            min={0}
            max={duration}
            step={1}
            value={Math.min(duration, Math.round(time))}
            onChange={(event) => seekTo(Number(event.target.value))}
            disabled={!live}
            aria-valuetext={`${clockTime(time)} of ${clockTime(duration)}`}
          />
        </label>
        <span className="player__time" aria-hidden="true">
          {clockTime(time)} / {clockTime(duration)}
        </span>
        <button
          type="button"
          className="button button--quiet"
          aria-pressed={prefs.captions}
          disabled={!live}
          onClick={() => change({ captions: !prefs.captions })}
        >
          Captions {prefs.captions ? "on" : "off"}
        </button>
        <label className="player__speed">
          Speed
          <select value={prefs.rate} disabled={!live} onChange={(event) => change({ rate: Number(event.target.value) })}>
            {SPEEDS.map((speed) => (
              <option key={speed} value={speed}>
                {speed}×
              </option>
            ))}
          </select>
        </label>
      </div>
      <div className="player__volumes">
        {props.voice ? (
          <label>
            Voice
            <input
              type="range"
              min={0}
              max={1}
              step={0.05}
              value={prefs.voiceVolume}
              onChange={(event) => change({ voiceVolume: Number(event.target.value) })}
              disabled={!live}
              aria-valuetext={`${Math.round(prefs.voiceVolume * 100)} %`}
            />
          </label>
        ) : null}
        <label>
          {props.voice ? "Music" : "Volume"}
          <input
            type="range"
            min={0}
            max={1}
            step={0.05}
            value={prefs.musicVolume}
            onChange={(event) => change({ musicVolume: Number(event.target.value) })}
            disabled={!live}
            aria-valuetext={`${Math.round(prefs.musicVolume * 100)} %`}
          />
        </label>
      </div>
      <p className="player__keys muted">
        Keys: Space or K to play and pause, ← → or J L to move ten seconds, C for captions, &lt; &gt; for speed.
      </p>
      {ended && props.nextHref ? (
        <p className="notice notice--success" role="status">
          Well done. <a href={props.nextHref}>On to the next lesson</a>, whenever you're ready.
        </p>
      ) : null}
      <TranscriptActive index={activeCue} />
    </div>
  );
}

/** Marks the transcript's current line (the transcript itself is server-rendered below the player). */
function TranscriptActive({ index }: { index: number }) {
  useEffect(() => {
    const items = document.querySelectorAll<HTMLElement>("[data-cue]");
    items.forEach((item) => item.removeAttribute("aria-current"));
    if (index >= 0) items[index]?.setAttribute("aria-current", "true");
  }, [index]);
  return null;
}

/** Lock-screen and headset controls: what is playing, and play, pause and skip from there. */
function setMediaSession(props: PlayerProps, video: HTMLVideoElement) {
  if (typeof navigator === "undefined" || !("mediaSession" in navigator) || typeof MediaMetadata === "undefined") return;
  const session = navigator.mediaSession;
  session.metadata = new MediaMetadata({
    title: props.title,
    artist: props.teacherName ?? "Stillhour",
    album: "Stillhour on demand",
    artwork: [{ src: props.poster.src, sizes: `${props.poster.width}x${props.poster.height}` }],
  });
  const handlers: Array<[MediaSessionAction, MediaSessionActionHandler]> = [
    ["play", () => void video.play().catch(() => {})],
    ["pause", () => video.pause()],
    ["seekbackward", (details) => (video.currentTime = Math.max(0, video.currentTime - (details.seekOffset ?? 10)))],
    [
      "seekforward",
      (details) => (video.currentTime = Math.min(video.duration || props.durationSeconds, video.currentTime + (details.seekOffset ?? 10))),
    ],
    [
      "seekto",
      (details) => {
        if (details.seekTime !== undefined) video.currentTime = details.seekTime;
      },
    ],
  ];
  for (const [action, handler] of handlers) {
    try {
      session.setActionHandler(action, handler);
    } catch {
      // An action this browser does not know.
    }
  }
}
