import { ArtImage } from "./art-image";

interface TeacherAvatarProps {
  /** The teacher's id: the seed of their illustrated portrait. */
  seed: string;
  fullName: string;
  /** A portrait staff uploaded; it wins over the illustration. */
  photoUrl?: string | null;
  /** The portrait's dominant colour, "#rrggbb": the photo's placeholder while it loads. */
  portraitColor: string;
  size?: number;
  /** Rounded square for the profile page; a circle everywhere else. */
  shape?: "circle" | "square";
  className?: string;
  eager?: boolean;
  /** "" where the name is beside the picture (a card); the page of the teacher names it. */
  alt?: string;
}

/**
 * A teacher's picture: the photo staff uploaded (or the seeded teachers' illustrated portrait at its
 * address), else an illustrated head and shoulders drawn from the teacher's id (design brief: shape,
 * not likeness). Every teacher has an id, so initials are never needed here.
 * Its size is fixed so nothing shifts.
 */
export function TeacherAvatar({
  seed,
  fullName,
  photoUrl,
  portraitColor,
  size = 72,
  shape = "circle",
  className,
  eager = false,
  alt = `Portrait of ${fullName}`,
}: TeacherAvatarProps) {
  const classes = `avatar avatar--${shape} ${className ?? ""}`;
  if (photoUrl) {
    return (
      <img
        className={classes}
        src={photoUrl}
        alt={alt}
        width={size}
        height={size}
        loading={eager ? "eager" : "lazy"}
        decoding="async"
        style={{ backgroundColor: portraitColor }}
      />
    );
  }
  return <ArtImage kind="portrait" seed={seed} alt={alt} className={classes} width={size} height={size} eager={eager} />;
}
