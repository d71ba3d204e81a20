import { useId } from "react";
import { mix, readableInk } from "~/lib/colour";
import { teacherInitials } from "~/features/content/portrait";

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
  const initials = teacherInitials({ firstName, lastName });
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
