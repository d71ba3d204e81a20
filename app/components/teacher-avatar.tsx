import { useId } from "react";

interface TeacherAvatarProps {
  firstName: string;
  lastName: string;
  /** The portrait's dominant colour, "#rrggbb". */
  portraitColor: string;
  size?: number;
  /** Rounded square for the profile page; a circle everywhere else. */
  shape?: "circle" | "square";
  className?: string;
}

/**
 * A generated portrait placeholder: initials on a soft radial gradient of the portrait's colour.
 * Drawn as inline SVG (colours as attributes, no inline styles) with its size fixed so nothing shifts.
 */
export function TeacherAvatar({
  firstName,
  lastName,
  portraitColor,
  size = 72,
  shape = "circle",
  className,
}: TeacherAvatarProps) {
  const id = `avatar-${useId().replace(/[^a-zA-Z0-9_-]/g, "")}`;
  const initials = `${firstName.charAt(0)}${lastName.charAt(0)}`.toUpperCase();
  const light = mix(portraitColor, "#ffffff", 0.45);
  const deep = mix(portraitColor, "#12141b", 0.35);
  const ink = readableInk(portraitColor);
  return (
    <svg
      className={["avatar", className].filter(Boolean).join(" ")}
      role="img"
      aria-label={`${firstName} ${lastName}`.trim()}
      width={size}
      height={size}
      viewBox="0 0 100 100"
    >
      <defs>
        <radialGradient id={id} cx="35%" cy="30%" r="85%">
          <stop offset="0%" stopColor={light} />
          <stop offset="55%" stopColor={portraitColor} />
          <stop offset="100%" stopColor={deep} />
        </radialGradient>
      </defs>
      <rect width="100" height="100" rx={shape === "circle" ? 50 : 0} fill={`url(#${id})`} />
      <text
        x="50"
        y="50"
        dy="0.35em"
        textAnchor="middle"
        fontSize="36"
        fill={ink}
        aria-hidden="true"
      >
        {initials}
      </text>
    </svg>
  );
}

/** Mixes two "#rrggbb" colours; amount 0 keeps `a`, 1 gives `b`. */
export function mix(a: string, b: string, amount: number): string {
  const ca = rgb(a);
  const cb = rgb(b);
  const out = ca.map((v, i) => Math.round(v + (cb[i] - v) * amount));
  return `#${out.map((v) => v.toString(16).padStart(2, "0")).join("")}`;
}

/** Dark ink or white, whichever reads better on the colour (the initials are large text). */
export function readableInk(background: string): string {
  const ink = "#1a1c22";
  const white = "#ffffff";
  return contrastRatio(ink, background) >= contrastRatio(white, background) ? ink : white;
}

function rgb(hex: string): [number, number, number] {
  const value = /^#[0-9a-fA-F]{6}$/.test(hex) ? hex : "#8fb0a2";
  return [1, 3, 5].map((i) => parseInt(value.slice(i, i + 2), 16)) as [number, number, number];
}

function luminance(hex: string): number {
  const [r, g, b] = rgb(hex).map((v) => {
    const c = v / 255;
    return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  });
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
}

export function contrastRatio(a: string, b: string): number {
  const [hi, lo] = [luminance(a), luminance(b)].sort((x, y) => y - x);
  return (hi + 0.05) / (lo + 0.05);
}
