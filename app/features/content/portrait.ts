import { mix } from "~/lib/colour";

/**
 * Generated teacher portraits (design brief: no photographs): initials on a soft radial gradient
 * in the portrait's stored dominant colour. Its palette (§7) comes from ~/services/palette.
 */

/** The initials a generated portrait shows: "Amara Eze-Holloway" gives "AE". */
export function teacherInitials(teacher: { firstName: string; lastName: string }): string {
  return `${teacher.firstName.charAt(0)}${teacher.lastName.charAt(0)}`.toUpperCase();
}

export function portraitSvg(options: { initials: string; color: string; label: string }): string {
  const base = options.color;
  const light = mix(base, "#ffffff", 0.45);
  const deep = mix(base, "#12141b", 0.35);
  const initials = escapeXml(options.initials.slice(0, 3));
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 400 400" width="400" height="400" role="img" aria-label="${escapeXml(options.label)}">
<defs><radialGradient id="g" cx="35%" cy="30%" r="80%"><stop offset="0" stop-color="${light}"/><stop offset="0.6" stop-color="${base}"/><stop offset="1" stop-color="${deep}"/></radialGradient></defs>
<rect width="400" height="400" fill="url(#g)"/>
<circle cx="300" cy="90" r="70" fill="#ffffff" opacity="0.12"/>
<text x="200" y="228" text-anchor="middle" font-family="Georgia, 'Times New Roman', serif" font-size="132" fill="#ffffff" opacity="0.92">${initials}</text>
</svg>`;
}

function escapeXml(text: string): string {
  return text.replace(/[<>&"']/g, (c) => `&#${c.charCodeAt(0)};`);
}
