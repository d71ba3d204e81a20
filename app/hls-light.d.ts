// hls.js ships its light build (no alternate audio, subtitles, DRM or interstitials: the player needs
// none of them) without its own type file; it has the full build's API.
declare module "hls.js/light" {
  export * from "hls.js";
  export { default } from "hls.js";
}
