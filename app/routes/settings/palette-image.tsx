import { useEffect, useState } from "react";
import { loadPlaceholderColor } from "~/browser/palette.client";

interface PaletteImageProps {
  src: string;
  alt: string;
  width: number;
  height: number;
  sizes?: string;
  srcSet?: string;
  /** The dominant colour when the server already knows it (seeded images); skips the palette request. */
  color?: string;
  className?: string;
  loading?: "lazy" | "eager";
}

/**
 * An image with its size fixed (no layout shift) on a placeholder background in the image's own
 * colour: known from the server, or asked of the image service's palette once it is in the browser.
 */
export function PaletteImage({ src, alt, width, height, sizes, srcSet, color, className, loading = "lazy" }: PaletteImageProps) {
  const [placeholder, setPlaceholder] = useState(color ?? null);
  useEffect(() => {
    if (color) return;
    let active = true;
    void loadPlaceholderColor(src).then((found) => {
      if (active && found) setPlaceholder(found);
    });
    return () => {
      active = false;
    };
  }, [src, color]);
  return (
    <img
      className={["palette-image", className].filter(Boolean).join(" ")}
      src={src}
      srcSet={srcSet}
      sizes={sizes}
      alt={alt}
      width={width}
      height={height}
      loading={loading}
      decoding="async"
      style={placeholder ? { backgroundColor: placeholder } : undefined}
    />
  );
}
