import { PORTRAIT_SIZE, SCENE_SIZE, illustrationSrc, type ArtKind } from "~/lib/art/art";

/**
 * An item's picture in the illustration language (~/lib/illustration), from the cached picture
 * route: its size set so nothing shifts, lazy unless it is on the first screen. Decorative (empty
 * alt) unless the page gives it words.
 */
export function ArtImage({
  kind,
  seed,
  alt = "",
  className,
  eager = false,
  width,
  height,
}: {
  kind: ArtKind;
  seed: string;
  alt?: string;
  className?: string;
  eager?: boolean;
  width?: number;
  height?: number;
}) {
  const size = kind === "portrait" ? PORTRAIT_SIZE : SCENE_SIZE;
  return (
    <img
      className={`art ${className ?? ""}`}
      src={illustrationSrc(kind, seed)}
      width={width ?? size.width}
      height={height ?? size.height}
      alt={alt}
      loading={eager ? "eager" : "lazy"}
      decoding="async"
    />
  );
}
